"""For one commit only: the names callers still import from here, now in ``referee.table``."""
# ruff: noqa: F401

from .table.claims import (
    REMATCH_WAIT_MINUTES,
    SeatAwaited,
    awaiting,
    fingerprint,
    freed_seat_of,
    is_awaited,
    refuse_while_awaited,
    seat_events,
    seat_view,
    utcnow,
    with_event,
)
from .table.seats import handed_seat, offer_hand_off, take_handed_seat
