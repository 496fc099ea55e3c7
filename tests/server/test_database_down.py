"""Issue 28: when the database cannot be reached, a write is answered 503 (rule UNAVAILABLE,
Retry-After) and told it is not confirmed and safe to send again, never "the table moved on"
(409: phones took that as final) nor a 500 with a traceback. Sent again with its key once the
database is back, it is recorded once. Real failures against a real ``referee serve``: a full
filesystem under SQLite, and PostgreSQL connections cut in the middle of a write."""

from __future__ import annotations

import random
import threading
import time
import uuid

import pytest

from tests.helpers import fill, postgres_or_skip, postgres_url, small_filesystem
from tests.web.test_server import Server

OPEN = {"game": "switch-to", "players": ["Ann", "Ben"]}
NOT_CONFIRMED = "not confirmed"


def play(server: Server, opened: dict, key: str):
    body = {"expected_seq": 0, "key": key, "action": {"type": "start_round", "removed_suit": "S"}}
    return server.call("POST", f"/api/tables/{opened['code']}/plays", body, token=opened["host_token"])


def entries(server: Server, opened: dict) -> list[dict]:
    status, history = server.call("GET", f"/api/tables/{opened['code']}/history")
    assert status == 200
    return history["entries"]


def assert_unavailable_and_unconfirmed(answer) -> None:
    status, body = answer
    assert status == 503, body
    assert body["error"]["rule"] == "UNAVAILABLE"
    assert NOT_CONFIRMED in body["error"]["message"] and "nothing was recorded" not in body["error"]["message"]


# --------------------------------------------------------------------------- SQLite, the disk full


@pytest.fixture
def small_disk(tmp_path):
    with small_filesystem(tmp_path / "disk") as mount:
        yield mount


def test_a_write_on_a_full_disk_is_503_not_confirmed_and_lands_once_when_sent_again(small_disk, tmp_path):
    server = Server(f"sqlite:///{small_disk / 'referee.sqlite3'}", output=(tmp_path / "server.log").open("w"))
    try:
        status, opened = server.call("POST", "/api/tables", OPEN)
        assert status == 201
        filler = fill(small_disk)
        assert_unavailable_and_unconfirmed(play(server, opened, "full-1"))
        filler.unlink()
        status, board = play(server, opened, "full-1")  # the phone sends it again, same key
        assert status == 200 and board["seq"] == 1
        assert [e["seq"] for e in entries(server, opened)] == [1]
    finally:
        server.stop()
    assert "Traceback" not in (tmp_path / "server.log").read_text()


# --------------------------------------------------------------------------- PostgreSQL cut mid-write


@pytest.fixture
def throwaway_database():
    admin = postgres_or_skip()
    name = f"referee_down_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    yield admin, name
    admin.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true')
    admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    admin.close()


def wait_for_a_write_held_by(admin, name: str, holder: int) -> None:
    """Until the server's write waits on the row lock ``holder`` took (bounded: 20 s)."""
    for _ in range(200):
        waiting = admin.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> %s AND wait_event_type = 'Lock'",
            (name, holder),
        ).fetchone()[0]
        if waiting:
            return
        time.sleep(0.1)
    raise AssertionError(
        "the write never reached the database: "
        + repr(
            admin.execute(
                "SELECT state, wait_event_type, query FROM pg_stat_activity WHERE datname = %s", (name,)
            ).fetchall()
        )
    )


def test_postgresql_cut_in_the_middle_of_a_write_is_503_not_confirmed_and_lands_once(throwaway_database, tmp_path):
    import psycopg

    admin, name = throwaway_database
    server = Server(postgres_url(name), output=(tmp_path / "server.log").open("w"))
    try:
        status, opened = server.call("POST", "/api/tables", OPEN)
        assert status == 201
        with psycopg.connect(postgres_url(name)) as holder:
            holder.execute("SELECT 1 FROM game_tables WHERE code = %s FOR UPDATE", (opened["code"],))
            answers = []
            writer = threading.Thread(target=lambda: answers.append(play(server, opened, "cut-1")))
            writer.start()
            wait_for_a_write_held_by(admin, name, holder.info.backend_pid)
            admin.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS false')
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> %s",
                (name, holder.info.backend_pid),
            )
            writer.join(30)
            holder.rollback()
        assert_unavailable_and_unconfirmed(answers[0])
        admin.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true')
        status, board = play(server, opened, "cut-1")
        assert status == 200 and board["seq"] == 1
        assert [e["seq"] for e in entries(server, opened)] == [1]
    finally:
        server.stop()
    assert "Traceback" not in (tmp_path / "server.log").read_text()


def test_the_soak_phones_send_a_write_answered_503_again(small_disk, tmp_path):
    """bench/phones.py took a 503 as the answer (an anomaly); it is sent again until confirmed."""
    from bench.live import Client
    from bench.phones import SimTable

    server = Server(f"sqlite:///{small_disk / 'referee.sqlite3'}", output=(tmp_path / "server.log").open("w"))
    try:
        table = SimTable(Client(server.base), "switch-to", random.Random(28), players=3, timeout=5)
        action = table.legal()[0]
        filler = fill(small_disk)
        sent = table.stats.requests
        phone = threading.Thread(target=table.enter, args=(action,))
        phone.start()
        for _ in range(100):  # until the phone sent it again, or gave up (bounded: 10 s)
            if table.stats.requests > sent + 1 or not phone.is_alive():
                break
            time.sleep(0.1)
        filler.unlink()
        phone.join(60)
        assert not table.stats.anomalies, table.stats.anomalies
        assert len(table.acks) == 1
        assert [e["seq"] for e in entries(server, {"code": table.code})] == [1]
    finally:
        server.stop()
