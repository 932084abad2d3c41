#!/usr/bin/env bash
# Benchmarks the release allowance-server on SQLite and, side by side, on PostgreSQL.
#
# Sections, each run for every backend (SQLite always; PostgreSQL when PG=1, or by default
# when its server programs are installed: scripts/start-postgres.sh starts a throw-away one
# on PG_PORT, every section gets a fresh database):
#   3. ledger sizes (default 1k and 1M rows for Kai): a fresh database with the demo family,
#      Kai's ledger grown to N rows (scripts/bench_seed.py), wrk against each entry of
#      ENDPOINTS, the web pages' render times (smallest size), the server's time to its first
#      answered /health and its idle memory, then `allowance-server verify`;
#   5. payday over 10,000 children (run-jobs) next to a raw insert of as many ledger rows (and,
#      for reference, the raw writes of every row it writes);
#   6. learning reads over many sessions (SQLite only);
#   7. the mixed workload: 1,000 families of a parent and 3 children with a year of money
#      (scripts/bench_mixed_seed.py); the server's start time and idle memory; a few hundred
#      users signed in (scripts/bench_mixed.py prepare); then in one server run:
#        - the reference: GET /health alone;
#        - the mix (90 % reads, 10 % writes, scripts/bench_mixed.lua; one wrk connection per
#          thread, so each request's latency is known by kind): req/s, p50, p99 and non-2xx
#          per kind, the server's memory at its end;
#        - each read kind alone at CONNECTIONS connections, while a steady stream of the mix's
#          writes runs beside it at the write rate the mix reached (the read goal's figure:
#          req/s of that read with writes going on, against /health's, measured alone just
#          before it and just after it, the mean of the two), measured after READ_WARMUP of the
#          same load, so it is the steady state a running server is in;
#        - each write kind alone at CONNECTIONS connections (POST /transactions, contribute,
#          template use), with the raw commit rate (below) measured before and after each, the
#          server idle;
#        - the reads and the writes each TRIALS times, in rounds of every kind, a kind's
#          figure its run of the median ratio (the lower middle one of an even count);
#      then, server stopped, the section's reference for writes: the raw single-row commit
#      rate on the same database (SQLite: same file, WAL, synchronous=FULL, one
#      BEGIN/INSERT/COMMIT at a time; PostgreSQL: pgbench, one client, one INSERT per
#      transaction), and verify. Every timed run also reports the bytes written to disk during
#      it, a second and a request (the SQLite raw loop: a second and a commit).
# Then prints the per-size tables and the goals table (scripts/bench_goals.py: every figure,
# SQLite and PostgreSQL columns, reference, ratio, goal, PASS/FAIL). Everything talks to
# 127.0.0.1 only; servers (and the PostgreSQL this script started) are stopped on exit.
#
# Environment (all optional):
#   BIN=path          server binary (default: .build-release/release/allowance-server, built first)
#   SKIP_BUILD=1      do not run the release build (uses the existing BIN)
#   QUICK=1           a short run: DURATION=3s, MIX_DURATION=5s, RAW_SECONDS=3, PAGE_REPEATS=50,
#                     LEARNING_SIZES="" (each still overridable); same databases, same goals
#   PG=1|0            PostgreSQL side by side: 1 = required, 0 = skip; default: when installed
#   PG_PORT=55433     port of the PostgreSQL this script starts (PG_FRESH: any server there is replaced)
#   SIZES="1000 1000000"   ledger sizes (total rows of Kai's ledger); "" skips them
#   DURATION=10s THREADS=2 CONNECTIONS=32   wrk settings of the single-endpoint runs
#   PORT=8089         server port (127.0.0.1)
#   BACKENDS=pg       only these backends (sqlite, pg or "sqlite pg"), for focused runs; PostgreSQL is
#                     not started for BACKENDS=sqlite
#   KEEP_WORK=1       keep the temp dir with its SQLite files (logs are always kept)
#   BUSY_LIMIT=0.25   CPU cores other processes may use during a run before it is flagged
#   LOG_LEVEL=...     passed through to the server (Vapor's default is info)
#   PAYDAY_CHILDREN=10000   children in the payday benchmark (section 5); 0 skips it
#   LEARNING_SIZES="100 10000"   Kai's learning sessions in the learning benchmark (section 6); "" skips it
#   LEARNING_REPEATS=300    requests per learning read
#   MIXED=0           skip the mixed workload (section 7)
#   MIX_FAMILIES=1000 MIX_CHILDREN=3 MIX_WEEKS=52   the mixed database
#   MIX_SIGNIN=100    families whose parent and children sign in and send the load (4 users each)
#   MIX_DURATION=$DURATION MIX_CONNECTIONS=32   the mixed run (MIX_CONNECTIONS wrk threads of one connection)
#   WRITER_CONNECTIONS=16  connections of the steady writes beside each read kind: enough to hold
#                     the mix's rate while the reads keep the server busy (each write then waits
#                     tens of milliseconds; four held about three quarters of it on PostgreSQL)
#   READ_WARMUP=2s    the same read and writes, unmeasured, before each read kind's run; 0 skips it
#   READ_KINDS=1 WRITE_KINDS=1   0 skips the per-kind read runs / the write runs of section 7;
#                     a list of kinds ("page-child list") runs only those
#   TRIALS=3          runs of each read kind and each write kind of section 7, in rounds; a
#                     kind's figure is its run of the median ratio (all of them are printed)
#   RAW_SECONDS=5     length of the raw single-row commit loop
# Exit status: 0 when every check and goal passes, 1 when one fails (everything is still
# printed), 2 on setup errors.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOST=127.0.0.1
PORT=${PORT:-8089}
if [ "${QUICK:-0}" = 1 ]; then
    # Quick: shorter runs, the same databases and goals (figures are noisier, nothing is skipped
    # but the learning section, which is not one of the goals).
    DURATION=${DURATION:-3s}
    MIX_DURATION=${MIX_DURATION:-5s}
    RAW_SECONDS=${RAW_SECONDS:-3}
    PAGE_REPEATS=${PAGE_REPEATS:-50}
    LEARNING_SIZES=${LEARNING_SIZES-""}
