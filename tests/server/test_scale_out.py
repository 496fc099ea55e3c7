"""Scale out: two app servers (gunicorn, each with its own worker processes) on one PostgreSQL
database serve the same table. An entry made through one is seen by phones polling the other
within the usual poll delay, and by an event stream open on the other at once; phones at the two
servers racing for one turn still get one success and one 409.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

from bench.live import Client, Gunicorn, push_streams, start_together
from bench.phones import SimTable

POLL_SECONDS = 1  # the app's POLL_SECONDS: how often a phone asks
HTMX = {"HX-Request": "true"}


@pytest.fixture(scope="module")
def two_servers(fresh_database, tmp_path_factory):
    database = fresh_database("postgresql")
    logs = tmp_path_factory.mktemp("gunicorn")
    servers = start_together(
        *(Gunicorn(database, workers=2, threads=4, log_path=logs / f"{name}.log") for name in "ab")
    )
    yield servers
    for server in servers:
        server.kill()
    for name in "ab":
        assert "Traceback" not in (logs / f"{name}.log").read_text()


class PollingPhone(threading.Thread):
    """A phone on one server asking ``/changes?since=N`` every POLL_SECONDS, as the page does."""

    def __init__(self, client: Client, code: str):
        super().__init__(daemon=True)
        self.client, self.code = client, code
        self.seen: dict[int, float] = {0: time.monotonic()}  # seq -> when this phone first saw it
        self.stopping = threading.Event()

    def run(self) -> None:
        since = 0
        while not self.stopping.wait(POLL_SECONDS):
            status, answer = self.client.call("GET", f"/api/tables/{self.code}/changes?since={since}")
            if status == 200:
                since = answer["seq"]
                self.seen.setdefault(since, time.monotonic())

    def stop(self) -> None:
        self.stopping.set()
        self.join()


def test_an_entry_through_one_server_reaches_phones_polling_the_other(two_servers):
    a, b = (Client(server.base) for server in two_servers)
    table = SimTable(a, "switch-to", random.Random(3), players=3)
    phone_at_b = PollingPhone(b, table.code)
    phone_at_b.start()
    made: dict[int, float] = {}
    try:
        for _ in range(3):
            time.sleep(random.uniform(0.2, 1.2))  # at any moment between two polls
            table.step("entry")
            made[table.seq] = time.monotonic()
            time.sleep(POLL_SECONDS * 1.5)
            assert table.seq in phone_at_b.seen
    finally:
        phone_at_b.stop()
    delays = [phone_at_b.seen[seq] - made[seq] for seq in made]
    assert max(delays) <= POLL_SECONDS + 0.5, delays
    assert table.stats.anomalies == []

    # The page's poll on B too: 204 while nothing moved, else the board drawn from the new state.
    assert b.get_text(f"/t/{table.code}?since={table.seq}", HTMX)[0] == 204
    status, html = b.get_text(f"/t/{table.code}?since={table.seq - 1}", HTMX)
    assert status == 200 and table.code in html
    # And reading the board through B shows exactly what the client computed from A's answers.
    table.client = b
    table.step("peek")
    assert table.stats.anomalies == []


def test_phones_at_two_servers_racing_for_one_turn_get_one_success_and_one_409(two_servers):
    a, b = (Client(server.base) for server in two_servers)
    table = SimTable(a, "switch-16", random.Random(4), players=3)
    for _ in range(6):
        if table.over():
            break
        phones, actions = table.contenders(table.legal(), 2)
        bodies = [table.play_body(action) for action in actions]
        answers = table.at_once(
            [post_through(a, table, bodies[0], phones[0]), post_through(b, table, bodies[1], phones[1])]
        )
        statuses = [status for status, _ in answers]
        assert sorted(statuses) == [200, 409], answers
        won = statuses.index(200)
        table.acknowledged(answers[won][1], bodies[won], phones[won])
        table.check_fresh_board(answers[1 - won][1], phones[1 - won])
    assert table.stats.anomalies == [] and table.seq >= 1


def post_through(client: Client, table: SimTable, body: dict, phone):
    return lambda: client.call("POST", f"/api/tables/{table.code}/plays", body, table.token(phone))


def read_events(response, until_seq: int, deadline: float) -> list[int]:
    """The seqs an event stream announces, until ``until_seq`` arrives or time runs out."""
    seqs: list[int] = []
    while time.monotonic() < deadline:
        line = response.readline().decode().strip()
        if line.startswith("data: "):
            seqs.append(int(line[len("data: ") :]))
            if seqs[-1] >= until_seq:
                break
    return seqs


def test_an_event_stream_on_one_server_hears_an_entry_made_through_the_other(two_servers):
    import urllib.request

    a = Client(two_servers[0].base)
    table = SimTable(a, "switch-to", random.Random(5), players=3)
    with urllib.request.urlopen(f"{two_servers[1].base}/t/{table.code}/events", timeout=10) as stream:
        assert stream.status == 200 and stream.headers.get_content_type() == "text/event-stream"
        assert read_events(stream, 0, time.monotonic() + 5) == [0]
        table.step("entry")
        made = time.monotonic()
        seqs = read_events(stream, 1, made + 5)
        heard = time.monotonic()
    assert seqs == [1]
    assert heard - made < POLL_SECONDS  # a nudge, sooner than the next poll would have been


def test_event_streams_never_take_every_thread_of_a_server(two_servers):
    import urllib.request

    server = two_servers[0]
    table = SimTable(Client(server.base), "switch-to", random.Random(6), players=2)
    cap = server.workers * push_streams(server.threads)
    streams = [urllib.request.urlopen(f"{server.base}/t/{table.code}/events", timeout=10) for _ in range(cap + 2)]
    try:
        statuses = [stream.status for stream in streams]
        # Past its cap a worker answers 204 (that phone polls instead) and keeps a thread free.
        assert statuses.count(200) <= cap and statuses.count(204) >= 2
        # A worker with every thread streaming would not answer at all (the call times out);
        # the bound is loose because CI machines are shared.
        started = time.monotonic()
        assert Client(server.base).call("GET", f"/api/tables/{table.code}", timeout=8)[0] == 200
        assert time.monotonic() - started < 5
    finally:
        for stream in streams:
            stream.close()
