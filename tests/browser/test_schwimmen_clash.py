"""A card entered in two hands at a Schwimmen showdown (SC-C2), fixed on the host's phone in real
Chromium at 390×844 (issue 27): the board links each hand of the clash to its correction, the
hand comes filled in as it was entered, and one card changed sends it. Before, the host went
through History and picked three cards from an empty 32-card grid (History, Correct, three
cards, send: 6 taps). The board then says the correction once, with both hands and the clash it
settled."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import settled
from .test_history_pad import Api, host_phone

pytestmark = pytest.mark.browser

A, B, C = 0, 1, 2
GAME = "schwimmen"


def clash_at_the_showdown(live_server: str) -> Api:
    """Ann closes, the others pass; J♣ is entered in Ann's hand and in Ben's (Cem reveals before Ben)."""
    table = Api(live_server, "schwimmen", ["Ann", "Ben", "Cem"], {"preset": "classic", "first_turn_close": "allowed"})
    for action in (
        {"type": "first_dealer", "seat": C},
        {"type": "dealer_choice", "seat": C, "choice": "keep"},
        {"type": "lay_centre", "cards": "7C 8C 9C"},
        {"type": "close", "seat": A},
        {"type": "pass", "seat": B},
        {"type": "pass", "seat": C},
        {"type": "reveal", "seat": A, "cards": "JC QC KC"},
        {"type": "reveal", "seat": C, "cards": "AH KH 7S"},
        {"type": "reveal", "seat": B, "cards": "JC 10D 7D"},
    ):
        table.enter(action)
    return table


def test_a_clash_is_fixed_from_the_board_in_three_touches(live_server, browser, taps, shoot):
    table = clash_at_the_showdown(live_server)
    context, page = host_phone(browser, live_server, table)
    try:
        page.goto(f"{live_server}/t/{table.code}")
        with taps.entry(GAME, "correcting a card entered in two hands"):
            taps.tap(page.get_by_role("link", name="Correct Ben's hand"))
            form = page.locator("form.act.reveal")
            expect(form.locator("input[name=seat]")).to_have_value(str(B))
            for code in ("JC", "10D", "7D"):  # Ben's hand as entered
                expect(form.locator(f"input[value='{code}']")).to_be_checked()
            shoot(page, "sc-clash-correcting-en-light")
            taps.tap(form.locator("label.pick:has(input[value='JC'])"))  # J♣ off
            taps.tap(form.locator("label.pick:has(input[value='9D'])"))  # 9♦ on: the third card sends it
            taps.tap_if_shown(form.locator("button.primary"))
        page.wait_for_url(f"{live_server}/t/{table.code}")
        settled(page)
        corrected = page.locator(".note.corrected")
        expect(corrected).to_have_text(
            "Corrected by the host: Ben J♣ 10♦ 7♦ → 9♦ 10♦ 7♦. SC-C2: J♣ was entered in both Ann's and Ben's hands."
        )
        expect(page.locator("#board")).not_to_contain_text("Last:")  # said once
        expect(page.locator(".status .clash")).to_have_count(0)
    finally:
        context.close()


@pytest.mark.parametrize(
    "language,scheme", [("en", "dark"), ("de", "light"), ("de", "dark"), ("ja", "light"), ("ja", "dark")]
)
def test_the_clash_and_its_correction_read_in_every_language(live_server, browser, shoot, language, scheme):
    table = clash_at_the_showdown(live_server)
    context, page = host_phone(browser, live_server, table, language, color_scheme=scheme)
    try:
        page.goto(f"{live_server}/t/{table.code}")
        links = page.locator(".status .settle a.btn")
        expect(links).to_have_count(2)
        for n in range(2):  # nothing clipped: each button holds its words
            assert links.nth(n).evaluate("(el) => el.scrollWidth <= el.clientWidth + 1")
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        shoot(page, f"sc-clash-board-{language}-{scheme}")
        links.nth(1).click()
        expect(page.locator("form.act.reveal input[value='JC']")).to_be_checked()
        shoot(page, f"sc-clash-correcting-{language}-{scheme}")
        page.locator("form.act.reveal label.pick:has(input[value='JC'])").click()
        page.locator("form.act.reveal label.pick:has(input[value='9D'])").click()
        page.wait_for_url(f"{live_server}/t/{table.code}")
        expect(page.locator(".note.corrected")).to_contain_text("9♦ 10♦ 7♦")
        shoot(page, f"sc-clash-corrected-{language}-{scheme}")
        page.goto(f"{live_server}/t/{table.code}/history")
        expect(page.locator(".history")).to_contain_text("9♦ 10♦ 7♦")
        shoot(page, f"sc-clash-history-{language}-{scheme}")
    finally:
        context.close()
