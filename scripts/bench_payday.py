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
  bench_payday.py raw-all DB N  the same, with every other row a payday writes beside the
                              ledger rows, each table a copy: N notifications, N day totals
                              and N balances updated (a copy of `children`, filled first,
                              untimed). The floor of any payday, for reference.

The file must hold the migrated schema and the demo family (run the server once, or any
command, with SEED_DEMO=1): its rows show how this database stores UUIDs (BLOB or TEXT) and
dates (REAL seconds since 1970). Each new child is created three days before the payday, so
exactly one payday is owed to each.

With ``--pg URL`` in place of DB the same is done in PostgreSQL through psql (bench_pg.py):
the seed as COPY, the raw insert as one INSERT ... SELECT over generate_series of N rows into
``CREATE TABLE ... (LIKE transactions INCLUDING ALL)``, in one transaction, timed by psql's
``\timing`` (INSERT plus COMMIT); raw-all likewise for each of its tables.
"""

import datetime as dt
import sqlite3
import sys
import time
import uuid

ZONES = ["UTC", "America/New_York", "Europe/Oslo", "Asia/Tokyo"]
WEDNESDAY = 3  # the documents number weekdays from Sunday = 0
RAW_RUNS = 3
# What a $10.00 payday tells the child (PaydayService.notification), for the raw writes.
NOTE_TITLE, NOTE_MESSAGE = "Allowance day: +$10.00", "Your weekly allowance of $10.00 has arrived."


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


def copy_table(con, table):
    """An empty copy of `table` (its columns, keys and indexes, no triggers) named bench_raw_<table>."""
    ddl = con.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone()[0]
    indexes = [r[0] for r in con.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", (table,))]
    copy = f"bench_raw_{table}"
    con.execute(f"DROP TABLE IF EXISTS {copy}")
    quoted = f'"{table}"'
    con.execute(ddl.replace(quoted if quoted in ddl else table, copy, 1))
    for index_sql in indexes:
        # Index names are database-wide: the copy's are named after it.
        con.execute(index_sql.replace(table, copy))
    return copy


def raw(path, n, everything=False):
    """Seconds to insert n ledger rows into a copy of `transactions`, committed. With
    `everything`, the other rows a payday writes too, each table a copy: n notifications, n day
    totals and n balances updated (the children's rows copied first, untimed)."""
    con = connect(path)
    new_id = id_maker(con)
    ledger = copy_table(con, "transactions")
    children = [r for r in con.execute("SELECT id, user_id FROM children LIMIT ?", (n,))]
    now = time.time()
    rows = [(new_id(), children[i % len(children)][0], 1000, "Credit", "Weekly allowance", "Allowance", None,
             1000, None, now, i // len(children) + 1) for i in range(n)]
    copies = [ledger]
    if everything:
        notes, totals, kids = copy_table(con, "notifications"), copy_table(con, "child_daily_totals"), copy_table(con, "children")
        copies += [notes, totals, kids]
        con.execute(f"INSERT INTO {kids} SELECT * FROM children")
        day = time.strftime("%Y-%m-%d", time.gmtime(now))
        note_rows = [(new_id(), children[i % len(children)][1], "Allowance", NOTE_TITLE, NOTE_MESSAGE,
                      children[i % len(children)][0], 0, now) for i in range(n)]
        # One row a child and day: a payday's children are distinct (n at most the children there are).
        total_rows = [(child, day, 1000, 0, 1, 0, 0) for child, _ in children[:n]]
        balance_rows = [(day, now, child) for child, _ in children[:n]]
    started = time.perf_counter()
    con.execute("BEGIN")
    con.executemany(
        f"INSERT INTO {ledger} (id, child_id, amount_cents, type, description, category, notes, balance_after_cents,"
        " created_by, created_at, entry_number) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    if everything:
        con.executemany(f"INSERT INTO {notes} (id, user_id, type, title, message, child_id, is_read, created_at)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", note_rows)
        con.executemany(f"INSERT INTO {totals} (child_id, day, credits_cents, debits_cents, entry_count, saved_in_cents,"
                        " saved_out_cents) VALUES (?, ?, ?, ?, ?, ?, ?)", total_rows)
        con.executemany(f"UPDATE {kids} SET balance_cents = balance_cents + weekly_allowance_cents,"
                        " last_entry_number = last_entry_number + 1, last_payday = ?, last_paid_at = ? WHERE id = ?",
                        balance_rows)
    con.execute("COMMIT")
    elapsed = time.perf_counter() - started
    for copy in copies:
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


def raw_postgres(url, n, everything=False):
    """`raw` in PostgreSQL: each copy `CREATE TABLE ... (LIKE ... INCLUDING ALL)`, its rows one
    INSERT ... SELECT over generate_series (the balances one UPDATE ... FROM), in one
    transaction timed by psql's \\timing."""
    import re
    import subprocess
    copies = ["transactions"] + (["notifications", "child_daily_totals", "children"] if everything else [])
    # n rows, the children taken in turn.
    each_row = f"FROM generate_series(0, {n - 1}) AS i JOIN bench_children c ON c.k = i % (SELECT COUNT(*) FROM bench_children)"
    setup = "".join(f"DROP TABLE IF EXISTS bench_raw_{t};\nCREATE TABLE bench_raw_{t} (LIKE {t} INCLUDING ALL);\n" for t in copies)
    writes = f"""
INSERT INTO bench_raw_transactions (id, child_id, amount_cents, type, description, category, notes, balance_after_cents,
                    created_by, created_at, entry_number)
SELECT gen_random_uuid(), c.id, 1000, 'Credit', 'Weekly allowance', 'Allowance', NULL, 1000, NULL, now(),
       i / (SELECT COUNT(*) FROM bench_children) + 1
{each_row};
"""
    if everything:
        setup += "INSERT INTO bench_raw_children SELECT * FROM children;\n"
        writes += f"""
INSERT INTO bench_raw_notifications (id, user_id, type, title, message, child_id, is_read, created_at)
SELECT gen_random_uuid(), c.user_id, 'Allowance', '{NOTE_TITLE}', '{NOTE_MESSAGE}', c.id, FALSE, now()
{each_row};
INSERT INTO bench_raw_child_daily_totals (child_id, day, credits_cents, debits_cents, entry_count, saved_in_cents, saved_out_cents)
SELECT c.id, to_char(now(), 'YYYY-MM-DD'), 1000, 0, 1, 0, 0 FROM bench_children c;
UPDATE bench_raw_children SET balance_cents = balance_cents + weekly_allowance_cents, last_entry_number = last_entry_number + 1,
       last_payday = to_char(now(), 'YYYY-MM-DD'), last_paid_at = now()
FROM bench_children c WHERE bench_raw_children.id = c.id;
"""
    sql = f"""
{setup}CREATE TEMP TABLE bench_children AS SELECT id, user_id, row_number() OVER (ORDER BY id) - 1 AS k FROM children LIMIT {n};
\\timing on
BEGIN;
{writes}COMMIT;
\\timing off
{"".join(f"DROP TABLE bench_raw_{t};" for t in copies)}
"""
    out = subprocess.run(["psql", "-X", "-v", "ON_ERROR_STOP=1", url], input=sql, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"bench_payday: psql failed: {out.stderr.strip()}")
    timed = out.stdout.partition("Timing is on.")[2]
    times = [float(t) for t in re.findall(r"^Time: ([\d.]+) ms", timed, re.M)]
    inserted = re.search(r"^INSERT 0 (\d+)", timed, re.M)
    statements = len(copies)
    if len(times) != statements + 2 or not inserted or int(inserted.group(1)) != n:
        sys.exit(f"bench_payday: unexpected psql output: {out.stdout[-500:]}")
    # After BEGIN: the writes and their commit.
    return sum(times[1:]) / 1000


def main():
    args = sys.argv[1:]
    pg = None
    if len(args) == 4 and args[1] == "--pg":
        pg = args.pop(2)
        args[1] = pg
    if len(args) != 3 or args[0] not in ("seed", "raw", "raw-all"):
        sys.exit(__doc__)
    command, path, n = args[0], args[1], int(args[2])
    if n < 1:
        sys.exit("bench_payday: N must be at least 1")
    if command == "seed":
        seed_postgres(pg, n) if pg else seed(path, n)
    else:
        # The fastest of three: one insert alone moved by half between runs on PostgreSQL
        # (0.037 to 0.092 s), with whatever the database was doing in the background.
        everything = command == "raw-all"
        print(f"{min(raw_postgres(pg, n, everything) if pg else raw(path, n, everything) for _ in range(RAW_RUNS)):.3f}")


if __name__ == "__main__":
    main()
