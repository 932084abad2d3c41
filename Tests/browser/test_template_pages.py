"""The family's templates page (/templates, quick-actions.md "Transaction Templates"): a parent
makes, changes, reorders and deletes the family's own templates; the built-in ones are listed
and cannot be changed; children never reach the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from helpers import (
    api, axe_violations, choose, create_family, error_banner, flash, history, login, login_child, login_parent, path_re,
    structure_problems,
)


def family_list(page: Page):
    return page.get_by_role("region", name="Your family's templates")


def built_in(page: Page):
    return page.get_by_role("region", name="Built-in templates")


def row(page: Page, name: str):
    return family_list(page).locator("li").filter(has=page.locator(".tx-desc", has_text=name))


def quick_add(page: Page):
    return page.get_by_role("region", name="Quick add")


def make_template(family, name: str, amount=None, type_: str = "Debit", **fields) -> dict:
    body = {"name": name, "iconName": fields.pop("iconName", "star"), "type": type_, **fields}
    if amount is not None:
        body["defaultAmount"] = amount
    return api("POST", "/api/v1/templates", body, token=family.token)


def family_names(page: Page) -> list[str]:
    return [t.strip() for t in family_list(page).locator(".tx-desc").all_inner_texts()]


def test_templates_page_is_in_the_parents_navigation(page: Page):
    family = create_family(("Kai",))
    login_parent(page, family)
    nav = page.get_by_role("navigation", name="Main")
    nav.get_by_role("link", name="Templates").click()
    expect(page).to_have_url(path_re("/templates"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Quick-add templates")
    expect(nav.get_by_role("link", name="Templates")).to_have_attribute("aria-current", "page")
    expect(family_list(page)).to_contain_text("None yet")
    # The built-in ones, with what a tap does, and no way to change them.
    expect(built_in(page).locator("li")).to_have_count(9)
    expect(built_in(page)).to_contain_text("Lunch")
    expect(built_in(page)).to_contain_text("Money out · −$5.00 · Food")
    expect(built_in(page)).to_contain_text("Gift")
    expect(built_in(page)).to_contain_text("Money in · Amount typed each time")
    expect(built_in(page).get_by_role("link", name="Edit Lunch")).to_have_count(0)
    expect(built_in(page).get_by_role("button")).to_have_count(0)


def test_parent_makes_a_template_and_uses_it_on_the_child_page(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto("/templates")
    page.get_by_role("link", name="New Template").first.click()
    expect(page).to_have_url(path_re("/templates/new"))
    expect(page.get_by_role("heading", level=1)).to_have_text("New template")
    page.get_by_label("Name").fill("Bus fare")
    choose(page, "Money out")
    page.get_by_label("Amount").fill("2.50")
    page.get_by_label("Icon").select_option(label="🚌 Bus or travel")
    page.get_by_label("Colour").select_option(label="Blue")
    page.get_by_label("Category (optional)").fill("Transport")
    page.get_by_label("What the history says (optional)").fill("Bus to school")
    page.get_by_role("button", name="Create Template").click()

    expect(page).to_have_url(path_re("/templates"))
    expect(flash(page)).to_have_text("Bus fare is ready on every child's page.")
    bus = row(page, "Bus fare")
    expect(bus).to_contain_text("Money out · −$2.50 · Transport")
    expect(bus).to_contain_text("Not used yet")
    expect(bus.locator(".template-icon")).to_have_text("🚌")

    page.goto(f"/children/{kai.id}")
    tile = quick_add(page).get_by_role("button", name="Bus fare −$2.50", exact=True)
    expect(tile).to_be_visible()
    tile.click()
    expect(flash(page)).to_have_text("Bus to school: −$2.50. Kai now has $97.50.")
    expect(page.locator("#balance")).to_have_text("$97.50")
    expect(history(page).locator("li").first).to_contain_text("Bus to school")

    page.goto("/templates")
    expect(row(page, "Bus fare")).to_contain_text("Used once")


def test_a_template_without_an_amount_asks_for_one_each_time(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    login_parent(page, family)
    page.goto("/templates/new")
    page.get_by_label("Name").fill("Pocket money")
    choose(page, "Money in")
    page.get_by_role("button", name="Create Template").click()
    expect(row(page, "Pocket money")).to_contain_text("Money in · Amount typed each time")

    page.goto(f"/children/{kai.id}")
    quick = quick_add(page)
    quick.get_by_label("Amount for Pocket money", exact=True).fill("4")
    quick.get_by_role("button", name="Pocket money", exact=True).click()
    expect(flash(page)).to_have_text("Pocket money: +$4.00. Kai now has $104.00.")


def test_the_form_says_what_is_wrong_and_keeps_what_was_typed(page: Page):
    family = create_family(("Kai",))
    login_parent(page, family)
    page.goto("/templates/new")
    page.get_by_label("Amount").fill("3")
    page.get_by_label("Category (optional)").fill("Snacks")
    page.get_by_role("button", name="Create Template").click()
    expect(error_banner(page)).to_have_text("Name is required")
    expect(page.get_by_label("Amount")).to_have_value("3")
    expect(page.get_by_label("Category (optional)")).to_have_value("Snacks")

    page.get_by_label("Name").fill("Ice cream")
    page.get_by_label("Amount").fill("abc")
    page.get_by_role("button", name="Create Template").click()
    expect(error_banner(page)).to_contain_text("Default amount")
    expect(page.get_by_label("Name")).to_have_value("Ice cream")

    page.get_by_label("Amount").fill("0")
    page.get_by_role("button", name="Create Template").click()
    expect(error_banner(page)).to_have_text("Default amount must be greater than zero")
    page.goto("/templates")
    expect(family_list(page)).to_contain_text("None yet")


def test_parent_edits_a_template(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    make_template(family, "Comic", 3, iconName="book", category="Books")
    login_parent(page, family)
    page.goto("/templates")
    row(page, "Comic").get_by_role("link", name="Edit Comic").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit template")
    expect(page.get_by_label("Name")).to_have_value("Comic")
    expect(page.get_by_label("Amount")).to_have_value("3.00")
    expect(page.get_by_label("Icon")).to_have_value("book")
    expect(page.locator("main")).to_contain_text("Money out. To switch, make a new template.")

    page.get_by_label("Name").fill("Comic book")
    page.get_by_label("Amount").fill("4.25")
    page.get_by_label("Icon").select_option(label="📚 Book")
    page.get_by_label("Colour").select_option(label="Pink")
    page.get_by_role("button", name="Save Template").click()
    expect(flash(page)).to_have_text("Comic book was saved.")
    expect(row(page, "Comic book")).to_contain_text("−$4.25 · Books")

    page.goto(f"/children/{kai.id}")
    expect(quick_add(page).get_by_role("button", name="Comic book −$4.25", exact=True)).to_be_visible()

    # A default amount stays once set (as in the API): the form says so instead of dropping it silently.
    page.goto("/templates")
    row(page, "Comic book").get_by_role("link", name="Edit Comic book").click()
    page.get_by_label("Amount").fill("")
    page.get_by_role("button", name="Save Template").click()
    expect(error_banner(page)).to_contain_text("Default amount can't be removed")
    expect(page.get_by_label("Name")).to_have_value("Comic book")


def test_parent_reorders_templates_and_the_child_page_follows(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    for name in ("Alpha", "Bravo", "Charlie"):
        make_template(family, name, 1)
    login_parent(page, family)
    page.goto("/templates")
    assert family_names(page) == ["Alpha", "Bravo", "Charlie"]
    # The first cannot go up, the last cannot go down.
    expect(row(page, "Alpha").get_by_role("button", name="Move Alpha up")).to_have_count(0)
    expect(row(page, "Charlie").get_by_role("button", name="Move Charlie down")).to_have_count(0)

    row(page, "Charlie").get_by_role("button", name="Move Charlie up").click()
    expect(flash(page)).to_have_text("Charlie moved up.")
    assert family_names(page) == ["Alpha", "Charlie", "Bravo"]
    row(page, "Alpha").get_by_role("button", name="Move Alpha down").click()
    expect(flash(page)).to_have_text("Alpha moved down.")
    assert family_names(page) == ["Charlie", "Alpha", "Bravo"]

    page.goto(f"/children/{kai.id}")
    tiles = [t.strip() for t in quick_add(page).locator(".tile-name").all_inner_texts()]
    assert tiles[-3:] == ["Charlie", "Alpha", "Bravo"], tiles

    # A position before the built-in ones puts it first on the child's page.
    page.goto("/templates")
    row(page, "Bravo").get_by_role("link", name="Edit Bravo").click()
    page.get_by_label("Position").fill("0")
    page.get_by_role("button", name="Save Template").click()
    page.goto(f"/children/{kai.id}")
    expect(quick_add(page).locator(".tile-name").first).to_have_text("Bravo")


def test_delete_asks_first_and_keeps_the_history(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    template = make_template(family, "Swimming", 6)
    api("POST", f"/api/v1/templates/{template['id']}/use", {"childId": kai.id}, token=family.token)
    login_parent(page, family)
    page.goto("/templates")

    page.once("dialog", lambda dialog: dialog.dismiss())
    row(page, "Swimming").get_by_role("button", name="Delete Swimming").click()
    expect(row(page, "Swimming")).to_have_count(1)

    messages = []
    page.once("dialog", lambda dialog: (messages.append(dialog.message), dialog.accept()))
    row(page, "Swimming").get_by_role("button", name="Delete Swimming").click()
    expect(flash(page)).to_have_text("Swimming was deleted. What was recorded with it stays in the history.")
    assert messages == ["Delete Swimming? What was recorded with it stays in the history."]
    expect(row(page, "Swimming")).to_have_count(0)

    page.goto(f"/children/{kai.id}")
    expect(quick_add(page).get_by_role("button", name="Swimming −$6.00")).to_have_count(0)
    expect(history(page).locator("li").first).to_contain_text("Swimming")
    expect(page.locator("#balance")).to_have_text("$94.00")


def test_children_cannot_reach_the_templates_page(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    template = make_template(family, "Bus fare", 2)
    login_child(page, kai)
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Templates")).to_have_count(0)
    for path in ("/templates", "/templates/new", f"/templates/{template['id']}/edit"):
        response = page.goto(path)
        assert response.status == 403, f"{path}: {response.status}"
        expect(page.get_by_role("heading", level=1)).to_have_text("That isn't available to you")
    page.goto("/logout")  # a page with a form, for a valid token
    token = page.locator("input[name=_csrf]").first.input_value()
    for path, form in ((f"/templates/{template['id']}/delete", {}),
                       (f"/templates/{template['id']}/edit", {"name": "Mine now", "iconName": "star", "defaultAmount": "1"}),
                       ("/templates/new", {"name": "Sweets", "iconName": "star", "type": "Credit"})):
        response = page.request.post(path, form={"_csrf": token, **form}, max_redirects=0)
        assert response.status == 403, f"{path}: {response.status}"
    names = [t["name"] for t in api("GET", "/api/v1/templates", token=family.token)]
    assert "Bus fare" in names and "Mine now" not in names and "Sweets" not in names


def test_another_family_cannot_see_or_change_our_template(page: Page):
    ours = create_family(("Kai",))
    template = make_template(ours, "Our secret club", 2)
    theirs = create_family(("Zed",))
    login_parent(page, theirs)
    page.goto("/templates")
    expect(page.locator("main")).not_to_contain_text("Our secret club")
    response = page.goto(f"/templates/{template['id']}/edit")
    assert response.status == 404, response.status
    page.goto("/logout")
    token = page.locator("input[name=_csrf]").first.input_value()
    response = page.request.post(f"/templates/{template['id']}/delete", form={"_csrf": token}, max_redirects=0)
    assert response.status == 404, response.status
    assert "Our secret club" in [t["name"] for t in api("GET", "/api/v1/templates", token=ours.token)]


# ---- accessibility ---------------------------------------------------------------------------

def _create_with_error(page: Page):
    page.get_by_role("button", name="Create Template").click()
    expect(error_banner(page)).to_be_visible()


@pytest.fixture(scope="module")
def template_state(browser, base_url):
    family = create_family(("Kai",))
    template = make_template(family, "Bus fare", 2.5, iconName="bus", color="#3B82F6", category="Transport")
    make_template(family, "Pocket money", None, type_="Credit")
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    login(page, family.parent_email, family.password)
    state = context.storage_state()
    context.close()
    return state, template["id"]


TEMPLATE_PAGES = [
    ("templates list", lambda tid: "/templates", None),
    ("new template", lambda tid: "/templates/new", None),
    ("new template with error", lambda tid: "/templates/new", _create_with_error),
    ("edit template", lambda tid: f"/templates/{tid}/edit", None),
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name,path,then", TEMPLATE_PAGES, ids=[p[0] for p in TEMPLATE_PAGES])
def test_template_page_has_no_serious_accessibility_problems(new_page, template_state, name, path, then, scheme):
    state, template_id = template_state
    page = new_page(storage_state=state, color_scheme=scheme)
    response = page.goto(path(template_id))
    assert response.status == 200
    if then:
        then(page)
    failures = [f"axe: {v['line']}" for v in axe_violations(page, f"{name} ({scheme})")]
    failures += [f"structure: {p}" for p in structure_problems(page)]
    assert not failures, f"{name} ({scheme}):\n" + "\n".join(failures)
