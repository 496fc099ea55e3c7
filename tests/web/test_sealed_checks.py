"""Issue 25, "checks never read what the entering seat may not know": a refusal (its status,
rule, words and flags) and what a board offers with it (the host's "accept anyway") depend only on
what the entering phone may know. Two tables that differ only in another seat's hidden entry
answer the same probe alike; the check that needs the hidden values waits for the reveal, as the
physical table does (Switch To's token supply; Schwimmen's cards entered in two hands)."""

from __future__ import annotations

import html
import re
import uuid

from tests.helpers import Phone, seat_phone, visible

from .api_driver import TableDriver
from .test_undo_keeps_secrets_shown import revealed_was_sticht, schwimmen_at_showdown

A, B, C, D = 0, 1, 2, 3


def refusal_json(table: TableDriver, action: dict, by, seat=None) -> tuple[int, dict]:
    """The whole answer to a probe that is refused: status and the error as sent."""
    body = {"action": action, "expected_seq": table.seq, "key": uuid.uuid4().hex}
    if seat is not None:
        body["seat"] = seat
    response = table.client.post(f"/api/tables/{table.code}/plays", json=body, headers=table.auth(by))
    return response.status_code, response.json["error"]


def refusal_box(page: str) -> str:
    """The refusal a board shows with what it offers (the host's "accept anyway" form), without
    what differs between any two tables (the table's code and the form's fresh key)."""
    found = re.search(r'<div class="refusal".*?</div>', page, re.S)
    assert found, "the board shows no refusal"
    return re.sub(r'(name="key" value=")[^"]*|/t/\w+/', r"\1", found.group(0))


# --------------------------------------------------------------------------- Switch To


def switch_to_predicted(client, ben: int) -> TableDriver:
    """Ann and Ben, round 1; Ben's phone has predicted ``ben`` (hidden from Ann and the host)."""
    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    table.enter({"type": "start_round", "removed_suit": "C"})
    table.enter({"type": "predict", "value": ben}, by=B, seat=B)
    return table


def test_a_prediction_probe_reads_nothing_of_another_seats_hidden_prediction(client):
    """Issue 25 item 1: ``overridable`` was true exactly when value + the others' hidden
    predictions stayed within the 40 tokens, so ten probes read Ben's prediction."""
    tables = [switch_to_predicted(client, ben) for ben in (0, 5, 10)]
    for by in ("host", A):  # the host's phone for Ann (before her phone holds the seat), then Ann's phone
        for value in (-1, *range(11, 46), "x"):
            answers = [refusal_json(table, {"type": "predict", "value": value}, by=by, seat=A) for table in tables]
            assert answers[0] == answers[1] == answers[2], (value, by)
            assert answers[0][0] == 422 and answers[0][1]["rule"] == "ST-R1"
    for table in tables:  # nothing was recorded
        assert table.state(A)["phase"] == "predict" and table.state(A)["players"][A]["predicted"] is False


def test_the_hosts_accept_anyway_for_a_prediction_reads_no_hidden_prediction(app):
    """The host's page offered "accept anyway" for Ann's 35 only when Ben's hidden prediction
    left room for it in the supply."""
    boxes = []
    for ben in (0, 10):
        host = Phone(app)
        host.open_table(["Ann", "Ben"])
        host.look()
        host.enter({"type": "start_round", "removed_suit": "C"})
        ben_phone = seat_phone(app, host, B)
        assert ben_phone.enter({"type": "predict", "seat": B, "value": ben}).status_code == 200
        host.look()
        boxes.append(refusal_box(host.enter({"type": "predict", "seat": A, "value": 35}).get_data(as_text=True)))
    assert boxes[0] == boxes[1]
    assert "Accept anyway" in boxes[0]  # a ruling may allow 35: the supply is checked at the reveal


