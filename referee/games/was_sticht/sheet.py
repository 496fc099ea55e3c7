"""Was Sticht's score sheet: completed chips after each round, read off the views in force
(the view keeps only where everyone stands now)."""

from __future__ import annotations

from typing import Any

from collections.abc import Callable, Iterable

from ...scoresheet import Row, ScoreSheet, closing_history, closing_step, closing_views
from .state import GAME_ID


def score_sheet(view: dict[str, Any], history: Callable[[], Iterable[dict[str, Any]]]) -> ScoreSheet:
    """A row per round: each player's chips completed in it, and the count after it (the last
    view before the round counter moves on is where everyone stood after that round)."""
    players = view["players"]
    closing = closing_views(history(), rounds_played)
    rows, before = [], [0] * len(players)
    for n, v in enumerate(closing, 1):
        standings = [p["completed"] for p in v["players"]]
        rows.append(Row(f"R{n}", [a - b for a, b in zip(standings, before)], standings))
        before = standings
    return ScoreSheet(
        GAME_ID,
        [p["name"] for p in players],
        "Round",
        "completed chips",
        True,
        [0] * len(players),
        rows,
        list(view["winners"]),
        view["phase"] == "over",
    )


def rounds_played(view: dict[str, Any]) -> int:
    played: int = view["round"] - 1
    return played


def sheet_step(fold: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
    """The sheet's working after one more view (``Game.sheet_step``): the last view of each round."""
    return closing_step(
        fold,
        view,
        rounds_played,
        lambda v: {"round": v["round"], "players": [{"completed": p["completed"]} for p in v["players"]]},
    )


def folded_sheet(view: dict[str, Any], fold: dict[str, Any] | None) -> ScoreSheet:
    return score_sheet(view, lambda: closing_history(fold))
