#!/usr/bin/env python3
"""Seed the mixed-workload benchmark database: many families with a year of real-looking money.

Used by scripts/bench.sh (section 7). The server must be STOPPED while this runs, and the
database must already hold the migrated schema (any `allowance-server` command migrates it;
bench.sh runs `verify` with SEED_DEMO=0 first). Rows go straight into the database:

  * SQLite (``--sqlite PATH``): Python's sqlite3, one transaction, executemany;
  * PostgreSQL (``--pg URL``): one ``psql`` process fed ``COPY ... FROM STDIN`` blocks, one
    transaction (no Python driver needed, only the psql client).

Each family (``--families``, default 1,000) has one parent and ``--children`` (default 3)
children, created ``--weeks`` (default 52) weeks ago, in one of four time zones. Each child has:

  * an opening balance, then every weekly payday since (``Weekly allowance`` at local midnight
    of the allowance day, the last one claimed on the child's row, ``last_payday`` and
    ``last_paid_at``, and the child's ``Allowance day`` notification), each followed by the
    auto-transfer into the first goal;
  * spending one to two times a week (``Candy``, ``Comic book``...), chores paid through the
    family's ``Chores`` quick-add template (counted in ``template_usage``), and a weekly
    recurring chore (a ``recurring_transactions`` schedule whose past occurrences are posted
    and claimed, its next one in the future);
  * two savings goals (the second opened half-way through the year) with the child's own
    deposits, the auto-transfers, their milestones and the milestone notifications;
  * a notification for every money movement, as the server sends them (older ones read).

Every invariant that ``allowance-server verify`` and the reads rely on holds: the ledger's
``balance_after_cents`` is the running balance (never below a reserve, so the benchmark's
small debits are never refused), ``children.balance_cents`` is the last of them,
``entry_number`` counts 1, 2, 3... per child and per goal (the last on the child's and the goal's
``last_entry_number``), ``child_daily_totals`` holds each
local day's credits, debits, entries and goal deposits, each goal's amount is the sum of its
contribution rows. Passwords are all ``allowance`` (a bcrypt hash of cost 4, so that signing
in hundreds of users is quick).

Writes a manifest (JSON) the load generator reads: for each family its id, the parent's
email and user id, the template ids, and each child's id, user id, email and goal ids.

Usage: bench_mixed_seed.py (--sqlite PATH | --pg URL) --manifest OUT.json
                           [--families 1000] [--children 3] [--weeks 52] [--seed 7]
"""

import argparse
import bisect
import datetime as dt
import json
import random
import sqlite3
import subprocess
import sys
import time
import uuid

from bench_pg import copy_field
from zoneinfo import ZoneInfo

# bcrypt("allowance", cost 4), made once with Python's `bcrypt` package (bcrypt.gensalt(rounds=4)).
# The server reads the cost from the hash, so sign-in checks it in about a millisecond.
PASSWORD_HASH = "$2b$04$guJpHMPHN1b8FJvWuM6Nn.nyQFWAIxlS0vTmsrPuogdrwSpo9Kviy"

ZONES = ["America/New_York", "Europe/Oslo", "America/Los_Angeles", "Asia/Tokyo"]
PARENT_NAMES = ["Alex", "Sam", "Jordan", "Taylor", "Morgan", "Casey", "Robin", "Jamie"]
CHILD_NAMES = ["Kai", "Freya", "Mia", "Leo", "Noah", "Ava", "Ella", "Finn", "Ivy", "Theo", "Luna", "Max"]
SPENDING = [("Candy", "Food", 50, 300), ("Comic book", "Books", 300, 600), ("Stickers", "Fun", 100, 300),
            ("Ice cream", "Food", 250, 450), ("Movie ticket", "Fun", 600, 1200), ("Toy car", "Toys", 400, 900),
            ("Game app", "Games", 99, 499), ("Snacks", "Food", 100, 350)]
