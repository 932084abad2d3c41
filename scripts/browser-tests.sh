#!/usr/bin/env bash
# Browser tests of the web app (used by `make e2e` and .ci/run).
#
# Starts `allowance-server serve` on a temporary SQLite file (the demo family is seeded),
# waits for GET /health to answer 200, runs `python3 -m pytest Tests/browser -q` with
# Playwright driving Debian's Chromium, and stops the server again.
#
# The tests get BASE_URL (http://127.0.0.1:$E2E_PORT) and CHROMIUM_PATH in the environment.
# Settings: E2E_PORT (8080), E2E_INSTALL (1 = install missing Chromium/Playwright/pytest and
# Tests/browser/requirements.txt), E2E_BCRYPT_COST (4: the server's bcrypt cost during the tests).
set -euo pipefail

cd "$(dirname "$0")/.."

E2E_PORT="${E2E_PORT:-8080}"
E2E_INSTALL="${E2E_INSTALL:-1}"
BASE_URL="http://127.0.0.1:${E2E_PORT}"

log() { echo "browser-tests: $*" >&2; }
die() { log "error: $*"; exit 1; }

if [[ ! -d Tests/browser ]]; then
    log "no Tests/browser directory yet: nothing to run"
    exit 0
fi

chromium_path() {
    local candidate
    for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
        [[ -n "$candidate" && -x "$candidate" ]] && { echo "$candidate"; return 0; }
    done
    return 1
}

# ---- dependencies ------------------------------------------------------------------------
if [[ "$E2E_INSTALL" == 1 ]]; then
    if ! chromium_path >/dev/null; then
        [[ "$(id -u)" == 0 ]] || die "Chromium is missing; install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH"
        log "installing chromium"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q >&2
        apt-get install -y -q chromium >&2
    fi
    python_packages=()
    python3 -c 'import playwright' 2>/dev/null || python_packages+=(playwright)
    python3 -c 'import pytest' 2>/dev/null || python_packages+=(pytest)
    requirements=()
    [[ -f Tests/browser/requirements.txt ]] && requirements=(-r Tests/browser/requirements.txt)
    if ((${#python_packages[@]} + ${#requirements[@]} > 0)); then
        log "pip install ${python_packages[*]} ${requirements[*]}"
        python3 -m pip install -q "${python_packages[@]}" "${requirements[@]}" \
            || python3 -m pip install -q --break-system-packages "${python_packages[@]}" "${requirements[@]}"
    fi
fi
CHROMIUM_PATH="$(chromium_path)" || die "Chromium not found (set CHROMIUM_PATH)"
export CHROMIUM_PATH BASE_URL

# ---- server ------------------------------------------------------------------------------
http_status() {
    curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$1" 2>/dev/null || true
}

[[ "$(http_status "$BASE_URL/health")" == 000 ]] || die "something already answers on $BASE_URL; stop it or set E2E_PORT"

log "building allowance-server"
swift build --product allowance-server >&2

workdir="$(mktemp -d "${TMPDIR:-/tmp}/allowance-e2e.XXXXXX")"
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
        log "stopping the server (pid $server_pid)"
        kill -TERM -- "-$server_pid" 2>/dev/null || kill -TERM "$server_pid" 2>/dev/null || true
        for _ in $(seq 1 20); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.5; done
        kill -KILL -- "-$server_pid" 2>/dev/null || true
    fi
    rm -rf "$workdir"
}
trap cleanup EXIT

log "starting allowance-server on $BASE_URL (SQLite at $workdir/e2e.sqlite)"
# setsid: the server gets its own process group, so cleanup stops it and anything it started.
# BCRYPT_COST: the lowest bcrypt cost keeps the many sign-ups and sign-ins of the tests quick.
# REGISTRATION_LIMIT=0: every test registers its own family, all from this one address.
# SCHEDULER_INTERVAL=0: no test waits for a job, and a payday or a recurring payment landing
# mid-suite (the demo family's on Saturday and Wednesday) would move balances the tests read.
env -u DATABASE_URL SQLITE_PATH="$workdir/e2e.sqlite" BCRYPT_COST="${E2E_BCRYPT_COST:-4}" REGISTRATION_LIMIT=0 \
    SCHEDULER_INTERVAL=0 \
    setsid swift run allowance-server serve --hostname 127.0.0.1 --port "$E2E_PORT" \
    </dev/null >"$workdir/server.log" 2>&1 &
server_pid=$!

ready=0
for _ in $(seq 1 240); do
    if [[ "$(http_status "$BASE_URL/health")" == 200 ]]; then ready=1; break; fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.5
done
if [[ "$ready" != 1 ]]; then
    tail -n 50 "$workdir/server.log" >&2 || true
    die "the server did not answer 200 on $BASE_URL/health"
fi
log "server ready"

# ---- tests -------------------------------------------------------------------------------
set +e
python3 -m pytest Tests/browser -q
status=$?
set -e
if [[ "$status" == 5 ]]; then
    log "pytest collected no tests in Tests/browser"
    status=0
fi
if [[ "$status" != 0 ]]; then
    log "server log (last 50 lines):"
    tail -n 50 "$workdir/server.log" >&2 || true
fi
exit "$status"
