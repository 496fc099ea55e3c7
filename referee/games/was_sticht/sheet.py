"""Was Sticht's score sheet: completed chips after each round, read off the views in force
(the view keeps only where everyone stands now)."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from ...scoresheet import Row, ScoreSheet, closing_views
from .state import GAME_ID


def score_sheet(view: dict, history: Callable[[], Iterable[dict]]) -> ScoreSheet:
    """A row per round: each player's chips completed in it, and the count after it (the last
    view before the round counter moves on is where everyone stood after that round)."""
    players = view["players"]
    closing = closing_views(history(), lambda v: v["round"] - 1)
    rows, before = [], [0] * len(players)
    for n, v in enumerate(closing, 1):
        standings = [p["completed"] for p in v["players"]]
        rows.append(Row(f"R{n}", [a - b for a, b in zip(standings, before)], standings))
        before = standings
    return ScoreSheet(GAME_ID, [p["name"] for p in players], "Round", "completed chips", True,
                      [0] * len(players), rows, list(view["winners"]), view["phase"] == "over")
