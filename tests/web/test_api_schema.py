"""Schemathesis against the API's own OpenAPI document, straight through the Flask app.

Every operation gets generated requests, valid and invalid (``REFEREE_SCHEMA_EXAMPLES`` per
operation and mode, deterministic; raise it for a longer run). Checks: no 5xx ever, every status,
content type and body as documented, invalid requests refused with a 4xx, valid ones never
refused but by the rules (422), the credentials (401/403), a missing table (404) or a stale
board (409). A share of the valid requests goes to real tables of every game, with real tokens,
the current seq and the game's own entry types, so they reach the rules and the log too.
"""

from __future__ import annotations

import collections
import os
import random

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from referee.games import GAMES
from referee.web.openapi import openapi_document
from tests.helpers import print_report

from .api_driver import TableDriver

EXAMPLES = int(os.environ.get("REFEREE_SCHEMA_EXAMPLES", "60"))
REQUESTS: collections.Counter = collections.Counter()  # (operation, status) -> count, on one database

# Valid requests may be refused for what no schema can say: the game's rules (422), the
# credentials (401/403), a table that does not exist (404), a board that moved on (409).
POSITIVE_ANSWERS = ["2xx", "401", "403", "404", "409", "422"]
NEGATIVE_ANSWERS = ["400", "401", "403", "404", "405", "409", "413", "415", "422"]

CONFIG = schemathesis.Config.from_dict(
    {
        "generation": {"mode": "all", "max-examples": EXAMPLES, "deterministic": True, "allow-x00": False},
        "checks": {
            "positive_data_acceptance": {"expected-statuses": POSITIVE_ANSWERS},
            "negative_data_rejection": {"expected-statuses": NEGATIVE_ANSWERS},
        },
    }
)


class CurrentApp:
    """A WSGI app that forwards to the app of the database under test (set by a fixture)."""

    app = None

    def __call__(self, environ, start_response):
        return self.app(environ, start_response)


CURRENT = CurrentApp()
# The document the app serves at /api/openapi.json (test_the_served_document_is_the_one_tested).
schema = schemathesis.openapi.from_dict(openapi_document(), config=CONFIG)
schema.app = CURRENT


class RealTables:
    """Two tables of every game, made per test, and a seeded chooser that sends valid requests
    to them: with a token (its host's, a seat's, none or another table's), writes mostly with
    the table's current seq and one of its game's entry types with plausible fields."""

    def __init__(self, client):
        self.client = client
        self.drivers, self.games = [], {}
        for game, engine in sorted(GAMES.items()):
            for opened in (False, True):  # one fresh, one with an entry to undo
                driver = TableDriver(client, game, PLAYER_NAMES[: engine.min_players + 1])
                assert driver.tokens  # every seat claimed now: generated claims of them answer 409
                if opened:
                    driver.enter(opening_entry(game))
                self.drivers.append(driver)
                self.games[driver.code] = game
        self.random = random.Random(7)

    def route(self, case) -> None:
        if self.random.random() < 0.2:
            return  # as generated: most likely no such table
        driver = self.random.choice(self.drivers)
        case.path_parameters["code"] = driver.code
        case.headers.pop("Authorization", None)
        token = self._token(driver)
        if token:
            case.headers["Authorization"] = f"Bearer {token}"
        if isinstance(case.body, dict):
            self._fill_body(case.body, driver)

    def _token(self, driver: TableDriver) -> str | None:
        whose = self.random.choice(["host", "seat", "seat", "none", "another table's"])
        if whose == "host":
            return driver.host
        if whose == "seat":
            return self.random.choice(driver.tokens)
        if whose == "another table's":
            other = self.random.choice([d for d in self.drivers if d is not driver])
            return self.random.choice([other.host, *other.tokens])
        return None

    def _fill_body(self, body: dict, driver: TableDriver) -> None:
        if "expected_seq" in body and self.random.random() < 0.75:
            body["expected_seq"] = self.client.get(f"/api/tables/{driver.code}").json["seq"]
        if isinstance(body.get("action"), dict):
            game = self.games[driver.code]
            if self.random.random() < 0.3:  # an entry each game takes at its start: some get recorded
                body["action"] = opening_entry(game)
                return
            body["action"] = {"type": self.random.choice(sorted(GAMES[game].entry_types))}
            for name in self.random.sample(FIELD_NAMES, self.random.randint(0, 3)):
                body["action"][name] = self.random.choice(FIELD_VALUES)
        if "seat" in body and self.random.random() < 0.5:
            body.pop("seat")


def opening_entry(game: str) -> dict:
    """The first entry the game's own checks accept on a fresh table of the players used here."""
    engine = GAMES[game]
    return dict(engine.legal_entries(engine.new_game(PLAYER_NAMES[: engine.min_players + 1], {}))[0])


PLAYER_NAMES = [f"P{i}" for i in range(9)]
# Entry fields and values that the engines read (from the engine fuzz test's vocabulary).
FIELD_NAMES = [
    "seat",
    "cards",
    "card",
    "value",
    "flip",
    "removed_suit",
    "dice",
    "face",
    "count",
    "target",
    "answer",
    "choice",
    "give",
    "take",
    "source",
    "discard",
    "ranks",
    "rank",
    "slot",
    "chip",
    "colour",
    "number",
    "winner",
]
FIELD_VALUES = [
    0,
    1,
    2,
    3,
    6,
    -1,
    99,
    True,
    None,
    "",
    "5S",
    "7H 7D",
    ["5S"],
    ["2C", "3C", "4C"],
    "10H",
    "JK",
    "K",
    "9@hand",
    "R5",
    "B4",
    "W5",
    [1, 3, 4],
    "green",
    "accept",
    "keep",
    "stock",
    "play_to_wild",
    "NONE",
    "EXACT_1",
    "B",
    "-",
    "4",
    "S",
    "host",
    "x" * 300,
]


@pytest.fixture(autouse=True)
def real_tables(app):
    global TABLES
    CURRENT.app = app
    TABLES = RealTables(app.test_client())
    yield TABLES
    TABLES = None


TABLES: RealTables | None = None


@schema.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_api_conforms_to_its_document(case):
    if "code" in case.path_parameters and case.meta and case.meta.generation.mode.is_positive:
        TABLES.route(case)
    # Schemathesis's WSGI transport asks for gzip but does not undo it (tests/web/test_assets.py
    # checks the compression itself): the document describes the answers as they are.
    response = case.call_and_validate(headers={"Accept-Encoding": "identity"})
    REQUESTS[(f"{case.method} {case.operation.path}", response.status_code)] += 1


def test_the_served_document_is_the_one_tested(client):
    assert client.get("/api/openapi.json").json == openapi_document()


@pytest.fixture(scope="module", autouse=True)
def report_request_counts(request, database_url):
    """Print how many generated requests each documented operation got on this database, by
    status; requests with a method the path does not take (schemathesis tries them all) are one line."""
    REQUESTS.clear()
    yield
    if not REQUESTS:
        return
    documented = {f"{method.upper()} {path}" for path, item in openapi_document()["paths"].items() for method in item}
    by_operation: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for (operation, status), count in REQUESTS.items():
        by_operation[operation if operation in documented else "other methods"][status] += count
    database = database_url.partition(":")[0]
    lines = [
        (
            f"schemathesis on {database}: {sum(REQUESTS.values())} generated requests answered as documented "
            "(none with a 5xx)"
        )
    ]
    lines += [
        f"  {operation}: {dict(sorted(statuses.items()))}" for operation, statuses in sorted(by_operation.items())
    ]
    print_report(request.config, "\n" + "\n".join(lines))
