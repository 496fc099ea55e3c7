"""Swoop through the JSON API: a whole hand to its scores, pick-ups, refusals."""
from __future__ import annotations

from .api_driver import TableDriver

A, B, C = 0, 1, 2


def set_up(client, **options):
    table = TableDriver(client, "swoop", ["Ann", "Ben", "Cem"], options)
    for seat, ranks in enumerate(["9 9 9 9", "Q 8 5 2", "J 6 4 A"]):
        table.enter({"type": "set_face_up", "ranks": ranks}, by=seat, seat=seat)
    table.enter({"type": "set_starter", "seat": A})
    return table


def test_a_whole_hand_through_the_api(client):
    """Ann sheds all 19 cards in swoops: 10s, jokers, four 9s face up, four 7s with a flip."""
    table = set_up(client)
    for cards in ("10 10 10 10", "JK JK JK JK", "9@up1 9@up2 9@up3 9@up4"):
        state = table.enter({"type": "play", "cards": cards}, by=A)["state"]
        assert state["current"] == A and state["pile"]["size"] == 0  # every swoop: Ann again
    state = table.enter({"type": "flip", "slot": 1, "rank": "7", "add_hand": "3"}, by=A)["state"]
    assert state["players"][A]["hand"] == 0 and state["out_count"] == 16
    error = table.enter({"type": "flip", "slot": 2, "rank": "10", "add": "10@hand"}, by=A, expect=422)["error"]
    assert error["rule"] == "SW-C2"
    for slot in (2, 3, 4):
        state = table.enter({"type": "flip", "slot": slot, "rank": "10"}, by=A)["state"]
    assert state["phase"] == "declare" and state["out_player"] == A
    assert table.enter({"type": "pick_up"}, by=B, expect=422)["error"]["rule"] == "SW-R2"

    error = table.enter({"type": "declare_remaining", "hand": "K K", "mystery": "2 2 3 3"}, by=B, expect=422)
    assert error["error"]["rule"] == "SW-C4"
    table.enter({"type": "declare_remaining", "hand": "K K K K Q Q Q 8 8 8 5", "mystery": "2 2 3 3"}, by=B)
    state = table.enter({"type": "declare_remaining", "hand": {"J": 3, "6": 3, "4": 3, "A": 2},
                         "mystery": ["A", "3", "3", "5"]}, by=C)["state"]
    assert [p["total"] for p in state["players"]] == [0, 99 + 25 + 10, 62 + 21 + 12]
    assert state["phase"] == "setup" and state["hand_no"] == 2 and state["starter"] == B


def test_pick_ups_and_known_ranks(client):
    table = set_up(client)
    table.enter({"type": "play", "cards": "3"}, by=A)
    state = table.enter({"type": "play", "rank": "Q", "hand": 0, "up": ["up1"]}, by=B)["state"]
    assert state["players"][B]["hand"] == 13 and state["current"] == C and state["pile"]["size"] == 0
    table.enter({"type": "play", "cards": "4@up3"}, by=C)
    state = table.enter({"type": "play", "cards": "K"}, by=A)["state"]  # higher than 4: a pick-up
    assert state["players"][A]["hand"] == 10 - 1 + 2 and state["current"] == B
    table.enter({"type": "play", "cards": "5@up3"}, by=B)
    state = table.enter({"type": "pick_up"}, by=C)["state"]
    assert state["players"][C]["hand"] == 12 and state["current"] == A


def test_no_pass_and_seats_enter_for_themselves(client):
    table = set_up(client)
    assert table.enter({"type": "pass"}, by=A, expect=422)["error"]["rule"] == "SW-R13"
    assert table.enter({"type": "play", "cards": "3"}, by=B, seat=A, expect=403)["error"]["rule"] == "SW-R1"
    assert table.enter({"type": "play", "cards": "3"}, by=B, expect=422)["error"]["rule"] == "SW-R1"
