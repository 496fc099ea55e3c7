"""Was Sticht through the API and the pages: a whole round, and the secrets that never leave."""

from __future__ import annotations

import re

from tests.games.was_sticht_examples import CHIPS, COLUMNS_85, TRICKS_85, drafted_chips, seat_cards
from tests.web.api_driver import TableDriver
from tests.helpers import Phone, text

A, B, C, D = 0, 1, 2, 3


def test_a_whole_round_through_the_api(client):
    table = drafted_chips(client)
    refused = table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=B, expect=403)
    assert refused["error"]["rule"] == "WS-T1"
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    for picks, hint in COLUMNS_85:
        for seat, card in seat_cards(picks):
            table.enter({"type": "pick", "card": card}, by=seat)
        assert table.state(by=A)["hint_for_dealer"] == hint
        table.enter({"type": "announce_hint"}, by=A)
    table.enter({"type": "reveal"}, by=A)
    for seat, chip in ((B, "MOST"), (C, "EXACT_1"), (D, "LAST")):
        table.enter({"type": "choose_task", "chip": chip}, by=seat)
    for plays, _winner in TRICKS_85:
        for seat, card in seat_cards(plays):
            state = table.enter({"type": "play", "card": card}, by=seat)["state"]
    assert state["phase"] == "flip" and state["result"]["success"] == {"1": False, "2": True, "3": False}
    error = table.enter({"type": "play", "card": "B3"}, by=A, expect=422)["error"]
    assert error["rule"] == "WS-P1"
    state = table.enter({"type": "dealer_flip", "chip": "LAST"}, by=A)["state"]
    assert [p["completed"] for p in state["players"]] == [1, 0, 1, 0] and state["dealer"] == B


def _everything_seen_by(client, table, seat) -> str:
    """All a seat's phone can read: the board as JSON and HTML, and the history."""
    board = client.get(f"/api/tables/{table.code}", headers=table.auth(seat)).get_data(as_text=True)
    history = client.get(f"/api/tables/{table.code}/history").get_data(as_text=True)
    return board + history


def test_secrets_never_reach_another_seat(app, client):
    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "G", "number": "7"}, by=A)
    for seat in (B, C, D, "host"):
        seen = _everything_seen_by(client, table, seat)
        assert '"trumps":null' in seen.replace(" ", "") and '"G","7"' not in seen and "G/7" not in seen
    assert '"trumps":["G","7"]' in _everything_seen_by(client, table, A).replace(" ", "")

    phone = Phone(app)
    phone.code = table.code
    phone.client.set_cookie(f"rt_{table.code}", table.tokens[B], path=f"/t/{table.code}")
    page = phone.look()
    assert "secret trumps" not in page and "green / 7" not in page

    for picks, _ in COLUMNS_85:
        for seat, card in seat_cards(picks):
            table.enter({"type": "pick", "card": card}, by=seat)
        table.enter({"type": "announce_hint"}, by=A)
    table.enter({"type": "reveal"}, by=A)
    table.enter({"type": "choose_task", "chip": "EXACT_3"}, by=B)
    for seat in (A, C, D, "host"):
        players = table.state(by=seat)["players"]
        assert players[B]["task"] is None and players[B]["task_chosen"]
    history = client.get(f"/api/tables/{table.code}/history").json["entries"]
    assert history[-1]["description"] == "B chose a task"
    assert table.state(by=B)["players"][B]["task"] == 2


def test_a_draft_pick_through_the_page_is_one_tap(app, client):
    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    phone = Phone(app)
    phone.code = table.code
    phone.client.set_cookie(f"rt_{table.code}", table.tokens[B], path=f"/t/{table.code}")
    page = phone.look()
    assert "B</strong> picks" in page and 'name="card" value="G7"' in page
    page = text(phone.enter({"type": "pick", "seat": "1", "card": "G7"}))
    assert re.search(r'value="G7"\s+disabled', page)


def test_a_paper_reveal_without_the_trump_pair_answers_422_not_500(client):
    """Issue 20: the paper reveal read no pair and crashed (HTTP 500); issue 29: refused as WS-X1."""
    table = drafted_chips(client, {"trump_entry": "paper"})
    for picks, hint in COLUMNS_85:
        for seat, card in seat_cards(picks):
            table.enter({"type": "pick", "card": card}, by=seat)
        table.enter({"type": "enter_hint", "winner": hint}, by=C)
    error = table.enter({"type": "reveal"}, by=B, expect=422)["error"]
    assert error["rule"] == "WS-X1" and "colour and number" in error["message"]
    assert table.enter({"type": "reveal", "colour": "B", "number": "4"}, by=B)["state"]["phase"] == "tasks"


def test_the_result_form_answers_every_colour_question_unticked_as_no(app, client):
    """Issue 20 (WS-Q4): an unticked 'took a red card' box is the answer no, which the form says;
    an entry without the answer is refused."""
    table = TableDriver(client, "was-sticht", ["A", "B", "C", "D"], {"entry_mode": "score_only"})
    table.enter({"type": "first_dealer", "seat": A})
    for round_ in range(5):
        for seat in (A, B, C, D):
            table.enter({"type": "chip_pick", "chip": CHIPS[seat][round_]}, by=seat)
    for seat, chip in ((B, "MOST"), (C, "NO_G"), (D, "LAST")):
        table.enter({"type": "choose_task", "chip": chip}, by=seat)
    result = {"type": "round_result", "tricks": [3, 3, 1, 2], "last": A}
    assert table.enter(result, expect=422)["error"]["rule"] == "WS-Q4"
    phone = Phone(app)
    phone.code = table.code
    phone.client.set_cookie(f"rt_{table.code}", table.host, path=f"/t/{table.code}")
    page = phone.look()
    assert page.count('type="hidden" name="took.') == 2  # C and the dealer A are asked about green
    response = phone.enter(
        {
            "type": "round_result",
            "tricks#0": "3",
            "tricks#1": "3",
            "tricks#2": "1",
            "tricks#3": "2",
            "last": "0",
            "took.2": "-",
            "took.0": ["-", "G"],
        }
    )
    assert response.status_code == 200
    result = table.state()["result"]
    assert result["success"] == {"1": False, "2": True, "3": False}


