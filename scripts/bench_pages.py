#!/usr/bin/env python3
"""Server render time of each web page at the demo family's size.

Signs in through the login form (as the parent, then as Kai), requests every page N times
over one keep-alive connection and reads the server's own time from the `Server-Timing:
app;dur=<ms>` header, so the figure is render time on the server, not network or client.
Prints p50 / p99 / max per page and flags any page whose p50 exceeds the 20 ms budget.

    python3 scripts/bench_pages.py http://127.0.0.1:8089 [repeats]
"""
import http.client
import re
import statistics
import sys
import urllib.parse

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 200
BUDGET_MS = 20.0
url = urllib.parse.urlparse(BASE)


class Browser:
    """A keep-alive connection with a cookie jar: just enough of a browser for timing."""

    def __init__(self):
        self.conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=30)
        self.cookies = {}

    def request(self, method, path, body=None):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return response, text

    def sign_in(self, email, password):
        _, page = self.request("GET", "/login")
        csrf = re.search(r'name="_csrf" value="([0-9a-f]+)"', page).group(1)
        form = urllib.parse.urlencode({"_csrf": csrf, "email": email, "password": password, "next": ""})
        response, _ = self.request("POST", "/login", form)
        assert response.status == 303, f"sign-in as {email} answered {response.status}"

    def timed(self, path):
        response, text = self.request("GET", path)
        assert response.status == 200, f"GET {path} answered {response.status}"
        timing = response.getheader("Server-Timing") or ""
        match = re.search(r"dur=([0-9.]+)", timing)
        assert match, f"GET {path} has no Server-Timing header"
        return float(match.group(1)), text


def measure(browser, name, path):
    times = []
    for _ in range(REPEATS):
        ms, _ = browser.timed(path)
        times.append(ms)
    times.sort()
    p50 = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    flag = "" if p50 <= BUDGET_MS else f"   <-- over the {BUDGET_MS:.0f} ms budget"
    print(f"  {name:<24} p50 {p50:7.2f} ms   p99 {p99:7.2f} ms   max {times[-1]:7.2f} ms{flag}")
    return p50


def main():
    parent = Browser()
    parent.sign_in("parent@example.com", "allowance")
    _, dashboard = parent.timed("/dashboard")
    kai = re.search(r'href="/children/([0-9A-F-]{36})" aria-label="Kai', dashboard).group(1)
    _, child_page = parent.timed(f"/children/{kai}")
    _, history = parent.timed(f"/transactions?child={kai}")
    entry = re.search(r'href="/transactions/([0-9A-F-]{36})"', history).group(1)
    goal = re.search(r'href="/goals/([0-9A-F-]{36})"', child_page)

    pages = [
        ("sign-in page", "/login", Browser()),
        ("parent dashboard", "/dashboard", parent),
        ("child page", f"/children/{kai}", parent),
        ("transactions", f"/transactions?child={kai}", parent),
        ("transaction detail", f"/transactions/{entry}", parent),
        ("new transaction", "/transactions/new", parent),
        ("goals", f"/children/{kai}/goals", parent),
        ("recurring", "/recurring", parent),
        ("settings", "/settings", parent),
        ("notifications", "/notifications", parent),
    ]
    if goal:
        pages.append(("goal detail", f"/goals/{goal.group(1)}", parent))
    child = Browser()
    child.sign_in("kai@example.com", "allowance")
    pages.append(("child dashboard", "/dashboard", child))

    print(f"Web page render time on the server ({REPEATS} requests each, Server-Timing):")
    worst = max(measure(browser, name, path) for name, path, browser in pages)
    verdict = "PASS" if worst <= BUDGET_MS else "FAIL"
    print(f"  check: every page's p50 within {BUDGET_MS:.0f} ms: {verdict} (slowest p50 {worst:.2f} ms)")
    return 0 if worst <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