fi
DURATION=${DURATION:-10s}
MIX_DURATION=${MIX_DURATION:-$DURATION}
RAW_SECONDS=${RAW_SECONDS:-5}
MIXED=${MIXED:-1}
MIX_FAMILIES=${MIX_FAMILIES:-1000}
MIX_CHILDREN=${MIX_CHILDREN:-3}
MIX_WEEKS=${MIX_WEEKS:-52}
MIX_SIGNIN=${MIX_SIGNIN:-100}
MIX_CONNECTIONS=${MIX_CONNECTIONS:-32}
WRITER_CONNECTIONS=${WRITER_CONNECTIONS:-16}
READ_WARMUP=${READ_WARMUP:-2s}
READ_KINDS=${READ_KINDS:-1}
TRIALS=${TRIALS:-3}
[[ $TRIALS =~ ^[1-9][0-9]*$ ]] || { echo "bench: TRIALS must be a positive whole number (it is \"$TRIALS\")" >&2; exit 2; }
WRITE_KINDS=${WRITE_KINDS:-1}
PG_PORT=${PG_PORT:-55433}
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
        # The stylesheet every page links to (24 KB, served from memory, `Assets`).
        "stylesheet|GET|/css/app.css|none|"
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

# --- databases ---------------------------------------------------------------------------------
# fresh_db BACKEND NAME: a new empty database for one section. Sets DB_ENV (the environment the
# server and its commands get), SEED_TARGET (how the Python seeders name it: a path or --pg URL)
# and DB_LABEL. SQLite: a file in the work dir; PostgreSQL: a database on the bench's server.
fresh_db() {
    local backend=$1 name=$2
    if [ "$backend" = sqlite ]; then
        DB_PATH="$WORK/$name.sqlite"
        rm -f "$DB_PATH" "$DB_PATH"-*
        DB_ENV=(SQLITE_PATH="$DB_PATH" DATABASE_URL=)
        SEED_TARGET=("$DB_PATH")
        DB_LABEL=$DB_PATH
    else
        pg_admin -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" -c "CREATE DATABASE $name OWNER allowance" \
            || die "could not create PostgreSQL database $name"
        DB_URL="postgres://allowance:allowance@127.0.0.1:$PG_PORT/$name"
        DB_ENV=(DATABASE_URL="$DB_URL")
        SEED_TARGET=(--pg "$DB_URL")
        DB_LABEL=$DB_URL
    fi
}

drop_db() { # backend name: frees the space of a finished section (unless KEEP_WORK=1)
    [ "$KEEP_WORK" = 1 ] && return 0
    if [ "$1" = sqlite ]; then rm -f "$WORK/$2.sqlite" "$WORK/$2.sqlite"-*; else pg_admin -c "DROP DATABASE IF EXISTS $2 WITH (FORCE)" || true; fi
}

pg_admin() { psql -X -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 "$@" >/dev/null; }

# Settles what a seeding left behind before anything is measured, as a database that has been
# serving for a while is. On PostgreSQL, VACUUM marks the new rows visible to all (autovacuum
# does it about a minute after a bulk load, which put its reads and writes in the middle of the
# mixed load's later runs) and CHECKPOINT writes out the loaded pages; on both, `sync` flushes
# the files the seeding wrote, which the kernel would otherwise write back during the runs.
settle_db() {
    if [ "$BACKEND" != sqlite ]; then
        psql -X -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "${DB_URL##*/}" -v ON_ERROR_STOP=1 -c "VACUUM" >/dev/null \
            || die "VACUUM after seeding failed"
        pg_admin -c "CHECKPOINT" || die "CHECKPOINT after seeding failed"
    fi
    sync
}

# The server's commands (verify, run-jobs) on the current database.
server_command() { env "${DB_ENV[@]}" SEED_DEMO=0 "$BIN" "$@"; }

PG_STARTED=0
start_postgres() {
    if [ "${PG:-auto}" = 0 ]; then return 1; fi
    if ! command -v psql >/dev/null || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
        [ "${PG:-auto}" = 1 ] && die "PG=1 but PostgreSQL is not installed (apt-get install -y postgresql)"
        log "PostgreSQL is not installed: SQLite only (PG=1 requires it)"
        return 1
    fi
    log "starting PostgreSQL on 127.0.0.1:$PG_PORT (scripts/start-postgres.sh)"
    PG_PORT=$PG_PORT PG_FRESH=1 PG_DB=allowance_bench bash "$ROOT/scripts/start-postgres.sh" >/dev/null 2>"$WORK/postgres.log" \
        || { cat "$WORK/postgres.log" >&2; die "PostgreSQL did not start"; }
    PG_STARTED=1
    local datadir
    datadir=$(cat "${TMPDIR:-/tmp}/allowance-postgres-${PG_PORT}.datadir" 2>/dev/null || true)
    PG_POSTMASTER=$(head -1 "$datadir/postmaster.pid" 2>/dev/null || true)
    [ -n "$PG_POSTMASTER" ] || log "WARNING: PostgreSQL's postmaster not found: its CPU is counted with the others"
    command -v pgbench >/dev/null || die "pgbench (the PostgreSQL raw-commit reference) is missing"
}

# --- server lifecycle --------------------------------------------------------------------------
SERVER_PID=""
READY_S=""

# start_server LOG [SEED_DEMO]: starts the server on the current database (DB_ENV), waits for
# GET /health to answer 200 and sets READY_S: seconds from the start of the process to that
# first 200 (polled every 5 ms by bench_mixed.py wait-ready).
start_server() {
    local logfile=$1 seed=${2:-1}
    if curl -s -o /dev/null --max-time 1 "$BASE/health"; then
        die "something already answers on $BASE; stop it or set PORT="
    fi
    local t0
    t0=$(date +%s.%N)
    env "${DB_ENV[@]}" SEED_DEMO="$seed" "$BIN" serve --hostname "$HOST" --port "$PORT" >>"$logfile" 2>&1 &
    SERVER_PID=$!
    if ! READY_S=$(python3 "$ROOT/scripts/bench_mixed.py" wait-ready "$BASE/health" "$SERVER_PID" "$t0" --timeout 120); then
        tail -20 "$logfile" >&2
        kill -KILL "$SERVER_PID" 2>/dev/null || true
        SERVER_PID=""
        die "the server did not answer GET /health with 200 (log: $logfile)"
    fi
}