CHORES = ["Feed the cat", "Take out the trash", "Walk the dog", "Water the plants", "Tidy the room"]
GOALS_A = [("Lego Castle", 1), ("New bike", 4), ("Video game", 2), ("Headphones", 3), ("Skateboard", 1)]
GOALS_B = [("Art set", 99), ("Concert ticket", 5), ("Gift for Mom", 99), ("Books", 99), ("Charity", 7)]
RESERVE_CENTS = 25_00       # spending never takes a balance below this (the benchmark's debits stay ample)
AUTO_TRANSFER_CENTS = 1_00  # into the first goal on every payday
CHORE_TEMPLATE_CENTS = 2_00
RECURRING_CENTS = 1_50
MILESTONES = (25, 50, 75, 100)
MILESTONE_TEXT = {25: "A quarter of the way to {name}!", 50: "Halfway to {name}!", 75: "Almost there: {name} is close!",
                  100: "You did it!"}


def dollars(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


class Calendar:
    """Local days and instants of one time zone, cached (zoneinfo is slow to call millions of times)."""

    def __init__(self, zone: str, first: dt.date, last: dt.date):
        self.tz = ZoneInfo(zone)
        self.days, self.midnights = [], []
        d = first
        while d <= last:
            self.midnights.append(dt.datetime(d.year, d.month, d.day, tzinfo=self.tz).timestamp())
            self.days.append(d)
            d += dt.timedelta(days=1)
        self.keys = [d.isoformat() for d in self.days]

    def index(self, ts: float) -> int:
        return bisect.bisect_right(self.midnights, ts) - 1

    def day_key(self, ts: float) -> str:
        return self.keys[self.index(ts)]

    def at(self, day_index: int, hour: float) -> float:
        """The instant of a local wall-clock hour on a day (DST-correct)."""
        d = self.days[day_index]
        h = int(hour)
        m = min(59, int((hour - h) * 60))
        return dt.datetime(d.year, d.month, d.day, h, m, tzinfo=self.tz).timestamp()


class Sink:
    """Collects rows per table and writes them, refusing a schema with a required column it does not fill."""

    def __init__(self):
        self.rows = {}

    def add(self, table: str, row: dict):
        self.rows.setdefault(table, []).append(row)

    def check(self, table: str, names: list):
        columns = self.columns(table)
        if not columns:
            sys.exit(f"bench_mixed_seed: table {table} does not exist; is the schema migrated?")
        missing = [c for c, (required, has_default) in columns.items() if required and not has_default and c not in names]
        if missing:
            sys.exit(f"bench_mixed_seed: {table} has required columns this script does not fill: {missing}")
        return [n for n in names if n in columns]


class SQLiteSink(Sink):
    """SQLite: UUIDs as upper-case TEXT and dates as REAL seconds, as Fluent's SQLite driver stores them."""

    def __init__(self, path: str):
        super().__init__()
        self.con = sqlite3.connect(path, isolation_level=None)
        self.con.execute("PRAGMA busy_timeout = 10000")
        self.con.execute("PRAGMA synchronous = OFF")   # a bulk load; verify checks the result afterwards
        self.con.execute("PRAGMA cache_size = -262144")
        kind = self.con.execute("SELECT typeof(id) FROM transaction_templates LIMIT 1").fetchone()
        if kind and kind[0] != "text":
            sys.exit(f"bench_mixed_seed: ids are stored as {kind[0]}; this script writes TEXT UUIDs")

    def columns(self, table):
        return {r[1]: (bool(r[3]) and not r[5], r[4] is not None) for r in self.con.execute(f"PRAGMA table_info({table})")}

    def flush(self):
        self.con.execute("BEGIN")
        for table, rows in self.rows.items():
            names = self.check(table, list(rows[0]))
            sql = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})"
            self.con.executemany(sql, (tuple(r[n] for n in names) for r in rows))
        self.con.execute("COMMIT")
        # No ANALYZE: the server never runs it, so the planner sees what a real file gives it.
        self.con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.con.close()


