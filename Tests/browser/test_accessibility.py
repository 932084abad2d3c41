"""Accessibility (app-screens.md section 8): axe-core on every page (no serious or critical
violations; the rest is listed at the end of the run), page structure, keyboard use, visible
focus, the skip link and touch-target sizes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Optional

import pytest
from playwright.sync_api import Page, expect

from helpers import (
    axe_violations, choose, create_family, create_recurring, error_banner, login, path_re, structure_problems,
)


@dataclass
class Setup:
    family: object
    kai: object
    freya: object
    entry_id: str
    parent_state: dict
    kai_state: dict


@pytest.fixture(scope="module")
def setup(browser, base_url) -> Setup:
    """One family for every page check here (the checks only read)."""
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    entry = family.transaction(kai, 12.5, "Credit", "Chores")
    family.transaction(kai, 3.25, "Debit", "Comic book")
    family.transaction(freya, 5, "Debit", "Stickers")
    create_recurring(family, kai, "Chores pay", 7.5)

    def state(email):
        context = browser.new_context(base_url=base_url)
        page = context.new_page()
        login(page, email, family.password)
        saved = context.storage_state()
        context.close()
        return saved

    return Setup(family, kai, freya, entry["id"], state(family.parent_email), state(kai.email))


def _type_amount(page: Page):
    page.get_by_label("Amount").fill("4.50")
    expect(page.locator("#balance-preview")).to_be_visible()


def _login_error(page: Page):
    page.get_by_role("button", name="Sign In").click()
    expect(error_banner(page)).to_be_visible()


def _register_error(page: Page):
    page.get_by_role("button", name="Create Account").click()
    expect(error_banner(page)).to_be_visible()


def _too_much(page: Page):
    form = page.get_by_role("region", name="Add or subtract funds")
    choose(form, "Subtract funds")
    form.get_by_label("Amount").fill("9999")
    form.get_by_role("button", name="Save").click()
    expect(error_banner(page)).to_be_visible()


# (name, who: None/parent/kai, path, then, expected status)
PAGES: list[tuple[str, Optional[str], Callable[[Setup], str], Optional[Callable[[Page], None]], int]] = [
    ("login", None, lambda s: "/login", None, 200),
    ("login with error", None, lambda s: "/login", _login_error, 200),
    ("register", None, lambda s: "/register", None, 200),
    ("register with error", None, lambda s: "/register", _register_error, 200),
    ("parent dashboard", "parent", lambda s: "/dashboard", None, 200),
    ("child page", "parent", lambda s: f"/children/{s.kai.id}", None, 200),
    ("child page with error", "parent", lambda s: f"/children/{s.kai.id}", _too_much, 200),
    ("child page seen by the child", "kai", lambda s: f"/children/{s.kai.id}", None, 200),
    ("child dashboard", "kai", lambda s: "/dashboard", None, 200),
    ("transactions list", "parent", lambda s: f"/transactions?child={s.kai.id}", None, 200),
    ("transactions list of a child", "kai", lambda s: "/transactions", None, 200),
    ("transaction detail", "parent", lambda s: f"/transactions/{s.entry_id}", None, 200),
    ("new transaction", "parent", lambda s: "/transactions/new", _type_amount, 200),
    ("settings", "parent", lambda s: "/settings", None, 200),
    ("notifications", "kai", lambda s: "/notifications", None, 200),
    ("add child", "parent", lambda s: "/children/new", None, 200),
    ("delete confirmation", "parent", lambda s: f"/children/{s.freya.id}/delete", None, 200),
    ("sign out confirmation", "parent", lambda s: "/logout", None, 200),
    ("recurring list", "parent", lambda s: "/recurring", None, 200),
    ("recurring list of a child", "kai", lambda s: "/recurring", None, 200),
    ("terms", None, lambda s: "/terms", None, 200),
    ("privacy", None, lambda s: "/privacy", None, 200),
    ("privacy signed in", "parent", lambda s: "/privacy", None, 200),
    ("new recurring", "parent", lambda s: "/recurring/new", None, 200),
    ("error page (404)", "parent", lambda s: "/children/00000000-0000-0000-0000-000000000000", None, 404),
    ("error page (403)", "kai", lambda s: "/children/new", None, 403),
]


def _open(new_page, setup: Setup, who, path, then, status, **options) -> Page:
    if who == "parent":
        options["storage_state"] = setup.parent_state
    elif who == "kai":
        options["storage_state"] = setup.kai_state
    page = new_page(**options)
    response = page.goto(path(setup))
    assert response.status == status, f"{page.url}: HTTP {response.status}"
    if then:
        then(page)
    return page


def _report(name: str, page: Page) -> list[str]:
    failures = [f"axe: {v['line']}" for v in axe_violations(page, name)]
    failures += [f"structure: {p}" for p in structure_problems(page)]
    return failures


@pytest.mark.parametrize("name,who,path,then,status", PAGES, ids=[p[0] for p in PAGES])
def test_page_has_no_serious_accessibility_problems(new_page, setup, name, who, path, then, status):
    page = _open(new_page, setup, who, path, then, status)
    failures = _report(name, page)
    assert not failures, f"{name} ({page.url}):\n" + "\n".join(failures)


DARK = ["login", "parent dashboard", "child page", "child dashboard", "transactions list", "new transaction",
        "settings", "notifications", "recurring list of a child", "terms", "register with error"]


@pytest.mark.parametrize("name", DARK)
def test_dark_mode_page_has_no_serious_accessibility_problems(new_page, setup, name):
    _, who, path, then, status = next(p for p in PAGES if p[0] == name)
    page = _open(new_page, setup, who, path, then, status, color_scheme="dark")
    failures = _report(f"{name} (dark)", page)
    assert not failures, f"{name} in dark mode ({page.url}):\n" + "\n".join(failures)


# ---- keyboard ------------------------------------------------------------------------------

FOCUSED = """() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return {tag: el.tagName.toLowerCase(), id: el.id, cls: el.className, text: (el.textContent || '').trim(),
            type: el.type || '', outlineStyle: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth),
            left: box.left, top: box.top, width: box.width, height: box.height};
}"""


def focused(page: Page) -> dict:
    return page.evaluate(FOCUSED)


def assert_focus_visible(page: Page, what: str):
    info = focused(page)
    assert info["outlineStyle"] != "none" and info["outlineWidth"] > 0, f"no visible focus on {what}: {info}"
    return info


def test_skip_link_is_the_first_tab_stop(new_page, setup):
    for who, path in ((None, "/register"), ("parent", "/dashboard"), ("kai", "/dashboard")):
        page = _open(new_page, setup, who, lambda s, p=path: p, None, 200)
        page.keyboard.press("Tab")
        info = assert_focus_visible(page, f"the skip link on {path}")
        assert info["tag"] == "a" and info["text"] == "Skip to content", f"first Tab stop on {path}: {info}"
        # Shown on screen while focused.
        assert info["left"] >= 0 and info["top"] >= 0 and info["width"] > 0, info
        page.keyboard.press("Enter")
        expect(page).to_have_url(re.compile(r"#main$"))
        assert focused(page)["id"] == "main"
        # The next Tab stop is inside the main content, past the header.
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.getElementById('main').contains(document.activeElement)")


def test_sign_in_with_the_keyboard_only(page: Page):
    family = create_family(("Kai",))
    page.goto("/login")
    # The email field has the focus when the page opens.
    info = assert_focus_visible(page, "the email field")
    assert info["id"] == "email", info
    page.keyboard.type(family.parent_email)
    page.keyboard.press("Tab")
    info = assert_focus_visible(page, "the password field")
    assert info["id"] == "password", info
    page.keyboard.type(family.password)
    page.keyboard.press("Tab")
    info = assert_focus_visible(page, "the show-password button")
    assert info["tag"] == "button" and info["text"] == "Show password", info
    page.keyboard.press("Tab")
    info = assert_focus_visible(page, "the remember-me checkbox")
    assert info["type"] == "checkbox", info
    page.keyboard.press("Space")
    expect(page.get_by_label("Remember me")).to_be_checked()
    page.keyboard.press("Tab")
    info = assert_focus_visible(page, "the Sign In button")
    assert info["tag"] == "button" and info["text"] == "Sign In", info
    page.keyboard.press("Enter")
    expect(page).to_have_url(path_re("/dashboard"))
    expect(page.get_by_role("heading", level=1)).to_have_text(family.name)


def test_sign_in_with_enter_in_the_password_field(page: Page):
    family = create_family(())
    page.goto("/login")
    page.get_by_label("Email").focus()
    page.keyboard.type(family.parent_email)
    page.keyboard.press("Tab")
    page.keyboard.type(family.password)
    page.keyboard.press("Enter")
    expect(page).to_have_url(path_re("/dashboard"))


def test_every_tab_stop_on_the_dashboard_shows_focus(new_page, setup):
    page = _open(new_page, setup, "parent", lambda s: "/dashboard", None, 200)
    seen = []
    for _ in range(40):
        page.keyboard.press("Tab")
        info = focused(page)
        if info["tag"] == "body" or (seen and info == seen[0]):
            break
        seen.append(info)
        assert info["outlineStyle"] != "none" and info["outlineWidth"] > 0, f"no visible focus: {info}"
    names = [i["text"] for i in seen]
    assert "Skip to content" in names and "Add Child" in names and "−$5" in names, names


def test_money_in_and_out_with_arrow_keys(new_page, setup):
    page = _open(new_page, setup, "parent", lambda s: f"/transactions/new?child={s.kai.id}", None, 200)
    page.get_by_label("Amount").fill("10")
    preview = page.locator("#balance-preview")
    expect(preview).to_have_text("Current balance $109.25 → New balance $119.25")
    page.get_by_role("radio", name="Money In").focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("radio", name="Money Out")).to_be_checked()
    expect(preview).to_have_text("Current balance $109.25 → New balance $99.25")
    # The focused option is outlined (on its visible label).
    outline = page.evaluate("() => getComputedStyle(document.querySelector('label[for=type-out]')).outlineStyle")
    assert outline != "none", outline


# ---- touch targets (8.4: at least 44 x 44) -----------------------------------------------------

def small_targets(page: Page, scope: str) -> list[dict]:
    return page.evaluate("""scope => Array.from(document.querySelectorAll(scope))
        .filter(el => el.offsetParent !== null)
        .map(el => { const b = el.getBoundingClientRect();
                     return {text: (el.getAttribute('aria-label') || el.textContent).trim(), width: b.width, height: b.height}; })
        .filter(t => t.width < 44 || t.height < 44)""", scope)


def test_header_touch_targets_are_at_least_44px(new_page, setup):
    page = _open(new_page, setup, "parent", lambda s: "/dashboard", None, 200)
    small = small_targets(page, "header a, header button")
    assert not small, f"header targets smaller than 44x44 px: {small}"


@pytest.mark.parametrize("name", ["parent dashboard", "child page", "transactions list", "new transaction",
                                  "notifications", "settings", "login"])
def test_touch_targets_are_at_least_44px(new_page, setup, name):
    _, who, path, then, status = next(p for p in PAGES if p[0] == name)
    page = _open(new_page, setup, who, path, then, status)
    small = small_targets(page, "main button, main .button, main .segmented label, main .segmented-links a, "
                                "main input:not([type=hidden]):not([type=radio]):not([type=checkbox]), main select, "
                                "main .check, main .switch")
    assert not small, f"{name}: targets smaller than 44x44 px: {small}"
