"""Was Sticht setup: the first dealer, and the chip draft (section 2, rules WS-C1 to WS-C4)."""

from __future__ import annotations

from typing import Any

from ..base import HOST, By, Refusal, Text, known, not_yours, read_int, unreadable
from . import rules as ws
from .entries import Action, Entry, SeatEntry, at_the_table
from .state import CHIP_DRAFT, CHIPS_EACH, FIRST_DEALER, State, chip_turn, start_round


class FirstDealer(Entry):
    """The host names the seat that deals first (its ``seat`` is that dealer, not a maker)."""

    type = "first_dealer"
    for_seat = False

    def ready(self, state: State, seat: Any, by: By) -> None:
        if by != HOST:
            raise not_yours("WS-X14", "Only the host sets up the table.")
        if state.phase != FIRST_DEALER:
            raise Refusal("WS-X13", "The first dealer is already set.", overridable=False)

    def rules(self, state: State, action: Action, by: By) -> None:
        seat = read_int(action.get("seat"))
        if seat is None or not 0 <= seat < state.n:
            raise unreadable("Name the first dealer's seat.")

    def effect(self, state: State, action: Action) -> None:
        state.first_dealer = read_int(action["seat"])
        state.phase = CHIP_DRAFT

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text("{who} deals first", who=who)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type, "seat": seat} for seat in range(state.n)]


class ChipPick(SeatEntry):
    """A chip taken in the draft, by the seat due or by any phone for it."""

    type = "chip_pick"

    def default_seat(self, state: State) -> int | None:
        return chip_turn(state)

    def ready(self, state: State, seat: int, by: By) -> None:
        at_the_table(state, by)
        if state.phase != CHIP_DRAFT:
            raise Refusal("WS-C1", "The chip draft is over.", overridable=False)
        due = chip_turn(state)
        if seat != due:
            # WS-C2 stays overridable: the chip still goes to the seat due (5 chips each);
            # ``components`` makes it firm when the chip is not in the pool.
            raise Refusal("WS-C2", "It is {name}'s turn to take a chip.", name=state.name(due))

    def read(self, state: State, action: Action, by: By) -> None:
        at_the_table(state, by)
        read_chip(action)

    def rules(self, state: State, action: Action, by: By) -> None:
        chip = read_chip(action)
        check_pool(state, chip)
        seat = known(chip_turn(state))
        held = {c["type"] for c in state.chips[seat]}
        others_left = any(n and t not in held for t, n in state.pool.items())
        if state.options["unique_chip_draft"] == "yes" and chip in held and others_left:
            # WS-C4 stays overridable: a house rule of the draft; the chip exists (WS-C3 passed).
            raise Refusal(
                "WS-C4",
                "In this game you may not take a second “{chip}” chip while other kinds are still available.",
                chip=ws.CHIP_NAMES[chip],
            )

    def components(self, state: State, action: Action, by: By) -> None:
        check_pool(state, read_chip(action))

    def effect(self, state: State, action: Action) -> None:
        seat = known(chip_turn(state))
        chip = action["chip"]
        state.pool[chip] -= 1
        state.chips[seat].append({"type": chip, "done": False, "corner": None})
        state.chip_picks += 1
        if state.chip_picks == CHIPS_EACH * state.n:
            start_round(state)

    def describe(self, state: State, action: Action, who: str) -> Text:
        # the seat due takes the chip, whichever phone enters it (as ``effect``)
        chip, seat = str(action.get("chip"))[:12], chip_turn(state)
        return Text(
            "{name} took a chip: {chip}",
            name=who if seat is None else state.name(seat),
            chip=ws.CHIP_NAMES.get(chip, chip),
        )

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type, "seat": chip_turn(state), "chip": chip} for chip in ws.CHIP_COPIES]


def read_chip(action: Action) -> str:
    chip = action.get("chip")
    if not isinstance(chip, str) or chip not in ws.CHIP_COPIES:
        raise unreadable(
            "{chip!r} is not a chip; chips are {known}.", chip=str(chip)[:12], known=", ".join(ws.CHIP_COPIES)
        )
    return chip


def check_pool(state: State, chip: str) -> None:
    if state.pool[chip] == 0:
        # WS-C3: not overridable: the box holds CHIP_COPIES of each type; a ruling would take a
        # chip that does not exist (the pool count would go below zero, WS-X6).
        raise Refusal("WS-C3", "No “{chip}” chip is left.", overridable=False, chip=ws.CHIP_NAMES[chip])
