"""Issue 19: parts of a board that many boards draw alike (a player's row, prediction buttons,
the join and host-link panels) are drawn once per (template, language, inputs) by
``fragments.remember``. Its key is all a part can see, so one phone's secret never reaches
another phone's board through it."""

from __future__ import annotations

import uuid

import pytest
from markupsafe import Markup

from referee.web.fragments import frozen, remember
from tests.helpers import Phone, seat_phone, visible


def test_a_key_tells_apart_what_a_template_prints_differently():
    assert len({frozen(1), frozen(True), frozen(1.0)}) == 3
    assert frozen([1, 2]) != frozen((1, 2))
    assert frozen("<b>") != frozen(Markup("<b>"))
    assert frozen({"a": 1, "b": [2]}) == frozen({"a": 1, "b": [2]})
    assert frozen({"a": 1}) != frozen({"a": 2})


def test_a_key_refuses_what_it_cannot_compare_by_value():
    with pytest.raises(TypeError):
        frozen({"table": object()})


def test_a_part_is_drawn_once_per_inputs_and_language(app):
    code, other = (uuid.uuid4().hex[:8].upper() for _ in range(2))
    inputs = {"code": code, "host_url": f"http://table.test/h/{code}/x", "at_start": False}
    with app.test_request_context("/", headers={"Cookie": "lang=en"}):
        first, again = remember("_host.html", **inputs), remember("_host.html", **inputs)
        other_table = remember("_host.html", code=other, host_url=f"http://table.test/h/{other}/x", at_start=False)
    with app.test_request_context("/", headers={"Cookie": "lang=de"}):
        german = remember("_host.html", **inputs)
    kept = [key for key in app.extensions["fragments"] if key[0] == "_host.html" and code in repr(key)]
    assert len(kept) == 2 and first == again  # one each for English and German
    assert f"/t/{code}/host-qr" in first and f"/t/{other}/host-qr" in other_table
    assert "Host link: keep it" in first and "Host link: keep it" not in german


def test_a_seats_own_prediction_shown_on_its_phone_is_not_drawn_on_another_seats(app):
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cleo"])
    host.look()
    ann, ben = seat_phone(app, host, 0), seat_phone(app, host, 1)
    host.look()
    host.enter({"type": "start_round"})
    ann.look()
    assert ann.enter({"type": "predict", "seat": 0, "value": 2}).status_code == 200
    assert "predicted 2" in visible(ann.client.get(f"/t/{ann.code}", headers={"HX-Request": "true"}))
    for phone in (ben, host, Phone(app)):
        board = visible(phone.client.get(f"/t/{host.code}?watch=1", headers={"HX-Request": "true"}))
        assert "predicted 2" not in board and "✓ entered" in board
