"""Issue 19: polls keep their connection under ``referee serve``. Waitress closed the connection
after every empty 204 (it sends no Content-Length on one, as it must not), so nearly every poll
opened a new one; and a client asking for the close still gets it."""

from __future__ import annotations

import http.client

import pytest

from tests.web.test_server import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = Server(f"sqlite:///{tmp_path_factory.mktemp('db') / 'referee.sqlite3'}")
    yield server
    server.stop()


def test_polls_answered_nothing_new_keep_their_connection(server):
    status, opened = server.call("POST", "/api/tables", {"game": "switch-to", "players": ["Ann", "Ben"]})
    assert status == 201
    code, token = opened["code"], opened["host_token"]
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    polls = [f"/t/{code}?since=0", f"/api/tables/{code}/changes?since=0"] * 3
    sockets = set()
    for path in polls:
        connection.request("GET", path, headers={"HX-Request": "true", "Cookie": f"rt_{code}={token}"})
        response = connection.getresponse()
        response.read()
        assert response.status == 204
        assert not response.will_close
        sockets.add(id(connection.sock))
    assert len(sockets) == 1  # one connection for every poll
    connection.close()


def test_a_poll_asking_for_the_close_gets_it(server):
    status, opened = server.call("POST", "/api/tables", {"game": "switch-to", "players": ["Ann", "Ben"]})
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request("GET", f"/api/tables/{opened['code']}/changes?since=0", headers={"Connection": "close"})
    response = connection.getresponse()
    response.read()
    assert response.status == 204 and response.will_close
    connection.close()
