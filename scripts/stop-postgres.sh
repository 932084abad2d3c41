#!/usr/bin/env bash
# Stops the PostgreSQL that scripts/start-postgres.sh started on PG_PORT (55432) and removes
# its temporary data directory. Does nothing when none is running.
set -euo pipefail

PG_PORT="${PG_PORT:-55432}"
STATE_FILE="${TMPDIR:-/tmp}/allowance-postgres-${PG_PORT}.datadir"

log() { echo "stop-postgres: $*" >&2; }

[[ -f "$STATE_FILE" ]] || { log "no PostgreSQL started by start-postgres.sh on port $PG_PORT"; exit 0; }
datadir="$(cat "$STATE_FILE")"

pg_ctl_bin="${PGBIN:+$PGBIN/pg_ctl}"
if [[ -z "$pg_ctl_bin" ]]; then
    for dir in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
        [[ -x "$dir/pg_ctl" ]] && { pg_ctl_bin="$dir/pg_ctl"; break; }
    done
fi
[[ -n "$pg_ctl_bin" ]] || pg_ctl_bin="$(command -v pg_ctl || true)"

if [[ -f "$datadir/postmaster.pid" && -n "$pg_ctl_bin" ]]; then
    log "stopping PostgreSQL ($datadir)"
    if [[ "$(id -u)" == 0 ]]; then
        (cd / && runuser -u postgres -- "$pg_ctl_bin" -D "$datadir" -m fast -w -t 30 stop >&2) || true
    else
        "$pg_ctl_bin" -D "$datadir" -m fast -w -t 30 stop >&2 || true
    fi
fi
if [[ "$datadir" == "${TMPDIR:-/tmp}"/allowance-pgdata-* && -d "$datadir" && ! -f "$datadir/postmaster.pid" ]]; then
    rm -rf "$datadir"
fi
rm -f "$STATE_FILE"
