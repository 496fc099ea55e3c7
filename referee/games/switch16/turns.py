"""The turn as section 5.1 runs it: a turn begins and ends, decks swap, a roll's number dice are
resolved, and a failed risk roll sends the deck back (section 5.2)."""

from __future__ import annotations

from typing import Any

from ..base import Text, known, next_seat
from .dice import allowance
from .state import COLOURS, TURN, State


def begin_turn(state: State, seat: int) -> None:
    state.phase, state.active, state.rolls = TURN, seat, 0
    state.last, state.pending_green = None, None
    state.start_top = state.top_of(seat)
    state.blocked_at_start = state.blocked(seat)


def end_turn(state: State, why: Text) -> None:
    """The active player's turn ends (S16-C4 remembers why); the player to the left begins."""
    seat = known(state.active)
    state.ended = {"seat": seat, "why": why}
    state.notes.append(why)
    begin_turn(state, next_seat(seat, state.seat_count))


def swap(state: State, seat: int, other: int) -> None:
    """Two players exchange decks; a chip on a deck travels with it, a chip in hand stays. The
    note says who holds which deck now: the table moves the decks by it (issue 16)."""
    state.notes.append(
        Text(
            "{name} and {other} swapped decks: {name} now has the {colour} deck, {other} the {other_colour} deck.",
            **swapped(state, seat, other),
        )
    )
    state.control[seat], state.control[other] = state.control[other], state.control[seat]


def swapped(state: State, seat: int, other: int) -> dict[str, Any]:
    """The fields of a sentence saying who holds which deck once ``seat`` and ``other`` swap
    (``state`` before the swap)."""
    return {
        "name": state.players[seat],
        "other": state.players[other],
        "colour": COLOURS[state.control[other]],
        "other_colour": COLOURS[state.control[seat]],
    }


def resolve_number_dice(state: State) -> None:
    """How many cards the roll makes; a roll that makes none ends the turn (with a penalty
    after a risk roll)."""
    seat, roll = known(state.active), known(state.last)
    roll.allowance = allowance(state.top_of(seat), roll.dice, state.blocked(seat))
    if roll.allowance == 0:
        name = state.players[seat]
        if roll.risk:
            penalty(state, seat)
            end_turn(
                state,
                Text(
                    "{name}'s risk roll made nothing: the deck goes back to {top}.", name=name, top=state.top_of(seat)
                ),
            )
        else:
            end_turn(state, Text("{name}'s turn ended: the roll made no card.", name=name))


def penalty_top(mode: str, top: int, dice: int, start_top: int) -> int:
    """Where a failed risk roll sends a deck whose top is ``top`` (section 5.2)."""
    if mode == "turn_only":
        return start_top
    if mode == "playmonster" and dice == 4:
        return 1
    return 1 if top <= 8 else 8


def penalty(state: State, seat: int) -> None:
    deck = state.control[seat]
    top = state.tops[deck]
    state.tops[deck] = min(
        top, penalty_top(state.options["risk_penalty"], top, len(known(state.last).dice), state.start_top)
    )