server_rss() { python3 "$ROOT/scripts/bench_mixed.py" rss "$SERVER_PID" 2>/dev/null || echo 0; }

# figure BACKEND KEY VALUE: one line of the goals report's input.
figure() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$WORK/figures.tsv"; }

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
    [ -z "${WRITER_PID:-}" ] || kill "$WRITER_PID" 2>/dev/null || true
    if [ "$PG_STARTED" = 1 ]; then
        PG_PORT=$PG_PORT bash "$ROOT/scripts/stop-postgres.sh" >/dev/null 2>&1 || true
    fi
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

    local out="$WORK/wrk-$BACKEND-$rows-$name.txt"
    log "wrk $name: $method $path (as $who, $THREADS threads, $CONNECTIONS connections, $DURATION)"
    # CPU accounting around the run: machine-wide busy time, the server's and wrk's own. What is
    # left was used by other processes (a compiler on this 2-core machine skews every figure).
    local t0 s0 w0 t1 s1 w1 d0 d1 rc=0 TIMEFORMAT='%R %U %S'
    t0=$(cpu_busy_ticks); s0=$(proc_ticks "$SERVER_PID"); d0=$(db_ticks); w0=$(date +%s.%N)
    { time BENCH_TOKEN="$token" BENCH_METHOD="$method" BENCH_BODY="$body" \
        wrk --latency -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --timeout 10s -s "$WORK/bench.lua" "$BASE$path" >"$out" 2>&1; } \
        2>"$WORK/wrk.time" || rc=$?
    t1=$(cpu_busy_ticks); s1=$(proc_ticks "$SERVER_PID"); d1=$(db_ticks); w1=$(date +%s.%N)
    [ "$rc" = 0 ] || { cat "$out" >&2; die "wrk failed for $name"; }

    local line
    line=$(grep '^BENCH_RESULT' "$out") || { cat "$out" >&2; die "no BENCH_RESULT from wrk for $name"; }
    python3 - "$rows" "$name" "$line" "$out" "$t0 $t1 $s0 $s1 $w0 $w1 $(cat "$WORK/wrk.time") $d0 $d1" >>"$WORK/results-$BACKEND.tsv" <<'PY'
