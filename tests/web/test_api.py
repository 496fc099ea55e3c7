"""The JSON API through Flask's test client, on SQLite and PostgreSQL."""

from __future__ import annotations

import uuid

import pytest

from .api_driver import TableDriver

A, B, C = 0, 1, 2


@pytest.fixture
def three(client):
    """A 3-player table with round 1 started (A B C)."""
    table = TableDriver(client, "switch-to", ["A", "B", "C"])
    table.enter({"type": "start_round"})
    return table


def predict(table: TableDriver, values: list[int]) -> None:
    for seat, value in enumerate(values):
        table.enter({"type": "predict", "value": value}, by=seat, seat=seat)


# --------------------------------------------------------------------------- opening and reading


def test_open_table_answers_code_host_token_and_join_links_not_seat_tokens(client):
    """Issue 17, item 2: the opener gets the host token and each seat's join link; a seat's
    token is minted only when the seat is claimed, and answered once."""
    response = client.post("/api/tables", json={"game": "switch-to", "players": ["Ann", "Ben"]})
    assert response.status_code == 201
    opened = response.json
    assert opened["seq"] == 0
    assert opened["join_url"] == f"http://table.test/t/{opened['code']}"
    assert [s["name"] for s in opened["seats"]] == ["Ann", "Ben"]
    assert all("token" not in s and s["join_url"].startswith(opened["join_url"]) for s in opened["seats"])
    host = {"Authorization": f"Bearer {opened['host_token']}"}
    claim = f"/api/tables/{opened['code']}/seats/1/claim"
    claimed = client.post(claim, headers=host)
    assert claimed.status_code == 201 and claimed.json["seat"] == 1
    tokens = {opened["host_token"], claimed.json["token"]}
    assert len(tokens) == 2 and all(len(t) >= 32 for t in tokens)
    assert client.post(claim, headers=host).status_code == 409  # answered once
    seat = {"Authorization": f"Bearer {claimed.json['token']}"}
    assert client.post(f"/api/tables/{opened['code']}/seats/0/claim", headers=seat).status_code == 403


@pytest.mark.parametrize(
    "body, status",
    [
        ({"game": "chess", "players": ["A", "B"]}, 422),
        ({"game": "switch-to", "players": ["A"]}, 422),
        ({"game": "switch-to", "players": ["A", "B", "C", "D", "E"]}, 422),
        ({"game": "switch-to", "players": ["A", "a"]}, 422),
        ({"game": "switch-to", "players": "A,B"}, 422),
        ({"game": "switch-to", "players": ["A", "B"], "options": {"compare": "sideways"}}, 422),
        ({"game": "switch-to", "players": ["A", "B"], "options": {"colour": "red"}}, 422),
        ({"game": "switch-to", "players": ["A", "B"], "options": "loose"}, 400),
    ],
)
def test_open_table_refuses_bad_setups_with_a_reason(client, body, status):
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert response.json["error"]["message"]


