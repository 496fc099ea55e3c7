"""Swoop on two phones in real Chromium at 390×844: face-up rows, four of a kind built by two
players and swooped on Ben's phone, then a pick-up."""
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


def play(page, rank: str, from_hand: int, slots=()) -> None:
    """The play form: the rank, how many from the hand, which face-up slots, Play."""
    form = page.locator("form.play")
    form.locator(f"label.chip:has(input[name=rank][value='{rank}'])").click()
    if from_hand != 1:  # one card from the hand is already chosen
        form.locator(f"label.chip:has(input[name=hand][value='{from_hand}'])").click()
    for slot in slots:
        form.locator(f"label.chip:has(input[name=up][value='up{slot}'])").click()
    form.get_by_role("button", name="Play", exact=True).click()


def row(page, name: str):
    return page.locator(".players li", has_text=name)


def test_a_swoop_and_a_pick_up(live_server, phone, shoot):
    host, ben = phone(), phone()
    open_table(host, live_server, "Swoop", ["Ann", "Ben", "Cem"])
    join(ben, host.url, "Ben")

    expect(ben.get_by_role("button", name="Enter Ben's face-up cards")).to_be_visible()
    shoot(ben, "sw-00-ben-face-up-form")
    face_up(ben, "Ben", ["Q", "8", "5", "2"])
    expect(row(host, "Ben")).to_contain_text("Q", timeout=LIVE)
    face_up(host, "Ann", ["K", "9", "9", "3"])
    face_up(host, "Cem", ["J", "6", "4", "A"])
    shoot(host, "sw-01-host-starter")
    host.locator("form.act").get_by_role("button", name="Ann").click()
    expect(host.locator(".status")).to_contain_text("Ann leads")

    play(host, "9", 0, slots=(2, 3))                      # Ann leads her two face-up 9s
    expect(ben.locator(".sw-pile")).to_contain_text("top 9 ×2", timeout=LIVE)
    shoot(ben, "sw-02-ben-to-play")
    play(ben, "9", 2)                                     # Ben adds two: four 9s swoop
    expect(ben.locator(".note").first).to_contain_text("Swoop! Four nines leave play; Ben acts again.")
    expect(ben.locator(".status")).to_contain_text("Ben leads")
    expect(ben.locator(".sw-pile")).to_contain_text("4 swooped out")
    shoot(ben, "sw-03-ben-swooped")

    ben.get_by_role("button", name="Play the 5 in slot 3").click()   # one tap from the face-up row
    expect(host.locator(".status")).to_contain_text("Cem to play", timeout=LIVE)
    play(host, "3", 1)                                    # Cem
    host.get_by_role("button", name="Play the 3 in slot 4").click()  # Ann
    expect(ben.locator(".sw-pile")).to_contain_text("top 3 ×2", timeout=LIVE)
    ben.get_by_role("button", name="Pick up the pile (3)").click()
    expect(row(ben, "Ben")).to_contain_text("12")
    expect(ben.locator(".note").first).to_contain_text("Ben picks up the pile (3 cards).")
    shoot(ben, "sw-04-ben-picked-up")
    expect(host.locator(".status")).to_contain_text("Cem leads", timeout=LIVE)
    expect(host.locator(".sw-pile")).to_contain_text("Pile empty")
    shoot(host, "sw-05-host-after-pick-up")
