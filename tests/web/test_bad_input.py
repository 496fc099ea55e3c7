"""Hostile and broken input, for the API and the form posts of every game: a clear 4xx every
time, never a server error, and nothing recorded (the table's seq does not move).

tests/web/test_api.py covers the common cases of one game (a setup refused, a body missing a
field, a bad Switch To card); this file covers every endpoint and every game, and the inputs
that once crashed: a NUL character on PostgreSQL, deep nesting, NaN, a non-ASCII token, fields
named both ways in a form.
"""

from __future__ import annotations

import uuid

import pytest

from referee.games import GAMES
from referee.games.game import HOLE
from tests.helpers import Phone, seq_of

from .api_driver import TableDriver

BIG = 80 * 1024  # over the 64 KiB a request may carry


def ready(client, game: str) -> tuple[TableDriver, dict]:
    """A table of ``game`` where seat 0 may make an entry that carries cards (or dice), and that
    entry with ``HOLE`` where the cards go: the game's own ``input_samples``."""
    samples = GAMES[game].input_samples
    table = TableDriver(client, game, list(samples.players))
    for action, seat in samples.setup:
        table.enter(dict(action), seat=seat)
    return table, dict(samples.carrying)


MALFORMED_CARDS = [
    "1X",
    "ZZ 5S",
    "5S" * 2000,
    123,
    -1,
    1e300,
    True,
    None,
    {"S": 5},
    [["5S"]],
    ["5S", 5],
    ["ⅷ♥"],
    "٣S",
    [7, 0, -3],
    list(range(100)),
]


def with_cards(template: dict, cards) -> dict:
    return {name: (cards if value == HOLE else value) for name, value in template.items()}


def post_json(client, url: str, body, token: str | None = None, **kwargs):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(url, json=body, headers=headers, **kwargs)


@pytest.fixture
def table(client) -> TableDriver:
    driver = TableDriver(client, "switch-to", ["Ann", "Ben", "Cem"])
    driver.enter({"type": "start_round"})
    return driver


def write_urls(code: str) -> list[str]:
    return ["/api/tables", f"/api/tables/{code}/plays", f"/api/tables/{code}/undo"]


# --------------------------------------------------------------------------- the API: bodies

RAW_BODIES = {
    "form-encoded": ("application/x-www-form-urlencoded", "game=switch-to&players=A"),
    "JSON as text/plain": ("text/plain", '{"game": "switch-to"}'),
    "broken JSON": ("application/json", '{"game": '),
    "a list": ("application/json", "[]"),
    "a string": ("application/json", '"pass"'),
    "null": ("application/json", "null"),
    "empty": ("application/json", ""),
    "nested 20000 deep": ("application/json", "[" * 20000 + "]" * 20000),
    "NaN": ("application/json", '{"game": "switch-to", "players": ["A", "B"], "options": {"x": NaN}}'),
    "Infinity": ("application/json", '{"expected_seq": Infinity, "key": "k", "action": {"type": "pass"}}'),
    "a 5000-digit number": ("application/json", '{"expected_seq": ' + "9" * 5000 + ', "key": "k"}'),
    "not UTF-8": ("application/json", b'{"key": "\xff\xfe"}'),
    "half a surrogate pair": (
        "application/json",
        (
            '{"game": "switch-to", "players": ["\\ud800", "B"], '
            '"action": {"type": "pass"}, "expected_seq": 1, "key": "\\udc00"}'
        ),
    ),
}


@pytest.mark.parametrize("kind", sorted(RAW_BODIES))
def test_a_body_that_is_not_a_json_object_is_400_on_every_write(client, table, kind):
    content_type, data = RAW_BODIES[kind]
    for url in write_urls(table.code):
        response = client.post(url, data=data, content_type=content_type, headers=table.auth("host"))
        assert response.status_code == 400, (url, response.get_data(as_text=True)[:200])
        assert response.json["error"]["rule"] == "REQUEST" and response.json["error"]["message"]
    assert seq_of(client, table.code) == table.seq


