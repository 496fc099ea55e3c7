"""Issue 17 item 13: while the database cannot be reached, the API answers JSON 503 with
Retry-After, a phone gets a page that says it tries again, and each failure is one log line,
not a traceback."""

from __future__ import annotations

import logging
import re

import pytest
from sqlalchemy import create_engine

from referee.app import create_app

from .api_driver import TableDriver

UNREACHABLE = {
    "sqlite": "sqlite:////nonexistent-directory/referee.sqlite3",
    "postgresql": "postgresql+psycopg://postgres@127.0.0.1:9/referee?connect_timeout=2",
}


@pytest.fixture
def outage(database_url):
    """An app that opened a table, and then lost its database."""
    app = create_app({"DATABASE_URL": database_url, "TESTING": True})
    table = TableDriver(app.test_client(), "switch-to", ["Ann", "Ben", "Cem"])
    working = app.extensions["db_engine"]
    app.extensions["db_engine"] = create_engine(UNREACHABLE[working.dialect.name])
    yield app, table
    app.extensions["db_engine"].dispose()
    working.dispose()


def test_the_api_answers_503_json_with_retry_after(outage):
    app, table = outage
    client = app.test_client()
    answers = [
        client.get(f"/api/tables/{table.code}"),
        client.get(f"/api/tables/{table.code}/changes?since=0"),
        client.post(
            f"/api/tables/{table.code}/plays",
            headers=table.auth("host"),
            json={"action": {"type": "start_round"}, "expected_seq": 0, "key": "k"},
        ),
        client.post("/api/tables", json={"game": "switch-to", "players": ["A", "B"]}),
    ]
    for response in answers:
        assert response.status_code == 503, response.request.path
        assert response.json["error"]["rule"] == "UNAVAILABLE" and response.json["error"]["message"]
        assert re.fullmatch(r"\d+", response.headers["Retry-After"])


def test_a_phone_gets_a_page_that_says_it_tries_again(outage):
    app, table = outage
    client = app.test_client()
    client.set_cookie(f"rt_{table.code}", table.host, path=f"/t/{table.code}")
    page = client.get(f"/t/{table.code}")
    assert page.status_code == 503 and page.mimetype == "text/html"
    assert re.fullmatch(r"\d+", page.headers["Retry-After"])
    text = page.get_data(as_text=True)
    assert "tries again" in text
    assert re.search(rf'http-equiv="refresh" content="\d+; url=/t/{table.code}"', text)
    posted = client.post(
        f"/t/{table.code}/entries",
        data={"type": "start_round", "expected_seq": 0, "key": "k"},
        headers={"Referer": f"http://localhost/t/{table.code}"},
    )
    assert posted.status_code == 503  # and it comes back to the table, not to the form's address
    assert re.search(rf'content="\d+; url=/t/{table.code}"', posted.get_data(as_text=True))
    poll = client.get(f"/t/{table.code}?since=0", headers={"HX-Request": "true"})
    assert poll.status_code == 503  # htmx keeps the board on screen and polls again


def test_each_failure_is_one_log_line_without_a_traceback(outage, caplog):
    app, table = outage
    client = app.test_client()
    with caplog.at_level(logging.INFO):
        for url in (f"/api/tables/{table.code}", f"/t/{table.code}", f"/api/tables/{table.code}/history"):
            client.get(url)
    lines = [record for record in caplog.records if record.name == app.logger.name]
    assert len(lines) == 3
    assert all(record.exc_info is None and "\n" not in record.getMessage() for record in lines)
