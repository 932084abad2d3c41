#!/usr/bin/env python3
"""Crash safety of money-moving requests, tried as clients would (issue "Hard to break", 3).

Starts allowance-server, registers a family with one child through the API, then has CLIENTS
threads post credits of $0.01, each with its own Idempotency-Key and a description naming the
key, while the server is killed with SIGKILL KILLS times under load and restarted. Every
request left unanswered by a kill is retried once with its key after the last restart. Then:

  * every key answered 2xx (first time or on retry) is in the ledger exactly once;
  * every retried key ends with a 2xx, or a 4xx whose message says why, and is in the
    ledger at most once (exactly once when 2xx);
  * no key is in the ledger twice, and the child's balance is the sum of what was posted;
  * `allowance-server verify` passes on the database afterwards.

Usage: crash_test.py BIN [--database-url URL | --sqlite PATH] [--port 8097] [--clients 16]
                         [--kills 3] [--seconds 2.0]
Exit status 0 when every check passes. Talks to 127.0.0.1 only.
"""
import argparse
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

PASSWORD = "crash-test-1"


class Server:
    def __init__(self, binary, env, port, log):
        self.binary, self.env, self.port, self.log = binary, env, port, log
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [self.binary, "serve", "--hostname", "127.0.0.1", "--port", str(self.port)],
            env=self.env, stdout=self.log, stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                sys.exit(f"the server exited during start-up (status {self.process.returncode})")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.2)
        sys.exit("the server did not answer /health within 120 s")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


