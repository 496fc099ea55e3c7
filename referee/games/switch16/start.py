"""``start_player``: who won the roll-off (section 2, setup step 3; S16-R1)."""

from __future__ import annotations

from typing import Any


from ..base import HOST, By, Refusal, Text, known, not_yours, read_int
from .moves import Action, SwitchMove, check_entries, entries_of, game_running, is_seat, seat_named
from .state import START, TURN, State
from .turns import begin_turn


class StartPlayer(SwitchMove):
    type = "start_player"
    for_seat = False  # any phone may enter it; its seat is the start player, not the phone's

    def gate(self, state: State, seat: None, by: By) -> None:
        game_running(state)
        if by != HOST and not is_seat(state, by):
            raise not_yours("S16-C5", "Only a player at this table (or the host) can enter the start player.")

    def read(self, state: State, action: Action, by: By) -> None:
        seat_named(state, action.get("seat"), "start player")

    def due(self, state: State, seat: None) -> None:
        if entries_of(state) == "rounds":
            check_entries(state, "dice")  # S16-Q1: round results need no start player
        if not before_first_roll(state):  # S16-R1 stays overridable: a ruling begins that seat's turn now
            raise Refusal("S16-R1", "The start player is already set.")

    def effect(self, state: State, action: Action) -> None:
        begin_turn(state, known(read_int(action["seat"])))

    def describe(self, state: State, action: Action, who: str) -> Text:
        seat = read_int(action.get("seat"))
        return Text(
            "{name} starts", name=state.players[seat] if seat is not None and 0 <= seat < state.seat_count else "?"
        )

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": "start_player", "seat": seat} for seat in range(state.seat_count)]


def before_first_roll(state: State) -> bool:
    """S16-R1: no roll yet in the game, or with ``roll_off`` in this round, so the start player
    may still be entered (or entered again: the table corrects the roll-off)."""
    if state.phase == START:
        return True
    if state.phase != TURN or state.rolls:
        return False
    if state.round == 1:
        return state.ended is None  # a turn ends only after a roll of it
    return state.options["next_round_starter"] == "roll_off" and bool(state.ended and state.ended.get("round_over"))
