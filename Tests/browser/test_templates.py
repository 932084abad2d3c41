"""Quick add on a child's page (quick-actions.md): one click posts a template with its default
amount; a template without one needs an amount typed next to it."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import create_family, error_banner, flash, history, login_child, login_parent, path_re


def quick_add(page: Page):
    return page.get_by_role("region", name="Quick add")


def template_form(page: Page, name: str):
    """The form of a template that needs an amount (its input is labelled "Amount for <name>")."""
    return quick_add(page).locator("form").filter(has=page.get_by_label(f"Amount for {name}", exact=True))


def open_child(page: Page, family, child):
    login_parent(page, family)
    page.goto(f"/children/{child.id}")
    expect(page.get_by_role("heading", level=1)).to_have_text(child.full_name)


def test_quick_add_lists_the_templates(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    open_child(page, family, kai)
    quick = quick_add(page)
    for label in ("Lunch −$5.00", "Snack −$2.00", "Movie −$15.00", "Book −$10.00", "Chore Bonus +$5.00"):
        expect(quick.get_by_role("button", name=label, exact=True)).to_be_visible()
    for name in ("Game", "Toy", "Gift", "Found Money"):
        expect(quick.get_by_label(f"Amount for {name}", exact=True)).to_be_visible()
        expect(quick.get_by_role("button", name=name, exact=True)).to_be_visible()


def test_one_click_lunch_subtracts_five_dollars(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    open_child(page, family, kai)
    quick_add(page).get_by_role("button", name="Lunch −$5.00").click()
    expect(page).to_have_url(path_re(f"/children/{kai.id}"))
    expect(flash(page)).to_have_text("Lunch: −$5.00. Kai now has $95.00.")
    expect(page.locator("#balance")).to_have_text("$95.00")
    first = history(page).locator("li").first
    expect(first).to_contain_text("Lunch")
    expect(first).to_contain_text("-$5.00")
    expect(history(page).locator("li")).to_have_count(2)


def test_one_click_credit_adds(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    open_child(page, family, kai)
    quick_add(page).get_by_role("button", name="Chore Bonus +$5.00").click()
    expect(flash(page)).to_have_text("Chore Bonus: +$5.00. Kai now has $105.00.")
    expect(page.locator("#balance")).to_have_text("$105.00")


def test_template_without_amount_needs_one(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    open_child(page, family, kai)
    gift = template_form(page, "Gift")
    gift.get_by_role("button", name="Gift", exact=True).click()
    expect(error_banner(page)).to_contain_text("amount is required", ignore_case=True)
    expect(error_banner(page)).to_contain_text("Gift")
    expect(page.locator("#balance")).to_have_text("$100.00")
    expect(history(page).locator("li")).to_have_count(1)

    gift = template_form(page, "Gift")
    gift.get_by_label("Amount for Gift").fill("12.50")
    gift.get_by_role("button", name="Gift", exact=True).click()
    expect(flash(page)).to_have_text("Gift: +$12.50. Kai now has $112.50.")
    expect(page.locator("#balance")).to_have_text("$112.50")
    first = history(page).locator("li").first
    expect(first).to_contain_text("Gift")
    expect(first).to_contain_text("+$12.50")


def test_template_amount_must_be_valid(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    open_child(page, family, kai)
    game = template_form(page, "Game")
    game.get_by_label("Amount for Game").fill("abc")
    game.get_by_role("button", name="Game", exact=True).click()
    expect(error_banner(page)).to_contain_text("Amount")
    expect(page.locator("#balance")).to_have_text("$100.00")

    game = template_form(page, "Game")
    game.get_by_label("Amount for Game").fill("0")
    game.get_by_role("button", name="Game", exact=True).click()
    expect(error_banner(page)).to_contain_text("greater than zero")
    expect(page.locator("#balance")).to_have_text("$100.00")
    expect(history(page).locator("li")).to_have_count(1)


def test_template_spend_beyond_the_balance_is_refused(page: Page):
    family = create_family(("Kai",), balance=10)
    kai = family.children[0]
    open_child(page, family, kai)
    quick_add(page).get_by_role("button", name="Movie −$15.00").click()
    expect(error_banner(page)).to_contain_text("Insufficient balance")
    expect(page.locator("#balance")).to_have_text("$10.00")
    expect(history(page).locator("li")).to_have_count(1)


def test_a_child_sees_no_quick_add(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_child(page, kai)
    page.goto(f"/children/{kai.id}")
    expect(page.locator("#balance")).to_have_text("$100.00")
    expect(quick_add(page)).to_have_count(0)
    expect(page.get_by_role("button", name="Lunch −$5.00")).to_have_count(0)
