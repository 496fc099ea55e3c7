"""The phone pages through Flask's test client: open, join, enter, undo, refuse, poll."""

from __future__ import annotations

import re
import uuid

import pytest

from tests.helpers import Phone, text, visible


@pytest.fixture
def host(app):
    phone = Phone(app)
    phone.open_table(["Ann", "Ben", "Cleo"])
    phone.look()
    return phone


def start_and_predict(host: Phone, values=(2, 1, 1), phones: dict | None = None):
    """Start a round and enter the predictions: a seat with its own phone predicts there (the
    host may not make a joined seat's secret entries), the host enters the others'."""
    assert host.enter({"type": "start_round"}).status_code == 200
    for seat, value in enumerate(values):
        phone = (phones or {}).get(seat, host)
        phone.look(host.code)
        assert phone.enter({"type": "predict", "seat": seat, "value": value}).status_code == 200
    host.look()


# --------------------------------------------------------------------------- opening and joining


def test_start_page_lists_the_games(client):
    page = text(client.get("/"))
    assert "Switch To" in page and "/new/switch-to" in page
    assert "Swoop" in page  # listed, not yet playable


def test_new_table_form_offers_every_house_rule_with_its_default(client):
    page = text(client.get("/new/switch-to"))
    for name, default, other in (("compare", "strict", "loose"), ("auto_pass", "off", "on")):
        assert re.search(rf'name="{name}" value="{default}"\s+checked', page)
        assert f'name="{name}" value="{other}"' in page
    assert "Which end of a run on the table a new play must beat." in page


def test_new_table_with_one_player_is_refused_and_keeps_the_names(client):
    response = client.post("/new/switch-to", data={"player": ["Ann", ""]})
    assert response.status_code == 422
    assert "2 to 4 players" in text(response) and 'value="Ann"' in text(response)


def test_opening_makes_this_phone_the_host_with_a_qr_code(host):
    page = host.look()
    assert "Host · enters for everyone" in page
    assert f"/t/{host.code}/qr.svg" in page and host.code in page
    assert f"http://table.test/t/{host.code}" in page
    assert host.client.get(f"/t/{host.code}/qr.svg").mimetype == "image/svg+xml"


def test_a_phone_joins_by_tapping_a_name_and_keeps_its_seat(app, host):
    ben = Phone(app)
    page = ben.look(host.code)
    assert "Who are you?" in page and "I am Ben" in page
    assert ben.join(1).status_code == 303
    page = ben.look()
    assert "You are Ben" in page and "I am Ann" not in page


def test_a_taken_seat_cannot_be_taken_again_until_the_host_frees_it(app, host):
    first, second = Phone(app), Phone(app)
    first.look(host.code)
    first.join(1)
    second.look(host.code)
    response = second.join(1)
    assert response.status_code == 409 and "already taken" in text(response)
    host.client.post(f"/t/{host.code}/free", data={"seat": 1})
    assert "Who are you?" in first.look()  # the old phone's pass no longer works
    assert second.join(1).status_code == 303 and "You are Ben" in second.look()


def test_only_the_host_frees_seats(app, host):
    ben = Phone(app)
    ben.look(host.code)
    ben.join(1)
    assert ben.client.post(f"/t/{host.code}/free", data={"seat": 0}).status_code == 403


def test_unknown_table_is_404(client):
    assert client.get("/t/NOSUCH").status_code == 404
    assert client.post("/t/NOSUCH/entries", data={"type": "pass"}).status_code == 404


def test_code_box_on_the_start_page_finds_the_table(client, host):
    response = client.get(f"/find?code={host.code.lower()}")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/t/{host.code}")


# --------------------------------------------------------------------------- entering


def test_the_acting_seat_sees_the_card_grid_and_others_see_whose_turn(app, host):
    ann, ben = Phone(app), Phone(app)
    for phone, seat in ((ann, 0), (ben, 1)):
        phone.look(host.code)
        phone.join(seat)
    start_and_predict(host, phones={0: ann, 1: ben})
    ann_page, ben_page = ann.look(), ben.look()
    assert 'value="5S"' in ann_page and ">Play<" in ann_page
    assert 'value="5S"' not in ben_page and "Waiting for Ann" in ben_page


def test_a_seat_entering_for_another_seat_is_refused_with_the_rule(app, host):
    ben = Phone(app)
    ben.look(host.code)
    ben.join(1)
    host.enter({"type": "start_round"})
    ben.look()
    response = ben.enter({"type": "predict", "seat": 0, "value": 3})
    assert response.status_code == 403
    assert "ST-C9" in text(response) and "Only Ann (or the host)" in text(response)


