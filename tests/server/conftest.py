"""Fixtures for tests against the production server (gunicorn processes) on fresh databases.

``fresh_database(kind)`` makes a new, empty database ("sqlite": a file; "postgresql": a database
on the test server of tests/helpers.py, dropped when the module ends).
"""

from __future__ import annotations

import uuid

import pytest

from tests.helpers import postgres_or_skip, postgres_url


@pytest.fixture(scope="module")
def fresh_database(tmp_path_factory):
    made: list[str] = []
    admin = None

    def make(kind: str) -> str:
        nonlocal admin
        if kind == "sqlite":
            return f"sqlite:///{tmp_path_factory.mktemp('db') / 'referee.sqlite3'}"
        admin = admin or postgres_or_skip()
        name = f"referee_server_{uuid.uuid4().hex[:10]}"
        admin.execute(f'CREATE DATABASE "{name}"')
        made.append(name)
        return postgres_url(name)

    yield make
    for name in made:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    if admin is not None:
        admin.close()
