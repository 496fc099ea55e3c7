"""Schwimmen's words on a phone at 390×844 (issue 16): no button clips its text in German (the
"… nehmen" take buttons, the pass and close buttons), German cards print B, D, K, and the
showdown says who lost and why, light and dark. Issue 27: the "Last:" line prints German cards
too, the tags and the places read as German."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOTS
from .helpers import open_table
from .test_table_flows import Api, on_phone

pytestmark = pytest.mark.browser

CLIPPED = """() => [...document.querySelectorAll('#board .btn, #board button')]
  .filter(b => b.offsetParent && (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1
                                  || b.getBoundingClientRect().right > document.documentElement.clientWidth))
  .map(b => b.textContent.trim())"""


def tap_cards(page, form: str, *codes: str) -> None:
    for code in codes:
        page.locator(f"form.{form} label.pick:has(input[value='{code}'])").click()


def test_no_button_clips_its_german_words(live_server, phone, shoot):
    host = phone()
    open_table(host, live_server, "Schwimmen", ["Annelie", "Bernhard", "Cem"], {"lives": "1"})
    host.get_by_role("link", name="DE", exact=True).click()  # the switch: a lasting choice
    host.locator("form.act button[name=seat][value='2']").click()
    host.locator("form.act button[name=choice][value=keep]").click()
    tap_cards(host, "act", "10C", "JC", "QC")  # the third card sends it
    expect(host.locator("form.swap")).to_be_visible()
    expect(host.locator(".action-bar button[name=take][value=JC]")).to_contain_text("B♣")
    assert host.evaluate(CLIPPED) == []
    shoot(host, "sc-de-swap")
    host.emulate_media(color_scheme="dark")
    shoot(host, "sc-de-swap-dark")
    host.emulate_media(color_scheme="light")


class Played(Api):
    """A Schwimmen table opened with house rules, played through the JSON API by the host."""

    def __init__(self, base: str, players: list[str], options: dict):
        self.base = base
        opened = self.call("/api/tables", {"game": "schwimmen", "players": players, "options": options})
        self.code, self.seq, self.host = opened["code"], opened["seq"], opened["host_token"]

    def play(self, **action) -> dict:
        return self.enter(action, self.host)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_german_cards_tags_and_places_read_as_german(live_server, browser, scheme):
    """Issue 27: the "Last:" line printed J♠ where the board prints B♠; the dealer's and the
    closer's tags read "Ann gibt zu" side by side; the places read "raus Leben" and "0 Leben"."""
    table = Played(live_server, ["Ann", "Ben"], {"lives": "0"})
    table.play(type="first_dealer", seat=0)
    table.play(type="dealer_choice", choice="keep")
    table.play(type="lay_centre", cards="7C 8C 9C")
    table.play(type="swap_one", seat=1, give="JS", take="9C")
    context, page = on_phone(browser, live_server, table.code, table.host, scheme, "de-DE")
    try:
        expect(page.locator(".last-line")).to_contain_text("B♠")
        expect(page.locator(".last-line")).not_to_contain_text("J♠")
        table.play(type="close", seat=0)
        page.reload()
        ann = page.locator(".players li", has_text="Ann").locator(".name")
        expect(ann).to_contain_text("Geber")
        expect(ann).not_to_contain_text("gibt zu")
        page.screenshot(path=str(SCREENSHOTS / f"sc-de-tags-{scheme}.png"))
        table.play(type="pass", seat=1)
        table.play(type="reveal", seat=1, cards="AC KC 9C")
        table.play(type="reveal", seat=0, cards="AH KH 8H")
        page.reload()
        places = page.locator(".game-over .places")
        expect(places.locator("li", has_text="Ann")).to_contain_text("raus")
        expect(places.locator("li", has_text="Ann")).not_to_contain_text("Leben")
        expect(places.locator("li", has_text="Ben")).to_contain_text("0 Leben übrig")
        page.screenshot(path=str(SCREENSHOTS / f"sc-de-places-{scheme}.png"))
    finally:
        context.close()


@pytest.mark.parametrize(
    "locale,scheme", [("de-DE", "light"), ("de-DE", "dark"), ("en-GB", "light"), ("ja-JP", "light"), ("ja-JP", "dark")]
)
def test_pass_show_and_close_fit_their_buttons_beside_three_takes(live_server, browser, locale, scheme):
    """Issue 27: at 390 px German "Schieben" overflowed its button (79 px of text in 70) and so did
    "Zumachen (klopfen)", squeezed into the second row beside a take button. The three takes
    share a row with Undo as its arrow; pass, show and close have the next."""
    table = Played(live_server, ["Ann", "Ben"], {"preset": "classic", "first_turn_close": "allowed", "lives": "1"})
    table.play(type="first_dealer", seat=0)
    table.play(type="dealer_choice", choice="keep")
    table.play(type="lay_centre", cards="7C 8C 9C")
    context, page = on_phone(browser, live_server, table.code, table.host, scheme, locale)
    try:
        bar = page.locator(".action-bar")
        expect(bar.locator(".btn.take")).to_have_count(3)
        expect(bar.locator(".btn.show-31")).to_be_visible()
        assert page.evaluate(CLIPPED) == []
        rows = {round(bar.locator(".btn.take").nth(n).bounding_box()["y"]) for n in range(3)}
        assert len(rows) == 1  # the takes in one row
        undo = bar.get_by_role("button", name="↶")
        assert round(undo.bounding_box()["y"]) in rows
        page.screenshot(path=str(SCREENSHOTS / f"sc-bar-pass-{locale[:2]}-{scheme}.png"))
    finally:
        context.close()
