"""Fixtures for the browser tests of the AllowanceTracker web app.

The server under test is at BASE_URL (default http://127.0.0.1:8080); scripts/browser-tests.sh
starts it on a fresh SQLite file, so the demo family (parent@example.com / allowance) exists.
Tests never change the demo family: every test that changes data creates its own family
through the JSON API with unique e-mail addresses and then signs in through the login page.
Each test gets its own browser context (cookies), and fails when the server answered 5xx or
a page threw a JavaScript error while it ran.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from helpers import BASE_URL, CHROMIUM_PATH, Family, create_family

# ---- browser fixtures ----------------------------------------------------------------------

@pytest.fixture(scope="session")
def base_url() -> str:
    return BASE_URL


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance) -> Browser:
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM_PATH, args=["--no-sandbox", "--disable-dev-shm-usage"])
    yield browser
    browser.close()


class PageWatch:
    """Collects what should never happen while a person uses the app: server errors (5xx)
    and uncaught JavaScript errors."""

    def __init__(self):
        self.problems: list[str] = []

    def attach(self, context: BrowserContext):
        context.on("response", self._response)
        context.on("page", lambda p: p.on("pageerror", lambda e: self.problems.append(f"JavaScript error on {p.url}: {e}")))

    def _response(self, response):
        if response.status >= 500:
            self.problems.append(f"HTTP {response.status} for {response.request.method} {response.url}")


@pytest.fixture
def new_context(browser, base_url):
    """Makes extra browser contexts (separate cookie jars: another person on another device)."""
    contexts: list[tuple[BrowserContext, PageWatch]] = []

    def make(**options) -> BrowserContext:
        options.setdefault("viewport", {"width": 1200, "height": 800})
        context = browser.new_context(base_url=base_url, **options)
        context.set_default_timeout(10_000)
        watch = PageWatch()
        watch.attach(context)
        contexts.append((context, watch))
        return context

    yield make
    problems = [p for _, watch in contexts for p in watch.problems]
    for context, _ in contexts:
        context.close()
    assert not problems, "\n".join(problems)


@pytest.fixture
def context(new_context) -> BrowserContext:
    return new_context()


@pytest.fixture
def page(context) -> Page:
    return context.new_page()


@pytest.fixture
def new_page(new_context):
    """A page in a fresh context (another person signed in at the same time)."""
    def make(**options) -> Page:
        return new_context(**options).new_page()
    return make


@pytest.fixture
def family() -> Family:
    """A fresh family with one child, Kai ($100.00, $10.00 weekly on Saturdays)."""
    return create_family(("Kai",))




def pytest_terminal_summary(terminalreporter):
    from helpers import AXE_FINDINGS

    if not AXE_FINDINGS:
        return
    terminalreporter.section("axe findings below serious (not failures)")
    for page_name, lines in AXE_FINDINGS.items():
        for line in sorted(set(lines)):
            terminalreporter.write_line(f"{page_name}: {line}")
