"""What an operator's tools ask: health, readiness, Prometheus metrics and the access log."""

from __future__ import annotations

import json
import logging
import uuid

from prometheus_client.parser import text_string_to_metric_families
from sqlmodel import create_engine

from referee.access_log import redacted_query


def sample(client, name: str, **labels) -> float:
    """One sample of ``/metrics`` as Prometheus reads it (0 when it has none yet)."""
    response = client.get("/metrics")
    assert response.status_code == 200 and response.mimetype == "text/plain"
    for family in text_string_to_metric_families(response.get_data(as_text=True)):
        for found in family.samples:
            if found.name == name and all(found.labels.get(key) == value for key, value in labels.items()):
                return found.value
    return 0.0


def open_table(client, game: str = "switch-to") -> tuple[str, str]:
    opened = client.post("/api/tables", json={"game": game, "players": ["Ann", "Ben", "Cem"]}).json
    return opened["code"], opened["host_token"]


def play(client, code: str, host: str, action: dict, seq: int, key: str | None = None):
    return client.post(
        f"/api/tables/{code}/plays",
        json={"action": action, "expected_seq": seq, "key": key or uuid.uuid4().hex},
        headers={"Authorization": f"Bearer {host}"},
    )


def test_healthz_answers_without_the_database(client, app, monkeypatch):
    monkeypatch.setitem(app.extensions, "db_engine", create_engine("sqlite:////no/such/folder/x.sqlite3"))
    response = client.get("/healthz")
    assert response.status_code == 200 and response.get_data(as_text=True) == "ok\n"


def test_readyz_says_whether_the_database_answers(client, app, monkeypatch):
    assert client.get("/readyz").status_code == 200
    monkeypatch.setitem(app.extensions, "db_engine", create_engine("sqlite:////no/such/folder/x.sqlite3"))
    response = client.get("/readyz")
    assert response.status_code == 503 and "the database does not answer" in response.get_data(as_text=True)


def test_metrics_count_entries_recorded_and_refused_per_game_and_time_writes(client):
    code, host = open_table(client)
    recorded = sample(client, "referee_entries_recorded_total", game="switch-to")
    refused = sample(client, "referee_entries_refused_total", game="switch-to", rule="ST-R1")
    writes = sample(client, "referee_write_seconds_count")
    assert play(client, code, host, {"type": "start_round"}, 0).status_code == 200
    refusal = play(client, code, host, {"type": "predict", "seat": 0, "value": 99}, 1)
    assert refusal.status_code == 422 and refusal.json["error"]["rule"] == "ST-R1"
    assert sample(client, "referee_entries_recorded_total", game="switch-to") == recorded + 1
    assert sample(client, "referee_entries_refused_total", game="switch-to", rule="ST-R1") == refused + 1
    assert sample(client, "referee_write_seconds_count") == writes + 2


def test_metrics_count_database_errors_by_kind(client):
    code, host = open_table(client)
    errors = sample(client, "referee_database_errors_total", kind="IntegrityError")
    assert play(client, code, host, {"type": "start_round"}, 0, key="same").status_code == 200
    # The same key on the next board with another entry: the log's unique index refuses it.
    assert play(client, code, host, {"type": "predict", "seat": 0, "value": 1}, 1, key="same").status_code == 409
    assert sample(client, "referee_database_errors_total", kind="IntegrityError") > errors


def test_metrics_count_the_event_streams_held(client):
    code, _host = open_table(client)
    held = sample(client, "referee_streams_held")
    stream = client.get(f"/t/{code}/events", buffered=False)
    assert stream.status_code == 200
    assert sample(client, "referee_streams_held") == held + 1
    stream.close()
    assert sample(client, "referee_streams_held") == held


def test_the_access_log_has_one_json_line_per_request_and_no_secret(client, caplog):
    code, host = open_table(client)
    client.set_cookie("referee_seat", "cookie-secret-value", path=f"/t/{code}")
    caplog.set_level(logging.INFO, logger="referee.access")
    for path, headers in [
        (f"/t/{code}/host?token={host}&lang=de", {}),
        (f"/api/tables/{code}", {"Authorization": f"Bearer {host}"}),
        (f"/t/{code}", {"Cookie": "referee_seat=cookie-secret-value"}),
        ("/static/app.js", {}),
    ]:
        client.get(path, headers=headers).close()  # the line is written as the answer is closed
    lines = [record.getMessage() for record in caplog.records if record.name == "referee.access"]
    assert len(lines) == 4
    logged = [json.loads(line) for line in lines]
    assert [(line["method"], line["path"], line["status"]) for line in logged] == [
        ("GET", f"/t/{code}/host", 200),
        ("GET", f"/api/tables/{code}", 200),
        ("GET", f"/t/{code}", 200),
        ("GET", "/static/app.js", 200),
    ]
    assert logged[0]["query"] == "token=REDACTED&lang=de"
    assert all(line["ms"] >= 0 and line["client"] for line in logged) and logged[3]["bytes"] > 0
    everything = "\n".join(lines)
    assert host not in everything and "cookie-secret-value" not in everything


def test_every_secret_sounding_query_value_is_redacted():
    assert (
        redacted_query("token=abc&seat=2&host_token=x&Auth=y&since=4")
        == "token=REDACTED&seat=2&host_token=REDACTED&Auth=REDACTED&since=4"
    )
    assert redacted_query("") == ""
