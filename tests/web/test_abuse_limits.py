"""Abuse limits (issue 17, item 14): table creation per address is limited, unknown codes cost
no repeated queries, idle tables are archived and unplayed ones swept, and the Host header never
flows into join links, QR codes or exports."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from sqlalchemy import event
from sqlmodel import Session

from referee import upkeep
from referee.table import reads, seats
from referee.app import create_app
from referee.db import GameTable, utcnow
from tests.web.api_driver import TableDriver

NEW = {"game": "switch-to", "players": ["Ann", "Ben"]}


@pytest.fixture
def limited(database_url):
    app = create_app(
        {"DATABASE_URL": database_url, "TESTING": True, "PUBLIC_URL": "http://table.test", "TABLES_PER_WINDOW": 3}
    )
    yield app
    app.extensions["db_engine"].dispose()


def test_one_address_opens_only_so_many_tables(limited):
    client = limited.test_client()
    assert [client.post("/api/tables", json=NEW).status_code for _ in range(3)] == [201] * 3
    refused = client.post("/api/tables", json=NEW)
    assert refused.status_code == 429 and refused.json["error"]["rule"] == "LIMIT"
    assert int(refused.headers["Retry-After"]) > 0
    page = client.post("/new/switch-to", data={"players": ["Ann", "Ben"]})
    assert page.status_code == 429 and "Retry-After" in page.headers
    other = client.post("/api/tables", json=NEW, environ_base={"REMOTE_ADDR": "192.0.2.9"})
    assert other.status_code == 201  # another address is not held back


def _counting_queries(app):
    seen = []
    event.listen(app.extensions["db_engine"], "before_cursor_execute", lambda *args: seen.append(1))
    return seen


def test_a_guessed_code_costs_one_query_not_one_each_time(app, client):
    seen = _counting_queries(app)
    for _ in range(5):
        assert client.get("/t/NOSUCHCODE").status_code == 404
        assert client.get("/api/tables/NOSUCHCODE").status_code == 404
        assert client.get("/t/NOSUCHCODE?since=3", headers={"HX-Request": "true"}).status_code in (204, 404)
    assert len(seen) <= 3  # 15 requests: the first lookups only, not one each (PostgreSQL adds one of its own)


def test_a_table_opened_after_its_code_was_guessed_is_found(app, client):
    upkeep.UNKNOWN_CODES.add("ABCDEFGH")
    with Session(app.extensions["db_engine"]) as session:
        table = seats.open_table(session, "switch-to", ["Ann", "Ben"], {})
    assert client.get(f"/api/tables/{table.code}").status_code == 200


def _age(app, code: str, days: float, created_too: bool = False) -> None:
    with Session(app.extensions["db_engine"]) as session:
        table = reads.find_table(session, code)
        table.updated_at = utcnow() - timedelta(days=days)
        if created_too:
            table.created_at = table.updated_at
        session.add(table)
        session.commit()


def test_an_idle_table_is_archived_read_only(app, client):
    table = TableDriver(client, "switch-to", ["Ann", "Ben"])
    table.enter({"type": "start_round", "removed_suit": "S"})
    _age(app, table.code, upkeep.ARCHIVE_DAYS + 1)
    refused = table.enter({"type": "predict", "value": 1}, seat=0, expect=410)
    assert refused["error"]["rule"] == "ARCHIVED"
    assert client.get(f"/api/tables/{table.code}").status_code == 200
    assert client.get(f"/t/{table.code}/sheet").status_code == 200


def test_tables_never_played_are_swept_after_a_day(app, client):
    old, played, fresh = (TableDriver(client, "switch-to", ["Ann", "Ben"]) for _ in range(3))
    played.enter({"type": "start_round", "removed_suit": "S"})
    _age(app, old.code, 2, created_too=True)
    _age(app, played.code, 2, created_too=True)
    with Session(app.extensions["db_engine"]) as session:
        assert upkeep.sweep_unplayed(session, force=True) >= 1
        codes = {t.code for t in session.query(GameTable).all()}
    assert old.code not in codes and {played.code, fresh.code} <= codes


@pytest.fixture
def no_public_url(database_url):
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "PUBLIC_URL": None})
    yield app
    app.extensions["db_engine"].dispose()


def test_a_forged_host_never_reaches_a_join_link(no_public_url):
    client = no_public_url.test_client()
    forged = client.post("/api/tables", json=NEW, headers={"Host": "evil.example"})
    assert forged.status_code == 400
    honest = client.post("/api/tables", json=NEW, headers={"Host": "127.0.0.1:8000"})
    assert honest.status_code == 201 and honest.json["join_url"].startswith("http://127.0.0.1:8000/t/")
    code = honest.json["code"]
    assert client.get(f"/t/{code}/qr.svg", headers={"Host": "evil.example"}).status_code == 400
    assert client.get(f"/t/{code}/export.json", headers={"Host": "evil.example"}).status_code == 400


def test_a_forged_host_is_answered_in_json_under_the_api(no_public_url):
    """Issue 28: every API answer is JSON, this refusal too (it was Werkzeug's HTML page)."""
    client = no_public_url.test_client()
    for answer in (
        client.post("/api/tables", json=NEW, headers={"Host": "evil.example"}),
        client.get("/api/games", headers={"Host": "evil.example"}),
        client.get("/api/tables/ABCDEFGH", headers={"Host": "evil.example"}),
    ):
        assert answer.status_code == 400 and answer.mimetype == "application/json"
        assert answer.json["error"]["rule"] == "REQUEST" and "evil" not in answer.json["error"]["message"]


@pytest.fixture
def few_corrections(database_url):
    app = create_app(
        {"DATABASE_URL": database_url, "TESTING": True, "PUBLIC_URL": "http://table.test", "CORRECTIONS_PER_WINDOW": 3}
    )
    yield app
    app.extensions["db_engine"].dispose()


def _predicting(client) -> TableDriver:
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    table.enter({"type": "start_round", "removed_suit": "S"})
    table.enter({"type": "predict", "value": 1}, seat=0)
    return table


def _correct_the_prediction(table: TableDriver, value: int, **environ):
    entries = table.client.get(f"/api/tables/{table.code}/history").json["entries"]
    prediction = max(e["seq"] for e in entries if e["in_force"])  # the prediction, or what corrected it
    body = {
        "entry": prediction,
        "action": {"type": "predict", "seat": 0, "value": value},
        "expected_seq": table.seq,
        "key": uuid.uuid4().hex,
    }
    answer = table.client.post(
        f"/api/tables/{table.code}/corrections", json=body, headers=table.auth("host"), environ_base=environ
    )
    if answer.status_code == 200:
        table.seq = answer.json["seq"]
    return answer


def test_one_address_corrects_one_table_only_so_often(few_corrections):
    """Issue 28: a correction re-enters every later entry with a snapshot each; unbounded, a
    script could make a table grow by megabytes a minute."""
    client = few_corrections.test_client()
    table, other = _predicting(client), _predicting(client)
    assert [_correct_the_prediction(table, value).status_code for value in (2, 3, 4)] == [200] * 3
    seq = table.seq
    refused = _correct_the_prediction(table, 5)
    assert refused.status_code == 429 and refused.json["error"]["rule"] == "LIMIT"
    assert int(refused.headers["Retry-After"]) > 0
    assert client.get(f"/api/tables/{table.code}").json["seq"] == seq  # nothing recorded
    assert _correct_the_prediction(other, 2).status_code == 200  # another table is not held back
    assert _correct_the_prediction(table, 5, REMOTE_ADDR="192.0.2.9").status_code == 200  # nor another address
    client.set_cookie(f"rt_{table.code}", table.host, path=f"/t/{table.code}")
    page = client.post(
        f"/t/{table.code}/correct/2",
        data={"type": "predict", "seat": 0, "value": 6, "expected_seq": seq, "key": uuid.uuid4().hex},
        headers={"HX-Request": "true"},
    )
    assert page.status_code == 429 and "corrected many times" in page.get_data(as_text=True)
