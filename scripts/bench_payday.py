#!/usr/bin/env python3
"""Payday benchmark helpers for scripts/bench.sh (the server must be STOPPED while this runs).

  bench_payday.py seed DB N   adds N children with a $10.00 allowance due on one Wednesday, in
                              N/4 families of 4 spread over four time zones, and pauses every
                              other child's allowance so that only these N are owed. Prints the
                              instant to give `allowance-server run-jobs --at` (Wednesday 12:00
                              UTC, after every zone's Wednesday midnight, before any Thursday).
  bench_payday.py raw DB N    times inserting N ledger rows straight into a copy of the
                              `transactions` table (same columns and indexes) in the same file:
                              one executemany in one transaction, committed. Prints seconds.
                              The copy is dropped afterwards; the real ledger is not touched.

The file must hold the migrated schema and the demo family (run the server once, or any
command, with SEED_DEMO=1): its rows show how this database stores UUIDs (BLOB or TEXT) and
dates (REAL seconds since 1970). Each new child is created three days before the payday, so
exactly one payday is owed to each.
"""

import datetime as dt
import sqlite3
import sys
import time
import uuid

ZONES = ["UTC", "America/New_York", "Europe/Oslo", "Asia/Tokyo"]
WEDNESDAY = 3  # the documents number weekdays from Sunday = 0


def connect(path):
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA busy_timeout = 10000")
    return con


def id_maker(con):
    """New UUIDs in the form the existing rows use."""
    row = con.execute("SELECT id, typeof(id) FROM families LIMIT 1").fetchone()
    if row is None:
        sys.exit("bench_payday: no family yet; start the server (or any command) once with SEED_DEMO=1")
    sample, kind = row
    if kind == "blob":
        return lambda: uuid.uuid4().bytes
    upper = isinstance(sample, str) and sample == sample.upper()
    return lambda: str(uuid.uuid4()).upper() if upper else str(uuid.uuid4())


def check_dates(con):
    kind = con.execute("SELECT typeof(created_at) FROM transactions LIMIT 1").fetchone()
    if kind is not None and kind[0] != "real":
        sys.exit(f"bench_payday: dates are stored as {kind[0]}, this script writes REAL seconds")


def insert(con, table, values):
    """INSERT one row per dict; refuses a schema with a required column it does not fill."""
    columns = {r[1]: r for r in con.execute(f"PRAGMA table_info({table})")}
    given = set(values[0])
    missing = [name for name, r in columns.items() if r[3] and r[4] is None and name not in given]
    if missing:
        sys.exit(f"bench_payday: {table} has required columns this script does not fill: {missing}")
    names = [name for name in values[0] if name in columns]
    sql = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})"
    con.executemany(sql, [tuple(row[name] for name in names) for row in values])


def next_wednesday(now):
    day = (now + dt.timedelta(days=2)).date()
    while day.isoweekday() % 7 != WEDNESDAY:
        day += dt.timedelta(days=1)
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc)


def seed(path, n):
    con = connect(path)
    new_id = id_maker(con)
    check_dates(con)
    payday = next_wednesday(dt.datetime.now(dt.timezone.utc))
    created = (payday - dt.timedelta(days=3)).timestamp()
    tag = uuid.uuid4().hex[:8]
    families, users, children = [], [], []
    for index in range(n):
        if index % 4 == 0:
            family_id = new_id()
            families.append({"id": family_id, "name": f"Bench family {index // 4}",
                             "time_zone": ZONES[(index // 4) % len(ZONES)], "created_at": created})
        user_id = new_id()
        users.append({"id": user_id, "family_id": family_id, "email": f"bench-{tag}-{index}@example.com",
                      "password_hash": "-", "first_name": f"Child{index}", "last_name": "Bench", "role": "Child",
                      "created_at": created})
        children.append({"id": new_id(), "user_id": user_id, "family_id": family_id, "weekly_allowance_cents": 1000,
                         "allowance_day": WEDNESDAY, "balance_cents": 0, "created_at": created,
                         "allowance_paused": 0, "allowance_resumed_at": None})
    con.execute("BEGIN")
    # Only the bench children are owed: the demo children (and any others) wait.
    con.execute("UPDATE children SET allowance_paused = 1")
    insert(con, "families", families)
    insert(con, "users", users)
    insert(con, "children", children)
    con.execute("COMMIT")
    print((payday + dt.timedelta(hours=12)).strftime("%Y-%m-%dT%H:%M:%SZ"))


def raw(path, n):
    con = connect(path)
    new_id = id_maker(con)
    ddl = con.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'transactions'").fetchone()[0]
    indexes = [r[0] for r in con.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL")]
    copy = "bench_raw_transactions"
    con.execute(f"DROP TABLE IF EXISTS {copy}")
    table_name = '"transactions"' if '"transactions"' in ddl else "transactions"
    con.execute(ddl.replace(table_name, copy, 1))
    for index_sql in indexes:
        # Index names are database-wide: the copy's are named after it.
        con.execute(index_sql.replace("transactions", copy))
    child_ids = [r[0] for r in con.execute("SELECT id FROM children LIMIT ?", (n,))]
    now = time.time()
    rows = [(new_id(), child_ids[i % len(child_ids)], 1000, "Credit", "Weekly allowance", "Allowance", None,
             1000, None, now, i // len(child_ids) + 1) for i in range(n)]
    started = time.perf_counter()
    con.execute("BEGIN")
    con.executemany(
        f"INSERT INTO {copy} (id, child_id, amount_cents, type, description, category, notes, balance_after_cents,"
        " created_by, created_at, entry_number) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    con.execute("COMMIT")
    elapsed = time.perf_counter() - started
    con.execute(f"DROP TABLE {copy}")
    print(f"{elapsed:.3f}")


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("seed", "raw"):
        sys.exit(__doc__)
    command, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if n < 1:
        sys.exit("bench_payday: N must be at least 1")
    seed(path, n) if command == "seed" else raw(path, n)


if __name__ == "__main__":
    main()
