"""Quick add on a child's page (quick-actions.md): one click posts a template with its default
amount; a template without one needs an amount typed next to it. A child records their own
spending with the spending templates, on their page and on their dashboard."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import api, create_family, error_banner, flash, history, login_child, login_parent, path_re


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
    # What was typed comes back in its field, marked and focused, to be corrected, not retyped.
    typed = template_form(page, "Game").get_by_label("Amount for Game")
    expect(typed).to_have_value("abc")
    expect(typed).to_have_attribute("aria-invalid", "true")
    expect(typed).to_be_focused()

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


CHORE_BONUS = "0A11CE00-7E3A-4000-8000-000000000011"  # a global template: money in


def my_spending(page: Page):
    return page.get_by_role("region", name="Record my spending")


def test_a_child_records_their_own_spending_on_their_page(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_child(page, kai)
    page.goto(f"/children/{kai.id}")
    expect(quick_add(page)).to_have_count(0)
    spending = my_spending(page)
    # Spending templates only: adding money stays with parents.
    for label in ("Lunch −$5.00", "Snack −$2.00", "Movie −$15.00", "Book −$10.00"):
        expect(spending.get_by_role("button", name=label, exact=True)).to_be_visible()
    for name in ("Chore Bonus", "Gift", "Found Money"):
        expect(spending.get_by_role("button", name=name)).to_have_count(0)
    expect(spending.get_by_role("link", name="Manage templates")).to_have_count(0)
    spending.get_by_role("button", name="Lunch −$5.00").click()
    expect(page).to_have_url(path_re(f"/children/{kai.id}"))
    expect(flash(page)).to_have_text("Lunch: −$5.00. You now have $95.00.")
    expect(page.locator("#balance")).to_have_text("$95.00")
    expect(history(page).locator("li").first).to_contain_text("Lunch")


def test_a_child_records_spending_from_their_dashboard(page: Page):
    family = create_family(("Kai",), balance=20)
    kai = family.children[0]
    login_child(page, kai)
    spending = my_spending(page)
    spending.get_by_label("Amount for Toy", exact=True).fill("7")
    spending.get_by_role("button", name="Toy", exact=True).click()
    expect(page).to_have_url(path_re("/dashboard"))
    expect(flash(page)).to_have_text("Toy: −$7.00. You now have $13.00.")
    expect(page.locator("#balance")).to_have_text("$13.00")
    expect(page.get_by_role("region", name="Recent activity")).to_contain_text("Toy")

    # Too much: the dashboard says why, and nothing moved.
    my_spending(page).get_by_role("button", name="Movie −$15.00").click()
    expect(error_banner(page)).to_have_text("Insufficient balance: Kai has $13.00")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hi Kai!")
    expect(page.locator("#balance")).to_have_text("$13.00")

    my_spending(page).get_by_role("button", name="Game", exact=True).click()
    expect(error_banner(page)).to_contain_text("Amount is required")
    # A typed amount that is too much comes back in its field, to be corrected.
    my_spending(page).get_by_label("Amount for Toy", exact=True).fill("20")
    my_spending(page).get_by_role("button", name="Toy", exact=True).click()
    expect(error_banner(page)).to_have_text("Insufficient balance: Kai has $13.00")
    expect(my_spending(page).get_by_label("Amount for Toy", exact=True)).to_have_value("20")
    page.goto("/dashboard")
    expect(page.locator("#balance")).to_have_text("$13.00")


def test_a_child_cannot_add_money_or_spend_a_siblings_with_a_template(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    login_child(page, kai)
    page.goto("/logout")  # a page with a form, for a valid token
    token = page.locator("input[name=_csrf]").first.input_value()
    response = page.request.post(f"/children/{kai.id}/templates/{CHORE_BONUS}", form={"_csrf": token}, max_redirects=0)
    assert response.status == 403, response.status
    assert "Only a parent can add money" in response.text()
    lunch = "0A11CE00-7E3A-4000-8000-000000000001"
    response = page.request.post(f"/children/{freya.id}/templates/{lunch}", form={"_csrf": token}, max_redirects=0)
    assert response.status == 404, response.status
    balances = {c["firstName"]: c["currentBalance"] for c in api("GET", "/api/v1/children", token=family.token)}
    assert balances == {"Kai": 100, "Freya": 100}, balances


def test_quick_add_is_a_grid_with_amount_fields_only_where_needed_at_375px(new_page):
    family = create_family(("Kai",))
    kai = family.children[0]
    page = new_page(viewport={"width": 375, "height": 740})
    open_child(page, family, kai)
    quick = quick_add(page)
    tiles = quick.locator("li.template-tile")
    expect(tiles).to_have_count(9)
    # Amount fields only on the four templates without a default amount.
    expect(quick.locator("input[name=amount]")).to_have_count(4)
    for name in ("Lunch", "Snack", "Movie", "Book", "Chore Bonus"):
        expect(tiles.filter(has_text=name).locator("input[name=amount]")).to_have_count(0)
    # Two across, every tile on screen, nothing scrolls sideways.
    boxes = [tiles.nth(i).bounding_box() for i in range(9)]
    assert len({round(b["x"]) for b in boxes}) == 2, boxes
    for box in boxes:
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box
        assert box["width"] >= 120, box
    size = page.evaluate("() => ({scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth})")
    assert size["scroll"] <= size["inner"], size
    # Readable: names at the body's size, not shrunk to fit.
    assert page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.tile-name')).fontSize)") >= 16
