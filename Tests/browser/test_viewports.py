"""Phone width (375 px) and dark mode."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from helpers import DEMO_PARENT, choose, create_family, flash, login, login_parent

PHONE = {"width": 375, "height": 740}
SCROLL = "() => ({scrollWidth: document.scrollingElement.scrollWidth, innerWidth: window.innerWidth})"


def assert_no_horizontal_scroll(page: Page, what: str):
    size = page.evaluate(SCROLL)
    assert size["scrollWidth"] <= size["innerWidth"], f"{what} scrolls sideways at {size['innerWidth']} px: {size}"


@pytest.fixture
def phone_family():
    family = create_family(("Kai", "Freya"))
    family.transaction(family.children[0], 12.5, "Credit",
                       "A rather long description of the chores done this week in the garden")
    return family


def on_screen(locator):
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, box


def test_dashboard_at_375px_has_no_horizontal_scrollbar(new_page):
    page = new_page(viewport=PHONE)
    login(page, *DEMO_PARENT)
    expect(page.locator("li.child-card")).to_have_count(2)
    assert_no_horizontal_scroll(page, "the parent dashboard")
    # Everything that matters is on screen: navigation, the bell, quick spend, Add Child.
    for locator in (page.get_by_role("navigation", name="Main").get_by_role("link", name="Settings"),
                    page.locator("header a.bell"), page.get_by_role("button", name="Subtract $5.00 from Kai Demo"),
                    page.get_by_role("link", name="Add Child")):
        on_screen(locator)


def test_child_card_with_a_long_name_and_a_large_balance_fits_at_375px(new_page):
    family = create_family(())
    family.add_child("Maximilian", balance=12345.67, last_name="Featherstonehaugh")
    page = new_page(viewport=PHONE)
    login_parent(page, family)
    card = page.locator("li.child-card")
    on_screen(card.locator(".balance"))
    on_screen(card.get_by_role("button", name="Subtract $5.00 from Maximilian Featherstonehaugh"))
    assert_no_horizontal_scroll(page, "the parent dashboard with a long name")


def test_other_pages_at_375px_have_no_horizontal_scrollbar(new_page, phone_family):
    page = new_page(viewport=PHONE)
    login_parent(page, phone_family)
    kai = phone_family.children[0]
    wide = {}
    for path in (f"/children/{kai.id}", f"/transactions?child={kai.id}", "/transactions/new", "/settings",
                 "/notifications", "/children/new", f"/children/{kai.id}/delete", "/logout", "/recurring", "/templates",
                 "/templates/new", "/terms", "/privacy"):
        page.goto(path)
        size = page.evaluate(SCROLL)
        if size["scrollWidth"] > size["innerWidth"]:
            wide[path] = size["scrollWidth"]
    assert not wide, f"pages wider than {PHONE['width']} px (scrollWidth): {wide}"


def test_login_at_375px(new_page):
    page = new_page(viewport=PHONE)
    page.goto("/login")
    assert_no_horizontal_scroll(page, "the login page")
    expect(page.get_by_role("button", name="Sign In")).to_be_in_viewport()


def test_child_page_works_at_375px(new_page, phone_family):
    kai = phone_family.children[0]
    page = new_page(viewport=PHONE)
    login_parent(page, phone_family)
    page.get_by_role("link", name=f"{kai.full_name}, Balance: $112.50, Weekly allowance: $10.00").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(kai.full_name)
    form = page.get_by_role("region", name="Add or subtract funds")
    choose(form, "Add funds")
    form.get_by_label("Amount").fill("3")
    form.get_by_role("button", name="Save").click()
    expect(flash(page)).to_have_text("Added $3.00. Kai now has $115.50.")
    expect(page.locator("#balance")).to_have_text("$115.50")
    page.get_by_role("region", name="Quick spend").get_by_role("button", name="Subtract $5.00").click()
    expect(page.locator("#balance")).to_have_text("$110.50")
    on_screen(page.locator("#balance"))


def test_dark_mode_dashboard(new_page, phone_family, tmp_path):
    page = new_page(color_scheme="dark")
    login_parent(page, phone_family)
    expect(page.locator("li.child-card")).to_have_count(2)
    colors = page.evaluate("""() => ({
        body: getComputedStyle(document.body).backgroundColor,
        text: getComputedStyle(document.body).color,
        card: getComputedStyle(document.querySelector('li.child-card')).backgroundColor})""")
    assert colors["body"] == "rgb(0, 0, 0)", colors
    assert colors["text"] == "rgb(242, 242, 247)", colors
    assert colors["card"] == "rgb(28, 28, 30)", colors
    target = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path) / "dashboard-dark.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(target), full_page=True)
    assert target.stat().st_size > 10_000
