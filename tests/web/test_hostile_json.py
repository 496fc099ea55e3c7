"""Issue 17 item 7: hostile JSON is always a 4xx. A body nested a few hundred levels deep (under
what the JSON parser itself refuses, over what a walk of it by recursion survives) and a lone
surrogate in a page's ``action_json`` (stored, it made the table's export.json fail for good)."""

from __future__ import annotations

import uuid

import pytest

from .api_driver import TableDriver
from tests.helpers import Phone


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [400, 900])
def test_json_nested_hundreds_of_levels_deep_is_400_on_every_api_write(client, depth):
    table = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    bodies = {
        "/api/tables": '{"game": "switch-to", "players": ["A", "B"], "options": {"x": %s}}' % nested(depth),
        f"/api/tables/{table.code}/plays": '{"action": {"type": "start_round", "x": %s}, "expected_seq": 0, '
        '"key": "k"}' % nested(depth),
        f"/api/tables/{table.code}/undo": '{"expected_seq": 0, "key": "u", "x": %s}' % nested(depth),
    }
    for url, body in bodies.items():
        response = client.post(url, data=body, content_type="application/json", headers=table.auth("host"))
        assert response.status_code == 400, (url, response.status_code)
        assert response.json["error"]["rule"] == "REQUEST"
    assert client.get(f"/api/tables/{table.code}").json["seq"] == 0


@pytest.mark.parametrize("depth", [400, 900])
def test_a_ruling_form_nested_hundreds_of_levels_deep_is_refused(app, depth):
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cem"])
    host.look()
    response = host.enter({"action_json": '{"type": "start_round", "x": %s}' % nested(depth), "ruling": "1"})
    assert 400 <= response.status_code < 500
    assert host.look() and host.seq == 0


@pytest.mark.parametrize("text", ["\\ud800", "\\udfff", "a\\udc00b"])
def test_a_lone_surrogate_in_a_ruling_form_is_refused_and_the_export_still_reads(app, client, text):
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cem"])
    host.look()
    response = host.enter(
        {"action_json": '{"type": "start_round", "note": "%s"}' % text, "ruling": "1"}, key=uuid.uuid4().hex
    )
    assert response.status_code == 400
    assert host.look() and host.seq == 0
    assert client.get(f"/t/{host.code}/export.json").status_code == 200
    assert host.enter({"type": "start_round"}).status_code == 200  # the same entry, written plainly
    assert client.get(f"/t/{host.code}/export.json").status_code == 200
