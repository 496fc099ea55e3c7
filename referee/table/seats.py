"""Who sits at a table: opening it, who a pass belongs to, claiming, freeing and handing on a
seat, and the rematch. No Flask here.

A seat's pass is minted when a phone claims the seat, so nobody holds it but that phone, and
every change of the seats is one compare-and-set on their version (``store.swap_seats``), read
again after a lost race: of several phones claiming one seat at once, one wins, and no claim or
free is ever lost. The record of each claim and free is ``claims``'s.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy.exc import OperationalError
from sqlmodel import Session

from .. import upkeep
from ..db import GameTable, Snapshot
from ..games import GAMES
from ..games.base import HOST, By, Refusal
from . import claims, codes, reads, store
from .errors import Denied, SeatTaken, Stale

Seats = list[dict[str, Any]]


# --------------------------------------------------------------------------- opening


def open_table(
    session: Session,
    game_id: str,
    players: Any,
    options: Mapping[str, Any] | None,
    host_token: str | None = None,
    seat_fields: list[dict[str, Any]] | None = None,
) -> GameTable:
    """Create a table with a fresh code and a host token (a rematch keeps its table's). Seats get
    their tokens when a phone claims them (``claim_seat``), so nobody holds a seat's token but
    that phone."""
    if game_id not in GAMES:
        raise Refusal(
            "ENTRY",
            "Unknown game {game!r}; playable now: {games}.",
            overridable=False,
            game=game_id,
            games=", ".join(GAMES),
        )
    engine = GAMES[game_id]
    state = engine.new_game(players, options)
    table = GameTable(
        code=_unused_code(session),
        game=game_id,
        host_token=host_token or codes.new_token(),
        share=codes.new_share_code(),
        options=dict(state.options),
        seats=[
            {"name": name, "token": None, "claimed": False, **(seat_fields[n] if seat_fields else {})}
            for n, name in enumerate(engine.seat_names(state))
        ],
    )
    session.add(table)
    session.flush()
    first = Snapshot(table_id=table.id, seq=0, state=engine.dump(state), sheet=reads.first_sheet_fold(engine, state))
    session.add(first)
    session.commit()
    session.refresh(table)
    upkeep.UNKNOWN_CODES.discard(table.code)
    upkeep.sweep_unplayed(session)
    return table


def _unused_code(session: Session) -> str:
    while True:
        code = codes.new_code()
        if not store.code_is_taken(session, code):
            return code


# --------------------------------------------------------------------------- who a pass is


def identify(table: GameTable, token: str | None) -> By | None:
    """HOST, a seat number, or None for a token that is not this table's (or no token)."""
    if not token:
        return None
    # Compared in constant time, as bytes: compare_digest refuses str with non-ASCII characters,
    # and a cookie or header can hold anything.
    given = token.encode("utf-8", "surrogatepass")
    if secrets.compare_digest(given, table.host_token.encode()):
        return HOST
    for seat, info in enumerate(table.seats):
        if info.get("token") and secrets.compare_digest(given, info["token"].encode()):
            return seat
    return None


def require_identity(table: GameTable, token: str | None) -> By:
    who = identify(table, token)
    if who is None:
        if not token:
            raise Denied(401, "Join the table first: tap your name on the table page.")
        raise Denied(403, "This phone's pass is not valid at this table; join it again.")
    return who


def seat_is_claimed(table: GameTable, seat: int) -> bool:
    return bool(table.seats[seat].get("token"))


# --------------------------------------------------------------------------- claiming and freeing


def claim_seat(session: Session, table: GameTable, seat: int, by: By | None = None, old_pass: str | None = None) -> str:
    """A new token for a seat nobody holds, minted and stored atomically: of several phones
    claiming one seat at once, one wins and the others get SeatTaken. Nobody, the host
    included, can obtain the token of a seat that is already claimed.

    The claim is kept with the seat (``claims``): History says it, and the seq it came at says
    which of the seat's hidden entries the new phone was never shown. ``by``: HOST when the
    host takes the seat (for a client, or on the host's own phone). A rematch's seat waits a
    while for the phone that held it (``old_pass``, its pass at the finished table)."""
    token = codes.new_token()

    def claimed(seats: Seats) -> Seats:
        if seats[seat].get("token"):
            raise SeatTaken(seats[seat]["name"])
        claims.refuse_while_awaited(seats[seat], by, old_pass)
        event = claims.with_event(seats[seat], "claimed", table.seq, by)
        fields = {"token": token, "claimed": True, "claimed_at": table.seq, "handing": None, "events": event}
        return _with_seat(seats, seat, **fields)

    change_seats(session, table, claimed)
    return token


def free_seat(session: Session, table: GameTable, seat: int) -> None:
    """Revoke a seat's token at once (its phone's pass stops working); another phone may claim
    it. History says so, and the freed phone is told (it keeps a fingerprint of the pass)."""

    def freed(seats: Seats) -> Seats:
        held, events = seats[seat].get("token"), seats[seat].get("events", [])
        if held:
            events = claims.with_event(seats[seat], "freed", table.seq, HOST, held)
        fields = {"token": None, "claimed": False, "claimed_at": None, "events": events, "awaits": None}
        return _with_seat(seats, seat, **fields, handing=None)

    change_seats(session, table, freed)


def _with_seat(seats: Seats, seat: int, **fields: Any) -> Seats:
    return [{**info, **fields} if n == seat else dict(info) for n, info in enumerate(seats)]


def change_seats(session: Session, table: GameTable, change: Callable[[Seats], Seats]) -> None:
    """Apply ``change`` (seats -> new seats, or raise) with a compare-and-set on the seats'
    version, reading them again after a lost race: no claim or free is ever lost."""
    for attempt_number in range(store.WRITE_ATTEMPTS * 4):
        session.refresh(table)
        seats = change(table.seats)
        try:
            swapped = store.swap_seats(session, table, seats)
            session.commit()
        except OperationalError:  # SQLite: another writer held the lock
            session.rollback()
            swapped = False
        if swapped:
            session.refresh(table)
            return
        time.sleep(0.005 * (attempt_number + 1))
    raise Stale()


# --------------------------------------------------------------------------- a seat handed on purpose


def offer_hand_off(session: Session, table: GameTable, seat: int, secret: str) -> None:
    """The seat's phone shows a link with ``secret`` (kept here as its fingerprint): the phone
    that opens it takes the seat with everything the seat has entered, and this one stops."""

    def offered(seats: Seats) -> Seats:
        return _with_seat(seats, seat, handing=claims.fingerprint(secret))

    change_seats(session, table, offered)


def handed_seat(table: GameTable, secret: str | None) -> int | None:
    """The seat whose phone offered this link (and nobody has taken it yet), else None."""
    mark = claims.fingerprint(secret) if secret else None
    for seat, info in enumerate(table.seats):
        if mark and info.get("handing") == mark and info.get("token"):
            return seat
    return None


def take_handed_seat(session: Session, table: GameTable, secret: str | None) -> tuple[int, str]:
    """Take the seat a phone handed on with this link: a new pass, the old one revoked, and
    the claim's seq kept, so the seat's hidden entries stay the seat's. Refused (``Denied``)
    once taken or replaced."""
    token, taken = codes.new_token(), list[int]()

    def handed(seats: Seats) -> Seats:
        seat = handed_seat(table, secret)  # ``seats`` are the table's, read again on each try
        if seat is None:
            raise Denied(403, "This link to take a seat is not valid any more: ask for a new one.")
        taken[:] = [seat]
        events = claims.with_event(seats[seat], "handed", table.seq)
        return _with_seat(seats, seat, token=token, handing=None, events=events)

    change_seats(session, table, handed)
    return taken[0], token


# --------------------------------------------------------------------------- the rematch


def open_rematch(session: Session, table: GameTable) -> GameTable:
    """The table's rematch: same game, players, seating and house rules, same host token. Made
    once: of two phones asking at once, both get the one linked first (the other table made is
    left unused). Linking it moves the seats' version on, so every phone hears of it and is
    taken there with its seat (the pages do that)."""
    if table.rematch:
        return reads.find_table(session, table.rematch)
    names = [seat["name"] for seat in table.seats]
    waiting = claims.awaiting(table.seats)
    new = open_table(session, table.game, names, table.options, host_token=table.host_token, seat_fields=waiting)
    store.link_rematch(session, table, new.code)
    session.commit()
    session.refresh(table)
    assert table.rematch, "linked now, by this phone or the one before it"
    return reads.find_table(session, table.rematch)