import os, re, sys
rows, name, line, path, cpu = sys.argv[1:6]
f = {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", line)}
text = open(path).read()
m = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", text)
non2xx = max(int(f["status"]), int(m.group(1)) if m else 0)
socket = int(f["connect"] + f["read"] + f["write"] + f["timeout"])
rps = f["requests"] / (f["duration_us"] / 1e6) if f["duration_us"] else 0.0
t0, t1, s0, s1, w0, w1, _real, wu, ws, d0, d1 = (float(x) for x in cpu.split())
hz, wall = os.sysconf("SC_CLK_TCK"), max(w1 - w0, 1e-3)
server = (s1 - s0) / hz / wall
database = (d1 - d0) / hz / wall  # PostgreSQL's processes (0 on SQLite, which runs inside the server)
other = max(0.0, ((t1 - t0) / hz - (s1 - s0) / hz - (wu + ws) - (d1 - d0) / hz) / wall)
print(f"{rows}\t{name}\t{int(f['requests'])}\t{rps:.2f}\t{f['p50_us'] / 1000:.3f}\t{f['p99_us'] / 1000:.3f}\t{non2xx}\t{socket}"
      f"\t{server:.2f}\t{(wu + ws) / wall:.2f}\t{other:.2f}\t{database:.2f}")
PY
    local last
    last=$(tail -1 "$WORK/results-$BACKEND.tsv")
    IFS=$'\t' read -r _ _ req rps p50 p99 non2xx socket srv_cpu wrk_cpu other_cpu db_cpu <<<"$last"
    log "  $name: $rps req/s, p50 $p50 ms, p99 $p99 ms, $req requests, non-2xx $non2xx, socket errors $socket;" \
        "CPU cores used: server $srv_cpu, wrk $wrk_cpu, $([ "$BACKEND" != pg ] || echo "postgres $db_cpu, ")others $other_cpu"
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
# Bytes written to every disk so far (scripts/bench_mixed.py disk-written): what a write costs
# the disk, which on a machine with slow flushes is the write's limit.
disk_written_bytes() { python3 "$ROOT/scripts/bench_mixed.py" disk-written; }

# Busy ticks of the bench's PostgreSQL: its postmaster and that one's children (not another
# cluster's, such as the tests' on 55432). 0 on SQLite, which runs inside the server.
db_ticks() {
    if [ "${BACKEND:-sqlite}" != pg ] || [ -z "${PG_POSTMASTER:-}" ]; then echo 0; return; fi
    local pid sum=0 t
    for pid in "$PG_POSTMASTER" $(pgrep -P "$PG_POSTMASTER" || true); do
        t=$(proc_ticks "$pid")
        sum=$((sum + ${t:-0}))
    done
    echo "$sum"
}

# --- 3. one ledger size ------------------------------------------------------------------------
bench_size() { # rows (on BACKEND)
    local rows=$1
    fresh_db "$BACKEND" "ledger_$rows"
    SERVER_LOG="$WORK/server-$BACKEND-$rows.log"
    log "=== $BACKEND: $rows ledger rows: $DB_LABEL"

    start_server "$SERVER_LOG"
    stop_server
    python3 "$ROOT/scripts/bench_seed.py" "${SEED_TARGET[@]}" "$rows" --email "$KID_EMAIL" --creator "$PARENT_EMAIL" >&2 \
        || die "seeding $rows rows failed"
    settle_db
    start_server "$SERVER_LOG"
    # Start and memory: time to the first answered /health on this ledger, RSS once it is idle.
    sleep 2
    local rss
    rss=$(server_rss)
    figure "$BACKEND" "start.ready_s.$rows" "$READY_S"
    figure "$BACKEND" "rss.idle.$rows" "$rss"
    log "  ready in $READY_S s (first 200 from /health); idle RSS $rss MB"

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
        python3 "$ROOT/scripts/bench_pages.py" "http://127.0.0.1:$PORT" "${PAGE_REPEATS:-200}" >"$WORK/pages-$BACKEND.txt" 2>&1 || PAGES_STATUS=1
    fi

    local fivexx
    fivexx=$(grep -ciE '\[ (ERROR|CRITICAL) \]|internal server error' "$SERVER_LOG" || true)
    [ "$fivexx" = 0 ] || log "WARNING: the server logged $fivexx error lines ($SERVER_LOG)"
    stop_server

    log "verify on $rows rows"
    local vout="$WORK/verify-$BACKEND-$rows.txt" vcode=0
    server_command verify >"$vout" 2>&1 || vcode=$?
    local summary
    summary=$(grep -E '^Checked ' "$vout" | head -1 || true)
    [ -n "$summary" ] || summary=$(tail -1 "$vout")
    [ "$vcode" = 0 ] || tail -20 "$vout" >&2
    log "  verify (exit $vcode): $summary"
    printf '%s\t%s\t%s\n' "$rows" "$vcode" "$summary" >>"$WORK/verify-$BACKEND.tsv"
    figure "$BACKEND" "verify.ledger_$rows" "$vcode"
    drop_db "$BACKEND" "ledger_$rows"
}

# --- 5. payday over many children --------------------------------------------------------------
# Times `allowance-server run-jobs --at <payday>` over PAYDAY_CHILDREN children in a fresh
# database (each payday: claim, ledger credit, day totals, hooks, notification; the figure is
# the payday job's own time, as run-jobs prints it, the other jobs of the run beside it), next to
# inserting as many ledger rows raw into a copy of the ledger table in the same database
# (SQLite: Python sqlite3, one executemany, one transaction; PostgreSQL: one INSERT ... SELECT,
# one transaction; the fastest of three; scripts/bench_payday.py), and for reference the raw
# writes of every row it writes (`bench_payday.py raw-all`). No server and no network:
# the command works on the database directly. Checks: every child paid once, a second run pays nobody, verify is clean.
bench_payday() {
    local n=${PAYDAY_CHILDREN:-10000}
    [ "$n" -gt 0 ] || return 0
    fresh_db "$BACKEND" payday
    log "=== $BACKEND: payday over $n children: $DB_LABEL"
    # Any command migrates the schema and, with SEED_DEMO=1, adds the demo family.
    env "${DB_ENV[@]}" SEED_DEMO=1 "$BIN" verify >"$WORK/payday-setup-$BACKEND.txt" 2>&1 \
        || { tail -20 "$WORK/payday-setup-$BACKEND.txt" >&2; die "could not create the payday database"; }
    local at
    at=$(python3 "$ROOT/scripts/bench_payday.py" seed "${SEED_TARGET[@]}" "$n") || die "seeding $n children failed"
    settle_db
    log "  run-jobs --at $at"
    local started ended code=0
    started=$(date +%s.%N)
    server_command run-jobs --at "$at" >"$WORK/payday-run-$BACKEND.txt" 2>&1 || code=$?
    ended=$(date +%s.%N)
    [ "$code" = 0 ] || { tail -20 "$WORK/payday-run-$BACKEND.txt" >&2; die "run-jobs failed"; }
    local posted again raw vcode=0
    posted=$(sed -n 's/^payday: \([0-9]*\) handled.*/\1/p' "$WORK/payday-run-$BACKEND.txt")
    server_command run-jobs --at "$at" >"$WORK/payday-rerun-$BACKEND.txt" 2>&1 || die "the second run-jobs failed"
    again=$(sed -n 's/^payday: \([0-9]*\) handled.*/\1/p' "$WORK/payday-rerun-$BACKEND.txt")
    raw=$(python3 "$ROOT/scripts/bench_payday.py" raw "${SEED_TARGET[@]}" "$n") || die "the raw insert failed"
    # For reference: the raw writes of every row a payday writes (ledger rows, notifications,
    # day totals and balances, each into a copy of its table), the floor of any payday.
    local raw_all
    raw_all=$(python3 "$ROOT/scripts/bench_payday.py" raw-all "${SEED_TARGET[@]}" "$n") || die "the raw writes failed"
    server_command verify >"$WORK/payday-verify-$BACKEND.txt" 2>&1 || vcode=$?
    # The payday job's own time (run-jobs times each job), and all the run's jobs for reference.
    local payday_s jobs
    payday_s=$(sed -n 's/^payday: [0-9]* handled in \([0-9.]*\) s.*/\1/p' "$WORK/payday-run-$BACKEND.txt")
    jobs=$(sed -n 's/^Done in \([0-9.]*\) s$/\1/p' "$WORK/payday-run-$BACKEND.txt")
    local status=0
    python3 - "$n" "$posted" "$again" "$started" "$ended" "$raw" "$vcode" "${payday_s:-0}" "$BACKEND" "$WORK/figures.tsv" "${jobs:-0}" "$raw_all" \
        >"$WORK/payday-$BACKEND.txt" <<'PY' || status=$?
import sys
n, posted, again = int(sys.argv[1]), int(sys.argv[2] or -1), int(sys.argv[3] or -1)
command = float(sys.argv[5]) - float(sys.argv[4])
raw, vcode = max(float(sys.argv[6]), 0.001), int(sys.argv[7])
run = float(sys.argv[8]) or command
backend, figures, jobs, raw_all = sys.argv[9], sys.argv[10], float(sys.argv[11]), max(float(sys.argv[12]), 0.001)
print(f"{backend}: payday over {n} children: {run:.2f} s for {posted} allowances ({posted / run:.0f}/s; all the run's jobs"
      f" {jobs:.2f} s, the whole command with start-up {command:.2f} s)")
print(f"{backend}: raw insert of {n} ledger rows in the same database (one transaction, the fastest of three): {raw:.3f} s ({n / raw:.0f} rows/s)")
print(f"{backend}: payday run / raw insert: {run / raw:.0f}x")
print(f"{backend}: raw writes of all it writes (ledger rows, notifications, day totals, balances; the fastest of three):"
      f" {raw_all:.3f} s; payday run / raw writes: {run / raw_all:.1f}x")
checks = [("every child paid once", posted == n), ("a second run pays nobody", again == 0), ("verify clean", vcode == 0)]
print(f"{backend}: checks: " + ", ".join(f"{name}: {'ok' if ok else 'FAILED'}" for name, ok in checks))
with open(figures, "a") as f:
    f.write(f"{backend}\tpayday.children\t{n}\n{backend}\tpayday.run_s\t{run:.3f}\n{backend}\tpayday.raw_s\t{raw:.4f}\n"
            f"{backend}\tpayday.raw_all_s\t{raw_all:.4f}\n{backend}\tpayday.checks_ok\t{int(all(ok for _, ok in checks))}\n")
sys.exit(0 if all(ok for _, ok in checks) else 1)
PY
    [ "$status" = 0 ] || PAYDAY_STATUS=1
    while IFS= read -r line; do log "  $line"; done <"$WORK/payday-$BACKEND.txt"
    drop_db "$BACKEND" payday
}

# --- 6. learning reads over many sessions ------------------------------------------------------
# For each LEARNING_SIZES count (default 100 and 10000): a fresh SQLite file with the demo family,
# Kai's learning history replaced by that many sessions over two years (scripts/bench_learning.py
# seed), three learning goals, then LEARNING_REPEATS reads of his goal list, badges and learning
# summary, timed by the server itself (Server-Timing). Checks: under 5 ms at the largest size and
# within 1.5x of the smallest; verify clean after each size.
bench_learning() {
    local sizes=${LEARNING_SIZES-"100 10000"} n
    [ -n "$sizes" ] || return 0
    if [ "$BACKEND" != sqlite ]; then
        log "=== learning section: SQLite only (bench_learning.py writes the SQLite file); skipped on $BACKEND"
        return 0
    fi
    : >"$WORK/learning.txt"
    for n in $sizes; do
        fresh_db "$BACKEND" "learning_$n"
        local db=$DB_PATH
        SERVER_LOG="$WORK/server-learning-$n.log"
        log "=== learning: $n sessions for Kai: $db"
        start_server "$SERVER_LOG"
        stop_server
        python3 "$ROOT/scripts/bench_learning.py" seed "$db" "$n" --email "$KID_EMAIL" || die "seeding $n sessions failed"
        settle_db
        start_server "$SERVER_LOG"
        local kai parent out
        out=$(login "$KID_EMAIL") || exit 2
        read -r -a kai <<<"$out"
        out=$(login "$PARENT_EMAIL") || exit 2
        read -r -a parent <<<"$out"
        python3 "$ROOT/scripts/bench_learning.py" measure "$BASE" "${kai[0]}" "${parent[0]}" "${kai[1]}" "$n" \
            "${LEARNING_REPEATS:-300}" | tee -a "$WORK/learning.txt" >&2 || die "measuring learning reads failed"
        stop_server
        local vcode=0
        server_command verify >"$WORK/learning-verify-$n.txt" 2>&1 || vcode=$?
        log "  verify (exit $vcode): $(grep -E '^Checked ' "$WORK/learning-verify-$n.txt" | head -1 || true)"
        [ "$vcode" = 0 ] || { tail -20 "$WORK/learning-verify-$n.txt" >&2; LEARNING_STATUS=1; }
        drop_db "$BACKEND" "learning_$n"
    done
    python3 "$ROOT/scripts/bench_learning.py" report "$WORK/learning.txt" >"$WORK/learning-report.txt" || LEARNING_STATUS=1
}

# --- 7. the mixed workload ---------------------------------------------------------------------
# timed_wrk KEY OUT [VAR=value...] -- WRK_ARGS...: one wrk run with the CPU accounting of
# run_endpoint (machine-wide busy time, the server's, wrk's own; the rest was used by other
# processes), written to the figures as KEY.cpu_server / KEY.cpu_wrk / KEY.cpu_other.
timed_wrk() {
    local key=$1 out=$2
    shift 2
    local envs=()
    while [ "$1" != "--" ]; do envs+=("$1"); shift; done
    shift
    local t0 s0 w0 t1 s1 w1 rc=0 TIMEFORMAT='%R %U %S'
    local d0 d1 b0 b1
    t0=$(cpu_busy_ticks); s0=$(proc_ticks "$SERVER_PID"); d0=$(db_ticks); b0=$(disk_written_bytes); w0=$(date +%s.%N)
    { time env "${envs[@]}" wrk "$@" >"$out" 2>&1; } 2>"$WORK/wrk.time" || rc=$?
    t1=$(cpu_busy_ticks); s1=$(proc_ticks "$SERVER_PID"); d1=$(db_ticks); b1=$(disk_written_bytes); w1=$(date +%s.%N)
    if [ "$rc" != 0 ] || ! grep -q '^BENCH_RESULT' "$out"; then
        cat "$out" >&2
        die "wrk failed for $key"
    fi
    local cpu
    cpu=$(python3 - "$t0 $t1 $s0 $s1 $w0 $w1 $(cat "$WORK/wrk.time") $d0 $d1" <<'PY'
import os, sys
t0, t1, s0, s1, w0, w1, _real, wu, ws, d0, d1 = (float(x) for x in sys.argv[1].split())
hz, wall = os.sysconf("SC_CLK_TCK"), max(w1 - w0, 1e-3)
server, wrk, database = (s1 - s0) / hz / wall, (wu + ws) / wall, (d1 - d0) / hz / wall
other = max(0.0, (t1 - t0) / hz / wall - server - wrk - database)
print(f"{server:.2f} {wrk:.2f} {other:.2f} {database:.2f}")
PY
)
    local srv wrkc other dbc
    read -r srv wrkc other dbc <<<"$cpu"
    figure "$BACKEND" "$key.cpu_server" "$srv"
    figure "$BACKEND" "$key.cpu_wrk" "$wrkc"
    figure "$BACKEND" "$key.cpu_db" "$dbc"
    figure "$BACKEND" "$key.cpu_other" "$other"
    local pgcpu=""
    [ "$BACKEND" != pg ] || pgcpu="postgres $dbc, "
    TIMED_CPU="CPU cores used: server $srv, wrk $wrkc, ${pgcpu}others $other"
    # The disk's share: bytes written during the run, a second and a request (the log, the
    # checkpoints copying it back, the file system's own).
    local requests disk
    requests=$(sed -n 's/^BENCH_RESULT requests=\([0-9]*\).*/\1/p' "$out")
    disk=$(awk -v b=$((b1 - b0)) -v n="${requests:-0}" -v w0="$w0" -v w1="$w1" \
        'BEGIN {printf "%.1f %.1f", b / 1e6 / (w1 - w0), (n > 0 ? b / n / 1e3 : 0)}')
    figure "$BACKEND" "$key.disk_mb_s" "${disk% *}"
    figure "$BACKEND" "$key.disk_kb_per_request" "${disk#* }"
    TIMED_CPU="$TIMED_CPU; disk writes ${disk% *} MB/s, ${disk#* } KB a request"
    if python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) > float(sys.argv[2]) else 1)" "$other" "$BUSY_LIMIT"; then
        TIMED_CPU="$TIMED_CPU (WARNING: other processes were busy; figures skewed)"
    fi
}

