"""Issue 17 item 12: on PostgreSQL scale-out a LISTEN connection that goes silent froze boards
(89 of 89 polls said "nothing new" for 90 s after the table moved on). The hub checks its
LISTEN against the database: the table's new seq reaches polls within a few seconds, and the
hub listens again on a new connection."""

from __future__ import annotations

import time

import pytest

from referee import push
from referee.app import create_app
from tests.web.api_driver import TableDriver


def seq_heard(hub, code: str, seq: int, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if hub.known_seq(code) == seq:
            return True
        time.sleep(0.1)
    return False


def test_a_silent_listen_connection_does_not_freeze_the_board(app, database_url):
    if not database_url.startswith("postgresql"):
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's")
    other = create_app({"DATABASE_URL": database_url, "TESTING": True})  # another process
    try:
        table = TableDriver(other.test_client(), "switch-to", ["Ann", "Bo", "Cy"])
        hub = app.extensions["push_hub"]
        hub.known_seq(table.code)
        assert seq_heard(hub, table.code, 0, within=5)
        deaf = hub.listening
        deaf.execute("UNLISTEN *")  # still connected, and hears nothing any more
        table.enter({"type": "start_round"})
        assert seq_heard(hub, table.code, 1, within=push.LISTEN_CHECK_SECONDS * 2 + 1)
        deadline = time.monotonic() + 5
        while hub.listening is deaf and time.monotonic() < deadline:
            time.sleep(0.1)
        assert hub.listening is not deaf
        table.enter({"type": "predict", "value": 1}, by=0, seat=0)
        assert seq_heard(hub, table.code, 2, within=1)  # heard by NOTIFY again, well within a check
    finally:
        other.extensions["db_engine"].dispose()
