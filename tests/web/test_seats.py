"""Seats are claimed and freed atomically (issue 17, items 1-3): a seat's token is minted when a
phone claims it, of phones racing for one seat exactly one wins, and no claim or free is lost to
another one made at the same moment. Both databases, real threads, a session each."""

from __future__ import annotations

import threading

import pytest
from sqlmodel import Session

from referee.table import reads, seats
from referee.table.errors import SeatTaken

RACES = 10


def _open(app, players=("Ann", "Ben", "Cem", "Dee")) -> str:
    with Session(app.extensions["db_engine"]) as session:
        return seats.open_table(session, "switch-to", list(players), {}).code


def _at_once(app, code: str, jobs) -> list:
    """Run each job(session, table) in its own thread and session, released together."""
    results: list = [None] * len(jobs)
    barrier = threading.Barrier(len(jobs))

    def run(n, job):
        with Session(app.extensions["db_engine"]) as session:
            table = reads.find_table(session, code)
            barrier.wait()
            try:
                results[n] = job(session, table)
            except SeatTaken as taken:
                results[n] = taken

    threads = [threading.Thread(target=run, args=(n, job)) for n, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def _seats(app, code: str) -> list[dict]:
    with Session(app.extensions["db_engine"]) as session:
        return reads.find_table(session, code).seats


def _who(app, code: str, token: str | None):
    with Session(app.extensions["db_engine"]) as session:
        return seats.identify(reads.find_table(session, code), token)


def test_an_opened_table_holds_no_seat_token(app):
    assert [seat["token"] for seat in _seats(app, _open(app))] == [None] * 4


@pytest.mark.parametrize("race", range(RACES))
def test_phones_racing_for_one_seat_give_it_to_exactly_one(app, race):
    code = _open(app)
    results = _at_once(app, code, [lambda session, table: seats.claim_seat(session, table, 0)] * 5)
    tokens = [r for r in results if isinstance(r, str)]
    assert len(tokens) == 1 and all(isinstance(r, SeatTaken) for r in results if r not in tokens)
    assert _seats(app, code)[0]["token"] == tokens[0] and _who(app, code, tokens[0]) == 0


@pytest.mark.parametrize("race", range(RACES))
def test_claims_of_different_seats_at_once_are_all_kept(app, race):
    code = _open(app)
    results = _at_once(app, code, [lambda session, table, s=s: seats.claim_seat(session, table, s) for s in range(4)])
    assert [_who(app, code, token) for token in results] == [0, 1, 2, 3]


@pytest.mark.parametrize("race", range(RACES))
def test_a_free_is_never_undone_by_claims_made_at_the_same_moment(app, race):
    code = _open(app)
    with Session(app.extensions["db_engine"]) as session:
        old = seats.claim_seat(session, reads.find_table(session, code), 0)
    jobs = [lambda session, table: seats.free_seat(session, table, 0)]
    jobs += [lambda session, table, s=s: seats.claim_seat(session, table, s) for s in (1, 2, 3)]
    results = _at_once(app, code, jobs)
    assert _who(app, code, old) is None and _seats(app, code)[0]["token"] is None
    assert [_who(app, code, token) for token in results[1:]] == [1, 2, 3]


def test_nobody_obtains_the_token_of_a_claimed_seat(app):
    code = _open(app)
    with Session(app.extensions["db_engine"]) as session:
        table = reads.find_table(session, code)
        seats.claim_seat(session, table, 1)
        with pytest.raises(SeatTaken):
            seats.claim_seat(session, table, 1)
