"""The push channel: event streams nudge phones when their table moves, whichever process took
the entry (a second app on the same database stands in for a second process)."""

from __future__ import annotations

import re
import threading

import pytest

from referee.app import create_app
from referee.push import Hub, event_stream
from tests.helpers import Phone, seat_phone
from tests.web.api_driver import TableDriver


def events_of(response, count: int) -> list[str]:
    """The data lines of the first ``count`` seq events of a streamed response."""
    seqs, chunks = [], response.response
    for chunk in chunks:
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
        seqs += [line[len("data: ") :] for line in text.splitlines() if line.startswith("data: ")]
        if len(seqs) >= count:
            break
    return seqs[:count]


def open_stream(client, code: str):
    response = client.get(f"/t/{code}/events", buffered=False)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    return response


def test_a_stream_says_the_seq_now_then_each_new_one(client):
    table = TableDriver(client, "switch-to", ["Ann", "Bo", "Cy"])
    response = open_stream(client, table.code)
    assert events_of(response, 1) == ["0"]
    threading.Timer(0.2, lambda: table.enter({"type": "start_round"})).start()
    assert events_of(response, 1) == ["1"]
    response.close()


def test_an_entry_through_another_process_reaches_this_ones_streams(app, database_url):
    other = create_app({"DATABASE_URL": database_url, "TESTING": True})
    try:
        table = TableDriver(app.test_client(), "switch-to", ["Ann", "Bo", "Cy"])
        response = open_stream(app.test_client(), table.code)
        assert events_of(response, 1) == ["0"]
        elsewhere = TableDriver.__new__(TableDriver)
        elsewhere.__dict__.update(table.__dict__, client=other.test_client())
        threading.Timer(0.3, lambda: elsewhere.enter({"type": "start_round"})).start()
        assert events_of(response, 1) == ["1"]  # heard from the database, not from this app's writes
        response.close()
    finally:
        other.extensions["db_engine"].dispose()


def test_undo_moves_the_stream_on_too(client):
    table = TableDriver(client, "switch-to", ["Ann", "Bo", "Cy"])
    table.enter({"type": "start_round"})
    response = open_stream(client, table.code)
    assert events_of(response, 1) == ["1"]
    threading.Timer(
        0.2,
        lambda: client.post(
            f"/api/tables/{table.code}/undo", headers=table.auth("host"), json={"expected_seq": 1, "key": "undo-1"}
        ),
    ).start()
    assert events_of(response, 1) == ["2"]
    response.close()


def test_when_every_stream_slot_is_taken_the_phone_is_told_to_poll(app, client):
    table = TableDriver(client, "switch-to", ["Ann", "Bo", "Cy"])
    slots = app.extensions["push_slots"]
    taken = 0
    while slots.acquire(blocking=False):
        taken += 1
    try:
        assert client.get(f"/t/{table.code}/events").status_code == 204
    finally:
        for _ in range(taken):
            slots.release()


def test_a_stream_for_no_table_is_not_found(client):
    assert client.get("/t/NOPE99/events").status_code == 404


class QuietHub(Hub):
    """A hub with no watcher thread: only what ``announce`` says reaches it."""

    def _start_watching(self) -> None:
        pass


@pytest.mark.parametrize("changes", [[], [3], [3, 5]])
def test_the_stream_sends_each_newer_seq_and_ends_after_its_lifetime(changes):
    hub = QuietHub(engine=None)
    for seq in changes:
        threading.Timer(0.05, hub.announce, ("ABC", seq)).start()
    stream = event_stream(hub, "ABC", 2, lifetime=0.3, heartbeat=0.1)
    text = b"".join(stream).decode()  # ends by itself
    seqs = [line[6:] for line in text.splitlines() if line.startswith("data: ")]
    assert seqs[0] == "2"
    sent = [int(seq) for seq in seqs[1:]]
    assert sent == sorted(set(sent)) and set(sent) <= set(changes)  # a burst may arrive as its newest seq
    assert sent[-1:] == changes[-1:]
    assert ": still here" in text  # heartbeats while idle


def test_a_lower_seq_never_moves_a_stream_back():
    hub = QuietHub(engine=None)
    hub.announce("ABC", 7)
    hub.announce("ABC", 4)
    assert hub.wait_for_change("ABC", 6, timeout=0.01) == 7


