"""Hostile input (issue 28): what is not a table code's shape is refused before it reaches a
cache, the push hub or a query; /static/ never opens a file outside its folder; long names
cost a 404, not a 500 with the name in the log."""

from __future__ import annotations

import logging
import secrets

from sqlalchemy import event, update
from sqlmodel import Session

from referee import upkeep
from referee.table import codes
from referee.db import GameTable
from referee.web import assets, limits

LONG_CODE = "A" * 100_000


def _query_parameters(app):
    """What each query from now on is sent (other threads' queries too: the hub's watcher)."""
    seen = []
    event.listen(
        app.extensions["db_engine"],
        "before_cursor_execute",
        lambda _connection, _cursor, _statement, parameters, *_: seen.append(repr(parameters)),
    )
    return seen


def _not_a_code_paths(code: str) -> list[tuple[str, dict]]:
    polled = {"HX-Request": "true"}
    return [
        (f"/api/tables/{code}/changes?since=0", {}),
        (f"/api/tables/{code}", {}),
        (f"/t/{code}?since=0", polled),
        (f"/t/{code}", {}),
        (f"/t/{code}/events", {}),
        (f"/t/{code}/sheet", {}),
        (f"/api/tables/{code}/history", {}),
    ]


def test_what_is_not_a_code_reaches_no_cache_no_hub_and_no_query(app, client):
    seen = _query_parameters(app)
    hub = app.extensions["push_hub"]
    bad = (LONG_CODE, "ABCDEFG", "ABCDEFGHJ", "ABCD0FGH", "ABCD-FGH", "ÄBCDEFGH")
    for code in bad:
        for path, headers in _not_a_code_paths(code):
            answer = client.get(path, headers=headers)
            assert answer.status_code == 404, path[:40]
            assert len(answer.data) < 20_000  # the name is not echoed back at length
        normal = "".join(code.split()).upper()
        assert normal not in upkeep.UNKNOWN_CODES and normal not in hub.polled
    assert client.post(
        f"/api/tables/{LONG_CODE}/plays", json={"expected_seq": 0, "key": "k", "entry": {"type": "pass"}}
    ).status_code in (400, 404)
    assert not [sent for sent in seen if any(code[:16] in sent for code in bad)]


def test_a_code_typed_in_lower_case_or_with_spaces_still_finds_its_table(client):
    code = client.post("/api/tables", json={"game": "switch-to", "players": ["Ann", "Ben"]}).get_json()["code"]
    spaced = f" {code[:4].lower()} {code[4:]} "
    assert client.get(f"/api/tables/{spaced}").status_code == 200
    assert client.get(f"/api/tables/{code.lower()}/changes?since=0").status_code == 204
    assert client.get("/find", query_string={"code": spaced}).headers["Location"].endswith(f"/t/{code}")


def test_an_older_six_letter_code_still_finds_its_table(app, client):
    code = client.post("/api/tables", json={"game": "switch-to", "players": ["Ann", "Ben"]}).get_json()["code"]
    six = "".join(secrets.choice(codes.CODE_ALPHABET) for _ in range(6))
    with Session(app.extensions["db_engine"]) as session:
        session.exec(update(GameTable).where(GameTable.code == code).values(code=six))
        session.commit()
    assert client.get(f"/api/tables/{six.lower()}").status_code == 200


def test_a_poll_of_a_code_nobody_has_leaves_the_hub_watching_nothing(app, client):
    hub = app.extensions["push_hub"]
    assert client.get("/api/tables/ZZZZZZZZ/changes?since=0").status_code == 404
    assert client.get("/t/YYYYYYYY?since=0", headers={"HX-Request": "true"}).status_code in (204, 404)
    assert "ZZZZZZZZ" not in hub.polled and "YYYYYYYY" not in hub.polled


def test_static_never_hashes_a_file_outside_its_folder(app, client):
    with app.test_request_context():
        assert assets.content_hash("app.css")
        assert assets.content_hash("../referee/app.py") is None
        assert assets.content_hash("../instance/referee.sqlite3") is None
    for spelling in (
        "/static/..%2Freferee%2Fapp.py?v=1",
        "/static/../referee/app.py?v=1",
        "/static/%2E%2E/pyproject.toml?v=1",
    ):
        assert client.get(spelling).status_code == 404


def test_a_long_static_name_is_a_404_not_a_500(client):
    answer = client.get("/static/" + "a" * 200_000 + "?v=1")
    assert answer.status_code == 404
    assert len(answer.data) < 20_000  # the not-found page does not say the address thrice


def test_the_hub_forgets_the_seqs_of_tables_nobody_watches(app):
    hub = app.extensions["push_hub"]
    hub.announce("QQQQQQQQ", 3, 1)
    hub._kept_codes()  # the watcher's round
    assert "QQQQQQQQ" not in hub.seqs and "QQQQQQQQ" not in hub.seat_versions


def test_a_limit_window_remembers_a_bounded_number_of_addresses():
    """Quiet addresses were forgotten, but 20,000 busy ones (IPv6 has plenty) were all kept."""
    window = limits.Window(1, 600)
    for n in range(20_001):
        window.take(f"2001:db8::{n:x}")
    assert len(window._events) <= 10_000
    assert window.take(f"2001:db8::{20_000:x}") > 0  # the latest are still counted


def test_the_access_log_cuts_a_hostile_path_and_query(app, client, caplog):
    """Issue 28: with the access log (issue 30), a 200 KB address was a 200 KB line each time."""
    caplog.set_level(logging.INFO, logger="referee.access")
    client.get("/static/" + "c" * 200_000 + "?v=" + "d" * 200_000).close()  # the line is written on close
    lines = [record.getMessage() for record in caplog.records if record.name == "referee.access"]
    assert lines and all(len(line) < 2_000 for line in lines)
