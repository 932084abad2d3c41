"""Settings (profile, password, notification preferences) and the notification bell
(app-screens.md 5.1-5.3)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import (
    PASSWORD, choose, create_family, error_banner, flash, login, login_child, login_parent, path_re,
)


def bell(page: Page):
    return page.locator("header a.bell")


def test_change_name(page: Page):
    family = create_family(())
    login_parent(page, family)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Settings").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Settings")
    profile = page.get_by_role("region", name="Profile")
    expect(profile.get_by_label("First name")).to_have_value("Pat")
    expect(profile.get_by_label("Email")).to_have_value(family.parent_email)
    expect(profile).to_contain_text("Signed in as a Parent.")
    profile.get_by_label("First name").fill("Robin")
    profile.get_by_label("Last name").fill("Quinn")
    profile.get_by_role("button", name="Save Profile").click()

    expect(flash(page)).to_have_text("Profile saved.")
    expect(page.get_by_role("region", name="Profile").get_by_label("First name")).to_have_value("Robin")
    expect(page.get_by_role("region", name="Profile").get_by_label("Last name")).to_have_value("Quinn")
    expect(page.locator("header .avatar")).to_have_text("R")
    page.reload()
    expect(page.get_by_role("region", name="Profile").get_by_label("First name")).to_have_value("Robin")


def test_profile_errors_are_shown(page: Page):
    family = create_family(())
    login_parent(page, family)
    page.goto("/settings")
    profile = page.get_by_role("region", name="Profile")
    profile.get_by_label("Email").fill("not-an-email")
    profile.get_by_role("button", name="Save Profile").click()
    expect(page.get_by_role("region", name="Profile").get_by_role("alert")).to_have_text("Please enter a valid email address")
    page.goto("/settings")
    expect(page.get_by_role("region", name="Profile").get_by_label("Email")).to_have_value(family.parent_email)


def test_notification_preferences_persist(page: Page):
    family = create_family(())
    login_parent(page, family)
    page.goto("/settings")
    prefs = page.get_by_role("region", name="Notifications")
    reminders = prefs.get_by_role("switch", name="Allowance reminders")
    low = prefs.get_by_role("switch", name="Low balance warning")
    before_reminders = reminders.is_checked()
    before_low = low.is_checked()
    reminders.set_checked(not before_reminders)
    low.set_checked(not before_low)
    prefs.get_by_label("Alert when a balance goes below").fill("7.50")
    prefs.get_by_role("button", name="Save Preferences").click()

    expect(flash(page)).to_have_text("Notification preferences saved.")
    prefs = page.get_by_role("region", name="Notifications")
    expect(prefs.get_by_role("switch", name="Allowance reminders")).to_be_checked(checked=not before_reminders)
    expect(prefs.get_by_role("switch", name="Low balance warning")).to_be_checked(checked=not before_low)
    expect(prefs.get_by_label("Alert when a balance goes below")).to_have_value("7.50")
    page.reload()
    prefs = page.get_by_role("region", name="Notifications")
    expect(prefs.get_by_role("switch", name="Allowance reminders")).to_be_checked(checked=not before_reminders)
    expect(prefs.get_by_label("Alert when a balance goes below")).to_have_value("7.50")

    prefs.get_by_label("Alert when a balance goes below").fill("abc")
    prefs.get_by_role("button", name="Save Preferences").click()
    prefs = page.get_by_role("region", name="Notifications")
    expect(prefs.get_by_role("alert")).to_contain_text("Threshold")
    # What was sent comes back as sent, not as stored: the switch turned back, the text typed.
    expect(prefs.get_by_label("Alert when a balance goes below")).to_have_value("abc")

    prefs.get_by_role("switch", name="Allowance reminders").set_checked(before_reminders)
    prefs.get_by_label("Alert when a balance goes below").fill("12.345")
    prefs.get_by_role("button", name="Save Preferences").click()
    prefs = page.get_by_role("region", name="Notifications")
    expect(prefs.get_by_role("alert")).to_have_text("Threshold has more than two decimal places")
    expect(prefs.get_by_role("switch", name="Allowance reminders")).to_be_checked(checked=before_reminders)
    expect(prefs.get_by_label("Alert when a balance goes below")).to_have_value("12.345")


def test_change_password(page: Page, new_page):
    family = create_family(())
    login_parent(page, family)
    page.goto("/settings")
    section = page.get_by_role("region", name="Change password")
    section.get_by_label("Current password").fill(PASSWORD)
    section.get_by_label("New password", exact=True).fill("brand-new-pw")
    section.get_by_label("Confirm new password").fill("brand-new-px")
    section.get_by_role("button", name="Change Password").click()
    expect(page.get_by_role("region", name="Change password").get_by_role("alert")).to_have_text("Passwords do not match")

    section = page.get_by_role("region", name="Change password")
    section.get_by_label("Current password").fill("wrong-current")
    section.get_by_label("New password", exact=True).fill("brand-new-pw")
    section.get_by_label("Confirm new password").fill("brand-new-pw")
    section.get_by_role("button", name="Change Password").click()
    expect(page.get_by_role("region", name="Change password").get_by_role("alert")).to_be_visible()

    section = page.get_by_role("region", name="Change password")
    section.get_by_label("Current password").fill(PASSWORD)
    section.get_by_label("New password", exact=True).fill("brand-new-pw")
    section.get_by_label("Confirm new password").fill("brand-new-pw")
    section.get_by_role("button", name="Change Password").click()
    expect(flash(page)).to_have_text("Password changed. Other devices have been signed out.")

    other = new_page()
    login(other, family.parent_email, PASSWORD, expect_path="/login")
    expect(error_banner(other)).to_have_text("Invalid email or password")
    login(other, family.parent_email, "brand-new-pw")
    expect(other.get_by_role("heading", level=1)).to_have_text(family.name)


def test_child_gets_a_notification_and_marks_all_read(page: Page, new_page):
    family = create_family(("Kai",))
    kai = family.children[0]
    child = new_page()
    login_child(child, kai)
    expect(bell(child)).to_have_attribute("aria-label", "Notifications, 0 unread")
    expect(bell(child).locator(".badge")).to_have_count(0)

    login_parent(page, family)
    page.goto(f"/children/{kai.id}")
    form = page.get_by_role("region", name="Add or subtract funds")
    choose(form, "Add funds")
    form.get_by_label("Amount").fill("12.50")
    form.get_by_label("Note (optional)").fill("Raking leaves")
    form.get_by_role("button", name="Save").click()
    expect(flash(page)).to_have_text("Added $12.50. Kai now has $112.50.")

    child.reload()
    expect(bell(child)).to_have_attribute("aria-label", "Notifications, 1 unread")
    expect(bell(child).locator(".badge")).to_have_text("1")
    bell(child).click()
    expect(child).to_have_url(path_re("/notifications"))
    expect(child.get_by_role("heading", level=1)).to_have_text("Notifications")
    item = child.locator("main li.notice").first
    expect(item).to_contain_text("You received $12.50")
    expect(item).to_contain_text("Raking leaves. Your balance is now $112.50.")
    expect(item).to_contain_text("Unread:")

    child.get_by_role("button", name="Mark all as read").click()
    expect(flash(child)).to_have_text("All notifications marked as read.")
    expect(bell(child)).to_have_attribute("aria-label", "Notifications, 0 unread")
    expect(bell(child).locator(".badge")).to_have_count(0)
    expect(child.get_by_role("button", name="Mark all as read")).to_have_count(0)
    expect(child.locator("main li.notice.unread")).to_have_count(0)
    expect(child.locator("main")).to_contain_text("You received $12.50")


def test_mark_one_notification_read(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    family.transaction(kai, 1, "Credit", "First")
    family.transaction(kai, 2, "Debit", "Second")
    login_child(page, kai)
    expect(bell(page)).to_have_attribute("aria-label", "Notifications, 2 unread")
    page.goto("/notifications")
    notice = page.locator("main li.notice").filter(has_text="You spent $2.00")
    notice.get_by_role("button", name="Mark read").click()
    expect(bell(page)).to_have_attribute("aria-label", "Notifications, 1 unread")
    expect(page.locator("main li.notice.unread")).to_have_count(1)
    expect(page.locator("main li.notice.unread")).to_contain_text("You received $1.00")


def test_parent_gets_a_low_balance_alert(page: Page):
    family = create_family(("Kai",), balance=12)
    kai = family.children[0]
    login_parent(page, family)
    page.goto("/settings")
    prefs = page.get_by_role("region", name="Notifications")
    prefs.get_by_role("switch", name="Allow notifications").check()
    prefs.get_by_role("switch", name="Low balance warning").check()
    prefs.get_by_label("Alert when a balance goes below").fill("10")
    prefs.get_by_role("button", name="Save Preferences").click()
    expect(flash(page)).to_have_text("Notification preferences saved.")

    page.goto("/dashboard")
    page.get_by_role("button", name=f"Subtract $5.00 from {kai.full_name}").click()
    expect(flash(page)).to_contain_text("New balance: $7.00.")
    expect(bell(page)).to_have_attribute("aria-label", "Notifications, 1 unread")
    bell(page).click()
    expect(page.locator("main li.notice").first).to_contain_text("Kai's balance is low")
    page.locator("main li.notice").first.get_by_role("link", name="View").click()
    expect(page).to_have_url(path_re(f"/children/{kai.id}"))
