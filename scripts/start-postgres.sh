#!/usr/bin/env bash
# Starts a throw-away PostgreSQL 15 on loopback for the tests and prints the URL to use:
#
#   TEST_DATABASE_URL=$(bash scripts/start-postgres.sh) swift test
#
# The URL is the only thing written to stdout; progress goes to stderr.
#
# Idempotent: when a server already answers on the port, it is reused (the role and the
# database are created if missing). With PG_FRESH=1 (what .ci/run uses) any server on the
# port is stopped first and a new cluster is made in a fresh temporary directory.
# `bash scripts/stop-postgres.sh` stops it.
#
# Settings (environment): PG_PORT (55432), PG_USER / PG_PASSWORD (allowance / allowance),
# PG_DB (allowance_test), PGBIN (PostgreSQL's bin directory; found automatically),
# PG_FRESH (1 = always start a new cluster).
# As root the cluster runs as the `postgres` user; otherwise as the current user.
set -euo pipefail

PG_PORT="${PG_PORT:-55432}"
PG_USER="${PG_USER:-allowance}"
PG_PASSWORD="${PG_PASSWORD:-allowance}"
PG_DB="${PG_DB:-allowance_test}"
PG_FRESH="${PG_FRESH:-0}"
# Remembers the data directory of the cluster this script started on this port.
STATE_FILE="${TMPDIR:-/tmp}/allowance-postgres-${PG_PORT}.datadir"

log() { echo "start-postgres: $*" >&2; }
die() { log "error: $*"; exit 1; }

# One start at a time per port: two callers racing would both see no server and both initdb.
if command -v flock >/dev/null 2>&1; then
    exec 9>"${TMPDIR:-/tmp}/allowance-postgres-${PG_PORT}.lock"
    flock -w 120 9 || die "another start-postgres.sh for port $PG_PORT is still running"
fi

find_pgbin() {
    if [[ -n "${PGBIN:-}" ]]; then echo "$PGBIN"; return; fi
    local dir
    for dir in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
        [[ -x "$dir/initdb" ]] && { echo "$dir"; return; }
    done
    if command -v pg_config >/dev/null 2>&1 && [[ -x "$(pg_config --bindir)/initdb" ]]; then
        pg_config --bindir; return
    fi
    if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
    die "PostgreSQL server binaries (initdb, pg_ctl) not found; install them (Debian: apt-get install -y postgresql) or set PGBIN"
}

PGBIN="$(find_pgbin)"
PSQL="$PGBIN/psql"
[[ -x "$PSQL" ]] || PSQL="$(command -v psql || true)"
[[ -n "$PSQL" ]] || die "psql not found"

# Run a PostgreSQL server program as the cluster's owner (without the lock's descriptor, which
# the server would otherwise keep open for its whole life).
as_owner() {
    if [[ "$(id -u)" == 0 ]]; then
        id postgres >/dev/null 2>&1 || die "running as root but there is no 'postgres' user to own the cluster"
        # The postgres user may not be able to read the current directory (initdb fails): run from /.
        (cd / && runuser -u postgres -- "$@" 9>&-)
    else
        "$@" 9>&-
    fi
}

superuser_psql() {
    "$PSQL" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres "$@"
}

server_answers() {
    "$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" >/dev/null 2>&1
}

