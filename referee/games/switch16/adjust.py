"""``adjust``: the host corrects a deck's top, the chip's place or who controls which deck. Every
correction is recorded as a table ruling and keeps the table consistent (S16-C6)."""

from __future__ import annotations


from ..base import HOST, By, Refusal, Text, known, not_yours, read_int, unreadable
from .moves import Action, SwitchMove, check_entries, entries_of, game_running, seat_named
from .state import DONE, State
from .state import COLOURS
from .turns import swap, swapped

CHIP_PLACES = ("middle", "hand", "deck")


class Adjust(SwitchMove):
    type = "adjust"
    for_seat = False
    correction = True

    def gate(self, state: State, seat: None, by: By) -> None:
        game_running(state)
        if by != HOST:
            raise not_yours("S16-C5", "Only the host can adjust the table.")

    def due(self, state: State, seat: int | None) -> None:
        if entries_of(state) == "rounds":
            check_entries(state, "dice")  # S16-Q1: round results follow no deck to adjust

    def read(self, state: State, action: Action, by: By) -> None:
        if "top" in action:
            seat_named(state, action.get("seat"), "deck")
            top = read_int(action.get("top"))
            if top is None or not 1 <= top <= DONE:
                raise Refusal("S16-C6", "A top card is 1 to 16, or 17 once card 16 is gone.", overridable=False)
        elif "chip" in action:
            if action["chip"] not in CHIP_PLACES:
                raise Refusal("S16-C6", "The chip is in the middle, in a hand or on a deck.", overridable=False)
            if action["chip"] != "middle":
                seat_named(state, action.get("seat"), "chip")
        elif "swap" in action:
            pair = action["swap"]
            if not isinstance(pair, list) or len(pair) != 2:
                raise Refusal("S16-C6", "Name the two players whose decks swap.", overridable=False)
            seats = [seat_named(state, s, "swap") for s in pair]
            if seats[0] == seats[1]:
                raise Refusal("S16-C6", "A player cannot swap with themselves.", overridable=False)
        else:
            raise unreadable("Adjust a deck's top, the chip or a swap.")

    def effect(self, state: State, action: Action) -> None:
        state.notes.append(Text("The host adjusted the table (a table ruling)."))
        if "top" in action or "chip" in action:  # a swap's own note says what changed
            state.notes.append(what_changes(state, action))
        if "top" in action:
            state.tops[state.control[known(read_int(action["seat"]))]] = known(read_int(action["top"]))
        elif "chip" in action:
            seat = read_int(action.get("seat")) if action["chip"] != "middle" else None
            state.chip = action["chip"]
            state.chip_at = None if seat is None else (seat if state.chip == "hand" else state.control[seat])
        else:
            swap(state, *(known(read_int(s)) for s in action["swap"]))

    def describe(self, state: State, action: Action, who: str) -> Text:
        try:
            return what_changes(state, action)
        except (KeyError, IndexError, TypeError, ValueError):  # an entry the checks will refuse
            return Text("The host adjusted the table")


def what_changes(state: State, action: Action) -> Text:
    """What an adjustment changes, in the words of the table (issue 16), from ``state`` before it."""
    if "top" in action:
        seat = known(read_int(action["seat"]))
        return Text(
            "The host set {name}'s top card to {top} (it was {before})",
            name=state.players[seat],
            top=read_int(action["top"]),
            before=state.top_of(seat),
        )
    if "chip" in action:
        if action["chip"] == "middle":
            return Text("The host put the block chip in the middle")
        seat = known(read_int(action["seat"]))
        if action["chip"] == "hand":
            return Text("The host put the block chip in {name}'s hand", name=state.players[seat])
        return Text("The host put the block chip on the {colour} deck", colour=COLOURS[state.control[seat]])
    seat, other = (known(read_int(s)) for s in action["swap"])
    return Text(
        "{name} and {other} swapped decks: {name} now has the {colour} deck, {other} the {other_colour} deck",
        **swapped(state, seat, other),
    )
