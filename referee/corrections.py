"""For one commit only: the names callers still import from here, now in ``referee.table``."""
# ruff: noqa: F401

from .table.corrections import HIDDEN_WHY, KINDS, Change, correct, is_correction, pending_view, starting_point
