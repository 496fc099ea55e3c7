"""Joins and frees reach every phone live, like entries (issue 15, moment 4): the event stream
says the seats' version when a phone joins or a seat is freed, and both polls (the page's and the
API's) count a seat change as news. Both databases; another process's claim is heard too."""

from __future__ import annotations

import re
import threading
import time

from referee.app import create_app
from tests.web.api_driver import TableDriver
from tests.web.test_push import open_stream


def stream_events(response, count: int) -> list[tuple[str, str]]:
    """The first ``count`` (event, data) pairs of a streamed response."""
    found, event = [], "message"
    for chunk in response.response:
        for line in (chunk.decode() if isinstance(chunk, bytes) else chunk).splitlines():
            if line.startswith("event: "):
                event = line[len("event: ") :]
            elif line.startswith("data: "):
                found.append((event, line[len("data: ") :]))
        if len(found) >= count:
            break
    return found[:count]


def seats_version(client, code: str) -> int:
    page = client.get(f"/t/{code}").get_data(as_text=True)
    return int(re.search(r'data-seats="(\d+)"', page).group(1))


def test_a_phone_joining_is_news_to_the_page_poll(app, client):
    table = TableDriver(client, "switch-to", ["Ann", "Bo", "Cy"])
    seats = seats_version(client, table.code)
    poll = f"/t/{table.code}?since=0&seats={seats}"
    assert client.get(poll, headers={"HX-Request": "true"}).status_code == 204
    app.test_client().post(f"/t/{table.code}/join", data={"seat": 1})
    answer = client.get(poll, headers={"HX-Request": "true"})
    assert answer.status_code == 200 and "Bo: joined" in answer.get_data(as_text=True)


def test_a_freed_seat_is_news_to_the_api_poll_which_says_the_seats_version(client):
    table = TableDriver(client, "switch-to", ["Ann", "Bo", "Cy"])
    table.token(0)
    changes = client.get(f"/api/tables/{table.code}/changes?since=0&seats=-1").json
    assert changes == {"seq": 0, "seats_version": 1}
    assert client.get(f"/api/tables/{table.code}/changes?since=0&seats=1").status_code == 204
    host = app_client_as_host(client, table)
    assert host.post(f"/t/{table.code}/free", data={"seat": 0}).status_code == 303
    assert client.get(f"/api/tables/{table.code}/changes?since=0&seats=1").json == {"seq": 0, "seats_version": 2}


def app_client_as_host(client, table: TableDriver):
    client.set_cookie(f"rt_{table.code}", table.host, path=f"/t/{table.code}")
    return client


def test_a_stream_says_the_seats_version_when_a_phone_joins(app, client):
    table = TableDriver(client, "switch-to", ["Ann", "Bo", "Cy"])
    response = client.get(f"/t/{table.code}/events?seats=0", buffered=False)
    assert stream_events(response, 1) == [("seq", "0")]
    threading.Timer(0.2, lambda: app.test_client().post(f"/t/{table.code}/join", data={"seat": 2})).start()
    assert stream_events(response, 1) == [("seats", "1")]
    response.close()


def test_a_stream_opened_after_a_join_tells_a_board_drawn_before_it(client):
    table = TableDriver(client, "switch-to", ["Ann", "Bo", "Cy"])
    table.token(0)
    response = client.get(f"/t/{table.code}/events?seats=0", buffered=False)
    assert stream_events(response, 2) == [("seq", "0"), ("seats", "1")]
    response.close()


def test_a_claim_through_another_process_reaches_this_ones_streams(app, database_url):
    other = create_app({"DATABASE_URL": database_url, "TESTING": True})
    try:
        table = TableDriver(app.test_client(), "switch-to", ["Ann", "Bo", "Cy"])
        response = open_stream(app.test_client(), table.code)
        assert stream_events(response, 1) == [("seq", "0")]
        threading.Timer(0.3, lambda: other.test_client().post(f"/t/{table.code}/join", data={"seat": 0})).start()
        started = time.monotonic()
        assert stream_events(response, 1) == [("seats", "1")]  # heard from the database
        assert time.monotonic() - started < 5
        response.close()
    finally:
        other.extensions["db_engine"].dispose()
