"""What the table must see comes into view on a phone scrolled down (issue 27, the shared flows):
after Undo, the undone line with its "Put it back"; the game's end, when another phone ends it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOTS
from .helpers import IN_SIGHT, open_table, settled
from .test_schwimmen_words import Played
from .test_table_flows import on_phone

pytestmark = pytest.mark.browser

LIVE = 6_000


def test_put_it_back_stays_in_view_after_undo(live_server, phone):
    host = phone()
    open_table(host, live_server, "Schwimmen", ["Ann", "Ben"], {"lives": "1"})
    host.locator("form.act button[name=seat][value='0']").click()
    host.locator("form.act button[name=choice][value=keep]").click()
    for code in ("7C", "8C", "9C"):  # the third card sends the centre
        host.locator(f"form.act label.pick:has(input[value='{code}'])").click()
    expect(host.locator("form.swap")).to_be_visible()
    host.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # down at the cards and the bar
    host.locator(".action-bar").get_by_role("button", name="↶ Undo").click()
    settled(host)
    put_back = host.get_by_role("button", name="Put it back")
    expect(put_back).to_be_visible()
    # The board scrolls it into sight once the swap settles: wait for that, not a fixed moment.
    host.wait_for_function(f"() => ({IN_SIGHT})(document.querySelector('.last button.primary'))", timeout=LIVE)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_game_over_comes_into_view_on_a_phone_scrolled_down(live_server, browser, scheme):
    table = Played(live_server, ["Ann", "Ben"], {"lives": "0"})
    table.play(type="first_dealer", seat=0)
    table.play(type="dealer_choice", choice="keep")
    table.play(type="lay_centre", cards="7C 8C 9C")
    table.play(type="swap_one", seat=1, give="7S", take="9C")
    table.play(type="close", seat=0)
    table.play(type="pass", seat=1)
    table.play(type="reveal", seat=1, cards="AC KC 9C")
    context, page = on_phone(browser, live_server, table.code, table.host, scheme)
    try:
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        table.play(type="reveal", seat=0, cards="AH KH 8H")  # on another phone: the game ends
        over = page.locator(".game-over")
        expect(over).to_be_visible(timeout=LIVE)
        page.wait_for_function(
            "() => { const r = document.querySelector('.game-over').getBoundingClientRect();"
            " return r.top >= 0 && r.top < innerHeight / 2; }",
            timeout=LIVE,
        )
        page.screenshot(path=str(SCREENSHOTS / f"game-over-in-view-{scheme}.png"))
    finally:
        context.close()


def test_the_hosts_join_code_is_above_the_fold(live_server, phone, shoot):
    host = phone()
    open_table(host, live_server, "Switch To", ["Ann", "Ben", "Cem"])
    qr = host.locator("details.join img.qr")
    expect(qr).to_be_visible()
    host.evaluate("window.scrollTo(0, 0)")
    assert qr.evaluate(IN_SIGHT), "the join QR code is below the fold"
    host.screenshot(path=str(SCREENSHOTS / "host-first-screen.png"))


@pytest.mark.parametrize("game", ["Swoop", "Schwimmen"])
def test_open_the_table_is_in_reach_with_the_house_rules_open(live_server, phone, game):
    page = phone()
    page.goto(live_server + "/")
    page.locator("nav.games").get_by_role("link", name=game).click()
    page.locator("details.house-rules summary").click()
    options = page.locator("details.house-rules fieldset.option")
    options.nth(2).evaluate("(el) => el.scrollIntoView({block: 'start'})")  # reading the house rules
    open_button = page.get_by_role("button", name="Open the table")
    assert open_button.evaluate(IN_SIGHT), "'Open the table' is screens down"
    page.screenshot(path=str(SCREENSHOTS / f"new-table-house-rules-{game}.png"))
