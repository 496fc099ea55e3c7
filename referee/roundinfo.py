"""Round, dealer and turn of any game's public view, for the one status strip every board shows.

The games name these differently (Swoop counts hands and has a starter, not a dealer; a Switch 16
race has no rounds; Was Sticht's draft has a picker instead of a player to play), so each view is
read here once, and the board shows the answer the same way for every game. A game whose rules
name no dealer shows who started the round instead, where the view knows it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RoundInfo:
    word: str                 # "Round", "Hand" or "Race"
    number: int | None        # None: the game has no numbered rounds
    of: int | None = None     # how many there will be, when the game fixes it
    dealer: int | None = None
    starter: int | None = None
    turn: int | None = None   # the seat expected to act now, if one is


def round_info(game: str, view: dict) -> RoundInfo:
    return READERS[game](view)


def _over(view: dict) -> bool:
    return view["phase"] == "over"


def _switch_to(view: dict) -> RoundInfo:
    setting_up = view["phase"] == "setup"
    number = view["round"] + 1 if setting_up else view["round"]
    return RoundInfo("Round", min(max(number, 1), view["rounds"]), view["rounds"],
                     turn=view["turn"] if view["phase"] == "play" else None)


def _swoop(view: dict) -> RoundInfo:
    options = view["options"]
    limit = None
    if options.get("end_mode") != "target":
        limit = int(options.get("hand_limit") or 0) or len(view["players"])
    return RoundInfo("Hand", view["hand_no"], limit, starter=view["starter"],
                     turn=view["current"] if view["phase"] == "play" else None)


def _schwimmen(view: dict) -> RoundInfo:
    turn = {"exchange": view["turn"], "dealer_choice": view["dealer"]}.get(view["phase"])
    return RoundInfo("Round", max(view["round"], 1), dealer=view["dealer"], turn=turn)


def _was_sticht(view: dict) -> RoundInfo:
    phase = view["phase"]
    turn = {"play": view["turn"], "draft": view["next_picker"], "chip_draft": view["chip_turn"],
            "trumps": view["dealer"], "reveal": view["dealer"], "flip": view["dealer"]}.get(phase)
    number = view["round"] - 1 if _over(view) or phase == "corners" else view["round"]
    return RoundInfo("Round", max(number, 1), dealer=view["dealer"], turn=turn)


def _switch16(view: dict) -> RoundInfo:
    turn = view["pending_green"] if view["pending_green"] is not None else view["active"]
    turn = None if _over(view) else turn
    if view["options"].get("game_mode") == "points":
        return RoundInfo("Round", view["round"], turn=turn)
    return RoundInfo("Race", None, turn=turn)


READERS = {"switch-to": _switch_to, "swoop": _swoop, "schwimmen": _schwimmen, "was-sticht": _was_sticht,
           "switch-16": _switch16}
