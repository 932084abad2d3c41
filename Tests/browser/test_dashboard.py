"""Dashboards: the parent's family overview and the child's piggy bank (app-screens.md 2.x, 3.x,
9.1 ParentDashboardUITests)."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

from playwright.sync_api import Page, expect

from helpers import (
    DEMO_KAI, DEMO_PARENT, contribute_to_goal, create_family, create_goal, flash, history, login, login_child, login_parent, money,
    path_re, stat,
)


def child_card(page: Page, name: str):
    return page.locator("li.child-card").filter(has=page.locator(".name", has_text=name))


def test_demo_dashboard_lists_children_with_balances(page: Page):
    login(page, *DEMO_PARENT)
    expect(page.get_by_role("heading", level=1)).to_have_text("The Demo Family")
    overview = page.get_by_role("region", name="Family overview")
    expect(overview).to_contain_text("Total balance")
    expect(overview).to_contain_text("$200.00")
    expect(overview).to_contain_text("$18.00")
    expect(page.get_by_role("link", name="Kai Demo, Balance: $100.00, Weekly allowance: $10.00")).to_be_visible()
    expect(page.get_by_role("link", name="Freya Demo, Balance: $100.00, Weekly allowance: $8.00")).to_be_visible()
    expect(child_card(page, "Kai Demo").locator(".balance")).to_have_text("$100.00")


def test_overview_totals_and_child_cards(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    family.transaction(kai, 12.5, "Credit", "Chores")
    family.transaction(freya, 30.25, "Debit", "Shoes")
    login_parent(page, family)

    overview = page.get_by_role("region", name="Family overview")
    expect(stat(overview, "Total balance")).to_contain_text("$182.25")
    expect(stat(overview, "Weekly allowance")).to_contain_text("$20.00")
    expect(stat(overview, "Children")).to_contain_text("2")
    expect(page.locator("li.child-card")).to_have_count(2)
    expect(page.get_by_role("link", name=f"{kai.full_name}, Balance: $112.50, Weekly allowance: $10.00")).to_be_visible()
    expect(page.get_by_role("link", name=f"{freya.full_name}, Balance: $69.75, Weekly allowance: $10.00")).to_be_visible()
    expect(child_card(page, kai.full_name)).to_contain_text("Weekly: $10.00")
    # Opening balance and the chores: two entries for Kai.
    expect(child_card(page, kai.full_name)).to_contain_text("2 recent transactions")


def test_recent_transaction_count_uses_the_singular_for_one(page: Page):
    family = create_family(("Kai",))
    login_parent(page, family)
    # A new child has one entry (the opening balance): "1 recent transaction", not "1 recent transactions".
    expect(child_card(page, family.children[0].full_name)).to_contain_text("1 recent transaction")
    expect(child_card(page, family.children[0].full_name)).not_to_contain_text("1 recent transactions")


def test_tapping_a_child_opens_their_page(page: Page):
    family = create_family(("Kai", "Freya"))
    freya = family.children[1]
    login_parent(page, family)
    page.get_by_role("link", name=f"{freya.full_name}, Balance: $100.00, Weekly allowance: $10.00").click()
    expect(page).to_have_url(path_re(f"/children/{freya.id}"))
    expect(page.get_by_role("heading", level=1)).to_have_text(freya.full_name)
    expect(page.locator("#balance")).to_have_text("$100.00")
    expect(page).to_have_title(f"{freya.first_name} · AllowanceTracker")
    page.get_by_role("link", name="Dashboard").first.click()
    expect(page).to_have_url(path_re("/dashboard"))


def test_add_child_button_opens_the_form(page: Page):
    family = create_family(("Kai",))
    login_parent(page, family)
    page.get_by_role("link", name="Add Child").click()
    expect(page).to_have_url(path_re("/children/new"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Add a child")
    page.get_by_role("link", name="Cancel").click()
    expect(page).to_have_url(path_re("/dashboard"))


def test_family_without_children_shows_the_empty_state(page: Page):
    family = create_family(())
    login_parent(page, family)
    empty = page.locator("section.empty")
    expect(empty.get_by_role("heading", name="No children yet")).to_be_visible()
    expect(empty).to_contain_text("Add a child to start their piggy bank")
    expect(page.locator("li.child-card")).to_have_count(0)
    overview = page.get_by_role("region", name="Family overview")
    expect(stat(overview, "Children")).to_contain_text("0")
    empty.get_by_role("link", name="Add Child").click()
    expect(page).to_have_url(path_re("/children/new"))


def test_quick_subtract_five_dollars_with_a_note(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    login_parent(page, family)
    card = child_card(page, kai.full_name)
    card.get_by_label(f"Note for {kai.full_name}'s quick spend (optional)").fill("Ice cream")
    card.get_by_role("button", name=f"Subtract $5.00 from {kai.full_name}").click()

    expect(page).to_have_url(path_re("/dashboard"))
    expect(flash(page)).to_have_text(f"Subtracted $5.00 from {kai.first_name}. New balance: $95.00.")
    expect(child_card(page, kai.full_name).locator(".balance")).to_have_text("$95.00")
    expect(child_card(page, freya.full_name).locator(".balance")).to_have_text("$100.00")
    expect(page.get_by_role("region", name="Family overview")).to_contain_text("$195.00")

    page.get_by_role("link", name=f"{kai.full_name}, Balance: $95.00, Weekly allowance: $10.00").click()
    first = history(page).locator("li").first
    expect(first).to_contain_text("Ice cream")
    expect(first).to_contain_text("-$5.00")
    expect(first).to_contain_text("$95.00")


def test_quick_subtract_without_a_note_says_quick_spend(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.get_by_role("button", name=f"Subtract $5.00 from {kai.full_name}").click()
    expect(flash(page)).to_contain_text("New balance: $95.00.")
    page.goto(f"/children/{kai.id}")
    expect(history(page).locator("li").first).to_contain_text("Quick spend")


def test_quick_subtract_refuses_when_the_balance_is_too_low(page: Page):
    family = create_family(("Kai",), balance=3)
    kai = family.children[0]
    login_parent(page, family)
    page.get_by_role("button", name=f"Subtract $5.00 from {kai.full_name}").click()
    expect(flash(page)).to_have_text(f"Insufficient balance: {kai.first_name} has $3.00")
    expect(child_card(page, kai.full_name).locator(".balance")).to_have_text("$3.00")


def _zone() -> str:
    """Where a test's family lives: UTC, or Tokyo within ten minutes of UTC's midnight, so that
    the day (and the month) the test reckons with is still the day when the page is read."""
    now = dt.datetime.now(dt.timezone.utc)
    near_midnight = (now.hour == 23 and now.minute >= 50) or (now.hour == 0 and now.minute < 10)
    return "Asia/Tokyo" if near_midnight else "UTC"


def _weekday(days_ahead: int, zone: str) -> int:
    """The app's weekday number (0 = Sunday) of today + days_ahead, where the family lives."""
    today = dt.datetime.now(ZoneInfo(zone)).date() + dt.timedelta(days=days_ahead)
    return (today.weekday() + 1) % 7


