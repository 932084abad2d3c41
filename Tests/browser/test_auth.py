"""Signing in, signing up and signing out (app-screens.md 9.1 LoginViewUITests, 1.1, 1.2)."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect

from helpers import (
    DEMO_PARENT, PASSWORD, create_family, error_banner, flash, login, login_parent, path_re, unique_email,
)


def test_valid_login_lands_on_the_dashboard(page: Page):
    page.goto("/")
    expect(page).to_have_url(path_re("/login"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Welcome back")
    page.get_by_label("Email").fill(DEMO_PARENT[0])
    page.get_by_label("Password").fill(DEMO_PARENT[1])
    page.get_by_role("button", name="Sign In").click()

    expect(page).to_have_url(path_re("/dashboard"))
    expect(page.get_by_role("heading", level=1)).to_have_text("The Demo Family")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Dashboard")).to_have_attribute("aria-current", "page")
    expect(page).to_have_title(re.compile("Dashboard"))


def test_invalid_password_shows_invalid_email_or_password(page: Page):
    family = create_family(())
    page.goto("/login")
    page.get_by_label("Email").fill(family.parent_email)
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Sign In").click()

    expect(error_banner(page)).to_have_text("Invalid email or password")
    expect(page).to_have_url(path_re("/login"))
    # The email stays filled in, the password does not; the field points at the message.
    expect(page.get_by_label("Email")).to_have_value(family.parent_email)
    expect(page.get_by_label("Password")).to_have_value("")
    expect(page.get_by_label("Email")).to_have_attribute("aria-describedby", "form-error")
    # Still signed out.
    page.goto("/dashboard")
    expect(page).to_have_url(path_re("/login"))


def test_unknown_email_shows_the_same_message(page: Page):
    page.goto("/login")
    page.get_by_label("Email").fill(unique_email("nobody"))
    page.get_by_label("Password").fill("whatever1")
    page.get_by_role("button", name="Sign In").click()
    expect(error_banner(page)).to_have_text("Invalid email or password")


def test_empty_email_shows_email_is_required(page: Page):
    page.goto("/login")
    page.get_by_role("button", name="Sign In").click()
    expect(error_banner(page)).to_have_text("Email is required")
    expect(page).to_have_url(path_re("/login"))


def test_remember_me_state_survives_an_error(page: Page, context):
    page.goto("/login")
    remember = page.get_by_label("Remember me")
    expect(remember).not_to_be_checked()
    remember.check()
    expect(remember).to_be_checked()
    page.get_by_label("Email").fill(unique_email("nobody"))
    page.get_by_label("Password").fill("wrong-password")
    page.get_by_role("button", name="Sign In").click()

    expect(error_banner(page)).to_have_text("Invalid email or password")
    expect(page.get_by_label("Remember me")).to_be_checked()


def test_remember_me_keeps_the_session_cookie_after_the_browser_closes(page: Page, context, new_page):
    family = create_family(())
    login(page, family.parent_email, remember=True)
    session = [c for c in context.cookies() if c["name"] == "at_session"]
    assert session and session[0]["expires"] > 0, "remembered sign-in should be a persistent cookie"

    other = new_page()
    login(other, family.parent_email, remember=False)
    session = [c for c in other.context.cookies() if c["name"] == "at_session"]
    assert session and session[0]["expires"] == -1, "without Remember me the cookie should end with the browser"


def test_register_a_family_then_add_a_child(page: Page):
    email = unique_email("newparent")
    last = "R" + uuid.uuid4().hex[:6]
    page.goto("/login")
    page.get_by_role("link", name="Create a family account").click()
    expect(page).to_have_url(path_re("/register"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Create your family account")

    page.get_by_label("First name").fill("Robin")
    page.get_by_label("Last name").fill(last)
    page.get_by_label("Family name").fill(f"The {last}s")
    page.get_by_label("Email").fill(email)

    # The strength meter follows what is typed.
    password = page.get_by_label("Password", exact=True)
    strength = page.locator("#strength-text")
    password.fill("abc")
    # Too short: the meter says what the server would answer.
    expect(strength).to_have_text("Password strength: Weak. Password must be at least 6 characters")
    password.fill("abcdefgh1")
    expect(strength).to_have_text("Password strength: Medium")
    password.fill("Abcdefgh1!")
    expect(strength).to_have_text("Password strength: Strong")

    page.get_by_label("Confirm password").fill("Abcdefgh1?")
    page.get_by_role("button", name="Create Account").click()
    expect(error_banner(page)).to_have_text("Passwords do not match")
    # What was typed (except passwords) is still there.
    expect(page.get_by_label("First name")).to_have_value("Robin")
    expect(page.get_by_label("Email")).to_have_value(email)
    expect(page.get_by_label("Family name")).to_have_value(f"The {last}s")

    page.get_by_label("Password", exact=True).fill("Abcdefgh1!")
    page.get_by_label("Confirm password").fill("Abcdefgh1!")
    page.get_by_label("Time zone").select_option("Europe/Berlin")
    page.get_by_role("button", name="Create Account").click()

    expect(page).to_have_url(path_re("/dashboard"))
    expect(flash(page)).to_have_text("Welcome, Robin! Add your first child to get started.")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"The {last}s")
    expect(page.get_by_role("heading", name="No children yet")).to_be_visible()
    overview = page.get_by_role("region", name="Family overview")
    expect(overview).to_contain_text("$0.00")

    page.get_by_role("link", name="Add Child").first.click()
    expect(page).to_have_url(path_re("/children/new"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Add a child")
    page.get_by_label("First name").fill("Mia")
    page.get_by_label("Last name").fill(last)
    page.get_by_label("Email").fill(unique_email("mia"))
    page.get_by_label("Password", exact=True).fill("kidpass1")
    page.get_by_label("Confirm password").fill("kidpass1")
    page.get_by_label("Weekly allowance").fill("7.50")
    page.get_by_label("Paid on").select_option(label="Friday")
    page.get_by_label("Money they already have (optional)").fill("20")
    page.get_by_role("button", name="Add Child").click()

    expect(flash(page)).to_have_text("Mia was added with $20.00.")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Mia {last}")
    expect(page.locator("#balance")).to_have_text("$20.00")
    expect(page.get_by_role("region", name="Balance", exact=True)).to_contain_text("on Fridays")

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Dashboard").click()
    expect(page.get_by_role("link", name=f"Mia {last}, Balance: $20.00, Weekly allowance: $7.50")).to_be_visible()
    expect(page.get_by_role("heading", name="No children yet")).to_have_count(0)


def test_register_shows_the_first_problem(page: Page):
    page.goto("/register")
    page.get_by_role("button", name="Create Account").click()
    expect(error_banner(page)).to_have_text("Email is required")
    page.get_by_label("Email").fill(unique_email("x"))
    page.get_by_label("Password", exact=True).fill("abc")
    page.get_by_role("button", name="Create Account").click()
    expect(error_banner(page)).to_have_text("Password must be at least 6 characters")


def test_add_child_form_validates(page: Page):
    family = create_family(())
    login_parent(page, family)
    page.goto("/children/new")
    page.get_by_label("Email").fill(unique_email("kid"))
    page.get_by_label("Password", exact=True).fill("kidpass1")
    page.get_by_label("Confirm password").fill("kidpass2")
    page.get_by_role("button", name="Add Child").click()
    expect(error_banner(page)).to_have_text("Passwords do not match")
    page.get_by_label("Password", exact=True).fill("kidpass1")
    page.get_by_label("Confirm password").fill("kidpass1")
    page.get_by_role("button", name="Add Child").click()
    expect(error_banner(page)).to_have_text("First name is required")
    # Nothing was created.
    page.goto("/dashboard")
    expect(page.get_by_role("heading", name="No children yet")).to_be_visible()


def test_sign_out_asks_first(page: Page):
    family = create_family(())
    login_parent(page, family)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Settings").click()
    page.get_by_role("link", name="Sign Out").click()
    expect(page).to_have_url(path_re("/logout"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Sign out?")

    # Cancel keeps you signed in.
    page.get_by_role("link", name="Cancel").click()
    expect(page).to_have_url(path_re("/settings"))
    page.goto("/dashboard")
    expect(page).to_have_url(path_re("/dashboard"))

    page.goto("/logout")
    page.get_by_role("button", name="Sign Out").click()
    expect(page).to_have_url(path_re("/login"))
    expect(flash(page)).to_have_text("You have signed out.")
    page.goto("/dashboard")
    expect(page).to_have_url(re.compile(r"/login\?next=%2Fdashboard$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Welcome back")


def test_back_after_signing_out_shows_no_money(page: Page):
    # A shared family computer: the parent signs out, the next person presses Back.
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/children/{kai.id}")
    expect(page.locator("#balance")).to_have_text("$100.00")
    page.goto("/logout")
    page.get_by_role("button", name="Sign Out").click()
    expect(page).to_have_url(path_re("/login"))

    for _ in range(2):
        page.go_back()
        page.wait_for_load_state()
        # Each page is asked for again, and the server sends the visitor to sign in.
        expect(page).to_have_url(re.compile(r"/login(\?.*)?$"))
        expect(page.locator("#balance")).to_have_count(0)
        expect(page.get_by_text("$100.00")).to_have_count(0)


def test_signed_in_visitor_of_login_goes_to_dashboard(page: Page):
    family = create_family(())
    login(page, family.parent_email, PASSWORD)
    page.goto("/login")
    expect(page).to_have_url(path_re("/dashboard"))
    page.goto("/register")
    expect(page).to_have_url(path_re("/dashboard"))
