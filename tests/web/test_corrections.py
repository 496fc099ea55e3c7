"""Correcting an entry further back (issue 18, part 2) through the API and the pages, on SQLite
and PostgreSQL: the correction and the entries checked again, the pending state every phone sees
and that takes no entry, who may correct, retries and races, History and the exports."""

from __future__ import annotations

import html
import re
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from .api_driver import TableDriver

A, B, C = 0, 1, 2


def correct(table: TableDriver, body: dict, by="host", expect: int = 200, key: str | None = None) -> dict:
    body = {"expected_seq": table.seq, "key": key or uuid.uuid4().hex, **body}
    response = table.client.post(f"/api/tables/{table.code}/corrections", json=body, headers=table.auth(by))
    assert response.status_code == expect, response.json
    if response.status_code in (200, 409):
        table.seq = response.json["seq"]
    return response.json


def history(table: TableDriver) -> list[dict]:
    return table.client.get(f"/api/tables/{table.code}/history").json["entries"]


@pytest.fixture
def played(client):
    """Switch To, three players, round 1: predictions, then B 3♥ (seq 5), C 5♠ (6), A 7♦ (7)."""
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    for seat, value in enumerate([1, 2, 1]):
        table.enter({"type": "predict", "value": value}, seat=seat)
    assert table.state()["turn"] == B
    table.play(B, "3H", by="host")
    table.play(C, "5S", by="host")
    table.play(A, "7D", by="host")
    return table


def played_that_way(client, plays: list[tuple[int, str]]) -> dict:
    """The board of the same table entered another way from the start."""
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    for seat, value in enumerate([1, 2, 1]):
        table.enter({"type": "predict", "value": value}, seat=seat)
    for seat, cards in plays:
        table.play(seat, cards, by="host")
    return table.state("host")


# --------------------------------------------------------------------------- the API


def test_a_card_three_turns_back_is_corrected_and_the_later_entries_checked_again(client, played):
    answer = correct(played, {"entry": 5, "action": {"type": "play", "seat": B, "cards": "2H"}})
    assert answer["pending"] is None and answer["replayed"] is False
    assert answer["entry"]["kind"] == "correct" and answer["entry"]["corrects"] == 5
    assert answer["entry"]["description"] == "Corrected by the host: “Ben played 3♥” (round 1) → “Ben played 2♥”"
    assert answer["state"] == played_that_way(client, [(B, "2H"), (C, "5S"), (A, "7D")])
    lines = history(played)
    assert [(e["seq"], e["replaces"], e["in_force"]) for e in lines[4:]] == [
        (5, None, False),
        (6, None, False),
        (7, None, False),
        (8, 5, True),
        (9, 6, True),
        (10, 7, True),
        (11, None, False),
    ]
    assert [e["description"] for e in lines[7:10]] == ["Ben played 2♥", "Cem played 5♠", "Ann played 7♦"]


def test_a_correction_in_a_game_without_numbered_rounds_points_to_its_line_in_history(client):
    """A race of Switch 16 has no rounds to count in: the correction names the line by the number
    History shows by it, in words a player reads ("line 2 in History", not "entry #2")."""
    table = TableDriver(client, "switch-16", ["Ann", "Ben"])
    table.enter({"type": "start_player", "seat": A})
    table.enter({"type": "roll", "seat": A, "dice": [1, 1, 1], "face": "blank"})
    answer = correct(table, {"entry": 2, "action": {"type": "roll", "seat": A, "dice": [1, 1, 2], "face": "blank"}})
    said = answer["entry"]["description"]
    assert "(line 2 in History) →" in said and "#" not in said