# --------------------------------------------------------------------------- issue 16: quicker than paper


def _seat_page(app, table, seat) -> str:
    phone = Phone(app)
    phone.code = table.code
    token = table.host if seat == "host" else table.tokens[seat]
    phone.client.set_cookie(f"rt_{table.code}", token, path=f"/t/{table.code}")
    return phone.look()


def _hint_cells(page) -> list[str]:
    table = re.search(r'<table class="sheet hints".*?</table>', page, re.S)
    assert table, "no hint table on the board"
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", table.group(0), re.S)]


def _drafted_to_play(client) -> TableDriver:
    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    for picks, _ in COLUMNS_85:
        for seat, card in seat_cards(picks):
            table.enter({"type": "pick", "card": card}, by=seat)
        table.enter({"type": "announce_hint"}, by=A)
    table.enter({"type": "reveal"}, by=A)
    for seat, chip in ((B, "MOST"), (C, "EXACT_1"), (D, "LAST")):
        table.enter({"type": "choose_task", "chip": chip}, by=seat)
    return table


def test_the_column_hints_stay_on_the_board_through_the_draft_and_the_play(app, client):
    table = drafted_chips(client)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=A)
    for seat, card in seat_cards(COLUMNS_85[0][0]):
        table.enter({"type": "pick", "card": card}, by=seat)
    table.enter({"type": "announce_hint"}, by=A)
    assert _hint_cells(_seat_page(app, table, C))[:2] == ["A", "–"]
    table = _drafted_to_play(client)
    names = "ABCD"
    for seat in (B, "host"):
        assert _hint_cells(_seat_page(app, table, seat)) == [names[hint] for _, hint in COLUMNS_85]


def test_a_players_own_hand_marks_the_cards_it_may_not_play_and_its_trumps(app, client):
    table = _drafted_to_play(client)
    plays = seat_cards(TRICKS_85[0][0])  # B leads R7
    table.enter({"type": "play", "card": plays[0][1]}, by=plays[0][0])
    page = _seat_page(app, table, C)  # C holds R6 R2 (red, must follow) and trumps B9 (colour) and G4 (number)
    hand = re.search(r'<div class="row hand">(.*?)</div>', page, re.S).group(1)
    buttons = {
        card: classes
        for classes, card in re.findall(r'<button class="pick-btn ws-\w([^"]*)" name="card" value="(\w\d)"', hand)
    }
    assert "illegal" not in buttons["R6"] and "illegal" not in buttons["R2"]
    assert "illegal" in buttons["Y1"] and "illegal" in buttons["G4"]
    assert "trump" in buttons["B9"] and "trump" in buttons["G4"] and "trump" not in buttons["R6"]
    waiting = re.search(r'<p class="myhand">(.*?)</p>', _seat_page(app, table, D), re.S).group(1)
    assert re.search(r'class="card ws-B trump', waiting)  # D's B5, B6, B8: trumps shown off turn too


def test_the_rounds_trick_counts_stay_until_the_next_round_starts(app, client):
    table = _drafted_to_play(client)
    for plays, _ in TRICKS_85:
        for seat, card in seat_cards(plays):
            table.enter({"type": "play", "card": card}, by=seat)
    table.enter({"type": "dealer_flip", "chip": "LAST"}, by=A)
    page = _seat_page(app, table, C)
    counts = re.findall(r'<span aria-label="(\d) tricks?', page)
    assert counts == ["3", "3", "1", "2"]  # A, B, C, D of section 8.5
    table.enter({"type": "set_trumps", "colour": "R", "number": "5"}, by=B)
    assert not re.findall(r'<span aria-label="(\d) tricks?', _seat_page(app, table, C))


def test_the_final_ranking_marks_the_others_not_ranked_while_corner_numbers_are_missing(app):
    """Section 5.7: with corner numbers skipped the others are listed by count, "not ranked", with
    no place; once they are in, places and sums."""
    from flask import render_template

    from referee.games.was_sticht import GAME
    from referee.games.was_sticht.scoring import end_of_round
    from tests.games.test_was_sticht import _finished

    state = _finished({A: 4, B: 5, C: 3, D: 4}, game_length="full")
    end_of_round(state)
    with app.test_request_context("/"):
        view = GAME.view(state, None)
        page = " ".join(render_template("games/was-sticht/_summary.html", v=view, view=view).split())
    assert '<td></td><th scope="row">A</th><td>4 chips</td><td>not ranked</td>' in page
    for seat, numbers in ((A, [3, 3, 3, 3]), (C, [5, 5, 5]), (D, [2, 3, 3, 2])):
        state = GAME.apply(
            state, {"type": "corner_numbers", "seat": seat, "numbers": {str(i): n for i, n in enumerate(numbers)}}
        )
    with app.test_request_context("/"):
        view = GAME.view(state, None)
        page = " ".join(render_template("games/was-sticht/_summary.html", v=view, view=view).split())
    assert "not ranked" not in page and '<td>2.</td><th scope="row">C</th><td>3 chips</td><td>corners 15</td>' in page
