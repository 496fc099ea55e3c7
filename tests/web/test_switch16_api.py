"""Switch 16 through the JSON API: a whole game, a block mid-discard, refusals."""

from __future__ import annotations

from .api_driver import TableDriver

A, B = 0, 1


def roll(table, by, dice, face="blank", expect=200, **extra):
    return table.enter({"type": "roll", "dice": dice, "face": face, **extra}, by=by, expect=expect)


def test_a_whole_race_to_card_16(client):
    table = TableDriver(client, "switch-16", ["Ann", "Ben"])
    table.enter({"type": "start_player", "seat": A}, by=B)
    assert roll(table, A, [1, 2, 4])["state"]["makes"][-1] == {"card": 7, "dice": [4, 2, 1]}
    table.enter({"type": "discard", "count": 7}, by=A)
    table.enter({"type": "stop"}, by=A)
    state = roll(table, B, [2, 3, 5])["state"]  # makes nothing: Ben's turn ends
    assert state["active"] == A and state["players"][B]["top"] == 1
    assert roll(table, A, [1, 2, 3], expect=422)["error"]["rule"] == "S16-R4"  # top 8 needs 4 dice
    roll(table, A, [4, 4, 2, 1])
    table.enter({"type": "discard", "count": 4}, by=A)
    state = roll(table, A, [6, 6, 2, 2, 1])["state"]
    assert [m["card"] for m in state["makes"]] == [12, 13, 14, 15, 16]
    state = table.enter({"type": "discard", "count": 5}, by=A)["state"]
    assert state["phase"] == "over" and state["winners"] == [A]
    assert table.enter({"type": "stop"}, by=A, expect=422)["error"]["rule"] == "S16-C5"


def test_the_chip_holder_blocks_mid_discard_from_their_own_phone(client):
    """S16-E19 through the API, with each player on their own phone."""
    table = TableDriver(client, "switch-16", ["Ann", "Ben"])
    table.enter({"type": "start_player", "seat": B})
    roll(table, B, [1, 1, 1], face="block")  # Ben takes the chip; makes card 1 to 3
    table.enter({"type": "discard", "count": 3}, by=B)
    table.enter({"type": "stop"}, by=B)
    roll(table, A, [1, 2, 4])
    table.enter({"type": "discard", "count": 7}, by=A)
    state = table.enter({"type": "place_block", "target": A, "landed_after": 3}, by=B)["state"]
    assert state["players"][A]["top"] == 4 and state["players"][A]["blocked"] and state["active"] == B
    assert roll(table, A, [1, 2, 3, 4], expect=422)["error"]["rule"] == "S16-C4"
    assert table.enter({"type": "place_block", "target": B}, by=A, expect=403)["error"]["rule"] == "S16-C5"  # issue 20


def test_a_seat_cannot_roll_for_another(client):
    table = TableDriver(client, "switch-16", ["Ann", "Ben"])
    table.enter({"type": "start_player", "seat": A})
    assert table.enter({"type": "roll", "dice": [1, 2, 3]}, by=B, seat=A, expect=403)["error"]["rule"] == "S16-C5"


def test_options_are_checked_when_the_table_opens(client):
    bad = client.post(
        "/api/tables",
        json={"game": "switch-16", "players": ["A", "B"], "options": {"four_dice_from": "9", "five_dice_from": "8"}},
    )
    assert bad.status_code == 422
    worse = client.post(
        "/api/tables", json={"game": "switch-16", "players": ["A", "B"], "options": {"points_target": "lots"}}
    )
    assert worse.status_code == 422 and "whole number" in worse.json["error"]["message"]
    games = {g["id"]: g for g in client.get("/api/games").json["games"]}
    assert games["switch-16"]["options"][0]["number"] == [2, 17]


def race_to_16(table, seat):
    """From top 1: 7 cards, then 4 on a risk roll, then 5 on another: card 16 goes."""
    roll(table, seat, [1, 2, 4])
    table.enter({"type": "discard", "count": 7}, by=seat)
    roll(table, seat, [4, 4, 2, 1])
    table.enter({"type": "discard", "count": 4}, by=seat)
    roll(table, seat, [6, 6, 2, 2, 1])
    return table.enter({"type": "discard", "count": 5}, by=seat)["state"]


def test_a_whole_points_game_over_two_rounds(client):
    table = TableDriver(client, "switch-16", ["Ann", "Ben"], {"game_mode": "points", "points_target": "20"})
    table.enter({"type": "start_player", "seat": A})
    state = race_to_16(table, A)
    assert [p["points"] for p in state["players"]] == [16, 0]
    assert state["phase"] == "turn" and state["round"] == 2 and state["active"] == B
    assert [p["top"] for p in state["players"]] == [1, 1]
    roll(table, B, [1, 2, 4])
    table.enter({"type": "discard", "count": 7}, by=B)
    table.enter({"type": "stop"}, by=B)
    state = race_to_16(table, A)
    assert [p["points"] for p in state["players"]] == [32, 7]
    assert state["phase"] == "over" and state["winners"] == [A]


def quick_race_with_the_chip_in_anns_hand(client) -> TableDriver:
    """Quick entry, Ann, Ben and Cem: Ann's turn took the chip (to card 3), Ben's went to card 2;
    Cem's turn is next."""
    table = TableDriver(client, "switch-16", ["Ann", "Ben", "Cem"], {"entry_mode": "quick"})
    table.enter({"type": "start_player", "seat": A})
    table.enter({"type": "turn_result", "card": 3, "took_chip": "yes"}, by=A)
    table.enter({"type": "turn_result", "card": 2}, by=B)
    return table


def test_quick_entry_a_chip_placed_during_a_turn_lands_after_its_cards(client):
    """Issue 27: the leaflet's moment to block is mid-discard. In quick entry the turn is entered
    after it, so Ann's phone places the chip on Cem while his turn is under way, and then Cem's
    turn to card 4 is entered: it was refused "Your deck is blocked" (S16-R10), although the
    cards left before the chip landed (S16-R15)."""
    table = quick_race_with_the_chip_in_anns_hand(client)
    table.enter({"type": "place_block", "target": 2}, by=A)
    state = table.enter({"type": "turn_result", "card": 4}, by=2)["state"]
    assert state["players"][2]["top"] == 5 and state["active"] == A


def test_quick_entry_a_deck_blocked_before_its_turn_discards_only_after_the_block_face(client):
    """S16-R10 stays for a chip that lay on the deck when the turn began (open question Q3): the
    refusal names whose deck and what frees it, on every phone."""
    table = quick_race_with_the_chip_in_anns_hand(client)
    table.enter({"type": "turn_result", "card": 4}, by=2)  # Cem's turn; Ann is next
    table.enter({"type": "place_block", "target": B}, by=A)  # during Ann's turn, on Ben's deck
    table.enter({"type": "turn_result", "card": 5}, by=A)
    error = table.enter({"type": "turn_result", "card": 3}, by=B, expect=422)["error"]
    assert error["rule"] == "S16-R10"
    assert (
        error["message"] == "Ben's deck was blocked when the turn began: it discards only after rolling the block face."
    )
    state = table.enter({"type": "turn_result", "card": 3, "took_chip": "yes"}, by=B)["state"]
    assert state["players"][B]["top"] == 4 and state["chip"]["seat"] == B