# Stops whatever PostgreSQL listens on the port: through pg_ctl when its data directory is
# known, otherwise by signalling the postmaster.
stop_existing() {
    local datadir=""
    if [[ -f "$STATE_FILE" ]]; then datadir="$(cat "$STATE_FILE")"; fi
    if [[ -z "$datadir" || ! -f "$datadir/postmaster.pid" ]]; then
        datadir="$(superuser_psql -tA -c 'SHOW data_directory' 2>/dev/null || true)"
    fi
    if [[ -n "$datadir" && -f "$datadir/postmaster.pid" ]]; then
        log "stopping the PostgreSQL server of $datadir"
        as_owner "$PGBIN/pg_ctl" -D "$datadir" -m fast -w -t 30 stop >&2 || true
        if [[ "$datadir" == "${TMPDIR:-/tmp}"/allowance-pgdata-* && ! -f "$datadir/postmaster.pid" ]]; then
            rm -rf "$datadir"
        fi
    fi
    if server_answers; then
        local pids=""
        if command -v ss >/dev/null 2>&1; then
            pids="$(ss -ltnpH "sport = :$PG_PORT" 2>/dev/null | grep -o 'pid=[0-9]*' | cut -d= -f2 | sort -u || true)"
        fi
        if [[ -z "$pids" ]] && command -v pgrep >/dev/null 2>&1; then
            pids="$(pgrep -f -- "-p $PG_PORT( |$)" || true)"
        fi
        [[ -n "$pids" ]] || die "a server answers on port $PG_PORT but its process could not be found; stop it by hand"
        log "stopping the stale postmaster (pid $pids) on port $PG_PORT"
        # shellcheck disable=SC2086
        kill -INT $pids 2>/dev/null || true
        for _ in $(seq 1 30); do server_answers || break; sleep 1; done
        # shellcheck disable=SC2086
        server_answers && { kill -KILL $pids 2>/dev/null || true; sleep 1; }
    fi
    server_answers && die "could not stop the server on port $PG_PORT"
    forget_old_cluster
}

# Removes the data directory of an earlier cluster from this script that no longer runs.
forget_old_cluster() {
    [[ -f "$STATE_FILE" ]] || return 0
    local datadir
    datadir="$(cat "$STATE_FILE")"
    if [[ "$datadir" == "${TMPDIR:-/tmp}"/allowance-pgdata-* && -d "$datadir" ]]; then
        log "removing the old data directory $datadir"
        rm -rf "$datadir"
    fi
    rm -f "$STATE_FILE"
}

start_new_cluster() {
    local datadir
    datadir="$(mktemp -d "${TMPDIR:-/tmp}/allowance-pgdata-${PG_PORT}.XXXXXX")"
    if [[ "$(id -u)" == 0 ]]; then chown postgres:postgres "$datadir"; fi
    chmod 700 "$datadir"
    log "initdb into $datadir ($PGBIN)"
    as_owner "$PGBIN/initdb" -D "$datadir" -U postgres -A trust --no-sync >"$datadir.initdb.log" 2>&1 \
        || { cat "$datadir.initdb.log" >&2; die "initdb failed"; }
    rm -f "$datadir.initdb.log"
    log "starting PostgreSQL on 127.0.0.1:$PG_PORT"
    # max_connections: the test suite runs many servers at once (each with a pool per event
    # loop, three on one database in InstancesTests); the default 100 ran out.
    as_owner "$PGBIN/pg_ctl" -D "$datadir" -l "$datadir/server.log" -w -t 60 \
        -o "-p $PG_PORT -k $datadir -c listen_addresses=127.0.0.1 -c max_connections=400" \
        start >&2 || { cat "$datadir/server.log" >&2 || true; die "pg_ctl start failed"; }
    echo "$datadir" >"$STATE_FILE"
}

ensure_role_and_database() {
    superuser_psql -v role="$PG_USER" -v pass="$PG_PASSWORD" <<'SQL' >&2
SELECT format('CREATE ROLE %I LOGIN CREATEDB PASSWORD %L', :'role', :'pass')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
SQL
    superuser_psql -v db="$PG_DB" -v role="$PG_USER" <<'SQL' >&2
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'role')
WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SQL
}

if [[ "$PG_FRESH" == 1 ]]; then
    if server_answers; then stop_existing; fi
    start_new_cluster
elif server_answers; then
    log "reusing the PostgreSQL server already on 127.0.0.1:$PG_PORT"
    superuser_psql -c 'SELECT 1' >/dev/null 2>&1 \
        || die "a server answers on port $PG_PORT but will not let 'postgres' in; stop it or run with PG_FRESH=1"
else
    # A crashed earlier run may have left a data directory with a stale postmaster.pid: start anew.
    forget_old_cluster
    start_new_cluster
fi
ensure_role_and_database

url="postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${PG_PORT}/${PG_DB}"
PGPASSWORD="$PG_PASSWORD" "$PSQL" -X -q -h 127.0.0.1 -p "$PG_PORT" -U "$PG_USER" -d "$PG_DB" -c 'SELECT 1' >/dev/null \
    || die "cannot connect as $PG_USER to $PG_DB"
log "ready: $url"
echo "$url"
