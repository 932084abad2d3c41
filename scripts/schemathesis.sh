#!/usr/bin/env bash
# The API against its own contract: schemathesis reads /openapi.json from a debug server on a
# fresh SQLite file and sends what it generates from it (every check; the coverage, fuzzing and
# stateful phases), signed in as a child and then as a parent. Any failure (a 5xx, a request the
# document allows refused with 400, a request it forbids accepted, an answer that breaks its
# schema, an undeclared status) fails the script.
#
# Usage: bash scripts/schemathesis.sh (after `swift build`). ST_MAX_EXAMPLES (default 15) bounds
# the fuzzing cases per operation; ST_SEED fixes the random seed (default: the same every run);
# ST_RUNS picks runs (default "child parent identity"); ST_KEEP=1 keeps the reports and log.
#
# Text never holds U+0000 (PostgreSQL cannot store it; the document says it is refused 400), so
# none is generated. What answers are expected: schemathesis's defaults, with 422 and 402 added for valid data. A
# request that fits the document but breaks a rule no schema can state (a balance, a date that
# must be in the future, a Premium feature) is refused 422 (or 402), never 400; so a 400 for
# generated valid data is still a failure.
set -euo pipefail

cd "$(dirname "$0")/.."
BIN="$(swift build --show-bin-path)"
PORT="${ST_PORT:-8392}"
BASE="http://127.0.0.1:$PORT"
MAX_EXAMPLES="${ST_MAX_EXAMPLES:-15}"
SEED="${ST_SEED:-20261123}"
work="$(mktemp -d "${TMPDIR:-/tmp}/allowance-schemathesis.XXXXXX")"

# ST_DATABASE_URL=postgres://... runs it against PostgreSQL instead (an empty database). No
# limit on registrations from one address: the hooks make a family for each session they end.
DATABASE_URL="${ST_DATABASE_URL:-}" SQLITE_PATH="$work/contract.sqlite" SEED_DEMO=0 BCRYPT_COST=4 SCHEDULER_INTERVAL=0 \
    REGISTRATION_LIMIT=0 \
    "$BIN/allowance-server" serve --hostname 127.0.0.1 --port "$PORT" >"$work/server.log" 2>&1 &
server_pid=$!
stop_server() {
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
}
trap 'stop_server; [[ -n "${ST_KEEP:-}" ]] || rm -rf "$work"' EXIT

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
# The child signs in through the API too.
child_token="$(post /api/v1/auth/login "{\"email\": \"$CHILD_EMAIL\", \"password\": \"$PASSWORD\"}" | field token)"

# A record of each kind, so that half of the generated ids name a real one and requests reach
# the code behind the 404s.
child_id="$(curl -fsS "$BASE/api/v1/auth/me" -H "Authorization: Bearer $child_token" | field childId)"
goal_id="$(post /api/v1/savings-goals "{\"childId\": \"$child_id\", \"name\": \"Bike\", \"targetAmount\": 50}" "$parent_token" | field id)"
recurring_id="$(post /api/v1/recurring-transactions "{\"childId\": \"$child_id\", \"name\": \"Club\", \"amount\": 2,
    \"type\": \"Debit\", \"pattern\": 2, \"startDate\": \"2030-01-01\"}" "$parent_token" | field id)"
template_id="$(post /api/v1/templates "{\"name\": \"Bus\", \"iconName\": \"bus\", \"type\": \"Debit\", \"defaultAmount\": 1}" \
    "$parent_token" | field id)"
transaction_id="$(post /api/v1/transactions "{\"childId\": \"$child_id\", \"amount\": 5, \"type\": \"Credit\",
    \"description\": \"Chores\"}" "$parent_token" | field id)"
app_id="$(curl -fsS "$BASE/api/v1/app-categories" -H "Authorization: Bearer $parent_token" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["id"])')"
learning_goal_id="$(post /api/v1/learning-goals "{\"childId\": \"$child_id\", \"title\": \"Read\", \"type\": \"TimeBased\",
    \"targetValue\": 2, \"frequency\": \"Weekly\"}" "$parent_token" | field id)"
notification_id="$(curl -fsS "$BASE/api/v1/notifications" -H "Authorization: Bearer $child_token" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["notifications"][0]["id"])')"

cat >"$work/schemathesis.toml" <<TOML
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "401", "402", "403", "404", "409", "422", "429"]

[dictionaries]
children = { values = ["$child_id"] }
goals = { values = ["$goal_id"] }
recurring = { values = ["$recurring_id"] }
templates = { values = ["$template_id"] }
transactions = { values = ["$transaction_id"] }
apps = { values = ["$app_id"] }
learning_goals = { values = ["$learning_goal_id"] }
notifications = { values = ["$notification_id"] }
badges = { values = ["streak-7", "custom-$goal_id"] }

[parameters]
"path.childId" = { dictionary = "children", probability = 0.5 }
"path.goalId" = { dictionary = "goals", probability = 0.5 }
"path.recurringTransactionId" = { dictionary = "recurring", probability = 0.5 }
"path.templateId" = { dictionary = "templates", probability = 0.5 }
"path.transactionId" = { dictionary = "transactions", probability = 0.5 }
"path.appCategoryId" = { dictionary = "apps", probability = 0.5 }
"path.learningGoalId" = { dictionary = "learning_goals", probability = 0.5 }
"path.notificationId" = { dictionary = "notifications", probability = 0.5 }
"path.badgeKey" = { dictionary = "badges", probability = 0.5 }
"body.childId" = { dictionary = "children", probability = 0.5 }
TOML

failed=0
# run NAME ROLE TOKEN [st options...]: one schemathesis run signed in with TOKEN (see the hooks).
run() {
    local name="$1" role="$2" token="$3"
    shift 3
    printf '\n== schemathesis: %s\n' "$name"
    if ! ST_BASE_URL="$BASE" ST_ROLE="$role" ST_TOKEN="$token" SCHEMATHESIS_HOOKS=schemathesis_hooks \
        PYTHONPATH="$PWD/scripts${PYTHONPATH:+:$PYTHONPATH}" \
        python3 -c 'import sys; from schemathesis.cli import schemathesis; sys.argv[0] = "st"; schemathesis()' \
        --no-color --config-file "$work/schemathesis.toml" run "$BASE/openapi.json" \
        --checks all --phases coverage,fuzzing,stateful --max-examples "$MAX_EXAMPLES" --seed "$SEED" \
        --workers 1 --request-timeout 30 --generation-allow-x00 false \
        --report junit,ndjson --report-dir "$work/report-$name" "$@"; then
        failed=1
    fi
}

# Changing the signed-in user's email would sign the later runs out: that operation runs last, alone.
RUNS="${ST_RUNS:-child parent identity}"
[[ " $RUNS " == *" child "* ]] && run child child "$child_token" --exclude-operation-id putAuthMe
[[ " $RUNS " == *" parent "* ]] && run parent parent "$parent_token" --exclude-operation-id putAuthMe
[[ " $RUNS " == *" identity "* ]] && run identity parent "$parent_token" --include-operation-id putAuthMe

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
