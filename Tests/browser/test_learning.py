"""Learning goals and badges (learning-goals-and-badges.md) in the browser: a parent sets a
weekly time goal, logs sessions until it is reached, sees the celebration and the badge; the
badge grid and the charts pass axe, in light and dark."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

from playwright.sync_api import Page, expect

from helpers import DEMO_PARENT, axe_violations, create_family, error_banner, flash, login, login_child, login_parent, structure_problems

def _zone() -> str:
    """A zone where this week (Monday start) began at least three hours ago and ends no sooner
    than an hour from now, so sessions of the last two hours and the goal made now share it:
    New York, or Tokyo when New York is between Sunday 23:00 and Monday 03:00 (13 or 14 hours
    apart, they are never both in those four hours) or changed its clocks in the last three.
    Called when a test starts, not when the file is collected: a suite that crosses midnight
    must not keep a zone chosen before it."""
    instant = datetime.datetime.now(datetime.timezone.utc)
    for name in ("America/New_York", "Asia/Tokyo"):
        now = instant.astimezone(ZoneInfo(name))
        # Tokyo keeps one offset all year; New York's clocks changing in the last three hours
        # would make "two hours ago" on its wall clock a time that never was, or was twice.
        if now.utcoffset() != (instant - datetime.timedelta(hours=3)).astimezone(ZoneInfo(name)).utcoffset():
            continue
        if not (now.weekday() == 0 and now.hour < 3) and not (now.weekday() == 6 and now.hour == 23):
            return name
    raise AssertionError("unreachable: Tokyo is 13 or 14 hours from New York and keeps one offset")


def _session_times(zone: str) -> list[tuple[str, str]]:
    """Two starts (date, HH:MM) that end before now and lie in this week (Monday start) where
    the family lives: 40 minutes two hours ago, 20 minutes one hour ago."""
    now = datetime.datetime.now(ZoneInfo(zone))
    return [((now - datetime.timedelta(hours=h)).date().isoformat(), (now - datetime.timedelta(hours=h)).strftime("%H:%M")) for h in (2, 1)]


def log_session(page: Page, date: str, start: str, minutes: int):
    form = page.get_by_role("region", name="Log a session")
    form.get_by_label("App").select_option(label="Duolingo (Learning)")
    form.get_by_label("Date").fill(date)
    form.get_by_label("Start time").fill(start)
    form.get_by_label("Minutes").fill(str(minutes))
    form.get_by_role("button", name="Log Session").click()


def test_a_weekly_time_goal_is_reached_with_a_celebration_and_a_badge(page: Page):
    zone = _zone()
    family = create_family(("Kai",), time_zone=zone)
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/children/{kai.id}")
    page.get_by_role("link", name="Goals, badges and points").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Kai's learning")

    goal_form = page.get_by_role("region", name="New goal")
    goal_form.get_by_label("Title").fill("Learn for an hour")
    goal_form.get_by_label("What it counts").select_option("TimeBased")
    goal_form.get_by_label("Target").fill("1")
    goal_form.get_by_label("How often").select_option("Weekly")
    goal_form.get_by_role("button", name="Add Goal").click()
    expect(flash(page)).to_have_text("Learn for an hour is set: 0 of 1 hours.")
    ring = page.locator(".learning-goal svg.ring[role=img]")
    expect(ring).to_have_attribute("aria-label", "Learn for an hour: 0 percent")
    expect(page.locator(".learning-goal")).to_have_class("card learning-goal red")

    (first_date, first_start), (second_date, second_start) = _session_times(zone)
    log_session(page, first_date, first_start, 40)
    expect(flash(page)).to_have_text("Logged 40 minutes of Duolingo: +40 points.")
    expect(ring).to_have_attribute("aria-label", "Learn for an hour: 66 percent")
    expect(page.locator(".learning-goal")).to_have_class("card learning-goal orange")

    log_session(page, second_date, second_start, 20)
    celebration = page.get_by_role("status").filter(has_text="Hooray!")
    expect(celebration).to_contain_text("Goal reached! Every minute counted.")
    badge = page.locator(".badge-card", has_text="First Goal")
    expect(badge).to_have_class("badge-card earned")
    expect(page.locator("#points")).to_have_text("70")  # 60 learned and the badge's 10
    expect(page.get_by_role("region", name="Goal history")).to_contain_text("Learn for an hour")


def test_a_refused_session_says_why_on_the_page(page: Page):
    zone = _zone()
    family = create_family(("Kai",), time_zone=zone)
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/children/{kai.id}/learning")
    date, start = _session_times(zone)[0]
    log_session(page, date, start, 0)
    expect(error_banner(page)).to_have_text("Minutes must be a whole number from 1 to 1440")
    expect(page.locator("#points")).to_have_text("0")
    # The form comes back as it was sent, to be corrected rather than typed again.
    form = page.get_by_role("region", name="Log a session")
    expect(form.get_by_label("Date")).to_have_value(date)
    expect(form.get_by_label("Start time")).to_have_value(start)
    expect(form.get_by_label("Minutes")).to_have_value("0")
    expect(form.get_by_label("App")).to_have_value("com.duolingo.DuolingoMobile")


def test_a_child_sees_their_badges_and_the_demo_family_has_learning(page: Page):
    login_child(page, create_family(("Kai",)).children[0])
    page.get_by_role("link", name="My learning").click()
    expect(page.locator(".badge-card.locked").first).to_contain_text("%")


def _axe(page: Page, name: str) -> list[str]:
    return [f"axe: {v['line']}" for v in axe_violations(page, name)] + structure_problems(page)


def test_the_learning_page_passes_axe_in_light_and_dark(browser, base_url):
    for scheme in ("light", "dark"):
        context = browser.new_context(base_url=base_url, color_scheme=scheme)
        page = context.new_page()
        login(page, *DEMO_PARENT)
        page.get_by_role("link", name="Kai Demo", exact=False).first.click()
        page.get_by_role("link", name="Goals, badges and points").click()
        expect(page.locator("svg.chart.bars")).to_have_count(2)
        expect(page.locator(".badge-card.earned").first).to_be_visible()
        assert _axe(page, f"learning ({scheme})") == []
        page.goto("/learning/apps")
        assert _axe(page, f"learning apps ({scheme})") == []
        context.close()


def test_a_parent_edits_a_goal_from_its_card(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/children/{kai.id}/learning")
    goal_form = page.get_by_role("region", name="New goal")
    goal_form.get_by_label("Title").fill("Read")
    goal_form.get_by_label("Target").fill("2")
    goal_form.get_by_role("button", name="Add Goal").click()
    expect(flash(page)).to_have_text("Read is set: 0 of 2 hours.")

    page.get_by_role("link", name="Edit Read").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit learning goal")
    page.get_by_label("Target (hours)").fill("0")
    page.get_by_role("button", name="Save Goal").click()
    expect(error_banner(page)).to_contain_text("more than 0")
    expect(page.get_by_label("Title")).to_have_value("Read")

    page.get_by_label("Title").fill("Read every week")
    page.get_by_label("Target (hours)").fill("3")
    page.get_by_role("button", name="Save Goal").click()
    expect(flash(page)).to_have_text("Read every week saved: 0 of 3 hours.")
    expect(page.locator(".learning-goal h3")).to_have_text("Read every week")
    assert _axe(page, "learning after an edit") == []


def test_a_parent_imports_a_csv_of_sixty_sessions(page: Page):
    """A file longer than what arrives with the request's head (here 4 KB) reaches the server
    whole: the form's check reads its field from the collected body, not from the first chunk."""
    zone = _zone()
    family = create_family(("Kai",), time_zone=zone)
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/children/{kai.id}/learning")
    start = datetime.datetime.now(datetime.timezone.utc).replace(hour=10, minute=0, second=0, microsecond=0)
    rows = ["bundleIdentifier,startTime,endTime"]
    for day in range(1, 61):
        begin = start - datetime.timedelta(days=day)
        end = begin + datetime.timedelta(minutes=20)
        rows.append(f"com.duolingo.DuolingoMobile,{begin:%Y-%m-%dT%H:%M:%SZ},{end:%Y-%m-%dT%H:%M:%SZ}")
    csv = ("\n".join(rows) + "\n").encode()
    assert len(csv) > 4000
    page.locator("#session-file").set_input_files({"name": "sessions.csv", "mimeType": "text/csv", "buffer": csv})
    page.get_by_role("button", name="Import", exact=True).click()
    expect(flash(page)).to_contain_text("Imported 60 sessions.")


