"""Declarations and refused entries in real Chromium at 390×844 (issue 16): a refused entry comes
back filled in, with what is wrong marked; a declaration counts its cards against the hand and is
sent only when the count matches. Switch To's host declares for three players without phones."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from .helpers import open_table, send_button, settled

pytestmark = pytest.mark.browser

HANDS = ("2C 3C 4C 9C 9S 9H 9D", "2H 2D 2S 3H 3D 3S 4H 4D", "6H 6D 6S 7H 7D 7S 8H 8D")


def enter(page, fields: dict) -> None:
    """An entry posted as a form of this phone would (its cookies), the board then reloaded."""
    seq = int(page.locator("#board").get_attribute("data-seq"))
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    response = page.request.post(
        page.url.split("/t/")[0] + f"/t/{code}/entries",
        form={"expected_seq": str(seq), "key": uuid.uuid4().hex, **fields},
    )
    assert response.status in (200, 303), response.status
    page.reload()


def to_declarations(page) -> None:
    """Three players, round 1: Ann plays 5♣, the host ends the round."""
    enter(page, {"type": "start_round"})
    for seat, value in enumerate((2, 1, 1)):
        enter(page, {"type": "predict", "seat": str(seat), "value": str(value)})
    enter(page, {"type": "play", "seat": "0", "cards": "5C"})
    enter(page, {"type": "end_round"})


def tap_cards(page, form, codes: str) -> None:
    for code in codes.split():
        form.locator(f"label.pick:has(input[value='{code}'])").click()


def test_a_declaration_counts_its_cards_and_a_refused_one_comes_back_filled_in(live_server, phone, shoot):
    host = phone()
    open_table(host, live_server, "Switch To", ["Ann", "Ben", "Cleo"])
    to_declarations(host)
    cleo = host.locator("form:has(input[name=type][value=declare_hand]):has(input[name=seat][value='2'])")
    host.locator("summary", has_text="Cleo").click()  # any seat, in any order
    button = cleo.locator("button.primary")
    expect(cleo.locator(".count")).to_have_text("0 of 8 cards")
    expect(button).to_be_disabled()
    *first, last = HANDS[2].split()
    tap_cards(host, cleo, " ".join(first))
    expect(cleo.locator(".count")).to_have_text("7 of 8 cards")
    expect(button).to_be_disabled()
    cleo.locator(f"label.pick:has(input[value='{last}'])").click()  # the hand's last card sends it
    settled(host)

    expect(host.locator("form:has(input[name=type][value=declare_hand])")).to_have_count(2)  # Ann's, Ben's
    ann = host.locator("form:has(input[name=type][value=declare_hand]):has(input[name=seat][value='0'])")
    expect(ann.locator(".count")).to_have_text("0 of 7 cards")
    shoot(host, "decl-01-declaring-any-seat")


def test_a_refused_play_comes_back_filled_in_and_marked(live_server, phone, shoot):
    host = phone()
    open_table(host, live_server, "Switch To", ["Ann", "Ben", "Cleo"])
    enter(host, {"type": "start_round"})
    for seat, value in enumerate((2, 1, 1)):
        enter(host, {"type": "predict", "seat": str(seat), "value": str(value)})
    enter(host, {"type": "play", "seat": "0", "cards": "5S"})
    play = host.locator("form.play")
    tap_cards(host, play, "3H")  # a single under a 5: refused (ST-R13)
    send_button(play).click()
    settled(host)
    expect(host.locator(".refusal")).to_contain_text("ST-R13")
    play = host.locator("form.play.refused-entry")
    expect(play).to_be_visible()
    expect(play.locator("input[name=cards][type=checkbox]:checked")).to_have_count(1)
    expect(play.locator("input[value='3H']")).to_be_checked()
    shoot(host, "decl-02-refused-play-filled-in")
    # only what is wrong changes: a second 3 makes it two cards with one under 5
    tap_cards(host, play, "3D")
    send_button(play).click()
    settled(host)
    expect(host.locator(".refusal")).to_have_count(0)
    expect(host.locator(".top")).to_contain_text("3")
