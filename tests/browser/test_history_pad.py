"""History as a score pad and game over with its reason, on real phones (issue 15): the times
in the phone's own clock, a heading per round, revealed values, light and dark, in German and
Japanese, axe-clean; screenshots at 390x844 for a person to look at."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
import uuid
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import expect

from .helpers import PHONE, assert_accessible

pytestmark = pytest.mark.browser

A, B, C = 0, 1, 2


class Api:
    """A table played through the live server's JSON API, as the host."""

    def __init__(self, live_server: str, game: str, players: list[str], options: dict | None = None):
        self.base = live_server
        opened = self.call("POST", "/api/tables", {"game": game, "players": players, "options": options or {}})
        self.code, self.host, self.seq = opened["code"], opened["host_token"], opened["seq"]

    def call(self, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
        headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
        request = urllib.request.Request(
            self.base + path,
            method=method,
            headers=headers,
            data=json.dumps(body).encode() if body is not None else None,
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as refused:
            raise AssertionError(f"{path} {body}: {refused.read().decode()}") from None

    def enter(self, action: dict) -> dict:
        answer = self.call(
            "POST",
            f"/api/tables/{self.code}/plays",
            {"action": action, "expected_seq": self.seq, "key": uuid.uuid4().hex},
            self.host,
        )
        self.seq = answer["seq"]
        return answer["state"]


def switch_to_in_round_2(live_server: str) -> Api:
    """Round 1 scored (Ann -24, Ben -40), round 2 predicted: 2 players, 2 rounds."""
    table = Api(live_server, "switch-to", ["Ann", "Ben"])
    for action in (
        {"type": "start_round", "removed_suit": "C"},
        {"type": "predict", "seat": B, "value": 3},
        {"type": "predict", "seat": B, "value": 2},
        {"type": "predict", "seat": A, "value": 1},
        {"type": "play", "seat": B, "cards": "2H 3H"},
        {"type": "pass", "seat": A},
        {"type": "play", "seat": B, "cards": "9D"},
        {"type": "pass", "seat": A, "flip": "play_to_wild"},
        {"type": "declare_hand", "seat": A, "cards": "2S 2D 3S 3D 4S 4D 5S 5D"},
        {"type": "declare_hand", "seat": B, "cards": "4H 5H 6H 7H 8H"},
        {"type": "start_round", "removed_suit": "D"},
        {"type": "predict", "seat": A, "value": 4},
        {"type": "predict", "seat": B, "value": 2},
    ):
        table.enter(action)
    return table


def schwimmen_after_a_showdown(live_server: str) -> Api:
    table = Api(live_server, "schwimmen", ["Ann", "Ben", "Cem"], {"preset": "classic", "lives": "1"})
    for action in (
        {"type": "first_dealer", "seat": C},
        {"type": "dealer_choice", "seat": C, "choice": "exchange"},
        {"type": "lay_centre", "cards": "7C 8C 9C"},
        {"type": "show", "seat": B, "cards": "AD KD 10D"},
        {"type": "reveal", "seat": A, "cards": "AH KH 7S"},
        {"type": "reveal", "seat": C, "cards": "QS JS 8H"},
    ):
        table.enter(action)
    return table


def switch_to_over(live_server: str) -> Api:
    """A 2-player game over after round 1: Ann at -54."""
    table = Api(live_server, "switch-to", ["Ann", "Ben"])
    for action in (
        {"type": "start_round", "removed_suit": "C"},
        {"type": "predict", "seat": A, "value": 1},
        {"type": "predict", "seat": B, "value": 2},
        {"type": "play", "seat": B, "cards": "2H 3H"},
        {"type": "pass", "seat": A},
        {"type": "play", "seat": B, "cards": "9D"},
        {"type": "pass", "seat": A, "flip": "play_to_wild"},
        {"type": "declare_hand", "seat": A, "cards": "2S 3S 4S 5S 6S 7S 8S 9S"},
        {"type": "declare_hand", "seat": B, "cards": "4H 5H 6H 2D 3D"},
    ):
        table.enter(action)
    return table


def hosting(context, table: Api) -> None:
    """This phone holds the host's pass of ``table``, as the phone that opened it does."""
    context.add_cookies(
        [{"name": f"rt_{table.code}", "value": table.host, "domain": "127.0.0.1", "path": f"/t/{table.code}"}]
    )


def host_phone(browser, live_server: str, table: Api, language: str | None = None, **context):
    phone = browser.new_context(**PHONE, **context)
    hosting(phone, table)
    if language:
        phone.add_cookies([{"name": "lang", "value": language, "domain": "127.0.0.1", "path": "/"}])
    return phone, phone.new_page()


def test_history_times_read_in_the_phone_s_own_clock(live_server, browser):
    table = switch_to_in_round_2(live_server)
    context, page = host_phone(browser, live_server, table, "de", timezone_id="Asia/Tokyo", locale="de-DE")
    try:
        page.goto(f"{live_server}/t/{table.code}/history")
        stamps = page.locator("time[datetime]")
        expect(stamps.first).not_to_contain_text("UTC")  # the script has put it in the phone's clock
        for n in range(stamps.count()):
            at = datetime.fromisoformat(stamps.nth(n).get_attribute("datetime").replace("Z", "+00:00"))
            assert stamps.nth(n).inner_text() == (at + timedelta(hours=9)).strftime("%H:%M")  # Tokyo, no DST
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_history_pad_and_game_over_on_a_phone(live_server, browser, shoot, scheme):
    table = switch_to_in_round_2(live_server)
    context, page = host_phone(browser, live_server, table, color_scheme=scheme)
    try:
        page.goto(f"{live_server}/t/{table.code}/history")
        expect(page.locator(".pad-round h2")).to_have_text(["Round 2", "Round 1"])
        expect(page.locator(".history li", has_text="#13")).to_contain_text("Ben predicted 2")
        changed = page.locator(".history li", has=page.locator(".seq", has_text=re.compile(r"^#2$")))
        expect(changed).to_contain_text("changed: now “Ben predicted 2”")
        assert_accessible(page, f"switch-to history pad ({scheme})")
        shoot(page, f"pad-switch-to-history-{scheme}")
        schwimmen = schwimmen_after_a_showdown(live_server)
        hosting(context, schwimmen)
        page.goto(f"{live_server}/t/{schwimmen.code}/history")
        expect(page.locator(".history li").first).to_contain_text("Cem revealed Q♠ J♠ 8♥")
        expect(page.locator(".history li .settled").first).to_have_text("Cem loses a life: 20, lowest hand")
        assert_accessible(page, f"schwimmen history pad ({scheme})")
        shoot(page, f"pad-schwimmen-history-{scheme}")
        over = switch_to_over(live_server)
        hosting(context, over)
        page.goto(f"{live_server}/t/{over.code}")
        expect(page.locator(".game-over .reason")).to_have_text(re.compile(r"Ann reached −54; −50 ends the game\."))
        page.locator(".game-over").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots() / f"pad-game-over-{scheme}.png"))
    finally:
        context.close()


@pytest.mark.parametrize(
    "language, reason, heading",
    [
        ("de", "Ann hat −54 erreicht; bei −50 ist das Spiel aus.", "Runde 2"),
        ("ja", "Annが−54に達しました。−50でゲーム終了です。", None),
    ],
)
def test_the_pad_and_the_reason_read_in_german_and_japanese(live_server, browser, shoot, language, reason, heading):
    table = switch_to_in_round_2(live_server)
    context, page = host_phone(browser, live_server, table, language)
    try:
        page.goto(f"{live_server}/t/{table.code}/history")
        if heading:
            expect(page.locator(".pad-round h2").first).to_have_text(heading)
        shoot(page, f"pad-switch-to-history-{language}")
        over = switch_to_over(live_server)
        hosting(context, over)
        page.goto(f"{live_server}/t/{over.code}")
        expect(page.locator(".game-over .reason")).to_have_text(reason)
        page.locator(".game-over").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots() / f"pad-game-over-{language}.png"))
    finally:
        context.close()


def screenshots():
    """The screenshots folder (the ``shoot`` fixture saves whole pages; the game-over panel is
    shot where a player sees it, at 390x844)."""
    from .conftest import SCREENSHOTS

    return SCREENSHOTS