def test_predictions_beyond_the_supply_are_found_at_the_reveal_and_the_host_corrects_one(client):
    """A ruled prediction that leaves too few tokens is found when all are shown: the round waits,
    every phone reads why, and the host's correction of a prediction lets it go on."""
    table = switch_to_predicted(client, 10)
    table.enter({"type": "predict", "value": 35}, by="host", seat=A, ruling=True)  # shows them all
    for viewer in (A, B, "host", None):
        state = table.state(viewer)
        assert state["phase"] == "short"
        assert [p["prediction"] for p in state["players"]] == [35, 10]
        assert [p["play"] for p in state["players"]] == [0, 0]
    note = table.state(B)["short"]
    assert "45" in note and "40" in note and "ST-R1" in note
    page = visible(client.get(f"/t/{table.code}?watch=1"))  # a watcher's board says it, with every prediction
    assert "need 45 play tokens" in page and "said 35" in page and "said 10" in page
    refused = refusal_json(table, {"type": "predict", "value": 5}, by=A, seat=A)
    assert refused[0] == 422 and refused[1]["rule"] == "ST-R2"  # shown: no seat re-chooses alone
    history = table.client.get(f"/api/tables/{table.code}/history").json["entries"]
    ann_line = next(line for line in history if line.get("seq") == 3)
    body = {
        "entry": ann_line["seq"],
        "action": {"type": "predict", "seat": A, "value": 30, "ruling": True},
        "ruling": True,
        "expected_seq": table.seq,
        "key": uuid.uuid4().hex,
    }
    response = client.post(f"/api/tables/{table.code}/corrections", json=body, headers=table.auth("host"))
    assert response.status_code == 200, response.json
    state = table.state(B)
    assert state["phase"] == "play" and [p["play"] for p in state["players"]] == [30, 10]


# --------------------------------------------------------------------------- Schwimmen


def schwimmen_ann_revealed(client, ann: str) -> TableDriver:
    table = schwimmen_at_showdown(client, {})
    table.enter({"type": "reveal", "cards": ann}, by=A)
    return table


def test_a_reveal_probe_reads_nothing_of_another_seats_hidden_reveal(client):
    """Issue 25 item 2: a reveal holding one of Ann's hidden cards was refused with "J♣ is already
    entered in another hand at this showdown", so probes named all of Ann's cards."""
    tables = [schwimmen_ann_revealed(client, ann) for ann in ("JC QC KC", "AH KH 7S")]
    for probe in ("JC 10D 7D", "AH 10D 7D", "KC KH 10D"):
        answers = [
            table.client.post(
                f"/api/tables/{table.code}/plays",
                headers=table.auth(B),
                json={"action": {"type": "reveal", "cards": probe}, "expected_seq": table.seq, "key": uuid.uuid4().hex},
            )
            for table in tables
        ]
        assert [a.status_code for a in answers] == [200, 200], probe
        assert answers[0].json["state"] == answers[1].json["state"]  # Ben's board: alike
        for table in tables:
            table.seq += 1
            table.undo(by=B)  # still hidden from the others: Ben may take it back


def test_the_reveal_form_marks_no_card_of_another_seats_hidden_reveal(app):
    """The card grid of Ben's reveal form is the same whatever Ann's phone entered."""
    grids = []
    for ann in ("JC QC KC", "AH KH 7S"):
        host = Phone(app)
        host.open_table(["Ann", "Ben", "Cem"], game="schwimmen", rules="classic", first_turn_close="allowed")
        host.look()
        host.enter({"type": "first_dealer", "seat": C})
        host.enter({"type": "dealer_choice", "seat": C, "choice": "keep"})
        host.enter({"type": "lay_centre", "cards": ["7C", "8C", "9C"]})
        for seat, kind in ((A, "close"), (B, "pass"), (C, "pass")):
            assert host.enter({"type": kind, "seat": seat}).status_code == 200
        ann_phone = seat_phone(app, host, A)
        assert ann_phone.enter({"type": "reveal", "seat": A, "cards": ann.split()}).status_code == 200
        page = seat_phone(app, host, B).look()
        grid = re.search(r'<form[^>]*class="act reveal".*?</form>', page, re.S)
        assert grid, "Ben's board offers no reveal form"
        grids.append(re.sub(r'(name="key" value=")[^"]*|/t/\w+/|data-seq="\d+"', r"\1", grid.group(0)))
    assert grids[0] == grids[1]


