"""Fixtures shared by the web, log and browser tests: an app on a real database.

Web and log tests run twice, on a SQLite file and on PostgreSQL (a fresh database on the server
named by REFEREE_TEST_POSTGRES, default 127.0.0.1:5432 as user postgres). PostgreSQL tests are
skipped when no server answers, except under CI=true, where a missing server is a failure.
"""
from __future__ import annotations

import os
import uuid

import pytest

from referee.app import create_app

POSTGRES = os.environ.get("REFEREE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")


def _admin_connection():
    import psycopg

    return psycopg.connect(POSTGRES, connect_timeout=3, autocommit=True)


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database_url(request, tmp_path_factory):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'referee.sqlite3'}"
        return
    try:
        admin = _admin_connection()
    except Exception as exc:  # no server here
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is not reachable at {POSTGRES}: {exc}")
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES}")
    name = f"referee_test_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    yield POSTGRES.rsplit("/", 1)[0] + f"/{name}"
    from referee.app import ROOT  # noqa: F401  (engines are disposed with the process)

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
