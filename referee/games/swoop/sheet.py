"""The Swoop score sheet: a row of penalty points per hand, read from the view; lowest total wins."""

from __future__ import annotations

from typing import Any

from collections.abc import Callable, Iterable

from ...scoresheet import ScoreSheet, from_scores

_BY_HAND = from_scores("swoop", "Hand", False, "H")


def score_sheet(view: dict[str, Any], history: Callable[[], Iterable[dict[str, Any]]]) -> ScoreSheet:
    """Every hand's scores are in the view (``players[i].scores``): the history is not needed."""
    sheet: ScoreSheet = _BY_HAND(view, history)
    return sheet
