"""A Switch 16 turn on two phones in real Chromium at 390×844: a risk roll, and the block chip
placed from the other phone while the roller is discarding."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import join, open_table

pytestmark = pytest.mark.browser

LIVE = 2_000


def roll(page, dice, face="blank"):
    for i, value in enumerate(dice):
        page.get_by_label(f"die {i + 1} shows {value}").click()
    if face != "blank":
        page.locator(f"label.chip:has(input[name=face][value={face}])").click()
    page.locator("form.roll button.primary").click()


def test_a_risk_roll_and_a_block_mid_discard(live_server, phone, shoot):
    host, ben = phone(), phone()
    open_table(host, live_server, "Switch 16", ["Ann", "Ben"])
    join(ben, host.url, "Ben")

    host.get_by_role("button", name="Ben starts").click()
    expect(ben.get_by_text("Ben: tap the 3 number dice")).to_be_visible(timeout=LIVE)
    roll(ben, [1, 1, 1], face="block")  # Ben takes the chip; 1, 2, 3 are made
    ben.get_by_role("button", name="Discard all 3, up to card 3").click()
    ben.get_by_role("button", name="Stop, end Ben's turn").click()

    expect(host.get_by_text("Ann: tap the 3 number dice")).to_be_visible(timeout=LIVE)
    roll(host, [1, 2, 4])
    expect(host.locator(".makes")).to_contain_text("7 = 4+2+1")
    shoot(host, "s16-01-host-roll-made")
    host.get_by_role("button", name="Discard all 7, up to card 7").click()
    roll(host, [4, 4, 2, 1])  # the risk roll: 4 dice at top 8
    expect(host.locator(".roll.top")).to_contain_text("risk roll")
    host.get_by_role("button", name=re.compile("Discard card 8")).click()
    expect(host.get_by_role("button", name=re.compile("Discard card 9"))).to_be_visible()

    # Ben's phone has followed by itself and offers the chip while Ann discards.
    expect(ben.locator(".roll.top")).to_contain_text("1 of 4 discarded", timeout=LIVE)
    shoot(ben, "s16-02-ben-may-block")
    ben.get_by_role("button", name="Block Ann").click()
    expect(ben.locator(".status")).to_contain_text("Ben", timeout=LIVE)

    expect(host.get_by_text("Ann's turn ended when the block chip landed on Ann's deck.")).to_be_visible(timeout=LIVE)
    ann_row = host.locator(".players li", has_text="Ann")
    expect(ann_row).to_contain_text("blocked")
    expect(ann_row.locator(".total")).to_have_text("9")
    shoot(host, "s16-03-host-blocked")
