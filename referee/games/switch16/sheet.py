"""The Switch 16 score sheet: a row per round of the points game, or a row per turn of a race
(cards discarded from the deck each player holds), read off the views after each entry in force."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from typing import Any

from ...scoresheet import Row, ScoreSheet, closing_history, closing_step, closing_views
from .state import DONE, GAME_ID

# The decks' colours (Red, Blue, Green, Yellow) as the chart draws them: the page's --deck-N,
# lighter in dark mode (static/app.css), else these.
DECK_INKS = ("#c4161c", "#1a56c4", "#16794a", "#a07800")


def deck_tints(view: dict[str, Any]) -> list[str | None]:
    """Each player's chart colour: the colour of the deck that player holds in ``view`` (issue 16)."""
    return [deck_tint(p["deck"]) for p in view["players"]]


def deck_tint(deck: int) -> str:
    return f"var(--deck-{deck},{DECK_INKS[deck]})"  # no space: a CSS value, not a sentence


def first_tints(players: list[dict[str, Any]]) -> list[str | None]:
    """At the start seat n holds deck n (section 2: each player takes one deck)."""
    return [deck_tint(seat) for seat in range(len(players))]


def score_sheet(view: dict[str, Any], history: Callable[[], Iterable[dict[str, Any]]]) -> ScoreSheet:
    if is_points_game(view):
        return points_sheet(view, history)
    return race_sheet(view, history)


def is_points_game(view: dict[str, Any]) -> bool:
    points: bool = view["options"].get("game_mode") == "points"
    return points


def points_sheet(view: dict[str, Any], history: Callable[[], Iterable[dict[str, Any]]]) -> ScoreSheet:
    players = view["players"]

    closing = closing_views(history(), rounds_scored)
    rows: list[Row] = []
    before = [0] * len(players)
    for n, v in enumerate(closing, 1):
        standings = [p["points"] for p in v["players"]]
        rows.append(Row(f"R{n}", [a - b for a, b in zip(standings, before)], standings, tints=deck_tints(v)))
        before = standings
    return ScoreSheet(
        GAME_ID,
        [p["name"] for p in players],
        "Round",
        "points",
        True,
        [0] * len(players),
        rows,
        list(view["winners"]),
        view["phase"] == "over",
        start_tints=first_tints(players),
    )


def rounds_scored(v: dict[str, Any]) -> int:
    scored: int = v["round"] - 1 + (v["phase"] == "over")
    return scored


def race_sheet(view: dict[str, Any], history: Callable[[], Iterable[dict[str, Any]]]) -> ScoreSheet:
    """No rounds in a race: a row per turn, each player's cards discarded from the deck they hold."""
    return race_sheet_of_turns(view, turn_ends(history()))


def race_sheet_of_turns(view: dict[str, Any], ends: list[dict[str, Any]]) -> ScoreSheet:
    players = view["players"]
    rows: list[Row] = []
    before = [0] * len(players)
    for n, v in enumerate(ends, 1):
        standings = [min(p["top"], DONE) - 1 for p in v["players"]]
        rows.append(Row(f"T{n}", [a - b for a, b in zip(standings, before)], standings, tints=deck_tints(v)))
        before = standings
    return ScoreSheet(
        GAME_ID,
        [p["name"] for p in players],
        "Turn",
        "cards discarded",
        True,
        [0] * len(players),
        rows,
        list(view["winners"]),
        view["phase"] == "over",
        goal="first to card 16",
        start_tints=first_tints(players),
    )


def turn_ends(views: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first view after each turn: the active player changed, or the game ended."""
    found, previous = [], None
    for v in views:
        if ends_a_turn(previous, v):
            found.append(v)
        previous = v
    return found


def ends_a_turn(previous: dict[str, Any] | None, view: dict[str, Any]) -> bool:
    return (
        previous is not None
        and previous["active"] is not None
        and (view["active"] != previous["active"] or view["phase"] == "over")
    )


# --------------------------------------------------------------------------- entry by entry


def sheet_step(fold: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
    """The sheet's working after one more view (``Game.sheet_step``): the points game keeps the
    last view of each round, a race the first view after each turn and the view before."""
    if is_points_game(view):
        return closing_step(
            fold,
            view,
            rounds_scored,
            lambda v: {
                "round": v["round"],
                "phase": v["phase"],
                "players": [{"points": p["points"], "deck": p["deck"]} for p in v["players"]],
            },
        )
    here = {
        "active": view["active"],
        "phase": view["phase"],
        "players": [{"top": p["top"], "deck": p["deck"]} for p in view["players"]],
    }
    ends = list((fold or {}).get("ends", []))
    if ends_a_turn((fold or {}).get("previous"), here):
        ends.append(here)
    return {"ends": ends, "previous": here}


def folded_sheet(view: dict[str, Any], fold: dict[str, Any] | None) -> ScoreSheet:
    if is_points_game(view):
        return points_sheet(view, lambda: closing_history(fold))
    return race_sheet_of_turns(view, (fold or {}).get("ends", []))
