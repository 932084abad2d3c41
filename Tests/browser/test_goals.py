"""Savings goals in the browser (savings-goals.md): the goal form from the child page, the goal
page (progress ring, milestones, "Save toward it"), celebrations, purchase, parent matching,
challenges, withdraw, pause/resume, cancel, a child's own goals, and axe on every goal page."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

from helpers import (
    api, axe_violations, contribute_to_goal, create_family, create_goal, date_re, error_banner, family_today, flash, login,
    login_child, login_parent, path_re, structure_problems,
)

GOAL_URL = re.compile(r"/goals/([0-9A-Fa-f-]{36})(\?.*)?$")


# ---- page parts ----------------------------------------------------------------------------

def ring(page: Page):
    return page.locator("svg.ring[role=img]")


def save_form(page: Page):
    return page.get_by_role("region", name="Save toward it")


def celebration(page: Page):
    return page.locator("section.celebration[role=status]")


def milestone(page: Page, percent: int):
    return page.locator("ol.milestones > li").filter(has=page.locator(f"strong:text-is('{percent}%')"))


def parent_tools(page: Page):
    """Opens the Parent tools disclosure (a <details>) and returns it."""
    tools = page.locator("details.parent-tools")
    if tools.get_attribute("open") is None:
        tools.locator("summary").click()
    expect(tools).to_have_attribute("open", "")
    return tools


def contribute(page: Page, amount: str, note: str = ""):
    form = save_form(page)
    form.get_by_label("Amount").fill(amount)
    if note:
        form.get_by_label("Note (optional)").fill(note)
    form.get_by_role("button", name="Save", exact=True).click()


def goal_card(container, name: str):
    """A goal's card in a goal list (container: the page or a part of it)."""
    page = container if isinstance(container, Page) else container.page
    return container.locator("li.goal-card").filter(has=page.locator(".name", has_text=name))


def open_goal(page: Page, family, goal_id: str):
    login_parent(page, family)
    page.goto(f"/goals/{goal_id}")


def child_balance(page: Page, child) -> str:
    page.goto(f"/children/{child.id}")
    return page.locator("#balance").inner_text()


# ---- creating a goal -----------------------------------------------------------------------

