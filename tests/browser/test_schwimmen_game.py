"""A Schwimmen round on two phones in real Chromium at 390×844: a swap in two taps, a close,
and the showdown with both hands revealed."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import join, open_table

pytestmark = pytest.mark.browser

LIVE = 2_000


def snap(shoot, page, name: str) -> None:
    """A full-page shot from the top, so the sticky header sits where a player sees it."""
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, name)


def tap_cards(page, form: str, *codes: str) -> None:
    for code in codes:
        page.locator(f"form.{form} label.pick:has(input[value='{code}'])").click()


def test_a_round_with_a_close_and_a_showdown(live_server, phone, shoot):
    host, ben = phone(), phone()
    open_table(host, live_server, "Schwimmen", ["Ann", "Ben"])
    join(ben, host.url, "Ben")

    host.get_by_role("button", name="Ann deals").click()
    host.get_by_role("button", name="Keep the hand").click()
    for code in ("7C", "8C", "9C"):
        host.locator(f"label.pick:has(input[value='{code}'])").click()
    host.get_by_role("button", name="Lay the centre").click()

    expect(ben.get_by_text("Ben: tap your card, then the centre card you take")).to_be_visible(timeout=LIVE)
    tap_cards(ben, "swap", "7S")
    snap(shoot, ben, "sc-01-ben-swaps")
    ben.get_by_role("button", name="take 9 of clubs").click()  # the second tap records the swap
    expect(ben.locator(".players li", has_text="Ben")).to_contain_text("9♣")

    expect(host.locator(".status")).to_contain_text("Ann's turn", timeout=LIVE)  # the host phone caught up
    host.get_by_role("button", name="Close (knock)").click()
    expect(ben.locator(".status")).to_contain_text("Ann closed: last turns", timeout=LIVE)
    ben.get_by_role("button", name="Pass", exact=True).click()

    expect(ben.get_by_text("Ben: tap your three cards")).to_be_visible()
    tap_cards(ben, "reveal", "AC", "KC")  # 9C is already marked: Ben took it
    ben.get_by_role("button", name="Reveal Ben's hand").click()
    expect(host.locator(".players li", has_text="Ben")).to_contain_text("revealed", timeout=LIVE)
    snap(shoot, host, "sc-02-host-showdown")
    tap_cards(host, "reveal", "AH", "KH", "8H")
    host.get_by_role("button", name="Reveal Ann's hand").click()

    ann_result = ben.locator(".result li", has_text="Ann")
    expect(ann_result).to_contain_text("29", timeout=LIVE)
    expect(ann_result).to_contain_text("loses 1 (lowest hand)")
    expect(ben.locator(".result li", has_text="Ben")).to_contain_text("30")
    expect(ben.locator(".players li", has_text="Ann").locator(".heart")).to_have_count(2)
    snap(shoot, ben, "sc-03-ben-result")