def test_polls_after_the_first_are_answered_by_the_hub_and_see_other_processes_writes(app, database_url):
    """The first poll reads the database; the hub then keeps the table current, also for an entry
    made through another process, within a watcher's read."""
    import time

    hub = app.extensions["push_hub"]
    client = app.test_client()
    table = TableDriver(client, "switch-to", ["Ann", "Bo", "Cy"])
    assert client.get(f"/api/tables/{table.code}/changes?since=0").status_code == 204
    deadline = time.monotonic() + 5
    while hub.known_seq(table.code) is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hub.known_seq(table.code) == 0  # kept current now: no query for the next polls
    other = create_app({"DATABASE_URL": database_url, "TESTING": True})
    try:
        elsewhere = TableDriver.__new__(TableDriver)
        elsewhere.__dict__.update(table.__dict__, client=other.test_client())
        elsewhere.enter({"type": "start_round"})
        deadline = time.monotonic() + 2
        while client.get(f"/api/tables/{table.code}/changes?since=0").status_code == 204:
            assert time.monotonic() < deadline, "the hub never heard of the other process's entry"
            time.sleep(0.02)
        assert client.get(f"/api/tables/{table.code}/changes?since=0").json == {"seq": 1}
    finally:
        other.extensions["db_engine"].dispose()


def test_a_hub_out_of_sync_sends_polls_to_the_database():
    hub = QuietHub(engine=None)
    hub.announce("ABC", 3)
    hub.known_seq("ABC")
    assert hub.known_seq("ABC") is None  # the watcher never caught up: trust nothing
    hub.in_sync = True
    assert hub.known_seq("ABC") == 3


def test_a_write_nudges_this_process_at_its_commit_whichever_path_made_it(app):
    """Issue 26: the write kernel nudges this process's streams on commit; no view has to
    remember to. Here entries, an undo and a seat claim made on the table's log directly,
    with no view in between, and a refused entry that moves nothing."""
    from sqlmodel import Session

    from referee.table import writes
    from referee.table.seats import claim_seat, open_table
    from referee.table.errors import Stale
    from referee.games.base import HOST

    hub = app.extensions["push_hub"]
    heard: list[tuple[str, int, int | None]] = []
    hub.listeners.append(lambda code: heard.append((code, hub.seqs[code], hub.seat_versions.get(code))))
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        table = open_table(session, "switch-to", ["Ann", "Bo", "Cy"], None)
        seats = table.seats_version
        writes.record(session, table.code, HOST, {"type": "start_round"}, expected_seq=0, key="start")
        assert heard[-1] == (table.code, 1, seats)
        writes.undo(session, table.code, HOST, expected_seq=1, key="undo")
        assert heard[-1] == (table.code, 2, seats)
        claim_seat(session, table, 1)
        assert heard[-1] == (table.code, 2, seats + 1)
        before = len(heard)
        with pytest.raises(Stale):
            writes.record(session, table.code, HOST, {"type": "start_round"}, expected_seq=0, key="late")
        assert len(heard) == before


def board_events(response, count: int) -> list[str]:
    """The HTML of the first ``count`` board events of a streamed response (seq nudges skipped)."""
    boards, said = [], ""
    for chunk in response.response:
        said += chunk.decode() if isinstance(chunk, bytes) else chunk
        *events, said = said.split("\n\n")
        for event in events:
            lines = event.split("\n")
            if "event: board" in lines:
                boards.append("\n".join(line[6:] for line in lines if line.startswith("data: ")))
        if len(boards) >= count:
            break
    return boards[:count]


def test_a_stream_that_asks_for_boards_sends_each_phone_its_own_board(app):
    """Issue 31: the other phones are sent their new board over the stream they hold, each drawn
    for its own seat (its name on it, a form key of its own), instead of a nudge to fetch it."""
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cy"])
    seats = [seat_phone(app, host, seat) for seat in range(2)]
    streams = [phone.client.get(f"/t/{host.code}/events?seats=2&boards=1", buffered=False) for phone in seats]
    assert all(events_of(stream, 1) == ["0"] for stream in streams)
    host.look()
    threading.Timer(0.2, lambda: host.enter({"type": "start_round"})).start()
    boards = [board_events(stream, 1)[0] for stream in streams]
    for stream in streams:
        stream.close()
    assert ["You are Ann" in board for board in boards] == [True, False]
    assert ["You are Ben" in board for board in boards] == [False, True]
    assert all(re.search(r'<section id="board"[^>]*data-seq="1"', board) for board in boards)
    keys = [set(re.findall(r'name="key" value="([0-9a-f]{32})', board)) for board in boards]
    assert all(keys) and not keys[0] & keys[1]


