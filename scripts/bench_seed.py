#!/usr/bin/env python3
"""Grow one child's ledger in an AllowanceTracker SQLite file to exactly N rows.

Used by scripts/bench.sh. The server must be STOPPED while this runs.

The file must already hold the migrated schema and the demo family (start the server once
with SEED_DEMO=1). The rows are written straight into SQLite, keeping every invariant that
`allowance-server verify` and the dashboards rely on:

  * history spread over the past ~3 years (a big ledger is an old ledger), with only a
    handful of entries in the current month (family time zone);
  * the child's existing rows (the demo "Opening balance") are moved to the start of that
    history, in their original order;
  * balance_after_cents is the running balance, never negative;
  * children.balance_cents is the final balance, and children.last_entry_number the last number;
  * if the schema has transactions.entry_number (per-child posting sequence), new rows are
    numbered on from the existing ones, in time order;
  * child_daily_totals for the child is rebuilt from all of its rows, with day keys
    'YYYY-MM-DD' in the family's time zone.

UUIDs and dates are written in whatever form the existing rows use (Fluent's SQLite driver
stores UUIDs as TEXT in this project, upper-case; BLOB is handled as well; dates are REAL
seconds since 1970).

With ``--pg URL`` instead of a file path the same rows go into PostgreSQL (through psql, see
bench_pg.py): COPY in one transaction, then ANALYZE of the two tables (autovacuum would do it
a minute later, in the middle of the measurement).

Usage: bench_seed.py DB_PATH N [--email kai@example.com] [--creator parent@example.com]
                               [--years 3] [--recent 12] [--seed 42]
       bench_seed.py --pg URL N [same options]
"""

import argparse
import bisect
import datetime as dt
import random
import sqlite3
import sys
import time
import uuid
from zoneinfo import ZoneInfo

CREDIT_TEXT = [
    ("Weekly allowance", "Allowance"),
    ("Chores: dishes", "Chores"),
    ("Chores: lawn", "Chores"),
    ("Birthday money from Grandma", "Gifts"),
    ("Lemonade stand", "Earnings"),
    ("Found coins", None),
]
DEBIT_TEXT = [
    ("Candy", "Food"),
    ("Comic book", "Books"),
    ("Toy car", "Toys"),
    ("Movie ticket", "Entertainment"),
    ("Stickers", None),
    ("Ice cream", "Food"),
]


def history_times(rng, now, tz, years, recent, need, existing):
    """The instants of `need` new rows, oldest first (`recent` of them this month, the rest
    over `years` before it), and of the `existing` rows, one second apart before them all."""
    start = now - years * 365.25 * 86400.0
    month_start = dt.datetime.fromtimestamp(now, tz).replace(day=1, hour=0, minute=0, second=0, microsecond=0).timestamp()
    recent = min(recent, need)
    times = sorted(rng.uniform(start, month_start - 1.0) for _ in range(need - recent))
    times += sorted(rng.uniform(month_start, now - 60.0) for _ in range(recent))
    return times, [start - (existing - i) for i in range(existing)]


class DayTotals:
    """Credits, debits and entries per local day in zone `tz`: child_daily_totals' rows."""

    def __init__(self, tz, opening_times, times, now):
        # Local midnights from before the first row to after now, to turn instants into day keys.
        first = opening_times[0] if opening_times else (times[0] if times else now)
        day = dt.datetime.fromtimestamp(first, tz).date() - dt.timedelta(days=1)
        last_day = dt.datetime.fromtimestamp(now, tz).date() + dt.timedelta(days=2)
        self.day_keys, self.midnights, self.totals = [], [], {}
        while day <= last_day:
            self.midnights.append(dt.datetime(day.year, day.month, day.day, tzinfo=tz).timestamp())
            self.day_keys.append(day.isoformat())
            day += dt.timedelta(days=1)

    def add(self, ts, kind, amount):
        t = self.totals.setdefault(self.day_keys[bisect.bisect_right(self.midnights, ts) - 1], [0, 0, 0])
        t[0 if kind == "Credit" else 1] += amount
        t[2] += 1

    def rows(self, child_id):
        return ((child_id, day, c, d, n) for day, (c, d, n) in sorted(self.totals.items()))


