"""The stylesheet, script and pictures every page links to: applied, and kept by the browser, so
that moving from page to page asks the server for none of them again."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from helpers import create_family, login_parent

ASSET = re.compile(r"/(css|js|img)/")


def test_pages_style_themselves_and_a_second_page_fetches_no_asset_again(page: Page):
    family = create_family(("Kai",))
    kai = family.children[0]
    # The browser's own record of each request: whether it went to the server or was answered
    # from its cache (memory or disk).
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    sent: dict[str, str] = {}
    from_cache: set[str] = set()
    answered: dict[str, str] = {}

    def will_send(event):
        if ASSET.search(event["request"]["url"]):
            sent[event["requestId"]] = event["request"]["url"]

    def received(event):
        response = event["response"]
        if event["requestId"] in sent:
            if response.get("fromDiskCache") or response.get("fromMemoryCache"):
                from_cache.add(event["requestId"])
            answered[event["requestId"]] = f"{response['status']} {response['url']}"

    cdp.on("Network.requestWillBeSent", will_send)
    cdp.on("Network.requestServedFromCache", lambda event: from_cache.add(event["requestId"]))
    cdp.on("Network.responseReceived", received)

    login_parent(page, family)
    page.goto(f"/children/{kai.id}")
    expect(page.locator("#balance")).to_be_visible()
    # The stylesheet is applied: the balance is set large.
    size = page.locator("#balance").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 28, f"the balance's font is {size}px: the stylesheet did not apply"
    links = page.eval_on_selector_all(
        "link[rel=stylesheet], script[src], img[src^='/img/']",
        "els => els.map(e => e.getAttribute('href') || e.getAttribute('src'))")
    assert links and all("?v=" in link for link in links), links

    # act: two more pages, as a person moves around
    sent.clear()
    from_cache.clear()
    answered.clear()
    page.goto("/dashboard")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.goto(f"/children/{kai.id}")
    expect(page.locator("#balance")).to_be_visible()

    # assert: every asset came from the browser's cache, none from the server, not even a 304
    assert sent, "the pages loaded no asset at all"
    from_server = [answered.get(r, sent[r]) for r in sent if r not in from_cache]
    assert from_server == [], from_server
