#!/usr/bin/env python3
"""Payday benchmark helpers for scripts/bench.sh (the server must be STOPPED while this runs).

  bench_payday.py seed DB N   adds N children with a $10.00 allowance due on one Wednesday, in
                              N/4 families of 4 spread over four time zones, and pauses every
                              other child's allowance so that only these N are owed. Prints the
                              instant to give `allowance-server run-jobs --at` (Wednesday 12:00
                              UTC, after every zone's Wednesday midnight, before any Thursday).
  bench_payday.py raw DB N    times inserting N ledger rows straight into a copy of the
                              `transactions` table (same columns and indexes) in the same file:
                              one executemany in one transaction, committed. Does it three
                              times, each into a new copy, and prints the fastest in seconds.
                              The copy is dropped afterwards; the real ledger is not touched.

The file must hold the migrated schema and the demo family (run the server once, or any
command, with SEED_DEMO=1): its rows show how this database stores UUIDs (BLOB or TEXT) and
dates (REAL seconds since 1970). Each new child is created three days before the payday, so
exactly one payday is owed to each.

With ``--pg URL`` in place of DB the same is done in PostgreSQL through psql (bench_pg.py):
the seed as COPY, the raw insert as one INSERT ... SELECT over generate_series of N rows into
``CREATE TABLE ... (LIKE transactions INCLUDING ALL)``, in one transaction, timed by psql's
``\timing`` (INSERT plus COMMIT).
"""

import datetime as dt
import sqlite3
import sys
import time
import uuid

ZONES = ["UTC", "America/New_York", "Europe/Oslo", "Asia/Tokyo"]
WEDNESDAY = 3  # the documents number weekdays from Sunday = 0
RAW_RUNS = 3


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
    return elapsed


def seed_postgres(url, n):
    from bench_pg import PG, stamp
    db = PG(url)
    payday = next_wednesday(dt.datetime.now(dt.timezone.utc))
    created = stamp((payday - dt.timedelta(days=3)).timestamp())
    tag = uuid.uuid4().hex[:8]
    families, users, children = [], [], []
    for index in range(n):
        if index % 4 == 0:
            family_id = str(uuid.uuid4())
            families.append((family_id, f"Bench family {index // 4}", ZONES[(index // 4) % len(ZONES)], created))
        user_id = str(uuid.uuid4())
        users.append((user_id, family_id, f"bench-{tag}-{index}@example.com", "-", f"Child{index}", "Bench", "Child", created))
        children.append((str(uuid.uuid4()), user_id, family_id, 1000, WEDNESDAY, 0, created, False, None))
    script = db.script()
    script.sql("BEGIN")
    script.sql("UPDATE children SET allowance_paused = TRUE")
    script.copy("families", ["id", "name", "time_zone", "created_at"], families)
    script.copy("users", ["id", "family_id", "email", "password_hash", "first_name", "last_name", "role", "created_at"], users)
    script.copy("children", ["id", "user_id", "family_id", "weekly_allowance_cents", "allowance_day", "balance_cents",
                             "created_at", "allowance_paused", "allowance_resumed_at"], children)
    script.sql("COMMIT")
    for table in ("families", "users", "children"):
        script.sql(f"ANALYZE {table}")
    script.finish()
    print((payday + dt.timedelta(hours=12)).strftime("%Y-%m-%dT%H:%M:%SZ"))


def raw_postgres(url, n):
    import re
    import subprocess
    copy = "bench_raw_transactions"
    sql = f"""
DROP TABLE IF EXISTS {copy};
CREATE TABLE {copy} (LIKE transactions INCLUDING ALL);
CREATE TEMP TABLE bench_children AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM children LIMIT {n};
\\timing on
BEGIN;
INSERT INTO {copy} (id, child_id, amount_cents, type, description, category, notes, balance_after_cents, created_by,
                    created_at, entry_number)
SELECT gen_random_uuid(), c.id, 1000, 'Credit', 'Weekly allowance', 'Allowance', NULL, 1000, NULL, now(),
       i / (SELECT COUNT(*) FROM bench_children) + 1
FROM generate_series(0, {n - 1}) AS i JOIN bench_children c ON c.k = i % (SELECT COUNT(*) FROM bench_children);
COMMIT;
\\timing off
DROP TABLE {copy};
"""
    out = subprocess.run(["psql", "-X", "-v", "ON_ERROR_STOP=1", url], input=sql, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"bench_payday: psql failed: {out.stderr.strip()}")
    times = [float(t) for t in re.findall(r"^Time: ([\d.]+) ms", out.stdout, re.M)]
    inserted = re.search(r"^INSERT 0 (\d+)", out.stdout, re.M)
    if len(times) < 3 or not inserted or int(inserted.group(1)) != n:
        sys.exit(f"bench_payday: unexpected psql output: {out.stdout[-500:]}")
    # BEGIN, INSERT, COMMIT: the insert and its commit.
    return (times[1] + times[2]) / 1000


def main():
    args = sys.argv[1:]
    pg = None
    if len(args) == 4 and args[1] == "--pg":
        pg = args.pop(2)
        args[1] = pg
    if len(args) != 3 or args[0] not in ("seed", "raw"):
        sys.exit(__doc__)
    command, path, n = args[0], args[1], int(args[2])
    if n < 1:
        sys.exit("bench_payday: N must be at least 1")
    if command == "seed":
        seed_postgres(pg, n) if pg else seed(path, n)
    else:
        # The fastest of three: one insert alone moved by half between runs on PostgreSQL
        # (0.037 to 0.092 s), with whatever the database was doing in the background.
        print(f"{min(raw_postgres(pg, n) if pg else raw(path, n) for _ in range(RAW_RUNS)):.3f}")


if __name__ == "__main__":
    main()
