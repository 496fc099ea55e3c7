"""A whole game of Switch To (2 players: two rounds) on two phones in real Chromium at 390×844.

The host's phone enters for Ben; Ann enters on her own phone. Ann's page is never reloaded:
everything the host enters must reach it by itself. Every tap is counted (docs/taps.md, "Taps per
entry") and each phone's page is checked with axe-core on the way.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import assert_accessible, join, open_table

pytestmark = pytest.mark.browser

LIVE = 6_000  # ms: how long a phone may take to show a new entry; speed is the bench's to measure, not a test's
GAME = "switch-to"


def tap_cards(taps, page, *codes: str) -> None:
    for code in codes:
        taps.tap(page.locator(f"label.pick:has(input[value='{code}'])"))


def play(taps, page, *codes: str) -> None:
    with taps.entry(GAME, "a typical play"):
        tap_cards(taps, page, *codes)
        taps.tap(page.locator(".action-bar button[form^=bar-play]"))


def declare(taps, page, seat: int, *codes: str) -> None:
    """The hand's cards; the last one sends the declaration (its button for no-JS phones)."""
    with taps.entry(GAME, "a round's scoring, per player"):
        tap_cards(taps, page, *codes)
        taps.tap_if_shown(page.locator(f"form.declare:has(input[name=seat][value='{seat}']) button.primary"))


def predict(taps, page, seat: int, value: int) -> None:
    with taps.entry(GAME, "a prediction"):
        taps.tap(page.locator(f"form.predict:has(input[name=seat][value='{seat}']) button[value='{value}']"))


def test_a_whole_game_on_two_phones(live_server, phone, shoot, taps):
    host, ann = phone(), phone()
    ann.emulate_media(color_scheme="dark")  # Ann's phone is in dark mode: axe checks it there too

    open_table(host, live_server, "Switch To", ["Ann", "Ben"])
    expect(host.locator(".badge.host")).to_be_visible()
    shoot(host, "st-01-host-opened")
    join(ann, host.url, "Ann", taps)
    expect(ann.locator(".badge.seat")).to_contain_text("Ann")

    # Round 1: both predict 1, a tie settled by rock-paper-scissors, a refusal, E1 after two plays.
    with taps.entry(GAME, "starting a round"):
        taps.tap(host.locator(".action-bar button[form=bar-start_round]"))  # clubs preselected as removed
    expect(ann.locator("form.predict")).to_be_visible(timeout=LIVE)
    predict(taps, ann, 0, 1)
    expect(ann.locator(".players li", has_text="Ann")).to_contain_text("1")
    expect(host.get_by_text("✓")).to_be_visible(timeout=LIVE)  # the host never sees the value
    assert_accessible(ann, "switch-to seat, predicting")
    shoot(ann, "st-02-ann-predicted")
    predict(taps, host, 1, 1)

    expect(ann.locator(".status")).to_contain_text("Ann", timeout=LIVE)
    taps.tap(host.locator("form.act").get_by_role("button", name="Ann"))

    expect(ann.locator("form.play")).to_be_visible(timeout=LIVE)
    tap_cards(taps, ann, "5S", "7H")
    taps.tap(ann.locator(".action-bar button[form^=bar-play]"))
    expect(ann.locator(".refusal")).to_contain_text("ST-R10")
    assert_accessible(ann, "switch-to seat, refused")
    shoot(ann, "st-03-ann-refused")
    tap_cards(taps, ann, "7H")  # the refused entry comes back ticked (issue 16): only the 7 goes
    taps.tap(ann.locator(".action-bar button[form^=bar-play]"))
    expect(ann.locator(".top")).to_contain_text("5♠")

    expect(host.locator(".top")).to_contain_text("5♠", timeout=LIVE)
    assert_accessible(host, "switch-to host, playing")
    shoot(host, "st-04-host-enters-for-ben")
    play(taps, host, "7H")

    # Ben's play used the last play token: the round ends (E1) on both phones.
    expect(ann.locator("form.declare")).to_be_visible(timeout=LIVE)
    declare(taps, ann, 0, "2S", "3S", "4S", "6S", "7S", "8S", "9S")
    shoot(ann, "st-05-ann-declared")
    expect(host.locator("form.declare")).to_be_visible(timeout=LIVE)
    declare(taps, host, 1, "2H", "3H", "4H", "5H", "6H", "8H", "9H")

    sheet = ann.locator("table.sheet")
    expect(sheet).to_be_visible(timeout=LIVE)
    expect(sheet.locator("tr", has_text="Ann")).to_contain_text("-39")
    expect(sheet.locator("tr", has_text="Ben")).to_contain_text("-37")

    # Round 2: Ann has the most tokens and leads; Ben passes, the table clears, Ann leads again.
    with taps.entry(GAME, "starting a round"):
        taps.tap(host.locator(".action-bar button[form=bar-start_round]"))  # last round's suit is preselected
    expect(ann.locator("form.predict")).to_be_visible(timeout=LIVE)
    predict(taps, ann, 0, 2)
    expect(host.get_by_text("✓")).to_be_visible(timeout=LIVE)
    predict(taps, host, 1, 1)
    expect(ann.locator("form.play")).to_be_visible(timeout=LIVE)
    play(taps, ann, "9S")
    expect(host.locator(".top")).to_contain_text("9♠", timeout=LIVE)
    with taps.entry(GAME, "a pass"):
        taps.tap(host.locator("form.pass button").first)
    expect(ann.locator(".top")).not_to_contain_text("9♠", timeout=LIVE)
    play(taps, ann, "2H")
    expect(host.locator(".top")).to_contain_text("2♥", timeout=LIVE)
    play(taps, host, "3H")  # the last play token: E1

    expect(ann.locator("form.declare")).to_be_visible(timeout=LIVE)
    declare(taps, ann, 0, "2S", "3S", "4S", "5S", "6S", "7S")
    expect(host.locator("form.declare")).to_have_count(1, timeout=LIVE)  # Ann's declaration reached the host
    expect(host.locator("form.declare")).to_contain_text("Ben")
    declare(taps, host, 1, "4H", "5H", "6H", "7H", "8H", "9H", "8S")

    expect(ann.locator(".status")).to_contain_text("2", timeout=LIVE)
    expect(ann.locator(".players li.winner")).to_contain_text("Ann")
    assert_accessible(ann, "switch-to seat, game over")
    shoot(ann, "st-06-ann-game-over")
    expect(host.locator(".players li.winner")).to_contain_text("Ann", timeout=LIVE)
    shoot(host, "st-07-host-game-over")

    host.locator("a[href$='/history']").click()
    expect(host.locator(".history")).to_contain_text("Ann played 5♠")
    assert_accessible(host, "history")
    shoot(host, "st-08-history")
