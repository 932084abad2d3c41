#!/usr/bin/env bash
# Benchmarks the release allowance-server against SQLite ledgers of different sizes.
#
# For each ledger size (default 1k and 1M rows for Kai) it:
#   1. creates a fresh SQLite file in a temp dir and starts the server once with SEED_DEMO=1
#      (migrations + demo family), waits for GET /health, stops it;
#   2. grows Kai's ledger to N rows directly in SQLite (scripts/bench_seed.py), keeping the
#      balances and day totals consistent;
#   3. starts the server again, signs in as Kai and the parent, and runs wrk against each
#      entry of ENDPOINTS (see define_endpoints below);
#   4. stops the server and runs `allowance-server verify` on the file.
# Then prints the table and the checks (scripts/bench_report.py). Everything talks to
# 127.0.0.1 only; servers are killed on exit.
#
# Environment (all optional):
#   BIN=path          server binary (default: .build-release/release/allowance-server, built first)
#   SKIP_BUILD=1      do not run the release build (uses the existing BIN)
#   SIZES="1000 1000000"   ledger sizes (total rows of Kai's ledger); "" skips them
#   DURATION=10s THREADS=2 CONNECTIONS=32   wrk settings
#   PORT=8089         server port (127.0.0.1)
#   KEEP_WORK=1       keep the temp dir with its SQLite files (logs are always kept)
#   BUSY_LIMIT=0.25   CPU cores other processes may use during a run before it is flagged
#   LOG_LEVEL=...     passed through to the server (Vapor's default is info)
#   PAYDAY_CHILDREN=10000   children in the payday benchmark (section 5); 0 skips it
#   LEARNING_SIZES="100 10000"   Kai's learning sessions in the learning benchmark (section 6); "" skips it
#   LEARNING_REPEATS=300    requests per learning read
# Exit status: 0 when every check passes, 1 when a check or verify fails, 2 on setup errors.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOST=127.0.0.1
PORT=${PORT:-8089}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
SIZES=${SIZES-"1000 1000000"}   # empty: skip the ledger sizes
KEEP_WORK=${KEEP_WORK:-0}
BUSY_LIMIT=${BUSY_LIMIT:-0.25}   # cores other processes may use during a run before it is flagged
BASE="http://$HOST:$PORT"
PASSWORD=allowance
PARENT_EMAIL=parent@example.com
KID_EMAIL=kai@example.com
SIBLING_EMAIL=freya@example.com

# ---------------------------------------------------------------------------------------------
# ENDPOINTS: the hook where new capabilities add what they want measured.
# One entry per endpoint: "name|METHOD|path|who|json body"
#   who:   none | kai | freya | parent   (whose bearer token is sent)
#   path and body may use the placeholders {kaiChildId} {freyaChildId} {familyId}
#          {parentUserId} {kaiUserId} {kaiGoalId}, filled in after signing in.
#   body:  sent as application/json when not empty (must not contain '|').
# Entries run in order; keep writes (POST/PUT/DELETE) last so the read endpoints see exactly
# N ledger rows. bench_report.py's checks use the names health, dashboard and list.
# ---------------------------------------------------------------------------------------------
define_endpoints() {
    ENDPOINTS=(
        "health|GET|/health|none|"
        "dashboard|GET|/api/v1/dashboard/child|kai|"
        "list|GET|/api/v1/children/{kaiChildId}/transactions?limit=20|kai|"
        # Later capabilities: add read endpoints here, e.g.
        # "parent-dash|GET|/api/v1/dashboard/parent|parent|"
        "create|POST|/api/v1/transactions|parent|{\"childId\": \"{kaiChildId}\", \"amount\": 0.01, \"type\": \"Credit\", \"description\": \"bench\"}"
        # After "create", whose credits keep Kai's balance ahead of these 0.01 savings.
        "contribute|POST|/api/v1/savings-goals/{kaiGoalId}/contribute|kai|{\"amount\": 0.01}"
    )
}