def test_a_refusal_names_the_rule_and_the_host_may_rule_it_through(host):
    start_and_predict(host, (2, 2, 1))
    host.enter({"type": "start_player", "seat": 0})
    host.enter({"type": "play", "seat": 0, "cards": ["5S", "5D"]})
    response = host.enter({"type": "play", "seat": 1, "cards": ["6S"]})
    assert response.status_code == 422
    page = text(response)
    assert "ST-R12" in page and "The table shows 2 cards" in page
    assert "Accept anyway as a table ruling" in page
    refused = re.search(r'name="action_json" value="([^"]+)"', page).group(1)
    import html as html_lib

    ruled = host.enter({"action_json": html_lib.unescape(refused), "ruling": "1"})
    assert ruled.status_code == 200 and "Table ruling, overriding ST-R12." in visible(ruled)
    history = visible(host.client.get(f"/t/{host.code}/history"))
    assert "table ruling, overriding ST-R12" in history


def test_a_seat_sees_no_ruling_button(app, host):
    ann = Phone(app)
    ann.look(host.code)
    ann.join(0)
    start_and_predict(host, phones={0: ann})
    ann.look()
    response = ann.enter({"type": "play", "seat": 0, "cards": ["5S", "7H"]})
    assert response.status_code == 422 and "ST-R10" in text(response)
    assert "table ruling" not in text(response)


def test_malformed_cards_in_a_form_are_refused_not_crashed(host):
    start_and_predict(host)
    for bad in (["1X"], ["10H"], ["5S", "5S"], ["W11"]):
        response = host.enter({"type": "play", "seat": 0, "cards": bad})
        assert response.status_code == 422, bad
        assert "ST-C" in text(response)


def test_a_stale_form_gets_the_fresh_board_and_records_nothing(app, host):
    start_and_predict(host)
    drawn_at = host.seq
    host.enter({"type": "play", "seat": 0, "cards": ["5S"]})
    response = host.enter({"type": "pass", "seat": 1}, seq=drawn_at)
    assert response.status_code == 409
    assert "The table moved on" in text(response) and "Nothing was recorded" in text(response)
    assert "passed" not in text(host.client.get(f"/t/{host.code}/history"))


def test_a_double_tap_records_once(host):
    start_and_predict(host)
    first = host.enter({"type": "play", "seat": 0, "cards": ["5S"]}, key="tap")
    second = host.enter({"type": "play", "seat": 0, "cards": ["5S"]}, key="tap", seq=host.seq - 1)
    assert first.status_code == second.status_code == 200
    assert (
        text(host.client.get(f"/t/{host.code}/history")).count(">Ann played 5♠<") == 1
    )  # the line, not its Correct link


def test_a_phone_without_a_seat_cannot_enter(app, host):
    watcher = Phone(app)
    watcher.look(host.code)
    response = watcher.enter({"type": "start_round"})
    assert response.status_code == 401 and "Tap your name first" in text(response)


def test_without_javascript_a_form_post_redirects_back_to_the_table(host):
    response = host.enter({"type": "start_round"}, htmx=False)
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/t/{host.code}")


