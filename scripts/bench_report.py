#!/usr/bin/env python3
"""Print the benchmark table and the pass/fail checks for scripts/bench.sh.

Usage: bench_report.py RESULTS_TSV VERIFY_TSV

RESULTS_TSV columns (tab-separated, no header):
    rows  endpoint  requests  req_per_s  p50_ms  p99_ms  non2xx  socket_errors
    server_cores  wrk_cores  other_cores  [db_cores]   (mean CPU cores used during the run;
                                                      db: PostgreSQL's processes, absent or 0 on SQLite)
VERIFY_TSV columns:
    rows  exit_code  summary

Checks (comparing the smallest and the largest ledger size of the run):
    * list and dashboard p50 at the largest size within 1.5x of the smallest size;
    * per size: dashboard req/s >= 30 % of /health req/s.
Exits 1 when a check fails or a verify failed, 0 otherwise.
"""

import csv
import os
import sys

P50_GROWTH_LIMIT = 1.5
DASHBOARD_SHARE_MIN = 0.30
SCALING_ENDPOINTS = ["list", "dashboard"]
BUSY_LIMIT = float(os.environ.get("BUSY_LIMIT", "0.25"))


def size_label(rows: int) -> str:
    for unit, name in ((1_000_000, "M"), (1_000, "k")):
        if rows >= unit and rows % unit == 0:
            return f"{rows // unit}{name}"
    return str(rows)


def main() -> int:
    results_path, verify_path = sys.argv[1], sys.argv[2]
    results = []
    with open(results_path, newline="") as f:
        for r in csv.reader(f, delimiter="\t"):
            if not r:
                continue
            results.append({
                "rows": int(r[0]), "endpoint": r[1], "requests": int(r[2]), "rps": float(r[3]),
                "p50": float(r[4]), "p99": float(r[5]), "non2xx": int(r[6]), "socket": int(r[7]),
                "server_cpu": float(r[8]), "wrk_cpu": float(r[9]), "other_cpu": float(r[10]),
                "db_cpu": float(r[11]) if len(r) > 11 else 0.0,
            })
    verifies = []
    try:
        with open(verify_path, newline="") as f:
            for r in csv.reader(f, delimiter="\t"):
                if r:
                    verifies.append((int(r[0]), int(r[1]), r[2]))
    except FileNotFoundError:
        pass

    with_db = any(r["db_cpu"] for r in results)
    print()
    cpu_head = "CPU srv/db/wrk/other" if with_db else "CPU srv/wrk/other"
    header = (f"{'size':>6}  {'endpoint':<12} {'req/s':>10} {'p50 ms':>9} {'p99 ms':>9} {'errors':>8}  {'requests':>9}"
              f"  {cpu_head:>20}")
    print(header)
    print("-" * len(header))
    for r in results:
        errors = r["non2xx"] + r["socket"]
        flag = ("  <-- errors" if errors else "") + ("  <-- machine busy" if r["other_cpu"] > BUSY_LIMIT else "")
        cpu = f"{r['server_cpu']:.2f}/" + (f"{r['db_cpu']:.2f}/" if with_db else "") + f"{r['wrk_cpu']:.2f}/{r['other_cpu']:.2f}"
        print(f"{size_label(r['rows']):>6}  {r['endpoint']:<12} {r['rps']:>10.1f} {r['p50']:>9.2f} {r['p99']:>9.2f} "
              f"{errors:>8}  {r['requests']:>9}  {cpu:>20}{flag}")

    failed = False
    errored = [r for r in results if r["non2xx"] or r["socket"]]
    if errored:
        print()
        for r in errored:
            print(f"WARNING: {size_label(r['rows'])} {r['endpoint']}: {r['non2xx']} non-2xx/3xx responses and "
                  f"{r['socket']} socket errors out of {r['requests']} requests; its figures are not trustworthy")

    busy = [r for r in results if r["other_cpu"] > BUSY_LIMIT]
    if busy:
        print()
        for r in busy:
            print(f"WARNING: {size_label(r['rows'])} {r['endpoint']}: other processes used {r['other_cpu']:.2f} CPU cores "
                  f"during the run; its figures are skewed, re-run on an idle machine")

    print()
    print("Checks")
    sizes = sorted({r["rows"] for r in results})
    by = {(r["rows"], r["endpoint"]): r for r in results}
    if len(sizes) >= 2:
        small, big = sizes[0], sizes[-1]
        for name in SCALING_ENDPOINTS:
            a, b = by.get((small, name)), by.get((big, name))
            if not a or not b:
                print(f"  SKIP  {name} p50 {size_label(big)} vs {size_label(small)}: not measured at both sizes")
                continue
            ratio = b["p50"] / a["p50"] if a["p50"] > 0 else float("inf")
            ok = ratio <= P50_GROWTH_LIMIT
            failed |= not ok
            print(f"  {'PASS' if ok else 'FAIL'}  {name} p50 {size_label(big)} / {size_label(small)} = "
                  f"{b['p50']:.2f} / {a['p50']:.2f} ms = {ratio:.2f}x (limit {P50_GROWTH_LIMIT}x)")
    else:
        print("  SKIP  p50 scaling checks: need at least two ledger sizes")
    for rows in sizes:
        h, d = by.get((rows, "health")), by.get((rows, "dashboard"))
        if not h or not d:
            continue
        share = d["rps"] / h["rps"] if h["rps"] > 0 else 0.0
        ok = share >= DASHBOARD_SHARE_MIN
        failed |= not ok
        print(f"  {'PASS' if ok else 'FAIL'}  {size_label(rows)} dashboard req/s = {share * 100:.1f} % of /health "
              f"({d['rps']:.1f} / {h['rps']:.1f}; minimum {DASHBOARD_SHARE_MIN * 100:.0f} %)")
    for rows, code, summary in verifies:
        ok = code == 0
        failed |= not ok
        print(f"  {'PASS' if ok else 'FAIL'}  {size_label(rows)} allowance-server verify (exit {code}): {summary}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
