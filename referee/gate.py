"""For one commit only: the names callers still import from here, now in ``referee.table``."""
# ruff: noqa: F401

from .table.gate import PLAY, PUT_BACK, UNDO, check, held_seat_of, refuse_a_seat_ruling, shown
