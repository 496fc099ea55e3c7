"""Issue 17 item 9: event-stream slots are given back, whatever the request did with the body,
and one client holds only a few of them (each stream holds a server thread)."""

from __future__ import annotations

import pytest

from referee.app import create_app

from .api_driver import TableDriver

STREAMS, PER_CLIENT = 6, 3


@pytest.fixture
def small_app(database_url):
    app = create_app(
        {"DATABASE_URL": database_url, "TESTING": True, "PUSH_STREAMS": STREAMS, "PUSH_STREAMS_PER_CLIENT": PER_CLIENT}
    )
    yield app
    app.extensions["db_engine"].dispose()


def stream_from(client, code: str, address: str):
    return client.get(f"/t/{code}/events", buffered=False, environ_base={"REMOTE_ADDR": address})


def test_head_requests_give_their_stream_slot_back(small_app):
    client = small_app.test_client()
    code = TableDriver(client, "switch-to", ["Ann", "Bo", "Cy"]).code
    for _ in range(STREAMS * 6):  # 36 with the default of 16 once turned live updates off for good
        response = client.head(f"/t/{code}/events")
        assert response.status_code == 200
        response.close()  # as the server does once the (empty) answer is sent
    stream = client.get(f"/t/{code}/events", buffered=False)
    assert stream.status_code == 200 and stream.mimetype == "text/event-stream"
    stream.close()


def test_one_client_holds_only_a_few_streams(small_app):
    client = small_app.test_client()
    code = TableDriver(client, "switch-to", ["Ann", "Bo", "Cy"]).code
    held = [stream_from(client, code, "192.0.2.7") for _ in range(PER_CLIENT)]
    assert [r.status_code for r in held] == [200] * PER_CLIENT
    assert stream_from(client, code, "192.0.2.7").status_code == 204  # poll instead
    other = stream_from(client, code, "192.0.2.8")
    assert other.status_code == 200  # the rest of the process's slots are still there for others
    other.close()
    held.pop().close()
    again = stream_from(client, code, "192.0.2.7")
    assert again.status_code == 200  # a stream given back is this client's to take again
    for response in (*held, again):
        response.close()
