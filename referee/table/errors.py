"""What a table refuses with, besides the rules' own ``Refusal``. No Flask here.

They live apart from the modules that raise them so that every layer (store, reads, seats,
writes) can raise them and the web can answer each in one place (``web/outcomes.py``) without
importing the layer that raised it.
"""

from __future__ import annotations

from typing import Any

from ..games.base import Text


class TableNotFound(LookupError):
    pass


class Denied(Exception):
    """The phone may not make this write: 401 without a token, 403 with the wrong one."""

    def __init__(self, status: int, message: str, **params: Any):
        self.message = Text(message, **params)
        super().__init__(self.message)
        self.status = status


class Stale(Exception):
    """The phone's board is older than the table's: nothing was recorded."""


class LostRace(Stale):
    """Another write moved the table between reading it and this write's compare-and-set."""


class KeyReused(Stale):
    """The key was recorded with another write (a second tap on the same board): this one was
    not recorded, and the board it was drawn on is older than the table's."""


class Archived(Exception):
    """The table was idle for upkeep.ARCHIVE_DAYS: it can be read, and takes no more entries."""


class SeatTaken(Exception):
    """Another phone claimed the seat first (or already holds it)."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name
