#!/usr/bin/env python3
"""The learning part of scripts/bench.sh: a child with many learning sessions, and the
server's own time (Server-Timing) for the reads a learning screen makes.

  bench_learning.py seed DB N [--email kai@example.com] [--years 2]
      With the server STOPPED: replaces the child's learning history in the SQLite file with
      N sessions spread evenly over the past YEARS (20 minutes each, rotating over the family's
      apps), keeping every invariant the server and `allowance-server verify` rely on: the
      per-day and per-app running totals, one Earned points entry per session that earned
      points (numbered, with the balance after), and the child's points balance and total.

  bench_learning.py measure BASE KID_TOKEN PARENT_TOKEN CHILD_ID N REPEATS
      With the server running: creates three learning goals (as a Basic family may), then
      sends REPEATS requests to each read over one keep-alive connection and prints one line
      per read: `LEARNING sessions=N name=NAME p50_ms=... p99_ms=...`.

  bench_learning.py report FILE
      Reads the LEARNING lines of every size and prints the table and the checks of the
      learning issue: each read under 5 ms (p50) at the largest size and within 1.5x of the
      same read at the smallest. Exit status 1 when a check fails.
"""
import datetime as dt
import http.client
import json
import re
import sqlite3
import statistics
import sys
import urllib.parse
import uuid
from zoneinfo import ZoneInfo

BUDGET_MS = 5.0
RATIO = 1.5
READS = [
    ("goals", "/api/v1/children/{child}/learning-goals?status=active"),
    ("badges", "/api/v1/children/{child}/badges"),
    ("summary", "/api/v1/children/{child}/learning-summary"),
]


def seed(db, n, email, years):
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    row = con.execute(
        """SELECT c.id, typeof(c.id), f.time_zone, c.family_id FROM children c
           JOIN users u ON u.id = c.user_id JOIN families f ON f.id = c.family_id WHERE u.email = ?""",
        (email,),
    ).fetchone()
    if row is None:
        sys.exit(f"no child signs in as {email}")
    child, id_type, zone, family = row
    tz = ZoneInfo(zone)

    def new_id():
        value = uuid.uuid4()
        return value.bytes if id_type == "blob" else str(value).upper()

    apps = con.execute(
        "SELECT bundle_identifier, app_name, category, points_per_hour FROM app_categories WHERE family_id = ? ORDER BY app_name",
        (family,),
    ).fetchall()
    if not apps:
        sys.exit("the family has no apps")
    now = dt.datetime.now(dt.timezone.utc).timestamp()
    span = years * 365 * 86_400
    minutes = 20
    con.execute("BEGIN")
    for table in ("learning_sessions", "learning_days", "learning_app_totals", "points_entries", "child_badges", "learning_goals"):
        con.execute(f"DELETE FROM {table} WHERE child_id = ?", (child,))
    days, app_seconds, sessions, entries = {}, {}, [], []
    balance = 0
    for index in range(n):
        # Oldest first, evenly spaced, the last one ending an hour ago.
        start = now - 3_600 - minutes * 60 - span * (n - 1 - index) / max(n - 1, 1)
        end = start + minutes * 60
        bundle, name, category, rate = apps[index % len(apps)]
        points = minutes * rate // 60 if category == "Learning" else 0
        day = dt.datetime.fromtimestamp(start, tz).strftime("%Y-%m-%d")
        session_id = new_id()
        sessions.append((session_id, child, bundle, name, category, start, end, minutes * 60, points, day, None, start))
        learning = minutes * 60 if category == "Learning" else 0
        totals = days.setdefault(day, [0, 0, 0])
        totals[0] += learning
        totals[1] += points
        totals[2] += 1 if category == "Learning" else 0
        if learning:
            app_seconds[bundle] = app_seconds.get(bundle, 0) + learning
        if points:
            balance += points
            entries.append(
                (new_id(), child, len(entries) + 1, "Earned", points, balance, f"{name}: {minutes} min", session_id, None, None, end)
            )
    con.executemany(
        """INSERT INTO learning_sessions (id, child_id, bundle_identifier, app_name, category, start_time, end_time, duration_seconds,
           points_earned, local_day, created_by, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)""",
        sessions,
    )
    con.executemany(
        "INSERT INTO learning_days (child_id, day, day_number, learning_seconds, points, sessions) VALUES (?,?,?,?,?,?)",
        [(child, day, (dt.date.fromisoformat(day) - dt.date(1970, 1, 1)).days, *totals) for day, totals in days.items()],
    )
    con.executemany(
        "INSERT INTO learning_app_totals (child_id, bundle_identifier, learning_seconds) VALUES (?,?,?)",
        [(child, bundle, seconds) for bundle, seconds in app_seconds.items()],
    )
    con.executemany(
        """INSERT INTO points_entries (id, child_id, entry_number, type, amount, balance_after, description, session_id,
           transaction_id, created_by, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)""",
        entries,
    )
    # The streak runs the server keeps beside the child (longest, and the latest with its end).
    longest, end, length = 0, None, 0
    for number in sorted((dt.date.fromisoformat(day) - dt.date(1970, 1, 1)).days for day, totals in days.items() if totals[0] > 0):
        length = length + 1 if end == number - 1 else 1
        end, longest = number, max(longest, length)
    con.execute(
        """UPDATE children SET points_balance = ?, points_earned = ?, longest_streak = ?, latest_run_end = ?, latest_run_length = ?
           WHERE id = ?""",
        (balance, balance, longest, end, length, child),
    )
    con.execute("COMMIT")
    print(f"seeded {n} sessions over {len(days)} days, {balance} points, for {email}", file=sys.stderr)


