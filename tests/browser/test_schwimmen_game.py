"""A whole game of Schwimmen (2 players swimming from the start: one round decides) on two phones
in real Chromium at 390×844: the dealer keeps, the centre is laid, a swap in two taps, a close,
a last pass and the showdown with both hands revealed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import assert_accessible, join, open_table

pytestmark = pytest.mark.browser

LIVE = 6_000  # ms: how long a phone may take to show a new entry; speed is the bench's to measure, not a test's
GAME = "schwimmen"


def snap(shoot, page, name: str) -> None:
    """A full-page shot from the top, so the sticky header sits where a player sees it."""
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, name)


def tap_cards(taps, page, form: str, *codes: str) -> None:
    for code in codes:
        taps.tap(page.locator(f"form.{form} label.pick:has(input[value='{code}'])"))


def test_a_whole_game(live_server, phone, shoot, taps):
    host, ben = phone(), phone()
    open_table(host, live_server, "Schwimmen", ["Ann", "Ben"], {"lives": "0"})
    join(ben, host.url, "Ben", taps)

    with taps.entry(GAME, "naming the first dealer"):
        taps.tap(host.locator("form.act button[name=seat][value='0']"))
    with taps.entry(GAME, "the dealer keeps the hand"):
        taps.tap(host.locator("form.act button[name=choice][value=keep]"))
    with taps.entry(GAME, "laying the centre"):
        tap_cards(taps, host, "act", "7C", "8C", "9C")  # the third card sends it
        taps.tap_if_shown(host.locator("form.act:has(input[name=type][value=lay_centre]) button.primary"))

    expect(ben.locator("form.swap")).to_be_visible(timeout=LIVE)
    assert_accessible(ben, "schwimmen seat, swapping")
    with taps.entry(GAME, "a typical play (a swap)"):
        tap_cards(taps, ben, "swap", "7S")
        snap(shoot, ben, "sc-01-ben-swaps")
        taps.tap(ben.locator(".action-bar button[name=take][value='9C']"))  # the second tap records the swap
    expect(ben.locator(".players li", has_text="Ben")).to_contain_text("9♣")

    expect(host.locator(".players li.acting")).to_contain_text("Ann", timeout=LIVE)
    assert_accessible(host, "schwimmen host, Ann's turn")
    with taps.entry(GAME, "a close"):
        taps.tap(host.locator("form.act:has(input[value=close]) button"))
    expect(ben.locator(".players li", has_text="Ann")).to_contain_text("closed", timeout=LIVE)
    with taps.entry(GAME, "a pass"):
        taps.tap(ben.locator("form.act:has(input[name=type][value=pass]) button"))

    expect(ben.locator("form.reveal")).to_be_visible()
    with taps.entry(GAME, "a round's scoring, per player"):
        tap_cards(taps, ben, "reveal", "AC", "KC")  # 9C is already marked: Ben took it
        taps.tap_if_shown(ben.locator("form.reveal button.primary"))
    expect(host.locator("form.reveal")).to_contain_text("Ann", timeout=LIVE)
    assert_accessible(host, "schwimmen host, showdown")
    snap(shoot, host, "sc-02-host-showdown")
    with taps.entry(GAME, "a round's scoring, per player"):
        tap_cards(taps, host, "reveal", "AH", "KH", "8H")
        taps.tap_if_shown(host.locator("form.reveal button.primary"))

    ann_result = ben.locator(".result li", has_text="Ann")
    expect(ann_result).to_contain_text("29", timeout=LIVE)
    expect(ben.locator(".result li", has_text="Ben")).to_contain_text("30")
    expect(ben.locator(".players li.winner")).to_contain_text("Ben")
    expect(ben.locator(".players li.out")).to_contain_text("Ann")
    assert_accessible(ben, "schwimmen seat, game over")
    snap(shoot, ben, "sc-03-ben-game-over")


def test_draw_and_discard_in_one_tap(live_server, phone, taps):
    """Draw & discard (the classic exchange): the source is preselected (the stock), so tapping
    the card thrown away is the whole entry; choosing the pile first is one more tap."""
    host = phone()
    open_table(host, live_server, "Schwimmen", ["Ann", "Ben"], {"exchange": "draw_discard", "lives": "0"})
    taps.tap(host.locator("form.act button[name=seat][value='0']"))
    if host.locator("form.act button[name=choice][value=keep]").count():
        taps.tap(host.locator("form.act button[name=choice][value=keep]"))
    tap_cards(taps, host, "act", "7D")  # the first discard is turned up: one card sends it
    taps.tap_if_shown(host.locator("form.act:has(input[name=type][value=turn_up]) button.primary"))
    # No button is tapped: the host's next form (the other player's turn) must not be taken for this one.
    with taps.entry(GAME, "a typical play (draw and discard)"):
        tap_cards(taps, host, "draw", "8S")
    expect(host.locator(".top")).to_contain_text("8♠")
    expect(host.locator(".players li.acting")).to_contain_text("Ann")  # Ben, left of the dealer, went first
    with taps.entry(GAME, "a typical play (draw and discard)"):
        taps.tap(host.locator("form.draw label.chip:has(input[name=source][value=pile])"))
        tap_cards(taps, host, "draw", "9S")
    expect(host.locator(".top")).to_contain_text("9♠")
    expect(host.locator(".players li.acting")).to_contain_text("Ben")
    assert_accessible(host, "schwimmen host, draw and discard")
