"""The flows every game shares (issue 15) through the test client, on both databases: the host
link, secret entries of a seat with its own phone, putting an undone entry back, and a finished
table's rematch. The browser tests (tests/browser/test_table_flows.py) show the same on phones."""

from __future__ import annotations

import html
import re
import uuid

from referee.table import reads
from tests.web.api_driver import TableDriver
from tests.web.test_export import finished_switch_to

from tests.helpers import Phone, text, visible

A, B = 0, 1


def phone_with(app, code: str, token: str) -> Phone:
    phone = Phone(app)
    phone.client.set_cookie(f"rt_{code}", token, path=f"/t/{code}")
    phone.look(code)
    return phone


# --------------------------------------------------------------------------- the host's link


def test_the_host_link_makes_a_new_phone_the_host_after_one_tap_and_a_wrong_one_nobody(app, client):
    host = Phone(app)
    host.open_table(["Ann", "Ben"])
    link = html.unescape(re.search(r'class="url-field" type="text" readonly value="([^"]+)"', host.look()).group(1))
    path = link.removeprefix("http://table.test")
    spare = Phone(app)
    page = spare.client.get(path)
    assert page.status_code == 200 and "Be the host" in text(page)
    assert page.headers["Cache-Control"] == "no-store, private" and page.headers["Referrer-Policy"] == "no-referrer"
    assert "Who are you?" in spare.look(host.code)  # opening the link changed nothing yet
    token = re.search(r'name="token" value="([^"]+)"', text(page)).group(1)
    assert spare.client.post(f"/t/{host.code}/host", data={"token": "x" + token}).status_code == 403
    assert spare.client.post(f"/t/{host.code}/host", data={"token": token}).status_code == 303
    assert "Host · enters for everyone" in spare.look()


def test_only_the_host_gets_the_host_links_qr_code(app):
    host, other = Phone(app), Phone(app)
    host.open_table(["Ann", "Ben"])
    other.look(host.code)
    other.join(0)
    assert host.client.get(f"/t/{host.code}/host-qr.svg").mimetype == "image/svg+xml"
    assert other.client.get(f"/t/{host.code}/host-qr.svg").status_code == 403
    assert Phone(app).client.get(f"/t/{host.code}/host-qr.svg").status_code == 403


def test_the_host_link_is_not_on_a_seats_page(app):
    host, ann = Phone(app), Phone(app)
    host.open_table(["Ann", "Ben"])
    ann.look(host.code)
    ann.join(0)
    assert "/host?token=" in host.look() and "/host?token=" not in ann.look()


# --------------------------------------------------------------------------- secret entries