def measure(base, kid_token, parent_token, child, n, repeats):
    host = urllib.parse.urlparse(base)
    conn = http.client.HTTPConnection(host.hostname, host.port, timeout=30)

    def send(method, path, token, body=None):
        headers = {"Authorization": f"Bearer {token}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(body)
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response, response.read()

    apps = json.loads(send("GET", "/api/v1/app-categories", parent_token)[1])
    learning_app = next(app["bundleIdentifier"] for app in apps if app["category"] == "Learning")
    for goal in (
        {"title": "Five hours a week", "type": "TimeBased", "targetValue": 5, "frequency": "Weekly"},
        {"title": "One app a month", "type": "AppSpecific", "targetValue": 10, "frequency": "Monthly", "bundleIdentifier": learning_app},
        {"title": "Every day this week", "type": "Streak", "targetValue": 7, "frequency": "Weekly"},
    ):
        response, body = send("POST", "/api/v1/learning-goals", parent_token, {"childId": child, **goal})
        if response.status != 201:
            sys.exit(f"creating a learning goal answered {response.status}: {body[:300]!r}")
    for name, template in READS:
        path = template.format(child=child)
        times = []
        for _ in range(repeats):
            response, body = send("GET", path, kid_token)
            if response.status != 200:
                sys.exit(f"GET {path} answered {response.status}: {body[:300]!r}")
            match = re.search(r"dur=([0-9.]+)", response.getheader("Server-Timing") or "")
            if not match:
                sys.exit(f"GET {path} has no Server-Timing header")
            times.append(float(match.group(1)))
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(f"LEARNING sessions={n} name={name} p50_ms={statistics.median(times):.3f} p99_ms={p99:.3f}")


def report(path):
    rows = {}
    for line in open(path):
        if line.startswith("LEARNING "):
            fields = dict(part.split("=", 1) for part in line.split()[1:])
            rows[(int(fields["sessions"]), fields["name"])] = (float(fields["p50_ms"]), float(fields["p99_ms"]))
    sizes = sorted({size for size, _ in rows})
    if len(sizes) < 2:
        print("learning: fewer than two sizes were measured")
        return 1
    small, large = sizes[0], sizes[-1]
    print(f"Learning reads, server time (Server-Timing), {small} and {large} sessions over two years:")
    ok = True
    for name, _ in READS:
        a, b = rows.get((small, name)), rows.get((large, name))
        if not a or not b:
            print(f"  {name}: not measured")
            ok = False
            continue
        ratio = b[0] / a[0] if a[0] else float("inf")
        under, close = b[0] < BUDGET_MS, ratio <= RATIO
        ok = ok and under and close
        print(
            f"  {name:<8} p50 {a[0]:6.2f} ms -> {b[0]:6.2f} ms (x{ratio:.2f}), p99 {a[1]:6.2f} -> {b[1]:6.2f} ms"
            f"   under {BUDGET_MS:.0f} ms: {'ok' if under else 'FAILED'}; within x{RATIO}: {'ok' if close else 'FAILED'}"
        )
    return 0 if ok else 1


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    command, args = sys.argv[1], sys.argv[2:]
    if command == "seed":
        email = args[args.index("--email") + 1] if "--email" in args else "kai@example.com"
        years = float(args[args.index("--years") + 1]) if "--years" in args else 2.0
        seed(args[0], int(args[1]), email, years)
    elif command == "measure":
        measure(args[0], args[1], args[2], args[3], int(args[4]), int(args[5]))
    elif command == "report":
        sys.exit(report(args[0]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
