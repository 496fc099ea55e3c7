"""Switch To ``pass`` (sections 4.4 and 5.1): always allowed in turn, with at most one flip of
the passer's own token; n-1 passes on a play clear the table. With ``auto_pass=on`` the app
passes for a player who holds no token at all."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, known, next_seat, not_yours, read_seat
from .entries import SwitchToMove, check_turn
from .flow import begin_play, check_flip_held, clear_table, end_round, flip, no_play_token_left
from .state import FLIPS, PLAY, START_PLAYER, Player, State


class Pass(SwitchToMove):
    type = "pass"

    def not_theirs(self, name: str) -> Refusal:
        return not_yours("ST-C9", "Only {name} (or the host) can enter {name}'s pass.", name=name)

    def now(self, state: State, seat: int) -> None:
        check_turn(state, seat)

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        check_flip(state, action)

    def components(self, state: State, action: Mapping[str, Any], by: By) -> None:
        check_flip(state, action)

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = action["seat"]
        if state.phase == START_PLAYER:  # a ruling: the table let this seat start
            begin_play(state, seat)
        flip(state, state.players[seat], action.get("flip") or None)
        if no_play_token_left(state):
            end_round(state, "E1")
            return
        if state.top:
            state.passes += 1
            if state.passes == state.seat_count - 1:
                clear_table(state)
                return
        else:
            state.idle_passes += 1
            if state.idle_passes >= state.seat_count:
                state.notes.append(Text("Nobody is leading: the host may end the round."))
        state.turn = next_seat(seat, state.seat_count)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        chosen = action.get("flip") if isinstance(action.get("flip"), str) else ""
        if chosen == "play_to_wild":
            return Text("{name} passed, flipping a play token to wild", name=who)
        if chosen == "wild_to_play":
            return Text("{name} passed, flipping a wild token to play", name=who)
        return Text("{name} passed", name=who)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        if state.phase != PLAY:
            return []
        return [{"type": self.type, "seat": state.turn}] + [
            {"type": self.type, "seat": state.turn, "flip": chosen} for chosen in FLIPS
        ]


def check_flip(state: State, action: Mapping[str, Any]) -> None:
    """ST-R15: one flip, of a token the passer holds."""
    chosen = action.get("flip") or None
    if chosen is None:
        return
    if chosen not in FLIPS:
        raise Refusal("ST-R15", "Only one token can be flipped, and only when you pass.", overridable=False)
    player = state.players[read_seat(action, state.seat_count)]
    check_flip_held(player.play, player.wild, chosen)


def auto_pass(state: State) -> None:
    """With auto_pass=on, pass for each player in turn who holds no token at all."""
    if state.options["auto_pass"] != "on":
        return
    while state.phase == PLAY and holds_no_token(state.players[known(state.turn)]):
        state.notes.append(Text("{name} passed automatically (no token).", name=state.name(known(state.turn))))
        Pass().effect(state, {"seat": state.turn})


def holds_no_token(player: Player) -> bool:
    return player.play == 0 and player.wild == 0