def test_a_later_entry_that_no_longer_passes_leaves_the_table_pending(client, played):
    answer = correct(played, {"entry": 5, "action": {"type": "play", "seat": B, "cards": "6H"}})
    pending = answer["pending"]
    assert pending["about"] == "Corrected by the host: “Ben played 3♥” (round 1) → “Ben played 6♥”"
    assert [(e["seq"], e["rule"], e["description"]) for e in pending["entries"]] == [
        (6, "ST-R13", "Cem played 5♠"),
        (7, "ST-R4", "Ann played 7♦"),
    ]
    assert pending["entries"][0]["message"] == "With 1 card you need a card higher than 6."
    assert played.board()["pending"] == pending and played.board(A)["pending"] == pending  # every phone
    assert played.state("host")["actions"] == []  # nothing offered
    refused = played.play(C, "7S", by="host", expect=422)
    assert refused["error"]["rule"] == "PENDING"
    assert played.undo(expect=422)["error"]["rule"] == "PENDING"
    assert correct(played, {"entry": 6, "accept": True}, by=C, expect=403)["error"]["rule"] == "ACCESS"
    assert correct(played, {"entry": 7, "remove": True}, expect=422)["error"]["rule"] == "PENDING"


def test_the_host_settles_each_entry_then_the_table_takes_entries_again(client, played):
    correct(played, {"entry": 5, "action": {"type": "play", "seat": B, "cards": "6H"}})
    ruled = correct(played, {"entry": 6, "accept": True})  # C's 5♠ stands as a table ruling
    assert ruled["entry"]["kind"] == "accept" and ruled["entry"]["ruling"] == "ST-R13"
    assert ruled["pending"] is None  # with C's play standing, A's 7♦ is in turn again
    lines = history(played)
    assert [e["ruling"] for e in lines if e["in_force"]][-2:] == ["ST-R13", None]
    played.play(B, "8S", by="host")


def test_a_pending_entry_may_be_dropped_or_corrected_in_turn(client, played):
    correct(played, {"entry": 5, "action": {"type": "play", "seat": B, "cards": "6H"}})
    dropped = correct(played, {"entry": 6, "remove": True})
    assert [e["seq"] for e in dropped["pending"]["entries"]] == [7]  # now it is A's 7♦: C's turn
    fixed = correct(played, {"entry": 7, "action": {"type": "play", "seat": C, "cards": "7D"}})
    assert fixed["pending"] is None
    assert fixed["state"] == played_that_way(client, [(B, "6H"), (C, "7D")])


def test_a_correction_back_to_what_it_was_ends_a_pending_one(client, played):
    before = played.state("host")
    correct(played, {"entry": 5, "action": {"type": "play", "seat": B, "cards": "6H"}})
    in_force = [e["seq"] for e in history(played) if e["in_force"]]
    answer = correct(played, {"entry": in_force[-1], "action": {"type": "play", "seat": B, "cards": "3H"}})
    assert answer["pending"] is None and answer["state"] == before


def test_an_entry_is_inserted_before_another(client, played):
    answer = correct(played, {"entry": 6, "insert": True, "action": {"type": "pass", "seat": C}})
    assert answer["entry"]["kind"] == "insert" and answer["entry"]["corrects"] == 6
    assert answer["entry"]["description"] == "Inserted by the host: “Cem passed” before “Cem played 5♠” (round 1)"
    # C's 5♠ is out of turn now; A's 7♦ after it would pass without it
    assert [(e["seq"], e["rule"]) for e in answer["pending"]["entries"]] == [(6, "ST-R4")]


