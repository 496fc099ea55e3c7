"""Was Sticht end of game: corner numbers to settle a tie and to rank the others (sections 4.11
and 5.7, WS-N1, WS-N2) and the early end of a settled short game (section 4.12, WS-G1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, known, read_int, unreadable
from . import rules as ws
from .entries import Action, Entry, SeatEntry, at_the_table
from .scoring import between_rounds, corners_asked, race, settle_winner
from .state import CORNERS, State


class CornerNumbers(SeatEntry):
    """The numbers printed in the corners of a seat's completed chips, by chip index: asked to
    settle a tie for first place, and (rank_others_by = corner_sum) after the game to rank the
    others; the table may leave those out, and the others are then ranked by their chips."""

    type = "corner_numbers"

    def after_the_game(self, state: State) -> bool:
        return bool(corners_asked(state))

    def ready(self, state: State, seat: int, by: By) -> None:
        at_the_table(state, by)
        asked = corners_asked(state)
        if not asked:
            raise Refusal("WS-N1", "Corner numbers are asked only to settle a tie.", overridable=False)
        if seat not in asked:
            raise Refusal("WS-N1", "{name}'s corner numbers are not asked.", overridable=False, name=state.name(seat))

    def rules(self, state: State, action: Action, by: By) -> None:
        seat = self.acting_seat(state, action, by)
        asked = corners_asked(state)[seat]
        numbers = action.get("numbers")
        if not isinstance(numbers, Mapping):
            raise unreadable("numbers: the corner number of each completed chip, by chip index.")
        for index, number in numbers.items():  # every chip and number is read before a ruling may override WS-N2
            i = read_int(index)
            if i is None or not 0 <= i < len(state.chips[seat]) or not state.chips[seat][i]["done"]:
                raise Refusal("WS-N1", "Only completed chips are asked about.", overridable=False)
            if i not in asked:
                # WS-N1: "the app keeps a number once entered"
                raise Refusal(
                    "WS-N1",
                    "The corner number of “{chip}” is already entered.",
                    overridable=False,
                    chip=ws.CHIP_NAMES[state.chips[seat][i]["type"]],
                )
            if read_int(number) is None:
                raise Refusal("WS-N2", "Enter the number printed in the chip's corner.", overridable=False)
        if any(not 0 <= known(read_int(number)) <= 99 for number in numbers.values()):
            # WS-N2: not overridable: the number is printed on the chip (WS-X12), no ruling changes it.
            raise Refusal("WS-N2", "Enter the number printed in the chip's corner.", overridable=False)

    def effect(self, state: State, action: Action) -> None:
        seat = action["seat"]
        for index, number in action["numbers"].items():
            state.chips[seat][known(read_int(index))]["corner"] = read_int(number)
        if state.phase == CORNERS:
            settle_winner(state)

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text("{who}'s corner numbers", who=who)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """A few sets of numbers for each seat asked, for every chip asked."""
        return [
            {"type": self.type, "seat": seat, "numbers": {str(i): number(i) for i in chips}}
            for seat, chips in corners_asked(state).items()
            for number in (lambda i: 1, lambda i: 5, lambda i: i + 1)
        ]


class EndEarly(Entry):
    """Short game: the table stops between rounds once first place is settled (section 5.6)."""

    type = "end_early"
    for_seat = False

    def ready(self, state: State, seat: Any, by: By) -> None:
        at_the_table(state, by)
        if not (state.short and state.options["early_end"] == "yes" and between_rounds(state)):
            raise Refusal("WS-G1", "The game can end early only between rounds of a short game.", overridable=False)
        _, chaser, reach = race(state)
        if chaser is not None:
            # WS-G1 (first place not settled) stays overridable: a table may agree to stop.
            raise Refusal(
                "WS-G1",
                "First place is not settled: {name} could still reach {reach}.",
                name=state.name(chaser),
                reach=reach,
            )

    def effect(self, state: State, action: Action) -> None:
        state.notes.append(Text("The table ends the game early: first place is settled."))
        settle_winner(state)

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text("The game ends early")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type}]
