"""A round of Switch To on two phones in real Chromium at 390×844.

The host's phone enters for Ben; Ann enters on her own phone. Ann's page is never reloaded:
everything the host enters must reach it by itself.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import join, open_table

pytestmark = pytest.mark.browser

LIVE = 2_000  # ms: every phone shows a new entry within 2 seconds


def tap_cards(page, *codes: str) -> None:
    for code in codes:
        page.locator(f"label.pick:has(input[value='{code}'])").click()


def test_a_round_on_two_phones(live_server, phone, shoot):
    host, ann = phone(), phone()

    open_table(host, live_server, "Switch To", ["Ann", "Ben"])
    expect(host.get_by_text("Host · enters for everyone")).to_be_visible()
    shoot(host, "01-host-opened")
    join(ann, host.url, "Ann")
    expect(ann.get_by_text("You are Ann")).to_be_visible()

    host.get_by_role("button", name="Start round 1").click()  # clubs preselected as removed
    expect(ann.get_by_text("how many plays will you need?")).to_be_visible(timeout=LIVE)
    ann.get_by_role("button", name="Ann predicts 1", exact=True).click()
    expect(ann.get_by_text("predicted 1")).to_be_visible()
    expect(host.get_by_text("✓ entered")).to_be_visible(timeout=LIVE)  # the host never sees the value
    shoot(ann, "02-ann-predicted")
    host.get_by_role("button", name="Ben predicts 1", exact=True).click()

    expect(ann.locator(".status")).to_contain_text("tie for the most tokens", timeout=LIVE)
    host.locator("form.act").get_by_role("button", name="Ann").click()

    expect(ann.get_by_text("Ann: tap the cards")).to_be_visible(timeout=LIVE)
    tap_cards(ann, "5S", "7H")
    ann.get_by_role("button", name="Play", exact=True).click()
    expect(ann.locator(".refusal")).to_contain_text("ST-R10")
    shoot(ann, "03-ann-refused")
    tap_cards(ann, "5S")
    ann.get_by_role("button", name="Play", exact=True).click()
    expect(ann.locator(".top")).to_contain_text("5♠")

    expect(host.locator(".top")).to_contain_text("5♠", timeout=LIVE)
    tap_cards(host, "7H")
    shoot(host, "04-host-enters-for-ben")
    host.get_by_role("button", name="Play", exact=True).click()

    # Ben's play used the last play token: the round ends (E1) on both phones.
    expect(ann.get_by_text("no play token is left")).to_be_visible(timeout=LIVE)
    tap_cards(ann, "2S", "3S", "4S", "6S", "7S", "8S", "9S")
    shoot(ann, "05-ann-declares")
    ann.get_by_role("button", name="Declare Ann's hand").click()
    expect(host.get_by_text("Ben: tap the 7 cards left")).to_be_visible(timeout=LIVE)
    tap_cards(host, "2H", "3H", "4H", "5H", "6H", "8H", "9H")
    host.get_by_role("button", name="Declare Ben's hand").click()

    sheet = ann.locator("table.sheet")
    expect(sheet).to_be_visible(timeout=LIVE)
    expect(sheet.locator("tr", has_text="Ann")).to_contain_text("-39")
    expect(sheet.locator("tr", has_text="Ben")).to_contain_text("-37")
    shoot(ann, "06-ann-scored")
    shoot(host, "07-host-scored")

    host.get_by_role("link", name="History").click()
    expect(host.locator(".history")).to_contain_text("Ann played 5♠")
    shoot(host, "08-history")