def test_a_seat_corrects_its_own_last_entry_until_someone_enters_after_it(client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    table.enter({"type": "predict", "value": 3}, by=A, seat=A)  # on Ann's own phone
    answer = correct(table, {"entry": 2, "action": {"type": "predict", "seat": A, "value": 2}}, by=A)
    assert answer["entry"]["description"] == (
        "Corrected by Ann: “Ann entered a prediction” (round 1); it stays hidden until it is shown"
    )  # issue 27: not "… to “Ann entered …”"
    assert answer["state"]["players"][A]["prediction"] == 2  # on Ann's phone
    assert table.state()["players"][A]["prediction"] is None  # hidden from the others until all are in
    assert correct(table, {"entry": 3, "remove": True}, by=B, expect=403)["error"]["rule"] == "ACCESS"
    assert (
        correct(
            table, {"entry": 3, "insert": True, "action": {"type": "predict", "seat": A, "value": 1}}, by=A, expect=403
        )["error"]["rule"]
        == "ACCESS"
    )
    table.enter({"type": "predict", "value": 1}, by=B, seat=B)
    assert correct(table, {"entry": 3, "remove": True}, by=A, expect=403)["error"]["rule"] == "ACCESS"
    # nor the host: Ann's hidden prediction is her phone's alone until the reveal (issue 25 item 4)
    assert correct(table, {"entry": 3, "remove": True}, expect=403)["error"]["rule"] == "ACCESS"


def test_only_an_entry_in_force_is_corrected(client, played):
    played.undo()
    assert correct(played, {"entry": 7, "remove": True}, expect=422)["error"]["rule"] == "CORRECT"
    assert correct(played, {"entry": 99, "remove": True}, expect=422)["error"]["rule"] == "CORRECT"
    assert correct(played, {"entry": 2**70, "remove": True}, expect=422)["error"]["rule"] == "CORRECT"
    assert correct(played, {"entry": 0, "remove": True}, expect=422)["error"]["rule"] == "CORRECT"
    assert correct(played, {"entry": 6, "accept": True}, expect=422)["error"]["rule"] == "CORRECT"


def test_a_refused_correction_may_be_ruled_through_by_the_host(client, played):
    refused = correct(played, {"entry": 6, "action": {"type": "play", "seat": C, "cards": "2S"}}, expect=422)
    assert refused["error"]["rule"] == "ST-R13" and refused["error"]["overridable"] is True
    ruled = correct(played, {"entry": 6, "action": {"type": "play", "seat": C, "cards": "2S"}, "ruling": True})
    assert ruled["entry"]["ruling"] == "ST-R13"
    assert (
        correct(played, {"entry": 7, "action": {"type": "pass", "seat": A}, "ruling": True}, by=A, expect=403)["error"][
            "rule"
        ]
        == "ACCESS"
    )


def test_why_a_secret_entry_fails_reaches_only_its_seat(client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    table.enter({"type": "predict", "value": 7}, by=A, seat=A)
    table.enter({"type": "predict", "value": 2}, seat=B)
    pending = correct(table, {"entry": 1, "remove": True})["pending"]  # no round: no predictions
    assert [(e["seq"], e["description"]) for e in pending["entries"]] == [
        (2, "Ann entered a prediction"),
        (3, "Ben entered a prediction"),
    ]
    hidden = "Why it fails stays hidden: it would show what this entry keeps secret."
    assert [e["message"] for e in table.board(A)["pending"]["entries"]][0] != hidden
    assert [e["message"] for e in table.board(A)["pending"]["entries"]][1] == hidden
    for viewer in ("host", None, C):
        assert {e["message"] for e in table.board(viewer)["pending"]["entries"]} == {hidden}
    assert [e["message"] for e in table.board(B)["pending"]["entries"]][1] != hidden


def test_a_long_pending_list_names_ten_and_counts_the_rest(client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    for value in range(13):  # Ann changes her mind 13 times
        table.enter({"type": "predict", "value": value % 11}, seat=A)
    pending = correct(table, {"entry": 1, "remove": True})["pending"]
    assert [e["seq"] for e in pending["entries"]] == list(range(2, 12))
    assert (pending["unlisted"], pending["remaining"]) == (3, 13)
    board = client.get(f"/t/{table.code}", headers={"HX-Request": "true"}).get_data(as_text=True)
    listed = re.search(r'<ol class="failing">(.*?)</ol>', board, re.S).group(1)
    assert listed.count("<li") == 10 and "and 3 more" in words(board)


def test_a_retried_correction_records_once(client, played):
    body = {"entry": 5, "action": {"type": "play", "seat": B, "cards": "2H"}}
    first = correct(played, body, key="fix-1")
    again = correct(played, {**body, "expected_seq": 7}, key="fix-1")
    assert again["replayed"] is True and again["entry"] == first["entry"] and again["state"] == first["state"]
    assert [e["kind"] for e in history(played)].count("correct") == 1
    other = correct(played, {"entry": 5, "remove": True, "expected_seq": 7}, key="fix-1", expect=409)
    assert other["error"]["rule"] == "STALE"


def test_a_stale_correction_records_nothing(client, played):
    answer = correct(played, {"entry": 5, "remove": True, "expected_seq": 6}, expect=409)
    assert answer["error"]["rule"] == "STALE" and answer["seq"] == 7
    assert len(history(played)) == 7


@pytest.mark.parametrize(
    "body",
    [
        {"action": {"type": "pass"}},
        {"entry": "5", "remove": True},
        {"entry": 5},
        {"entry": 5, "remove": True, "accept": True},
        {"entry": 5, "remove": True, "action": {"type": "pass"}},
        {"entry": 5, "remove": "yes"},
        {"entry": 5, "remove": False, "action": {"type": "pass", "seat": 1}},
        {"entry": 5, "remove": True, "insert": True},
        {"entry": 5, "accept": True, "ruling": True},
        {"entry": 5, "action": "pass"},
    ],
)
def test_a_correction_that_cannot_be_read_is_a_400(client, played, body):
    assert correct(played, body, expect=400)["error"]["rule"] == "REQUEST"


@pytest.mark.parametrize("attempt", range(3))
def test_a_correction_and_an_entry_at_once_one_wins_the_other_gets_409(app, client, played, attempt):
    """Issue 18: concurrent corrections and entries resolve like any write: one 200, one 409
    with the fresh board, and the log has no gap."""
    seq, headers = played.seq, played.auth("host")
    writes = [
        ("corrections", {"entry": 5, "action": {"type": "play", "seat": B, "cards": "2H"}}),
        ("plays", {"action": {"type": "play", "seat": B, "cards": "8S"}}),
    ]

    def send(write):
        path, body = write
        response = app.test_client().post(
            f"/api/tables/{played.code}/{path}",
            headers=headers,
            json={**body, "expected_seq": seq, "key": uuid.uuid4().hex},
        )
        return response.status_code, response.json

    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(send, writes))
    assert sorted(status for status, _ in answers) == [200, 409]
    entries = history(played)
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
    won = next(body for status, body in answers if status == 200)
    lost = next(body for status, body in answers if status == 409)
    assert lost["error"]["rule"] == "STALE" and lost["seq"] == won["seq"] == entries[-1]["seq"]
    assert lost["state"] == won["state"]


def test_the_exports_carry_the_corrected_game(client):
    def scored(ben_predicts: int) -> TableDriver:
        table = TableDriver(client, "switch-to", ["Ann", "Ben"])
        table.enter({"type": "start_round", "removed_suit": "C"})
        table.enter({"type": "predict", "value": 2}, seat=A)
        table.enter({"type": "predict", "value": ben_predicts}, seat=B)
        table.enter({"type": "end_round"})
        table.enter({"type": "declare_hand", "cards": "2S 3S 4S 5S 6S 7S 8S 9S"}, seat=A)
        table.enter({"type": "declare_hand", "cards": "2H 3H 4H 5H 6H 7H 8H 9H"}, seat=B)
        return table

    table, same = scored(1), scored(0)
    answer = correct(table, {"entry": 3, "action": {"type": "predict", "seat": B, "value": 0}})
    assert answer["pending"] is None
    exported, expected = (client.get(f"/t/{t.code}/export.json").json for t in (table, same))
    assert (
        exported["score_sheet"]
        == expected["score_sheet"]
        != client.get(f"/t/{scored(1).code}/export.json").json["score_sheet"]
    )
    lines = {e["seq"]: e for e in exported["entries"]}
    assert lines[3]["in_force"] is False and lines[7]["replaces"] == 3 and lines[7]["in_force"] is True
    assert lines[11]["kind"] == "correct" and lines[11]["corrects"] == 3
    # the correction line keeps the prediction out; the prediction in force, shown to the table
    # with the others, is in the export with its value (issue 27)
    assert "value" not in lines[11]["action"] and lines[7]["action"]["value"] == 0
    csv = [client.get(f"/t/{t.code}/export.csv").get_data(as_text=True) for t in (table, same)]
    assert csv[0] == csv[1]


# --------------------------------------------------------------------------- the pages


class Phone:
    def __init__(self, app, code: str | None = None):
        self.client, self.code = app.test_client(), code

    def page(self, path: str = "", htmx: bool = False, status: int = 200) -> str:
        response = self.client.get(f"/t/{self.code}{path}", headers={"HX-Request": "true"} if htmx else {})
        assert response.status_code == status, response.status_code
        return response.get_data(as_text=True)

    def seq(self) -> int:
        return int(re.search(r'data-seq="(\d+)"', self.page()).group(1))

    def post(self, path: str, fields: dict, htmx: bool = True, seq: int | None = None):
        data = {"expected_seq": self.seq() if seq is None else seq, "key": uuid.uuid4().hex, **fields}
        return self.client.post(f"/t/{self.code}{path}", data=data, headers={"HX-Request": "true"} if htmx else {})


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def host_phone(app, played):
    phone = Phone(app, played.code)
    phone.client.set_cookie("rt_" + played.code, played.host, path=f"/t/{played.code}")
    return phone


def test_history_offers_the_host_a_correction_of_each_entry_in_force(host_phone, played, app):
    page = host_phone.page("/history")
    assert all(f'/t/{played.code}/correct/{seq}"' in page for seq in range(1, 8))
    watcher = Phone(app, played.code).page("/history")
    assert "/correct/" not in watcher


def test_the_correction_page_shows_the_board_before_the_entry_and_posts_there(host_phone, played):
    page = host_phone.page("/correct/5")
    assert "Correct “Ben played 3♥”" in words(page)  # the entry named as a player would, not by number
    assert f'action="/t/{played.code}/correct/5"' in page  # the game's own forms post the correction
    assert f'action="/t/{played.code}/entries"' not in page
    assert "Ben: tap the cards" in words(page)  # B was to play then
    answer = host_phone.post("/correct/5", {"type": "play", "seat": B, "cards": "2H"})
    assert answer.status_code == 200 and answer.headers["HX-Redirect"] == f"/t/{played.code}"
    board = words(host_phone.page())
    assert "Corrected by the host: “Ben played 3♥” (round 1) → “Ben played 2♥”" in board
    assert board.count("→ “Ben played 2♥”") == 1  # said once, not as the last line too (issue 27)
    plain = host_phone.post(f"/correct/{8}", {"type": "play", "seat": B, "cards": "3H"}, htmx=False)
    assert plain.status_code == 303 and plain.headers["Location"].endswith(f"/t/{played.code}")


def test_a_refused_correction_shows_the_correction_page_with_the_rule(host_phone, played):
    answer = host_phone.post("/correct/6", {"type": "play", "seat": C, "cards": "2S"})
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "ST-R13" in page and 'name="ruling" value="1"' in page and f'action="/t/{played.code}/correct/6"' in page
    ruled = host_phone.post("/correct/6", {"action_json": '{"type": "play", "seat": 2, "cards": "2S"}', "ruling": "1"})
    assert ruled.status_code == 200 and "HX-Redirect" in ruled.headers
    stale = host_phone.post("/correct/5", {"type": "play", "seat": B, "cards": "2H"}, seq=3)
    assert stale.status_code == 409 and "Nothing was recorded" in stale.get_data(as_text=True)


def test_every_phone_sees_the_pending_correction_and_only_the_host_settles_it(app, host_phone, played):
    host_phone.post("/correct/5", {"type": "play", "seat": B, "cards": "6H"})
    ben = Phone(app, played.code)
    ben.client.set_cookie("rt_" + played.code, played.token(B), path=f"/t/{played.code}")
    for phone in (host_phone, ben, Phone(app, played.code)):
        board = words(phone.page(htmx=True))
        assert "Correction pending" in board and "Cem played 5♠" in board and "ST-R13" in board
        assert "No new entries until every one is settled." in board
    host_board = host_phone.page()
    assert "Accept as a table ruling" in host_board and "Drop it" in host_board and "Correct it" in host_board
    assert "Accept as a table ruling" not in ben.page() and "Drop it" not in ben.page()
    assert "inert" in host_board and "Undo last entry" not in host_board
    refused = ben.post("/entries", {"type": "play", "seat": B, "cards": "8S"})
    assert refused.status_code == 422 and "A correction is pending" in words(refused.get_data(as_text=True))
    assert ben.post("/correct/6", {"remove": "1"}).status_code == 403
    dropped = host_phone.post("/correct/6", {"remove": "1"})
    assert dropped.status_code == 200
    assert "Ann played 7♦" in words(host_phone.page())  # now pending: A played out of turn
    assert host_phone.post("/correct/7", {"accept": "1"}).status_code == 200
    assert "Correction pending" not in host_phone.page()


LINE = {
    "en": "Corrected by the host: “Ben played 3♥” (round 1) → “Ben played 2♥”",
    "de": "Von der Spielleitung korrigiert: „Ben hat 3♥ gespielt“ (Runde 1) → „Ben hat 2♥ gespielt“",
    "ja": "ホストが訂正: 「Ben が 3♥ を出した」(ラウンド1) → 「Ben が 2♥ を出した」",
}


@pytest.mark.parametrize("language", LINE)
def test_a_correction_reads_once_and_alike_on_the_board_in_history_and_on_the_table_screen(host_phone, language):
    """Issue 27: the board said "Corrected: “…” corrected to “…” by the host", the word twice.
    The line says who corrected it, then the entry before → after, the same in every place."""
    host_phone.client.set_cookie("lang", language)
    host_phone.post("/correct/5", {"type": "play", "seat": B, "cards": "2H"})
    line = LINE[language]
    for path in ("", "/history", "/tv"):
        page = html.unescape(words(host_phone.page(path)))
        assert page.count(line) == 1, (path, page)
    board = html.unescape(words(host_phone.page()))
    said = board.split(line)[0][-40:] + line  # nothing before it names the correction again
    assert said.lower().count("corrected") <= 1 and said.count("korrigiert") <= 1 and said.count("訂正") <= 1
    screen = html.unescape(words(host_phone.page("/tv")))
    assert ": " + line not in screen  # a line of its own, as an undo is, not "Last: Corrected …"


def test_history_shows_the_original_and_the_correction(host_phone, played):
    host_phone.post("/correct/5", {"type": "play", "seat": B, "cards": "2H"})
    page = words(host_phone.page("/history"))
    assert "#11 Corrected by the host: “Ben played 3♥” (round 1) → “Ben played 2♥”" in page
    assert "#8 Ben played 2♥ in place of “Ben played 3♥”" in page
    assert "#5 Ben played 3♥ corrected: now “Ben played 2♥”" in page
    assert "#6 Cem played 5♠ checked again after a correction: now “Cem played 5♠”" in page
    assert "now #" not in page and "in place of #" not in page


def headline(html: str) -> str:
    return words(re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)).strip()


def test_the_correction_page_names_the_entry_in_the_phone_s_language(host_phone, played):
    assert headline(host_phone.page("/correct/5")) == "Correct “Ben played 3♥”"
    page = host_phone.page("/correct/5?insert=1")
    assert headline(page) == "Insert an entry before “Ben played 3♥”"
    assert "before #" not in words(page) and "#5" not in words(page)
    host_phone.client.set_cookie("lang", "de")
    assert headline(host_phone.page("/correct/5")) == "„Ben hat 3♥ gespielt“ korrigieren"
    assert headline(host_phone.page("/correct/5?insert=1")) == "Eintrag vor „Ben hat 3♥ gespielt“ einfügen"
    host_phone.client.set_cookie("lang", "ja")
    assert "を訂正" in headline(host_phone.page("/correct/5")) and "#" not in headline(host_phone.page("/correct/5"))


def test_the_pending_correction_lists_the_entries_by_their_words(host_phone, played):
    host_phone.post("/correct/5", {"type": "play", "seat": B, "cards": "6H"})
    pending = words(re.search(r'<div class="pending".*?</ol>', host_phone.page(), re.S).group(0))
    assert "Cem played 5♠" in pending and "#6" not in pending


def test_a_correction_reads_in_the_phone_s_language(host_phone, played):
    host_phone.post("/correct/5", {"type": "play", "seat": B, "cards": "6H"})
    host_phone.client.set_cookie("lang", "de")
    board = words(host_phone.page())
    assert "Korrektur offen" in board and "„Ben hat 3♥ gespielt“" in board
    host_phone.client.set_cookie("lang", "ja")
    assert "訂正" in words(host_phone.page())