log() { printf '[bench %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 2; }

# --- 1. tools ----------------------------------------------------------------------------------
ensure_wrk() {
    command -v wrk >/dev/null 2>&1 && return
    log "installing wrk"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if ! $sudo apt-get install -y wrk >/dev/null 2>&1; then
        $sudo apt-get update >/dev/null
        $sudo apt-get install -y wrk >/dev/null
    fi
    command -v wrk >/dev/null 2>&1 || die "wrk could not be installed"
}

# --- 2. release build --------------------------------------------------------------------------
ensure_binary() {
    if [ -n "${BIN:-}" ]; then
        [ -x "$BIN" ] || die "BIN=$BIN is not an executable"
        return
    fi
    BIN="$ROOT/.build-release/release/allowance-server"
    if [ "${SKIP_BUILD:-0}" != 1 ]; then
        log "building release (first build takes ~18 minutes on 2 cores; log: $WORK/build.log)"
        (cd "$ROOT" && swift build -c release --product allowance-server --scratch-path .build-release) \
            >"$WORK/build.log" 2>&1 || { tail -20 "$WORK/build.log" >&2; die "release build failed"; }
    fi
    [ -x "$BIN" ] || die "$BIN does not exist (build it or set BIN=)"
}

# --- server lifecycle --------------------------------------------------------------------------
SERVER_PID=""

start_server() { # db log
    local db=$1 logfile=$2
    if curl -s -o /dev/null --max-time 1 "$BASE/health"; then
        die "something already answers on $BASE; stop it or set PORT="
    fi
    SQLITE_PATH="$db" SEED_DEMO=1 "$BIN" serve --hostname "$HOST" --port "$PORT" >>"$logfile" 2>&1 &
    SERVER_PID=$!
    local i code
    for i in $(seq 1 240); do
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$BASE/health" || true)
        [ "$code" = 200 ] && return 0
        if ! kill -0 "$SERVER_PID" 2>/dev/null; then
            tail -20 "$logfile" >&2
            SERVER_PID=""
            die "the server exited during start-up (log: $logfile)"
        fi
        sleep 0.5
    done
    tail -20 "$logfile" >&2
    die "GET /health did not answer 200 within 120 s"
}

stop_server() {
    [ -n "$SERVER_PID" ] || return 0
    local pid=$SERVER_PID i
    SERVER_PID=""
    kill -TERM "$pid" 2>/dev/null || true
    for i in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then
        log "server $pid did not stop on TERM; killing it"
        kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
}

cleanup() {
    stop_server
    if [ -n "${WORK:-}" ] && [ -d "$WORK" ] && [ "$KEEP_WORK" != 1 ]; then
        rm -f "$WORK"/*.sqlite "$WORK"/*.sqlite-*
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- 4. sign-in and wrk ------------------------------------------------------------------------
login() { # email -> prints "token childId userId familyId"
    local body
    body=$(curl -s --max-time 30 -X POST -H 'Content-Type: application/json' \
        -d "{\"email\": \"$1\", \"password\": \"$PASSWORD\"}" "$BASE/api/v1/auth/login") || die "login as $1 failed"
    python3 -c '
import json, sys
d = json.loads(sys.argv[1])
if "token" not in d:
    sys.exit("login failed: " + sys.argv[1])
print(d["token"], d.get("childId") or "-", d.get("userId") or "-", d.get("familyId") or "-")
' "$body" || die "login as $1 failed"
}

write_lua() {
    cat >"$WORK/bench.lua" <<'LUA'
-- Static request built once from the environment (no per-request Lua cost).
local token = os.getenv("BENCH_TOKEN") or ""
local body = os.getenv("BENCH_BODY") or ""
wrk.method = os.getenv("BENCH_METHOD") or "GET"
if token ~= "" then wrk.headers["Authorization"] = "Bearer " .. token end
if body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end

-- Exact figures, one machine-readable line (latencies in microseconds).
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH_RESULT requests=%d duration_us=%d p50_us=%.0f p90_us=%.0f p99_us=%.0f max_us=%.0f status=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, e.status, e.connect, e.read, e.write, e.timeout))
end
LUA
}

declare -A TOKEN PLACEHOLDER

create_goal() { # parentToken childId -> prints the id of a new savings goal (a target never reached)
    local body
    body=$(curl -s --max-time 30 -X POST -H 'Content-Type: application/json' -H "Authorization: Bearer $1" \
        -d "{\"childId\": \"$2\", \"name\": \"Bench goal\", \"targetAmount\": 1000000}" "$BASE/api/v1/savings-goals") || return 1
    python3 -c 'import json, sys; print(json.loads(sys.argv[1])["id"])' "$body"
}

fill() { # text -> text with placeholders replaced
    local s=$1 k
    for k in "${!PLACEHOLDER[@]}"; do s=${s//"{$k}"/${PLACEHOLDER[$k]}}; done
    printf '%s' "$s"
}

run_endpoint() { # rows entry
    local rows=$1 name method path who body
    IFS='|' read -r name method path who body <<<"$2"
    path=$(fill "$path")
    body=$(fill "$body")
    local token=""
    if [ "$who" != none ]; then
        token=${TOKEN[$who]:-}
        [ -n "$token" ] || die "endpoint $name: no token for '$who'"
    fi

    # One request first, so a broken endpoint shows its answer instead of a fast stream of errors.
    local args=(-s -o "$WORK/probe.out" -w '%{http_code}' --max-time 30 -X "$method")
    [ -n "$token" ] && args+=(-H "Authorization: Bearer $token")
    [ -n "$body" ] && args+=(-H 'Content-Type: application/json' --data "$body")
    local code
    code=$(curl "${args[@]}" "$BASE$path" || true)
    if [[ "$code" != 2* ]]; then
        log "WARNING: $method $path answered $code to a single request: $(head -c 300 "$WORK/probe.out")"
    fi

    local out="$WORK/wrk-$rows-$name.txt"
    log "wrk $name: $method $path (as $who, $THREADS threads, $CONNECTIONS connections, $DURATION)"
    # CPU accounting around the run: machine-wide busy time, the server's and wrk's own. What is
    # left was used by other processes (a compiler on this 2-core machine skews every figure).
    local t0 s0 w0 t1 s1 w1 rc=0 TIMEFORMAT='%R %U %S'
    t0=$(cpu_busy_ticks); s0=$(proc_ticks "$SERVER_PID"); w0=$(date +%s.%N)
    { time BENCH_TOKEN="$token" BENCH_METHOD="$method" BENCH_BODY="$body" \
        wrk --latency -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --timeout 10s -s "$WORK/bench.lua" "$BASE$path" >"$out" 2>&1; } \
        2>"$WORK/wrk.time" || rc=$?
    t1=$(cpu_busy_ticks); s1=$(proc_ticks "$SERVER_PID"); w1=$(date +%s.%N)
    [ "$rc" = 0 ] || { cat "$out" >&2; die "wrk failed for $name"; }

    local line
    line=$(grep '^BENCH_RESULT' "$out") || { cat "$out" >&2; die "no BENCH_RESULT from wrk for $name"; }
    python3 - "$rows" "$name" "$line" "$out" "$t0 $t1 $s0 $s1 $w0 $w1 $(cat "$WORK/wrk.time")" >>"$WORK/results.tsv" <<'PY'
import os, re, sys
rows, name, line, path, cpu = sys.argv[1:6]
f = {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", line)}
text = open(path).read()
m = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", text)
non2xx = max(int(f["status"]), int(m.group(1)) if m else 0)
socket = int(f["connect"] + f["read"] + f["write"] + f["timeout"])
rps = f["requests"] / (f["duration_us"] / 1e6) if f["duration_us"] else 0.0
t0, t1, s0, s1, w0, w1, _real, wu, ws = (float(x) for x in cpu.split())
hz, wall = os.sysconf("SC_CLK_TCK"), max(w1 - w0, 1e-3)
server = (s1 - s0) / hz / wall
other = max(0.0, ((t1 - t0) / hz - (s1 - s0) / hz - (wu + ws)) / wall)
print(f"{rows}\t{name}\t{int(f['requests'])}\t{rps:.2f}\t{f['p50_us'] / 1000:.3f}\t{f['p99_us'] / 1000:.3f}\t{non2xx}\t{socket}"
      f"\t{server:.2f}\t{(wu + ws) / wall:.2f}\t{other:.2f}")
PY
    local last
    last=$(tail -1 "$WORK/results.tsv")
    IFS=$'\t' read -r _ _ req rps p50 p99 non2xx socket srv_cpu wrk_cpu other_cpu <<<"$last"
    log "  $name: $rps req/s, p50 $p50 ms, p99 $p99 ms, $req requests, non-2xx $non2xx, socket errors $socket;" \
        "CPU cores used: server $srv_cpu, wrk $wrk_cpu, others $other_cpu"
    if python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) > float(sys.argv[2]) else 1)" "$other_cpu" "$BUSY_LIMIT"; then
        log "  WARNING: other processes used $other_cpu cores during $name; its figures are skewed:"
        ps -eo pcpu=,comm= --sort=-pcpu | head -5 >&2 || true
    fi
    if [ "$non2xx" != 0 ] || [ "$socket" != 0 ]; then
        log "  WARNING: $name had $non2xx non-2xx/3xx responses and $socket socket errors"
        grep -iE 'error|warning|critical' "$SERVER_LOG" | sort | uniq -c | sort -rn | head -5 >&2 || true
    fi
}

# Busy clock ticks of the whole machine (user+nice+system+steal; interrupts left out) and of one process.
cpu_busy_ticks() { awk '/^cpu /{print $2 + $3 + $4 + $9; exit}' /proc/stat; }
proc_ticks() { if [ -r "/proc/$1/stat" ]; then sed 's/^.*) //' "/proc/$1/stat" | awk '{print $12 + $13}'; else echo 0; fi; }

# --- 3. one ledger size ------------------------------------------------------------------------
bench_size() { # rows
    local rows=$1
    local db="$WORK/ledger-$rows.sqlite"
    SERVER_LOG="$WORK/server-$rows.log"
    rm -f "$db" "$db"-*
    log "=== $rows ledger rows: $db"

    start_server "$db" "$SERVER_LOG"
    stop_server
    python3 "$ROOT/scripts/bench_seed.py" "$db" "$rows" --email "$KID_EMAIL" --creator "$PARENT_EMAIL" >&2 \
        || die "seeding $rows rows failed"
    start_server "$db" "$SERVER_LOG"

    local kai freya parent out
    out=$(login "$KID_EMAIL") || exit 2
    read -r -a kai <<<"$out"
    out=$(login "$SIBLING_EMAIL") || exit 2
    read -r -a freya <<<"$out"
    out=$(login "$PARENT_EMAIL") || exit 2
    read -r -a parent <<<"$out"
    TOKEN=([kai]=${kai[0]} [freya]=${freya[0]} [parent]=${parent[0]})
    PLACEHOLDER=([kaiChildId]=${kai[1]} [freyaChildId]=${freya[1]} [kaiUserId]=${kai[2]}
        [parentUserId]=${parent[2]} [familyId]=${parent[3]})
    PLACEHOLDER[kaiGoalId]=$(create_goal "${parent[0]}" "${kai[1]}") || die "creating the savings goal to contribute to failed"

    define_endpoints
    local entry
    for entry in "${ENDPOINTS[@]}"; do
        run_endpoint "$rows" "$entry"
    done
    # Web pages: their render time on the server, at the smallest (demo-family) size.
    if [ "$rows" = "${SIZES%% *}" ]; then
        log "web page render times ($rows rows)"
        python3 "$ROOT/scripts/bench_pages.py" "http://127.0.0.1:$PORT" "${PAGE_REPEATS:-200}" >"$WORK/pages.txt" 2>&1 || PAGES_STATUS=1
    fi

    local fivexx
    fivexx=$(grep -ciE '\[ (ERROR|CRITICAL) \]|internal server error' "$SERVER_LOG" || true)
    [ "$fivexx" = 0 ] || log "WARNING: the server logged $fivexx error lines ($SERVER_LOG)"
    stop_server

    log "verify on $rows rows"
    local vout="$WORK/verify-$rows.txt" vcode=0
    SQLITE_PATH="$db" SEED_DEMO=0 "$BIN" verify >"$vout" 2>&1 || vcode=$?
    local summary
    summary=$(grep -E '^Checked ' "$vout" | head -1 || true)
    [ -n "$summary" ] || summary=$(tail -1 "$vout")
    [ "$vcode" = 0 ] || tail -20 "$vout" >&2
    log "  verify (exit $vcode): $summary"
    printf '%s\t%s\t%s\n' "$rows" "$vcode" "$summary" >>"$WORK/verify.tsv"
    [ "$KEEP_WORK" = 1 ] || rm -f "$db" "$db"-*
}

# --- 5. payday over many children --------------------------------------------------------------
# Times `allowance-server run-jobs --at <payday>` over PAYDAY_CHILDREN children in a fresh SQLite
# file (each payday: claim, ledger credit, day totals, hooks, notification, one transaction each),
# next to inserting as many ledger rows raw into a copy of the ledger table in the same file
# (Python sqlite3, one executemany, one transaction). No server and no network: the command works
# on the file directly. Checks: every child paid once, a second run pays nobody, verify is clean.
bench_payday() {
    local n=${PAYDAY_CHILDREN:-10000}
    [ "$n" -gt 0 ] || return 0
    local db="$WORK/payday.sqlite"
    rm -f "$db" "$db"-*
    log "=== payday over $n children: $db"
    # Any command migrates the schema and, with SEED_DEMO=1, adds the demo family.
    SQLITE_PATH="$db" SEED_DEMO=1 "$BIN" verify >"$WORK/payday-setup.txt" 2>&1 \
        || { tail -20 "$WORK/payday-setup.txt" >&2; die "could not create $db"; }
    local at
    at=$(python3 "$ROOT/scripts/bench_payday.py" seed "$db" "$n") || die "seeding $n children failed"
    log "  run-jobs --at $at"
    local started ended code=0
    started=$(date +%s.%N)
    SQLITE_PATH="$db" SEED_DEMO=0 "$BIN" run-jobs --at "$at" >"$WORK/payday-run.txt" 2>&1 || code=$?
    ended=$(date +%s.%N)
    [ "$code" = 0 ] || { tail -20 "$WORK/payday-run.txt" >&2; die "run-jobs failed"; }
    local posted again raw vcode=0
    posted=$(sed -n 's/^payday: \([0-9]*\) handled.*/\1/p' "$WORK/payday-run.txt")
    SQLITE_PATH="$db" SEED_DEMO=0 "$BIN" run-jobs --at "$at" >"$WORK/payday-rerun.txt" 2>&1 || die "the second run-jobs failed"
    again=$(sed -n 's/^payday: \([0-9]*\) handled.*/\1/p' "$WORK/payday-rerun.txt")
    raw=$(python3 "$ROOT/scripts/bench_payday.py" raw "$db" "$n") || die "the raw insert failed"
    SQLITE_PATH="$db" SEED_DEMO=0 "$BIN" verify >"$WORK/payday-verify.txt" 2>&1 || vcode=$?
    local jobs
    jobs=$(sed -n 's/^Done in \([0-9.]*\) s$/\1/p' "$WORK/payday-run.txt")
    python3 - "$n" "$posted" "$again" "$started" "$ended" "$raw" "$vcode" "${jobs:-0}" >"$WORK/payday.txt" <<'PY'
import sys
n, posted, again = int(sys.argv[1]), int(sys.argv[2] or -1), int(sys.argv[3] or -1)
command = float(sys.argv[5]) - float(sys.argv[4])
raw, vcode = max(float(sys.argv[6]), 0.001), int(sys.argv[7])
run = float(sys.argv[8]) or command
print(f"payday run over {n} children: {run:.2f} s for {posted} allowances ({posted / run:.0f}/s; whole command with start-up {command:.2f} s)")
print(f"raw insert of {n} ledger rows in the same database (one transaction): {raw:.3f} s ({n / raw:.0f} rows/s)")
print(f"payday run / raw insert: {run / raw:.0f}x")
checks = [("every child paid once", posted == n), ("a second run pays nobody", again == 0), ("verify clean", vcode == 0)]
print("checks: " + ", ".join(f"{name}: {'ok' if ok else 'FAILED'}" for name, ok in checks))
sys.exit(0 if all(ok for _, ok in checks) else 1)
PY
    PAYDAY_STATUS=$?
    while IFS= read -r line; do log "  $line"; done <"$WORK/payday.txt"
    [ "$KEEP_WORK" = 1 ] || rm -f "$db" "$db"-*
}

# --- 6. learning reads over many sessions ------------------------------------------------------
# For each LEARNING_SIZES count (default 100 and 10000): a fresh SQLite file with the demo family,
# Kai's learning history replaced by that many sessions over two years (scripts/bench_learning.py
# seed), three learning goals, then LEARNING_REPEATS reads of his goal list, badges and learning
# summary, timed by the server itself (Server-Timing). Checks: under 5 ms at the largest size and
# within 1.5x of the smallest; verify clean after each size.
bench_learning() {
    local sizes=${LEARNING_SIZES:-"100 10000"} n
    [ -n "$sizes" ] || return 0
    : >"$WORK/learning.txt"
    for n in $sizes; do
        local db="$WORK/learning-$n.sqlite"
        SERVER_LOG="$WORK/server-learning-$n.log"
        rm -f "$db" "$db"-*
        log "=== learning: $n sessions for Kai: $db"
        start_server "$db" "$SERVER_LOG"
        stop_server
        python3 "$ROOT/scripts/bench_learning.py" seed "$db" "$n" --email "$KID_EMAIL" || die "seeding $n sessions failed"
        start_server "$db" "$SERVER_LOG"
        local kai parent out
        out=$(login "$KID_EMAIL") || exit 2
        read -r -a kai <<<"$out"
        out=$(login "$PARENT_EMAIL") || exit 2
        read -r -a parent <<<"$out"
        python3 "$ROOT/scripts/bench_learning.py" measure "$BASE" "${kai[0]}" "${parent[0]}" "${kai[1]}" "$n" \
            "${LEARNING_REPEATS:-300}" | tee -a "$WORK/learning.txt" >&2 || die "measuring learning reads failed"
        stop_server
        local vcode=0
        SQLITE_PATH="$db" SEED_DEMO=0 "$BIN" verify >"$WORK/learning-verify-$n.txt" 2>&1 || vcode=$?
        log "  verify (exit $vcode): $(grep -E '^Checked ' "$WORK/learning-verify-$n.txt" | head -1 || true)"
        [ "$vcode" = 0 ] || { tail -20 "$WORK/learning-verify-$n.txt" >&2; LEARNING_STATUS=1; }
        [ "$KEEP_WORK" = 1 ] || rm -f "$db" "$db"-*
    done
    python3 "$ROOT/scripts/bench_learning.py" report "$WORK/learning.txt" >"$WORK/learning-report.txt" || LEARNING_STATUS=1
}

main() {
    command -v python3 >/dev/null || die "python3 is required"
    command -v curl >/dev/null || die "curl is required"
    WORK=$(mktemp -d /tmp/allowance-bench.XXXXXX)
    log "work dir: $WORK"
    ensure_wrk
    ensure_binary
    log "binary: $BIN"
    write_lua
    : >"$WORK/results.tsv"
    : >"$WORK/verify.tsv"
    local rows
    PAGES_STATUS=0
    for rows in $SIZES; do
        bench_size "$rows"
    done
    PAYDAY_STATUS=0
    bench_payday || PAYDAY_STATUS=$?
    LEARNING_STATUS=0
    bench_learning
    local status=0
    if [ -n "$SIZES" ]; then
        python3 "$ROOT/scripts/bench_report.py" "$WORK/results.tsv" "$WORK/verify.tsv" || status=$?
    fi
    if [ -s "$WORK/pages.txt" ]; then
        echo
        cat "$WORK/pages.txt"
    fi
    [ "$PAGES_STATUS" = 0 ] || status=1
    if [ -s "$WORK/payday.txt" ]; then
        echo
        cat "$WORK/payday.txt"
    fi
    [ "$PAYDAY_STATUS" = 0 ] || status=1
    if [ -s "$WORK/learning-report.txt" ]; then
        echo
        cat "$WORK/learning-report.txt"
    fi
    [ "$LEARNING_STATUS" = 0 ] || status=1
    echo
    echo "wrk output, server logs and raw results: $WORK"
    exit "$status"
}

main "$@"
