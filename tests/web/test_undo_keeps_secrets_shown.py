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


def schwimmen_at_showdown(client, options: dict) -> TableDriver:
    """Ann, Ben and Cem; Cem deals; Ann closes at once, Ben and Cem pass: the showdown."""
    table = TableDriver(
        client, "schwimmen", ["Ann", "Ben", "Cem"], {"preset": "classic", "first_turn_close": "allowed", **options}
    )
    table.enter({"type": "first_dealer", "seat": C})
    table.enter({"type": "dealer_choice", "choice": "keep"}, by=C)
    table.enter({"type": "lay_centre", "cards": "7C 8C 9C"}, by=A)
    table.enter({"type": "close"}, by=A)
    table.enter({"type": "pass"}, by=B)
    table.enter({"type": "pass"}, by=C)
    assert table.state()["phase"] == "showdown"
    return table


def test_schwimmen_hands_shown_at_the_showdown_stay_revealed(client):
    table = schwimmen_at_showdown(client, {})
    table.enter({"type": "reveal", "cards": "AH KH 7S"}, by=A)
    table.enter({"type": "reveal", "cards": "AS QS 7D"}, by=B)
    table.undo(by=B)  # still hidden from the others: Ben may correct his entry
    table.enter({"type": "reveal", "cards": "AS QS 8D"}, by=B)
    shown = table.enter({"type": "reveal", "cards": "QD JD 8H"}, by=C)["state"]
    assert shown["result"]["hands"]["2"] == ["QD", "JD", "8H"]
    for by in (C, "host"):
        error = table.undo(by=by, expect=422)["error"]
        assert error["rule"] == "SC-R14" and "cannot be undone" in error["message"]
    assert table.state()["round"] == shown["round"] == 2


def test_schwimmen_a_tie_named_at_a_score_only_showdown_stays_revealed(client):
    """Score only: the last value ties another in value and suit; the table is told who ties, so
    that entry stays too."""
    table = schwimmen_at_showdown(client, {"reveal_mode": "score_only", "tie_rule": "suit"})
    table.enter({"type": "reveal", "value": 21, "suit": "H"}, by=A)
    table.enter({"type": "reveal", "value": 25, "suit": "S"}, by=B)
    asked = table.enter({"type": "reveal", "value": 21, "suit": "H"}, by=C)["state"]
    assert asked["phase"] == "showdown" and asked["cards_asked"] == [A, C]
    assert table.undo(by="host", expect=422)["error"]["rule"] == "SC-R14"
    table.enter({"type": "reveal", "cards": "AH KH 7S"}, by=A)
    table.undo(by=A)  # Cem's cards are still to come: nothing new is shown yet
    assert table.state()["cards_asked"] == [A, C]


def test_swoop_a_flipped_mystery_card_stays_turned_up(client):
    table = TableDriver(client, "swoop", ["Ann", "Ben", "Cem"])
    for seat, ranks in enumerate(("K 9 9 3", "Q 8 5 2", "J 6 4 A")):
        table.enter({"type": "set_face_up", "ranks": ranks}, by=seat, seat=seat)
    table.enter({"type": "set_starter", "seat": A})
    table.enter({"type": "play", "cards": "K@up1"}, by=A)
    table.undo(by=A)  # a face-up card: seen by all before it was played, so it may be taken back
    table.enter({"type": "play", "cards": "K@up1"}, by=A)
    table.enter({"type": "play", "cards": "Q@up1"}, by=B)
    table.enter({"type": "play", "cards": "J@up1"}, by=C)
    state = table.enter({"type": "flip", "slot": 1, "rank": "Q"}, by=A)["state"]  # higher: Ann picks up
    assert state["players"][A]["mystery"][0] is False
    for by in (A, "host"):
        error = table.undo(by=by, expect=422)["error"]
        assert error["rule"] == "SW-R8" and "cannot be undone" in error["message"]
    assert table.state()["players"][A]["mystery"][0] is False


def test_the_board_offers_no_undo_that_would_only_be_refused(app):
    """Once the last prediction has shown them all, the host's board has no Undo to tap."""
    from tests.helpers import Phone

    host = Phone(app)
    host.open_table(["Ann", "Ben"])
    host.look()
    host.enter({"type": "start_round", "removed_suit": "C"})
    page = host.enter({"type": "predict", "seat": A, "value": 1}).get_data(as_text=True)
    assert 'class="undo"' in page  # not shown yet: it may be taken back
    page = host.enter({"type": "predict", "seat": B, "value": 1}).get_data(as_text=True)
    assert 'class="undo"' not in page
