#!/usr/bin/env bash
# Compares two servers (two builds, or one build under two settings) on one read kind beside the
# mix's writes, on a mixed database kept from a bench run, alternating them round by round.
#
#   KEEP_WORK=1 SIZES="" PAYDAY_CHILDREN=0 LEARNING_SIZES="" READ_KINDS=page-child WRITE_KINDS=0 \
#       TRIALS=1 PG=0 bash scripts/bench.sh          # once: seeds, signs in, keeps the work dir
#   A_ENV="RESPONSE_CACHE=1" B_ENV="RESPONSE_CACHE=0" bash scripts/bench_ab.sh /tmp/allowance-bench.XXXXXX
#
# This machine's speed drifts by a fifth and more within minutes, so a change worth a few
# points shows only in pairs measured side by side: each round runs A, then B (the order
# swapped every other round), each as bench.sh runs a read kind: /health alone first (the
# reference), then the writes at RATE a second from WRITERS connections with the read beside
# them, measured after a warm-up. Prints each run (req/s, its share of /health, the server's
# CPU) and the median share of each side. Not a goal's figure: the goals are bench.sh's.
#
# Environment (all optional):
#   A_ENV, B_ENV      settings for each side's server ("NAME=value ..."; default none)
#   A_BIN, B_BIN      each side's binary (default .build-release/release/allowance-server)
#   DB_URL            a PostgreSQL database to use instead of WORK/mixed.sqlite (the requests
#                     file must then be the one prepared against it)
#   KIND=page-child   the read kind (bench_mixed.py's kinds)
#   RATE=330          the writes beside it, a second (bench.sh's log has the mix's rate)
#   WRITERS=16        the writes' connections (bench.sh's WRITER_CONNECTIONS)
#   ROUNDS=3 DURATION=10 WARMUP=2 CONNECTIONS=32 PORT=8089
set -euo pipefail

WORK=${1:?usage: bench_ab.sh WORK_DIR (a bench.sh work dir kept with KEEP_WORK=1)}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEFAULT_BIN="$ROOT/.build-release/release/allowance-server"
A_BIN=${A_BIN:-$DEFAULT_BIN}
B_BIN=${B_BIN:-$DEFAULT_BIN}
A_ENV=${A_ENV:-}
B_ENV=${B_ENV:-}
KIND=${KIND:-page-child}
RATE=${RATE:-330}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
CONNECTIONS=${CONNECTIONS:-32}
WRITERS=${WRITERS:-16}
PORT=${PORT:-8089}
BASE="http://127.0.0.1:$PORT"
REQUESTS="$WORK/mixed-requests.tsv"
LUA="$ROOT/scripts/bench_mixed.lua"
WRITES=tx-credit,tx-debit,contribute,template-use

[ -f "$REQUESTS" ] || { echo "bench_ab: no $REQUESTS (run bench.sh with KEEP_WORK=1 first)" >&2; exit 2; }
if [ -n "${DB_URL:-}" ]; then DB=(DATABASE_URL="$DB_URL"); else DB=(SQLITE_PATH="$WORK/mixed.sqlite" DATABASE_URL=); fi

SERVER_PID=""
stop_server() {
    [ -n "$SERVER_PID" ] || return 0
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
}
trap stop_server EXIT

rps() { awk '/Requests\/sec/ {print $2}' "$1"; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# run SIDE BIN ENV: one run; prints "SIDE share req/s health cores".
run() {
    local side=$1 bin=$2 settings=$3
    if curl -s -o /dev/null --max-time 1 "$BASE/health"; then
        echo "bench_ab: something already answers on $BASE" >&2
        exit 2
    fi
    # shellcheck disable=SC2086 # the settings are words on purpose
    env "${DB[@]}" SEED_DEMO=0 $settings "$bin" serve --hostname 127.0.0.1 --port "$PORT" >>"$WORK/ab-server-$side.log" 2>&1 &
    SERVER_PID=$!
    until curl -sf -o /dev/null "$BASE/health"; do sleep 0.1; done
    local out="$WORK/ab-$side"
    wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" "$BASE/health" >"$out-health.txt"
    env BENCH_REQUESTS="$REQUESTS" BENCH_KINDS="$WRITES" BENCH_THREADS="$WRITERS" BENCH_RATE="$RATE" \
        wrk -t"$WRITERS" -c"$WRITERS" -d"$((DURATION + WARMUP + 2))s" --timeout 10s -s "$LUA" "$BASE" >"$out-writes.txt" 2>&1 &
    local writer=$!
    sleep 1
    env BENCH_REQUESTS="$REQUESTS" BENCH_KINDS="$KIND" BENCH_THREADS=2 \
        wrk -t2 -c"$CONNECTIONS" -d"${WARMUP}s" --timeout 10s -s "$LUA" "$BASE" >/dev/null 2>&1
    local c0 c1
    c0=$(cpu_ticks "$SERVER_PID")
    env BENCH_REQUESTS="$REQUESTS" BENCH_KINDS="$KIND" BENCH_THREADS=2 \
        wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --timeout 10s -s "$LUA" "$BASE" >"$out-read.txt" 2>&1
    c1=$(cpu_ticks "$SERVER_PID")
    wait "$writer"
    stop_server
    local health read
    health=$(rps "$out-health.txt")
    read=$(rps "$out-read.txt")
    awk -v s="$side" -v r="$read" -v h="$health" -v w="$(rps "$out-writes.txt")" -v t=$((c1 - c0)) \
        -v hz="$(getconf CLK_TCK)" -v d="$DURATION" \
        'BEGIN {printf "%s %.1f %.0f %.0f %.2f %.0f\n", s, r / h * 100, r, h, t / hz / d, w}'
}

echo "bench_ab: $KIND beside ${RATE} writes/s, $ROUNDS rounds; A: ${A_ENV:-(no settings)} $A_BIN; B: ${B_ENV:-(no settings)} $B_BIN"
results="$WORK/ab-results.txt"
: >"$results"
for round in $(seq 1 "$ROUNDS"); do
    order="A B"
    [ $((round % 2)) = 0 ] && order="B A"
    for side in $order; do
        if [ "$side" = A ]; then line=$(run A "$A_BIN" "$A_ENV"); else line=$(run B "$B_BIN" "$B_ENV"); fi
        echo "$line" >>"$results"
        read -r _ share req health cores writes <<<"$line"
        printf '  round %d %s: %s %% of /health (%s req/s against %s), server %s cores, writes %s/s\n' \
            "$round" "$side" "$share" "$req" "$health" "$cores" "$writes"
    done
done
for side in A B; do
    median=$(awk -v s="$side" '$1 == s {print $2}' "$results" | sort -n | awk '{v[NR] = $1} END {print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}')
    echo "  $side: median $median % of /health"
done
