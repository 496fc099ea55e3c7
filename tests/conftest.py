"""Fixtures shared by the web, log and browser tests: an app on a real database.

Web and log tests run twice, on a SQLite file and on PostgreSQL (a fresh database on the server
named by REFEREE_TEST_POSTGRES, default 127.0.0.1:5432 as user postgres). PostgreSQL tests are
skipped when no server answers, except under CI=true, where a missing server is a failure.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

# Tests open tables by the hundred from one address; the limit itself is tested with its own app.
os.environ.setdefault("REFEREE_TABLES_PER_WINDOW", "1000000")
os.environ.setdefault("REFEREE_CORRECTIONS_PER_WINDOW", "1000000")  # and correct one table again and again

import pytest  # noqa: E402

from referee.app import create_app  # noqa: E402
from referee.games import register  # noqa: E402
from tests.helpers import postgres_or_skip, postgres_url  # noqa: E402
from tests.toy_game import GAME as TOY_GAME  # noqa: E402

# A sixth game in one folder, registered like the five before any app is made: every test that
# goes through every game (offers, sentences, rule book, bad input, catalogs, exports) meets it.
register(TOY_GAME)


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database_url(request, tmp_path_factory):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'referee.sqlite3'}"
        return
    admin = postgres_or_skip()
    name = f"referee_test_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    yield postgres_url(name)
    admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    admin.close()


@pytest.fixture(scope="session")
def app(database_url):
    app = create_app({"DATABASE_URL": database_url, "TESTING": True, "PUBLIC_URL": "http://table.test"})
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


# --------------------------------------------------------------------------- the fast lane

TESTS = Path(__file__).resolve().parent
SLOW_FOLDERS = {"server", "browser"}  # real server processes; real Chromium
SLOW_FILES = {
    "test_bench.py",  # the benchmark, ~1.5 minutes
    "test_api_schema.py",  # Schemathesis: hundreds of generated requests
    "test_server.py",
}  # `referee serve` started as a real process


def pytest_collection_modifyitems(config, items):
    """Mark ``slow`` what is slow by what it is: property tests (Hypothesis), real servers, the
    browser, the benchmark and Schemathesis (random games through the pages are marked by hand);
    and ``postgresql`` the web and log tests' second run, on PostgreSQL. ``pytest -m "not slow and not postgresql"`` is the fast lane, the
    example tests on SQLite; plain ``pytest`` still runs everything."""
    for item in items:
        if _is_slow(item):
            item.add_marker(pytest.mark.slow)
        if _database(item) == "postgresql":
            item.add_marker(pytest.mark.postgresql)


def _is_slow(item) -> bool:
    where = Path(item.path).resolve().relative_to(TESTS)
    return (
        where.parts[0] in SLOW_FOLDERS
        or where.name in SLOW_FILES
        or getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
    )


def _database(item) -> str | None:
    callspec = getattr(item, "callspec", None)
    return callspec.params.get("database_url") if callspec else None
