"""Issue 27, Switch 16 at a real table, on two phones in real Chromium at 390×844: the block chip
landing in the middle of a discard (S16-R15, example S16-E19)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import join, open_table
from .test_switch16_game import GAME, LIVE, discard, roll, stop, top_card

pytestmark = pytest.mark.browser


def ben_holds_the_chip_and_cem_discards_all_7(live_server, phone, taps):
    """Ben (his own phone) takes the chip with a block face; Cem (the host's phone) rolls 1 2 4 and
    discards all 7 cards it makes. Returns (cem, ben)."""
    cem, ben = phone(), phone()
    open_table(cem, live_server, "Switch 16", ["Ben", "Cem"])
    join(ben, cem.url, "Ben")
    cem.locator("form.act button[name=seat][value='0']").click()
    expect(ben.locator("form.roll")).to_be_visible(timeout=LIVE)
    roll(taps, ben, [1, 1, 1], face="block")
    discard(taps, ben, 3)
    stop(taps, ben)
    expect(cem.locator("form.roll")).to_be_visible(timeout=LIVE)
    roll(taps, cem, [1, 2, 4])
    discard(taps, cem, 7)
    return cem, ben


def test_the_chip_holder_records_the_chip_landing_after_card_3(live_server, phone, taps):
    cem, ben = ben_holds_the_chip_and_cem_discards_all_7(live_server, phone, taps)
    landed = ben.locator("form.landed")
    expect(landed).to_be_visible(timeout=LIVE)
    expect(landed.locator("button")).to_have_text(["before card 1"] + [f"after card {n}" for n in range(1, 8)])
    with taps.entry(GAME, "placing the block chip after a card of the discard"):
        taps.tap(landed.locator("button", has_text="after card 3"))
    # cards 4 to 7 go back, Cem's deck is blocked and Cem's turn is over (S16-E19)
    expect(top_card(cem, "Cem")).to_have_text("4", timeout=LIVE)
    expect(cem.locator(".players li", has_text="Cem").locator(".chip-badge.on-deck")).to_be_visible()
    expect(ben.locator("form.roll")).to_be_visible(timeout=LIVE)
