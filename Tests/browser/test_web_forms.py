"""Forms and the small things around them: terms and privacy, the app's version, show/hide
password, a primary button that says it is working and cannot be pressed twice, error banners
that can be put away, text that follows the browser's font size, goal icons; and every form
working without JavaScript, the server saying what the live hints say (app-screens.md 7-9)."""

from __future__ import annotations

import json
import re
import urllib.request
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, expect

from helpers import (
    BASE_URL, PASSWORD, api, choose, create_family, create_goal, error_banner, flash, login, login_child, login_parent,
    path_re, unique_email,
)


# ---- terms, privacy, version -----------------------------------------------------------------

def test_registration_links_the_terms_and_the_privacy_notice(page: Page):
    page.goto("/register")
    form = page.locator("form[action='/register']")
    expect(form).to_contain_text("By creating an account you agree to the terms of use and the privacy notice")
    form.get_by_role("link", name="terms of use").click()
    expect(page).to_have_url(path_re("/terms"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Terms of use")
    expect(page.locator("main")).to_contain_text("not a bank")
    page.go_back()
    page.locator("form[action='/register']").get_by_role("link", name="privacy notice").click()
    expect(page).to_have_url(path_re("/privacy"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Privacy notice")
    main = page.locator("main")
    for heading in ("What is stored", "Cookies", "Who can see it", "How to delete it"):
        expect(page.get_by_role("heading", name=heading, level=2)).to_be_visible()
    expect(main).to_contain_text("never sold")
    expect(main).to_contain_text("one-way hash")
    expect(main).to_contain_text("Delete…")


def test_terms_and_privacy_are_linked_from_every_page(page: Page):
    family = create_family(("Kai",))
    for path in ("/login", "/register"):
        page.goto(path)
        footer = page.get_by_role("contentinfo")
        expect(footer.get_by_role("link", name="Terms")).to_have_attribute("href", "/terms")
        expect(footer.get_by_role("link", name="Privacy")).to_have_attribute("href", "/privacy")
    login_parent(page, family)
    page.get_by_role("contentinfo").get_by_role("link", name="Privacy").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Privacy notice")
    # Signed in, the page keeps the navigation: no dead end.
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Dashboard")).to_be_visible()


def test_settings_show_the_app_version(page: Page):
    family = create_family(("Kai",))
    login_parent(page, family)
    page.goto("/settings")
    about = page.get_by_role("region", name="About")
    with urllib.request.urlopen(BASE_URL + "/openapi.json") as response:
        version = json.load(response)["info"]["version"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), version
    expect(about).to_contain_text(f"AllowanceTracker version {version}")
    expect(about.get_by_role("link", name="Privacy notice")).to_have_attribute("href", "/privacy")
    page.context.clear_cookies()
    login_child(page, family.children[0])
    page.goto("/settings")
    expect(page.get_by_role("region", name="About")).to_contain_text(version)


# ---- show/hide password ----------------------------------------------------------------------

def test_a_password_can_be_shown_and_hidden(page: Page):
    family = create_family(())
    page.goto("/login")
    password = page.get_by_label("Password", exact=True)
    toggle = page.get_by_role("button", name="Show password", exact=True)
    password.fill(family.password)
    expect(password).to_have_attribute("type", "password")
    toggle.click()
    expect(password).to_have_attribute("type", "text")
    expect(page.get_by_role("button", name="Hide password", exact=True)).to_be_visible()
    expect(password).to_have_value(family.password)
    # Still labelled, still sent: signing in works with the password shown.
    page.get_by_label("Email").fill(family.parent_email)
    page.get_by_role("button", name="Sign In").click()
    expect(page).to_have_url(path_re("/dashboard"))


def test_every_password_field_has_its_own_toggle(page: Page):
    page.goto("/register")
    for name in ("Show password", "Show confirm password"):
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(1)
    family = create_family(())
    login_parent(page, family)
    page.goto("/settings")
    for label in ("Current password", "New password", "Confirm new password"):
        field = page.get_by_label(label, exact=True)
        page.get_by_role("button", name=f"Show {label.lower()}", exact=True).click()
        expect(field).to_have_attribute("type", "text")
    # The keyboard reaches the toggle right after its field.
    page.get_by_label("Current password", exact=True).focus()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Hide current password"


# ---- a primary button that is busy, and cannot be pressed twice ------------------------------

def test_the_button_says_it_is_working_and_a_second_press_sends_nothing(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/transactions/new?child={kai.id}")
    choose(page, "Money In")
    page.get_by_label("Amount").fill("3")
    page.get_by_label("Description").fill("Once only")
    posts = []

    def answer_nothing(route):
        # 204: the browser stays on the page as if the answer were still on its way.
        posts.append(route.request.post_data)
        route.fulfill(status=204)

    page.route("**/transactions/new", lambda route: answer_nothing(route) if route.request.method == "POST" else route.continue_())
    button = page.get_by_role("button", name="Create Transaction")
    button.click()
    expect(button).to_have_attribute("aria-busy", "true")
    expect(button).to_be_disabled()
    # Submitting again by any means (Enter in a field, a script) sends nothing more.
    page.get_by_label("Description").press("Enter")
    page.evaluate("() => document.querySelector('form[data-balance-preview]').requestSubmit()")
    page.wait_for_timeout(300)
    assert len(posts) == 1, posts
    assert "description=Once+only" in posts[0], posts[0]
    expect(page.locator(".flash")).to_have_count(0)


def test_a_refused_form_can_be_sent_again(page: Page):
    family = create_family(("Kai",), balance=2)
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/transactions/new?child={kai.id}")
    choose(page, "Money Out")
    page.get_by_label("Amount").fill("5")
    page.get_by_label("Description").fill("Too much")
    page.get_by_role("button", name="Create Transaction").click()
    expect(error_banner(page)).to_have_text("Insufficient balance: Kai has $2.00")
    button = page.get_by_role("button", name="Create Transaction")
    expect(button).to_be_enabled()
    expect(button).not_to_have_attribute("aria-busy", "true")
    page.get_by_label("Amount").fill("1")
    button.click()
    expect(flash(page)).to_have_text("Saved. New balance: $1.00.")


def test_coming_back_to_a_sent_form_it_works_again(page: Page):
    family = create_family(("Kai",))
    login_parent(page, family)
    page.goto("/settings")
    page.get_by_label("First name").fill("Patricia")
    page.get_by_role("button", name="Save Profile").click()
    expect(flash(page)).to_have_text("Profile saved.")
    page.go_back()
    button = page.get_by_role("button", name="Save Profile")
    expect(button).to_be_enabled()
    expect(button).not_to_have_attribute("aria-busy", "true")
    page.get_by_label("First name").fill("Pat")
    button.click()
    expect(flash(page)).to_have_text("Profile saved.")


# ---- error banners ---------------------------------------------------------------------------

def test_an_error_banner_can_be_dismissed(page: Page):
    page.goto("/login")
    page.get_by_label("Email").fill(unique_email("nobody"))
    page.get_by_label("Password", exact=True).fill("wrong-password")
    page.get_by_role("button", name="Sign In").click()
    banner = error_banner(page)
    expect(banner).to_contain_text("Invalid email or password")
    banner.get_by_role("button", name="Dismiss").click()
    expect(error_banner(page)).to_have_count(0)
    # The focus goes back to the form, ready for another try.
    assert page.evaluate("() => document.activeElement.id") == "email"


# ---- text size, goal icons -------------------------------------------------------------------

def _font_size(page: Page, selector: str) -> float:
    return page.evaluate(f"() => parseFloat(getComputedStyle(document.querySelector({selector!r})).fontSize)")


def test_text_follows_the_browsers_font_size(new_page):
    family = create_family(())
    # Paid tomorrow, so the page shows its longest countdown ("Tomorrow") whatever the day.
    tomorrow = (datetime.now(ZoneInfo("America/New_York")).weekday() + 2) % 7  # Sunday is 0
    kai = family.add_child("Kai", allowance_day=tomorrow, last_name=family.parent_last_name)
    page = new_page(viewport={"width": 375, "height": 740})
    login_parent(page, family)
    page.goto(f"/children/{kai.id}")
    expect(page.locator(".balance-card")).to_contain_text("Tomorrow")
    body, heading, padding = _font_size(page, "body"), _font_size(page, "h1"), page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.card')).paddingTop)")
    assert body == 17, body
    # The browser's own setting ("font size: very large"), as a person would change it.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 24, "fixed": 20}})
    page.reload()
    assert _font_size(page, "body") == pytest.approx(body * 1.5)
    assert _font_size(page, "h1") == pytest.approx(heading * 1.5)
    assert _font_size(page, ".tile-name") >= 24
    assert page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.card')).paddingTop)") == pytest.approx(
        padding * 1.5)
    _expect_no_sideways_scroll(page, f"/children/{kai.id}", "/dashboard", "/templates", "/settings")
    # The child's own pages too: the month's four figures and the learning glance.
    page.context.clear_cookies()
    login_child(page, kai)
    _expect_no_sideways_scroll(page, "/dashboard", f"/children/{kai.id}/learning")


def _expect_no_sideways_scroll(page: Page, *paths: str):
    for path in paths:
        page.goto(path)
        size = page.evaluate("() => ({scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth})")
        assert size["scroll"] <= size["inner"], f"{path} scrolls sideways with large text: {size}"


def test_a_goal_without_a_picture_shows_its_category(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    create_goal(family, kai, "New game", 40, category=2)
    create_goal(family, kai, "Animal shelter", 20, category=7)
    login_parent(page, family)
    page.goto(f"/children/{kai.id}/goals")
    game = page.locator("li.goal-card").filter(has_text="New game").locator(".goal-icon")
    expect(game).to_have_text("🎮")
    expect(game).to_have_attribute("title", "Game")
    expect(page.locator("li.goal-card").filter(has_text="Animal shelter").locator(".goal-icon")).to_have_text("💝")


# ---- without JavaScript ----------------------------------------------------------------------

def test_register_says_the_same_with_and_without_javascript(new_page):
    for javascript in (True, False):
        page = new_page(java_script_enabled=javascript)
        page.goto("/register")
        password = page.get_by_label("Password", exact=True)
        page.get_by_label("Email").fill(unique_email("same"))
        password.fill("abc")
        if javascript:
            expect(page.locator("#strength-text")).to_contain_text("Password must be at least 6 characters")
        else:
            expect(page.get_by_role("button", name="Show password")).to_have_count(0)
        page.get_by_role("button", name="Create Account").click()
        expect(error_banner(page)).to_have_text("Password must be at least 6 characters")

        page.get_by_label("Password", exact=True).fill("abcdef1")
        page.get_by_label("Confirm password").fill("abcdef2")
        if javascript:
            expect(page.locator("#confirmPassword-match")).to_have_text("Passwords do not match")
        page.get_by_role("button", name="Create Account").click()
        expect(error_banner(page)).to_have_text("Passwords do not match")


def test_register_without_javascript_creates_the_account(new_page):
    page = new_page(java_script_enabled=False)
    email = unique_email("nojs")
    page.goto("/register")
    page.get_by_label("First name").fill("Noa")
    page.get_by_label("Last name").fill("Plain")
    page.get_by_label("Family name").fill("The Plains")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm password").fill(PASSWORD)
    page.get_by_role("button", name="Create Account").click()
    expect(page).to_have_url(path_re("/dashboard"))
    expect(flash(page)).to_have_text("Welcome, Noa! Add your first child to get started.")


def test_new_transaction_says_the_same_with_and_without_javascript(new_page):
    family = create_family(("Kai",), balance=3)
    kai = family.children[0]
    for javascript in (True, False):
        page = new_page(java_script_enabled=javascript)
        login_parent(page, family)
        page.goto(f"/transactions/new?child={kai.id}")
        choose(page, "Money Out")
        page.get_by_label("Amount").fill("5")
        page.get_by_label("Description").fill("Kite")
        preview = page.locator("#balance-preview")
        if javascript:
            expect(preview).to_have_text("Current balance $3.00 → New balance -$2.00. Insufficient balance: Kai has $3.00")
        else:
            expect(preview).to_be_hidden()
        page.get_by_role("button", name="Create Transaction").click()
        expect(error_banner(page)).to_have_text("Insufficient balance: Kai has $3.00")
        page.get_by_label("Amount").fill("")
        page.get_by_role("button", name="Create Transaction").click()
        expect(error_banner(page)).to_have_text("Amount is required")
    assert api("GET", f"/api/v1/children/{kai.id}/balance", token=family.token)["currentBalance"] == 3


def test_the_new_pages_work_without_javascript(new_page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    page = new_page(java_script_enabled=False)
    login_parent(page, family)
    # A template, made and used.
    page.goto("/templates/new")
    page.get_by_label("Name").fill("Bus fare")
    page.get_by_label("Amount").fill("2")
    page.get_by_role("button", name="Create Template").click()
    expect(flash(page)).to_have_text("Bus fare is ready on every child's page.")
    page.goto(f"/children/{kai.id}")
    page.get_by_role("region", name="Quick add").get_by_role("button", name="Bus fare −$2.00").click()
    expect(flash(page)).to_have_text("Bus fare: −$2.00. Kai now has $98.00.")
    # Deleting from the list: the confirmation page asks (no script dialog needed).
    page.goto("/dashboard")
    page.get_by_role("link", name=f"Delete {freya.full_name}'s piggy bank…").click()
    page.get_by_role("button", name="Delete").click()
    expect(flash(page)).to_have_text("Freya's piggy bank was deleted.")
    # A refused form has its banner, without a dismiss button; refresh is a plain link.
    page.goto("/settings")
    page.get_by_label("Current password", exact=True).fill("wrong-one")
    page.get_by_label("New password", exact=True).fill("newpass1")
    page.get_by_label("Confirm new password").fill("newpass2")
    page.get_by_role("button", name="Change Password").click()
    expect(error_banner(page)).to_have_text("Passwords do not match")
    expect(error_banner(page).get_by_role("button", name="Dismiss")).to_have_count(0)
    page.goto("/dashboard")
    page.get_by_role("link", name="Refresh").click()
    expect(page).to_have_url(path_re("/dashboard"))
    # The child records spending from their dashboard.
    child = new_page(java_script_enabled=False)
    login(child, kai.email)
    child.get_by_role("region", name="Record my spending").get_by_role("button", name="Snack −$2.00").click()
    expect(flash(child)).to_have_text("Snack: −$2.00. You now have $96.00.")