def test_a_refused_app_or_setting_keeps_what_was_typed(page: Page):
    family = create_family(("Kai",))
    login_parent(page, family)
    page.goto("/learning/apps")
    app = page.get_by_role("region", name="Add an app")
    app.get_by_label("Name").fill("Khan Academy")
    app.get_by_label("Bundle identifier").fill("org.khanacademy.app")
    app.get_by_label("Points per hour (Learning)").fill("lots")
    app.get_by_role("button", name="Add App").click()
    expect(error_banner(page)).to_have_text("Points per hour must be a whole number")
    app = page.get_by_role("region", name="Add an app")
    expect(app.get_by_label("Name")).to_have_value("Khan Academy")
    expect(app.get_by_label("Bundle identifier")).to_have_value("org.khanacademy.app")
    expect(app.get_by_label("Points per hour (Learning)")).to_have_value("lots")

    app.get_by_label("Points per hour (Learning)").fill("30")
    app.get_by_role("button", name="Add App").click()
    expect(flash(page)).to_have_text("Khan Academy was added.")
    expect(page.get_by_role("region", name="Add an app").get_by_label("Name")).to_have_value("")

    settings = page.get_by_role("region", name="Points and reminders")
    settings.get_by_label("Points that make $1.00 when redeemed").fill("many")
    settings.get_by_role("button", name="Save Settings").click()
    expect(error_banner(page)).to_have_text("Points per dollar must be a whole number")
    expect(page.get_by_label("Points that make $1.00 when redeemed")).to_have_value("many")
