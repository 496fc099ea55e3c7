"""Swoop through the JSON API: a whole game of two hands to the target, pick-ups, chains,
refusals with rule IDs, undo, history and the table checks."""

from __future__ import annotations

from .api_driver import TableDriver

A, B, C = 0, 1, 2  # Ann, Ben, Cem


def set_up(client, ups=("K 9 9 3", "Q 8 5 2", "J 6 4 A"), starter=A, **options):
    table = TableDriver(client, "swoop", ["Ann", "Ben", "Cem"], options)
    for seat, ranks in enumerate(ups):
        table.enter({"type": "set_face_up", "ranks": ranks}, by=seat, seat=seat)
    if starter is not None:
        table.enter({"type": "set_starter", "seat": starter})
    return table


def play(table, seat, cards, expect=200):
    return table.enter({"type": "play", "cards": cards}, by=seat, expect=expect)


def flip(table, seat, slot, rank, add=None, expect=200):
    action = {"type": "flip", "slot": slot, "rank": rank, **({"add": add} if add else {})}
    return table.enter(action, by=seat, expect=expect)


def refused(answer) -> str:
    return answer["error"]["rule"]


def first_hand(table):
    """Hand 1 from its first play to Ann going out: swoops by several players, a chain step,
    a chain ended, a voluntary pick-up, a higher play, flips and refusals on the way."""
    state = play(table, A, "9@up2 9@up3 9")["state"]
    assert state["pile"]["cards"] == ["9", "9", "9"] and state["current"] == B
    state = play(table, B, "9")["state"]  # four 9s from two players
    assert state["out_count"] == 4 and state["current"] == B and state["mode"] == "lead"
    play(table, B, "8@up2 8 8")
    play(table, C, "6@up2")
    state = play(table, A, "6 6 6")["state"]  # swoop; the 8s stay
    assert state["mode"] == "chain" and state["chain_step"] == {"rank": "8", "need": 1}
    assert refused(table.enter({"type": "pick_up"}, by=A, expect=422)) == "SW-R11"
    state = play(table, A, "8")["state"]  # chain step
    assert state["out_count"] == 12 and state["pile"]["size"] == 0 and state["current"] == A
    state = play(table, A, "10")["state"]
    assert state["out_count"] == 13 and state["current"] == A
    play(table, A, "3@up4 3")
    state = table.enter({"type": "pick_up"}, by=B)["state"]  # voluntary pick-up
    assert state["players"][B]["hand"] == 10 and state["current"] == C and state["players"][B]["known"] is None
    play(table, C, "4@up3")
    play(table, A, "4 4 4")
    play(table, A, "K@up1")
    play(table, B, "Q")
    play(table, C, "J@up1")
    assert refused(flip(table, A, 1, "Q", add="Q", expect=422)) == "SW-R9"
    state = flip(table, A, 1, "5")["state"]
    assert state["pile"]["cards"] == ["K", "Q", "J", "5"] and state["players"][A]["mystery"] == [
        False,
        True,
        True,
        True,
    ]
    assert refused(play(table, B, "5@up3 5 5 5", expect=422)) == "SW-R7"
    play(table, B, "5@up3 5")
    state = play(table, C, "5")["state"]  # Cem completes the fives
    assert state["mode"] == "chain" and state["current"] == C and state["pile"]["cards"] == ["K", "Q", "J"]
    state = table.enter({"type": "end_chain"}, by=C)["state"]
    assert state["out_count"] == 24 and state["current"] == C and state["mode"] == "lead"
    play(table, C, "A@up4")
    state = flip(table, A, 2, "JK")["state"]
    assert state["out_count"] == 26 and state["current"] == A
    flip(table, A, 3, "7", add="7")
    state = play(table, B, "9")["state"]  # higher than 7: Ben picks up
    assert state["players"][B]["hand"] == 10 and state["current"] == C and state["pile"]["size"] == 0
    play(table, C, "2")
    state = flip(table, A, 4, "2")["state"]
    assert state["phase"] == "declare" and state["out_player"] == A and state["current"] is None
    return state


