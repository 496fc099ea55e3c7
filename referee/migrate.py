"""Schema migrations (Alembic, scripts in ``referee/migrations/versions``). The app brings its
database to the newest schema when it starts: a new database is built by the migrations, an
existing one is upgraded in place, and one made before migrations existed (by ``create_all``)
is first recognised as revision 0001. Several processes starting at once take turns under a
lock, so only one of them migrates, and a migration is one transaction. No Flask here."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

BEFORE_MIGRATIONS = "0001"  # the schema that create_all made before there were migrations
PG_LOCK_KEY = 0x7265_6665  # "refe": one advisory lock for every referee process


def upgrade(engine: Engine, revision: str = "head") -> None:
    with _migration_lock(engine) as connection:
        config = _config(connection)
        if _made_before_migrations(connection):
            command.stamp(config, BEFORE_MIGRATIONS)
        command.upgrade(config, revision)
        connection.commit()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def _config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", "referee:migrations")
    config.attributes["connection"] = connection
    return config


def _made_before_migrations(connection: Connection) -> bool:
    tables = inspect(connection).get_table_names()
    return "game_tables" in tables and "alembic_version" not in tables


@contextlib.contextmanager
def _migration_lock(engine: Engine) -> Iterator[Connection]:
    """One migrator at a time, all or nothing. PostgreSQL: an advisory lock (its DDL is
    transactional anyway). SQLite: BEGIN IMMEDIATE takes the write lock before anything is read,
    and holds every CREATE and ALTER in one transaction, which the driver would otherwise commit
    one by one (a power cut mid-migration must not leave half a schema)."""
    with engine.connect() as connection:
        if engine.dialect.name != "postgresql":
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            yield connection
            return
        connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": PG_LOCK_KEY})
        connection.commit()
        try:
            yield connection
        finally:
            connection.rollback()
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": PG_LOCK_KEY})
            connection.commit()
