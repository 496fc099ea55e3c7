"""A whole game of Switch 16 (2 players; 4 dice from card 2, 5 from card 9) on two phones in real
Chromium at 390×844: the block chip taken, a risk roll, the chip placed from the other phone while
the roller is discarding, and a race to card 16."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import assert_accessible, join, open_table

pytestmark = pytest.mark.browser

LIVE = 6_000  # ms: how long a phone may take to show a new entry; speed is the bench's to measure, not a test's
GAME = "switch-16"


def roll(taps, page, dice, face="blank") -> None:
    """The switch die (blank is preselected), then each number die; Enter only if the form is still there."""
    form = page.locator("form.roll")
    if face != "blank":
        taps.tap(form.locator(f"label.chip:has(input[name=face][value={face}])"))
    for i, value in enumerate(dice):
        taps.tap(form.locator(f"label.chip:has(input[name='dice#{i}'][value='{value}'])"))
    taps.tap_if_shown(form.locator("button.primary"))  # the last die sends it


def discard(taps, page, how_many: int) -> None:
    with taps.entry(GAME, "discarding"):
        taps.tap(page.locator(f"form.discard button[value='{how_many}']"))


def stop(taps, page) -> None:
    with taps.entry(GAME, "stopping (the pass)"):
        taps.tap(page.locator("form.act:has(input[name=type][value=stop]) button"))


def top_card(page, name: str):
    return page.locator(".players li", has_text=name).locator(".total")


def test_a_whole_game(live_server, phone, shoot, taps):
    host, ben = phone(), phone()
    open_table(host, live_server, "Switch 16", ["Ann", "Ben"], {"four_dice_from": 2, "five_dice_from": 9})
    join(ben, host.url, "Ben", taps)

    with taps.entry(GAME, "naming the start player"):
        taps.tap(host.locator("form.act button[name=seat][value='1']"))
    expect(ben.locator("form.roll")).to_be_visible(timeout=LIVE)
    assert_accessible(ben, "switch-16 seat, rolling")
    with taps.entry(GAME, "a roll of 3 dice with a switch face (one tap per die)"):
        roll(taps, ben, [1, 1, 1], face="block")  # Ben takes the chip; 1, 2, 3 are made
    discard(taps, ben, 3)
    stop(taps, ben)

    expect(host.locator("form.roll")).to_be_visible(timeout=LIVE)
    with taps.entry(GAME, "a typical play (3 dice)"):
        roll(taps, host, [1, 2, 4])
    expect(host.locator(".makes")).to_contain_text("7 = 4+2+1")
    assert_accessible(host, "switch-16 host, discarding")
    shoot(host, "s16-01-host-roll-made")
    discard(taps, host, 7)
    with taps.entry(GAME, "a roll of 4 dice (one tap per die)"):  # the note of what a miss costs above it
        roll(taps, host, [4, 4, 2, 1])  # the risk roll: 4 dice at top 8 make 8 to 11
    expect(host.locator(".roll.top")).to_contain_text("4")
    discard(taps, host, 1)
    expect(top_card(host, "Ann")).to_have_text("9")

    # Ben's phone has followed by itself and offers the chip while Ann discards.
    expect(ben.locator("form.landed")).to_be_visible(timeout=LIVE)
    assert_accessible(ben, "switch-16 seat, may block")
    shoot(ben, "s16-02-ben-may-block")
    with taps.entry(GAME, "placing the block chip"):  # after card 8, the one Ann has discarded (S16-R15)
        taps.tap(ben.locator("form.landed button", has_text="after card 8"))
    expect(host.locator(".players li", has_text="Ann").locator(".chip-badge.on-deck")).to_be_visible(timeout=LIVE)
    shoot(host, "s16-03-host-blocked")

    # Ben races home: 4 dice at top 4 make 4 to 13, then a risk roll of 5 dice makes 14 to 16.
    # Two notes stand above his dice (the chip placed, Ann's turn ended): the dice still fit.
    expect(ben.locator("form.roll")).to_be_visible(timeout=LIVE)
    expect(ben.locator("#board > .note")).to_have_count(2)
    with taps.entry(GAME, "a roll of 4 dice (one tap per die)"):
        roll(taps, ben, [1, 2, 4, 6])
    discard(taps, ben, 10)
    expect(top_card(ben, "Ben")).to_have_text("14")
    roll(taps, ben, [6, 6, 2, 1, 1])
    discard(taps, ben, 3)

    expect(ben.locator(".players li.winner")).to_contain_text("Ben")
    expect(host.locator(".players li.winner")).to_contain_text("Ben", timeout=LIVE)
    assert_accessible(host, "switch-16 host, game over")
    shoot(host, "s16-04-host-game-over")