def test_the_host_enters_a_secret_entry_for_a_seat_without_a_phone_never_for_one_with(client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    table.token(A)  # Ann's phone joins
    refused = table.enter({"type": "predict", "value": 2}, seat=A, expect=403)
    assert refused["error"] == {
        "rule": "ACCESS",
        "message": "Ann has joined on their own phone: only that phone makes Ann's secret entries.",
    }
    table.enter({"type": "predict", "value": 1}, seat=B)  # Ben has no phone: the host enters it
    assert table.state("host")["players"][B]["prediction"] is None  # and does not see it
    table.enter({"type": "predict", "value": 2}, by=A, seat=A)


def test_a_ruling_does_not_let_the_host_make_a_held_seats_secret_entry(client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    table.token(A)
    table.enter({"type": "predict", "value": 2}, seat=A, ruling=True, expect=403)


def test_the_dealers_trumps_without_a_seat_field_are_the_dealers_secret(client):
    """Was Sticht's trumps name no seat: they are the dealer's, the one seat the board offers them for."""
    from tests.web.test_access import _was_sticht_drafted

    table = TableDriver(client, "was-sticht", ["P0", "P1", "P2", "P3"])
    _was_sticht_drafted(table)
    table.token(0)  # the dealer's phone joins
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, expect=403)
    table.enter({"type": "set_trumps", "colour": "B", "number": "4"}, by=0)


def test_a_freed_seats_secret_entries_are_the_hosts_to_make_again(app, client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    table.token(A)
    host = phone_with(app, table.code, table.host)
    assert not predict_form_for(host.look(), A) and predict_form_for(host.look(), B)
    assert host.client.post(f"/t/{table.code}/free", data={"seat": A}).status_code == 303
    assert predict_form_for(host.look(), A)
    table.enter({"type": "predict", "value": 2}, seat=A)


def predict_form_for(page: str, seat: int) -> bool:
    return bool(re.search(rf'name="type" value="predict">\s*<input type="hidden" name="seat" value="{seat}"', page))


# --------------------------------------------------------------------------- undo and put back


def _ann_played_five(client, app):
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round"})
    for seat, value in enumerate((2, 1, 1)):
        table.enter({"type": "predict", "value": value}, seat=seat)
    table.enter({"type": "play", "cards": "5S"}, seat=A)
    return table, phone_with(app, table.code, table.host), phone_with(app, table.code, table.token(B))


def test_after_an_undo_every_phone_says_what_was_undone_and_only_the_undoer_may_put_it_back(app, client):
    table, host, ben = _ann_played_five(client, app)
    host.look()
    undone = host.client.post(
        f"/t/{table.code}/undo", data={"expected_seq": host.seq, "key": "u"}, headers={"HX-Request": "true"}
    )
    assert "Undone: Ann played 5♠" in visible(undone) and "Put it back" in text(undone)
    page = ben.look()
    assert "Undone: Ann played 5♠" in page and "Put it back" not in page
    host.look()
    voided = re.search(r'name="voided" value="(\d+)"', text(undone)).group(1)
    put = ben.client.post(
        f"/t/{table.code}/put-back",
        data={"voided": voided, "expected_seq": ben.seq, "key": "p"},
        headers={"HX-Request": "true"},
    )
    assert put.status_code == 403 and "Only whoever undid it, or the host, can put it back." in html.unescape(text(put))
    back = host.client.post(
        f"/t/{table.code}/put-back",
        headers={"HX-Request": "true"},
        data={"voided": voided, "expected_seq": host.seq, "key": uuid.uuid4().hex},
    )
    assert back.status_code == 200 and "Last: Ann played 5♠" in re.sub(r"\s+", " ", visible(back))
    top = table.state()["top"]
    assert (top["cards"], top["by"]) == (["5S"], A)


def test_put_back_from_an_older_board_records_nothing(app, client):
    table, host, _ben = _ann_played_five(client, app)
    undone = host.client.post(
        f"/t/{table.code}/undo", data={"expected_seq": host.seq, "key": "u"}, headers={"HX-Request": "true"}
    )
    voided = re.search(r'name="voided" value="(\d+)"', text(undone)).group(1)
    table.seq = int(re.search(r'data-seq="(\d+)"', text(undone)).group(1))
    table.enter({"type": "play", "cards": "6S"}, seat=A)
    late = host.client.post(
        f"/t/{table.code}/put-back",
        headers={"HX-Request": "true"},
        data={"voided": voided, "expected_seq": table.seq - 1, "key": uuid.uuid4().hex},
    )
    assert late.status_code == 409 and table.state()["top"]["cards"] == ["6S"]


def test_the_notes_of_the_entry_before_an_undone_one_are_not_said_again(app, client):
    table, _host, _ben = _ann_played_five(client, app)
    state = table.enter({"type": "clear_table"})["state"]
    assert state["notes"] == ["The host cleared the table (a table ruling)."]
    table.enter({"type": "play", "cards": "7S"}, seat=state["turn"])
    table.undo()
    page = html.unescape(phone_with(app, table.code, table.token(B)).look())
    assert re.search(r"Undone: \w+ played 7♠", page)
    assert "The host cleared the table (a table ruling)." not in page


# --------------------------------------------------------------------------- game over and rematch


def test_game_over_ranks_everyone_and_says_why_from_the_score_sheet(app, client):
    table = finished_switch_to(client)
    page = visible(phone_with(app, table.code, table.host).client.get(f"/t/{table.code}"))
    words = re.sub(r"\s+", " ", page)
    assert "Game over" in words and "Ann reached \u221254; \u221250 ends the game." in words  # Switch To's own words
    assert re.search(r"1\. Ben -20 penalty points 2\. Ann -54 penalty points", words)
    assert "Rematch" in words and "Share the result" in words


def test_a_rematch_keeps_the_players_house_rules_host_and_every_phones_seat(app, client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben"], {"compare": "loose"})
    host = phone_with(app, table.code, table.host)
    ann = phone_with(app, table.code, table.token(A))
    watcher = Phone(app)
    watcher.look(table.code)
    assert ann.client.post(f"/t/{table.code}/rematch").status_code == 409  # not over yet
    _finish(table)
    answer = ann.client.post(f"/t/{table.code}/rematch")
    new = answer.headers["Location"].rsplit("/", 1)[1]
    assert answer.status_code == 303 and new != table.code
    assert "You are Ann" in ann.look(new)
    moved = host.client.get(f"/t/{table.code}", headers={"HX-Request": "true"})  # a poll of the old board
    assert moved.headers["HX-Redirect"] == f"/t/{new}"
    assert "Host · enters for everyone" in host.look(new)
    assert watcher.client.get(f"/t/{table.code}").headers["Location"].endswith(f"/t/{new}")
    board = client.get(f"/api/tables/{new}").json
    assert [p["name"] for p in board["state"]["players"]] == ["Ann", "Ben"]
    assert board["state"]["options"]["compare"] == "loose" and board["seq"] == 0
    again = host.client.post(f"/t/{table.code}/rematch")  # a second tap: the same rematch
    assert again.headers["Location"].endswith(f"/t/{new}")


def test_a_phone_taken_to_the_rematch_is_announced_at_once(app, client):
    """Ann's phone follows the host to the rematch and takes her seat there: the other phones'
    streams hear of it from this process at once, as of any join, not a watcher's read later."""
    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    host = phone_with(app, table.code, table.host)
    ann = phone_with(app, table.code, table.token(A))
    _finish(table)
    new = host.client.post(f"/t/{table.code}/rematch").headers["Location"].rsplit("/", 1)[1]
    ann.client.get(f"/t/{table.code}")  # her board follows the rematch
    _, seats_version = reads.table_stamp(app.extensions["db_engine"], new)
    assert seats_version > 0
    assert app.extensions["push_hub"].seat_versions.get(new) == seats_version


def _finish(table: TableDriver) -> None:
    """The one-round game of test_export's finished_switch_to, on this table."""
    table.enter({"type": "start_round", "removed_suit": "C"})
    table.enter({"type": "predict", "value": 1}, by=A, seat=A)
    table.enter({"type": "predict", "value": 2}, seat=B)
    table.play(B, "2H 3H", by="host")
    table.pass_(A)
    table.play(B, "9D", by="host")
    table.pass_(A, "play_to_wild")
    table.enter({"type": "declare_hand", "cards": "2S 3S 4S 5S 6S 7S 8S 9S"}, by=A, seat=A)
    assert table.enter({"type": "declare_hand", "cards": "4H 5H 6H 2D 3D"}, seat=B)["state"]["phase"] == "over"


def test_a_watcher_may_not_start_a_rematch(app, client):
    table = finished_switch_to(client)
    watcher = Phone(app)
    watcher.look(table.code)
    assert watcher.client.post(f"/t/{table.code}/rematch").status_code == 401


def test_an_api_client_gets_the_host_link_with_the_table(client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    url = table.opened["host_url"]
    assert url == f"http://table.test/t/{table.code}/host?token={table.host}"
    assert "Be the host" in text(client.get(url.removeprefix("http://table.test")))