def test_a_huge_body_is_413_on_every_write(client, table):
    for url in write_urls(table.code):
        body = {"action": {"type": "play", "cards": "5S " * (BIG // 3)}, "expected_seq": table.seq, "key": "k"}
        response = post_json(client, url, body, table.host)
        assert response.status_code == 413, url
        assert response.json["error"]["rule"] == "REQUEST"
    assert seq_of(client, table.code) == table.seq


@pytest.mark.parametrize("where", ["key", "action type", "action field", "a field's name", "seat list"])
def test_a_nul_character_is_400_not_a_database_error(client, table, where):
    body = {"action": {"type": "predict", "value": 1}, "seat": 0, "expected_seq": table.seq, "key": uuid.uuid4().hex}
    if where == "key":
        body["key"] = "k\x00"
    elif where == "action type":
        body["action"]["type"] = "predict\x00"
    elif where == "action field":
        body["action"]["note"] = "\x00"
    elif where == "a field's name":
        body["action"]["\x00"] = 1
    else:
        body["action"]["cards"] = ["5S", "\x00"]
    response = post_json(client, f"/api/tables/{table.code}/plays", body, table.host)
    assert response.status_code == 400 and response.json["error"]["rule"] == "REQUEST"
    assert seq_of(client, table.code) == table.seq


def test_a_nul_character_in_a_name_an_option_or_an_address_is_400(client, table):
    for body in (
        {"game": "switch-to", "players": ["Ann\x00", "Ben"]},
        {"game": "switch-to", "players": ["Ann", "Ben"], "options": {"compare": "strict\x00"}},
    ):
        assert post_json(client, "/api/tables", body).status_code == 400
    assert client.get(f"/t/{table.code}%ED%A0%80").status_code == 404  # a surrogate's UTF-8 bytes: no such table
    for url in (
        f"/api/tables/{table.code}%00",
        f"/api/tables/{table.code}/changes?since=0%00",
        "/api/tables/%00/history",
        "/api/games?x=%00",
    ):
        response = client.get(url)
        assert response.status_code == 400 and response.json["error"]["rule"] == "REQUEST", url


@pytest.mark.parametrize(
    "field, value",
    [
        ("seat", "0"),
        ("seat", True),
        ("seat", 0.5),
        ("seat", [0]),
        ("seat", None),
        ("ruling", "yes"),
        ("ruling", 1),
        ("ruling", None),
        ("expected_seq", 1.5),
        ("expected_seq", None),
        ("expected_seq", [1]),
        ("expected_seq", False),
        ("key", 5),
        ("key", ""),
        ("key", ["k"]),
        ("key", None),
        ("action", ["predict"]),
        ("action", None),
        ("action", 7),
    ],
)
def test_a_write_field_of_the_wrong_type_is_400(client, table, field, value):
    body = {
        "action": {"type": "predict", "value": 1},
        "seat": 0,
        "expected_seq": table.seq,
        "key": uuid.uuid4().hex,
        field: value,
    }
    response = post_json(client, f"/api/tables/{table.code}/plays", body, table.host)
    assert response.status_code == 400, response.json
    assert field in response.json["error"]["message"]
    assert seq_of(client, table.code) == table.seq


def test_a_whole_number_sent_as_12_point_0_is_that_number(client, table):
    body = {"action": {"type": "predict", "value": 1}, "seat": 0.0, "expected_seq": float(table.seq), "key": "k"}
    response = post_json(client, f"/api/tables/{table.code}/plays", body, table.host)
    assert response.status_code == 200 and response.json["seq"] == table.seq + 1


@pytest.mark.parametrize(
    "body",
    [
        {"game": {}, "players": ["A", "B"]},
        {"game": 5, "players": ["A", "B"]},
        {"game": None, "players": ["A", "B"]},
        {"game": ["switch-to"], "players": ["A", "B"]},
        {"players": ["A", "B"]},
        {"game": "switch-to", "players": ["A", "B"], "options": ["compare"]},
        {"game": "switch-to", "players": ["A", "B"], "options": []},
        {"game": "switch-to", "players": ["A", "B"], "options": 0},
    ],
)
def test_opening_with_a_game_or_options_of_the_wrong_type_is_400(client, body):
    response = post_json(client, "/api/tables", body)
    assert response.status_code == 400 and response.json["error"]["rule"] == "REQUEST"


@pytest.mark.parametrize(
    "body",
    [
        {"game": "chess", "players": ["A", "B"]},
        {"game": "", "players": ["A", "B"]},
        {"game": "SWITCH-TO", "players": ["A", "B"]},
        {"game": "switch-to", "players": [5, 6]},
        {"game": "switch-to", "players": ["A" * 25, "B"]},
        {"game": "switch-to", "players": ["  ", "B"]},
        {"game": "switch-to", "players": ["A", "B"], "options": {"compare": 10**30}},
        {"game": "schwimmen", "players": ["A", "B"], "options": {"lives": "99999999999999999999"}},
        {"game": "swoop", "players": [f"P{i}" for i in range(500)]},
    ],
)
def test_opening_an_unknown_game_or_absurd_players_is_422(client, body):
    response = post_json(client, "/api/tables", body)
    assert response.status_code == 422 and response.json["error"]["message"]


@pytest.mark.parametrize(
    "players",
    [
        ["Ann", "An\u200bn"],
        ["Ann", "Ann\u2060"],
        ["\u202eAnn", "Ben"],
        ["Ann", "Be\u0007n"],
        ["Ann", "Ben\ufeff"],
        ["Ann", "\uff21nn"],  # a full-width A: the same name to a reader
        ["Zoë", "Zoe\u0308"],  # ë composed, and e with a combining diaeresis
    ],
)
def test_names_that_look_alike_or_hide_characters_are_refused(client, players):
    """Issue 28: names differing only by invisible characters, or carrying a bidi override that
    turns the rest of a line around, were accepted."""
    response = post_json(client, "/api/tables", {"game": "switch-to", "players": players})
    assert response.status_code == 422 and response.json["error"]["rule"] == "ENTRY"


def test_names_are_kept_composed(client):
    opened = post_json(client, "/api/tables", {"game": "switch-to", "players": ["Zoe\u0308", "Ben"]}).json
    assert opened["seats"][0]["name"] == "Zo\u00eb"


@pytest.mark.parametrize("since", ["", "abc", "1.5", "0x10", "1e3"])
def test_polling_without_a_whole_number_is_400(client, table, since):
    response = client.get(f"/api/tables/{table.code}/changes?since={since}")
    assert response.status_code == 400 and response.json["error"]["rule"] == "REQUEST"
    assert client.get(f"/api/tables/{table.code}/changes").status_code == 400


def test_unknown_tables_are_404_on_every_api_route(client):
    for url in write_urls("NOSUCH")[1:]:
        response = post_json(client, url, {"action": {"type": "pass"}, "expected_seq": 0, "key": "k"}, "token")
        assert response.status_code == 404 and response.json["error"]["rule"] == "TABLE", url
    for code in ("NOSUCH", "x" * 3000, "%E2%99%A5", "..", "A%2FB"):
        assert client.get(f"/api/tables/{code}").status_code == 404, code


def test_unknown_routes_and_methods_answer_json(client, table):
    response = client.get("/api/nothing-here")
    assert response.status_code == 404 and response.json["error"]["rule"] == "ROUTE"
    response = client.delete(f"/api/tables/{table.code}")
    assert response.status_code == 405 and response.json["error"]["rule"] == "ROUTE"


@pytest.mark.parametrize("token", ["é", "\u3042\u3044", "Bearer", "x" * 5000, "\t"])
def test_a_token_of_any_shape_is_refused_not_a_crash(client, table, token):
    response = client.get(f"/api/tables/{table.code}", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200 and response.json["state"]["actions"] == []  # a watcher
    body = {"action": {"type": "predict", "value": 1}, "seat": 0, "expected_seq": table.seq, "key": "k"}
    assert post_json(client, f"/api/tables/{table.code}/plays", body, token).status_code in (401, 403)
    assert seq_of(client, table.code) == table.seq


# --------------------------------------------------------------------------- the API: every game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_unknown_entry_types_are_422_in_every_game(client, game):
    table, _ = ready(client, game)
    before = table.seq
    for kind in ("teleport", "", "PLAY", "play ", None, 5, ["play"], {"type": "play"}):
        for by in ("host", 0):
            error = table.enter({"type": kind}, by=by, seat=0, expect=422)["error"]
            assert error["rule"] == "ENTRY" and error["message"]
    assert seq_of(client, table.code) == before


@pytest.mark.parametrize("game", ["schwimmen", "switch-16", "switch-to"])  # ready() made entries there
def test_an_entry_type_of_the_wrong_shape_on_a_board_one_entry_old_is_refused(client, game):
    """Issue 28: it went to ``Game.commutes`` (may it go on top of the entry since?), a 500."""
    table, _ = ready(client, game)
    before = table.seq
    for kind in (["play"], {"type": "play"}, 5, None):
        answer = client.post(
            f"/api/tables/{table.code}/plays",
            headers=table.auth(0),
            json={"action": {"type": kind}, "seat": 0, "expected_seq": before - 1, "key": uuid.uuid4().hex},
        )
        assert answer.status_code in (409, 422), answer.status_code
    assert seq_of(client, table.code) == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_malformed_cards_are_refused_in_every_game(client, game):
    table, template = ready(client, game)
    before = table.seq
    for cards in MALFORMED_CARDS:
        response = post_json(
            client,
            f"/api/tables/{table.code}/plays",
            {"action": with_cards(template, cards), "expected_seq": before, "key": uuid.uuid4().hex},
            table.host,
        )
        assert response.status_code == 422, (cards, response.json)
        assert response.json["error"]["rule"] and response.json["error"]["message"]
    assert seq_of(client, table.code) == before


ABSURD_NUMBERS = [10**30, -(10**30), -1, 2**63, 1e300, 10**4000]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_absurd_numbers_are_refused_in_every_game(client, game):
    table, _ = ready(client, game)
    before = table.seq
    for number in ABSURD_NUMBERS:
        for template in GAMES[game].input_samples.numbers:
            action = {name: _put(value, number) for name, value in template.items()}
            response = post_json(
                client,
                f"/api/tables/{table.code}/plays",
                {"action": action, "expected_seq": before, "key": uuid.uuid4().hex},
                table.host,
            )
            assert response.status_code == 422, (action, response.json)
        seat = post_json(
            client,
            f"/api/tables/{table.code}/plays",
            {"action": {"type": "pass"}, "seat": number, "expected_seq": before, "key": "k"},
            table.host,
        )
        assert seat.status_code in (400, 422), number  # 1e300 is no whole number JSON can say exactly
        stale = post_json(client, f"/api/tables/{table.code}/undo", {"expected_seq": number, "key": "k"}, table.host)
        assert stale.status_code in (400, 409), number
    assert seq_of(client, table.code) == before


def _put(value, number):
    if value == HOLE:
        return number
    return [number if v == HOLE else v for v in value] if isinstance(value, list) else value


# --------------------------------------------------------------------------- the pages of every game


def host_phone(app, client, game: str) -> tuple[Phone, TableDriver, dict]:
    table, template = ready(client, game)
    phone = Phone(app)
    phone.code = table.code
    phone.client.set_cookie(f"rt_{table.code}", table.host, path=f"/t/{table.code}")
    phone.look()
    return phone, table, template


def form_fields(action: dict) -> dict:
    """An entry as a form would post it: lists as repeated fields, everything else as text."""
    return {name: [str(v) for v in value] if isinstance(value, list) else str(value) for name, value in action.items()}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_bad_form_posts_are_4xx_in_every_game(app, client, game):
    phone, table, template = host_phone(app, client, game)
    before = phone.seq
    posts = [
        ({"type": "teleport"}, 422),
        ({"type": ""}, 422),
        ({}, 422),
        *[(form_fields(with_cards(template, cards)), 422) for cards in ("1X", "ZZ 5S", "ⅷ♥", "٣S", "5S" * 2000)],
        ({**form_fields(with_cards(template, "5S")), "seat": "99999999999999999999"}, 422),
        ({**form_fields(with_cards(template, "5S")), "seat": "-1"}, 422),
        ({**form_fields(with_cards(template, "5S")), "seat": "zero"}, 422),
        ({"type": "play", "cards#0": "5S", "cards.K": "2"}, 400),  # one name numbered and named
        ({"type": "play", "type#0": "pass"}, 400),
        ({"action_json": "{broken", "ruling": "1"}, 422),
        ({"action_json": "[1, 2]", "ruling": "1"}, 422),
        ({"action_json": "[" * 8000 + "]" * 8000, "ruling": "1"}, 422),
        ({"action_json": '{"type": "start_round", "x": NaN}', "ruling": "1"}, 422),
        ({"type": "pass", "key": "k\x00"}, 400),
        ({"type": "pass", "note": "\x00"}, 400),
    ]
    for fields, status in posts:
        response = phone.enter(fields)
        assert response.status_code == status, (
            fields if len(str(fields)) < 300 else fields.keys(),
            response.status_code,
        )
    for seq in ("", "x", "1.5", "1e3"):
        response = phone.client.post(f"/t/{table.code}/entries", data={"type": "pass", "expected_seq": seq, "key": "k"})
        assert response.status_code == 400, seq
    for seq in ("99999999999999999999999", "-5"):
        assert phone.enter({"type": "pass"}, seq=int(seq)).status_code == 409
    assert phone.client.post(f"/t/{table.code}/entries", json={"type": "pass"}).status_code == 400
    huge = phone.client.post(f"/t/{table.code}/entries", data={"type": "pass", "cards": "5S " * (BIG // 3)})
    assert huge.status_code == 413
    assert seq_of(client, table.code) == before


@pytest.mark.parametrize("seat", ["", "x", "-1", "99", "99999999999999999999", "0\x00", "1.0"])
def test_joining_a_seat_that_is_not_there_is_400(app, client, table, seat):
    phone = Phone(app)
    response = phone.client.post(f"/t/{table.code}/join", data={"seat": seat})
    assert response.status_code == 400
    assert "Set-Cookie" not in response.headers


def test_new_table_forms_refuse_bad_input(client):
    assert client.post("/new/chess", data={"player": ["A", "B"]}).status_code == 404
    assert client.post("/new/switch-to", data={"player": ["A\x00", "B"]}).status_code == 400
    assert client.post("/new/switch-to", data={"player": ["A" * 25, "B"]}).status_code == 422
    assert client.post("/new/switch-to", data={"player": ["A", "B"], "compare": "x" * 500}).status_code == 422
    assert client.post("/new/switch-to", data={"player": ["A"] * (BIG // 2)}).status_code == 413


def test_unknown_tables_are_404_on_every_page_route(client):
    for url in (
        "/t/NOSUCH",
        "/t/NOSUCH/history",
        "/t/NOSUCH/qr.svg",
        "/t/NOSUCH/sheet",
        "/t/NOSUCH/export.json",
        "/t/NOSUCH/export.csv",
        "/t/" + "x" * 3000,
    ):
        assert client.get(url).status_code == 404, url
    for url in ("/t/NOSUCH/entries", "/t/NOSUCH/undo", "/t/NOSUCH/join", "/t/NOSUCH/free"):
        assert client.post(url, data={"seat": "0", "type": "pass", "expected_seq": "0", "key": "k"}).status_code == 404
    assert client.get("/t/NOSUCH%00").status_code == 400


def test_a_cookie_of_any_shape_is_a_watcher(app, table):
    phone = Phone(app)
    phone.client.set_cookie(f"rt_{table.code}", "é\u3042", path=f"/t/{table.code}")
    page = phone.look(table.code)
    assert "Who are you?" in page