def test_a_card_entered_in_two_hands_is_found_when_all_are_in_and_names_both(client):
    """Checked together at the last reveal: the showdown waits, every phone reads which card is
    in which two hands, and the host's correction of one of them lets the showdown be scored."""
    table = schwimmen_ann_revealed(client, "JC QC KC")
    table.enter({"type": "reveal", "cards": "JC 10D 7D"}, by=B)  # J♣ again: nobody can tell yet
    table.enter({"type": "reveal", "cards": "AH KH 7S"}, by=C)
    for viewer in (A, B, C, "host", None):
        state = table.state(viewer)
        assert state["phase"] == "showdown" and state["result"] is None
        assert len(state["clash"]) == 1 and "Ann" in state["clash"][0] and "Ben" in state["clash"][0]
        assert state["players"][A]["reveal"] == {"cards": ["JC", "QC", "KC"]}
        assert state["players"][B]["reveal"] == {"cards": ["JC", "10D", "7D"]}
    assert table.undo(by="host", expect=422)["error"]["rule"] == "SC-R14"  # shown: no undo
    history = visible(client.get(f"/t/{table.code}/history"))  # History says what each hand held
    assert "Ann revealed J♣ Q♣ K♣" in history and "Ben revealed J♣ 10♦ 7♦" in history
    board = html.unescape(visible(client.get(f"/t/{table.code}?watch=1")))
    assert "J♣ is entered in both Ann's and Ben's hands" in board
    host = client.application.test_client()  # the host's phone settles it from History
    host.set_cookie("rt_" + table.code, table.host, path=f"/t/{table.code}")
    assert f"/t/{table.code}/correct/8" in host.get(f"/t/{table.code}/history").get_data(as_text=True)
    form = host.get(f"/t/{table.code}/correct/8").get_data(as_text=True)
    assert f'action="/t/{table.code}/correct/8"' in form and 'class="act reveal"' in form
    response = host.post(
        f"/t/{table.code}/correct/8",
        headers={"HX-Request": "true"},
        data={
            "type": "reveal",
            "seat": B,
            "cards": ["9D", "10D", "7D"],
            "expected_seq": table.seq,
            "key": uuid.uuid4().hex,
        },
    )
    assert response.status_code == 200 and response.headers["HX-Redirect"] == f"/t/{table.code}"
    state = table.state(B)
    assert state["clash"] == [] and state["result"]["hands"]["1"] == ["9D", "10D", "7D"]


# --------------------------------------------------------------------------- Was Sticht


def test_a_was_sticht_follow_refusal_names_a_closed_hand_only_on_phones_that_see_it(client):
    """Section 3 of the rules, and issue 25: with the record closed, another seat's phone entering
    Cem's play reads WS-P5 without Cem's cards; Cem's phone and the host's read them."""
    table = revealed_was_sticht(client)
    table.enter({"type": "reveal"}, by=A)
    for seat, chip in ((B, "MOST"), (C, "EXACT_1"), (D, "LAST")):
        table.enter({"type": "choose_task", "chip": chip}, by=seat)
    table.enter({"type": "play", "card": "R7"}, by=B)
    said = {by: refusal_json(table, {"type": "play", "seat": C, "card": "Y1"}, by=by) for by in (A, C, "host")}
    assert said[A] == (422, {**said[C][1], "message": "Red was led: a red card that is not a trump must be played."})
    assert "R2 R6" in said[C][1]["message"] and "R2 R6" in said["host"][1]["message"]
    assert all(answer[1]["rule"] == "WS-P5" for answer in said.values())
