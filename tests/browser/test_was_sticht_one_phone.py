"""Was Sticht on one phone for the whole table in real Chromium at 390×844 (section 3, display
rules): the dealer's trumps and a task, each behind a "Hand the phone to X" cover, one tap to
show. The chip draft, the columns and the reveal go through the JSON API with the host's token
(no seat has a phone of its own); the cover is shot in English, German and Japanese, light and
dark."""

from __future__ import annotations

import json
import urllib.request
import uuid

import pytest
from playwright.sync_api import expect

from tests.games.was_sticht_examples import CHIPS, COLUMNS_85, seat_cards

from .helpers import PHONE, assert_accessible

pytestmark = pytest.mark.browser

LIVE = 6_000  # ms
GAME = "was-sticht"
A, B, C, D = 0, 1, 2, 3


class HostApi:
    """A table opened and entered for everyone through the API, with the host's token only."""

    def __init__(self, base: str):
        self.base = base
        opened = self.call("POST", "/api/tables", {"game": GAME, "players": ["Ann", "Ben", "Cem", "Dan"]})
        self.code, self.host, self.seq = opened["code"], opened["host_token"], opened["seq"]

    def call(self, method, path, body=None):
        request = urllib.request.Request(
            self.base + path,
            method=method,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        if hasattr(self, "host"):
            request.add_header("Authorization", f"Bearer {self.host}")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def enter(self, action):
        with urllib.request.urlopen(f"{self.base}/api/tables/{self.code}", timeout=10) as response:
            seq = json.loads(response.read())["seq"]
        self.call(
            "POST", f"/api/tables/{self.code}/plays", {"action": action, "expected_seq": seq, "key": uuid.uuid4().hex}
        )


def host_page(browser, live_server, api: HostApi, language: str = "en", scheme: str = "light"):
    context = browser.new_context(**PHONE, color_scheme=scheme)
    context.add_cookies(
        [
            {"name": f"rt_{api.code}", "value": api.host, "domain": "127.0.0.1", "path": f"/t/{api.code}"},
            {"name": "lang", "value": language, "domain": "127.0.0.1", "path": "/"},
        ]
    )
    page = context.new_page()
    page.goto(f"{live_server}/t/{api.code}")
    return context, page


def test_the_phone_is_handed_round_for_trumps_and_tasks(live_server, browser, shoot, taps):
    api = HostApi(live_server)
    api.enter({"type": "first_dealer", "seat": A})
    for round_ in range(5):
        for seat in (A, B, C, D):
            api.enter({"type": "chip_pick", "seat": seat, "chip": CHIPS[seat][round_]})

    for language in ("en", "de", "ja"):
        for scheme in ("light", "dark"):
            context, page = host_page(browser, live_server, api, language, scheme)
            expect(page.locator(".cover .btn.primary")).to_be_visible()
            shoot(page, f"ws-cover-{language}-{scheme}")
            context.close()

    context, host = host_page(browser, live_server, api)
    expect(host.locator(".cover")).to_contain_text("Hand the phone to Ann")
    assert host.locator("input[name=colour]").count() == 0  # nothing of Ann's form before the tap
    assert_accessible(host, "was-sticht one phone, cover")
    with taps.entry(GAME, "the dealer's secret trumps on a one-phone table"):
        taps.tap(host.get_by_role("link", name="I am Ann: show"))
        expect(host.locator(".cover.behind")).to_contain_text("Only Ann looks now.")
        shoot(host, "ws-cover-behind")
        taps.tap(host.locator("label.chip:has(input[name=colour][value=G])"))
        taps.tap(host.locator("label.chip:has(input[name=number][value='7'])"))
        taps.tap_if_shown(host.locator("form.act:has(input[value=set_trumps]) button.primary"))
    expect(host.locator(".status")).to_contain_text("column 1")
    assert "secret trumps" not in host.content() and host.locator(".cover").count() == 0

    for picks, _ in COLUMNS_85:
        for seat, card in seat_cards(picks):
            api.enter({"type": "pick", "seat": seat, "card": card})
        api.enter({"type": "announce_hint"})
    api.enter({"type": "reveal"})
    host.reload()
    expect(host.locator(".cover")).to_contain_text("Hand the phone to Ben")
    with taps.entry(GAME, "a task chosen on a one-phone table"):
        taps.tap(host.get_by_role("link", name="I am Ben: show"))
        taps.tap(host.locator("form:has(input[name=type][value=choose_task]) button[value='0']"))
    expect(host.locator(".cover")).to_contain_text("Hand the phone to Cem")
    assert "(chosen:" not in host.content()
    context.close()
