"""Helpers for the browser tests: the JSON API (to set up families quickly) and the UI steps
every test shares (signing in). Fixtures live in conftest.py."""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Optional

from playwright.sync_api import Page, expect

BASE_URL = os.environ.get("BASE_URL", "http://127.0.0.1:8080").rstrip("/")
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
PASSWORD = "secret-pass-1"

DEMO_PARENT = ("parent@example.com", "allowance")
DEMO_KAI = ("kai@example.com", "allowance")
DEMO_FREYA = ("freya@example.com", "allowance")

# Playwright's default is 30 s; a page of this app answers in milliseconds.
expect.set_options(timeout=5_000)


# ---- JSON API helpers ----------------------------------------------------------------------

class ApiError(Exception):
    def __init__(self, status: int, body: str):
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


def api(method: str, path: str, body: Optional[dict] = None, token: Optional[str] = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE_URL + path, data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            raw = response.read().decode()
    except urllib.error.HTTPError as error:
        raise ApiError(error.code, error.read().decode()) from None
    return json.loads(raw) if raw else {}


def unique_email(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:12]}@example.com"


def money(amount: float) -> str:
    """12.5 -> "$12.50", 1234 -> "$1,234.00", -3 -> "-$3.00" (the app's format)."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"


@dataclass
class Child:
    id: str
    first_name: str
    last_name: str
    email: str
    password: str
    balance: float
    weekly_allowance: float

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass
class Family:
    name: str
    parent_email: str
    parent_first_name: str
    parent_last_name: str
    password: str
    token: str
    children: list[Child] = field(default_factory=list)

    def add_child(self, first_name: str, balance: float = 100.0, weekly_allowance: float = 10.0,
                  allowance_day: int = 6, last_name: Optional[str] = None) -> Child:
        last_name = last_name or self.name.split()[-1]
        email = unique_email(first_name.lower())
        response = api("POST", "/api/v1/auth/register/child", {
            "email": email, "password": PASSWORD, "firstName": first_name, "lastName": last_name,
            "weeklyAllowance": weekly_allowance, "allowanceDay": allowance_day, "initialBalance": balance,
        }, token=self.token)
        child = Child(response["id"], first_name, last_name, email, PASSWORD, balance, weekly_allowance)
        self.children.append(child)
        return child

    def transaction(self, child: Child, amount: float, type_: str, description: str) -> dict:
        return api("POST", "/api/v1/transactions", {
            "childId": child.id, "amount": amount, "type": type_, "description": description,
        }, token=self.token)


def create_family(children: tuple = ("Kai",), family_name: Optional[str] = None, time_zone: str = "America/New_York",
                  balance: float = 100.0) -> Family:
    """A new family through the JSON API: a parent and the named children ($balance each)."""
    last_name = "T" + uuid.uuid4().hex[:6]
    family_name = family_name or f"The {last_name} Family"
    email = unique_email("parent")
    response = api("POST", "/api/v1/auth/register/parent", {
        "email": email, "password": PASSWORD, "firstName": "Pat", "lastName": last_name,
        "familyName": family_name, "timeZone": time_zone,
    })
    family = Family(family_name, email, "Pat", last_name, PASSWORD, response["token"])
    for name in children:
        family.add_child(name, balance=balance, last_name=last_name)
    return family


# ---- UI helpers ----------------------------------------------------------------------------

def login(page: Page, email: str, password: str = PASSWORD, remember: bool = False, expect_path: str = "/dashboard"):
    """Signs in through the login page like a person would and waits for the next page."""
    page.goto("/login")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(password)
    if remember:
        page.get_by_label("Remember me").check()
    page.get_by_role("button", name="Sign In").click()
    if expect_path:
        expect(page).to_have_url(re.compile(re.escape(BASE_URL + expect_path) + r"(\?.*)?$"))


def login_parent(page: Page, family: Family):
    login(page, family.parent_email, family.password)


def login_child(page: Page, child: Child):
    login(page, child.email, child.password)


def path_re(path: str) -> re.Pattern:
    """A URL pattern for a path on the server under test, with or without a query string."""
    return re.compile("^" + re.escape(BASE_URL + path) + r"(\?.*)?$", re.IGNORECASE)


def flash(page: Page):
    return page.locator(".flash[role=status]")


def error_banner(page: Page):
    return page.get_by_role("alert")


def history(page: Page):
    """The history list on a child's page."""
    return page.locator("section[aria-labelledby=history-heading] ul.rows")


def stat(container, label: str):
    """The figure block (a div with a span.label) whose label is exactly `label`."""
    return container.locator(f"div:has(> span.label:text-is('{label}'))")


def choose(container, label: str):
    """Picks a segmented-control option (a visually hidden radio) by clicking its visible label,
    as a person does, and checks that the radio is now selected."""
    radio = container.get_by_role("radio", name=label, exact=True)
    radio_id = radio.get_attribute("id")
    container.locator(f"label[for='{radio_id}']").click()
    expect(radio).to_be_checked()


# ---- accessibility -------------------------------------------------------------------------

