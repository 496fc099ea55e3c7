"""Issue 25, writes: one gate decides who may make, replace or remove an entry (``referee.table.gate``).

Item 3: a seat cannot re-open its choice once the table has seen it, by correcting or removing
it any more than by undoing it; the host's correction of it is told on every phone, with both
values. Item 4: the host cannot replace or remove a held seat's hidden entry by a correction
any more than make it. Item 8: the host's phone makes none of a held dealer's own entries.
"""

from __future__ import annotations

import uuid

import pytest

from tests.helpers import Phone

from .api_driver import TableDriver
from .test_undo_keeps_secrets_shown import revealed_was_sticht, schwimmen_at_showdown

A, B, C, D = 0, 1, 2, 3


def correct(table: TableDriver, body: dict, by="host", expect: int = 200) -> dict:
    body = {"expected_seq": table.seq, "key": uuid.uuid4().hex, **body}
    response = table.client.post(f"/api/tables/{table.code}/corrections", json=body, headers=table.auth(by))
    assert response.status_code == expect, response.json
    if response.status_code == 200:
        table.seq = response.json["seq"]
    return response.json


def seq_now(table: TableDriver) -> int:
    return table.board("host")["seq"]


def refused_without_a_move(table: TableDriver, body: dict, by) -> str:
    """The correction is refused 403 with a sentence, and the table does not move."""
    before = seq_now(table)
    error = correct(table, body, by=by, expect=403)["error"]
    assert error["rule"] == "ACCESS" and error["message"]
    assert seq_now(table) == before
    return error["message"]


def history_words(table: TableDriver, by) -> list[str]:
    response = table.client.get(f"/api/tables/{table.code}/history", headers=table.auth(by))
    return [line["description"] for line in response.json["entries"]]


# --------------------------------------------------------------------------- item 3


def predictions_shown(client) -> TableDriver:
    """Ann, Ben and Cem predict on their own phones; Cem's, the last, shows them all (seq 4)."""
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    for seat, value in enumerate((1, 2, 3)):
        table.enter({"type": "predict", "value": value}, by=seat, seat=seat)
    assert table.state()["phase"] != "predict"
    return table


def tasks_shown(client) -> TableDriver:
    table = revealed_was_sticht(client)
    table.enter({"type": "reveal"}, by=A)
    table.enter({"type": "choose_task", "chip": "MOST"}, by=B)
    table.enter({"type": "choose_task", "chip": "EXACT_1"}, by=C)
    assert table.enter({"type": "choose_task", "chip": "LAST"}, by=D)["state"]["tasks_shown"]
    return table


def reveals_shown(client) -> TableDriver:
    table = schwimmen_at_showdown(client, {})
    table.enter({"type": "reveal", "cards": "AH KH 7S"}, by=A)
    table.enter({"type": "reveal", "cards": "AS QS 7D"}, by=B)
    table.enter({"type": "reveal", "cards": "QD JD 8H"}, by=C)
    return table


# (the table, the seat whose entry showed the rest, its entry made again another way)
SHOWN = {
    "switch-to predictions (ST-R2)": (predictions_shown, C, {"type": "predict", "seat": C, "value": 0}),
    "was-sticht tasks (WS-K1)": (tasks_shown, D, {"type": "choose_task", "seat": D, "chip": "MOST"}),
    "schwimmen reveals (SC-R14)": (reveals_shown, C, {"type": "reveal", "seat": C, "cards": "QD JD 9H"}),
}


@pytest.mark.parametrize("game", SHOWN)
def test_a_seat_cannot_reopen_its_shown_choice_by_a_correction(client, game):
    opened, seat, again = SHOWN[game]
    table = opened(client)
    last = table.board("host")["seq"]
    table.undo(by=seat, expect=422)  # as before: the undo is refused by the rule that showed it
    message = refused_without_a_move(table, {"entry": last, "action": again}, by=seat)
    assert "only the host" in message
    refused_without_a_move(table, {"entry": last, "remove": True}, by=seat)


def test_the_hosts_correction_of_a_shown_prediction_keeps_both_values_for_every_phone(client):
    table = predictions_shown(client)
    answer = correct(table, {"entry": 4, "action": {"type": "predict", "seat": C, "value": 0}})
    said = "Corrected by the host: “Cem predicted 3” (round 1) → “Cem predicted 0”"
    assert answer["entry"]["description"] == said
    for phone in (A, B, C, "host"):
        assert said in history_words(table, phone)
    assert table.state(A)["players"][C]["prediction"] == 0


# --------------------------------------------------------------------------- item 4


def ann_predicted_on_her_phone(client) -> TableDriver:
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    table.enter({"type": "predict", "value": 4}, by=A, seat=A)  # seq 2
    return table


def dealer_entered_trumps_on_his_phone(client) -> TableDriver:
    from tests.games.was_sticht_examples import drafted_chips

    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    return table


