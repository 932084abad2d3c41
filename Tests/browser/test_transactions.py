"""Transactions: new transaction with a live balance preview, list with filter, search and
"Load more", detail (app-screens.md 4.1-4.4, 9.1 TransactionListUITests)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from helpers import choose, create_family, error_banner, flash, login_child, login_parent, path_re

TX_ID = r"[0-9A-Fa-f-]{36}"


def rows(page: Page):
    return page.locator("main ul.rows > li")


def amounts(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("main ul.rows .tx-amount > span:first-child").all_inner_texts()]


def test_new_transaction_live_preview_and_new_balance(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    family.transaction(freya, 20, "Debit", "Shoes")
    login_parent(page, family)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Transactions").click()
    page.get_by_role("link", name="New Transaction").click()
    expect(page).to_have_url(path_re("/transactions/new"))
    expect(page.get_by_role("heading", level=1)).to_have_text("New Transaction")

    form = page.locator("form[data-balance-preview]")
    preview = page.locator("#balance-preview")
    page.get_by_label("Child").select_option(label=f"{kai.full_name} ($100.00)")
    expect(page.get_by_role("radio", name="Money In")).to_be_checked()
    expect(preview).to_be_hidden()

    amount = page.get_by_label("Amount")
    amount.press_sequentially("2")
    expect(preview).to_be_visible()
    expect(preview).to_have_text("Current balance $100.00 → New balance $102.00")
    amount.press_sequentially("5.5")
    expect(preview).to_have_text("Current balance $100.00 → New balance $125.50")

    choose(form, "Money Out")
    expect(preview).to_have_text("Current balance $100.00 → New balance $74.50")
    choose(form, "Money In")
    expect(preview).to_have_text("Current balance $100.00 → New balance $125.50")
    choose(form, "Money Out")

    # Another child: their balance is the starting point.
    page.get_by_label("Child").select_option(label=f"{freya.full_name} ($80.00)")
    expect(preview).to_have_text("Current balance $80.00 → New balance $54.50")
    amount.fill("100")
    # Short of money, the preview says what the server would answer.
    expect(preview).to_have_text(
        f"Current balance $80.00 → New balance -$20.00. Insufficient balance: {freya.first_name} has $80.00")
    amount.fill("")
    expect(preview).to_be_hidden()

    page.get_by_label("Child").select_option(label=f"{kai.full_name} ($100.00)")
    amount.fill("25.50")
    expect(preview).to_have_text("Current balance $100.00 → New balance $74.50")
    page.get_by_label("Description").fill("Toy robot")
    page.get_by_role("button", name="Create Transaction").click()

    expect(page).to_have_url(re.compile(rf"/transactions\?child={kai.id}$", re.I))
    expect(flash(page)).to_have_text("Saved. New balance: $74.50.")
    first = rows(page).first
    expect(first).to_contain_text("Toy robot")
    expect(first).to_contain_text("-$25.50")
    expect(first).to_contain_text("$74.50")
    page.goto("/dashboard")
    expect(page.get_by_role("link", name=f"{kai.full_name}, Balance: $74.50, Weekly allowance: $10.00")).to_be_visible()


def test_new_transaction_errors_keep_the_form(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/transactions/new?child={kai.id}")
    form = page.locator("form[data-balance-preview]")
    choose(form, "Money Out")
    page.get_by_label("Amount").fill("150")
    page.get_by_label("Description").fill("Bike")
    page.get_by_role("button", name="Create Transaction").click()

    expect(error_banner(page)).to_have_text("Insufficient balance: Kai has $100.00")
    expect(page.get_by_role("radio", name="Money Out")).to_be_checked()
    expect(page.get_by_label("Amount")).to_have_value("150")
    expect(page.get_by_label("Description")).to_have_value("Bike")
    expect(page.locator("#balance-preview")).to_have_text(
        "Current balance $100.00 → New balance -$50.00. Insufficient balance: Kai has $100.00")

    page.get_by_label("Amount").fill("15")
    page.get_by_label("Description").fill("")
    page.get_by_role("button", name="Create Transaction").click()
    expect(error_banner(page)).to_contain_text("Description")

    page.goto(f"/transactions?child={kai.id}")
    expect(rows(page)).to_have_count(1)


def make_history(family, child):
    family.transaction(child, 10, "Credit", "Weekly allowance")
    family.transaction(child, 7.5, "Debit", "Movie ticket")
    family.transaction(child, 25, "Credit", "Birthday money from Grandma")
    family.transaction(child, 1.25, "Debit", "Candy")


def test_filter_received_and_spent(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    make_history(family, kai)
    login_parent(page, family)
    page.goto(f"/transactions?child={kai.id}")
    expect(rows(page)).to_have_count(5)
    show = page.get_by_role("navigation", name="Show")
    expect(show.get_by_role("link", name="All")).to_have_attribute("aria-current", "true")

    show.get_by_role("link", name="Received").click()
    expect(show.get_by_role("link", name="Received")).to_have_attribute("aria-current", "true")
    expect(rows(page)).to_have_count(3)
    assert all(a.startswith("+") for a in amounts(page)), amounts(page)
    expect(page.locator("main ul.rows")).to_contain_text("Weekly allowance")
    expect(page.locator("main ul.rows")).not_to_contain_text("Movie ticket")

    show.get_by_role("link", name="Spent").click()
    expect(rows(page)).to_have_count(2)
    assert all(a.startswith("-") for a in amounts(page)), amounts(page)
    expect(page.locator("main ul.rows")).to_contain_text("Movie ticket")
    expect(page.locator("main ul.rows")).not_to_contain_text("Weekly allowance")

    show.get_by_role("link", name="All").click()
    expect(rows(page)).to_have_count(5)


def test_search_and_combine_with_a_filter(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    make_history(family, kai)
    login_parent(page, family)
    page.goto(f"/transactions?child={kai.id}")

    search = page.get_by_role("search")
    search.get_by_label("Search").fill("allowance")
    search.get_by_role("button", name="Search").click()
    expect(rows(page)).to_have_count(1)
    expect(rows(page).first).to_contain_text("Weekly allowance")
    expect(page.locator("main")).not_to_contain_text("Movie ticket")
    expect(page.get_by_role("search").get_by_label("Search")).to_have_value("allowance")

    # Case does not matter, and the filter keeps the search.
    page.get_by_role("search").get_by_label("Search").fill("MOVIE")
    page.get_by_role("search").get_by_label("Search").press("Enter")
    expect(rows(page)).to_have_count(1)
    expect(rows(page).first).to_contain_text("Movie ticket")
    page.get_by_role("navigation", name="Show").get_by_role("link", name="Received").click()
    expect(page.get_by_role("search").get_by_label("Search")).to_have_value("MOVIE")
    expect(page.locator("main")).to_contain_text("No transactions match “MOVIE”.")

    page.goto(f"/transactions?child={kai.id}&search=zzz-nothing")
    expect(rows(page)).to_have_count(0)
    expect(page.locator("main")).to_contain_text("No transactions match “zzz-nothing”.")


def test_choosing_another_child_shows_their_list(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    family.transaction(freya, 3, "Debit", "Freya's sticker")
    login_parent(page, family)
    page.goto(f"/transactions?child={kai.id}")
    expect(page.locator("main")).not_to_contain_text("Freya's sticker")
    page.get_by_label("Child").select_option(label=f"{freya.full_name} ($97.00)")
    expect(page).to_have_url(re.compile(rf"child={freya.id}", re.I))
    expect(rows(page).first).to_contain_text("Freya's sticker")
    # New Transaction from here starts with Freya chosen.
    page.get_by_role("link", name="New Transaction").click()
    expect(page.get_by_label("Child")).to_have_value(freya.id)


def test_load_more_after_twenty_rows(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    for n in range(1, 26):
        family.transaction(kai, 1, "Credit", f"Chore {n:02d}")
    login_parent(page, family)
    page.goto(f"/transactions?child={kai.id}")
    expect(rows(page)).to_have_count(20)
    expect(rows(page).first).to_contain_text("Chore 25")
    page.get_by_role("link", name="Load more").click()
    expect(rows(page)).to_have_count(26)
    expect(rows(page).last).to_contain_text("Opening balance")
    expect(page.get_by_role("link", name="Load more")).to_have_count(0)


def test_load_more_reaches_every_row_beyond_one_hundred(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    for n in range(1, 106):
        family.transaction(kai, 1, "Credit", f"Chore {n:03d}")
    login_parent(page, family)
    page.goto(f"/transactions?child={kai.id}")
    shown = rows(page).count()
    for _ in range(8):
        more = page.get_by_role("link", name="Load more")
        if more.count() == 0:
            break
        more.click()
        page.wait_for_load_state()
        now = rows(page).count()
        assert now > shown, f"'Load more' did not load more: still {now} rows of 106 ({page.url})"
        shown = now
    expect(rows(page)).to_have_count(106)
    expect(rows(page).last).to_contain_text("Opening balance")


def test_load_more_in_the_child_page_history(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    for n in range(1, 22):
        family.transaction(kai, 1, "Debit", f"Snack {n:02d}")
    login_parent(page, family)
    page.goto(f"/children/{kai.id}")
    history = page.locator("section[aria-labelledby=history-heading] ul.rows > li")
    expect(history).to_have_count(20)
    page.get_by_role("link", name="Load more").click()
    expect(history).to_have_count(22)
    expect(page.get_by_role("link", name="Load more")).to_have_count(0)


def test_transaction_detail(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    entry = family.transaction(kai, 4.2, "Debit", "Library fine")
    login_parent(page, family)
    page.goto(f"/transactions?child={kai.id}")
    rows(page).filter(has_text="Library fine").get_by_role("link").click()
    expect(page).to_have_url(re.compile(rf"/transactions/{entry['id']}$", re.I))
    main = page.locator("main")
    expect(main.locator(".huge")).to_have_text("-$4.20")
    expect(main).to_contain_text("Spent")
    details = main.locator("dl.details")
    expect(details.locator("dt", has_text="Description").locator("xpath=following-sibling::dd[1]")).to_have_text("Library fine")
    child_cell = details.locator("dt", has_text="Child").locator("xpath=following-sibling::dd[1]")
    expect(child_cell.get_by_role("link")).to_have_text("Kai")
    expect(child_cell.locator(".avatar")).to_have_text("K" + kai.last_name[0].upper())
    expect(details.locator("dt", has_text="Created by").locator("xpath=following-sibling::dd[1]")).to_have_text(
        f"{family.parent_first_name} {family.parent_last_name}")
    expect(details.locator("dt", has_text="Balance after").locator("xpath=following-sibling::dd[1]")).to_have_text("$95.80")
    page.locator(".crumbs").get_by_role("link", name="Transactions").click()
    expect(page).to_have_url(re.compile(rf"/transactions\?child={kai.id}$", re.I))


def test_child_sees_own_transactions_only(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    family.transaction(kai, 2, "Debit", "Kai's gum")
    secret = family.transaction(freya, 3, "Debit", "Freya's secret gift")
    login_child(page, kai)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Transactions").click()
    expect(rows(page)).to_have_count(2)
    expect(rows(page).first).to_contain_text("Kai's gum")
    expect(page.get_by_label("Child")).to_have_count(0)
    expect(page.get_by_role("link", name="New Transaction")).to_have_count(0)
    expect(page.locator("main")).not_to_contain_text("Freya")
    # The child can filter and search their own list.
    page.get_by_role("navigation", name="Show").get_by_role("link", name="Spent").click()
    expect(rows(page)).to_have_count(1)

    response = page.goto(f"/transactions?child={freya.id}")
    assert response.status == 404
    expect(page.locator("main")).not_to_contain_text("secret gift")
    response = page.goto(f"/transactions/{secret['id']}")
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("We couldn't find that page")
    expect(page.locator("main")).not_to_contain_text("secret gift")