def test_body_that_is_not_json_is_a_clear_400(client):
    response = client.post("/api/tables", data="players=A", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert "JSON" in response.json["error"]["message"]


def test_huge_body_is_refused(client):
    response = client.post("/api/tables", json={"game": "switch-to", "players": ["A" * 100_000, "B"]})
    assert response.status_code == 413


def test_unknown_table_is_404_everywhere(client):
    for path in (
        "/api/tables/NOSUCH",
        "/api/tables/NOSUCH/history",
        "/api/tables/NOSUCH/qr.svg",
        "/api/tables/NOSUCH/changes?since=0",
    ):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json["error"]["rule"] == "TABLE"
    response = client.post("/api/tables/NOSUCH/plays", json={"action": {"type": "pass"}, "expected_seq": 0, "key": "k"})
    assert response.status_code == 404


def test_board_and_qr(client, three):
    board = client.get(f"/api/tables/{three.code}").json
    assert board["seq"] == 1 and board["game"] == "switch-to"
    assert board["state"]["phase"] == "predict"
    assert board["state"]["actions"] == []  # a watcher may enter nothing
    svg = client.get(f"/api/tables/{three.code}/qr.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml" and b"<svg" in svg.data


def test_codes_are_case_insensitive(client, three):
    assert client.get(f"/api/tables/{three.code.lower()}").status_code == 200


def test_changes_is_204_until_something_happens(client, three):
    assert client.get(f"/api/tables/{three.code}/changes?since={three.seq}").status_code == 204
    three.enter({"type": "predict", "value": 2}, by=A, seat=A)
    response = client.get(f"/api/tables/{three.code}/changes?since={three.seq - 1}")
    assert response.status_code == 200 and response.json == {"seq": three.seq}


def test_openapi_document_describes_every_endpoint(client):
    document = client.get("/api/openapi.json").json
    assert document["openapi"].startswith("3.")
    for path in (
        "/api/tables",
        "/api/tables/{code}",
        "/api/tables/{code}/plays",
        "/api/tables/{code}/undo",
        "/api/tables/{code}/history",
        "/api/tables/{code}/qr.svg",
        "/api/tables/{code}/changes",
    ):
        assert path in document["paths"], path
    assert "switch-to" in document["components"]["schemas"]["NewTable"]["properties"]["game"]["enum"]


# --------------------------------------------------------------------------- writing


def test_refusal_is_422_with_rule_and_message(three):
    predict(three, [4, 3, 4])
    three.enter({"type": "start_player", "seat": C}, by=A)
    three.play(C, "5S 5D")
    error = three.play(A, "6S", expect=422)["error"]
    assert error["rule"] == "ST-R12"
    assert error["message"] == (
        "The table shows 2 cards: play 2 cards with one higher than 5, or 3 cards with one lower than 5."
    )


def test_stale_write_is_409_with_the_fresh_board_and_records_nothing(three):
    old = three.seq
    three.enter({"type": "predict", "value": 1}, by=A, seat=A)
    stale = three.enter({"type": "predict", "value": 2}, by=A, seat=A, seq=old, expect=409)  # A's own again
    assert stale["error"]["rule"] == "STALE"
    assert stale["seq"] == old + 1
    assert stale["state"]["players"][A]["predicted"] is True


def test_predictions_made_at_once_on_two_phones_both_land(client, three):
    """Every seat predicts at once: B's phone still showed the board before A's prediction, and
    B's prediction means the same on top of it, so it is recorded instead of refused as stale."""
    old = three.seq
    three.enter({"type": "predict", "value": 1}, by=A, seat=A)
    landed = three.enter({"type": "predict", "value": 2}, by=B, seat=B, seq=old)
    assert landed["seq"] == old + 2 and landed["replayed"] is False
    assert [p["predicted"] for p in landed["state"]["players"]] == [True, True, False]


def test_an_entry_made_before_an_undo_is_stale_even_if_it_would_commute(three):
    old = three.seq
    three.enter({"type": "predict", "value": 1}, by=A, seat=A)
    three.undo(by=A)
    stale = three.enter({"type": "predict", "value": 2}, by=B, seat=B, seq=old, expect=409)
    assert stale["error"]["rule"] == "STALE"


def test_same_key_twice_records_once_and_answers_the_first_result(client, three):
    first = three.enter({"type": "predict", "value": 1}, by=A, seat=A, key="tap-1")
    again = three.enter({"type": "predict", "value": 1}, by=A, seat=A, key="tap-1", seq=first["seq"] - 1)
    assert again["replayed"] is True and first["replayed"] is False
    assert again["seq"] == first["seq"] and again["state"] == first["state"]
    entries = client.get(f"/api/tables/{three.code}/history").json["entries"]
    assert [e["description"] for e in entries].count("A entered a prediction") == 1


@pytest.mark.parametrize(
    "body",
    [
        {"action": {"type": "pass"}, "key": "k"},
        {"action": {"type": "pass"}, "expected_seq": "1", "key": "k"},
        {"action": {"type": "pass"}, "expected_seq": 1},
        {"action": {"type": "pass"}, "expected_seq": 1, "key": "k" * 65},
        {"action": "pass", "expected_seq": 1, "key": "k"},
        {"expected_seq": 1, "key": "k"},
    ],
)
def test_malformed_write_bodies_are_400(client, three, body):
    response = client.post(f"/api/tables/{three.code}/plays", json=body, headers=three.auth("host"))
    assert response.status_code == 400
    assert response.json["error"]["message"]


@pytest.mark.parametrize(
    "cards, rule",
    [("1X", "ST-C1"), ("10H", "ST-C1"), (123, "ST-C1"), (["5S", 5], "ST-C1"), ("5S 5S", "ST-C2"), ("", "ST-R6")],
)
def test_malformed_cards_are_refused_by_rule(three, cards, rule):
    predict(three, [4, 3, 2])
    assert three.play(A, cards, expect=422)["error"]["rule"] == rule


@pytest.mark.parametrize(
    "action",
    [
        {"type": "teleport"},
        {"type": "play", "seat": 9, "cards": "5S"},
        {"type": "play", "seat": "x", "cards": "5S"},
        {"type": None},
    ],
)
def test_unreadable_entries_are_422(three, action):
    assert three.enter(action, expect=422)["error"]["rule"] == "ENTRY"


def test_no_token_is_401_and_a_foreign_token_is_403(client, three):
    other = TableDriver(client, "switch-to", ["X", "Y"])
    body = {"seat": A, "action": {"type": "predict", "value": 1}, "expected_seq": three.seq, "key": "k"}
    url = f"/api/tables/{three.code}/plays"
    assert client.post(url, json=body).status_code == 401
    assert client.post(url, json=body, headers={"Authorization": "Bearer nonsense"}).status_code == 403
    assert client.post(url, json=body, headers=other.auth("host")).status_code == 403
    assert client.post(url, json=body, headers=other.auth(0)).status_code == 403


def test_a_seat_cannot_enter_for_another_seat(three):
    error = three.enter({"type": "predict", "value": 1}, by=B, seat=A, expect=403)["error"]
    assert error["rule"] == "ST-C9" and "Only A (or the host)" in error["message"]


def test_host_only_entries_are_refused_to_seats(three):
    predict(three, [1, 2, 3])
    assert three.enter({"type": "end_round"}, by=A, expect=403)["error"]["rule"] == "ST-C9"


def test_predictions_stay_hidden_from_other_phones_until_all_are_in(client, three):
    three.enter({"type": "predict", "value": 7}, by=A, seat=A)
    assert three.state(by=A)["players"][A]["prediction"] == 7
    for viewer in (B, "host", None):
        seen = three.state(by=viewer)["players"][A]
        assert seen["prediction"] is None and seen["predicted"] is True
    entries = client.get(f"/api/tables/{three.code}/history").json["entries"]
    assert all("7" not in e["description"] and "action" not in e for e in entries)
    three.enter({"type": "predict", "value": 1}, by=B, seat=B)
    three.enter({"type": "predict", "value": 2}, by=C, seat=C)
    assert three.state()["players"][A]["prediction"] == 7


# --------------------------------------------------------------------------- undo and rulings


def test_undo_appends_a_void_and_restores_the_state(client, three):
    predict(three, [2, 1, 1])
    before = three.state(by=A)
    three.play(A, "5S")
    assert three.state()["top"]["cards"] == ["5S"]
    undone = three.undo(by=A)
    assert undone["entry"]["kind"] == "void" and undone["state"] == before
    assert three.state(by=A) == before
    history = client.get(f"/api/tables/{three.code}/history").json["entries"]
    assert history[-1]["kind"] == "void" and history[-1]["voids"] == history[-2]["seq"]
    assert history[-2]["voided"] is True and history[-2]["description"] == "A played 5♠"


def test_undo_twice_walks_back_two_entries_and_play_goes_on(three):
    predict(three, [2, 1, 1])
    three.play(A, "5S")
    three.play(B, "7H")
    three.undo()
    three.undo()
    state = three.state()
    assert state["top"] is None and state["turn"] == A and state["players"][A]["play"] == 2
    three.play(A, "6S")
    assert three.state()["top"]["cards"] == ["6S"]


def test_only_the_maker_or_the_host_may_undo(three):
    predict(three, [2, 1, 1])
    three.play(A, "5S")
    assert three.undo(by=B, expect=403)["error"]["rule"] == "ACCESS"
    three.undo(by=A)


def test_undo_with_nothing_to_undo_is_422(client):
    table = TableDriver(client, "switch-to", ["A", "B"])
    assert table.undo(expect=422)["error"]["rule"] == "UNDO"


def test_undo_retried_with_the_same_key_voids_once(three):
    predict(three, [2, 1, 1])
    three.play(A, "5S")
    seq = three.seq
    first = three.undo(key="undo-1")
    three.seq = seq
    again = three.undo(key="undo-1")
    assert again["replayed"] and again["seq"] == first["seq"]
    assert three.state()["players"][A]["play"] == 2


def test_host_ruling_applies_a_refused_play_and_logs_the_rule(client):
    """ST-E30 through the API."""
    table = TableDriver(client, "switch-to", ["A", "B", "C", "D"])
    table.enter({"type": "start_round"})
    predict(table, [1, 1, 1, 3])
    table.play(D, "4S 5S 6S")
    table.play(A, "3D 4D 5D", expect=422)
    table.enter({"type": "play", "cards": "3D 4D 5D"}, seat=A, by=A, ruling=True, expect=403)
    result = table.enter({"type": "play", "cards": "3D 4D 5D"}, seat=A, ruling=True)
    assert result["entry"]["ruling"] == "ST-R13"
    assert result["state"]["top"]["cards"] == ["3D", "4D", "5D"]
    assert "Table ruling, overriding ST-R13." in result["state"]["notes"]


D = 3


# --------------------------------------------------------------------------- whole games


def test_worked_example_st_e25_through_the_api(client, three):
    predict(three, [4, 3, 4])
    three.enter({"type": "start_player", "seat": A}, by=B, expect=200)
    three.undo(by=B)
    three.enter({"type": "start_player", "seat": C}, by=B)
    steps = [
        (C, "5S 5D", "3/0/6"),
        (A, "2S 3S 4S", "3/0/5"),
        (B, "3H 4H 5H", "2/0/5"),
        (C, "pass play_to_wild", "2/1/6"),
        (A, "pass", "3/0/5"),
        (B, "7D 7C", "1/0/3"),
        (C, "3C 4C W5", "1/0/4"),
        (A, "pass play_to_wild", "2/1/5"),
        (B, "pass", "1/0/3"),
        (C, "9C", "0/0/3"),
        (A, "6H 6D", "1/1/3"),
        (B, "8S 8D", "0/0/1"),
        (C, "pass", "0/0/3"),
        (A, "9S 9H", "0/1/1"),
    ]
    for seat, entry, after in steps:
        if entry.startswith("pass"):
            state = three.pass_(seat, *entry.split()[1:])["state"]
        else:
            state = three.play(seat, entry)["state"]
        p = state["players"][seat]
        assert f"{p['play']}/{p['wild']}/{p['hand']}" == after, entry
    assert state["phase"] == "declare" and state["end_reason"] == "E1"
    for seat, hand in [(A, "8C"), (B, "2C"), (C, "2D 6S 7H")]:
        state = three.enter({"type": "declare_hand", "cards": hand}, by=seat, seat=seat)["state"]
    assert [p["round_score"] for p in state["players"]] == [-18, -2, -15]
    assert state["phase"] == "setup" and state["round"] == 1


def test_a_whole_two_player_game_to_the_winner(client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    # Round 1, clubs out: Ann runs out in one play; Ben cannot answer 8 cards and passes (E2).
    table.enter({"type": "start_round", "removed_suit": "C"})
    predict(table, [1, 2])
    table.play(1, "2H 3H")
    table.pass_(0)  # n-1 = 1 pass clears the table; Ben leads again
    table.play(1, "9D")
    state = table.pass_(0, "play_to_wild")["state"]
    assert state["end_reason"] == "E1" and state["phase"] == "declare"
    assert table.enter({"type": "declare_hand", "cards": "2S 3S"}, by=0, seat=0, expect=422)["error"]["rule"] == "ST-C5"
    table.enter({"type": "declare_hand", "cards": "2S 3S 4S 5S 6S 7S 8S 9S"}, by=0, seat=0)
    state = table.enter({"type": "declare_hand", "cards": "4H 5H 6H 2D 3D"}, by=1, seat=1)["state"]
    assert [p["round_score"] for p in state["players"]] == [-44 - 10, -(4 + 5 + 6 + 2 + 3)]
    # The game ends at once: Ann is at -54, at or below -50.
    assert state["phase"] == "over" and state["winners"] == [1]
    assert table.enter({"type": "start_round", "removed_suit": "S"}, expect=422)["error"]["rule"] == "ST-C8"


def test_replay_of_the_log_equals_the_snapshots(app, client, three):
    from sqlmodel import Session

    from referee.table import reads
    from referee.games.switch_to import GAME

    predict(three, [2, 2, 1])
    three.enter({"type": "start_player", "seat": B})
    three.play(B, "5S")
    three.play(C, "6H")
    three.undo()
    three.play(C, "3H 3D")
    with Session(app.extensions["db_engine"]) as session:
        table = reads.find_table(session, three.code)
        assert GAME.dump(reads.replay(session, table)) == GAME.dump(reads.current_state(session, table))


# --------------------------------------------------------------------------- racing phones


def _race(app, code: str, token: str, bodies: list[dict]) -> list[int]:
    """Send the bodies at once from separate clients; the status codes in order."""
    from concurrent.futures import ThreadPoolExecutor

    def send(body):
        response = app.test_client().post(
            f"/api/tables/{code}/plays", json=body, headers={"Authorization": f"Bearer {token}"}
        )
        return response.status_code

    with ThreadPoolExecutor(max_workers=len(bodies)) as pool:
        return list(pool.map(send, bodies))


def test_phones_racing_for_the_same_turn_get_one_success_and_409s(app, client, three):
    predict(three, [2, 1, 1])
    bodies = [
        {"seat": A, "action": {"type": "play", "cards": card}, "expected_seq": three.seq, "key": uuid.uuid4().hex}
        for card in ("5S", "6S", "7S", "8S", "2H", "3H")
    ]
    statuses = _race(app, three.code, three.host, bodies)
    assert sorted(statuses) == [200] + [409] * 5
    entries = client.get(f"/api/tables/{three.code}/history").json["entries"]
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))


def test_the_same_key_sent_at_once_from_many_retries_records_once(app, client, three):
    body = {"seat": A, "action": {"type": "predict", "value": 3}, "expected_seq": three.seq, "key": "retry-storm"}
    statuses = _race(app, three.code, three.host, [body] * 6)
    assert statuses == [200] * 6
    entries = client.get(f"/api/tables/{three.code}/history").json["entries"]
    assert [e["description"] for e in entries].count("A entered a prediction") == 1


def test_a_seats_own_token_need_not_name_its_seat(three):
    """As in the other games, a Switch To phone's entries are for its own seat: the body may leave
    ``seat`` out (issue 29). Predictions so made still land in any order (rules README)."""
    old = three.seq
    three.enter({"type": "predict", "value": 1}, by=A)
    landed = three.enter({"type": "predict", "value": 2}, by=B, seq=old)
    assert [p["predicted"] for p in landed["state"]["players"]] == [True, True, False]
    three.enter({"type": "predict", "value": 3}, by=C)
    start = three.state(by="host")["turn"]
    state = three.enter({"type": "pass"}, by=start)["state"]
    assert state["turn"] == (start + 1) % 3
    error = three.enter({"type": "pass"}, by=start, expect=422)["error"]
    assert error["rule"] == "ST-R4"  # another turn's entry, for its own seat: refused by the rules


@pytest.mark.parametrize(
    "game, players, before, entry",
    [
        ("switch-to", ["Ann", "Ben", "Cem"], [{"type": "start_round"}], {"type": "predict", "value": 2}),
        ("swoop", ["Ann", "Ben", "Cem"], [], {"type": "set_face_up", "ranks": "K 9 9 3"}),
    ],
)
def test_a_phones_entry_that_names_no_seat_is_said_as_its_seats(client, game, players, before, entry):
    """An entry made on a seat's phone is for that seat when it names none (the rules take it
    so); its History line said "? entered a prediction" all the same."""
    table = TableDriver(client, game, players)
    for action in before:
        table.enter(action)
    assert table.enter(entry, by=1)["entry"]["description"].startswith("Ben")
