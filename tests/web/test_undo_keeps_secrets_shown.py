"""Issue 17 item 4: once a secret has been shown to the table, an undo does not hide it again.
Undoing the entry that showed it (the last task, the trumps' reveal, the last prediction) is
refused with the rule that fixes it; before that, choices are undone as before."""
from __future__ import annotations

from tests.games.was_sticht_examples import COLUMNS_85, drafted_chips, seat_cards

from .api_driver import TableDriver

A, B, C, D = 0, 1, 2, 3


def revealed_was_sticht(client) -> TableDriver:
    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    for picks, _hint in COLUMNS_85:
        for seat, card in seat_cards(picks):
            table.enter({"type": "pick", "card": card}, by=seat)
        table.enter({"type": "announce_hint"}, by=A)
    return table


def test_was_sticht_tasks_shown_to_the_table_stay_chosen(client):
    table = revealed_was_sticht(client)
    table.enter({"type": "reveal"}, by=A)
    table.enter({"type": "choose_task", "chip": "MOST"}, by=B)
    table.enter({"type": "choose_task", "chip": "EXACT_1"}, by=C)
    table.undo(by=C)  # nothing shown yet: C may think again
    table.enter({"type": "choose_task", "chip": "EXACT_1"}, by=C)
    shown = table.enter({"type": "choose_task", "chip": "LAST"}, by=D)["state"]
    assert shown["tasks_shown"]
    for by in (D, "host"):
        error = table.undo(by=by, expect=422)["error"]
        assert error["rule"] == "WS-K1"
    assert table.state()["tasks_shown"] and table.state()["phase"] == shown["phase"]


def test_was_sticht_trumps_once_revealed_stay_revealed(client):
    table = revealed_was_sticht(client)
    table.undo(by=A)  # the last hint, before the reveal: undone as before
    table.enter({"type": "announce_hint"}, by=A)
    table.enter({"type": "reveal"}, by=A)
    assert table.undo(by="host", expect=422)["error"]["rule"] == "WS-V1"
    assert table.state()["revealed"]


def test_switch_to_predictions_once_shown_stay(client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    table.enter({"type": "start_round", "removed_suit": "C"})
    table.enter({"type": "predict", "value": 1}, by=A, seat=A)
    table.undo(by=A)  # not shown yet: Ann may change it
    table.enter({"type": "predict", "value": 2}, by=A, seat=A)
    table.enter({"type": "predict", "value": 1}, by=B, seat=B)
    error = table.undo(by="host", expect=422)["error"]
    assert error["rule"] == "ST-R2" and "cannot be undone" in error["message"]
    assert table.state()["phase"] != "predict"
