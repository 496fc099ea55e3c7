"""Was Sticht on two phones in real Chromium at 390×844: a draft column and a trick.

The chip draft and the other columns go through the JSON API (as a script would drive a
table); the column and the trick under test are tapped on the dealer's and B's phones.
"""

from __future__ import annotations

import json
import urllib.request
import uuid

import pytest
from playwright.sync_api import expect

from tests.games.was_sticht_examples import CHIPS, COLUMNS_85, TRICKS_85, seat_cards

from .helpers import assert_accessible

pytestmark = pytest.mark.browser

LIVE = 6_000  # ms: how long a phone may take to show a new entry; speed is the bench's to measure, not a test's
GAME = "was-sticht"
A, B, C, D = 0, 1, 2, 3


class Api:
    """A few JSON API calls against the live server."""

    def __init__(self, base: str):
        self.base = base
        opened = self.call("POST", "/api/tables", {"game": "was-sticht", "players": ["Ann", "Ben", "Cem", "Dan"]})
        self.code, self.host = opened["code"], opened["host_token"]
        self.tokens = [
            self.call("POST", f"/api/tables/{self.code}/seats/{s['seat']}/claim", {}, self.host)["token"]
            for s in opened["seats"]
        ]

    def call(self, method, path, body=None, token=None):
        request = urllib.request.Request(
            self.base + path,
            method=method,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def enter(self, action, seat=None):
        token = self.host if seat is None else self.tokens[seat]
        seq = self.seq()
        return self.call(
            "POST",
            f"/api/tables/{self.code}/plays",
            {"action": action, "expected_seq": seq, "key": uuid.uuid4().hex},
            token,
        )

    def seq(self) -> int:
        with urllib.request.urlopen(f"{self.base}/api/tables/{self.code}", timeout=10) as response:
            return json.loads(response.read())["seq"]


def seated(phone, live_server, api, seat):
    page = phone()
    page.context.add_cookies(
        [{"name": f"rt_{api.code}", "value": api.tokens[seat], "domain": "127.0.0.1", "path": f"/t/{api.code}"}]
    )
    page.goto(f"{live_server}/t/{api.code}")
    return page


def card_button(page, code: str):
    return page.locator(f"form.act button[name=card][value={code}]")


def test_a_draft_column_and_a_trick(live_server, phone, shoot, taps):
    api = Api(live_server)
    api.enter({"type": "first_dealer", "seat": A})
    for round_ in range(5):
        for seat in (A, B, C, D):
            api.enter({"type": "chip_pick", "chip": CHIPS[seat][round_]}, seat)
    ann, ben = seated(phone, live_server, api, A), seated(phone, live_server, api, B)

    # The dealer's secret trumps: on Ann's phone only.
    with taps.entry(GAME, "the dealer's secret trumps"):
        taps.tap(ann.locator("label.chip:has(input[name=colour][value=B])"))
        taps.tap(ann.locator("label.chip:has(input[name=number][value='4'])"))
        taps.tap_if_shown(ann.locator("form.act:has(input[value=set_trumps]) button.primary"))
    expect(ann.get_by_text("Your secret trumps")).to_be_visible()
    expect(ben.locator(".status")).to_contain_text("column 1", timeout=LIVE)
    assert "secret trumps" not in ben.content()

    # Column 1, picked in order B, C, D, A: Ben taps on his phone, the others enter by API.
    assert_accessible(ben, "was-sticht seat, picking")
    with taps.entry(GAME, "a typical play (a card picked in the draft)"):
        taps.tap(card_button(ben, "G7"))
    expect(ben.locator(".status")).to_contain_text("Cem", timeout=LIVE)  # recorded: Cem picks next
    for seat, card in seat_cards(COLUMNS_85[0][0])[1:]:
        api.enter({"type": "pick", "card": card}, seat)
    expect(ann.get_by_text("'s card would win")).to_be_visible(timeout=LIVE)
    expect(ann.locator(".act")).to_contain_text("Ann's card would win")
    shoot(ann, "ws-01-dealer-sees-the-hint")
    assert "card would win" not in ben.content()
    ann.get_by_role("button", name="Announce the hint").click()
    expect(ben.locator(".note").first).to_contain_text("Column 1: Ann's card would win", timeout=LIVE)
    shoot(ben, "ws-02-ben-hears-the-hint")

    for picks, _ in COLUMNS_85[1:]:
        for seat, card in seat_cards(picks):
            api.enter({"type": "pick", "card": card}, seat)
        api.enter({"type": "announce_hint"}, A)
    api.enter({"type": "reveal"}, A)
    for seat, chip in ((C, "EXACT_1"), (D, "LAST")):
        api.enter({"type": "choose_task", "chip": chip}, seat)
    expect(ben.locator(".players li", has_text="Dan")).to_contain_text("✓", timeout=LIVE)  # a fresh board
    taps.tap(
        ben.locator("form:has(input[value=choose_task]) button[value='0']")
    )  # MOST: the last choice shows all three
    expect(ben.locator(".status")).to_contain_text("to play", timeout=LIVE)

    # Trick 1: Ben leads R7 from his phone; C, D, A follow; D wins.
    expect(ben.get_by_text("Ben: tap a card")).to_be_visible(timeout=LIVE)
    shoot(ben, "ws-03-ben-leads")
    assert_accessible(ben, "was-sticht seat, leading a trick")
    with taps.entry(GAME, "a typical play (a card played to a trick)"):
        taps.tap(card_button(ben, "R7"))
    expect(ben.locator(".status")).to_contain_text("Cem", timeout=LIVE)
    for seat, card in seat_cards(TRICKS_85[0][0])[1:3]:
        api.enter({"type": "play", "card": card}, seat)
    expect(ann.get_by_text("Ann: tap a card")).to_be_visible(timeout=LIVE)
    taps.tap(card_button(ann, "Y4"))
    expect(ann.locator(".refusal")).to_contain_text("WS-P5")
    taps.tap(card_button(ann, "R3"))
    expect(ben.locator(".trick", has_text="Last trick")).to_contain_text("→ Dan", timeout=LIVE)
    shoot(ben, "ws-04-trick-won")