def test_a_board_that_cannot_be_drawn_is_a_nudge_to_fetch_it(app, monkeypatch):
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cy"])
    phone = seat_phone(app, host, 0)

    def broken(code, viewers):
        raise RuntimeError("the templates went away")

    monkeypatch.setattr(app.extensions["board_painter"], "paint", broken)
    stream = phone.client.get(f"/t/{host.code}/events?seats=1&boards=1", buffered=False)
    assert events_of(stream, 1) == ["0"]
    host.look()
    threading.Timer(0.2, lambda: host.enter({"type": "start_round"})).start()
    assert events_of(stream, 1) == ["1"]  # a seq event: the page fetches its board as before
    stream.close()


def test_a_stream_without_boards_asked_for_is_only_nudged(app):
    """A page drawn before boards came over the stream (its stream address has no ``boards``)
    knows no board event: it is nudged as before."""
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cy"])
    phone = seat_phone(app, host, 0)
    stream = phone.client.get(f"/t/{host.code}/events?seats=1", buffered=False)
    assert events_of(stream, 1) == ["0"]
    host.look()
    threading.Timer(0.2, lambda: host.enter({"type": "start_round"})).start()
    first = next(
        chunk for chunk in stream.response if b"data:" in (chunk if isinstance(chunk, bytes) else chunk.encode())
    )
    stream.close()
    assert b"event: seq" in (first if isinstance(first, bytes) else first.encode()) and b"board" not in first


def test_the_board_page_asks_its_stream_for_boards(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cy"])
    page = host.look()
    assert re.search(r'data-events="/t/\w+/events\?seats=\d+&amp;boards=1"', page)


def test_the_phone_whose_entry_it_was_is_not_sent_its_answer_again(app):
    """The poster's entry was answered with its new board: its own stream says only the seq,
    while the other phones' streams carry their boards."""
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cy"])
    host.look()
    ann = seat_phone(app, host, 0)
    own, other = (phone.client.get(f"/t/{host.code}/events?seats=1&boards=1", buffered=False) for phone in (host, ann))
    assert events_of(own, 1) == ["0"] and events_of(other, 1) == ["0"]
    threading.Timer(0.2, lambda: host.enter({"type": "start_round"})).start()
    assert 'data-seq="1"' in board_events(other, 1)[0]
    said = next(iter(own.response))
    own.close()
    other.close()
    assert b"event: seq\ndata: 1\n" in said and b"event: board" not in said


def test_a_stream_held_by_a_thread_is_compressed_event_by_event_for_a_phone_that_takes_gzip(app):
    """Issue 31: as under ``referee serve`` (tests/server/test_stream_pump.py), a stream held by a
    server thread (gunicorn, the dev server) is one gzip body, each event readable whole as soon
    as it is sent; a phone that asks for no gzip gets it plain."""
    import zlib

    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cy"])
    host.look()
    ann = seat_phone(app, host, 0)
    address = f"/t/{host.code}/events?seats=1&boards=1"
    plain = ann.client.get(address, buffered=False)
    assert "Content-Encoding" not in plain.headers and next(iter(plain.response)).startswith(b"retry: ")
    plain.close()
    stream = ann.client.get(address, headers={"Accept-Encoding": "gzip"}, buffered=False)
    assert stream.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in stream.headers["Vary"]
    inflate, chunks = zlib.decompressobj(16 + zlib.MAX_WBITS), iter(stream.response)
    assert inflate.decompress(next(chunks)).decode().endswith("event: seq\ndata: 0\n\n")
    threading.Timer(0.2, lambda: host.enter({"type": "start_round"})).start()
    board = inflate.decompress(next(chunks)).decode()
    stream.close()
    assert board.startswith("id: 1\nevent: board\n") and board.endswith("\n\n") and "You are Ann" in board