def test_undo_from_the_page(host):
    start_and_predict(host)
    host.enter({"type": "play", "seat": 0, "cards": ["5S"]})
    response = host.client.post(
        f"/t/{host.code}/undo", data={"expected_seq": host.seq, "key": "u1"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200 and "Ann</strong> to lead" in text(response)
    history = text(host.client.get(f"/t/{host.code}/history"))
    assert "Undone: Ann played 5♠" in history and "undone" in history


# --------------------------------------------------------------------------- live updates


def test_poll_is_204_until_the_table_changes_then_the_board_fragment(app, host):
    watcher = Phone(app)
    watcher.look(host.code)
    poll = f"/t/{host.code}?since={watcher.seq}"
    assert watcher.client.get(poll, headers={"HX-Request": "true"}).status_code == 204
    host.enter({"type": "start_round"})
    response = watcher.client.get(poll, headers={"HX-Request": "true"})
    assert response.status_code == 200
    fragment = text(response)
    assert fragment.lstrip().startswith('<section id="board"') and "<html" not in fragment
    assert "predictions: 0 of 3 in" in fragment


def test_a_whole_two_player_game_through_the_pages(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben"])
    host.look()
    host.enter({"type": "start_round", "removed_suit": "C"})
    host.enter({"type": "predict", "seat": 0, "value": 1})
    host.enter({"type": "predict", "seat": 1, "value": 1})
    host.enter({"type": "start_player", "seat": 0})
    host.enter({"type": "play", "seat": 0, "cards": ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]})
    page = text(host.enter({"type": "pass", "seat": 1}))
    assert "Round 1 is over" in page and "Ben: tap the 8 cards left" in page
    response = host.enter({"type": "declare_hand", "seat": 1, "cards": "2H 3H 4H 5H 6H 7H 8H 9H".split()})
    page = text(response)
    assert "Game over after 1 round." in page and "Ann" in page and "wins!" in page
    assert "<td>-54</td>" in page  # Ben: -44 for 2..9, -10 for the play token left


def test_a_form_posted_from_another_site_is_refused(host):
    start_and_predict(host)
    response = host.client.post(
        f"/t/{host.code}/entries",
        headers={"Origin": "https://evil.example"},
        data={"type": "play", "seat": 0, "cards": "5S", "expected_seq": host.seq, "key": "x"},
    )
    assert response.status_code == 403
    same_site = host.client.post(
        f"/t/{host.code}/entries",
        headers={"Origin": "http://localhost"},
        data={"type": "play", "seat": 0, "cards": "5S", "expected_seq": host.seq, "key": "y"},
    )
    assert same_site.status_code == 303


def test_pages_carry_security_headers(client):
    headers = client.get("/").headers
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]


def test_the_seat_cookie_is_http_only_and_same_site(app):
    phone = Phone(app)
    response = phone.client.post("/new/switch-to", data={"player": ["Ann", "Ben"]})
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/t/" in cookie


def test_the_card_grid_is_hidden_from_a_player_without_tokens(app):
    phone = Phone(app)
    phone.open_table(["Ann", "Ben", "Cleo"])
    phone.look()
    phone.enter({"type": "start_round"})
    for seat, value in enumerate((2, 0, 1)):
        phone.enter({"type": "predict", "seat": seat, "value": value})
    page = text(phone.enter({"type": "play", "seat": 0, "cards": ["5S"]}))
    assert "Ben has no play token: pass." in page and ">Play<" not in page


# --------------------------------------------------------------------------- the engines' words, translated


def said_on_a_page(app, language: str, text) -> str:
    from referee.i18n import translate

    with app.test_request_context(headers={"Accept-Language": language}):
        return str(translate(text))


def refusal_of(app, code: str, action: dict, by):
    from sqlmodel import Session

    from referee.table import reads
    from referee.games.base import Refusal

    with Session(app.extensions["db_engine"]) as session:
        table = reads.find_table(session, code)
        state = reads.current_state(session, table)
    with pytest.raises(Refusal) as refused:
        reads.engine_of(table).apply(state, action, by)
    return refused.value


@pytest.mark.parametrize("language", ["de", "ja"])
def test_refusals_notes_and_history_lines_read_in_the_phone_s_language(app, host, language):
    from referee.games.base import HOST, Text

    host.client.set_cookie("lang", language)
    start_and_predict(host, (2, 2, 1))
    host.enter({"type": "start_player", "seat": 0})
    host.enter({"type": "play", "seat": 0, "cards": ["5S", "5D"]})
    play = {"type": "play", "seat": 1, "cards": ["6S"]}
    refusal = refusal_of(app, host.code, play, HOST)
    response = host.enter(play)
    translated = said_on_a_page(app, language, refusal.message)
    assert response.status_code == 422 and translated != str(refusal.message)
    assert refusal.rule in text(response) and translated in text(response)

    import html as html_lib
    import json

    ruled = host.enter({"action_json": html_lib.unescape(json.dumps(play)), "ruling": "1"})
    note = said_on_a_page(app, language, Text("Table ruling, overriding {rule}.", rule="ST-R12"))
    assert ruled.status_code == 200 and note in visible(ruled) and "Table ruling" not in text(ruled)
    undone = host.client.post(f"/t/{host.code}/undo", data={"expected_seq": host.seq, "key": uuid.uuid4().hex})
    assert undone.status_code in (200, 303)
    history = visible(host.client.get(f"/t/{host.code}/history"))
    assert note in history and "Undone" not in history and "played" not in history
    english = visible(host.client.get(f"/t/{host.code}/history?lang=en"))
    assert "Undone: Ben played" in english and "Table ruling, overriding ST-R12." in english


def test_a_history_line_written_before_lines_kept_their_parts_reads_in_english(app, host):
    from sqlmodel import Session, select

    from referee.db import Entry

    host.enter({"type": "start_round"})
    with Session(app.extensions["db_engine"]) as session:
        entry = session.exec(select(Entry).where(Entry.key.is_not(None)).order_by(Entry.id.desc())).first()
        entry.words, english = None, entry.description
        session.add(entry)
        session.commit()
    history = text(host.client.get(f"/t/{host.code}/history?lang=de"))
    assert english in history


def test_the_card_grid_is_hidden_when_nothing_can_follow(app):
    phone = Phone(app)
    phone.open_table(["Ann", "Ben"])
    phone.look()
    phone.enter({"type": "start_round", "removed_suit": "C"})
    for seat, value in enumerate((2, 1)):
        phone.enter({"type": "predict", "seat": seat, "value": value})
    page = text(phone.enter({"type": "play", "seat": 0, "cards": "2D 3D 4D 5D 6D 7D 8D 9D".split()}))
    assert "Ben cannot beat the top play: pass." in page and ">Play<" not in page
