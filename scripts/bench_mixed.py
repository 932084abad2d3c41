#!/usr/bin/env python3
"""Helpers of the mixed-workload benchmark and its references (scripts/bench.sh, section 7).

  bench_mixed.py prepare MANIFEST BASE_URL OUT [--families 100] [--workers 1]
      Signs in the parent and every child of the first N families of the seeded database
      (scripts/bench_mixed_seed.py wrote MANIFEST) and writes the request file that
      scripts/bench_mixed.lua sends: the kinds with their weights, then every request each
      signed-in user may make. Checks one request of each kind answers 2xx first. Signs in one
      user at a time by default: setting up is not the measurement (and concurrent sign-ins
      are a write load of their own).

  bench_mixed.py analyze SAMPLES_DIR REQUESTS WRK_OUTPUT BACKEND FIGURES [--scope mix]
      Reads the per-thread samples files of one wrk run (one connection per thread), prints
      req/s, p50/p99 and non-2xx per kind, and appends the figures to FIGURES (TSV lines
      "backend<TAB>key<TAB>value").

  bench_mixed.py wrk-result WRK_OUTPUT BACKEND FIGURES KEY
      Appends the BENCH_RESULT line of a plain wrk run (req/s, p50, p99, errors) to FIGURES.

  bench_mixed.py raw-commit SQLITE_PATH SECONDS [--synchronous FULL]
      The database's raw single-row commit rate: BEGIN; INSERT one ledger-shaped row; COMMIT,
      in a loop for SECONDS, into a scratch copy of the ledger table (same columns and
      indexes) in the same file, with the same journal mode (WAL, stored in the file) and the
      synchronous setting the server uses (SQLite's default, FULL). Prints commits per second
      (and, on stderr, the bytes the loop wrote to disk, a second and a commit).

  bench_mixed.py median-trial FIGURES BACKEND KEY REFERENCE TRIALS [--beside-writes]
      Of a kind's TRIALS runs (figures KEY.tN.rps, each against REFERENCE.tN.rps), appends the
      run of the median ratio as KEY.rps and REFERENCE.rps (with an even count, the lower of
      the middle two), with their count, lowest and highest ratio (KEY.runs, KEY.ratio_min,
      KEY.ratio_max); prints the ratios. A read (--beside-writes) is judged among its runs whose
      writes reached WRITES_HELD of the mix's rate (all of them if none did), and also gets that
      run's writes (KEY.writer.rps) and how many runs held (KEY.runs_held). One run of a kind
      beside writes moved by a fifth between neighbouring runs on these machines.

  bench_mixed.py wait-ready URL PID T0 [--timeout 120]
      Polls URL every 5 ms until it answers 200 and prints the seconds since T0 (the
      time.time() taken just before the server was started). Exits 1 if PID dies first.

  bench_mixed.py rss PID
      The process's resident memory (VmRSS from /proc/PID/status) in MB.

  bench_mixed.py disk-written
      Bytes written to every disk since boot (/sys/block/*/stat; loop and RAM disks left out):
      the bench takes the difference around each timed run and each raw commit loop.

The mix (weights in per cent of all requests; 90 % reads, 10 % writes):
"""

import argparse
import concurrent.futures
import json
import math
import os
import re
import sqlite3
import sys
import time
import urllib.error
import urllib.request
import uuid

# kind, weight (% of the mix), read or write, what it is. Changing a weight changes the mix for
# every later run: keep the reads at 90 and the writes at 10.
KINDS = [
    ("child-dash", 18, "read", "GET /api/v1/dashboard/child (as the child)"),
    ("parent-dash", 12, "read", "GET /api/v1/dashboard/parent (as the parent)"),
    ("list", 18, "read", "GET /api/v1/children/{id}/transactions?limit=20 (child or parent)"),
    ("goals", 12, "read", "GET /api/v1/children/{id}/savings-goals (as the child)"),
    ("notifications", 12, "read", "GET /api/v1/notifications?limit=20 (as the child)"),
    ("page-dashboard", 9, "read", "GET /dashboard, the web page (parent's session cookie)"),
    ("page-child", 9, "read", "GET /children/{id}, the web page (parent's session cookie)"),
    ("tx-credit", 4, "write", "POST /api/v1/transactions, a $1.25 credit (as the parent)"),
    ("tx-debit", 2, "write", "POST /api/v1/transactions, a $0.75 debit (as the parent)"),
    ("contribute", 2.5, "write", "POST /api/v1/savings-goals/{id}/contribute, $0.10 (as the child)"),
    ("template-use", 1.5, "write", "POST /api/v1/templates/{id}/use, the family's Chores quick-add (as the parent)"),
    ("health", 0, "reference", "GET /health (not in the mix; its own run is the reference)"),
]
__doc__ += "\n".join(f"    {k:<15} {w:>4} %  {what}" for k, w, _, what in KINDS if w) + "\n"
READS = [k for k, _, role, _ in KINDS if role == "read"]
# The share of the mix's write rate the writes beside a read must reach for its run to count.
WRITES_HELD = 0.9
WRITES = [k for k, _, role, _ in KINDS if role == "write"]


