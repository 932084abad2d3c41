#!/usr/bin/env python3
"""The goals table of scripts/bench.sh (issue 12): every figure, SQLite and PostgreSQL side by side.

Usage: bench_goals.py WORK_DIR BACKEND... (sqlite, pg)

Reads WORK_DIR/figures.tsv ("backend<TAB>key<TAB>value" lines written by bench.sh and
bench_mixed.py) and WORK_DIR/results-BACKEND.tsv (section 3's per-size runs). Prints one row per
figure: the goal, then for each backend "figure / reference = ratio" and PASS or FAIL. A figure
not measured in this run shows "-" and is not judged. Exit status 1 if any judged goal fails.

How each figure is measured (all in the same run, same machine, same database):

  * read kinds: each read alone at CONNECTIONS connections over the signed-in users, while the
    mix's write kinds run beside it at the write rate the mixed run reached (BENCH_RATE); its
    req/s against GET /health alone at CONNECTIONS connections. That is the read's own rate
    with writes going on. Its /health is the mean of the runs just before and just after it
    (each read kind has its own), since this machine's speed drifts within minutes. Each kind
    runs TRIALS times in rounds; its figure is the run of the median ratio, shown with the
    lowest and highest of its runs; a read's median is taken among its runs whose writes reached
    90 % of the mix's rate, and a read with none (or whose writes left no figure) cannot pass: it
    was measured beside fewer writes than the goal asks. (The mix's own
    per-kind rate divided by the kind's share of the mix, printed as "mix-equivalent", is the
    same number for every kind by construction, the mix's total rate, so it cannot tell one
    read from another; it is shown for the mix as a whole only.)
  * POST /transactions (a credit) and contribute: each alone at CONNECTIONS connections over
    the signed-in users, against the raw single-row commit rate of the same database (SQLite:
    BEGIN; INSERT; COMMIT in a loop on the same file, WAL, synchronous=FULL; PostgreSQL:
    pgbench, one client, one INSERT per transaction), measured just before and just after the
    write with the server idle: the mean of the two; TRIALS runs, the median one, as the reads.
  * payday: run-jobs over 10,000 children against one raw insert of as many ledger rows; for
    reference, against the raw writes of every row it writes (as many ledger rows,
    notifications and day totals, and as many balances updated, each into a copy of its table).
  * memory: VmRSS of the server idle after start on the mixed database (and the 1M ledger),
    and right after the mixed run.
  * start: seconds from starting the process to the first 200 from /health.
  * list and dashboard p50 at the largest ledger size against the smallest (section 3).
  * errors: non-2xx answers and socket errors in the mixed run (refusals such as an
    insufficient balance are rare by design: balances are ample).
"""

import csv
import math
import os
import sys

from bench_mixed import read_figures, writes_held

READS = [
    ("child-dash", "child dashboard GET /dashboard/child"),
    ("parent-dash", "parent dashboard GET /dashboard/parent"),
    ("list", "list GET /children/{id}/transactions?limit=20"),
    ("goals", "goals GET /children/{id}/savings-goals"),
    ("notifications", "notifications GET /notifications?limit=20"),
    ("page-dashboard", "web page /dashboard (parent)"),
    ("page-child", "web page /children/{id}"),
]
MIX_KINDS = [k for k, _ in READS] + ["tx-credit", "tx-debit", "contribute", "template-use"]
NAMES = {"sqlite": "SQLite", "pg": "PostgreSQL"}


def load(work):
    return read_figures(os.path.join(work, "figures.tsv"))


def sizes(work, backend):
    """results-BACKEND.tsv -> {(rows, endpoint): {"p50": ..., "rps": ...}}"""
    out = {}
    path = os.path.join(work, f"results-{backend}.tsv")
    if not os.path.exists(path):
        return out
    with open(path, newline="") as f:
        for r in csv.reader(f, delimiter="\t"):
            if r:
                out[(int(r[0]), r[1])] = {"rps": float(r[3]), "p50": float(r[4])}
    return out


