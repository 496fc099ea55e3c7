"""``discard``: cards leave the active deck one at a time, as far as the roll makes them (4.4)."""

from __future__ import annotations

from typing import Any, ClassVar

from ..base import By, Refusal, Text, counted, known, read_int, unreadable
from .moves import Action, TurnMove
from .dice import dice_words
from .scoring import card_16_gone
from .state import DONE, State


class Discard(TurnMove):
    type = "discard"
    turn_rule: ClassVar[str] = "S16-R9"

    def ready(self, state: State, seat: int | None, by: By) -> None:
        """Offered only while the roll has a card left to discard."""
        super().ready(state, seat, by)
        check_something_left(state, known(state.active), 1)

    def read(self, state: State, action: Action, by: By) -> None:
        if read_int(action.get("count", 1)) is None:
            raise unreadable("Say how many cards to discard.")

    def due(self, state: State, seat: int) -> None:
        super().due(state, seat)
        if state.last is None or state.pending_green is not None:  # overridable: see ``components``
            raise Refusal("S16-R9", "Roll first: discards come from a roll.")

    def components(self, state: State, action: Action, by: By) -> None:
        """Cards leave as far as a roll of this turn makes them: no ruling discards from a roll that
        is not there (none yet, or the seat named is not the one whose turn it is)."""
        if state.last is None or self.acting_seat(state, action, by) != state.active:
            raise Refusal("S16-R9", "Roll first: discards come from a roll.", overridable=False)

    def legal(self, state: State, action: Action, by: By) -> None:
        check_something_left(state, known(state.active), known(read_int(action.get("count", 1))))

    def effect(self, state: State, action: Action) -> None:
        seat = known(state.active)
        deck = state.control[seat]
        # a ruling may ask for more cards than the deck has left (S16-R11): only those are discarded,
        # so the roll's count stays true and a chip landing later never takes back more (S16-C6)
        count = min(max(0, known(read_int(action.get("count", 1)))), DONE - state.tops[deck])
        state.tops[deck] = min(DONE, state.tops[deck] + count)
        known(state.last).discarded += count
        if state.tops[deck] == DONE:
            card_16_gone(state, seat)

    def describe(self, state: State, action: Action, who: str) -> Text:
        active = state.players[state.active] if state.active is not None else "?"
        count = read_int(action.get("count", 1)) or 0
        return counted("{name} discarded {n} card", "{name} discarded {n} cards", count, name=active)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """All the cards the roll still makes, and a single one."""
        roll = state.last
        left = roll.allowance - roll.discarded if roll else 0
        if left < 1:
            return []
        return [{"type": "discard", "seat": state.active, "count": count} for count in sorted({left, 1}, reverse=True)]


def check_something_left(state: State, seat: int, count: int) -> None:
    """S16-R10, S16-R11: a free deck, and ``count`` cards the roll still makes."""
    if state.blocked(seat):
        # S16-R10 and S16-R11 stay overridable: a table may accept cards the dice do not make; the effect
        # discards only cards the deck still holds (never past card 16), so the deck stays 1..17.
        raise Refusal("S16-R10", "Your deck is blocked.")
    roll = known(state.last)
    left = roll.allowance - roll.discarded
    if not 1 <= count <= left:
        raise Refusal("S16-R11", allowance_message(state, seat, count, left))


def allowance_message(state: State, seat: int, count: int, left: int) -> Text:
    if count < 1:
        return Text("Discard at least one card.")
    dice = dice_words(known(state.last).dice)
    top = state.top_of(seat)
    if left == 0:
        return Text("Your roll {dice} makes no more cards: stop, or take a risk.", dice=dice)
    return Text(
        "Your roll {dice} makes card {made} but not card {missing}.", dice=dice, made=top + left - 1, missing=top + left
    )
