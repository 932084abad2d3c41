#!/usr/bin/env bash
# The README's "Use from the terminal", tried as a new user would: a served server on a fresh
# SQLite file with the demo family, and the built `allowance` binary against it.
# Usage: bash scripts/cli-smoke.sh (after `swift build`); exits non-zero on the first surprise.
set -euo pipefail

cd "$(dirname "$0")/.."
BIN="$(swift build --show-bin-path)"
PORT="${CLI_SMOKE_PORT:-8391}"
work="$(mktemp -d "${TMPDIR:-/tmp}/allowance-cli-smoke.XXXXXX")"
export XDG_CONFIG_HOME="$work/config"

SQLITE_PATH="$work/smoke.sqlite" BCRYPT_COST=4 SCHEDULER_INTERVAL=0 \
    "$BIN/allowance-server" serve --hostname 127.0.0.1 --port "$PORT" >"$work/server.log" 2>&1 &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; rm -rf "$work"' EXIT

for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$PORT/health" >/dev/null && break
    sleep 0.2
done

allowance() { "$BIN/allowance" "$@"; }
expect_in() { # expect_in TEXT WANTED
    if [[ "$1" != *"$2"* ]]; then
        printf 'expected to see %q in:\n%s\n' "$2" "$1" >&2
        exit 1
    fi
}

echo allowance | allowance login --server "http://127.0.0.1:$PORT" --email parent@example.com --password-stdin
[[ "$(stat -c %a "$XDG_CONFIG_HOME/allowance/credentials.json")" == 600 ]]
expect_in "$(allowance children)" "Kai    \$100.00"
expect_in "$(allowance add Kai 5.50 "Washed the car")" "Balance: \$105.50."
expect_in "$(allowance spend Kai 3 Comic)" "Balance: \$102.50."
if allowance spend Kai 500 Bike >"$work/out" 2>"$work/err"; then
    echo "a debit larger than the balance was not refused" >&2
    exit 1
fi
[[ ! -s "$work/out" ]]
expect_in "$(cat "$work/err")" "Insufficient balance: Kai has \$102.50"
expect_in "$(allowance history Kai --limit 20 --search comic)" "Comic"
expect_in "$(allowance export Kai --format csv)" "Credit,5.50,105.50,Washed the car"
allowance logout
if allowance balance Kai 2>/dev/null; then
    echo "still signed in after logout" >&2
    exit 1
fi
echo "cli smoke: ok"
