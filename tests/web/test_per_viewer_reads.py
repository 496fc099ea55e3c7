"""Every read answer is the table as its viewer may know it (issue 25 item 7): Was Sticht's
picks and tricks the board hides with ``open_record = no`` are hidden from History, the API's
history and the JSON export too, for a watcher and for another seat, and shown to the seat
that holds the cards, to the host (whose board shows every hand) and once the record is open."""

from __future__ import annotations

import re
import secrets

import pytest

from referee.table import codes
from tests.helpers import without_codes
from tests.games.was_sticht_examples import A, B, C, COLUMNS_85, TRICKS_85, D, drafted_chips, seat_cards


def _read_paths(client, table, by) -> dict[str, str]:
    """The answers that tell the log's lines to a phone (``by``: a seat, "host", or None for no
    credential). The board's own hiding is the noninterference test's (its forms list all 36
    cards, so a card's name on it says nothing)."""
    headers = table.auth(by) if by is not None else {}
    cookie = table.host if by == "host" else table.token(by) if by is not None else None
    if cookie:
        client.set_cookie(f"rt_{table.code}", cookie, path=f"/t/{table.code}")
    else:
        client.delete_cookie(f"rt_{table.code}", path=f"/t/{table.code}")
    paths = {"history page": f"/t/{table.code}/history", "export.json": f"/t/{table.code}/export.json"}
    answers = {name: client.get(url).get_data(as_text=True) for name, url in paths.items()}
    answers["API history"] = client.get(f"/api/tables/{table.code}/history", headers=headers).get_data(as_text=True)
    # the table's codes may spell a card ("…Y5…", see below): the words are what is read
    return {name: without_codes(text, table.code, table.tokens) for name, text in answers.items()}


@pytest.fixture(autouse=True)
def codes_that_spell_cards(monkeypatch):
    """Every result's code here holds the names of the hidden cards, as one in a hundred random
    ones does: a check of the words must not trip over a code."""
    monkeypatch.setattr(codes, "new_share_code", lambda: f"G7Y5B2R6{secrets.token_hex(4)}")


def _draft(table, columns) -> None:
    for picks, _ in columns:
        for seat, card in seat_cards(picks):
            table.enter({"type": "pick", "card": card}, by=seat)
        table.enter({"type": "announce_hint"}, by=A)


def _leaks(answers: dict[str, str], cards) -> dict[str, list[str]]:
    return {name: found for name, text in answers.items() if (found := [card for card in cards if card in text])}


@pytest.mark.parametrize("viewer", [None, C], ids=["watcher", "another seat"])
def test_picks_of_columns_done_stay_hidden_while_the_record_is_closed(client, viewer):
    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    _draft(table, COLUMNS_85[:1])  # column 1: B G7, C R6, D Y5, A B2 — now out of sight
    table.enter({"type": "pick", "card": "Y1"}, by=C)  # column 2 in progress: on every board
    hidden = ["G7", "Y5", "B2"]  # B's, D's and A's picks in column 1
    answers = _read_paths(client, table, viewer)
    assert _leaks(answers, hidden) == {}
    assert "Y1" in answers["history page"] and "Y1" in answers["API history"]
    assert "B picked a card" in answers["history page"] and "B picked a card" in answers["API history"]
    if viewer == C:  # its own pick it holds in its hand
        assert all("R6" in answers[name] for name in ("history page", "API history", "export.json"))


def test_the_seat_itself_and_the_host_read_what_their_boards_show(client):
    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    _draft(table, COLUMNS_85[:1])
    seen_by_b = _read_paths(client, table, B)
    assert "G7" in seen_by_b["history page"] and "G7" in seen_by_b["export.json"]
    assert _leaks(seen_by_b, ["Y5", "B2"]) == {}
    seen_by_host = _read_paths(client, table, "host")
    assert all(card in seen_by_host["API history"] for card in ("G7", "R6", "Y5", "B2"))


def test_tricks_before_the_last_stay_hidden_and_all_shows_after_the_round(client):
    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    _draft(table, COLUMNS_85)
    table.enter({"type": "reveal"}, by=A)
    for seat, chip in ((B, "MOST"), (C, "EXACT_1"), (D, "LAST")):
        table.enter({"type": "choose_task", "chip": chip}, by=seat)
    for plays, _ in TRICKS_85[:3]:
        for seat, card in seat_cards(plays):
            table.enter({"type": "play", "card": card}, by=seat)
    for seat, card in seat_cards(TRICKS_85[3][0])[:2]:
        table.enter({"type": "play", "card": card}, by=seat)
    answers = _read_paths(client, table, None)
    assert _leaks(answers, ["R7", "R6", "R8", "R3", "Y5", "R9", "Y9", "Y2"]) == {}  # tricks 1 and 2
    assert all(card in answers["API history"] for card in ("R5", "R2", "B8", "Y4", "G9", "G6"))  # 3, and 4 so far
    assert "B played a card" in answers["history page"]
    for seat, card in seat_cards(TRICKS_85[3][0])[2:]:
        table.enter({"type": "play", "card": card}, by=seat)
    for plays, _ in TRICKS_85[4:]:
        for seat, card in seat_cards(plays):
            table.enter({"type": "play", "card": card}, by=seat)
    answers = _read_paths(client, table, None)
    assert all(
        card in answers["history page"] and card in answers["export.json"]
        for card in ("G7", "R6", "Y5", "B2", "R7", "R8", "R3")
    )


def test_an_open_record_hides_nothing(client):
    table = drafted_chips(client, {"open_record": "yes"})
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    _draft(table, COLUMNS_85[:1])
    answers = _read_paths(client, table, None)
    assert all(card in answers[name] for card in ("G7", "Y5", "B2") for name in ("history page", "export.json"))


def test_a_correction_of_a_hidden_pick_says_it_as_the_board_does(client):
    """The host corrects Ben's pick in column 1 once column 2 is under way: the correction's
    line in History, the API's history, the export and the board's "Corrected:" note name no
    card to a watcher or another seat (issue 25 item 7)."""
    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    _draft(table, COLUMNS_85[:1])
    table.enter({"type": "pick", "card": "Y1"}, by=C)
    entries = client.get(f"/api/tables/{table.code}/history", headers=table.auth("host")).json["entries"]
    target = next(e["seq"] for e in entries if e["description"] == "B picked G7")
    body = {
        "entry": target,
        "action": {"type": "pick", "seat": B, "card": "G1"},
        "expected_seq": table.seq,
        "key": "a-correction",
    }
    corrected = client.post(f"/api/tables/{table.code}/corrections", json=body, headers=table.auth("host"))
    assert corrected.status_code == 200, corrected.json
    for viewer in (None, C):
        answers = _read_paths(client, table, viewer)
        board = client.get(f"/t/{table.code}" + ("?watch=1" if viewer is None else "")).get_data(as_text=True)
        answers["board's note"] = re.search(r'<p class="note corrected".*?</p>', board, re.S).group(0)
        assert _leaks(answers, ["G7", "G1"]) == {}
        assert "“B picked a card”" in answers["board's note"]
    assert "G1" in _read_paths(client, table, B)["API history"]
