"""Swoop on two phones in real Chromium at 390×844: face-up rows, a swoop, a pick-up."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import join, open_table

pytestmark = pytest.mark.browser

LIVE = 2_000


def face_up(page, name: str, ranks: list[str]) -> None:
    form = page.locator("form", has=page.get_by_role("button", name=f"Enter {name}'s face-up cards"))
    for slot, rank in enumerate(ranks):
        form.locator(f"label.chip:has(input[name='ranks#{slot}'][value='{rank}'])").click()
    form.get_by_role("button", name=f"Enter {name}'s face-up cards").click()


def test_a_swoop_and_a_pick_up(live_server, phone, shoot):
    host, ben = phone(), phone()
    open_table(host, live_server, "Swoop", ["Ann", "Ben", "Cem"])
    join(ben, host.url, "Ben")

    face_up(ben, "Ben", ["Q", "8", "5", "2"])
    shoot(ben, "sw-01-ben-face-up")
    expect(host.locator(".players li", has_text="Ben")).to_contain_text("Q", timeout=LIVE)
    face_up(host, "Ann", ["K", "9", "9", "3"])
    face_up(host, "Cem", ["J", "6", "4", "A"])
    host.locator("form.act").get_by_role("button", name="Ann").click()

    host.get_by_role("button", name="Swoop with a 10").click()
    expect(host.locator(".top")).to_contain_text("1 swooped out")
    host.locator("form.play label.chip:has(input[name=rank][value='7'])").click()
    host.locator("form.play").get_by_role("button", name="Play").click()

    expect(ben.locator(".top")).to_contain_text("top 7 ×1", timeout=LIVE)
    shoot(ben, "sw-02-ben-to-play")
    ben.get_by_role("button", name="Pick up the pile (1)").click()
    expect(ben.locator(".players li", has_text="Ben")).to_contain_text("12")
    expect(host.locator(".status")).to_contain_text("Cem", timeout=LIVE)
    expect(host.locator(".status")).to_contain_text("leads")
    shoot(host, "sw-03-host-after-pick-up")