def test_child_dashboard_shows_balance_month_and_recent_activity(page: Page):
    zone = _zone()
    family = create_family((), time_zone=zone)
    kai = family.add_child("Kai", balance=40, weekly_allowance=6.5, allowance_day=_weekday(3, zone))
    family.transaction(kai, 12.5, "Credit", "Chores")
    family.transaction(kai, 4.25, "Debit", "Comic book")
    login_child(page, kai)

    expect(page.get_by_role("heading", level=1)).to_have_text("Hi Kai!")
    card = page.get_by_role("region", name="Your balance")
    expect(card.locator(".huge")).to_have_text("$48.25")
    expect(card).to_contain_text("$6.50")
    expect(card).to_contain_text("3 days")

    month = page.get_by_role("region", name="This month")
    # The opening balance counts as money in this month.
    expect(stat(month, "Earned")).to_contain_text("$52.50")
    expect(stat(month, "Spent")).to_contain_text("$4.25")
    expect(stat(month, "Net")).to_contain_text("+$48.25")

    recent = page.get_by_role("region", name="Recent activity")
    rows = recent.locator("li")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("Comic book")
    expect(rows.nth(0)).to_contain_text("-$4.25")
    expect(rows.nth(1)).to_contain_text("Chores")
    expect(rows.nth(1)).to_contain_text("+$12.50")
    # A child has no parent controls.
    expect(page.get_by_role("link", name="Add Child")).to_have_count(0)
    expect(page.get_by_role("button", name="−$5", exact=True)).to_have_count(0)

    recent.get_by_role("link", name="See all").click()
    expect(page).to_have_url(path_re("/transactions"))
    expect(page.locator("ul.rows li")).to_have_count(3)


