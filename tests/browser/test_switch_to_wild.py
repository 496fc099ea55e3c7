"""Switch To's wild token on a 390×844 phone (issue 27): a play with a wild needs no scroll (the
"wild token as" row sat below the cards, behind the action bar, at y≈933), and the history says
the wild as the buttons do, ★4, not W4; in English, German and Japanese, light and dark."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOTS
from .test_table_flows import Api, on_phone

pytestmark = pytest.mark.browser

GAME = "switch-to"


def ann_holds_a_wild(live_server) -> Api:
    """Three players predict 3; Ann passes and flips a play token to a wild, Ben plays 2♥ 3♥,
    Cem passes: Ann to play, with a wild token."""
    table = Api(live_server, "switch-to", ["Ann", "Ben", "Cem"])
    host = table.host
    table.enter({"type": "start_round", "removed_suit": "C"}, host)
    for seat in range(3):
        table.enter({"type": "predict", "seat": seat, "value": 3}, host)
    table.enter({"type": "start_player", "seat": 0}, host)
    table.enter({"type": "pass", "seat": 0, "flip": "play_to_wild"}, host)
    table.enter({"type": "play", "seat": 1, "cards": "2H 3H"}, host)
    state = table.enter({"type": "pass", "seat": 2}, host)
    assert state["turn"] == 0 and state["players"][0]["may_use_wild"]
    return table


@pytest.mark.parametrize("locale,scheme", [("en-GB", "light"), ("de-DE", "dark"), ("ja-JP", "light")])
def test_a_play_with_a_wild_token_needs_no_scroll(live_server, browser, taps, locale, scheme):
    table = ann_holds_a_wild(live_server)
    context, page = on_phone(browser, live_server, table.code, table.host, scheme, locale)
    try:
        page.screenshot(path=str(SCREENSHOTS / f"st-wild-{locale}-{scheme}.png"))
        form = page.locator("form.play")
        with taps.entry(GAME, "a play with a wild token"):
            taps.tap(form.locator("label.pick:has(input[value='4S'])"))
            taps.tap(form.locator(".wilds label.chip:has(input[value='W4'])"))
            taps.tap(page.locator(".action-bar button[form^=bar-play]"))
        expect(page.locator(".last-line")).to_contain_text("4♠ ★4")
        expect(page.locator(".last-line")).not_to_contain_text("W4")
    finally:
        context.close()