def call(port, method, path, body=None, token=None, key=None, timeout=10):
    """(status, json) or raises OSError when the server does not answer."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if key:
        headers["Idempotency-Key"] = key
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            text = response.read()
            return response.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, {"raw": text.decode("utf-8", "replace")}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("--database-url")
    ap.add_argument("--sqlite")
    ap.add_argument("--port", type=int, default=8097)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--kills", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0, help="load between kills")
    args = ap.parse_args()

    env = dict(os.environ, SEED_DEMO="0", LOG_LEVEL="warning")
    env.pop("DATABASE_URL", None)
    env.pop("SQLITE_PATH", None)
    if args.database_url:
        env["DATABASE_URL"] = args.database_url
        where = "PostgreSQL"
    else:
        env["SQLITE_PATH"] = args.sqlite or f"/tmp/crash-test-{uuid.uuid4().hex[:8]}.sqlite"
        where = f"SQLite ({env['SQLITE_PATH']})"
    log = open(os.environ.get("CRASH_LOG", "/tmp/crash-test-server.log"), "ab")
    server = Server(args.binary, env, args.port, log)
    server.start()
    try:
        return run(server, args, env, where)
    finally:
        server.stop()


def run(server, args, env, where):
    port = args.port
    tag = uuid.uuid4().hex[:8]
    status, parent = call(port, "POST", "/api/v1/auth/register/parent", {
        "email": f"crash-{tag}@example.com", "password": PASSWORD, "firstName": "Pat", "lastName": "Crash",
        "familyName": f"Crash {tag}", "timeZone": "UTC",
    })
    assert status in (200, 201), f"registering the parent answered {status}: {parent}"
    token = parent["token"]
    status, child = call(port, "POST", "/api/v1/auth/register/child", {
        "email": f"crash-kid-{tag}@example.com", "password": PASSWORD, "firstName": "Kai", "lastName": "Crash",
        "weeklyAllowance": 0,
    }, token=token)
    assert status in (200, 201), f"registering the child answered {status}: {child}"
    child_id = child.get("id") or child.get("childId")

    lock = threading.Lock()
    outcomes = {}  # key -> ("answered", status, replayed) or ("unanswered",)
    up = threading.Event()
    up.set()
    stop = threading.Event()

    def client():
        while not stop.is_set():
            up.wait()
            key = str(uuid.uuid4())
            body = {"childId": child_id, "amount": 0.01, "type": "Credit", "description": f"crash {key}"}
            try:
                status, _ = call(port, "POST", "/api/v1/transactions", body, token=token, key=key, timeout=15)
                with lock:
                    outcomes[key] = ("answered", status)
            except OSError:
                with lock:
                    outcomes[key] = ("unanswered",)
                up.wait()

    threads = [threading.Thread(target=client, daemon=True) for _ in range(args.clients)]
    for thread in threads:
        thread.start()
    for round_ in range(args.kills):
        time.sleep(args.seconds * random.uniform(0.75, 1.25))
        up.clear()
        server.kill()
        print(f"crash-test: SIGKILL {round_ + 1} of {args.kills} under load", file=sys.stderr)
        server.start()
        up.set()
    time.sleep(args.seconds / 2)
    stop.set()
    for thread in threads:
        thread.join(timeout=30)

    # Every unanswered request is retried once with its key, as a client would.
    retried = {}
    for key, outcome in list(outcomes.items()):
        if outcome[0] == "unanswered":
            body = {"childId": child_id, "amount": 0.01, "type": "Credit", "description": f"crash {key}"}
            status, answer = call(port, "POST", "/api/v1/transactions", body, token=token, key=key, timeout=30)
            retried[key] = (status, answer)

    # The ledger, every row.
    rows, offset = [], 0
    while True:
        status, page = call(port, "GET", f"/api/v1/children/{child_id}/transactions?limit=100&offset={offset}", token=token)
        assert status == 200, f"listing the ledger answered {status}: {page}"
        batch = page["transactions"] if isinstance(page, dict) else page
        rows += batch
        if len(batch) < 100:
            break
        offset += 100
    counts = {}
    for row in rows:
        description = row.get("description", "")
        if description.startswith("crash "):
            counts[description[6:]] = counts.get(description[6:], 0) + 1
    status, balance = call(port, "GET", f"/api/v1/children/{child_id}/balance", token=token)
    assert status == 200, f"the balance answered {status}"

    problems = []
    acknowledged = [k for k, o in outcomes.items() if o[0] == "answered" and 200 <= o[1] < 300]
    for key in acknowledged:
        if counts.get(key, 0) != 1:
            problems.append(f"acknowledged {key} is in the ledger {counts.get(key, 0)} times")
    for key, (status, answer) in retried.items():
        if 200 <= status < 300:
            if counts.get(key, 0) != 1:
                problems.append(f"retried {key} answered {status} but is in the ledger {counts.get(key, 0)} times")
        elif 400 <= status < 500 and isinstance(answer, dict) and answer.get("error", {}).get("message"):
            if counts.get(key, 0) > 1:
                problems.append(f"retried {key} answered {status} and is in the ledger {counts[key]} times")
        else:
            problems.append(f"retried {key} answered {status}: {answer}")
    doubles = [k for k, n in counts.items() if n > 1]
    problems += [f"{k} is in the ledger {counts[k]} times" for k in doubles]
    other = [k for k, o in outcomes.items() if o[0] == "answered" and not 200 <= o[1] < 300]
    problems += [f"{k} answered {outcomes[k][1]} under load" for k in other if outcomes[k][1] >= 500]
    posted_cents = sum(counts.values())
    current = balance.get("currentBalance", balance.get("balance"))
    if round(float(current) * 100) != posted_cents:
        problems.append(f"balance {current} is not the {posted_cents} cents posted")

    server.stop()
    verify = subprocess.run([server.binary, "verify"], env=env, capture_output=True, text=True)
    summary = next((line for line in verify.stdout.splitlines() if line.startswith("Checked")), verify.stdout.strip()[-200:])
    if verify.returncode != 0:
        problems.append(f"verify failed: {verify.stdout[-500:]} {verify.stderr[-500:]}")

    retried_ok = sum(1 for status, _ in retried.values() if 200 <= status < 300)
    print(
        f"crash-test on {where}: {args.clients} clients, {args.kills} SIGKILLs survived; {len(outcomes)} requests, "
        f"{len(acknowledged)} acknowledged, {len(retried)} unanswered and retried with their key ({retried_ok} then 2xx, "
        f"{len(retried) - retried_ok} a 4xx saying why); {posted_cents} credits in the ledger, none twice; verify: {summary}"
    )
    for problem in problems[:20]:
        print(f"crash-test: FAILED: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
