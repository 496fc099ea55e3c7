"""Setting up a hand (2.3): each player's face-up row, and who starts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..base import HOST, By, Refusal, Text, known, not_yours, read_int, unreadable
from .ranks import check_copies, pick_ranks, read_ranks, see
from .state import LEAD, PLAY, SETUP, SLOTS, State
from .turn import SwoopMove, not_over, seat_for


def maybe_begin(state: State) -> None:
    """Play starts once every face-up row is in and a starter is known."""
    if all(state.face_up_set) and state.starter is not None:
        state.phase, state.current, state.mode = PLAY, state.starter, LEAD


def setting_up(state: State) -> bool:
    """The hand is set up until its first play is recorded (SW-R2), even once every row and the
    starter are in and play has begun."""
    return not state.played and state.phase in (SETUP, PLAY)


def before_first_play(state: State) -> None:
    """SW-R2: face-up rows are entered before the first play of the hand."""
    if not setting_up(state):
        raise Refusal("SW-R2", "Face-up cards are entered before the first play of a hand.", overridable=False)


class SetFaceUp(SwoopMove):
    """A player's four face-up cards, slot 1 to 4 (SW-C8), counted as seen (SW-C1)."""

    type = "set_face_up"
    any_order = True

    def ready(self, state: State, seat: Any, by: By) -> None:
        not_over(state)
        seat = seat_for(state, seat, by, None)
        before_first_play(state)
        self.not_entered_yet(state, seat)

    # the row is read and counted before it is found entered already (the order cited)
    checks = ("game_on", "seat_read", "setting_up", "rules", "not_entered", "copies")

    def seat_read(self, state: State, action: Mapping[str, Any], by: By) -> int:
        return seat_for(state, action.get("seat"), by, None)

    def setting_up(self, state: State, action: Mapping[str, Any], by: By) -> None:
        before_first_play(state)

    def not_entered(self, state: State, action: Mapping[str, Any], by: By) -> None:
        self.not_entered_yet(state, self.seat_read(state, action, by))

    def copies(self, state: State, action: Mapping[str, Any], by: By) -> None:
        check_copies(state, Counter(self.rules(state, action, by)))

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> list[str]:
        ranks = read_ranks(action.get("ranks"))
        if len(ranks) != SLOTS:
            raise Refusal("SW-C8", "Enter exactly 4 face-up cards, slot 1 to slot 4.", overridable=False)
        return ranks

    @staticmethod
    def not_entered_yet(state: State, seat: int) -> None:
        if state.face_up_set[seat]:
            raise Refusal(
                "SW-C8", "{name}'s face-up cards are already entered.", overridable=False, name=state.players[seat]
            )

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = known(read_int(action["seat"]))
        ranks = read_ranks(action["ranks"])
        state.up[seat], state.face_up_set[seat] = list(ranks), True
        see(state, Counter(ranks))
        maybe_begin(state)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{name}'s face-up cards: {ranks}", name=who, ranks=" ".join(read_ranks(action.get("ranks"))))

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """Three rows of unseen ranks for each seat still to enter one."""
        return [
            {
                "type": self.type,
                "seat": seat,
                "ranks": pick_ranks(state, SLOTS, 3 * seat + 5 * variant + state.hand_no, step),
            }
            for seat in range(state.seat_count)
            if not state.face_up_set[seat]
            for variant, step in enumerate((3, 1, 5))
        ]


class SetStarter(SwoopMove):
    """The host enters who starts the hand (the draw for the highest card, 2.3); ``seat`` names
    the starter, not the phone. Hand 1 takes one, and so does every hand with starter_rule
    ``draw_each_hand`` (4.1); with ``rotate`` the starter of hand 2 on is the seat left of the
    previous one (5.5), unless the table rules otherwise. Until the first play the host may
    correct it, as a face-up row may be entered until then (SW-R2)."""

    type = "set_starter"
    for_seat = False

    def ready(self, state: State, seat: Any, by: By) -> None:
        not_over(state)
        self.host_only(by)
        self.starter_open(state)
        self.drawn_this_hand(state)

    # the starter named is read before the phase is looked at (the order cited)
    checks = ("game_on", "from_host", "rules", "still_open", "drawn")

    def from_host(self, state: State, action: Mapping[str, Any], by: By) -> None:
        self.host_only(by)

    def still_open(self, state: State, action: Mapping[str, Any], by: By) -> None:
        self.starter_open(state)

    def drawn(self, state: State, action: Mapping[str, Any], by: By) -> None:
        self.drawn_this_hand(state)

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat = read_int(action.get("seat"))
        if seat is None or not 0 <= seat < state.seat_count:
            raise unreadable("Name the starter's seat.")

    @staticmethod
    def host_only(by: By) -> None:
        if by != HOST:
            raise not_yours("SW-R1", "Only the host enters who starts.")

    @staticmethod
    def starter_open(state: State) -> None:
        if not setting_up(state):
            raise Refusal("SW-R2", "The starter is set before the first play.", overridable=False)

    @staticmethod
    def drawn_this_hand(state: State) -> None:
        """4.1, 5.5: after hand 1 a rotating starter is not entered (a table ruling may still name one)."""
        if state.hand_no > 1 and state.options["starter_rule"] == "rotate":
            raise Refusal(
                "SW-R2",
                "At this table the starter rotates: {name} starts hand {number}.",
                name=state.players[known(state.starter)],
                number=state.hand_no,
            )

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        state.starter = read_int(action["seat"])
        maybe_begin(state)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{name} starts hand {number}", name=who, number=state.hand_no)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type, "seat": seat} for seat in range(state.seat_count)]