def test_a_whole_game_to_the_target(client):
    table = set_up(client, target="200")
    state = first_hand(table)
    assert [p["hand"] for p in state["players"]] == [0, 10, 9]
    assert refused(play(table, B, "3", expect=422)) == "SW-R2"

    # Ben picked up 3, 3, 7, 7 and 9; with 8s and 10s the copies run out.
    assert (
        refused(
            table.enter(
                {"type": "declare_remaining", "hand": "3 3 7 7 K K J J 2", "mystery": "A 6 10 8"}, by=B, expect=422
            )
        )
        == "SW-C4"
    )
    assert (
        refused(
            table.enter(
                {"type": "declare_remaining", "hand": "3 3 7 7 K K J J 2 2", "mystery": "A 6 10 8"}, by=B, expect=422
            )
        )
        == "SW-C5"
    )
    assert (
        refused(
            table.enter(
                {"type": "declare_remaining", "hand": "8 8 8 8 9 3 3 7 7 2", "mystery": "A 6 10 8"}, by=B, expect=422
            )
        )
        == "SW-C6"
    )
    state = table.enter({"type": "declare_remaining", "hand": "3 3 7 7 9 K K J J 2", "mystery": "A 6 10 8"}, by=B)[
        "state"
    ]
    assert state["players"][B]["declared"]["penalty"] == 71 + 12 + 65  # hand, face-up Q and 2, mystery
    assert refused(table.enter({"type": "declare_remaining", "hand": [], "mystery": []}, by=A, expect=422)) == "SW-R14"
    state = table.enter(
        {"type": "declare_remaining", "hand": {"K": 2, "Q": 2, "J": 2, "7": 2, "A": 1}, "mystery": "3 3 JK 9"}, by=C
    )["state"]
    assert [p["total"] for p in state["players"]] == [0, 148, 140]
    assert state["phase"] == "setup" and state["hand_no"] == 2 and state["starter"] == B
    assert all(p["hand"] == 11 and p["mystery"] == [True] * 4 for p in state["players"])

    # Hand 2: Ben sheds all nineteen cards in swoops and goes out.
    for seat, ranks in enumerate(["5 6 8 8", "9 9 9 9", "K Q J A"]):
        table.enter({"type": "set_face_up", "ranks": ranks}, by=seat, seat=seat)
    for cards in ("10 10 10 10", "JK JK JK JK", "9@up1 9@up2 9@up3 9@up4"):
        assert play(table, B, cards)["state"]["current"] == B
    flip(table, B, 1, "7", add="7 7 7")
    assert refused(flip(table, B, 2, "10", add="10", expect=422)) == "SW-C2"
    for slot in (2, 3, 4):
        state = flip(table, B, slot, "10")["state"]
    assert state["phase"] == "declare" and state["out_player"] == B
    table.enter({"type": "declare_remaining", "hand": "A A A A 2 2 2 2 3 3 3", "mystery": "A A 2 2"}, by=A)
    state = table.enter({"type": "declare_remaining", "hand": "K K K K Q Q Q J J J 5", "mystery": "6 6 7 7"}, by=C)[
        "state"
    ]
    assert [p["scores"] for p in state["players"]] == [[0, 21 + 27 + 6], [148, 0], [140, 105 + 31 + 26]]
    assert state["phase"] == "over" and state["winners"] == [A]
    assert (
        table.enter({"type": "set_face_up", "ranks": "2 2 2 2"}, by=A, seat=A, expect=422)["error"]["rule"] == "SW-R2"
    )


def test_history_tells_the_hand_without_form_fields(client):
    table = set_up(client)
    table.enter({"type": "play", "rank": "9", "hand": "1", "up": ["up2", "up3"]}, by=A)
    table.enter({"type": "play", "cards": "9"}, by=B)
    lines = [e["description"] for e in client.get(f"/api/tables/{table.code}/history").json["entries"]]
    assert "Ann played 3× 9 from the hand and face-up slots 2, 3" in lines
    assert "Ben played 9 from the hand · Swoop! Four nines leave play; Ben acts again." in lines
    assert "Ann starts hand 1" in lines


def test_undo_takes_back_a_swoop(client):
    table = set_up(client)
    play(table, A, "9@up2 9@up3 9")
    assert play(table, B, "9")["state"]["out_count"] == 4
    state = table.undo(by=B)["state"]
    assert state["pile"]["cards"] == ["9", "9", "9"] and state["current"] == B and state["out_count"] == 0


def test_known_cards_are_shown_only_at_tables_that_choose_it(client):
    table = set_up(client, show_known_cards="true")
    play(table, A, "3")
    state = play(table, B, "Q@up1")["state"]
    assert state["players"][B]["known"] == ["3", "Q"] and state["players"][B]["hand"] == 13
    assert table.state(by=C)["players"][B]["known"] == ["3", "Q"] and table.state()["players"][B]["known"]
    hidden = set_up(client)
    play(hidden, A, "3")
    play(hidden, B, "Q@up1")
    assert all(p["known"] is None for viewer in (None, A, B, "host") for p in hidden.state(by=viewer)["players"])


