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


def close_round(table: TableDriver, centre: str, hands: dict[int, str]) -> dict:
    """One classic round: the first player swaps all three for ``centre`` (so that hand is
    known), everyone else passes, the first player closes on the second turn, last turns
    pass, then each active seat reveals from its own phone. Returns the final state."""
    table.enter({"type": "dealer_choice", "choice": "keep"})
    state = table.enter({"type": "lay_centre", "cards": centre})["state"]
    first = state["turn"]
    state = table.enter({"type": "swap_all", "give": hands.pop("gives")}, by=first)["state"]
    while state["turn"] != first:
        state = table.enter({"type": "pass"}, by=state["turn"])["state"]
    state = table.enter({"type": "close"}, by=first)["state"]
    while state["phase"] == "exchange":
        state = table.enter({"type": "pass"}, by=state["turn"])["state"]
    hands[first] = centre
    for seat, cards in hands.items():
        state = table.enter({"type": "reveal", "cards": cards}, by=seat)["state"]
    return state


def test_swimming_a_shown_31_and_hidden_reveals_through_the_api(client):
    table = TableDriver(client, "schwimmen", ["Ann", "Ben", "Cem"], {"preset": "classic", "lives": "1"})
    table.enter({"type": "first_dealer", "seat": C})
    table.enter({"type": "dealer_choice", "choice": "keep"}, by=C)
    table.enter({"type": "lay_centre", "cards": "7C 8C 9C"}, by=A)
    state = table.enter({"type": "show", "cards": "AD KD 10D"}, by=B)["state"]  # classic: on Ann's turn
    assert state["phase"] == "showdown" and state["players"][B]["reveal"] == {"cards": ["AD", "KD", "10D"]}
    table.enter({"type": "reveal", "cards": "AH KH 7S"}, by=A)
    for viewer in (B, C, None, "host"):
        assert table.state(by=viewer)["players"][A]["reveal"] is None
    history = client.get(f"/api/tables/{table.code}/history").json["entries"]
    assert history[-1]["description"] == "Ann revealed" and "K♥" not in str(history)
    state = table.enter({"type": "reveal", "cards": "QS JS 8H"}, by=C)["state"]  # 20, the lowest
    assert state["result"]["hands"] == {"0": ["AH", "KH", "7S"], "1": ["AD", "KD", "10D"], "2": ["QS", "JS", "8H"]}
    assert state["result"]["losses"] == {"2": ["lowest hand"]} and state["result"]["swimming"] == [C]
    assert state["players"][C]["swimming"] and state["dealer"] == A

    assert table.undo(expect=422)["error"]["rule"] == "SC-R14"  # the hands are shown: the last reveal stays

    state = close_round(table, "7H 8H 9H", {"gives": "AS KS QS", A: "AC KC 8D", C: "10S 9S 7D"})
    assert state["result"]["losses"] == {"2": ["lowest hand"]} and state["players"][C]["out"]
    assert state["dealer"] == B and state["round"] == 3
    assert table.enter({"type": "reveal", "cards": "7S 8S 9S"}, by=C, expect=422)["error"]["rule"] == "SC-R15"
    state = close_round(table, "JH QH KH", {"gives": "AC 7C 8C", B: "8S 9S 7D"})
    assert state["players"][B]["swimming"] and state["phase"] == "dealer_choice"
    state = close_round(table, "7D 8D 9D", {"gives": "JS QS KS", A: "AS 8C 7H"})
    assert [p["swimming"] for p in state["players"]] == [True, True, False]  # both at 0, still in
    state = close_round(table, "7S 8S 9H", {"gives": "JC QC KC", B: "AH KH 10D"})
    assert state["result"]["eliminated"] == [A]
    assert state["phase"] == "over" and state["winners"] == [B]
    assert [p["out"] for p in state["players"]] == [True, False, True]