class PostgresSink(Sink):
    """PostgreSQL through psql: one transaction of COPY blocks in text format."""

    def __init__(self, url: str):
        super().__init__()
        self.url = url
        out = self.psql("SELECT table_name, column_name, is_nullable, column_default IS NOT NULL, data_type "
                        "FROM information_schema.columns WHERE table_schema = current_schema()")
        self.schema = {}
        for line in out.splitlines():
            table, column, nullable, has_default, kind = line.split("\t")
            self.schema.setdefault(table, {})[column] = (nullable == "NO", has_default == "t", kind)

    def psql(self, sql: str) -> str:
        return subprocess.run(["psql", "-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", self.url, "-c", sql],
                              check=True, capture_output=True, text=True).stdout

    def columns(self, table):
        return {c: (required, has_default) for c, (required, has_default, _) in self.schema.get(table, {}).items()}

    def flush(self):
        proc = subprocess.Popen(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", self.url], stdin=subprocess.PIPE, text=True)
        out = proc.stdin
        out.write("BEGIN;\n")
        utc = dt.timezone.utc
        for table, rows in self.rows.items():
            names = self.check(table, list(rows[0]))
            kinds = [self.schema[table][n][2] for n in names]
            stamp = [k.startswith("timestamp") for k in kinds]
            out.write(f"COPY {table} ({', '.join(names)}) FROM STDIN;\n")
            for r in rows:
                fields = []
                for n, is_stamp in zip(names, stamp):
                    v = r[n]
                    if is_stamp and v is not None:
                        v = dt.datetime.fromtimestamp(v, utc).isoformat()
                    fields.append(copy_field(v))
                out.write("\t".join(fields) + "\n")
            out.write("\\.\n")
        out.write("COMMIT;\n")
        # Autovacuum would analyze the new rows a minute later, in the middle of the measurement.
        for table in self.rows:
            out.write(f"ANALYZE {table};\n")
        out.close()
        if proc.wait() != 0:
            sys.exit("bench_mixed_seed: psql failed while loading")


def new_id() -> str:
    return str(uuid.uuid4()).upper()


def seed_family(index: int, sink: Sink, rng: random.Random, calendars: dict, now: float, weeks: int, n_children: int):
    """One family, lived forward in time; returns its manifest entry."""
    zone = ZONES[index % len(ZONES)]
    cal = calendars[zone]
    start = now - weeks * 7 * 86400 - 3 * 86400
    family_id, parent_id = new_id(), new_id()
    parent_email = f"mix-parent-{index}@example.com"
    last_name = f"Family{index}"
    sink.add("families", {"id": family_id, "name": f"The {last_name} family", "time_zone": zone, "created_at": start})
    sink.add("users", {"id": parent_id, "family_id": family_id, "email": parent_email, "password_hash": PASSWORD_HASH,
                       "first_name": PARENT_NAMES[index % len(PARENT_NAMES)], "last_name": last_name, "role": "Parent",
                       "created_at": start})
    templates = {}
    for order, (name, icon, color, cents, kind, category) in enumerate(
            [("Chores", "sparkles", "#22C55E", CHORE_TEMPLATE_CENTS, "Credit", "Chores"),
             ("Ice cream", "icecream", "#F97316", 3_50, "Debit", "Food")]):
        tid = new_id()
        templates[name] = tid
        sink.add("transaction_templates", {
            "id": tid, "family_id": family_id, "name": name, "icon_name": icon, "color": color,
            "default_amount_cents": cents, "type": kind, "category": category, "description_template": None,
            "is_global": False, "is_active": True, "sort_order": 13 + order, "created_by": parent_id, "created_at": start})
    chores_used = 0
    children = []
    start_day = cal.index(start)
    now_day = cal.index(now)
    for j in range(n_children):
        child_id, user_id = new_id(), new_id()
        first = CHILD_NAMES[(index * n_children + j) % len(CHILD_NAMES)]
        email = f"mix-child-{index}-{j}@example.com"
        allowance = rng.choice([500, 800, 1000, 1200, 1500])
        allowance_day = rng.randrange(7)  # 0 = Sunday, as the server numbers weekdays
        sink.add("users", {"id": user_id, "family_id": family_id, "email": email, "password_hash": PASSWORD_HASH,
                           "first_name": first, "last_name": last_name, "role": "Child", "created_at": start})
        events = []  # (ts, order, kind, data): lived in time order

        def event(ts, kind, **data):
            events.append((ts, len(events), kind, data))

        event(start + 3600, "credit", amount=rng.randint(20, 60) * 100, desc="Opening balance", cat=None, by=parent_id)
        # Paydays: local midnight of each allowance day after the child was added, up to now.
        for d in range(start_day + 1, now_day + 1):
            if (cal.days[d].isoweekday() % 7) == allowance_day and cal.midnights[d] <= now:
                event(cal.midnights[d], "payday")
        # Spending on one or two afternoons a week; chores through the template about every ten days.
        for d in range(start_day + 1, now_day + 1):
            if rng.random() < 0.21:
                desc, cat, low, high = SPENDING[rng.randrange(len(SPENDING))]
                event(cal.at(d, rng.uniform(15, 20)), "spend", amount=rng.randint(low, high), desc=desc, cat=cat)
            if rng.random() < 0.1:
                event(cal.at(d, rng.uniform(16, 19)), "template")
        # Weekly recurring chore, 18:00 local on its day, from the day after the child was added.
        rec_id = new_id()
        rec_day = rng.randrange(7)
        rec_name = CHORES[rng.randrange(len(CHORES))]
        rec_times = [cal.at(d, 18) for d in range(start_day + 1, len(cal.days))
                     if cal.days[d].isoweekday() % 7 == rec_day]
        past = [t for t in rec_times if t <= now]
        for number, ts in enumerate(past, start=1):
            event(ts, "recurring", number=number)
        # Goals: the first from the start (auto-transfer on each payday), the second half-way.
        goal_a, goal_b = new_id(), new_id()
        name_a, cat_a = GOALS_A[rng.randrange(len(GOALS_A))]
        name_b, cat_b = GOALS_B[rng.randrange(len(GOALS_B))]
        goal_b_start = start + weeks * 7 * 86400 / 2
        goals = {
            goal_a: {"name": name_a, "category": cat_a, "target": rng.randint(30, 45) * 1000, "amount": 0, "entries": 0,
                     "created": start + 7200, "auto": AUTO_TRANSFER_CENTS, "updated": start + 7200},
            goal_b: {"name": name_b, "category": cat_b, "target": rng.randint(15, 25) * 1000, "amount": 0, "entries": 0,
                     "created": goal_b_start, "auto": 0, "updated": goal_b_start},
        }
        for d in range(start_day + 2, now_day + 1):
            ts = cal.at(d, 19.5)
            if d % 14 == j % 14:
                event(ts, "deposit", goal=goal_a, amount=rng.choice([200, 300, 500]))
            if ts > goal_b_start and d % 21 == (j + 5) % 21:
                event(ts, "deposit", goal=goal_b, amount=rng.choice([200, 300]))
        events.sort()

        balance = 0
        entry = 0
        totals = {}  # day key -> [credits, debits, entries, saved_in]
        unread_after = now - 5 * 86400

        def notify(ts, kind, title, message, to=user_id):
            read = ts < unread_after
            sink.add("notifications", {"id": new_id(), "user_id": to, "type": kind, "title": title, "message": message,
                                       "child_id": child_id, "is_read": read, "created_at": ts,
                                       "read_at": ts + 3600 if read else None})

        def post(ts, kind, amount, desc, cat, by, notes=None, tell=True):
            nonlocal balance, entry
            balance += amount if kind == "Credit" else -amount
            entry += 1
            tid = new_id()
            sink.add("transactions", {"id": tid, "child_id": child_id, "amount_cents": amount, "type": kind,
                                      "description": desc, "category": cat, "notes": notes, "balance_after_cents": balance,
                                      "created_by": by, "created_at": ts, "entry_number": entry})
            t = totals.setdefault(cal.day_key(ts), [0, 0, 0, 0])
            t[0 if kind == "Credit" else 1] += amount
            t[2] += 1
            if tell:
                verb = "received" if kind == "Credit" else "spent"
                notify(ts, "Transaction", f"You {verb} {dollars(amount)}", f"{desc}. Your balance is now {dollars(balance)}.")
            return tid

        def deposit(ts, goal_id, amount, auto):
            goal = goals[goal_id]
            if balance - amount < RESERVE_CENTS or goal["amount"] + amount >= goal["target"]:
                return
            tid = post(ts, "Debit", amount, f"Saved to goal: {goal['name']}", "Savings", None if auto else user_id,
                       notes="Auto-transfer from allowance" if auto else None, tell=False)
            totals[cal.day_key(ts)][3] += amount
            before = goal["amount"]
            goal["amount"] += amount
            goal["entries"] += 1
            goal["updated"] = ts
            sink.add("savings_contributions", {
                "id": new_id(), "goal_id": goal_id, "child_id": child_id, "amount_cents": amount, "type": 2 if auto else 1,
                "goal_balance_after_cents": goal["amount"], "source_transaction_id": tid, "parent_match_id": None,
                "matching_rule_id": None, "description": "Auto-transfer from allowance" if auto else None,
                "created_by": None if auto else user_id, "created_at": ts, "entry_number": goal["entries"]})
            for percent in MILESTONES:
                if before * 100 < percent * goal["target"] <= goal["amount"] * 100:
                    goal.setdefault("achieved", {})[percent] = ts
                    notify(ts, "GoalMilestone", "Milestone reached!",
                           f"You've hit {percent}% on your {goal['name']} goal! "
                           + MILESTONE_TEXT[percent].format(name=goal["name"]))

        last_payday = None  # (instant, local date): the claim the child's row keeps
        for ts, _, kind, data in events:
            if kind == "credit":
                post(ts, "Credit", data["amount"], data["desc"], data["cat"], data["by"], tell=False)
            elif kind == "payday":
                post(ts, "Credit", allowance, "Weekly allowance", "Allowance", None, tell=False)
                last_payday = (ts, cal.day_key(ts))
                notify(ts, "Allowance", f"Allowance day: +{dollars(allowance)}",
                       f"Your weekly allowance of {dollars(allowance)} has arrived.")
                if goals[goal_a]["created"] < ts:
                    deposit(ts, goal_a, AUTO_TRANSFER_CENTS, auto=True)
            elif kind == "spend":
                if balance - data["amount"] >= RESERVE_CENTS:
                    post(ts, "Debit", data["amount"], data["desc"], data["cat"], parent_id)
            elif kind == "template":
                post(ts, "Credit", CHORE_TEMPLATE_CENTS, "Chores", "Chores", parent_id)
                chores_used += 1
            elif kind == "recurring":
                post(ts, "Credit", RECURRING_CENTS, rec_name, "Chores", parent_id)
                sink.add("occurrences", {"id": new_id(), "key": f"recurring:{rec_id.lower()}:{data['number']}",
                                         "job": "recurring", "subject_id": rec_id, "due_at": ts, "created_at": ts + 30})
            elif kind == "deposit":
                if goals[data["goal"]]["created"] < ts:
                    deposit(ts, data["goal"], data["amount"], auto=False)

        next_time = next((t for t in rec_times if t > now), rec_times[-1] if rec_times else now + 7 * 86400)
        sink.add("recurring_transactions", {
            "id": rec_id, "child_id": child_id, "name": rec_name, "amount_cents": RECURRING_CENTS, "type": "Credit",
            "category": "Chores", "description": None, "pattern": 2, "day_of_week": rec_day, "day_of_month": None,
            "time_of_day_seconds": 18 * 3600, "start_date": start + 86400, "end_date": None, "max_occurrences": None,
            "occurrence_count": len(past), "last_executed_at": past[-1] if past else None, "next_execution_date": next_time,
            "is_active": True, "is_paused": False, "requires_approval": False, "created_by": parent_id, "created_at": start,
            "updated_at": past[-1] if past else start})
        for priority, (goal_id, goal) in enumerate(goals.items(), start=1):
            sink.add("savings_goals", {
                "id": goal_id, "child_id": child_id, "name": goal["name"], "description": None,
                "target_amount_cents": goal["target"], "current_amount_cents": goal["amount"], "image_url": None,
                "product_url": None, "category": goal["category"], "target_date": None, "status": 1, "completed_at": None,
                "purchased_at": None, "purchase_notes": None, "priority": priority, "auto_transfer_amount_cents": goal["auto"],
                "auto_transfer_type": 1 if goal["auto"] else 0, "created_by": user_id, "created_at": goal["created"],
                "updated_at": goal["updated"], "last_entry_number": goal["entries"]})
            achieved = goal.get("achieved", {})
            for percent in MILESTONES:
                sink.add("goal_milestones", {"id": new_id(), "goal_id": goal_id, "percent_complete": percent,
                                             "is_achieved": percent in achieved, "achieved_at": achieved.get(percent),
                                             "bonus_amount_cents": None})
        for day, (credits, debits, count, saved_in) in sorted(totals.items()):
            sink.add("child_daily_totals", {"child_id": child_id, "day": day, "credits_cents": credits,
                                            "debits_cents": debits, "entry_count": count, "saved_in_cents": saved_in,
                                            "saved_out_cents": 0})
        sink.add("children", {
            "id": child_id, "user_id": user_id, "family_id": family_id, "weekly_allowance_cents": allowance,
            "allowance_day": allowance_day, "balance_cents": balance, "created_at": start, "allowance_paused": False,
            "allowance_resumed_at": None, "last_entry_number": entry,
            "last_payday": last_payday[1] if last_payday else None, "last_paid_at": last_payday[0] if last_payday else None})
        children.append({"childId": child_id, "userId": user_id, "email": email, "goalIds": [goal_a, goal_b],
                         "entries": entry, "balanceCents": balance})
    if chores_used:
        sink.add("template_usage", {"template_id": templates["Chores"], "family_id": family_id, "usage_count": chores_used})
    return {"familyId": family_id, "parentEmail": parent_email, "parentUserId": parent_id,
            "templates": templates, "children": children}


# Parents before children, children before their ledgers: the order tables are loaded in.
TABLE_ORDER = ["families", "users", "children", "transaction_templates", "template_usage", "transactions",
               "child_daily_totals", "savings_goals", "savings_contributions", "goal_milestones",
               "recurring_transactions", "occurrences", "notifications"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    target = ap.add_mutually_exclusive_group(required=True)
    target.add_argument("--sqlite", metavar="PATH")
    target.add_argument("--pg", metavar="URL")
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--families", type=int, default=1000)
    ap.add_argument("--children", type=int, default=3)
    ap.add_argument("--weeks", type=int, default=52)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    started = time.monotonic()
    rng = random.Random(args.seed)
    sink = SQLiteSink(args.sqlite) if args.sqlite else PostgresSink(args.pg)
    for table in TABLE_ORDER:
        sink.rows[table] = []
    now = time.time() - 60
    first = dt.date.fromtimestamp(now - (args.weeks + 2) * 7 * 86400)
    last = dt.date.fromtimestamp(now) + dt.timedelta(days=10)
    calendars = {zone: Calendar(zone, first, last) for zone in ZONES}
    families = [seed_family(i, sink, rng, calendars, now, args.weeks, args.children) for i in range(args.families)]
    counts = {table: len(rows) for table, rows in sink.rows.items()}
    sink.rows = {table: rows for table, rows in sink.rows.items() if rows}
    generated = time.monotonic() - started
    sink.flush()
    with open(args.manifest, "w") as f:
        json.dump({"families": families}, f)
    summary = ", ".join(f"{n} {t}" for t, n in counts.items() if n)
    print(f"bench_mixed_seed: {args.families} families: {summary}; generated in {generated:.1f}s, "
          f"loaded in {time.monotonic() - started - generated:.1f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
