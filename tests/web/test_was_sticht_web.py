"""Was Sticht through the API and the pages: a whole round, and the secrets that never leave."""
from __future__ import annotations

import re

from tests.games.test_was_sticht import COLUMNS_85, TRICKS_85, _entries

from .api_driver import TableDriver
from .test_pages import Phone, text

A, B, C, D = 0, 1, 2, 3
CHIPS = {A: ["NONE", "LAST", "EXACT_2", "NO_R", "FEWEST"], B: ["MOST", "NONE", "EXACT_3", "NO_B", "FEWEST"],
         C: ["EXACT_1", "NONE", "MOST", "NO_G", "EXACT_4"], D: ["LAST", "EXACT_1", "MOST", "NO_Y", "EXACT_2"]}


def drafted_chips(client) -> TableDriver:
    table = TableDriver(client, "was-sticht", ["A", "B", "C", "D"])
    table.enter({"type": "first_dealer", "seat": A})
    for round_ in range(5):
        for seat in (A, B, C, D):
            table.enter({"type": "chip_pick", "chip": CHIPS[seat][round_]}, by=seat)
    return table


def test_a_whole_round_through_the_api(client):
    table = drafted_chips(client)
    refused = table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=B, expect=403)
    assert refused["error"]["rule"] == "WS-T1"
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    for picks, hint in COLUMNS_85:
        for seat, card in _entries(picks):
            table.enter({"type": "pick", "card": card}, by=seat)
        assert table.state(by=A)["hint_for_dealer"] == hint
        table.enter({"type": "announce_hint"}, by=A)
    table.enter({"type": "reveal"}, by=A)
    for seat, chip in ((B, "MOST"), (C, "EXACT_1"), (D, "LAST")):
        table.enter({"type": "choose_task", "chip": chip}, by=seat)
    for plays, winner in TRICKS_85:
        for seat, card in _entries(plays):
            state = table.enter({"type": "play", "card": card}, by=seat)["state"]
    assert state["phase"] == "flip" and state["result"]["success"] == {"1": False, "2": True, "3": False}
    error = table.enter({"type": "play", "card": "B3"}, by=A, expect=422)["error"]
    assert error["rule"] == "WS-P1"
    state = table.enter({"type": "dealer_flip", "chip": "LAST"}, by=A)["state"]
    assert [p["completed"] for p in state["players"]] == [1, 0, 1, 0] and state["dealer"] == B


def _everything_seen_by(client, table, seat) -> str:
    """All a seat's phone can read: the board as JSON and HTML, and the history."""
    board = client.get(f"/api/tables/{table.code}", headers=table.auth(seat)).get_data(as_text=True)
    history = client.get(f"/api/tables/{table.code}/history").get_data(as_text=True)
    return board + history


def test_secrets_never_reach_another_seat(app, client):
    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "G", "number": "7"}, by=A)
    for seat in (B, C, D, "host"):
        seen = _everything_seen_by(client, table, seat)
        assert '"trumps":null' in seen.replace(" ", "") and '"G","7"' not in seen and "G/7" not in seen
    assert '"trumps":["G","7"]' in _everything_seen_by(client, table, A).replace(" ", "")

    phone = Phone(app)
    phone.code = table.code
    phone.client.set_cookie(f"rt_{table.code}", table.tokens[B], path=f"/t/{table.code}")
    page = phone.look()
    assert "secret trumps" not in page and "green / 7" not in page

    for picks, _ in COLUMNS_85:
        for seat, card in _entries(picks):
            table.enter({"type": "pick", "card": card}, by=seat)
        table.enter({"type": "announce_hint"}, by=A)
    table.enter({"type": "reveal"}, by=A)
    table.enter({"type": "choose_task", "chip": "EXACT_3"}, by=B)
    for seat in (A, C, D, "host"):
        players = table.state(by=seat)["players"]
        assert players[B]["task"] is None and players[B]["task_chosen"]
    history = client.get(f"/api/tables/{table.code}/history").json["entries"]
    assert history[-1]["description"] == "B chose a task"
    assert table.state(by=B)["players"][B]["task"] == 2


def test_a_draft_pick_through_the_page_is_one_tap(app, client):
    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    phone = Phone(app)
    phone.code = table.code
    phone.client.set_cookie(f"rt_{table.code}", table.tokens[B], path=f"/t/{table.code}")
    page = phone.look()
    assert "B</strong> picks" in page and 'name="card" value="G7"' in page
    page = text(phone.enter({"type": "pick", "seat": "1", "card": "G7"}))
    assert re.search(r'value="G7"\s+disabled', page)
