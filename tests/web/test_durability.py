"""A power cut mid-write on the SQLite file: the database that comes back is always a whole
prefix of the log (never half an entry), and every write acknowledged before the cut is in it.

With WAL and synchronous=FULL, a commit is acknowledged only after its frames are synced to the
write-ahead log; what a power cut can lose is the unsynced tail of that log. So we write a game,
keep the log's frames in the WAL, copy the files, and cut the WAL copy at many points, as a power
cut would have left it."""

from __future__ import annotations

import random
import shutil
import sqlite3
import uuid

import pytest
from sqlmodel import Session, select

from referee.table import reads, seats, writes
from referee.db import Entry, GameTable, Snapshot, make_engine
from referee.games.base import HOST
from referee.games.switch_to import GAME
from referee.games.switch_to.state import GAME_ID

ENTRIES = 12


@pytest.fixture
def engine(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'referee.sqlite3'}")
    yield engine
    engine.dispose()


def test_every_connection_runs_in_wal_with_full_sync(engine):
    with engine.connect() as connection:
        journal = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
        synchronous = connection.exec_driver_sql("PRAGMA synchronous").scalar()
    assert (journal, synchronous) == ("wal", 2)  # 2 is FULL: every commit is synced before it returns


def _play(session: Session, entries: int) -> str:
    """A Switch To table with ``entries`` legal entries, each its own transaction."""
    table = seats.open_table(session, GAME_ID, ["Ann", "Bo", "Cy"], {})
    session.commit()
    rng = random.Random(7)
    state = reads.current_state(session, table)
    for seq in range(entries):
        action = rng.choice(GAME.legal_entries(state))
        state = writes.record(session, table.code, HOST, action, seq, uuid.uuid4().hex).state
    return table.code


def _prefix_is_whole(path) -> int:
    """Open a copy as the app would after the power comes back; return how many entries it kept
    (-1: not even the table)."""
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    engine = make_engine(f"sqlite:///{path}")
    try:
        with Session(engine) as session:
            table = session.exec(select(GameTable)).one_or_none()
            if table is None:  # cut before the table was opened: an empty prefix
                return -1
            seqs = session.exec(select(Entry.seq).where(Entry.table_id == table.id).order_by(Entry.seq)).all()
            snapshots = session.exec(select(Snapshot.seq).where(Snapshot.table_id == table.id)).all()
            assert seqs == list(range(1, table.seq + 1))  # the table row and its log agree, no gap
            assert sorted(snapshots) == list(range(0, table.seq + 1))  # each entry came with its snapshot
            engine_module = reads.engine_of(table)
            assert engine_module.dump(reads.replay(session, table)) == engine_module.dump(
                reads.current_state(session, table)
            )
            return table.seq
    finally:
        engine.dispose()


def test_a_power_cut_leaves_a_whole_prefix_of_the_log(engine, tmp_path):
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_autocheckpoint=0")  # keep the game's frames in the WAL
        connection.commit()  # so that the session's commits are real ones
        with Session(bind=connection) as session:
            _play(session, ENTRIES)
        database = engine.url.database
        wal = shutil.copyfile(f"{database}-wal", tmp_path / "whole.wal")
        shutil.copyfile(database, tmp_path / "whole.db")  # copied while open: the WAL is not folded in
    wal_bytes = open(wal, "rb").read()
    kept = []
    for cut in sorted(random.Random(3).sample(range(len(wal_bytes)), 25)) + [len(wal_bytes)]:
        copy = tmp_path / f"cut{cut}.sqlite3"
        shutil.copyfile(tmp_path / "whole.db", copy)
        with open(f"{copy}-wal", "wb") as torn:
            torn.write(wal_bytes[:cut])
        kept.append(_prefix_is_whole(copy))
    assert kept == sorted(kept)  # a longer surviving log never holds fewer entries
    assert kept[-1] == ENTRIES  # nothing cut: every acknowledged entry is there
    assert len(set(kept)) > 3  # the cuts really fell between different entries