def ben_chose_a_task_on_his_phone(client) -> TableDriver:
    table = revealed_was_sticht(client)
    table.enter({"type": "reveal"}, by=A)
    table.enter({"type": "choose_task", "chip": "MOST"}, by=B)
    return table


# (the table, the held seat's hidden entry, another value for it)
HIDDEN = {
    "a prediction": (ann_predicted_on_her_phone, {"type": "predict", "seat": A, "value": 9}),
    "the trumps": (dealer_entered_trumps_on_his_phone, {"type": "set_trumps", "seat": A, "colour": "R", "number": "7"}),
    "a task": (ben_chose_a_task_on_his_phone, {"type": "choose_task", "seat": B, "chip": "LAST"}),
}


@pytest.mark.parametrize("kind", HIDDEN)
def test_the_host_cannot_replace_or_remove_a_held_seats_hidden_entry(client, kind):
    opened, other = HIDDEN[kind]
    table = opened(client)
    hidden = seq_now(table)
    assert "own phone" in refused_without_a_move(table, {"entry": hidden, "action": other}, by="host")
    refused_without_a_move(table, {"entry": hidden, "remove": True}, by="host")


# --------------------------------------------------------------------------- item 8


def test_the_hosts_phone_neither_announces_hints_nor_reveals_for_a_dealer_with_a_phone(client):
    from tests.games.was_sticht_examples import COLUMNS_85, seat_cards

    table = dealer_entered_trumps_on_his_phone(client)
    picks, _hint = COLUMNS_85[0]
    for seat, card in seat_cards(picks):
        table.enter({"type": "pick", "card": card}, by=seat)
    assert not [o for o in table.state("host")["actions"] if o["type"] == "announce_hint"]
    error = table.enter({"type": "announce_hint"}, by="host", expect=403)["error"]
    assert error["rule"] == "ACCESS" and "own phone" in error["message"]
    table.enter({"type": "announce_hint"}, by=A)
    for picks, _hint in COLUMNS_85[1:]:
        for seat, card in seat_cards(picks):
            table.enter({"type": "pick", "card": card}, by=seat)
        table.enter({"type": "announce_hint"}, by=A)
    before = seq_now(table)
    assert table.enter({"type": "reveal"}, by="host", expect=403)["error"]["rule"] == "ACCESS"
    assert seq_now(table) == before and not table.state(B)["revealed"]
    table.enter({"type": "reveal"}, by=A)
    assert table.state(B)["revealed"]


def test_the_shared_result_is_read_only_and_leads_to_no_live_table(app, client):
    import re

    from .test_table_flows import _finish, phone_with

    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    host = phone_with(app, table.code, table.host)
    _finish(table)
    board = host.client.get(f"/t/{table.code}").get_data(as_text=True)
    link = re.search(r'data-share="http://table.test(/[^"]+)"', board).group(1)
    host.client.post(f"/t/{table.code}/rematch")
    stranger = app.test_client()  # a friend the link was sent to
    for path in (link, f"{link}/export.json", f"{link}/export.csv"):
        answer = stranger.get(path)
        assert answer.status_code == 200, path
        assert table.code not in answer.get_data(as_text=True), path  # nothing leads to the table
    shared = stranger.get(link).get_data(as_text=True)
    assert log_rematch(app, table.code) not in shared  # nor to its rematch
    assert "Ben" in shared and "<form" not in shared


def log_rematch(app, code: str) -> str:
    from sqlmodel import Session

    from referee.table import reads

    with Session(app.extensions["db_engine"]) as session:
        return reads.find_table(session, code).rematch


def test_a_rematch_seat_waits_for_its_phone_before_a_watcher_may_take_it(app, client, monkeypatch):
    from datetime import timedelta

    from referee.table import claims

    from .test_table_flows import _finish, phone_with

    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    host = phone_with(app, table.code, table.host)
    ann = phone_with(app, table.code, table.token(A))
    _finish(table)
    table.token(B)  # Ben's client held his seat too
    host.client.post(f"/t/{table.code}/rematch")
    new = log_rematch(app, table.code)
    watcher = Phone(app)
    watcher.look(new)
    assert watcher.join(A).status_code == 409 and watcher.join(B).status_code == 409
    assert "I am Ann" not in watcher.look(new)  # "Who are you?" offers no waiting seat
    assert (
        client.post(
            f"/api/tables/{new}/seats/{B}/claim",  # the host may give Ben's to a client
            headers={"Authorization": f"Bearer {table.host}"},
        ).status_code
        == 201
    )
    later = claims.utcnow() + timedelta(minutes=claims.REMATCH_WAIT_MINUTES + 1)
    monkeypatch.setattr(claims, "utcnow", lambda: later)  # the wait is over: Ann's phone never came
    assert watcher.join(A).status_code == 303
    ann.client.get(f"/t/{table.code}")
    assert "You are Ann" not in ann.look(new)