def test_turns_seats_and_no_pass(client):
    table = set_up(client)
    assert refused(table.enter({"type": "pass"}, by=A, expect=422)) == "SW-R13"
    assert table.enter({"type": "play", "cards": "3"}, by=B, seat=A, expect=403)["error"]["rule"] == "SW-R1"
    error = table.enter({"type": "play", "cards": "3"}, by=B, expect=422)["error"]
    assert error == {
        "rule": "SW-R1",
        "message": "It is Ann's turn, not yours.",
        "overridable": True,
        "rule_url": "http://table.test/rules/swoop#SW-R1",
    }
    assert refused(table.enter({"type": "set_starter", "seat": B}, by=A, expect=403)) == "SW-R1"
    assert refused(table.enter({"type": "play", "cards": "11"}, by=A, expect=422)) == "SW-C7"


def test_a_table_ruling_through_the_api(client):
    table = set_up(client)
    play(table, A, "2 2 2")
    assert refused(play(table, B, "2@up4 2", expect=422)) == "SW-R7"
    state = table.enter({"type": "play", "cards": "2@up4 2"}, by="host", ruling=True)["state"]
    assert state["out_count"] == 5 and state["current"] == B and "Table ruling, overriding SW-R7." in state["notes"]


def test_the_hand_waits_for_face_up_cards_and_the_starter(client):
    table = set_up(client, ups=("K 9 9 3", "Q 8 5 2"), starter=None)
    error = table.enter({"type": "play", "cards": "3"}, by=A, expect=422)["error"]
    assert (
        error["rule"] == "SW-R2" and error["message"] == "The hand has not started: face-up cards are missing for Cem."
    )
    assert refused(table.enter({"type": "set_face_up", "ranks": "K K K"}, by=C, seat=C, expect=422)) == "SW-C8"
    table.enter({"type": "set_face_up", "ranks": "J 6 4 A"}, by=C, seat=C)
    assert table.state(by="host")["actions"] == [{"type": "set_starter", "seat": None}]
    state = table.enter({"type": "set_starter", "seat": C})["state"]
    assert state["phase"] == "play" and state["current"] == C
    assert state["players"][A]["up"] == ["K", "9", "9", "3"] and state["players"][A]["hand"] == 11


def test_opening_a_table_checks_packs_against_players(client):
    six = ["Ann", "Ben", "Cem", "Dee", "Eli", "Fay"]
    response = client.post("/api/tables", json={"game": "swoop", "players": six, "options": {"packs": "2"}})
    assert response.status_code == 422 and response.json["error"]["rule"] == "SW-C9"
    assert "6 players need at least 3 packs (114 cards are dealt)" in response.json["error"]["message"]
    opened = TableDriver(client, "swoop", six, {})
    assert opened.state()["packs"] == 3
    games = {g["id"]: g for g in client.get("/api/games").json["games"]}
    options = {o["name"]: o["default"] for o in games["swoop"]["options"]}
    assert options == {
        "packs": "auto",
        "overfill_swoops": "false",
        "chain_swoops": "true",
        "chain_after_swoop_card": "false",
        "mystery_add_ons": "true",
        "low_card_points": "face",
        "end_mode": "target",
        "target": "500",
        "hand_limit": "0",
        "starter_rule": "rotate",
        "show_known_cards": "false",
    }
    assert games["swoop"]["players"] == [3, 8]
    assert (
        "swoop"
        in client.get("/api/openapi.json").json["components"]["schemas"]["NewTable"]["properties"]["game"]["enum"]
    )


def test_face_up_rows_sent_without_a_seat_still_land_in_any_order(client):
    """Rules README, "Entries every seat makes at once": Ben's row, made on the board before Ann's
    was recorded, is recorded too, also when the phones leave ``seat`` out (their own seat);
    Ann's second row on the old board is still stale (issue 29)."""
    table = TableDriver(client, "swoop", ["Ann", "Ben", "Cem"])
    old = table.seq
    table.enter({"type": "set_face_up", "ranks": "K 9 9 3"}, by=A)
    landed = table.enter({"type": "set_face_up", "ranks": "Q 8 5 2"}, by=B, seq=old)
    assert landed["seq"] == old + 2
    assert (
        table.enter({"type": "set_face_up", "ranks": "J 6 4 A"}, by=A, seq=old, expect=409)["error"]["rule"] == "STALE"
    )