# Findings below "serious" from every axe run, printed at the end of the session (conftest.py).
AXE_FINDINGS: dict[str, list[str]] = {}


def axe_violations(page: Page, name: str) -> list[dict]:
    """Runs axe-core on the page; returns the serious and critical violations and records the
    others in AXE_FINDINGS under `name`."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:  # pip install -r Tests/browser/requirements.txt; the built-in checks still run
        AXE_FINDINGS.setdefault("(all pages)", []).append("axe-playwright-python is not installed: axe was not run")
        return []

    results = Axe().run(page).response
    blocking = []
    for violation in results["violations"]:
        targets = ", ".join(" ".join(node["target"]) for node in violation["nodes"][:5])
        detail = ""
        if violation["nodes"]:
            checks = [c["message"] for node in violation["nodes"][:1] for c in node.get("any", []) + node.get("all", [])]
            detail = f" -- {checks[0]}" if checks else ""
        line = f"{violation['id']} ({violation['impact']}): {violation['help']} [{targets}]{detail}"
        if violation["impact"] in ("serious", "critical"):
            blocking.append({"line": line, **violation})
        else:
            AXE_FINDINGS.setdefault(name, []).append(line)
    return blocking


def structure_problems(page: Page) -> list[str]:
    """Checks axe does not fail on (or rates below serious): one h1, a language, a title,
    no duplicate ids, a label for every form field, an alt for every image, a name for every
    link and button."""
    return page.evaluate(r"""() => {
        const problems = [];
        const h1 = document.querySelectorAll('h1').length;
        if (h1 !== 1) problems.push(`${h1} h1 elements (expected exactly 1)`);
        if (!document.documentElement.getAttribute('lang')) problems.push('html has no lang');
        if (!document.title.trim()) problems.push('empty <title>');
        const seen = {};
        for (const el of document.querySelectorAll('[id]')) {
            if (seen[el.id]) problems.push(`duplicate id "${el.id}"`);
            seen[el.id] = true;
        }
        const named = el => (el.getAttribute('aria-label') || '').trim() || (el.getAttribute('aria-labelledby') || '').trim()
            || (el.textContent || '').trim() || (el.getAttribute('title') || '').trim();
        for (const el of document.querySelectorAll('input:not([type=hidden]), select, textarea')) {
            const labelled = (el.labels && el.labels.length) || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
            if (!labelled) problems.push(`form field without a label: ${el.outerHTML.slice(0, 120)}`);
        }
        for (const img of document.querySelectorAll('img')) {
            if (!img.hasAttribute('alt')) problems.push(`img without alt: ${img.outerHTML.slice(0, 120)}`);
        }
        for (const el of document.querySelectorAll('a[href], button')) {
            if (!named(el)) problems.push(`${el.tagName.toLowerCase()} without an accessible name: ${el.outerHTML.slice(0, 120)}`);
        }
        return problems;
    }""")


# ---- savings goals, recurring transactions, dates (test_goals.py, test_recurring.py) ---------

def family_today(time_zone: str = "America/New_York"):
    """Today's date where the family lives (create_family's default zone): what the app calls
    "today" on its date fields."""
    import datetime
    from zoneinfo import ZoneInfo
    return datetime.datetime.now(ZoneInfo(time_zone)).date()


def date_re(day) -> str:
    """A regular expression for a day as the app shows it ("Nov 24, 2026"; the server's locale
    may give "24 Nov 2026")."""
    month = day.strftime("%b")
    return rf"(?:{month} {day.day}, {day.year}|{day.day} {month} {day.year})"


def create_goal(family: Family, child: Child, name: str, target: float, **fields) -> dict:
    """A savings goal for the child through the JSON API (fields: category, targetDate, ...)."""
    return api("POST", "/api/v1/savings-goals", {"childId": child.id, "name": name, "targetAmount": target, **fields},
               token=family.token)


def contribute_to_goal(family: Family, goal_id: str, amount: float, description: Optional[str] = None) -> dict:
    """Moves money from the child's balance into the goal through the JSON API."""
    body = {"amount": amount}
    if description:
        body["description"] = description
    return api("POST", f"/api/v1/savings-goals/{goal_id}/contribute", body, token=family.token)


def create_recurring(family: Family, child: Child, name: str, amount: float, type_: str = "Credit", pattern: int = 2,
                     **fields) -> dict:
    """A recurring transaction through the JSON API, starting today at 09:00 (the web form's
    default time). pattern 2 = weekly, on the weekday three days from today unless dayOfWeek
    is given; other fields: dayOfMonth, timeOfDay ("16:30"), requiresApproval, ..."""
    import datetime
    body = {"childId": child.id, "name": name, "amount": amount, "type": type_, "pattern": pattern,
            "startDate": family_today().isoformat(), "timeOfDay": "09:00", **fields}
    if pattern in (2, 3):
        body.setdefault("dayOfWeek", (family_today() + datetime.timedelta(days=3)).isoweekday() % 7)
    return api("POST", "/api/v1/recurring-transactions", body, token=family.token)