def test_child_dashboard_next_payment_a_week_on_and_tomorrow(page: Page, new_page):
    """A child added today, after today's payday (at midnight), is first paid a week on: the
    dashboard promises what the payday run will pay, not "Today"."""
    zone = _zone()
    family = create_family((), time_zone=zone)
    today = family.add_child("Tia", allowance_day=_weekday(0, zone))
    tomorrow = family.add_child("Tom", allowance_day=_weekday(1, zone))
    login_child(page, today)
    expect(page.get_by_role("region", name="Your balance")).to_contain_text("7 days")
    other = new_page()
    login_child(other, tomorrow)
    expect(other.get_by_role("region", name="Your balance")).to_contain_text("Tomorrow")


def test_child_without_activity_sees_an_empty_month(page: Page):
    family = create_family((), time_zone=_zone())
    kai = family.add_child("Kai", balance=0)
    login_child(page, kai)
    expect(page.get_by_role("region", name="Your balance").locator(".huge")).to_have_text("$0.00")
    expect(page.get_by_role("region", name="Recent activity")).to_contain_text("No activity yet.")


def test_demo_child_sees_own_dashboard(page: Page):
    login(page, *DEMO_KAI)
    expect(page.get_by_role("heading", level=1)).to_have_text("Hi Kai!")
    expect(page.get_by_role("region", name="Your balance")).to_contain_text(money(100))


# ---- delete from the list, refresh, faces ---------------------------------------------------

