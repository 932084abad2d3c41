"""Recurring transactions in the browser (recurring.md): the list with its schedule and next
date, the create/edit form (fields shown for the chosen pattern), pause/resume, run now,
delete with confirmation, approval, who may use it, and axe on the pages."""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import Page, expect

from helpers import (
    api, axe_violations, choose, create_family, create_recurring, date_re, error_banner, family_today, flash, login_child,
    login_parent, path_re, structure_problems,
)

WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]


def at_time(day: datetime.date, clock: str) -> str:
    """A date and time as the list shows it ("Nov 24, 2026 at 4:30 PM"; ICU may put a narrow
    space before PM)."""
    return date_re(day) + r",? (?:at )?" + clock.replace(" ", "[\\s\u202f]")


def item(page: Page, name: str):
    return page.locator("li.recurring").filter(has=page.locator(".tx-desc", has_text=name))


def soon(days: int = 3) -> tuple[datetime.date, str]:
    """A day a few days ahead and its weekday name (never today, so the time of day does not matter)."""
    day = family_today() + datetime.timedelta(days=days)
    return day, WEEKDAYS[day.isoweekday() % 7]


def test_create_weekly_recurring_from_the_nav(page: Page):
    family = create_family(("Kai", "Freya"))
    kai = family.children[0]
    login_parent(page, family)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Recurring").click()
    expect(page).to_have_url(path_re("/recurring"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Recurring")
    expect(page.get_by_role("heading", name="Nothing recurring yet")).to_be_visible()
    page.get_by_role("link", name="New Recurring").first.click()

    expect(page).to_have_url(path_re("/recurring/new"))
    expect(page.get_by_role("heading", level=1)).to_have_text("New recurring transaction")
    day, weekday = soon()
    page.get_by_label("Child").select_option(label=kai.full_name)
    choose(page.locator("form"), "Money In")
    page.get_by_label("Name").fill("Chores pay")
    page.get_by_label("Amount").fill("7.50")
    page.get_by_label("How often").select_option(label="Every week")
    expect(page.get_by_label("On", exact=True)).to_be_visible()
    expect(page.get_by_label("Day of the month (1-28)")).to_be_hidden()
    page.get_by_label("On", exact=True).select_option(label=weekday)
    page.get_by_label("At", exact=True).fill("16:30")
    page.get_by_label("Starting").fill(family_today().isoformat())
    page.get_by_role("button", name="Create").click()

    expect(page).to_have_url(path_re("/recurring"))
    expect(flash(page)).to_have_text(f"Chores pay is set up: Every {weekday}.")
    row = item(page, "Chores pay")
    expect(row).to_have_count(1)
    expect(row).to_contain_text(kai.first_name)
    expect(row).to_contain_text(f"Every {weekday}")
    expect(row).to_contain_text(re.compile("Next: " + at_time(day, "4:30 PM")))
    expect(row.locator(".tx-amount")).to_have_text("+$7.50")
    expect(row.locator(".pill")).to_have_count(0)
    # Creating it posts nothing.
    page.goto(f"/children/{kai.id}")
    expect(page.locator("#balance")).to_have_text("$100.00")


def test_pause_and_resume(page: Page):
    family = create_family(("Kai",))
    day, weekday = soon()
    create_recurring(family, family.children[0], "Chores pay", 7.5)
    login_parent(page, family)
    page.goto("/recurring")
    row = item(page, "Chores pay")
    row.get_by_role("button", name="Pause Chores pay").click()
    expect(flash(page)).to_have_text("Chores pay is paused.")
    expect(row.locator(".pill")).to_have_text("Paused")
    expect(row).to_have_class(re.compile(r"\bpaused\b"))
    expect(row.get_by_role("button", name="Pause Chores pay")).to_have_count(0)

    row.get_by_role("button", name="Resume Chores pay").click()
    expect(flash(page)).to_have_text(re.compile("^Chores pay resumed. Next: " + at_time(day, "9:00 AM") + r"\.$"))
    expect(row.locator(".pill")).to_have_count(0)
    expect(row.get_by_role("button", name="Pause Chores pay")).to_be_visible()
    expect(row).to_contain_text(re.compile("Next: " + at_time(day, "9:00 AM")))


def test_run_now_posts_it_and_moves_the_schedule_on(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    day, _ = soon()
    create_recurring(family, kai, "Chores pay", 7.5)
    login_parent(page, family)
    page.goto("/recurring")
    row = item(page, "Chores pay")
    row.get_by_role("button", name="Run Chores pay now").click()
    expect(flash(page)).to_have_text("Chores pay ran now. New balance: $107.50.")
    # The occurrence that was next has been posted; the one after it is next.
    expect(row).to_contain_text(re.compile("Next: " + at_time(day + datetime.timedelta(days=7), "9:00 AM")))

    page.goto(f"/children/{kai.id}")
    expect(page.locator("#balance")).to_have_text("$107.50")
    first = page.locator("section[aria-labelledby=history-heading] ul.rows li").first
    expect(first).to_contain_text("Chores pay")
    expect(first).to_contain_text("+$7.50")

    page.goto("/recurring")
    text = item(page, "Chores pay").inner_text()
    assert "Ran once" in text and "Ran 1 times" not in text, f"occurrence count after one run: {text!r}"


def test_run_now_of_a_debit_the_balance_cannot_cover(page: Page):
    family = create_family(("Kai",), balance=10)
    kai = family.children[0]
    create_recurring(family, kai, "Phone plan", 15, type_="Debit")
    login_parent(page, family)
    page.goto("/recurring")
    row = item(page, "Phone plan")
    expect(row.locator(".tx-amount")).to_have_text("-$15.00")
    row.get_by_role("button", name="Run Phone plan now").click()
    expect(flash(page)).to_contain_text("Insufficient balance")
    page.goto(f"/children/{kai.id}")
    expect(page.locator("#balance")).to_have_text("$10.00")


def test_edit_changes_the_amount(page: Page):
    family = create_family(("Kai",))
    day, weekday = soon()
    create_recurring(family, family.children[0], "Chores pay", 7.5, timeOfDay="16:30")
    login_parent(page, family)
    page.goto("/recurring")
    item(page, "Chores pay").get_by_role("link", name="Edit Chores pay").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Edit recurring transaction")
    expect(page.get_by_label("Name")).to_have_value("Chores pay")
    expect(page.get_by_label("Amount")).to_have_value("7.50")
    expect(page.get_by_label("How often")).to_have_value("2")
    expect(page.get_by_label("On", exact=True).locator("option:checked")).to_have_text(weekday)
    expect(page.get_by_label("At", exact=True)).to_have_value("16:30")
    # The child and the direction are fixed once created.
    expect(page.get_by_label("Child")).to_have_count(0)
    page.get_by_label("Amount").fill("9")
    page.get_by_role("button", name="Save Changes").click()

    expect(page).to_have_url(path_re("/recurring"))
    expect(flash(page)).to_have_text(f"Chores pay was updated: Every {weekday}.")
    row = item(page, "Chores pay")
    expect(row.locator(".tx-amount")).to_have_text("+$9.00")
    expect(row).to_contain_text(re.compile("Next: " + at_time(day, "4:30 PM")))


def test_delete_asks_first(page: Page):
    family = create_family(("Kai",))
    create_recurring(family, family.children[0], "Chores pay", 7.5)
    login_parent(page, family)
    page.goto("/recurring")
    messages = []

    def dismiss(dialog):
        messages.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    item(page, "Chores pay").get_by_role("button", name="Delete Chores pay").click()
    expect(item(page, "Chores pay")).to_have_count(1)
    assert messages == ["Delete Chores pay? It will not run again."]

    page.once("dialog", lambda d: d.accept())
    item(page, "Chores pay").get_by_role("button", name="Delete Chores pay").click()
    expect(flash(page)).to_have_text("Chores pay was deleted.")
    expect(item(page, "Chores pay")).to_have_count(0)
    expect(page.get_by_role("heading", name="Nothing recurring yet")).to_be_visible()


def test_monthly_shows_the_day_of_the_month(page: Page):
    family = create_family(("Kai",))
    login_parent(page, family)
    page.goto("/recurring/new")
    weekday = page.get_by_label("On", exact=True)
    day_of_month = page.get_by_label("Day of the month (1-28)")
    # Weekly is the default.
    expect(page.get_by_label("How often")).to_have_value("2")
    expect(weekday).to_be_visible()
    expect(day_of_month).to_be_hidden()
    page.get_by_label("How often").select_option(label="Every month on a day")
    expect(day_of_month).to_be_visible()
    expect(weekday).to_be_hidden()
    page.get_by_label("How often").select_option(label="Every day")
    expect(day_of_month).to_be_hidden()
    expect(weekday).to_be_hidden()
    page.get_by_label("How often").select_option(label="Every two weeks")
    expect(weekday).to_be_visible()

    today = family_today()
    dom = 15 if today.day != 15 else 16
    page.get_by_label("How often").select_option(label="Every month on a day")
    choose(page.locator("form"), "Money Out")
    page.get_by_label("Name").fill("Phone plan")
    page.get_by_label("Amount").fill("12")
    day_of_month.fill(str(dom))
    page.get_by_role("button", name="Create").click()

    expect(flash(page)).to_have_text(f"Phone plan is set up: Monthly on the {dom}th.")
    row = item(page, "Phone plan")
    expect(row).to_contain_text(f"Monthly on the {dom}th")
    expect(row.locator(".tx-amount")).to_have_text("-$12.00")
    due = today.replace(day=dom) if today.day < dom else (today.replace(day=1) + datetime.timedelta(days=32)).replace(day=dom)
    expect(row).to_contain_text(re.compile("Next: " + at_time(due, "9:00 AM")))
    # The edit form shows the day of the month, not a weekday.
    row.get_by_role("link", name="Edit Phone plan").click()
    expect(page.get_by_label("Day of the month (1-28)")).to_be_visible()
    expect(page.get_by_label("Day of the month (1-28)")).to_have_value(str(dom))
    expect(page.get_by_label("On", exact=True)).to_be_hidden()


def test_start_and_end_dates_are_the_days_picked(page: Page):
    """The dates are days in the family's zone (New York, behind UTC): a daily schedule starting
    in three days at 9 PM first runs on that day, and the end date reads back unchanged."""
    family = create_family(("Kai",))
    login_parent(page, family)
    page.goto("/recurring/new")
    start = family_today() + datetime.timedelta(days=3)
    end = family_today() + datetime.timedelta(days=5)
    page.get_by_label("Name").fill("Reading bonus")
    page.get_by_label("Amount").fill("1")
    page.get_by_label("How often").select_option(label="Every day")
    page.get_by_label("At", exact=True).fill("21:00")
    page.get_by_label("Starting").fill(start.isoformat())
    page.get_by_label("Ending (optional)").fill(end.isoformat())
    page.get_by_role("button", name="Create").click()
    row = item(page, "Reading bonus")
    expect(row).to_contain_text("Every day")
    expect(row).to_contain_text(re.compile("Next: " + at_time(start, "9:00 PM")))
    row.get_by_role("link", name="Edit Reading bonus").click()
    expect(page.get_by_label("Ending (optional)")).to_have_value(end.isoformat())


def test_amount_zero_is_refused_and_creates_nothing(page: Page):
    family = create_family(("Kai",))
    login_parent(page, family)
    page.goto("/recurring/new")
    page.get_by_label("Name").fill("Chores pay")
    page.get_by_label("Amount").fill("0")
    page.get_by_role("button", name="Create").click()
    expect(error_banner(page)).to_have_text("Amount must be greater than zero")
    expect(page.get_by_label("Name")).to_have_value("Chores pay")
    expect(page.get_by_label("Amount")).to_have_value("0")

    page.get_by_label("Amount").fill("")
    page.get_by_role("button", name="Create").click()
    expect(error_banner(page)).to_have_text("Amount is required")

    page.goto("/recurring")
    expect(page.get_by_role("heading", name="Nothing recurring yet")).to_be_visible()


def test_approval_required(page: Page):
    """"Ask me to approve each one": the schedule is marked. Run now is the parent's own action
    and posts at once (no pending item); occurrences wait for approval only when the server
    posts them on schedule, which these tests cannot wait for."""
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/recurring/new?child={kai.id}")
    page.get_by_label("Name").fill("Chores pay")
    page.get_by_label("Amount").fill("4")
    page.get_by_label("Ask me to approve each one").check()
    page.get_by_role("button", name="Create").click()
    row = item(page, "Chores pay")
    expect(row.locator(".pill")).to_have_text("Needs approval")

    row.get_by_role("button", name="Run Chores pay now").click()
    expect(flash(page)).to_have_text("Chores pay ran now. New balance: $104.00.")
    expect(page.get_by_role("heading", name="Waiting for your approval")).to_have_count(0)
    row.get_by_role("link", name="Edit Chores pay").click()
    expect(page.get_by_label("Ask me to approve each one")).to_be_checked()


def test_a_child_sees_their_own_recurring_money_read_only(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    create_recurring(family, kai, "Chores pay", 7.5)
    create_recurring(family, kai, "Phone plan", 12, type_="Debit", pattern=4, dayOfMonth=15, requiresApproval=True)
    create_recurring(family, freya, "Freya's riding", 20, type_="Debit")
    login_child(page, kai)
    # On the dashboard: the schedules, next first, with a way to the whole list.
    schedule = page.get_by_role("region", name="Money on a schedule")
    expect(schedule).to_contain_text("Chores pay")
    expect(schedule).to_contain_text("+$7.50")
    expect(schedule).to_contain_text("Phone plan")
    expect(schedule).not_to_contain_text("riding")
    schedule.get_by_role("link", name="See all (2)").click()

    expect(page).to_have_url(path_re("/recurring"))
    expect(page.get_by_role("heading", level=1)).to_have_text("My recurring money")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Recurring")).to_have_attribute("aria-current", "page")
    expect(item(page, "Chores pay")).to_contain_text("Every ")
    expect(item(page, "Phone plan")).to_contain_text("Needs approval")
    expect(page.locator("main")).not_to_contain_text("riding")
    expect(page.locator("main")).not_to_contain_text("Freya")
    # Read only: no controls, no new schedule.
    for name in ("Pause Chores pay", "Run Chores pay now", "Delete Chores pay"):
        expect(page.get_by_role("button", name=name)).to_have_count(0)
    expect(page.get_by_role("link", name="Edit Chores pay")).to_have_count(0)
    expect(page.get_by_role("link", name="New Recurring")).to_have_count(0)


def test_a_child_without_schedules_sees_a_way_back(page: Page):
    family = create_family(("Kai",))
    login_child(page, family.children[0])
    expect(page.get_by_role("region", name="Money on a schedule")).to_contain_text("Only your weekly allowance moves by itself.")
    page.goto("/recurring")
    expect(page.get_by_role("heading", name="Nothing recurring yet")).to_be_visible()
    page.get_by_role("link", name="Back to my money").click()
    expect(page).to_have_url(path_re("/dashboard"))


def test_children_and_other_families_cannot_change_recurring(page: Page, new_page):
    family = create_family(("Kai",))
    kai = family.children[0]
    recurring = create_recurring(family, kai, "Chores pay", 7.5)
    login_child(page, kai)
    for path in ("/recurring/new", f"/recurring/{recurring['id']}/edit"):
        response = page.goto(path)
        assert response.status == 403, f"{path}: {response.status}"
        expect(page.get_by_role("heading", level=1)).to_have_text("That isn't available to you")
    page.goto("/logout")  # a page with a form, for a valid token
    token = page.locator("input[name=_csrf]").first.input_value()
    for action in ("pause", "run", "delete"):
        response = page.request.post(f"/recurring/{recurring['id']}/{action}", form={"_csrf": token}, max_redirects=0)
        assert response.status == 403, f"{action}: {response.status}"

    other = create_family(("Max",))
    stranger = new_page()
    login_parent(stranger, other)
    response = stranger.goto(f"/recurring/{recurring['id']}/edit")
    assert response.status == 404, response.status
    stranger.goto("/recurring")
    expect(item(stranger, "Chores pay")).to_have_count(0)
    # Nothing changed.
    assert api("GET", f"/api/v1/recurring-transactions/{recurring['id']}", token=family.token)["isPaused"] is False


# ---- accessibility ---------------------------------------------------------------------------

def _new_monthly_with_error(page: Page):
    page.get_by_label("How often").select_option(label="Every month on a day")
    page.get_by_role("button", name="Create").click()
    expect(error_banner(page)).to_be_visible()


@pytest.fixture(scope="module")
def recurring_state(browser, base_url):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    create_recurring(family, kai, "Chores pay", 7.5)
    paused = create_recurring(family, freya, "Phone plan", 12, type_="Debit", pattern=4, dayOfMonth=15, requiresApproval=True)
    api("POST", f"/api/v1/recurring-transactions/{paused['id']}/pause", None, token=family.token)
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    login_parent(page, family)
    state = context.storage_state()
    context.close()
    return state, paused["id"]


RECURRING_PAGES = [
    ("recurring list with items", lambda rid: "/recurring", None),
    ("new recurring", lambda rid: "/recurring/new", None),
    ("new recurring with error", lambda rid: "/recurring/new", _new_monthly_with_error),
    ("edit recurring", lambda rid: f"/recurring/{rid}/edit", None),
]


@pytest.mark.parametrize("name,path,then", RECURRING_PAGES, ids=[p[0] for p in RECURRING_PAGES])
def test_recurring_page_has_no_serious_accessibility_problems(new_page, recurring_state, name, path, then):
    state, recurring_id = recurring_state
    page = new_page(storage_state=state)
    response = page.goto(path(recurring_id))
    assert response.status == 200, f"{page.url}: HTTP {response.status}"
    if then:
        then(page)
    failures = [f"axe: {v['line']}" for v in axe_violations(page, name)]
    failures += [f"structure: {p}" for p in structure_problems(page)]
    assert not failures, f"{name} ({page.url}):\n" + "\n".join(failures)