# A plain run of some kinds of the request file: wrk's own latency figures, into KEY.*.
kinds_run() { # key kinds threads connections duration [extra VAR=value...]
    local key=$1 kinds=$2 threads=$3 conns=$4 duration=$5
    shift 5
    local out="$WORK/wrk-$BACKEND-$key.txt"
    timed_wrk "$key" "$out" BENCH_REQUESTS="$WORK/mixed-requests.tsv" BENCH_KINDS="$kinds" BENCH_THREADS="$threads" "$@" -- \
        --latency -t"$threads" -c"$conns" -d"$duration" --timeout 10s -s "$ROOT/scripts/bench_mixed.lua" "$BASE"
    log "  $key: $(python3 "$ROOT/scripts/bench_mixed.py" wrk-result "$out" "$BACKEND" "$WORK/figures.tsv" "$key"); $TIMED_CPU"
}

bench_mixed() {
    [ "$MIXED" = 1 ] || return 0
    fresh_db "$BACKEND" mixed
    SERVER_LOG="$WORK/server-$BACKEND-mixed.log"
    log "=== $BACKEND: mixed workload: $MIX_FAMILIES families of 1 parent and $MIX_CHILDREN children, $MIX_WEEKS weeks: $DB_LABEL"
    # Any command migrates the schema (no demo family: every family here is the seeder's).
    server_command verify >"$WORK/mixed-setup-$BACKEND.txt" 2>&1 \
        || { tail -20 "$WORK/mixed-setup-$BACKEND.txt" >&2; die "could not create the mixed database"; }
    local target=(--pg "${DB_URL:-}")
    [ "$BACKEND" = sqlite ] && target=(--sqlite "$DB_PATH")
    python3 "$ROOT/scripts/bench_mixed_seed.py" "${target[@]}" --manifest "$WORK/mixed-manifest.json" --families "$MIX_FAMILIES" --children "$MIX_CHILDREN" \
        --weeks "$MIX_WEEKS" >&2 || die "seeding the mixed database failed"
    settle_db

    start_server "$SERVER_LOG" 0
    # Idle memory once the start-up (and the scheduler's first pass over every family) is over.
    sleep 3
    local rss
    rss=$(server_rss)
    figure "$BACKEND" start.ready_s.mixed "$READY_S"
    figure "$BACKEND" rss.idle.mixed "$rss"
    log "  ready in $READY_S s (first 200 from /health); idle RSS $rss MB"

    python3 "$ROOT/scripts/bench_mixed.py" prepare "$WORK/mixed-manifest.json" "$BASE" "$WORK/mixed-requests.tsv" \
        --families "$MIX_SIGNIN" || die "preparing the mixed load failed (see the warnings above)"

    # The reference: /health alone, like section 3's.
    kinds_run ref.health health "$THREADS" "$CONNECTIONS" "$DURATION"

    # The mix: MIX_CONNECTIONS threads of one connection each, every response's latency by kind.
    local samples="$WORK/mixed-samples-$BACKEND"
    rm -rf "$samples"
    mkdir -p "$samples"
    log "  mix: 90 % reads, 10 % writes ($MIX_CONNECTIONS connections, $MIX_DURATION)"
    timed_wrk mix "$WORK/wrk-$BACKEND-mix.txt" BENCH_REQUESTS="$WORK/mixed-requests.tsv" BENCH_OUT="$samples" \
        BENCH_THREADS="$MIX_CONNECTIONS" -- -t"$MIX_CONNECTIONS" -c"$MIX_CONNECTIONS" -d"$MIX_DURATION" --timeout 10s \
        -s "$ROOT/scripts/bench_mixed.lua" "$BASE"
    rss=$(server_rss)
    figure "$BACKEND" rss.after_mix "$rss"
    python3 "$ROOT/scripts/bench_mixed.py" analyze "$samples" "$WORK/mixed-requests.tsv" "$WORK/wrk-$BACKEND-mix.txt" \
        "$BACKEND" "$WORK/figures.tsv" | tee "$WORK/mix-$BACKEND.txt" >&2
    log "  mix: $TIMED_CPU; RSS after the mix $rss MB"

    # The write rate the mix reached: the steady writes beside each read kind below.
    local write_rate
    write_rate=$(awk -F'\t' -v b="$BACKEND" '$1 == b && $2 ~ /^mix\.(tx-credit|tx-debit|contribute|template-use)\.rps$/ {s += $3}
        END {printf "%.1f", s}' "$WORK/figures.tsv")
    figure "$BACKEND" mix.write_rps "$write_rate"
    # BENCH_RATE=0 would mean "as fast as possible": a mix without writes gets a token 1/s.
    [ "${write_rate%.*}" -gt 0 ] 2>/dev/null || write_rate=1
    local kind trial
    local reads="child-dash parent-dash list goals notifications page-dashboard page-child"
    [ "$READ_KINDS" = 1 ] || reads=${READ_KINDS#0}
    # The writes kept going beside each read, at the mix's rate.
    local steady_kinds=tx-credit,tx-debit,contribute,template-use
    if [ -n "$reads" ]; then
        # The steady writes alone, at the rate they run beside each read: the server's CPU they
        # take is not the reads' to use. Alone in their groups at this rate, each write costs
        # about twice its CPU at full speed, where a group's commit is shared.
        local steady="$WORK/wrk-$BACKEND-steady-writes.txt"
        timed_wrk steady_writes "$steady" BENCH_REQUESTS="$WORK/mixed-requests.tsv" \
            BENCH_KINDS="$steady_kinds" BENCH_THREADS="$WRITER_CONNECTIONS" BENCH_RATE="$write_rate" -- \
            -t"$WRITER_CONNECTIONS" -c"$WRITER_CONNECTIONS" -d"$DURATION" --timeout 10s -s "$ROOT/scripts/bench_mixed.lua" "$BASE"
        local steady_result
        steady_result=$(python3 "$ROOT/scripts/bench_mixed.py" wrk-result "$steady" "$BACKEND" "$WORK/figures.tsv" steady_writes)
        local per_write
        per_write=$(awk -F'\t' -v b="$BACKEND" '$1 == b && $2 == "steady_writes.cpu_server" {c = $3}
            $1 == b && $2 == "steady_writes.rps" {r = $3} END {printf "%.0f", (r > 0 ? c / r * 1e6 : 0)}' "$WORK/figures.tsv")
        figure "$BACKEND" steady_writes.cpu_us_per_write "$per_write"
        log "  the steady writes alone (target $write_rate/s): $steady_result; $TIMED_CPU; $per_write us of server CPU a write"
        local previous="" run
        # TRIALS rounds of every read kind, a kind's runs minutes apart; each kind's figure is
        # its median run (below).
        for trial in $(seq 1 "$TRIALS"); do
            for kind in $reads; do
                run=$kind.t$trial
                # The read's own reference, just before it and just after it (the next read's, or
                # the last one's below), their mean: this machine's speed drifts by a fifth and more
                # within minutes, so a /health measured once, a few minutes earlier, swung every
                # ratio with it, and one measured only before a read still moved from 17,700 to
                # 25,400 between neighbours. /health alone, as the goal has it.
                kinds_run "ref.health.$run" health "$THREADS" "$CONNECTIONS" "$DURATION"
                [ -z "$previous" ] || health_around "$previous" "$run"
                previous=$run
                # Writes at the mix's rate, beside the read (they start first and end after it).
                local wout="$WORK/wrk-$BACKEND-writer-$run.txt" wsecs warm=${READ_WARMUP%s}
                wsecs=$(( ${DURATION%s} + warm + 2 ))
                env BENCH_REQUESTS="$WORK/mixed-requests.tsv" BENCH_KINDS="$steady_kinds" \
                    BENCH_THREADS="$WRITER_CONNECTIONS" BENCH_RATE="$write_rate" \
                    wrk -t"$WRITER_CONNECTIONS" -c"$WRITER_CONNECTIONS" -d"${wsecs}s" --timeout 10s \
                    -s "$ROOT/scripts/bench_mixed.lua" "$BASE" >"$wout" 2>&1 &
                WRITER_PID=$!
                sleep 1
                # Unmeasured: the first answer to each user's request is made here. A server that
                # has been running has made them; what the run below measures is what the writes
                # cost the reads (the answers they end, the CPU they take), not a cold start.
                if [ "$warm" != 0 ]; then
                    env BENCH_REQUESTS="$WORK/mixed-requests.tsv" BENCH_KINDS="$kind" BENCH_THREADS="$THREADS" \
                        wrk -t"$THREADS" -c"$CONNECTIONS" -d"${warm}s" --timeout 10s -s "$ROOT/scripts/bench_mixed.lua" "$BASE" \
                        >"$WORK/wrk-$BACKEND-warmup-$run.txt" 2>&1 || die "the warm-up of $run failed"
                fi
                kinds_run "reads.$run" "$kind" "$THREADS" "$CONNECTIONS" "$DURATION"
                wait "$WRITER_PID" || die "the steady writes beside $run failed: $(tail -3 "$wout")"
                WRITER_PID=""
                log "    writes beside it: $(python3 "$ROOT/scripts/bench_mixed.py" wrk-result "$wout" "$BACKEND" \
                    "$WORK/figures.tsv" "reads.$run.writer") (target $write_rate/s)"
            done
        done
        kinds_run ref.health.end health "$THREADS" "$CONNECTIONS" "$DURATION"
        health_around "$previous" end
        for kind in $reads; do judge_median "reads.$kind" "ref.health_around.$kind" "/health around it" --beside-writes; done
    fi
    local writes="tx-credit contribute template-use"
    [ "$WRITE_KINDS" = 1 ] || writes=${WRITE_KINDS#0}
    if [ -n "$writes" ]; then
        # Each write's reference: the raw commit rate just before it and just after it, with the
        # server idle (it holds no lock between requests), their mean. Measured once at the end,
        # the reference swung from 2,900 to 4,800 commits a second between runs minutes apart.
        local before after
        before=$(raw_commit_now) || die "the raw commit loop failed"
        for trial in $(seq 1 "$TRIALS"); do
            for kind in $writes; do
                kinds_run "writes.$kind.t$trial" "$kind" "$THREADS" "$CONNECTIONS" "$DURATION"
                after=$(raw_commit_now) || die "the raw commit loop failed"
                figure "$BACKEND" "ref.raw_commit.$kind.t$trial.rps" "$(awk -v a="$before" -v b="$after" 'BEGIN {printf "%.1f", (a + b) / 2}')"
                log "    raw single-row commits around it: $(printf '%.0f' "$before") and $(printf '%.0f' "$after")/s"
                before=$after
            done
        done
        for kind in $writes; do judge_median "writes.$kind" "ref.raw_commit.$kind" "raw commits around it"; done
    fi
    rss=$(server_rss)
    figure "$BACKEND" rss.end "$rss"
    local fivexx
    fivexx=$(grep -ciE '\[ (ERROR|CRITICAL) \]|internal server error' "$SERVER_LOG" || true)
    [ "$fivexx" = 0 ] || log "WARNING: the server logged $fivexx error lines ($SERVER_LOG)"
    stop_server

    # The section's write reference, on the same database with the server stopped.
    local raw
    raw=$(raw_commit_now) || die "the raw commit loop failed"
    figure "$BACKEND" ref.raw_commit.rps "$raw"
    log "  raw single-row commits: $(printf '%.0f' "$raw")/s"

    local vcode=0
    server_command verify >"$WORK/mixed-verify-$BACKEND.txt" 2>&1 || vcode=$?
    [ "$vcode" = 0 ] || tail -20 "$WORK/mixed-verify-$BACKEND.txt" >&2
    figure "$BACKEND" verify.mixed "$vcode"
    log "  verify (exit $vcode): $(grep -E '^Checked ' "$WORK/mixed-verify-$BACKEND.txt" | head -1 || true)"
    drop_db "$BACKEND" mixed
}

# judge_median KEY REFERENCE WHAT [--beside-writes]: a kind's figure (KEY.rps) and reference from
# its run of the median ratio of its TRIALS runs (KEY.tN.rps against REFERENCE.tN.rps), a read's
# among the runs whose writes held their rate; logs every run's ratio.
judge_median() {
    local runs
    runs=$(python3 "$ROOT/scripts/bench_mixed.py" median-trial "$WORK/figures.tsv" "$BACKEND" "$1" "$2" "$TRIALS" ${4:-}) \
        || die "no run of $1 has a figure"
    log "  $1 against $3, run by run: $runs"
}

# health_around KIND NEXT: the reference of read KIND, the mean of /health just before it
# (ref.health.KIND) and just after it (ref.health.NEXT).
health_around() {
    figure "$BACKEND" "ref.health_around.$1.rps" "$(awk -F'\t' -v b="$BACKEND" -v before="ref.health.$1.rps" \
        -v after="ref.health.$2.rps" '$1 == b && $2 == before {x = $3} $1 == b && $2 == after {y = $3}
        END {printf "%.1f", (x + y) / 2}' "$WORK/figures.tsv")"
}

# The raw single-row commit rate of the current database, for RAW_SECONDS. Prints commits a second.
raw_commit_now() {
    if [ "$BACKEND" = sqlite ]; then
        python3 "$ROOT/scripts/bench_mixed.py" raw-commit "$DB_PATH" "$RAW_SECONDS"
    else
        raw_commit_pg
    fi
}

# PostgreSQL's raw single-row commit rate: pgbench, one client, one INSERT of a ledger-shaped row
# per transaction (autocommit) into a copy of the ledger table, for RAW_SECONDS. Prints tps.
raw_commit_pg() {
    psql -X -q -v ON_ERROR_STOP=1 "$DB_URL" >/dev/null <<'SQL' || return 1
DROP TABLE IF EXISTS bench_raw_commit;
CREATE TABLE bench_raw_commit (LIKE transactions INCLUDING ALL);
DROP SEQUENCE IF EXISTS bench_raw_seq;
CREATE SEQUENCE bench_raw_seq;
SQL
    local child
    child=$(psql -X -At "$DB_URL" -c "SELECT id FROM children LIMIT 1") || return 1
    cat >"$WORK/raw-commit.sql" <<SQL
INSERT INTO bench_raw_commit (id, child_id, amount_cents, type, description, category, notes, balance_after_cents, created_by, created_at, entry_number) VALUES (gen_random_uuid(), '$child', 125, 'Credit', 'Chores', 'Chores', NULL, 125, NULL, now(), nextval('bench_raw_seq'));
SQL
    local out
    out=$(pgbench -n -c 1 -j 1 -T "${RAW_SECONDS%.*}" -f "$WORK/raw-commit.sql" "$DB_URL" 2>&1) || { echo "$out" >&2; return 1; }
    psql -X -q "$DB_URL" -c "DROP TABLE bench_raw_commit" -c "DROP SEQUENCE bench_raw_seq" >/dev/null || true
    echo "$out" | sed -n 's/^tps = \([0-9.]*\).*/\1/p' | head -1
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
    : >"$WORK/figures.tsv"
    local backends=sqlite
    # BACKENDS=sqlite (or pg) narrows a focused run to one of them; PostgreSQL is only started
    # when it is asked for.
    if [ "${BACKENDS:-}" != sqlite ] && start_postgres; then backends="sqlite pg"; fi
    if [ -n "${BACKENDS:-}" ]; then
        [ "$BACKENDS" = sqlite ] || [ "$PG_STARTED" = 1 ] || die "BACKENDS=$BACKENDS needs PostgreSQL (PG=1)"
        backends=$BACKENDS
    fi
    PAGES_STATUS=0
    PAYDAY_STATUS=0
    LEARNING_STATUS=0
    local rows
    for BACKEND in $backends; do
        : >"$WORK/results-$BACKEND.tsv"
        : >"$WORK/verify-$BACKEND.tsv"
        for rows in $SIZES; do
            bench_size "$rows"
        done
        bench_payday
        bench_learning
        bench_mixed
    done

    local status=0 name
    for BACKEND in $backends; do
        name=SQLite
        [ "$BACKEND" = pg ] && name=PostgreSQL
        if [ -n "$SIZES" ]; then
            echo
            echo "== $name: ledger sizes"
            python3 "$ROOT/scripts/bench_report.py" "$WORK/results-$BACKEND.tsv" "$WORK/verify-$BACKEND.tsv" || status=1
        fi
        if [ -s "$WORK/pages-$BACKEND.txt" ]; then
            echo
            echo "== $name: web pages"
            cat "$WORK/pages-$BACKEND.txt"
        fi
        if [ -s "$WORK/payday-$BACKEND.txt" ]; then
            echo
            cat "$WORK/payday-$BACKEND.txt"
        fi
        if [ -s "$WORK/mix-$BACKEND.txt" ]; then
            echo
            echo "== $name: mixed load, per kind (one run of $MIX_DURATION at $MIX_CONNECTIONS connections)"
            cat "$WORK/mix-$BACKEND.txt"
        fi
    done
    [ "$PAGES_STATUS" = 0 ] || status=1
    [ "$PAYDAY_STATUS" = 0 ] || status=1
    if [ -s "$WORK/learning-report.txt" ]; then
        echo
        cat "$WORK/learning-report.txt"
    fi
    [ "$LEARNING_STATUS" = 0 ] || status=1
    echo
    python3 "$ROOT/scripts/bench_goals.py" "$WORK" $backends || status=1
    echo
    echo "wrk output, server logs and raw results: $WORK"
    exit "$status"
}

main "$@"
