"""What every phone sees (everything in Switch 16 is public), and the round strip read off it."""

from __future__ import annotations

from typing import Any

from dataclasses import asdict

from ..base import known
from ..game import RoundInfo
from .block import landing_choices
from .dice import dice_count, ways
from .moves import entries_of
from .quick import round_cards
from .roll import red_candidates
from .state import COLOURS, DIE_VALUES, DONE, FACE_NAMES, FACES, GAME_ID, LAST_CARD, OVER, START, TITLE, TURN, State
from .stop import fails_risk
from .turns import penalty_top


def makes(state: State) -> list[dict[str, Any]]:
    """The cards the latest roll still lets the active player discard, with the dice for each."""
    roll = state.last
    if state.phase != TURN or roll is None or state.pending_green is not None:
        return []
    top = state.top_of(known(state.active))
    sums = ways(roll.dice)
    return [{"card": card, "dice": list(sums[card])} for card in range(top, top + roll.allowance - roll.discarded)]


def board(state: State) -> dict[str, Any]:
    """The public board: the same for every phone (the entries each may make come on top)."""
    active_top = state.top_of(state.active) if state.active is not None else None
    cards = makes(state)
    return {
        "game": GAME_ID,
        "title": TITLE,
        "options": dict(state.options),
        "phase": state.phase,
        "round": state.round,
        "players": players(state),
        "chip": chip(state),
        "active": state.active,
        "rolls": state.rolls,
        "dice_needed": dice_count(state, active_top) if active_top is not None else None,
        "last": asdict(state.last) if state.last else None,
        "makes": cards,
        "pending_green": state.pending_green,
        "red_candidates": red_candidates(state, state.active) if state.active is not None else [],
        "winners": list(state.winners),
        "notes": list(state.notes),
        # what a board shows and its forms offer, so that no template repeats a rule
        "stage": stage(state, cards),
        "waiting_for": waiting_for(state),
        "left": len(cards),
        "next_roll_risk": state.last is not None,
        "miss_top": miss_top(state, active_top),
        "stop_fails": state.phase == TURN and fails_risk(state),
        "partners": [s for s in range(state.seat_count) if s != state.active] if state.active is not None else [],
        "block_targets": [s for s in range(state.seat_count) if s != state.holder()]
        if state.holder() is not None
        else [],
        "landing": landing(state),
        # quick entry (issue 27): what this table enters, the cards a turn may end on, the round's cards
        "entries": entries_of(state),
        "turn_cards": turn_cards(state, active_top),
        "round_cards": round_cards(state),
        "cards": LAST_CARD,
        "done_top": DONE,
        "die_values": list(DIE_VALUES),
        "faces": list(FACES),
        "face_names": dict(FACE_NAMES),
    }


def landing(state: State) -> list[dict[str, Any]]:
    """Where the chip holder may say the chip landed in the active player's discard (S16-R15)."""
    holder = state.holder()
    if holder is None or state.active is None or holder == state.active:
        return []
    return landing_choices(state, state.active)


def turn_cards(state: State, top: int | None) -> list[int]:
    """Quick entry: the cards the active player's turn may end on (S16-Q2), from the top card up."""
    if top is None or entries_of(state) != "turns":
        return []
    return list(range(top, LAST_CARD + 1))


def miss_top(state: State, top: int | None) -> int | None:
    """Where a miss on the next roll (a risk roll) would send the active deck (section 5.2)."""
    if top is None or state.last is None:
        return None
    dice = dice_count(state, top)
    return min(top, penalty_top(state.options["risk_penalty"], top, dice, state.start_top))


def players(state: State) -> list[dict[str, Any]]:
    return [
        {
            "seat": s,
            "name": name,
            "deck": state.control[s],
            "colour": COLOURS[state.control[s]],
            "top": state.top_of(s),
            "blocked": state.blocked(s),
            "holds_chip": state.holder() == s,
            "points": state.points[s],
            "discarded": state.top_of(s) - 1,
            "done": state.top_of(s) == DONE,
        }
        for s, name in enumerate(state.players)
    ]


def chip(state: State) -> dict[str, Any]:
    on_deck = state.chip_at if state.chip == "deck" else None
    return {
        "place": state.chip,
        "seat": state.holder(),
        "deck": on_deck,
        "colour": COLOURS[on_deck] if on_deck is not None else None,
    }


def stage(state: State, cards: list[dict[str, Any]]) -> str:
    """Where the game stands, for the board's status line: ``start`` (the roll-off), ``roll``
    (the turn's first roll), ``green`` (a green answer pending), ``discard`` (the roll makes
    cards), ``decide`` (stop, or take a risk), ``round`` (quick entry in the points game: the
    round's results awaited) or ``over``."""
    if state.phase == OVER:
        return state.phase
    if entries_of(state) == "rounds":
        return "round"
    if state.phase == START:
        return state.phase
    if state.pending_green is not None:
        return "green"
    if state.last is None:
        return "roll"
    return "discard" if cards else "decide"


def waiting_for(state: State) -> int | None:
    """The seat whose entry the game waits for: the green target while they answer, else the
    active player (None before the start player is entered and once the game is over)."""
    if state.phase != TURN or entries_of(state) == "rounds":
        return None
    return state.pending_green if state.pending_green is not None else state.active


def round_info(view: dict[str, Any]) -> RoundInfo:
    """A race has no rounds; the points game counts them. The turn is the seat the game waits for."""
    if view["options"].get("game_mode") == "points":
        return RoundInfo("Round", view["round"], turn=view["waiting_for"])
    return RoundInfo("Race", None, turn=view["waiting_for"])
