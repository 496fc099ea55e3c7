"""Issue 25, "checks never read what the entering seat may not know": a refusal (its status,
rule, words and flags) and what a board offers with it (the host's "accept anyway") depend only on
what the entering phone may know. Two tables that differ only in another seat's hidden entry
answer the same probe alike; the check that needs the hidden values waits for the reveal, as the
physical table does (Switch To's token supply; Schwimmen's cards entered in two hands)."""
from __future__ import annotations

import re
import uuid

from tests.helpers import Phone, seat_phone, visible

from .api_driver import TableDriver

A, B, C = 0, 1, 2


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
    tables = [switch_to_predicted(client, ben) for ben in (0, 10)]
    for value in range(11, 41):
        answers = [refusal_json(table, {"type": "predict", "value": value}, by=A, seat=A) for table in tables]
        assert answers[0] == answers[1], value
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
    body = {"entry": ann_line["seq"], "action": {"type": "predict", "seat": A, "value": 30, "ruling": True},
            "ruling": True, "expected_seq": table.seq, "key": uuid.uuid4().hex}
    response = client.post(f"/api/tables/{table.code}/corrections", json=body, headers=table.auth("host"))
    assert response.status_code == 200, response.json
    state = table.state(B)
    assert state["phase"] == "play" and [p["play"] for p in state["players"]] == [30, 10]
