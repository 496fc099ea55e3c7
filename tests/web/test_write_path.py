"""The write path's answers where it takes shortcuts: a repeated key is looked up only when the
write cannot go ahead or the log's unique (table, key) index refuses it, and the table comes with
the snapshot at its tip in one query. Each answer must still be the one the contract names."""

from __future__ import annotations

import threading
import uuid

from sqlmodel import Session

from referee.table import reads
from referee.table.writes import Recorded, record
from referee.table.errors import Stale
from referee.games.base import HOST
from tests.web.api_driver import TableDriver

A, B, C = 0, 1, 2


def _history(client, table: TableDriver) -> list[dict]:
    return client.get(f"/api/tables/{table.code}/history").json["entries"]


def _started(client) -> TableDriver:
    table = TableDriver(client, "switch-to", ["A", "B", "C"])
    table.enter({"type": "start_round"})
    return table


def test_a_repeated_key_on_the_current_board_with_a_legal_entry_answers_the_first_result(client):
    """The key lookup is skipped until the insert hits the unique (table, key) index: the entry
    is legal now, the board is current, and still nothing new is recorded."""
    table = _started(client)
    first = table.enter({"type": "predict", "value": 1}, by=A, seat=A, key="tap-1")
    table.enter({"type": "predict", "value": 2}, by=B, seat=B)  # the table moves on
    moved_on = table.seq
    again = table.enter({"type": "predict", "value": 1}, by=A, seat=A, key="tap-1")  # legal again now
    assert again["replayed"] is True and again["seq"] == first["seq"] == moved_on - 1
    assert again["state"] == first["state"] and again["entry"] == first["entry"]
    assert len(_history(client, table)) == moved_on
    assert client.get(f"/api/tables/{table.code}/changes?since={moved_on}").status_code == 204
    table.seq = moved_on
    table.enter({"type": "predict", "value": 0}, by=A, seat=A)  # it was legal: the index answered


def test_a_repeated_key_with_an_entry_now_refused_answers_the_first_result(client):
    table = TableDriver(client, "switch-to", ["A", "B", "C"])
    first = table.enter({"type": "start_round"}, key="tap-1")
    again = table.enter({"type": "start_round"}, key="tap-1")  # refused now: the round has started
    assert again["replayed"] is True and again["seq"] == first["seq"] and again["state"] == first["state"]
    refused = table.enter({"type": "no-such-entry"}, by=A, seat=A, expect=422)  # a new key: refused
    assert refused["error"]["rule"]


def test_a_repeated_key_on_a_stale_board_answers_the_first_result_not_409(client):
    table = _started(client)
    before = table.seq
    first = table.enter({"type": "predict", "value": 1}, by=A, seat=A, key="tap-1")
    table.enter({"type": "predict", "value": 2}, by=B, seat=B)
    again = table.enter({"type": "predict", "value": 1}, by=A, seat=A, key="tap-1", seq=before)
    assert again["replayed"] is True and again["seq"] == first["seq"] and again["state"] == first["state"]
    stale = table.enter({"type": "predict", "value": 3}, by=A, seat=A, seq=before, expect=409)
    assert stale["seq"] == table.seq


def test_the_snapshot_brought_with_the_table_is_the_one_at_its_tip(app, client):
    """A session that found the table before another phone wrote sees the new tip's state once
    its transaction ends, never the snapshot it brought along for the old tip."""
    table = _started(client)
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        found = reads.find_table(session, table.code)
        old_tip = found.tip
        with Session(app.extensions["db_engine"]) as elsewhere:
            record(elsewhere, table.code, HOST, {"type": "predict", "seat": 0, "value": 1}, old_tip, uuid.uuid4().hex)
        session.rollback()  # a new transaction: the table row is read again
        found = reads.find_table(session, table.code)
        assert found.tip == old_tip + 1
        assert reads.current_state(session, found).players[0].prediction == 1
        assert reads.state_at(session, found, old_tip).players[0].prediction is None


def test_a_snapshot_read_in_a_transaction_rolled_back_is_read_afresh(app, client):
    """A session keeps the snapshots it read (they never change), but not past a rollback: the
    snapshot a failed write stored at a seq is gone, and another write's is there instead."""
    from referee.table import store

    table = _started(client)
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        found = reads.find_table(session, table.code)
        tip, failed = found.tip, reads.current_state(session, found)
        failed.players[0].prediction = 4
        store.insert_snapshots(
            session,
            [{"table_id": found.id, "seq": tip + 1, "state": reads.engine_of(found).dump(failed), "sheet": None}],
        )
        assert reads.state_at(session, found, tip + 1).players[0].prediction == 4
        session.rollback()
        with Session(app.extensions["db_engine"]) as elsewhere:
            record(elsewhere, table.code, HOST, {"type": "predict", "seat": 0, "value": 1}, tip, uuid.uuid4().hex)
        found = reads.find_table(session, table.code)
        assert reads.state_at(session, found, tip + 1).players[0].prediction == 1


def test_a_write_leaves_the_table_row_as_the_orm_would(app, client):
    table = _started(client)
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        recorded = record(
            session, table.code, HOST, {"type": "predict", "seat": 0, "value": 1}, table.seq, uuid.uuid4().hex
        )
        found = reads.find_table(session, table.code)
        assert (found.seq, found.tip) == (recorded.entry.seq, recorded.entry.seq)
        session.expire_all()
        found = reads.find_table(session, table.code)
        assert (found.seq, found.tip) == (recorded.entry.seq, recorded.entry.seq)
        assert found.updated_at.replace(tzinfo=None) == recorded.entry.created_at.replace(tzinfo=None)
        stored = reads.history_entry(session, found, recorded.entry.seq)
        assert (stored.kind, stored.by, stored.action, stored.prev_tip, stored.tip) == (
            "entry",
            HOST,
            {"type": "predict", "seat": 0, "value": 1},
            recorded.entry.prev_tip,
            recorded.entry.seq,
        )
        assert stored.description == recorded.entry.description == "A entered a prediction"
        assert reads.description(stored) == reads.description(recorded.entry)


