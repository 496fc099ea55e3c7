"""Schwimmen's score sheet: lives, read off the views after each entry in force. The last view
of each showdown is where everyone stood after that round (``scoresheet`` has the sheet's shape)."""

from __future__ import annotations

from typing import Any

from collections.abc import Callable, Iterable

from ...scoresheet import Row, ScoreSheet, closing_history, closing_step, closing_views
from .state import GAME_ID, OVER


def score_sheet(view: dict[str, Any], history: Callable[[], Iterable[dict[str, Any]]]) -> ScoreSheet:
    players = view["players"]
    start = int(view["options"]["lives"])
    closing = closing_views(history(), showdowns)
    rows: list[Row] = []
    before: list[int | None] = [start] * len(players)
    for v in closing:
        result = v["result"] or {}
        standings = [None if p["out"] else p["lives"] for p in v["players"]]
        lost: list[float | int | None] = [
            len(result.get("losses", {}).get(str(s), [])) if before[s] is not None else None
            for s in range(len(players))
        ]
        rows.append(
            Row(f"R{result.get('round', len(rows) + 1)}", lost, standings, "void" if result.get("void") else "")
        )
        before = standings
    return ScoreSheet(
        GAME_ID,
        [p["name"] for p in players],
        "Round",
        "lives",
        True,
        [start] * len(players),
        rows,
        list(view["winners"]),
        view["phase"] == OVER,
        goal="last player left",
        dodge_lines=True,
    )


def showdowns(view: dict[str, Any]) -> int:
    """How many showdowns this view has behind it: the round of its last result."""
    return view["result"]["round"] if view.get("result") else 0


def sheet_step(fold: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
    """The sheet's working after one more view (``Game.sheet_step``): the last view of each showdown."""
    return closing_step(fold, view, showdowns, digest)


def folded_sheet(view: dict[str, Any], fold: dict[str, Any] | None) -> ScoreSheet:
    return score_sheet(view, lambda: closing_history(fold))


def digest(view: dict[str, Any]) -> dict[str, Any]:
    """What ``score_sheet`` reads of a closing view."""
    result = view["result"]
    return {
        "result": {key: result[key] for key in ("round", "losses", "void") if key in result},
        "players": [{"out": p["out"], "lives": p["lives"]} for p in view["players"]],
    }
