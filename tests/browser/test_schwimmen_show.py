"""Laying down 31 on a one-phone Schwimmen table (issue 27): the host's phone enters for everyone,
so the show form asks who shows. The player who has just exchanged is asked first, the cards that
player is known to hold (taken from the centre) are ticked already, and the third card sends it:
three touches or fewer, scrolls counted."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOTS
from .helpers import open_table, settled
from .test_schwimmen_words import CLIPPED, tap_cards

pytestmark = pytest.mark.browser

GAME = "schwimmen"


def ben_takes_the_ace(host) -> None:
    """Classic rules (a show at any time), Ann deals and keeps, the centre is A♥ 9♣ 8♦, and Ben
    swaps his 7♠ for the A♥: the app knows one of Ben's cards."""
    host.locator("form.act button[name=seat][value='0']").click()
    settled(host)
    host.locator("form.act button[name=choice][value=keep]").click()
    settled(host)
    for code in ("AH", "9C", "8D"):
        host.locator(f"form.act label.pick:has(input[value='{code}'])").click()  # the third sends it
    expect(host.locator("form.swap")).to_be_visible()
    tap_cards(host, "swap", "7S")
    host.locator(".action-bar button[name=take][value='AH']").click()
    settled(host)
    expect(host.locator(".players li", has_text="Ben")).to_contain_text("A♥")


def test_showing_31_on_one_phone_in_three_touches(live_server, phone, taps, shoot):
    host = phone()
    open_table(host, live_server, "Schwimmen", ["Ann", "Ben"], {"preset": "classic", "lives": "1"})
    ben_takes_the_ace(host)
    host.evaluate("window.scrollTo(0, 0)")
    shoot(host, "sc-show-before")
    with taps.entry(GAME, "showing 31 on a one-phone table"):
        taps.tap(host.locator(".action-bar .show-31"))  # "Show 31" opens the form at its cards
        seat = host.locator("details.show label.chip:has(input[name=seat][value='1'])")
        if not seat.locator("input").is_checked():
            taps.tap(seat)
        form = host.locator("details.show form")
        for code in ("AH", "QH", "10H"):  # the ace Ben took is ticked already
            if not form.locator(f"input[value='{code}']").is_checked():
                taps.tap(form.locator(f"label.pick:has(input[value='{code}'])"))
        taps.tap_if_shown(form.locator("button.primary"))
    expect(host.locator(".players li", has_text="Ben")).to_contain_text("10♥Q♥A♥")  # shown: on the table


@pytest.mark.parametrize("language,dark", [("en", True), ("de", False), ("de", True), ("ja", False)])
def test_the_seat_chosen_brings_its_known_cards(live_server, phone, shoot, language, dark):
    """Another seat chosen: the first one's known cards are cleared, the new one's ticked. The
    bar's words fit in every language (German's "Schieben" and "31 zeigen" too)."""
    host = phone()
    if dark:
        host.emulate_media(color_scheme="dark")
    open_table(host, live_server, "Schwimmen", ["Ann", "Ben"], {"preset": "classic", "lives": "1"})
    ben_takes_the_ace(host)
    host.set_extra_http_headers({"Accept-Language": language})
    host.reload()
    assert host.evaluate(CLIPPED) == []
    host.locator(".action-bar .show-31").click()
    form = host.locator("details.show form")
    host.screenshot(path=str(SCREENSHOTS / f"sc-show-{language}{'-dark' if dark else ''}.png"))
    expect(form.locator("input[name=seat][value='1']")).to_be_checked()
    expect(form.locator("input[value='AH']")).to_be_checked()
    form.locator("label.chip:has(input[name=seat][value='0'])").click()  # Ann: nothing of hers is known
    expect(form.locator("input[value='AH']")).not_to_be_checked()
    expect(form.locator("[data-count-done]")).to_have_text("0")
    form.locator("label.chip:has(input[name=seat][value='1'])").click()
    expect(form.locator("input[value='AH']")).to_be_checked()
    expect(form.locator("[data-count-done]")).to_have_text("1")
