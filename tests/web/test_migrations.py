"""Schema migrations: the models match what the migrations build, an existing database (also
one made before there were migrations) upgrades without losing a thing, and servers starting
at once on a fresh database migrate it once."""

from __future__ import annotations

import multiprocessing
import uuid
from datetime import datetime, timezone

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text
from sqlmodel import SQLModel

from referee import migrate
from referee.table import reads
from referee.games.switch_to.state import PREDICT
from referee.db import database_url, make_engine
from tests.helpers import postgres_admin, postgres_url

HEAD = "0009"


@pytest.fixture
def fresh_url(database_url, tmp_path):
    """An empty database of the same kind as ``database_url``."""
    if database_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
        return
    admin, name = postgres_admin(), f"referee_mig_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    yield postgres_url(name)
    admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    admin.close()


def test_the_models_match_what_the_migrations_build(app):
    engine = app.extensions["db_engine"]
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    assert differences == []
    assert migrate.current_revision(engine) == HEAD


def _database_from_before_migrations(url: str) -> None:
    """Build revision 0001 and forget the revision: what create_all made in the first release,
    with one table and two entries in it."""
    engine = create_engine(database_url(url))
    migrate.upgrade(engine, "0001")
    with engine.begin() as connection:
        connection.execute(text("DROP TABLE alembic_version"))
        connection.execute(
            text(
                "INSERT INTO game_tables (code, game, host_token, options, seats, seq, tip, created_at) "
                "VALUES ('PRE234', 'switch-to', 'h', '{}', :seats, 1, 1, :opened)"
            ),
            {
                "seats": '[{"name": "Ann", "token": "a"}, {"name": "Bo", "token": "b"}, {"name": "Cy", "token": "c"}]',
                "opened": datetime(2026, 1, 1, tzinfo=timezone.utc),
            },
        )
        table_id = connection.execute(text("SELECT id FROM game_tables WHERE code = 'PRE234'")).scalar_one()
        connection.execute(
            text(
                "INSERT INTO entries (table_id, seq, key, kind, by, action, tip, prev_tip, description, created_at) "
                "VALUES (:t, 1, 'k1', 'entry', 'host', '{\"type\": \"start_round\"}', 1, 0, 'Round 1 starts', :at)"
            ),
            {"t": table_id, "at": datetime(2026, 1, 1, 20, 5, tzinfo=timezone.utc)},
        )
    engine.dispose()


def test_a_database_from_before_migrations_upgrades_without_loss(fresh_url):
    from sqlmodel import Session

    _database_from_before_migrations(fresh_url)
    engine = make_engine(fresh_url)
    try:
        assert migrate.current_revision(engine) == HEAD
        with Session(engine) as session:
            table = reads.find_table(session, "PRE234")
            assert (table.seq, table.tip, [s["name"] for s in table.seats]) == (1, 1, ["Ann", "Bo", "Cy"])
            assert table.updated_at.replace(tzinfo=timezone.utc) == datetime(2026, 1, 1, 20, 5, tzinfo=timezone.utc)
            [entry] = reads.history(session, table)
            assert (entry.key, entry.action, entry.description) == ("k1", {"type": "start_round"}, "Round 1 starts")
            # the old log still replays, and play goes on where it stopped
            assert reads.replay(session, table).phase == PREDICT
    finally:
        engine.dispose()


def test_upgrading_twice_changes_nothing(fresh_url):
    engine = make_engine(fresh_url)
    before = inspect(engine).get_table_names()
    migrate.upgrade(engine)
    assert inspect(engine).get_table_names() == before and migrate.current_revision(engine) == HEAD
    engine.dispose()


def _start_server(url: str) -> None:
    make_engine(url).dispose()


def test_servers_starting_at_once_migrate_a_fresh_database_once(fresh_url):
    context = multiprocessing.get_context("fork")  # a fresh interpreter each would only be slower
    starting = [context.Process(target=_start_server, args=(fresh_url,)) for _ in range(4)]
    for process in starting:
        process.start()
    for process in starting:
        process.join(60)
    assert [p.exitcode for p in starting] == [0, 0, 0, 0]
    engine = create_engine(database_url(fresh_url))
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [HEAD]
    engine.dispose()
