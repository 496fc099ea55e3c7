"""Opening a table is short, the start page leads back, the header fits (issue 15), on a phone
(390×844) in real Chromium: the header on one line in English, German and Japanese; the names a
phone last opened a table with, filled in again and easily cleared; and the touches it takes to
open a table (taps, characters typed, scrolls), with screenshots light and dark to look at."""

from __future__ import annotations

import math

import pytest
from playwright.sync_api import expect

from .helpers import PHONE, assert_accessible, open_table

pytestmark = pytest.mark.browser

FOLD = PHONE["viewport"]["height"]
SWIPE = FOLD * 3 // 4  # one scroll moves about three quarters of a screen


def phone_in(browser, language: str, scheme: str = "light"):
    context = browser.new_context(**PHONE, color_scheme=scheme)
    page = context.new_page()
    page.set_extra_http_headers({"Accept-Language": language})
    return context, page


def lines_of(locator) -> int:
    """How many lines the element's text takes on screen."""
    return locator.evaluate("""(element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        return tops.size;
    }""")


def assert_header_on_one_line(page, where: str) -> None:
    bar = page.locator("header.bar").bounding_box()
    parts = page.locator("header.bar > *")
    boxes = [parts.nth(i).bounding_box() for i in range(parts.count())]
    assert all(box["x"] >= 0 and box["x"] + box["width"] <= bar["width"] + 0.5 for box in boxes), (where, boxes)
    # one line: every part shares one band of the bar, and no part's own text wraps
    assert max(box["y"] for box in boxes) < min(box["y"] + box["height"] for box in boxes), (where, boxes)
    assert lines_of(page.locator("header.bar .brand")) == 1, where
    for i in range(page.locator("header.bar .langs a").count()):
        assert lines_of(page.locator("header.bar .langs a").nth(i)) == 1, where


def test_the_header_stays_on_one_line_in_every_language(live_server, browser, shoot):
    host_context, host = phone_in(browser, "en")
    try:
        open_table(host, live_server, "Schwimmen", ["Ann", "Ben"])
        table_url = host.url
    finally:
        host_context.close()
    for language in ("en", "de", "ja"):
        for scheme in ("light", "dark"):
            context, page = phone_in(browser, language, scheme)
            try:
                for where in ("/", "/new/schwimmen", table_url):
                    page.goto(where if where.startswith("http") else live_server + where)
                    assert page.locator("html").get_attribute("lang") == language
                    assert_header_on_one_line(page, f"{where} in {language}")
                page.goto(live_server + "/new/schwimmen")
                shoot(page, f"opening-new-table-{language}-{scheme}")
                assert_accessible(page, f"new table ({language}, {scheme})")
            finally:
                context.close()


def touches_to_open(page, live_server: str, game: str, players: list[str]) -> int:
    """From the start page: tap the game, type each name a field does not hold yet (a tap on the
    field and each character), scroll to the Open button, tap it."""
    page.goto(live_server + "/")
    touches = 1
    page.locator("nav.games").get_by_role("link", name=game).click()
    fields = page.locator("input[name=player]")
    for i, name in enumerate(players):
        if fields.nth(i).input_value() != name:
            fields.nth(i).fill(name)
            touches += 1 + len(name)
    button = page.locator("form.new-table button.primary")
    box = button.bounding_box()
    touches += math.ceil(max(0, box["y"] + box["height"] - FOLD) / SWIPE)
    button.click()
    expect(page.locator("#board")).to_be_visible()
    return touches + 1


def test_the_phone_remembers_the_names_and_opening_takes_few_touches(live_server, phone, shoot):
    host = phone()
    names = ["Ann", "Ben", "Cem", "Dee"]
    first = touches_to_open(host, live_server, "Schwimmen", names)
    assert first == 1 + 4 * 4 + 1  # the game, four names, Open: no scroll
    shoot(host, "opening-table-opened-light")

    # Next time the names are there: the game and Open.
    assert touches_to_open(host, live_server, "Swoop", names) == 2
    host.goto(live_server + "/new/switch-to")
    fields = host.locator("input[name=player]")
    assert [fields.nth(i).input_value() for i in range(4)] == names
    shoot(host, "opening-remembered-names-light")

    # Easily edited, easily cleared, and cleared for good.
    clear = host.get_by_role("button", name="Clear the names")
    expect(clear).to_be_visible()
    clear.click()
    assert [fields.nth(i).input_value() for i in range(2)] == ["", ""]
    expect(fields.nth(2)).to_be_hidden()  # the optional fields appear as names are typed
    fields.nth(0).fill("Zoe")
    fields.nth(1).fill("Yan")
    expect(fields.nth(2)).to_be_visible()
    host.reload()
    assert fields.nth(0).input_value() == ""


def test_a_preset_ticks_its_house_rules_and_the_summary_counts_the_changes(live_server, phone):
    host = phone()
    host.goto(live_server + "/new/switch-16")
    summary = host.locator("details.house-rules summary")
    expect(summary).to_have_text("House rules: defaults")
    host.get_by_text("Older editions (Piatnik)").click()
    expect(host.locator("input[name=risk_penalty][value=checkpoint8]")).to_be_checked()
    expect(summary).to_have_text("House rules: defaults")  # as the preset says
    summary.click()
    host.locator("input[name=game_mode][value=points]").check()
    expect(summary).to_have_text("House rules: 1 changed")
    host.locator("input[name=risk_penalty][value=playmonster]").check()  # set back to the default
    host.locator("input[name=player]").nth(0).fill("Ann")
    host.locator("input[name=player]").nth(1).fill("Ben")
    host.locator("form.new-table button.primary").click()
    code = host.url.rsplit("/", 1)[1]
    options = host.request.get(f"{live_server}/api/tables/{code}").json()["state"]["options"]
    assert options["risk_penalty"] == "playmonster" and options["game_mode"] == "points"


def test_the_start_page_leads_back_to_the_table(live_server, phone, browser, shoot):
    host = phone()
    open_table(host, live_server, "Switch To", ["Ann", "Ben"])
    table_url = host.url
    host.goto(live_server + "/")
    back = host.locator(".my-tables a.game").first
    expect(back).to_contain_text("Switch To")
    expect(back).to_contain_text("you are the host")
    box = back.bounding_box()
    assert box["y"] + box["height"] <= FOLD  # in reach: no scroll
    shoot(host, "opening-start-back-to-my-table-light")
    assert_accessible(host, "start page with my tables")
    back.click()
    assert host.url == table_url
    for language in ("de", "ja"):
        context, page = phone_in(browser, language, "dark")
        try:
            page.goto(live_server + "/")
            shoot(page, f"opening-start-{language}-dark")
            assert_accessible(page, f"start page ({language}, dark)")
        finally:
            context.close()