class RandomLedger:
    """Random credits and debits continuing from `balance`, never overdrawing; `balance` is
    the running balance as the entries are taken. Both databases' seeders use it, so their
    ledgers are the same shape."""

    def __init__(self, rng, balance, add_total):
        self.rng, self.balance, self.add_total = rng, balance, add_total

    def entries(self, times, first_number):
        """Yields (number, ts, kind, amount, description, category, notes, balance_after)."""
        rng = self.rng
        for number, ts in enumerate(times, start=first_number):
            if rng.random() < 0.5:
                kind, amount = "Debit", rng.randint(25, 1200)
                if amount > self.balance:
                    kind = "Credit"
            else:
                kind, amount = "Credit", rng.randint(50, 1500)
            if kind == "Credit":
                self.balance += amount
                desc, cat = CREDIT_TEXT[rng.randrange(len(CREDIT_TEXT))]
            else:
                self.balance -= amount
                desc, cat = DEBIT_TEXT[rng.randrange(len(DEBIT_TEXT))]
            self.add_total(ts, kind, amount)
            notes = "bench seed" if rng.random() < 0.05 else None
            yield number, ts, kind, amount, desc, cat, notes, self.balance


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("db", nargs="?", help="the SQLite file (or --pg)")
    ap.add_argument("rows", type=int, help="total ledger rows the child should have")
    ap.add_argument("--email", default="kai@example.com", help="the child's sign-in email")
    ap.add_argument("--creator", default="parent@example.com", help="email stored as created_by")
    ap.add_argument("--years", type=float, default=3.0)
    ap.add_argument("--recent", type=int, default=12, help="rows placed in the current month")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--pg", metavar="URL", help="seed this PostgreSQL database instead of a SQLite file")
    args = ap.parse_args()
    if args.pg:
        return seed_postgres(args)
    if not args.db:
        ap.error("a SQLite file or --pg URL is required")

    started = time.monotonic()
    rng = random.Random(args.seed)
    con = sqlite3.connect(args.db, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=OFF")
    con.execute("PRAGMA cache_size=-262144")  # 256 MiB: the random-UUID primary key index stays in memory
    con.execute("PRAGMA temp_store=MEMORY")

    row = con.execute(
        """SELECT c.id, typeof(c.id), f.time_zone FROM children c
           JOIN users u ON u.id = c.user_id JOIN families f ON f.id = c.family_id
           WHERE u.email = ?""",
        (args.email,),
    ).fetchone()
    if row is None:
        print(f"bench_seed: no child with email {args.email} in {args.db}", file=sys.stderr)
        return 2
    child_id, id_type, tz_name = row
    creator = con.execute("SELECT id FROM users WHERE email = ?", (args.creator,)).fetchone()
    creator_id = creator[0] if creator else None

    if id_type == "blob":
        def new_id():
            return uuid.uuid4().bytes
    else:
        upper = isinstance(child_id, str) and child_id == child_id.upper()

        def new_id():
            text = str(uuid.uuid4())
            return text.upper() if upper else text

    # Columns this script fills; a newer schema with another required column needs a change here.
    columns = {r[1]: r for r in con.execute("PRAGMA table_info(transactions)")}
    known = {"id", "child_id", "amount_cents", "type", "description", "category", "notes",
             "balance_after_cents", "created_by", "created_at", "entry_number"}
    unknown = [name for name, r in columns.items() if r[3] and r[4] is None and name not in known]
    if unknown:
        print(f"bench_seed: transactions has required columns this script does not fill: {unknown}", file=sys.stderr)
        return 2
    # Per-child posting sequence (when the schema has it): 1, 2, 3... in posting order.
    numbered = "entry_number" in columns

    tz = ZoneInfo(tz_name)
    order = "entry_number, created_at, id" if numbered else "created_at, id"
    existing = con.execute(
        f"SELECT id, type, amount_cents FROM transactions WHERE child_id = ? ORDER BY {order}", (child_id,)
    ).fetchall()
    next_number = 1
    if numbered:
        next_number = con.execute(
            "SELECT COALESCE(MAX(entry_number), 0) + 1 FROM transactions WHERE child_id = ?", (child_id,)
        ).fetchone()[0]
    need = args.rows - len(existing)
    if need < 0:
        print(f"bench_seed: child already has {len(existing)} rows, more than {args.rows}", file=sys.stderr)
        return 2

    now = time.time()
    times, opening_times = history_times(rng, now, tz, args.years, args.recent, need, len(existing))
    day_totals = DayTotals(tz, opening_times, times, now)
    add_total = day_totals.add

    balance = 0
    updates = []
    for (rid, kind, amount), ts in zip(existing, opening_times):
        balance += amount if kind == "Credit" else -amount
        if balance < 0:
            print("bench_seed: the existing rows overdraw the child", file=sys.stderr)
            return 2
        add_total(ts, kind, amount)
        updates.append((ts, balance, rid))

    ledger = RandomLedger(rng, balance, add_total)

    def generate():
        for number, ts, kind, amount, desc, cat, notes, after in ledger.entries(times, next_number):
            row = (new_id(), child_id, amount, kind, desc, cat, notes, after, creator_id, ts)
            yield row + (number,) if numbered else row

    con.execute("BEGIN")
    try:
        con.executemany("UPDATE transactions SET created_at = ?, balance_after_cents = ? WHERE id = ?", updates)
        con.executemany(
            f"""INSERT INTO transactions (id, child_id, amount_cents, type, description, category, notes,
                                          balance_after_cents, created_by, created_at{", entry_number" if numbered else ""})
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?{", ?" if numbered else ""})""",
            generate(),
        )
        balance = ledger.balance
        # The child's day totals are rebuilt from every one of its rows.
        con.execute("DELETE FROM child_daily_totals WHERE child_id = ?", (child_id,))
        con.executemany(
            """INSERT INTO child_daily_totals (child_id, day, credits_cents, debits_cents, entry_count)
               VALUES (?, ?, ?, ?, ?)
               ON CONFLICT(child_id, day) DO UPDATE SET
                   credits_cents = credits_cents + excluded.credits_cents,
                   debits_cents = debits_cents + excluded.debits_cents,
                   entry_count = entry_count + excluded.entry_count""",
            day_totals.rows(child_id),
        )
        first_ts = opening_times[0] if opening_times else (times[0] if times else now)
        con.execute(
            "UPDATE children SET balance_cents = ?, created_at = MIN(COALESCE(created_at, ?), ?) WHERE id = ?",
            (balance, first_ts, first_ts, child_id),
        )
        # The child's row keeps the number of its latest entry (the server numbers on from it).
        if "last_entry_number" in {r[1] for r in con.execute("PRAGMA table_info(children)")}:
            con.execute(
                "UPDATE children SET last_entry_number = (SELECT MAX(entry_number) FROM transactions WHERE child_id = ?) WHERE id = ?",
                (child_id, child_id),
            )
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    count = con.execute("SELECT COUNT(*) FROM transactions WHERE child_id = ?", (child_id,)).fetchone()[0]
    days = con.execute("SELECT COUNT(*), SUM(entry_count) FROM child_daily_totals WHERE child_id = ?", (child_id,)).fetchone()
    con.close()
    print(
        f"bench_seed: {args.email}: {count} ledger rows ({need} added), {days[0]} day totals covering {days[1]} rows, "
        f"balance {balance / 100:.2f}, in {time.monotonic() - started:.1f}s"
    )
    return 0 if count == args.rows and days[1] == count else 1


def seed_postgres(args) -> int:
    """The same ledger as the SQLite path, into PostgreSQL through psql (native uuid and timestamptz)."""
    from bench_pg import PG, literal, stamp
    started = time.monotonic()
    rng = random.Random(args.seed)
    db = PG(args.pg)
    found = db.query("SELECT c.id, f.time_zone FROM children c JOIN users u ON u.id = c.user_id "
                     f"JOIN families f ON f.id = c.family_id WHERE u.email = {literal(args.email)}")
    if not found:
        print(f"bench_seed: no child with email {args.email}", file=sys.stderr)
        return 2
    child_id, tz_name = found[0]
    creator = db.query(f"SELECT id FROM users WHERE email = {literal(args.creator)}")
    creator_id = creator[0][0] if creator else None
    columns = db.columns("transactions")
    known = {"id", "child_id", "amount_cents", "type", "description", "category", "notes",
             "balance_after_cents", "created_by", "created_at", "entry_number"}
    unknown = [c for c, (required, has_default, _) in columns.items() if required and not has_default and c not in known]
    if unknown:
        print(f"bench_seed: transactions has required columns this script does not fill: {unknown}", file=sys.stderr)
        return 2
    existing = db.query(f"SELECT id, type, amount_cents FROM transactions WHERE child_id = {literal(child_id)} "
                        "ORDER BY entry_number, created_at, id")
    next_number = len(existing) + 1
    if existing:
        next_number = int(db.query(f"SELECT MAX(entry_number) + 1 FROM transactions WHERE child_id = {literal(child_id)}")[0][0])
    need = args.rows - len(existing)
    if need < 0:
        print(f"bench_seed: child already has {len(existing)} rows, more than {args.rows}", file=sys.stderr)
        return 2

    tz = ZoneInfo(tz_name)
    now = time.time()
    times, opening_times = history_times(rng, now, tz, args.years, args.recent, need, len(existing))
    day_totals = DayTotals(tz, opening_times, times, now)
    add_total = day_totals.add

    balance = 0
    script = db.script()
    script.sql("BEGIN")
    for (rid, kind, amount), ts in zip(existing, opening_times):
        balance += int(amount) if kind == "Credit" else -int(amount)
        add_total(ts, kind, int(amount))
        script.sql(f"UPDATE transactions SET created_at = {literal(stamp(ts))}, balance_after_cents = {balance} "
                   f"WHERE id = {literal(rid)}")

    ledger = RandomLedger(rng, balance, add_total)

    def generate():
        for number, ts, kind, amount, desc, cat, notes, after in ledger.entries(times, next_number):
            yield (str(uuid.uuid4()), child_id, amount, kind, desc, cat, notes, after, creator_id, stamp(ts), number)

    script.copy("transactions", ["id", "child_id", "amount_cents", "type", "description", "category", "notes",
                                 "balance_after_cents", "created_by", "created_at", "entry_number"], generate())
    balance = ledger.balance
    script.sql(f"DELETE FROM child_daily_totals WHERE child_id = {literal(child_id)}")
    script.copy("child_daily_totals", ["child_id", "day", "credits_cents", "debits_cents", "entry_count"],
                day_totals.rows(child_id))
    first_ts = stamp(opening_times[0] if opening_times else (times[0] if times else now))
    script.sql(f"UPDATE children SET balance_cents = {balance}, created_at = LEAST(COALESCE(created_at, {literal(first_ts)}), "
               f"{literal(first_ts)}) WHERE id = {literal(child_id)}")
    # The child's row keeps the number of its latest entry (the server numbers on from it).
    if "last_entry_number" in db.columns("children"):
        script.sql(f"UPDATE children SET last_entry_number = (SELECT MAX(entry_number) FROM transactions "
                   f"WHERE child_id = {literal(child_id)}) WHERE id = {literal(child_id)}")
    script.sql("COMMIT")
    script.sql("ANALYZE transactions")
    script.sql("ANALYZE child_daily_totals")
    script.finish()
    count = int(db.query(f"SELECT COUNT(*) FROM transactions WHERE child_id = {literal(child_id)}")[0][0])
    days = db.query(f"SELECT COUNT(*), SUM(entry_count) FROM child_daily_totals WHERE child_id = {literal(child_id)}")[0]
    print(f"bench_seed: {args.email}: {count} ledger rows ({need} added), {days[0]} day totals covering {days[1]} rows, "
          f"balance {balance / 100:.2f}, in {time.monotonic() - started:.1f}s (PostgreSQL)")
    return 0 if count == args.rows and int(days[1]) == count else 1


if __name__ == "__main__":
    sys.exit(main())