def test_new_goal_from_the_child_page(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/children/{kai.id}")
    goals = page.get_by_role("region", name="Savings goals")
    expect(goals).to_contain_text("No goals yet")
    goals.get_by_role("link", name="New Goal").click()

    expect(page).to_have_url(path_re(f"/children/{kai.id}/goals/new"))
    expect(page.get_by_role("heading", level=1)).to_have_text("New goal for Kai")
    page.get_by_label("What are you saving for?").fill("Racing bike")
    page.get_by_label("Goal amount").fill("40")
    page.get_by_label("Kind").select_option(label="Electronics")
    page.get_by_label("Priority (1 is first)").fill("2")
    page.get_by_label("How").select_option(label="A fixed amount from each allowance")
    page.get_by_label("Amount or percent").fill("2")
    page.get_by_role("button", name="Create Goal").click()

    expect(page).to_have_url(GOAL_URL)
    expect(flash(page)).to_have_text("Racing bike was created. Every cent saved brings it closer!")
    expect(page.get_by_role("heading", level=1)).to_have_text("Racing bike")
    expect(page.get_by_role("img", name="Racing bike progress: 0 percent")).to_be_visible()
    head = page.locator("section.goal-head")
    expect(head).to_contain_text("$0.00 of $40.00")
    expect(head).to_contain_text("$40.00 to go")
    for pill in ("Active", "Electronics", "Auto: $2.00 from each allowance"):
        expect(head.locator(".pill", has_text=pill)).to_have_count(1)
    for percent, amount in ((25, "$10.00"), (50, "$20.00"), (75, "$30.00"), (100, "$40.00")):
        expect(milestone(page, percent)).to_contain_text(amount)
        expect(milestone(page, percent)).to_contain_text("not reached yet")
    expect(save_form(page)).to_contain_text("Kai has $100.00 to save from.")
    expect(page.get_by_role("region", name="History")).to_contain_text("Nothing saved yet.")

    # The edit form shows what was entered.
    parent_tools(page).get_by_role("link", name="Edit").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit goal")
    expect(page.get_by_label("What are you saving for?")).to_have_value("Racing bike")
    expect(page.get_by_label("Goal amount")).to_have_value("40.00")
    expect(page.get_by_label("Kind")).to_have_value("3")
    expect(page.get_by_label("Priority (1 is first)")).to_have_value("2")
    expect(page.get_by_label("Amount or percent")).to_have_value("2.00")

    # The child page lists it with its progress bar.
    page.goto(f"/children/{kai.id}")
    card = goal_card(page, "Racing bike")
    expect(card.get_by_role("progressbar", name="Racing bike: 0 percent")).to_be_visible()
    expect(card).to_contain_text("$0.00 of $40.00 · 0%")


def test_goal_date_is_the_day_picked_and_survives_editing(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/children/{kai.id}/goals/new")
    by = family_today() + datetime.timedelta(days=30)
    page.get_by_label("What are you saving for?").fill("Tablet")
    page.get_by_label("Goal amount").fill("90")
    page.get_by_label("By (optional)").fill(by.isoformat())
    page.get_by_role("button", name="Create Goal").click()
    expect(page).to_have_url(GOAL_URL)
    goal_path = "/goals/" + GOAL_URL.search(page.url).group(1)
    problems = []
    head = page.locator("section.goal-head").inner_text()
    if not re.search(r"\$90\.00 to go · by " + date_re(by) + r" · 30 days left", head):
        problems.append(f"the goal page says: {head!r}")

    page.goto(goal_path + "/edit")
    shown = page.get_by_label("By (optional)").input_value()
    if shown != by.isoformat():
        problems.append(f"the edit form shows {shown}")
    # Saving the form unchanged keeps the date.
    page.get_by_role("button", name="Save Goal").click()
    expect(flash(page)).to_have_text("Tablet was saved.")
    page.goto(goal_path + "/edit")
    after = page.get_by_label("By (optional)").input_value()
    if after != by.isoformat():
        problems.append(f"after saving the edit form unchanged the date is {after}")
    assert not problems, f"picked {by.isoformat()} (30 days from today):\n" + "\n".join(problems)


def test_goal_form_errors_keep_what_was_typed_and_create_nothing(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/children/{kai.id}/goals/new")
    page.get_by_label("Goal amount").fill("25")
    page.get_by_role("button", name="Create Goal").click()
    expect(error_banner(page)).to_contain_text(re.compile("name", re.IGNORECASE))
    expect(page.get_by_label("Goal amount")).to_have_value("25")

    page.get_by_label("What are you saving for?").fill("Skates")
    page.get_by_label("Goal amount").fill("abc")
    page.get_by_role("button", name="Create Goal").click()
    expect(error_banner(page)).to_contain_text("Amount")
    expect(page.get_by_label("What are you saving for?")).to_have_value("Skates")

    page.goto(f"/children/{kai.id}/goals")
    expect(page.get_by_role("heading", level=1)).to_have_text("Kai's goals")
    expect(page.get_by_role("heading", name="No goals yet")).to_be_visible()


# ---- saving, celebrating, buying -----------------------------------------------------------

def test_save_celebrate_complete_and_purchase(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/children/{kai.id}/goals/new")
    page.get_by_label("What are you saving for?").fill("Bike")
    page.get_by_label("Goal amount").fill("40")
    page.get_by_role("button", name="Create Goal").click()
    expect(page).to_have_url(GOAL_URL)
    goal_path = "/goals/" + GOAL_URL.search(page.url).group(1)
    expect(celebration(page)).to_have_count(0)

    # $10 of $40: the first milestone, celebrated.
    contribute(page, "10", "Birthday money")
    expect(page).to_have_url(re.compile(re.escape(goal_path) + r"\?celebrate=25$"))
    expect(flash(page)).to_have_text("Saved $10.00 toward Bike. Now $10.00 of $40.00.")
    expect(celebration(page)).to_contain_text("Hooray!")
    expect(celebration(page)).to_contain_text("25% of the way to Bike! A great start.")
    expect(ring(page)).to_have_attribute("aria-label", "Bike progress: 25 percent")
    expect(milestone(page, 25)).to_have_class(re.compile(r"\bdone\b"))
    expect(milestone(page, 25).locator(".visually-hidden")).to_have_text(" reached")
    expect(milestone(page, 50)).not_to_have_class(re.compile(r"\bdone\b"))
    expect(milestone(page, 50)).to_contain_text("not reached yet")
    expect(save_form(page)).to_contain_text("Kai has $90.00 to save from.")
    history = page.get_by_role("region", name="History").locator("li")
    expect(history).to_have_count(1)
    expect(history.first).to_contain_text("Birthday money")
    expect(history.first).to_contain_text("+$10.00")

    # Reloading without the query shows no celebration again.
    page.goto(goal_path)
    expect(celebration(page)).to_have_count(0)

    # The rest completes it.
    contribute(page, "30")
    expect(page).to_have_url(re.compile(re.escape(goal_path) + r"\?celebrate=done$"))
    expect(flash(page)).to_have_text("Saved $30.00 toward Bike. Now $40.00 of $40.00.")
    expect(celebration(page)).to_contain_text("You reached your goal: Bike! Time to celebrate.")
    expect(ring(page)).to_have_attribute("aria-label", "Bike progress: 100 percent")
    for percent in (25, 50, 75, 100):
        expect(milestone(page, percent)).to_have_class(re.compile(r"\bdone\b"))
    expect(page.locator("section.goal-head .pill").first).to_have_text("Completed")
    expect(save_form(page)).to_have_count(0)

    # Bought it: the goal is Purchased and the balance went down by exactly what was saved.
    tools = parent_tools(page)
    tools.get_by_label("Note (optional)").fill("Red one")
    tools.get_by_role("button", name="Mark as Purchased").click()
    expect(page).to_have_url(path_re(goal_path))
    expect(flash(page)).to_have_text("Bike was bought. Enjoy it!")
    expect(page.locator("section.goal-head .pill").first).to_have_text("Purchased")
    expect(page.get_by_role("button", name="Mark as Purchased")).to_have_count(0)
    assert child_balance(page, kai) == "$60.00"
    # A purchased goal is no longer among the child page's goals, but is listed as finished.
    expect(page.get_by_role("region", name="Savings goals")).to_contain_text("No goals yet")
    page.goto(f"/children/{kai.id}/goals")
    expect(page.get_by_role("heading", name="Finished")).to_be_visible()
    expect(goal_card(page, "Bike").locator(".pill", has_text="Purchased")).to_be_visible()


def test_buying_a_goal_saved_past_its_price_gives_the_rest_back(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Tent", 40)
    contribute_to_goal(family, goal["id"], 50)
    open_goal(page, family, goal["id"])
    parent_tools(page).get_by_role("button", name="Mark as Purchased").click()
    expect(flash(page)).to_have_text("Tent was bought. Enjoy it! The $10.00 saved past its price went back to Kai's balance.")
    assert child_balance(page, kai) == "$60.00"


def test_contributing_more_than_the_balance_changes_nothing(page: Page):
    family = create_family(("Kai",), balance=25)
    kai = family.children[0]
    goal = create_goal(family, kai, "Tent", 80)
    open_goal(page, family, goal["id"])
    contribute(page, "25.01")
    expect(error_banner(page)).to_contain_text(re.compile(r"^Insufficient balance"))
    expect(page.locator("section.goal-head")).to_contain_text("$0.00 of $80.00")
    expect(save_form(page)).to_contain_text("Kai has $25.00 to save from.")

    page.goto(f"/goals/{goal['id']}")
    expect(page.locator("section.goal-head")).to_contain_text("$0.00 of $80.00")
    expect(page.get_by_role("region", name="History")).to_contain_text("Nothing saved yet.")
    assert child_balance(page, kai) == "$25.00"


def test_contribute_requires_a_valid_amount(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Tent", 80)
    open_goal(page, family, goal["id"])
    contribute(page, "")
    expect(error_banner(page)).to_have_text("Amount is required")
    contribute(page, "0")
    expect(error_banner(page)).to_contain_text("Amount must be greater than zero")
    expect(page.locator("section.goal-head")).to_contain_text("$0.00 of $80.00")


# ---- parent tools ----------------------------------------------------------------------------

def test_parent_matching(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Drone", 100)
    open_goal(page, family, goal["id"])
    tools = parent_tools(page)
    match = tools.get_by_role("form", name="Match savings")
    match.get_by_label("Kind").select_option(label="$ for every $ saved (ratio)")
    match.get_by_label("Ratio or percent").fill("0.5")
    match.get_by_label("Most I'll add (optional)").fill("10")
    match.get_by_role("button", name="Start Matching").click()

    expect(flash(page)).to_have_text("Matching is on: $1 for every $2 saved.")
    card = page.get_by_role("region", name="Parent matching")
    expect(card).to_contain_text("$1 for every $2 saved")
    expect(card).to_contain_text("$0.00 of $10.00 used · Active")
    # One rule per goal: the form is gone.
    expect(parent_tools(page).get_by_role("form", name="Match savings")).to_have_count(0)

    contribute(page, "12")
    expect(flash(page)).to_have_text("Saved $12.00 toward Drone. Parent match: +$6.00. Now $18.00 of $100.00.")
    expect(card).to_contain_text("$1 for every $2 saved")
    expect(card).to_contain_text("$6.00 of $10.00 used")
    expect(page.locator("section.goal-head")).to_contain_text("$18.00 of $100.00")
    # The match comes from the parent, not from the child's balance.
    expect(save_form(page)).to_contain_text("Kai has $88.00 to save from.")
    rows = page.get_by_role("region", name="History").locator("li")
    expect(rows.filter(has_text="Parent match")).to_contain_text("+$6.00")

    page.goto(f"/children/{kai.id}/goals")
    expect(goal_card(page, "Drone").locator(".pill.match")).to_have_text("Matched")


def fill_challenge(page: Page, end: datetime.date, target="20", bonus="5", note="Before the holidays"):
    form = parent_tools(page).get_by_role("form", name="Set a challenge")
    form.get_by_label("Save this much").fill(target)
    form.get_by_label("By").fill(end.isoformat())
    form.get_by_label("Bonus when won").fill(bonus)
    form.get_by_label("Description (optional)").fill(note)
    form.get_by_role("button", name="Start Challenge").click()


def start_challenge(page: Page, end: datetime.date, target="20", bonus="5"):
    fill_challenge(page, end, target, bonus)
    expect(flash(page)).to_contain_text("Challenge on: save $20.00 by ")


def test_a_refused_challenge_comes_back_as_typed(page: Page):
    """The refusal names the field, and the form comes back open with what was typed in it."""
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Drone", 100)
    open_goal(page, family, goal["id"])
    end = family_today() + datetime.timedelta(days=10)
    fill_challenge(page, end, bonus="2.555", note="Holidays")
    expect(error_banner(page)).to_have_text("Bonus has more than two decimal places")
    tools = page.locator("details.parent-tools")
    expect(tools).to_have_attribute("open", "")
    form = tools.get_by_role("form", name="Set a challenge")
    expect(form.get_by_label("Save this much")).to_have_value("20")
    expect(form.get_by_label("By")).to_have_value(end.isoformat())
    expect(form.get_by_label("Bonus when won")).to_have_value("2.555")
    expect(form.get_by_label("Description (optional)")).to_have_value("Holidays")
    # The other forms stay blank.
    expect(tools.get_by_role("form", name="Return money to the balance").get_by_label("Amount")).to_have_value("")


def test_challenge_card_flame_and_bonus(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Scooter", 100)
    open_goal(page, family, goal["id"])
    start_challenge(page, family_today() + datetime.timedelta(days=10))

    expect(flash(page)).to_contain_text("for a $5.00 bonus.")
    card = page.get_by_role("region", name="Challenge")
    expect(card).to_contain_text(re.compile(r"Save \$20\.00 by .+ to win a \$5\.00 bonus\."))
    expect(card.get_by_role("progressbar", name="Challenge progress: 0 percent")).to_be_visible()
    expect(card).to_contain_text(re.compile(r"\$0\.00 saved · \d+ days left"))
    expect(card.get_by_role("button", name="Cancel challenge")).to_be_visible()
    # One challenge at a time: the form is gone.
    expect(parent_tools(page).get_by_role("form", name="Set a challenge")).to_have_count(0)

    page.goto(f"/children/{kai.id}/goals")
    flame = goal_card(page, "Scooter").locator(".flame")
    expect(flame).to_have_attribute("title", "Active challenge")
    expect(flame.locator("svg")).to_be_visible()
    expect(flame).to_contain_text("Active challenge")

    # Winning it adds the bonus and celebrates.
    page.goto(f"/goals/{goal['id']}")
    contribute(page, "20")
    expect(page).to_have_url(re.compile(r"\?celebrate=challenge$"))
    expect(celebration(page)).to_contain_text("Challenge complete! The bonus was added to Scooter.")
    expect(page.locator("section.goal-head")).to_contain_text("$25.00 of $100.00")
    expect(page.get_by_role("region", name="Challenge")).to_have_count(0)
    expect(page.get_by_role("region", name="History").locator("li").filter(has_text="Challenge bonus")).to_contain_text("+$5.00")
    page.goto(f"/children/{kai.id}/goals")
    expect(goal_card(page, "Scooter").locator(".flame")).to_have_count(0)


def test_challenge_ends_on_the_day_picked(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Scooter", 100)
    open_goal(page, family, goal["id"])
    end = family_today() + datetime.timedelta(days=10)
    start_challenge(page, end)
    message = flash(page).inner_text()
    card = page.get_by_role("region", name="Challenge").inner_text()
    problems = []
    if not re.fullmatch(r"Challenge on: save \$20\.00 by " + date_re(end) + r" for a \$5\.00 bonus\.", message.strip()):
        problems.append(f"flash: {message!r}")
    if not re.search(r"Save \$20\.00 by " + date_re(end) + r" to win", card):
        problems.append(f"card: {card!r}")
    # The same count as a goal due that day shows ("10 days left").
    if "$0.00 saved · 10 days left" not in card:
        problems.append(f"days left: {card!r}")
    assert not problems, f"picked {end.isoformat()} (10 days from today):\n" + "\n".join(problems)


def test_withdraw_returns_money_to_the_balance(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Camera", 60)
    contribute_to_goal(family, goal["id"], 30)
    open_goal(page, family, goal["id"])
    form = parent_tools(page).get_by_role("form", name="Return money to the balance")
    form.get_by_label("Amount").fill("12.50")
    form.get_by_label("Reason (optional)").fill("School trip")
    form.get_by_role("button", name="Withdraw").click()

    expect(flash(page)).to_have_text("Returned $12.50 to Kai's balance.")
    expect(page.locator("section.goal-head")).to_contain_text("$17.50 of $60.00")
    expect(save_form(page)).to_contain_text("Kai has $82.50 to save from.")
    expect(page.get_by_role("region", name="History").locator("li").first).to_contain_text("-$12.50")
    assert child_balance(page, kai) == "$82.50"


def test_withdraw_more_than_saved_is_refused(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Camera", 60)
    contribute_to_goal(family, goal["id"], 5)
    open_goal(page, family, goal["id"])
    form = parent_tools(page).get_by_role("form", name="Return money to the balance")
    form.get_by_label("Amount").fill("5.01")
    form.get_by_role("button", name="Withdraw").click()
    expect(error_banner(page)).to_be_visible()
    expect(page.locator("section.goal-head")).to_contain_text("$5.00 of $60.00")
    expect(save_form(page)).to_contain_text("Kai has $95.00 to save from.")


def test_pause_and_resume(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Kite", 30)
    open_goal(page, family, goal["id"])
    parent_tools(page).get_by_role("button", name="Pause").click()
    expect(flash(page)).to_have_text("Kite is paused; automatic saving skips it.")
    expect(page.locator("section.goal-head .pill").first).to_have_text("Paused")
    expect(save_form(page)).to_have_count(0)

    page.goto(f"/children/{kai.id}/goals")
    expect(goal_card(page, "Kite").locator(".pill", has_text="Paused")).to_be_visible()

    page.goto(f"/goals/{goal['id']}")
    parent_tools(page).get_by_role("button", name="Resume").click()
    expect(flash(page)).to_have_text("Kite is active again.")
    expect(page.locator("section.goal-head .pill").first).to_have_text("Active")
    expect(save_form(page)).to_be_visible()
    expect(parent_tools(page).get_by_role("button", name="Pause")).to_be_visible()


def test_cancel_goal_asks_first_and_returns_the_money(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Puppy", 200)
    contribute_to_goal(family, goal["id"], 25)
    open_goal(page, family, goal["id"])
    messages = []

    def dismiss(dialog):
        messages.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    parent_tools(page).get_by_role("button", name="Cancel goal").click()
    expect(page).to_have_url(path_re(f"/goals/{goal['id']}"))
    assert messages == ["Cancel Puppy? Everything saved goes back to the balance."]
    expect(page.locator("section.goal-head .pill").first).to_have_text("Active")

    page.once("dialog", lambda d: d.accept())
    parent_tools(page).get_by_role("button", name="Cancel goal").click()
    expect(page).to_have_url(path_re(f"/children/{kai.id}/goals"))
    expect(flash(page)).to_have_text("Puppy was cancelled; its money went back to Kai's balance.")
    # Cancelled goals are not listed (not even under Finished).
    expect(goal_card(page, "Puppy")).to_have_count(0)
    expect(page.locator("main")).to_contain_text("Saved in goals: $0.00")
    assert child_balance(page, kai) == "$100.00"


# ---- a child's own goals ---------------------------------------------------------------------

def test_child_sees_creates_and_saves_toward_own_goals(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    create_goal(family, kai, "Lego set", 50)
    login_child(page, kai)
    mine = page.get_by_role("region", name="My goals")
    expect(goal_card(mine, "Lego set")).to_contain_text("$0.00 of $50.00")

    mine.get_by_role("link", name="New Goal").click()
    expect(page).to_have_url(path_re(f"/children/{kai.id}/goals/new"))
    page.get_by_label("What are you saving for?").fill("Video game")
    page.get_by_label("Goal amount").fill("20")
    page.get_by_label("Kind").select_option(label="Game")
    page.get_by_role("button", name="Create Goal").click()
    expect(page).to_have_url(GOAL_URL)
    expect(page.get_by_role("heading", level=1)).to_have_text("Video game")
    # No parent tools for a child.
    expect(page.locator("details.parent-tools")).to_have_count(0)
    expect(page.get_by_text("Parent tools")).to_have_count(0)
    expect(page.get_by_role("button", name="Withdraw")).to_have_count(0)

    contribute(page, "5")
    expect(flash(page)).to_have_text("Saved $5.00 toward Video game. Now $5.00 of $20.00.")
    expect(celebration(page)).to_contain_text("25% of the way to Video game!")
    expect(save_form(page)).to_contain_text("Kai has $95.00 to save from.")

    page.goto("/dashboard")
    mine = page.get_by_role("region", name="My goals")
    expect(mine.locator("li.goal-card")).to_have_count(2)
    expect(goal_card(mine, "Video game").get_by_role("progressbar", name="Video game: 25 percent")).to_be_visible()
    expect(page.get_by_role("region", name="Your balance")).to_contain_text("$95.00")


def test_child_cannot_use_parent_tools(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Lego set", 50)
    contribute_to_goal(family, goal["id"], 10)
    login_child(page, kai)
    page.goto(f"/goals/{goal['id']}")
    csrf = save_form(page).locator("input[name=_csrf]").get_attribute("value")
    response = page.request.post(f"/goals/{goal['id']}/withdraw", form={"_csrf": csrf, "amount": "10"})
    assert response.status == 403, response.status
    page.reload()
    expect(page.locator("section.goal-head")).to_contain_text("$10.00 of $50.00")


def test_sibling_goal_is_not_found(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    goal = create_goal(family, freya, "Horse riding", 90)
    login_child(page, kai)
    response = page.goto(f"/goals/{goal['id']}")
    assert response.status == 404, response.status
    expect(page.get_by_role("heading", level=1)).to_have_text("We couldn't find that page")
    expect(page.locator("main")).not_to_contain_text("Horse riding")


# ---- accessibility ---------------------------------------------------------------------------

@dataclass
class GoalSetup:
    family: object
    kai: object
    goal_id: str
    done_id: str
    paused_id: str
    parent_state: dict
    kai_state: dict


@pytest.fixture(scope="module")
def goal_setup(browser, base_url) -> GoalSetup:
    """One family with goals in every state the pages show (the checks only read)."""
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Bike", 40, targetDate=(family_today() + datetime.timedelta(days=20)).isoformat())
    contribute_to_goal(family, goal["id"], 10, "Pocket money")
    api("POST", f"/api/v1/savings-goals/{goal['id']}/matching",
        {"type": 1, "matchRatio": 0.5, "maxMatchAmount": 10}, token=family.token)
    end = (family_today() + datetime.timedelta(days=7)).isoformat()
    api("POST", f"/api/v1/savings-goals/{goal['id']}/challenge",
        {"targetAmount": 20, "endDate": end, "bonusAmount": 5}, token=family.token)
    done = create_goal(family, kai, "Book", 10)
    contribute_to_goal(family, done["id"], 10)
    paused = create_goal(family, kai, "Kite", 30)
    api("POST", f"/api/v1/savings-goals/{paused['id']}/pause", None, token=family.token)

    def state(email):
        context = browser.new_context(base_url=base_url)
        page = context.new_page()
        login(page, email, family.password)
        saved = context.storage_state()
        context.close()
        return saved

    return GoalSetup(family, kai, goal["id"], done["id"], paused["id"], state(family.parent_email), state(kai.email))


def _tools_open(page: Page):
    parent_tools(page)


def _form_error(page: Page):
    page.get_by_role("button", name="Create Goal").click()
    expect(error_banner(page)).to_be_visible()


def _too_much(page: Page):
    contribute(page, "9999")
    expect(error_banner(page)).to_be_visible()


GOAL_PAGES = [
    ("goal list", "parent", lambda s: f"/children/{s.kai.id}/goals", None),
    ("goal", "parent", lambda s: f"/goals/{s.goal_id}", None),
    ("goal with celebration", "parent", lambda s: f"/goals/{s.goal_id}?celebrate=25", None),
    ("goal with parent tools open", "parent", lambda s: f"/goals/{s.goal_id}", _tools_open),
    ("goal with error", "parent", lambda s: f"/goals/{s.goal_id}", _too_much),
    ("paused goal with parent tools open", "parent", lambda s: f"/goals/{s.paused_id}", _tools_open),
    ("completed goal with parent tools open", "parent", lambda s: f"/goals/{s.done_id}?celebrate=done", _tools_open),
    ("new goal", "parent", lambda s: f"/children/{s.kai.id}/goals/new", None),
    ("new goal with error", "parent", lambda s: f"/children/{s.kai.id}/goals/new", _form_error),
    ("edit goal", "parent", lambda s: f"/goals/{s.goal_id}/edit", None),
    ("goal seen by the child", "kai", lambda s: f"/goals/{s.goal_id}", None),
    ("goal list seen by the child", "kai", lambda s: f"/children/{s.kai.id}/goals", None),
]


@pytest.mark.parametrize("name,who,path,then", GOAL_PAGES, ids=[p[0] for p in GOAL_PAGES])
def test_goal_page_has_no_serious_accessibility_problems(new_page, goal_setup, name, who, path, then):
    state = goal_setup.parent_state if who == "parent" else goal_setup.kai_state
    page = new_page(storage_state=state)
    response = page.goto(path(goal_setup))
    assert response.status == 200, f"{page.url}: HTTP {response.status}"
    if then:
        then(page)
    failures = [f"axe: {v['line']}" for v in axe_violations(page, name)]
    failures += [f"structure: {p}" for p in structure_problems(page)]
    assert not failures, f"{name} ({page.url}):\n" + "\n".join(failures)


@pytest.mark.parametrize("name,path,then", [
    ("goal list (dark)", lambda s: f"/children/{s.kai.id}/goals", None),
    ("goal with celebration and parent tools (dark)", lambda s: f"/goals/{s.goal_id}?celebrate=25", _tools_open),
], ids=["goal list", "goal"])
def test_goal_page_in_dark_mode_has_no_serious_accessibility_problems(new_page, goal_setup, name, path, then):
    page = new_page(storage_state=goal_setup.parent_state, color_scheme="dark")
    page.goto(path(goal_setup))
    if then:
        then(page)
    failures = [f"axe: {v['line']}" for v in axe_violations(page, name)]
    assert not failures, f"{name} ({page.url}):\n" + "\n".join(failures)


def test_a_parent_gives_a_gift_straight_into_the_goal(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Telescope", 40)
    open_goal(page, family, goal["id"])
    form = parent_tools(page).get_by_role("form", name="Give a gift to this goal")
    form.get_by_label("Amount").fill("10")
    form.get_by_label("From (leave empty for a gift from you)").fill("Grandma Rose")
    form.get_by_label("Note (optional)").fill("Happy birthday!")
    form.get_by_role("button", name="Give").click()

    expect(flash(page)).to_have_text("Gave $10.00 to Telescope. Now $10.00 of $40.00.")
    expect(celebration(page)).to_be_visible()
    expect(milestone(page, 25)).to_have_class(re.compile(r"\bdone\b"))
    latest = page.get_by_role("region", name="History").locator("li").first
    expect(latest).to_contain_text("Happy birthday!")
    expect(latest).to_contain_text("Gift from Grandma Rose")
    expect(latest).to_contain_text("+$10.00")
    # The gift never passed through Kai's balance.
    assert child_balance(page, kai) == "$100.00"


def test_a_gift_without_an_amount_is_refused(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    goal = create_goal(family, kai, "Telescope", 40)
    open_goal(page, family, goal["id"])
    form = parent_tools(page).get_by_role("form", name="Give a gift to this goal")
    form.get_by_role("button", name="Give").click()
    expect(error_banner(page)).to_be_visible()
    expect(page.locator("section.goal-head")).to_contain_text("$0.00 of $40.00")
