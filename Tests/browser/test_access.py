"""Who may see and do what: children, other families, anonymous visitors, and forms without
the right CSRF token."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from helpers import BASE_URL, create_family, login, login_child, login_parent, path_re

FORBIDDEN = "That isn't available to you"
NOT_FOUND = "We couldn't find that page"


def csrf_token(page: Page) -> str:
    return page.locator("input[name=_csrf]").first.input_value()


def balance_shown_to_parent(page: Page, family, child) -> str:
    login_parent(page, family)
    page.goto(f"/children/{child.id}")
    return page.locator("#balance").inner_text()


def test_child_cannot_open_parent_pages(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_child(page, kai)
    for path in ("/children/new", "/transactions/new", f"/children/{kai.id}/delete", "/recurring/new", "/templates"):
        response = page.goto(path)
        assert response.status == 403, f"{path}: {response.status}"
        expect(page.get_by_role("heading", level=1)).to_have_text(FORBIDDEN)
        expect(page.locator("main")).to_contain_text("Only a parent can do this")
        expect(page.get_by_role("button", name="Add Child")).to_have_count(0)
        expect(page.get_by_role("button", name="Create Transaction")).to_have_count(0)
        expect(page.get_by_role("button", name="Delete")).to_have_count(0)


def test_child_cannot_see_a_sibling(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    family.transaction(freya, 62.75, "Debit", "Freya's present for Kai")  # Freya has $37.25
    login_child(page, kai)
    for path in (f"/children/{freya.id}", f"/children/{freya.id}/delete", f"/transactions?child={freya.id}"):
        response = page.goto(path)
        assert response.status in (403, 404), f"{path}: {response.status}"
        expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(f"{NOT_FOUND}|{FORBIDDEN}"))
        expect(page.locator("body")).not_to_contain_text("$37.25")
        expect(page.locator("body")).not_to_contain_text("present for Kai")


def test_child_sees_only_their_own_money(page: Page):
    family = create_family(("Kai", "Freya"))
    kai, freya = family.children
    family.transaction(freya, 62.75, "Debit", "Freya's present for Kai")
    family.transaction(kai, 4, "Debit", "Kai's comic")
    login_child(page, kai)
    expect(page.get_by_role("region", name="Your balance")).to_contain_text("$96.00")
    expect(page.locator("body")).not_to_contain_text("$37.25")
    expect(page.locator("body")).not_to_contain_text("Freya")

    # Their own piggy-bank page, read only.
    response = page.goto(f"/children/{kai.id}")
    assert response.status == 200
    expect(page.locator("#balance")).to_have_text("$96.00")
    expect(page.get_by_role("region", name="Add or subtract funds")).to_have_count(0)
    expect(page.get_by_role("button", name="Rename")).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile("Delete"))).to_have_count(0)


def test_child_cannot_move_money_even_with_a_valid_form_token(page: Page, new_page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_child(page, kai)
    page.goto("/notifications")
    page.goto("/logout")  # a page with a form, for a valid token
    token = csrf_token(page)
    for path, form in ((f"/children/{kai.id}/money", {"type": "Credit", "amount": "500"}),
                       (f"/children/{kai.id}/quick-subtract", {}),
                       (f"/children/{kai.id}/rename", {"firstName": "Boss"}),
                       (f"/children/{kai.id}/delete", {})):
        response = page.request.post(path, form={"_csrf": token, **form}, max_redirects=0)
        assert response.status == 403, f"{path}: {response.status}"
    assert balance_shown_to_parent(new_page(), family, kai) == "$100.00"


def test_another_familys_parent_gets_not_found(page: Page, new_page):
    ours = create_family(("Kai",))
    kai = ours.children[0]
    entry = ours.transaction(kai, 1.5, "Debit", "Our private note")
    theirs = create_family(("Zed",))
    login_parent(page, theirs)
    for path in (f"/children/{kai.id}", f"/children/{kai.id}/delete", f"/transactions?child={kai.id}",
                 f"/transactions/{entry['id']}"):
        response = page.goto(path)
        assert response.status == 404, f"{path}: {response.status}"
        expect(page.get_by_role("heading", level=1)).to_have_text(NOT_FOUND)
        expect(page.locator("body")).not_to_contain_text("$98.50")
        expect(page.locator("body")).not_to_contain_text(kai.last_name)

    page.goto("/dashboard")
    token = csrf_token(page)
    for path, form in ((f"/children/{kai.id}/money", {"type": "Debit", "amount": "50"}),
                       (f"/children/{kai.id}/quick-subtract", {}),
                       (f"/children/{kai.id}/delete", {})):
        response = page.request.post(path, form={"_csrf": token, **form}, max_redirects=0)
        assert response.status == 404, f"{path}: {response.status}"
    response = page.request.post("/transactions/new", max_redirects=0, form={
        "_csrf": token, "childId": kai.id, "type": "Debit", "amount": "50", "description": "Theft"})
    assert response.status in (403, 404), response.status
    assert balance_shown_to_parent(new_page(), ours, kai) == "$98.50"


def test_anonymous_visitor_is_sent_to_login_and_back(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    page.goto("/dashboard")
    expect(page).to_have_url(re.compile(r"/login\?next=%2Fdashboard$"))
    login(page, family.parent_email)
    expect(page).to_have_url(path_re("/dashboard"))

    page.context.clear_cookies()
    page.goto(f"/transactions?child={kai.id}&type=Debit")
    expect(page).to_have_url(path_re("/login"))
    page.get_by_label("Email").fill(family.parent_email)
    page.get_by_label("Password").fill(family.password)
    page.get_by_role("button", name="Sign In").click()
    expect(page).to_have_url(re.compile(re.escape(f"{BASE_URL}/transactions?child={kai.id}&type=Debit") + "$", re.I))
    expect(page.get_by_role("navigation", name="Show").get_by_role("link", name="Spent")).to_have_attribute("aria-current", "true")


def test_anonymous_visitor_sees_no_private_page(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    for path in ("/dashboard", f"/children/{kai.id}", "/transactions", "/transactions/new", "/settings",
                 "/notifications", "/children/new", "/logout", "/recurring", "/templates"):
        page.goto(path)
        expect(page).to_have_url(path_re("/login"))
        expect(page.get_by_role("heading", level=1)).to_have_text("Welcome back")


def test_login_does_not_redirect_to_another_site(page: Page):
    family = create_family(())
    for target in ("https://evil.example.com/", "//evil.example.com/", "/\\evil.example.com"):
        page.context.clear_cookies()
        page.goto("/login?next=" + target)
        page.get_by_label("Email").fill(family.parent_email)
        page.get_by_label("Password").fill(family.password)
        page.get_by_role("button", name="Sign In").click()
        expect(page).to_have_url(path_re("/dashboard"))


def test_form_post_without_csrf_token_is_refused(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/children/{kai.id}")
    token = csrf_token(page)

    missing = page.request.post(f"/children/{kai.id}/quick-subtract", form={"note": "no token"}, max_redirects=0)
    assert missing.status == 403
    assert "This form has expired" in missing.text()
    wrong = page.request.post(f"/children/{kai.id}/quick-subtract", form={"_csrf": "0" * 64, "note": "wrong token"},
                              max_redirects=0)
    assert wrong.status == 403
    page.reload()
    expect(page.locator("#balance")).to_have_text("$100.00")

    # The same request with the page's token goes through: the refusals above were about the token.
    ok = page.request.post(f"/children/{kai.id}/quick-subtract", form={"_csrf": token, "note": "with token"},
                           max_redirects=0)
    assert ok.status in (302, 303), ok.status
    page.reload()
    expect(page.locator("#balance")).to_have_text("$95.00")


def test_form_with_a_cleared_csrf_field_is_refused(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto(f"/children/{kai.id}")
    form = page.get_by_role("region", name="Add or subtract funds")
    form.get_by_label("Amount").fill("30")
    form.locator("input[name=_csrf]").evaluate("el => el.value = ''")
    with page.expect_response(lambda r: r.request.method == "POST") as posted:
        form.get_by_role("button", name="Save").click()
    assert posted.value.status == 403
    expect(page.locator("main")).to_contain_text("This form has expired. Go back, reload the page and try again.")
    page.goto(f"/children/{kai.id}")
    expect(page.locator("#balance")).to_have_text("$100.00")
    expect(page.locator("section[aria-labelledby=history-heading] ul.rows > li")).to_have_count(1)


def test_sign_out_needs_the_form_token(page: Page):
    family = create_family(())
    login_parent(page, family)
    response = page.request.post("/logout", form={}, max_redirects=0)
    assert response.status == 403
    page.goto("/dashboard")
    expect(page).to_have_url(path_re("/dashboard"))