def http(method, url, token=None, body=None, cookie=False, timeout=30):
    """One request; returns (status, parsed JSON or text)."""
    headers = {}
    if token and cookie:
        headers["Cookie"] = f"at_session={token}"
    elif token:
        headers["Authorization"] = f"Bearer {token}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            status, text = r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read().decode("utf-8", "replace")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def prepare(args):
    manifest = json.load(open(args.manifest))
    families = manifest["families"][: args.families]
    base = args.base.rstrip("/")
    people = []  # (email, role, family, child or None)
    for f in families:
        people.append((f["parentEmail"], "parent", f, None))
        people.extend((c["email"], "child", f, c) for c in f["children"])

    def sign_in(email):
        status, body = http("POST", base + "/api/v1/auth/login", body={"email": email, "password": "allowance"})
        if status != 200 or "token" not in body:
            raise SystemExit(f"bench_mixed: sign-in as {email} answered {status}: {str(body)[:200]}")
        return body["token"]

    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(args.workers) as pool:
        tokens = list(pool.map(sign_in, [p[0] for p in people]))
    signed_in = time.monotonic() - started

    lines = [f"#weight\t{k}\t{w}" for k, w, _, _ in KINDS]
    entries = {k: [] for k, _, _, _ in KINDS}

    def add(kind, user, method, path, auth, token, body=None):
        text = json.dumps(body, separators=(",", ":")) if body is not None else ""
        entries[kind].append((user, method, path, auth, token, text))
        lines.append("\t".join([kind, str(user), method, path, auth, token, text]))

    add("health", 0, "GET", "/health", "none", "")
    for user, ((email, role, family, child), token) in enumerate(zip(people, tokens)):
        if role == "parent":
            add("parent-dash", user, "GET", "/api/v1/dashboard/parent", "bearer", token)
            add("page-dashboard", user, "GET", "/dashboard", "cookie", token)
            for c in family["children"]:
                cid = c["childId"]
                add("list", user, "GET", f"/api/v1/children/{cid}/transactions?limit=20", "bearer", token)
                add("page-child", user, "GET", f"/children/{cid}", "cookie", token)
                add("tx-credit", user, "POST", "/api/v1/transactions", "bearer", token,
                    {"childId": cid, "amount": 1.25, "type": "Credit", "description": "Chores", "category": "Chores"})
                add("tx-debit", user, "POST", "/api/v1/transactions", "bearer", token,
                    {"childId": cid, "amount": 0.75, "type": "Debit", "description": "Candy", "category": "Food"})
                add("template-use", user, "POST", f"/api/v1/templates/{family['templates']['Chores']}/use", "bearer",
                    token, {"childId": cid})
        else:
            cid = child["childId"]
            add("child-dash", user, "GET", "/api/v1/dashboard/child", "bearer", token)
            add("list", user, "GET", f"/api/v1/children/{cid}/transactions?limit=20", "bearer", token)
            add("goals", user, "GET", f"/api/v1/children/{cid}/savings-goals", "bearer", token)
            add("notifications", user, "GET", "/api/v1/notifications?limit=20", "bearer", token)
            for goal in child["goalIds"]:
                add("contribute", user, "POST", f"/api/v1/savings-goals/{goal}/contribute", "bearer", token,
                    {"amount": 0.10})
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")

    # One request of each kind first, so a broken endpoint shows its answer, not a stream of errors.
    failed = 0
    for kind, items in entries.items():
        user, method, path, auth, token, text = items[len(items) // 2]
        status, body = http(method, base + path, token or None, json.loads(text) if text else None, cookie=auth == "cookie")
        if not 200 <= status < 300:
            failed += 1
            print(f"bench_mixed: WARNING: {kind}: {method} {path} answered {status}: {str(body)[:300]}", file=sys.stderr)
    counts = ", ".join(f"{len(v)} {k}" for k, v in entries.items())
    print(f"bench_mixed: signed in {len(people)} users of {len(families)} families in {signed_in:.1f}s; "
          f"requests: {counts}", file=sys.stderr)
    return 1 if failed else 0


def percentile(sorted_values, p):
    """Nearest-rank percentile of an already sorted list."""
    if not sorted_values:
        return float("nan")
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def wrk_result(path):
    text = open(path).read()
    m = re.search(r"^BENCH_RESULT (.*)$", text, re.M)
    if not m:
        raise SystemExit(f"bench_mixed: no BENCH_RESULT in {path}:\n{text[-2000:]}")
    f = {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", m.group(1))}
    m2 = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", text)
    f["non2xx"] = max(f["status"], float(m2.group(1)) if m2 else 0.0)
    f["socket"] = f["connect"] + f["read"] + f["write"] + f["timeout"]
    f["seconds"] = f["duration_us"] / 1e6
    return f


def append(figures, backend, key, value):
    with open(figures, "a") as out:
        out.write(f"{backend}\t{key}\t{value}\n")


def read_figures(path):
    """The figures file that `append` writes, as {(backend, key): number}; a key written more
    than once keeps its last value, and a file not written yet reads as empty."""
    figures = {}
    if os.path.exists(path):
        for line in open(path):
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 3:
                try:
                    figures[(parts[0], parts[1])] = float(parts[2])
                except ValueError:
                    pass
    return figures


def analyze(args):
    run = wrk_result(args.wrk_output)
    names = [line.split("\t")[1] for line in open(args.requests) if line.startswith("#weight\t")]
    weights = {k: w for k, w, _, _ in KINDS}
    by_kind = {}
    for name in os.listdir(args.samples):
        if not name.startswith("samples-"):
            continue
        with open(os.path.join(args.samples, name)) as f:
            for line in f:
                parts = line.split("\t")
                if len(parts) != 3:
                    continue
                kind = names[int(parts[0]) - 1]
                entry = by_kind.setdefault(kind, [[], 0])
                entry[0].append(int(parts[2]) / 1000.0)
                if not parts[1].startswith("2"):
                    entry[1] += 1
    seconds = run["seconds"]
    total = sum(len(v[0]) for v in by_kind.values())
    mix_weight = sum(weights[k] for k in by_kind)
    scope = args.scope
    append(args.figures, args.backend, f"{scope}.total.rps", f"{total / seconds:.2f}")
    append(args.figures, args.backend, f"{scope}.total.requests", total)
    append(args.figures, args.backend, f"{scope}.total.socket_errors", int(run["socket"]))
    print(f"  {'kind':<15} {'share':>6} {'requests':>9} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>8}")
    order = [k for k, _, _, _ in KINDS if k in by_kind]
    for kind in order:
        latencies, bad = by_kind[kind]
        latencies.sort()
        n = len(latencies)
        rps = n / seconds
        p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
        print(f"  {kind:<15} {100 * n / total:5.1f}% {n:>9} {rps:>9.1f} {p50:>8.2f} {p99:>8.2f} {bad:>8}")
        for key, value in (("requests", n), ("rps", f"{rps:.2f}"), ("p50", f"{p50:.3f}"), ("p99", f"{p99:.3f}"),
                           ("non2xx", bad)):
            append(args.figures, args.backend, f"{scope}.{kind}.{key}", value)
        if mix_weight:
            # The rate the server sustained for this kind inside the mix, per unit of its weight.
            append(args.figures, args.backend, f"{scope}.{kind}.mix_equivalent_rps",
                   f"{rps / (weights[kind] / mix_weight):.2f}")
    print(f"  {'all':<15} {100.0:5.1f}% {total:>9} {total / seconds:>9.1f}   "
          f"(wrk: {int(run['requests'])} requests in {seconds:.1f}s, socket errors {int(run['socket'])})")
    return 0


def record_wrk(args):
    f = wrk_result(args.wrk_output)
    rps = f["requests"] / f["seconds"] if f["seconds"] else 0.0
    for key, value in (("rps", f"{rps:.2f}"), ("p50", f"{f['p50_us'] / 1000:.3f}"), ("p99", f"{f['p99_us'] / 1000:.3f}"),
                       ("non2xx", int(f["non2xx"])), ("socket_errors", int(f["socket"])), ("requests", int(f["requests"]))):
        append(args.figures, args.backend, f"{args.key}.{key}", value)
    print(f"{rps:.1f} req/s, p50 {f['p50_us'] / 1000:.2f} ms, p99 {f['p99_us'] / 1000:.2f} ms, "
          f"non-2xx {int(f['non2xx'])}, socket errors {int(f['socket'])}")
    return 0


def raw_commit(args):
    con = sqlite3.connect(args.db, isolation_level=None)
    con.execute("PRAGMA busy_timeout = 10000")
    mode = con.execute("PRAGMA journal_mode").fetchone()[0]
    con.execute(f"PRAGMA synchronous = {args.synchronous}")
    ddl = con.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'transactions'").fetchone()[0]
    indexes = [r[0] for r in con.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL")]
    copy = "bench_raw_commit"
    con.execute(f"DROP TABLE IF EXISTS {copy}")
    name = '"transactions"' if '"transactions"' in ddl else "transactions"
    con.execute(ddl.replace(name, copy, 1))
    for index_sql in indexes:
        con.execute(index_sql.replace("transactions", copy))
    child = con.execute("SELECT id FROM children LIMIT 1").fetchone()[0]
    sql = (f"INSERT INTO {copy} (id, child_id, amount_cents, type, description, category, notes, balance_after_cents,"
           " created_by, created_at, entry_number) VALUES (?, ?, 125, 'Credit', 'Chores', 'Chores', NULL, 125, NULL, ?, ?)")
    n = 0
    written = disk_written_bytes()
    started = time.perf_counter()
    deadline = started + args.seconds
    while True:
        con.execute("BEGIN")
        con.execute(sql, (str(uuid.uuid4()).upper(), child, time.time(), n + 1))
        con.execute("COMMIT")
        n += 1
        if n % 16 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - started
    written = disk_written_bytes() - written
    con.execute(f"DROP TABLE {copy}")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    print(f"{n / elapsed:.1f}")
    print(f"bench_mixed: raw commits: {n} in {elapsed:.2f}s (journal_mode={mode}, synchronous={args.synchronous}),"
          f" disk writes {written / 1e6 / elapsed:.1f} MB/s, {written / max(n, 1) / 1e3:.1f} KB a commit", file=sys.stderr)
    return 0


def disk_written_bytes():
    """Bytes written to every disk so far: the sectors of /sys/block/*/stat, loop and RAM disks
    left out (the run's own writes, since the bench flags other busy processes)."""
    total = 0
    for name in os.listdir("/sys/block"):
        if name.startswith(("loop", "ram", "zram")):
            continue
        try:
            with open(f"/sys/block/{name}/stat") as stat:
                total += int(stat.read().split()[6]) * 512
        except (OSError, IndexError, ValueError):
            pass
    return total


def print_disk_written(_args):
    print(disk_written_bytes())
    return 0


def wait_ready(args):
    import http.client
    from urllib.parse import urlparse
    url = urlparse(args.url)
    deadline = time.time() + args.timeout
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=1)
            conn.request("GET", url.path or "/")
            if conn.getresponse().status == 200:
                print(f"{time.time() - args.t0:.3f}")
                return 0
        except OSError:
            pass
        if not os.path.exists(f"/proc/{args.pid}"):
            print(f"bench_mixed: the server (pid {args.pid}) exited before answering", file=sys.stderr)
            return 1
        time.sleep(0.005)
    print(f"bench_mixed: {args.url} did not answer 200 within {args.timeout}s", file=sys.stderr)
    return 1


def median_trial(args):
    figures = {key: value for (backend, key), value in read_figures(args.figures).items() if backend == args.backend}
    runs = []
    for n in range(1, args.trials + 1):
        value, reference = figures.get(f"{args.key}.t{n}.rps"), figures.get(f"{args.reference}.t{n}.rps")
        if value is not None and reference is not None and reference > 0:
            runs.append((value / reference, value, reference, n))
    if not runs:
        print(f"no run of {args.key} has both figures in {args.figures}", file=sys.stderr)
        return 1
    # A read is judged among its runs beside the writes it should have had: a run whose writes
    # fell short is flattered (each write, and the kept page it ends, costs many kept reads),
    # so it must not be the one that decides. Only when none held is the median of all judged,
    # and the report then fails it as short (bench_goals.py).
    aimed = figures.get("mix.write_rps")
    held = [run for run in runs if not args.beside_writes or writes_held(figures.get(f"{args.key}.t{run[3]}.writer.rps"), aimed)]
    ordered, judged = sorted(runs), sorted(held or runs)
    ratio, value, reference, n = judged[(len(judged) - 1) // 2]
    append(args.figures, args.backend, f"{args.key}.rps", f"{value:.1f}")
    append(args.figures, args.backend, f"{args.reference}.rps", f"{reference:.1f}")
    # A read's writes beside it, in that run.
    if args.beside_writes:
        writer = figures.get(f"{args.key}.t{n}.writer.rps")
        if writer is not None:
            append(args.figures, args.backend, f"{args.key}.writer.rps", f"{writer:.2f}")
        append(args.figures, args.backend, f"{args.key}.runs_held", str(len(held)))
    append(args.figures, args.backend, f"{args.key}.runs", str(len(runs)))
    append(args.figures, args.backend, f"{args.key}.ratio_min", f"{ordered[0][0]:.6f}")
    append(args.figures, args.backend, f"{args.key}.ratio_max", f"{ordered[-1][0]:.6f}")
    note = ""
    if args.beside_writes and not held:
        note = " (no run's writes held the mix's rate: the median of all, not a pass)"
    elif len(held) < len(runs):
        note = " (among the runs whose writes held the mix's rate: " + ", ".join(f"{run[0] * 100:.1f} %" for run in held) + ")"
    print(", ".join(f"{r * 100:.1f} %" for r, _, _, _ in runs) + f"; median {ratio * 100:.1f} %{note}")
    return 0


def writes_held(done, aimed):
    """Whether the writes beside a read's run (`done` a second) reached WRITES_HELD of the rate
    they aimed at (`aimed`, the mix's): the rule for picking a read's judged run here and for
    passing it in bench_goals.py. A run with no writer figure has not shown that it had them;
    with no aim (no mix), there is nothing to hold."""
    if not aimed:
        return True
    return done is not None and done >= WRITES_HELD * aimed


def rss(args):
    with open(f"/proc/{args.pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                print(f"{int(line.split()[1]) / 1024:.1f}")
                return 0
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("manifest")
    p.add_argument("base")
    p.add_argument("out")
    p.add_argument("--families", type=int, default=100)
    p.add_argument("--workers", type=int, default=1)
    p = sub.add_parser("analyze")
    for name in ("samples", "requests", "wrk_output", "backend", "figures"):
        p.add_argument(name)
    p.add_argument("--scope", default="mix")
    p = sub.add_parser("wrk-result")
    for name in ("wrk_output", "backend", "figures", "key"):
        p.add_argument(name)
    p = sub.add_parser("raw-commit")
    p.add_argument("db")
    p.add_argument("seconds", type=float)
    p.add_argument("--synchronous", default="FULL")
    p = sub.add_parser("wait-ready")
    p.add_argument("url")
    p.add_argument("pid", type=int)
    p.add_argument("t0", type=float)
    p.add_argument("--timeout", type=float, default=120)
    p = sub.add_parser("median-trial")
    for name in ("figures", "backend", "key", "reference"):
        p.add_argument(name)
    p.add_argument("trials", type=int)
    p.add_argument("--beside-writes", action="store_true")
    p = sub.add_parser("rss")
    p.add_argument("pid", type=int)
    sub.add_parser("disk-written")
    args = ap.parse_args()
    return {"prepare": prepare, "analyze": analyze, "wrk-result": record_wrk, "raw-commit": raw_commit,
            "wait-ready": wait_ready, "median-trial": median_trial, "rss": rss, "disk-written": print_disk_written}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