def test_delete_a_child_from_the_dashboard_list(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    login_parent(page, family)
    # Cancel comes back to the list and keeps the child.
    child_card(page, freya.full_name).get_by_role("link", name=f"Delete {freya.full_name}'s piggy bank…").click()
    expect(page).to_have_url(path_re(f"/children/{freya.id}/delete"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Delete {freya.full_name}'s piggy bank?")
    expect(page.locator("main")).to_contain_text("$100.00")
    page.get_by_role("link", name="Cancel").click()
    expect(page).to_have_url(path_re("/dashboard"))
    expect(child_card(page, freya.full_name)).to_have_count(1)

    child_card(page, freya.full_name).get_by_role("link", name=f"Delete {freya.full_name}'s piggy bank…").click()
    page.get_by_role("button", name="Delete").click()
    expect(page).to_have_url(path_re("/dashboard"))
    expect(flash(page)).to_have_text("Freya's piggy bank was deleted.")
    expect(child_card(page, freya.full_name)).to_have_count(0)
    expect(child_card(page, kai.full_name)).to_have_count(1)
    expect(stat(page.get_by_role("region", name="Family overview"), "Children")).to_contain_text("1")


def test_dashboards_say_when_they_were_read_and_refresh(page: Page, new_page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    updated = page.locator("#updated-at")
    expect(updated).to_have_text(re.compile(r"^Updated at \d{1,2}:\d{2}\s?[AP]M$"))
    # Money recorded elsewhere (the API, another device) shows after Refresh.
    family.transaction(kai, 2.5, "Credit", "Found in the sofa")
    expect(child_card(page, kai.full_name).locator(".balance")).to_have_text("$100.00")
    refresh = page.get_by_role("link", name="Refresh")
    with page.expect_navigation():
        refresh.click()
    expect(child_card(page, kai.full_name).locator(".balance")).to_have_text("$102.50")
    expect(page.get_by_role("link", name="Refresh")).to_have_text("Refresh")

    child = new_page()
    login_child(child, kai)
    expect(child.locator("#updated-at")).to_have_text(re.compile(r"^Updated at "))
    family.transaction(kai, 0.5, "Debit", "Gum")
    child.get_by_role("link", name="Refresh").click()
    expect(child.locator("#balance")).to_have_text("$102.00")


def test_refresh_shows_that_it_is_working(page: Page):
    family = create_family(("Kai",))
    login_parent(page, family)
    # An answer that never comes (204: the browser stays on the page) shows the working state.
    page.route("**/dashboard", lambda route: route.fulfill(status=204))
    refresh = page.get_by_role("link", name="Refresh")
    refresh.click()
    expect(page.locator("a[data-refresh]")).to_have_text("Refreshing…")
    expect(page.locator("a[data-refresh]")).to_have_attribute("aria-busy", "true")
    expect(page.locator("main")).to_have_attribute("aria-busy", "true")
    page.unroute("**/dashboard")
    page.reload()
    expect(page.get_by_role("link", name="Refresh")).to_have_text("Refresh")
    expect(page.locator("main")).not_to_have_attribute("aria-busy", "true")


def test_every_child_has_a_face_with_a_stable_colour(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    login_parent(page, family)
    kai_avatar = child_card(page, kai.full_name).locator(".avatar")
    expect(kai_avatar).to_have_text("K" + kai.last_name[0].upper())
    expect(kai_avatar).to_have_attribute("aria-hidden", "true")
    colour = kai_avatar.get_attribute("class")
    assert re.search(r"avatar-c[0-7]", colour), colour
    background = kai_avatar.evaluate("e => getComputedStyle(e).backgroundColor")
    # The same face on the child's page, and after a rename (the colour follows the child, not the name).
    page.goto(f"/children/{kai.id}")
    header = page.locator(".with-avatar .avatar")
    expect(header).to_have_text("K" + kai.last_name[0].upper())
    assert header.evaluate("e => getComputedStyle(e).backgroundColor") == background
    page.get_by_label("First name").fill("Kaito")
    page.get_by_role("button", name="Rename").click()
    expect(page.locator(".with-avatar .avatar")).to_have_attribute("class", colour)
    # The child sees their own face on their dashboard.
    page.context.clear_cookies()
    login_child(page, kai)
    expect(page.locator(".with-avatar .avatar")).to_have_attribute("class", colour)
    expect(page.get_by_role("heading", level=1)).to_have_text("Hi Kaito!")
    # And in the top bar, where the signed-in person is shown.
    top = page.locator("header .avatar")
    expect(top).to_have_text("K" + kai.last_name[0].upper())
    assert top.evaluate("e => getComputedStyle(e).backgroundColor") == background


def test_money_saved_into_a_goal_is_saved_not_spent(page: Page):
    family = create_family((), time_zone=_zone())
    kai = family.add_child("Kai", balance=40)
    goal = create_goal(family, kai, "Kite", 30)
    contribute_to_goal(family, goal["id"], 12)
    family.transaction(kai, 3, "Debit", "Comic book")
    login_child(page, kai)

    month = page.get_by_role("region", name="This month")
    expect(stat(month, "Earned")).to_contain_text("$40.00")
    expect(stat(month, "Spent")).to_contain_text("$3.00")
    expect(stat(month, "Saved")).to_contain_text("$12.00")
    expect(stat(month, "Net")).to_contain_text("+$37.00")
