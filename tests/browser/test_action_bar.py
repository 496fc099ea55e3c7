"""The shape of a table page (issue 15) on a 390×844 phone: the entry of the moment is in the
action bar at the bottom of the screen, in sight without scrolling, in every game; the seat whose
turn it is sees "Your turn" on its own phone, which vibrates once per turn, not once per refresh."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import IN_SIGHT, assert_accessible, caught_up, join, open_table, settled
from .test_schwimmen_game import tap_cards as schwimmen_cards
from .test_swoop_game import face_up

pytestmark = pytest.mark.browser

LIVE = 6_000


def in_the_bar_in_sight(page, name: str) -> None:
    """The button ``name`` is in the action bar, the bar sits at the bottom of the screen, and the
    button is wholly on screen as the board opens: no scroll needed to reach it."""
    page.evaluate("window.scrollTo(0, 0)")
    button = page.locator(".action-bar").get_by_role("button", name=name).first
    expect(button).to_be_visible()
    assert button.evaluate(IN_SIGHT), f"{name!r} is not on screen without scrolling"
    bar_bottom = page.locator(".action-bar").evaluate("(bar) => bar.getBoundingClientRect().bottom")
    assert abs(bar_bottom - page.evaluate("innerHeight")) <= 1, "the action bar is not at the bottom of the screen"


class NoTaps:
    """The games' own helpers count taps; here only the screen is looked at."""

    def tap(self, locator):
        locator.click()
        settled(locator.page)

    def tap_if_shown(self, locator):
        settled(locator.page)
        if locator.count() and locator.is_visible():
            self.tap(locator)

    def entry(self, *_):
        import contextlib

        return contextlib.nullcontext()


def test_switch_to_play_and_pass_are_in_the_bar(live_server, phone):
    host = phone()
    open_table(host, live_server, "Switch To", ["Ann", "Ben"])
    in_the_bar_in_sight(host, "Start round 1")
    host.locator(".action-bar").get_by_role("button", name="Start round 1").click()
    settled(host)
    for seat in (0, 1):
        host.locator(f"form.predict:has(input[name=seat][value='{seat}']) button[value='1']").click()
        settled(host)
    host.locator("form.act").get_by_role("button", name="Ann", exact=True).click()
    settled(host)
    in_the_bar_in_sight(host, "Play")
    in_the_bar_in_sight(host, "Pass")
    assert host.locator("form.play label.pick").last.evaluate(IN_SIGHT), "the cards to tap are below the fold"
    assert_accessible(host, "switch-to, the action bar")


def test_swoop_play_and_pick_up_are_in_the_bar(live_server, phone):
    host = phone()
    open_table(host, live_server, "Swoop", ["Ann", "Ben", "Cem"], {"target": 1, "chain_swoops": "false"})
    taps = NoTaps()
    for seat, ranks in enumerate(("2345", "6789", "6789")):
        face_up(taps, host, seat, ranks)
    host.locator("form.act").get_by_role("button", name="Ann").click()
    settled(host)
    in_the_bar_in_sight(host, "Play")
    host.locator("form.play label.chip:has(input[name=rank][value='5'])").click()
    host.locator(".action-bar").get_by_role("button", name="Play").click()
    settled(host)
    in_the_bar_in_sight(host, "Pick up the pile (1)")


def test_schwimmen_swap_pass_and_close_are_in_the_bar(live_server, phone):
    host = phone()
    open_table(host, live_server, "Schwimmen", ["Ann", "Ben"], {"lives": 1})
    host.locator("form.act button[name=seat][value='0']").click()
    settled(host)
    in_the_bar_in_sight(host, "Keep the hand")
    host.locator(".action-bar button[name=choice][value=keep]").click()
    settled(host)
    schwimmen_cards(NoTaps(), host, "act", "7C", "8C", "9C")
    settled(host)
    in_the_bar_in_sight(host, "take 9 of clubs")
    in_the_bar_in_sight(host, "Pass")


def test_switch16_discard_and_stop_are_in_the_bar(live_server, phone):
    host = phone()
    open_table(host, live_server, "Switch 16", ["Ann", "Ben"])
    host.locator("form.act button[name=seat][value='0']").click()
    settled(host)
    in_the_bar_in_sight(host, "Enter the roll")
    roll = host.locator("form.roll")
    for i, value in enumerate((1, 1, 1)):
        roll.locator(f"label.chip:has(input[name='dice#{i}'][value='{value}'])").click()
    settled(host)
    in_the_bar_in_sight(host, "Discard card")
    in_the_bar_in_sight(host, "Stop, end Ann's turn")


def test_your_turn_on_your_own_phone_once_per_turn(live_server, phone):
    host, ann = phone(), phone()
    ann.add_init_script(
        "window.vibrations = []; navigator.vibrate = (p) => { window.vibrations.push(p); return true; };"
    )
    open_table(host, live_server, "Switch To", ["Ann", "Ben"])
    join(ann, host.url, "Ann")
    host.locator(".action-bar").get_by_role("button", name="Start round 1").click()
    settled(host)
    ann.locator("form.predict button[value='3']").click()  # three play tokens each: the round goes on
    settled(ann)
    host.locator("form.predict:has(input[name=seat][value='1']) button[value='3']").click()
    settled(host)
    host.locator("form.act").get_by_role("button", name="Ben", exact=True).click()  # Ben won rock-paper-scissors
    expect(ann.locator(".action-bar")).to_contain_text("Waiting for Ben", timeout=LIVE)
    expect(ann.locator(".your-turn")).to_have_count(0)
    assert ann.evaluate("window.vibrations.length") == 0

    host.locator("form.play label.pick:has(input[value='5S'])").click()
    host.locator(".action-bar").get_by_role("button", name="Play").click()  # Ben leads 5♠
    expect(ann.locator(".your-turn")).to_have_text("Your turn, Ann", timeout=LIVE)
    expect(host.locator(".your-turn")).to_have_count(0)  # the host's phone is no seat's
    ann.wait_for_function("() => window.vibrations.length >= 1", timeout=LIVE)
    assert ann.evaluate("window.vibrations.length") == 1
    seq = ann.locator("#board").get_attribute("data-seq")
    ann.evaluate("htmx.trigger('#board', 'refresh')")  # the board fetched again: the same turn
    settled(ann)
    expect(ann.locator("#board")).to_have_attribute("data-seq", seq)
    expect(ann.locator(".your-turn")).to_be_visible()
    assert ann.evaluate("window.vibrations.length") == 1

    ann.locator("form.play label.pick:has(input[value='7H'])").click()
    ann.locator(".action-bar").get_by_role("button", name="Play").click()
    settled(ann)
    expect(ann.locator(".your-turn")).to_have_count(0)
    caught_up(host, ann)
    expect(host.locator(".round-strip")).to_contain_text("Turn: Ben")
    host.locator(".action-bar form.pass button").first.click()  # Ben passes: Ann's turn again
    expect(ann.locator(".your-turn")).to_be_visible(timeout=LIVE)
    ann.wait_for_function("() => window.vibrations.length >= 2", timeout=LIVE)  # once the board settles
    assert ann.evaluate("window.vibrations.length") == 2
