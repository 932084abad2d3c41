#!/usr/bin/env bash
# The API against its own contract: schemathesis reads /openapi.json from a debug server on a
# fresh SQLite file and sends what it generates from it (every check; the coverage, fuzzing and
# stateful phases), signed in as a child and then as a parent. Any failure (a 5xx, a request the
# document allows refused with 400, a request it forbids accepted, an answer that breaks its
# schema, an undeclared status) fails the script.
#
# Usage: bash scripts/schemathesis.sh (after `swift build`). ST_MAX_EXAMPLES (default 10) bounds
# the fuzzing cases per operation; ST_SEED fixes the random seed (default: the same every run).
#
# What answers are expected: schemathesis's defaults, with 422 and 402 added for valid data. A
# request that fits the document but breaks a rule no schema can state (a balance, a date that
# must be in the future, a Premium feature) is refused 422 (or 402), never 400; so a 400 for
# generated valid data is still a failure.
set -euo pipefail

cd "$(dirname "$0")/.."
BIN="$(swift build --show-bin-path)"
PORT="${ST_PORT:-8392}"
BASE="http://127.0.0.1:$PORT"
MAX_EXAMPLES="${ST_MAX_EXAMPLES:-10}"
SEED="${ST_SEED:-20261123}"
work="$(mktemp -d "${TMPDIR:-/tmp}/allowance-schemathesis.XXXXXX")"

SQLITE_PATH="$work/contract.sqlite" SEED_DEMO=0 BCRYPT_COST=4 SCHEDULER_INTERVAL=0 \
    "$BIN/allowance-server" serve --hostname 127.0.0.1 --port "$PORT" >"$work/server.log" 2>&1 &
server_pid=$!
stop_server() {
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
}
trap 'stop_server; rm -rf "$work"' EXIT

for _ in $(seq 1 150); do
    curl -fs "$BASE/health" >/dev/null && break
    sleep 0.2
done
curl -fs "$BASE/health" >/dev/null || { echo "the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }

# post PATH JSON [TOKEN]: the answer's body; fails on anything but 2xx.
post() {
    curl -fsS "$BASE$1" -H 'Content-Type: application/json' ${3:+-H "Authorization: Bearer $3"} -d "$2"
}
field() { python3 -c 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }

PARENT_EMAIL="contract-parent@example.com"
CHILD_EMAIL="contract-child@example.com"
PASSWORD="contract-$RANDOM-$RANDOM"
parent_token="$(post /api/v1/auth/register/parent "{\"email\": \"$PARENT_EMAIL\", \"password\": \"$PASSWORD\",
    \"firstName\": \"Alex\", \"lastName\": \"Contract\", \"familyName\": \"The Contract Family\",
    \"timeZone\": \"America/New_York\"}" | field token)"
post /api/v1/auth/register/child "{\"email\": \"$CHILD_EMAIL\", \"password\": \"$PASSWORD\", \"firstName\": \"Kai\",
    \"lastName\": \"Contract\", \"weeklyAllowance\": 10, \"initialBalance\": 100}" "$parent_token" >/dev/null
# The child signs in through the API too (the hooks sign in again the same way).
post /api/v1/auth/login "{\"email\": \"$CHILD_EMAIL\", \"password\": \"$PASSWORD\"}" | field token >/dev/null

cat >"$work/schemathesis.toml" <<TOML
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "401", "402", "403", "404", "409", "422", "429"]
TOML

failed=0
# run NAME EMAIL [st options...]: one schemathesis run signed in as EMAIL.
run() {
    local name="$1" email="$2"
    shift 2
    printf '\n== schemathesis: %s\n' "$name"
    if ! ST_BASE_URL="$BASE" ST_EMAIL="$email" ST_PASSWORD="$PASSWORD" SCHEMATHESIS_HOOKS=schemathesis_hooks \
        PYTHONPATH="$PWD/scripts${PYTHONPATH:+:$PYTHONPATH}" \
        st --no-color --config-file "$work/schemathesis.toml" run "$BASE/openapi.json" \
        --checks all --phases coverage,fuzzing,stateful --max-examples "$MAX_EXAMPLES" --seed "$SEED" \
        --workers 1 --request-timeout 30 \
        --report junit --report-dir "$work/report-$name" "$@"; then
        failed=1
    fi
}

# Changing the signed-in user's email would sign the later runs out: that operation runs last, alone.
run child "$CHILD_EMAIL" --exclude-operation-id putAuthMe
run parent "$PARENT_EMAIL" --exclude-operation-id putAuthMe
run identity "$PARENT_EMAIL" --include-operation-id putAuthMe

if grep -q "Something went wrong on our side\|\[ ERROR \]\|Fatal error" "$work/server.log"; then
    echo "the server logged errors:" >&2
    grep -B2 -A8 "ERROR\|Fatal error" "$work/server.log" | head -80 >&2
    failed=1
fi
stop_server
if [[ "$failed" != 0 ]]; then
    echo "schemathesis: FAILED" >&2
    exit 1
fi
echo "schemathesis: ok"