def _race(app, code: str, writes: list) -> list:
    """Each write on its own thread and session, released together; their outcomes in order."""
    barrier, outcomes = threading.Barrier(len(writes)), [None] * len(writes)

    def run(n: int, write) -> None:
        with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
            barrier.wait()
            try:
                outcomes[n] = write(session)
            except Stale as stale:
                outcomes[n] = stale

    threads = [threading.Thread(target=run, args=(n, write)) for n, write in enumerate(writes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return outcomes


def _predictions(table: TableDriver, seats) -> list:
    seq = table.seq
    return [
        lambda session, seat=seat, value=value: record(
            session, table.code, HOST, {"type": "predict", "seat": seat, "value": value}, seq, uuid.uuid4().hex
        )
        for value, seat in enumerate(seats)
    ]


def test_concurrent_writers_on_one_board_exactly_one_wins(app, client):
    table = _started(client)
    seq = table.seq
    writes = _predictions(table, [A] * 6)  # one seat's entries: each depends on the one before
    outcomes = _race(app, table.code, writes)
    won = [o for o in outcomes if isinstance(o, Recorded)]
    assert len(won) == 1 and not won[0].replayed and won[0].entry.seq == seq + 1
    assert all(isinstance(o, Stale) for o in outcomes if o is not won[0])
    assert len(_history(client, table)) == seq + 1


def test_predictions_of_every_seat_racing_on_one_board_all_land_once(app, client):
    """Entries that every seat makes at once go on top of each other instead of going stale."""
    table = _started(client)
    seq = table.seq
    outcomes = _race(app, table.code, _predictions(table, [A, B, C]))
    assert all(isinstance(o, Recorded) and not o.replayed for o in outcomes), outcomes
    assert sorted(o.entry.seq for o in outcomes) == [seq + 1, seq + 2, seq + 3]
    assert len(_history(client, table)) == seq + 3


def test_the_same_tap_racing_itself_records_once_and_every_answer_is_the_first(app, client):
    table = _started(client)
    seq = table.seq
    writes = [
        lambda session: record(session, table.code, HOST, {"type": "predict", "seat": A, "value": 1}, seq, "double-tap")
    ] * 6
    outcomes = _race(app, table.code, writes)
    assert all(isinstance(o, Recorded) for o in outcomes), outcomes
    assert sum(not o.replayed for o in outcomes) == 1
    assert {o.entry.seq for o in outcomes} == {seq + 1}
    assert len(_history(client, table)) == seq + 1


# --------------------------------------------------------------------------- a key that comes back with another entry


def test_a_different_entry_under_a_used_key_is_a_conflict_with_the_fresh_board(client):
    """Issue 17 item 6: two different taps on one board share the form's key; the second must be
    told it was not recorded (409 and the board after the first), not answered as recorded."""
    table = _started(client)
    before = table.seq
    table.enter({"type": "predict", "value": 1}, by=A, seat=A, key="board-key")
    other = table.enter({"type": "predict", "value": 2}, by=B, seat=B, key="board-key", seq=before, expect=409)
    assert other["error"]["rule"] == "STALE" and other["seq"] == before + 1
    assert other["state"]["players"][B]["predicted"] is False
    assert [e["description"] for e in _history(client, table)][-1] == "A entered a prediction"
    assert len(_history(client, table)) == before + 1


def test_a_different_entry_under_a_used_key_on_the_current_board_is_a_conflict_too(client):
    table = _started(client)
    table.enter({"type": "predict", "value": 1}, by=A, seat=A, key="tap-1")
    moved_on = table.seq
    other = table.enter({"type": "predict", "value": 0}, by=A, seat=A, key="tap-1", expect=409)  # legal now
    assert other["error"]["rule"] == "STALE" and other["seq"] == moved_on
    refused_now = table.enter({"type": "no-such-entry"}, by=A, seat=A, key="tap-1", expect=409)
    assert refused_now["seq"] == moved_on and len(_history(client, table)) == moved_on


def test_an_undo_under_the_key_of_an_entry_is_a_conflict(client):
    table = _started(client)
    table.enter({"type": "predict", "value": 1}, by=A, seat=A, key="tap-1")
    assert table.undo(key="tap-1", expect=409)["error"]["rule"] == "STALE"
    assert len(_history(client, table)) == table.seq


def test_a_second_different_tap_on_a_page_gets_the_fresh_board_not_a_success(app):
    from tests.helpers import Phone, text

    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cleo"])
    host.look()
    host.enter({"type": "start_round"})
    drawn_at, board_key = host.seq, uuid.uuid4().hex
    assert host.enter({"type": "predict", "seat": 0, "value": 1}, key=board_key).status_code == 200
    second = host.enter({"type": "predict", "seat": 1, "value": 2}, key=board_key, seq=drawn_at)
    assert second.status_code == 409 and "Nothing was recorded" in text(second)
    history = text(host.client.get(f"/t/{host.code}/history"))
    assert history.count("entered a prediction<") == 1  # the line, not its Correct link
