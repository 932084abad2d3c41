"""A child's piggy-bank page for a parent: balance, chart, history, add and subtract funds,
quick spend, rename, delete with confirmation (piggy-bank.md, quick-actions.md)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from helpers import choose, create_family, error_banner, flash, history, login, login_parent, path_re, unique_email


def open_child(page: Page, family, child):
    login_parent(page, family)
    page.goto(f"/children/{child.id}")
    expect(page.get_by_role("heading", level=1)).to_have_text(child.full_name)


def funds_form(page: Page):
    return page.get_by_role("region", name="Add or subtract funds")


def test_child_page_shows_balance_chart_and_history(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    family.transaction(kai, 12.5, "Credit", "Chores")
    family.transaction(kai, 2.75, "Debit", "Sticker pack")
    open_child(page, family, kai)

    expect(page.locator("#balance")).to_have_text("$109.75")
    balance = page.get_by_role("region", name="Balance", exact=True)
    expect(balance).to_contain_text("$10.00")
    expect(balance).to_contain_text("on Saturdays")
    expect(page.get_by_role("heading", name="Balance over time")).to_be_visible()
    rows = history(page).locator("li")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("Sticker pack")
    expect(rows.nth(0)).to_contain_text("-$2.75")
    expect(rows.nth(0)).to_contain_text("$109.75")
    expect(rows.nth(1)).to_contain_text("Chores")
    expect(rows.nth(1)).to_contain_text("+$12.50")
    expect(rows.nth(2)).to_contain_text("Opening balance")
    # A row opens the transaction.
    rows.nth(1).get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/transactions/[0-9A-Fa-f-]{36}$"))
    expect(page.locator("main")).to_contain_text("Chores")
    expect(page.locator("main")).to_contain_text("+$12.50")


def test_add_funds(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    open_child(page, family, kai)
    form = funds_form(page)
    choose(form, "Add funds")
    form.get_by_label("Amount").fill("12.50")
    form.get_by_label("Note (optional)").fill("Washed the car")
    form.get_by_role("button", name="Save").click()

    expect(page).to_have_url(path_re(f"/children/{kai.id}"))
    expect(flash(page)).to_have_text("Added $12.50. Kai now has $112.50.")
    expect(page.locator("#balance")).to_have_text("$112.50")
    first = history(page).locator("li").first
    expect(first).to_contain_text("Washed the car")
    expect(first).to_contain_text("+$12.50")
    # The form is empty again and back on the default direction.
    expect(funds_form(page).get_by_label("Amount")).to_have_value("")


def test_subtract_funds(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    open_child(page, family, kai)
    form = funds_form(page)
    choose(form, "Subtract funds")
    form.get_by_label("Amount").fill("7.25")
    form.get_by_role("button", name="Save").click()

    expect(flash(page)).to_have_text("Subtracted $7.25. Kai now has $92.75.")
    expect(page.locator("#balance")).to_have_text("$92.75")
    first = history(page).locator("li").first
    expect(first).to_contain_text("Money spent")
    expect(first).to_contain_text("-$7.25")


def test_subtract_more_than_the_balance_is_refused(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    family.transaction(kai, 20, "Debit", "Game")
    open_child(page, family, kai)
    form = funds_form(page)
    choose(form, "Subtract funds")
    form.get_by_label("Amount").fill("80.01")
    form.get_by_label("Note (optional)").fill("Bike")
    form.get_by_role("button", name="Save").click()

    expect(error_banner(page)).to_have_text("Insufficient balance: Kai has $80.00")
    expect(page.locator("#balance")).to_have_text("$80.00")
    # What was typed is kept so it can be corrected.
    expect(funds_form(page).get_by_label("Amount")).to_have_value("80.01")
    expect(funds_form(page).get_by_label("Note (optional)")).to_have_value("Bike")
    expect(funds_form(page).get_by_label("Subtract funds")).to_be_checked()
    expect(funds_form(page).get_by_label("Amount")).to_have_attribute("aria-describedby", "form-error")
    # Nothing changed.
    page.goto(f"/children/{kai.id}")
    expect(page.locator("#balance")).to_have_text("$80.00")
    expect(history(page).locator("li")).to_have_count(2)
    expect(history(page)).not_to_contain_text("Bike")


def test_amount_is_required_and_must_be_valid(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    open_child(page, family, kai)
    funds_form(page).get_by_role("button", name="Save").click()
    expect(error_banner(page)).to_have_text("Amount is required")
    funds_form(page).get_by_label("Amount").fill("abc")
    funds_form(page).get_by_role("button", name="Save").click()
    expect(error_banner(page)).to_contain_text("Amount")
    expect(page.locator("#balance")).to_have_text("$100.00")


def test_quick_spend_on_the_child_page(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    open_child(page, family, kai)
    quick = page.get_by_role("region", name="Quick spend")
    quick.get_by_label("Note (optional)").fill("Lemonade")
    quick.get_by_role("button", name="Subtract $5.00").click()
    expect(page).to_have_url(path_re(f"/children/{kai.id}"))
    expect(flash(page)).to_have_text("Subtracted $5.00 from Kai. New balance: $95.00.")
    expect(page.locator("#balance")).to_have_text("$95.00")
    expect(history(page).locator("li").first).to_contain_text("Lemonade")


def test_quick_spend_is_disabled_below_five_dollars(page: Page):
    family = create_family(("Kai",), balance=4.99)
    kai = family.children[0]
    open_child(page, family, kai)
    quick = page.get_by_role("region", name="Quick spend")
    expect(quick.get_by_role("button", name="Subtract $5.00")).to_be_disabled()
    expect(quick).to_contain_text("Not enough money for a $5.00 spend.")


def test_rename(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    open_child(page, family, kai)
    page.get_by_label("First name").fill("Kaito")
    page.get_by_label("Last name").fill("Nakamura")
    page.get_by_role("button", name="Rename").click()
    expect(flash(page)).to_have_text("Renamed to Kaito Nakamura.")
    expect(page.get_by_role("heading", level=1)).to_have_text("Kaito Nakamura")
    page.goto("/dashboard")
    expect(page.get_by_role("link", name="Kaito Nakamura, Balance: $100.00, Weekly allowance: $10.00")).to_be_visible()


def test_rename_requires_a_first_name(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    open_child(page, family, kai)
    page.get_by_label("First name").fill("")
    page.get_by_role("button", name="Rename").click()
    expect(error_banner(page)).to_contain_text("First name")
    page.goto(f"/children/{kai.id}")
    expect(page.get_by_role("heading", level=1)).to_have_text(kai.full_name)


def test_delete_asks_for_confirmation_cancel_keeps_the_child(page: Page):
    family = create_family(("Kai", "Freya"))
    kai = family.children[0]
    open_child(page, family, kai)
    page.get_by_role("link", name="Delete Kai's piggy bank…").click()
    expect(page).to_have_url(path_re(f"/children/{kai.id}/delete"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Delete {kai.full_name}'s piggy bank?")
    expect(page.locator("main")).to_contain_text("$100.00")
    page.get_by_role("link", name="Cancel").click()
    expect(page).to_have_url(path_re(f"/children/{kai.id}"))
    expect(page.locator("#balance")).to_have_text("$100.00")
    page.goto("/dashboard")
    expect(page.locator("li.child-card")).to_have_count(2)


def test_delete_removes_the_child(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    open_child(page, family, kai)
    page.get_by_role("link", name="Delete Kai's piggy bank…").click()
    page.get_by_role("button", name="Delete").click()

    expect(page).to_have_url(path_re("/dashboard"))
    expect(flash(page)).to_have_text("Kai's piggy bank was deleted.")
    expect(page.locator("li.child-card")).to_have_count(1)
    expect(page.get_by_role("link", name=f"{freya.full_name}, Balance: $100.00, Weekly allowance: $10.00")).to_be_visible()
    expect(page.get_by_text(kai.full_name)).to_have_count(0)
    expect(page.get_by_role("region", name="Family overview")).to_contain_text("$100.00")

    response = page.goto(f"/children/{kai.id}")
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("We couldn't find that page")


def test_add_a_child_without_a_login_then_give_one(page: Page, new_page):
    family = create_family(())
    login_parent(page, family)
    page.goto("/children/new")
    page.get_by_label("No login: I keep their piggy bank").check()
    page.get_by_label("First name").fill("Mia")
    page.get_by_label("Money they already have (optional)").fill("7.50")
    page.get_by_role("button", name="Add Child").click()

    expect(flash(page)).to_have_text("Mia was added with $7.50.")
    expect(page.locator("#balance")).to_have_text("$7.50")
    expect(history(page).locator("li").first).to_contain_text("Opening balance")
    login_form = page.get_by_role("form", name="Login")
    expect(page.get_by_text("Mia has no login yet.")).to_be_visible()

    email = unique_email("mia")
    login_form.get_by_label("Email").fill(email)
    login_form.get_by_label("Password", exact=True).fill("miapass1")
    login_form.get_by_label("Confirm password").fill("miapass2")
    login_form.get_by_role("button", name="Give Mia a login").click()
    expect(error_banner(page)).to_have_text("Passwords do not match")

    login_form = page.get_by_role("form", name="Login")
    expect(login_form.get_by_label("Email")).to_have_value(email)
    login_form.get_by_label("Password", exact=True).fill("miapass1")
    login_form.get_by_label("Confirm password").fill("miapass1")
    login_form.get_by_role("button", name="Give Mia a login").click()
    expect(flash(page)).to_have_text(f"Mia can now sign in as {email}.")
    expect(page.get_by_role("form", name="Login")).to_have_count(0)

    # Mia signs in on her own device and sees her money.
    mia = new_page()
    login(mia, email, "miapass1")
    expect(mia.get_by_role("region", name="Your balance")).to_contain_text("$7.50")
