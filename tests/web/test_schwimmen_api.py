"""Schwimmen through the JSON API: a whole game to the last player standing."""
from __future__ import annotations

from .api_driver import TableDriver

A, B, C = 0, 1, 2


def test_a_whole_game_to_the_last_player_standing(client):
    table = TableDriver(client, "schwimmen", ["Ann", "Ben", "Cem"], {"lives": "0"})
    table.enter({"type": "first_dealer", "seat": C}, by=A)
    table.enter({"type": "dealer_choice", "choice": "keep"}, by=C)
    state = table.enter({"type": "lay_centre", "cards": "7C 8C 9C"}, by=B)["state"]
    assert state["turn"] == A and state["stock"] == 32 - 9 - 3
    table.enter({"type": "swap_one", "give": "7S", "take": "9C"}, by=A)
    assert table.enter({"type": "close"}, by=B, expect=422)["error"]["rule"] == "SC-R8"
    table.enter({"type": "pass"}, by=B)
    table.enter({"type": "pass"}, by=C)
    table.enter({"type": "close"}, by=A)
    table.enter({"type": "pass"}, by=B)
    state = table.enter({"type": "pass"}, by=C)["state"]
    assert state["phase"] == "showdown" and state["players"][A]["known"] == ["9C"]
    error = table.enter({"type": "reveal", "cards": "AC KC QC"}, by=A, expect=422)["error"]
    assert error["rule"] == "SC-C4"  # Ann took 9C and never gave it back
    table.enter({"type": "reveal", "cards": "9C AC KC"}, by=A)
    assert table.state(by=B)["players"][A]["reveal"] is None  # hidden until all are in
    table.enter({"type": "reveal", "cards": "AH KH 8H"}, by=B)
    state = table.enter({"type": "reveal", "cards": "AS KS 7D"}, by=C)["state"]
    assert state["result"]["losses"] == {"2": ["lowest hand"]} and state["players"][C]["out"]
    assert state["dealer"] == A and state["phase"] == "dealer_choice"

    table.enter({"type": "dealer_choice", "choice": "keep"}, by=A)
    table.enter({"type": "lay_centre", "cards": "7D 8D 9D"}, by=A)
    assert table.enter({"type": "pass"}, by=C, expect=422)["error"]["rule"] == "SC-R15"
    table.enter({"type": "pass"}, by=B)
    table.enter({"type": "close"}, by=A)  # the dealer may close on a first turn
    table.enter({"type": "pass"}, by=B)
    table.enter({"type": "reveal", "cards": "AS KS QS"}, by=A)
    state = table.enter({"type": "reveal", "cards": "7H 8H 10C"}, by=B)["state"]
    assert state["phase"] == "over" and state["winners"] == [A]
    assert [p["out"] for p in state["players"]] == [False, True, True]


def test_preset_options_and_refusals_through_the_api(client):
    table = TableDriver(client, "schwimmen", ["Ann", "Ben"], {"preset": "classic", "exchange": "draw_discard"})
    table.enter({"type": "first_dealer", "seat": B})
    table.enter({"type": "dealer_choice", "choice": "exchange"}, by=B)
    state = table.enter({"type": "turn_up", "cards": "QS"})["state"]
    assert state["options"]["tie_rule"] == "all_lose" and state["discard_top"] == "QS"
    error = table.enter({"type": "draw_discard", "source": "pile", "discard": "QS"}, by=A, expect=422)["error"]
    assert error["rule"] == "SC-R11"
    assert table.enter({"type": "pass"}, by=A, expect=422)["error"]["rule"] == "SC-R3"
