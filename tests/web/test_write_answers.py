"""A write's answer is one board: its seq and its state belong together, even when another phone
writes in the moment between this write's commit and its answer."""

from __future__ import annotations

import uuid

from sqlmodel import Session

from referee.table import writes
from referee.games.base import HOST
from tests.web.api_driver import TableDriver


def test_the_answer_names_the_seq_of_the_board_it_carries(app, client, monkeypatch):
    table = TableDriver(client, "switch-to", ["Ann", "Bo", "Cy"])
    table.enter({"type": "start_round"})
    record = writes.record

    def record_then_another_phone_writes(session, code, by, action, expected_seq, key, ruling=False):
        recorded = record(session, code, by, action, expected_seq, key, ruling)
        with Session(app.extensions["db_engine"]) as elsewhere:  # Bo's phone, a moment later
            record(
                elsewhere, code, HOST, {"type": "predict", "seat": 1, "value": 2}, recorded.entry.seq, uuid.uuid4().hex
            )
        return recorded

    monkeypatch.setattr(writes, "record", record_then_another_phone_writes)
    answer = table.enter({"type": "predict", "seat": 0, "value": 1})

    # The board carried is the one right after Ann's entry (seq 2), not Bo's (seq 3): a phone
    # that took seq 3 would never fetch Bo's entry (its poll says "nothing new") and could
    # write on a board it never saw.
    assert answer["entry"]["seq"] == 2 and answer["seq"] == 2
    assert [p["predicted"] for p in answer["state"]["players"]][:2] == [True, False]
    assert client.get(f"/api/tables/{table.code}/changes?since=2").json == {"seq": 3}