def fmt(x, unit=""):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    if abs(x) >= 100:
        return f"{x:,.0f}{unit}"
    if abs(x) >= 10:
        return f"{x:.1f}{unit}"
    return f"{x:.2f}{unit}"


def main() -> int:
    work, backends = sys.argv[1], sys.argv[2:] or ["sqlite"]
    f = load(work)
    size_results = {b: sizes(work, b) for b in backends}

    def get(b, key):
        return f.get((b, key))

    rows = []  # (figure, goal text, {backend: (cell text, verdict or None)})

    def own(reference, kind, around=None):
        """A kind's own reference: measured around it (`around`, the mean of before and after),
        else just before it, else the section's."""
        keys = [f"{reference}.{kind}.rps", f"{reference}.rps"]
        return ([f"{around}.{kind}.rps"] if around else []) + keys

    def ratio_row(label, goal_text, key, ref_key, minimum=None, maximum=None, unit=" req/s", ref_unit=None, percent=True,
                  writes=lambda b: ("", True)):
        cells = {}
        for b in backends:
            # The reference measured next to the figure, else the section's one.
            value = get(b, key)
            refs = [get(b, k) for k in ([ref_key] if isinstance(ref_key, str) else ref_key)]
            ref = next((r for r in refs if r is not None), None)
            if value is None or ref is None or ref == 0:
                cells[b] = ("-", None)
                continue
            r = value / ref
            note, held = writes(b)
            ok = (minimum is None or r >= minimum) and (maximum is None or r <= maximum) and held
            shown = f"{r * 100:.1f} %" if percent else f"{r:.2f}x"
            # A kind run more than once shows its median run and the spread of all of them.
            base = key.removesuffix(".rps")
            runs, low, high = get(b, f"{base}.runs"), get(b, f"{base}.ratio_min"), get(b, f"{base}.ratio_max")
            if runs and runs > 1 and low is not None and high is not None:
                shown += f" (median of {runs:.0f}; {low * 100:.1f} to {high * 100:.1f} %)" if percent else ""
            cells[b] = (f"{fmt(value, unit)} / {fmt(ref, ref_unit or unit)} = {shown}{note}", ok)
        rows.append((label, goal_text, cells))

    def limit_row(label, goal_text, key, maximum, unit):
        cells = {}
        for b in backends:
            value = get(b, key)
            cells[b] = ("-", None) if value is None else (fmt(value, unit), value <= maximum)
        rows.append((label, goal_text, cells))

    # Reads with writes going on, against /health.
    def writes_beside(kind):
        """The writes beside a read's judged run against the rate they aimed at (the mix's): the
        note for its cell, and whether they held the rate. A read passes only beside the writes
        the goal asks for, since one measured beside fewer is flattered (a write and the kept
        page it ends cost fifteen to twenty-five kept reads); a run whose writes left no figure
        has not shown that it had them."""
        def check(b):
            done, aimed = get(b, f"reads.{kind}.writer.rps"), get(b, "mix.write_rps")
            held = writes_held(done, aimed)
            if not aimed:
                return "", held
            if done is None:
                return ", the writes beside it not measured (not a pass)", held
            note = f", beside {done:,.0f} of {aimed:,.0f} writes/s" + ("" if held else " (short of the rate: not a pass)")
            # The median is taken among the runs whose writes held (bench_mixed.median_trial).
            runs, runs_held = get(b, f"reads.{kind}.runs"), get(b, f"reads.{kind}.runs_held")
            if held and runs and runs_held is not None and runs_held < runs:
                note += f"; judged among the {runs_held:.0f} of {runs:.0f} runs that held it"
            return note, held
        return check

    for kind, label in READS:
        ratio_row(f"{label}, with writes", ">= 30 % of /health", f"reads.{kind}.rps", own("ref.health", kind, around="ref.health_around"),
                  minimum=0.30, writes=writes_beside(kind))
    # The mix as a whole (not a goal; context for the per-kind figures).
    cells = {}
    for b in backends:
        total, health = get(b, "mix.total.rps"), get(b, "ref.health.rps")
        cells[b] = ("-", None) if total is None or not health else (
            f"{fmt(total, ' req/s')} / {fmt(health, ' req/s')} = {total / health * 100:.1f} %", None)
    rows.append(("whole mix (90 % reads, 10 % writes), for reference", "-", cells))
    # Writes against the raw single-row commit rate.
    ratio_row("POST /transactions alone, 32 connections", ">= 50 % of raw commits", "writes.tx-credit.rps",
              own("ref.raw_commit", "tx-credit"), minimum=0.50, ref_unit=" commits/s")
    ratio_row("POST /savings-goals/{id}/contribute alone", ">= 50 % of raw commits", "writes.contribute.rps",
              own("ref.raw_commit", "contribute"), minimum=0.50, ref_unit=" commits/s")
    ratio_row("POST /templates/{id}/use alone, for reference", "-", "writes.template-use.rps",
              own("ref.raw_commit", "template-use"), ref_unit=" commits/s")
    for row in rows[-1:]:
        row[2].update({b: (c[0], None) for b, c in row[2].items()})
    # Payday.
    cells = {}
    for b in backends:
        run, raw, n = get(b, "payday.run_s"), get(b, "payday.raw_s"), get(b, "payday.children")
        if run is None or raw is None:
            cells[b] = ("-", None)
        else:
            ok = run / raw <= 2.0 and get(b, "payday.checks_ok") == 1
            cells[b] = (f"{run:.2f} s / {raw:.3f} s = {run / raw:.0f}x", ok)
    rows.append((f"payday over {int(n) if n else 10000:,} children vs raw insert of their rows", "<= 2x", cells))
    cells = {}
    for b in backends:
        run, raw_all = get(b, "payday.run_s"), get(b, "payday.raw_all_s")
        cells[b] = ("-", None) if run is None or raw_all is None else (f"{run:.2f} s / {raw_all:.3f} s = {run / raw_all:.1f}x", None)
    rows.append(("payday vs raw writes of all it writes, for reference", "-", cells))
    # Memory and start.
    limit_row("RSS idle after start (mixed database)", "<= 60 MB", "rss.idle.mixed", 60, " MB")
    largest = {}
    for b in backends:
        keys = [k for (bb, k) in f if bb == b and k.startswith("rss.idle.") and k[9:].isdigit()]
        largest[b] = max((int(k[9:]) for k in keys), default=None)
    cells = {}
    for b in backends:
        rows_n = largest[b]
        v = get(b, f"rss.idle.{rows_n}") if rows_n else None
        cells[b] = ("-", None) if v is None else (f"{fmt(v, ' MB')} ({rows_n:,} rows)", v <= 60)
    rows.append(("RSS idle after start (largest ledger)", "<= 60 MB", cells))
    limit_row("RSS at the end of the mixed load", "<= 250 MB", "rss.after_mix", 250, " MB")
    cells = {}
    for b in backends:
        rows_n = largest[b]
        v = get(b, f"start.ready_s.{rows_n}") if rows_n else None
        ok = None if v is None or rows_n < 1_000_000 else v <= 1.0
        cells[b] = ("-", None) if v is None else (f"{v:.2f} s ({rows_n:,} rows)", ok)
    rows.append(("start to first 200 from /health, largest ledger", "<= 1 s at 1M rows", cells))
    cells = {}
    for b in backends:
        v = get(b, "start.ready_s.mixed")
        cells[b] = ("-", None) if v is None else (f"{v:.2f} s", None)
    rows.append(("start to first 200 from /health, mixed database", "-", cells))
    # p50 growth with the ledger.
    for endpoint in ("list", "dashboard"):
        cells = {}
        for b in backends:
            res = size_results[b]
            ns = sorted({n for n, e in res if e == endpoint})
            if len(ns) < 2:
                cells[b] = ("-", None)
                continue
            small, big = res[(ns[0], endpoint)]["p50"], res[(ns[-1], endpoint)]["p50"]
            r = big / small if small else float("inf")
            cells[b] = (f"{big:.2f} / {small:.2f} ms = {r:.2f}x", r <= 1.5)
        rows.append((f"{endpoint} p50, largest ledger vs smallest", "<= 1.5x", cells))
    # Errors in the mix and verify.
    cells = {}
    for b in backends:
        total = get(b, "mix.total.requests")
        if total is None:
            cells[b] = ("-", None)
            continue
        bad = sum(get(b, f"mix.{k}.non2xx") or 0 for k in MIX_KINDS)
        socket = get(b, "mix.total.socket_errors") or 0
        cells[b] = (f"{int(bad)} non-2xx, {int(socket)} socket errors of {int(total):,}",
                    socket == 0 and bad <= 0.001 * total)
    rows.append(("errors in the mixed load", "<= 0.1 %, no socket errors", cells))
    cells = {}
    for b in backends:
        codes = {k: v for (bb, k), v in f.items() if bb == b and k.startswith("verify.")}
        cells[b] = ("-", None) if not codes else (
            "clean" if not any(codes.values()) else "FAILED: " + ", ".join(k[7:] for k, v in codes.items() if v),
            not any(codes.values()))
    rows.append(("allowance-server verify after each section", "clean", cells))

    # Print: a Markdown table (pastes into the README as it is).
    def cell(b, c):
        text, ok = c
        return text if ok is None else f"{text} {'PASS' if ok else 'FAIL'}"

    header = ["figure", "goal"] + [NAMES.get(b, b) for b in backends]
    table = [header] + [[label, goal] + [cell(b, cells[b]) for b in backends] for label, goal, cells in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    print("Goals (issue 12)")
    for i, r in enumerate(table):
        print("| " + " | ".join(x.ljust(w) for x, w in zip(r, widths)) + " |")
        if i == 0:
            print("| " + " | ".join("-" * w for w in widths) + " |")

    # The mixed run per kind, side by side.
    if any(get(b, "mix.total.requests") for b in backends):
        print()
        print("Mixed load per kind (req/s in the mix, p50 / p99 ms, non-2xx)")
        head = ["kind"] + [NAMES.get(b, b) for b in backends]
        lines = [head]
        for k in MIX_KINDS + ["total"]:
            line = [k]
            for b in backends:
                rps = get(b, f"mix.{k}.rps")
                if rps is None:
                    line.append("-")
                elif k == "total":
                    db = f"postgres {fmt(get(b, 'mix.cpu_db'))}, " if b == "pg" else ""
                    line.append(f"{rps:,.0f} req/s; CPU server {fmt(get(b, 'mix.cpu_server'))}, {db}"
                                f"wrk {fmt(get(b, 'mix.cpu_wrk'))}, others {fmt(get(b, 'mix.cpu_other'))}")
                else:
                    line.append(f"{rps:,.1f} req/s, {get(b, f'mix.{k}.p50'):.2f} / {get(b, f'mix.{k}.p99'):.2f} ms, "
                                f"{int(get(b, f'mix.{k}.non2xx') or 0)}")
            lines.append(line)
        w = [max(len(r[i]) for r in lines) for i in range(len(head))]
        for i, r in enumerate(lines):
            print("| " + " | ".join(x.ljust(n) for x, n in zip(r, w)) + " |")
            if i == 0:
                print("| " + " | ".join("-" * n for n in w) + " |")

    judged = [c[1] for _, _, cells in rows for c in cells.values() if c[1] is not None]
    failed = sum(1 for ok in judged if not ok)
    print()
    print(f"goals: {len(judged) - failed} PASS, {failed} FAIL" + ("" if judged else " (nothing judged)"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
