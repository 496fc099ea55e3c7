"""The end of a hand: each player still holding cards declares them (5.4, SW-R14, SW-C4 to SW-C6)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, counted, known, read_int
from .ranks import check_copies, name_of_rank, pick_ranks, read_ranks, see
from .scoring import penalty, score_hand
from .state import DECLARE, State
from .turn import SwoopMove, not_over, seat_for


def still_to_declare(state: State, seat: int) -> bool:
    return seat != state.out_player and str(seat) not in state.declared


class DeclareRemaining(SwoopMove):
    type = "declare_remaining"
    any_order = True

    def ready(self, state: State, seat: Any, by: By) -> None:
        not_over(state)
        seat = seat_for(state, seat, by, None)
        if state.phase != DECLARE:
            raise Refusal("SW-R14", "Cards still held are declared when the hand is over.", overridable=False)
        if seat == state.out_player:
            raise Refusal("SW-R14", "Only players still holding cards declare.", overridable=False)
        if str(seat) in state.declared:
            raise Refusal("SW-R14", "You already declared for this hand.", overridable=False)

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat = seat_for(state, action.get("seat"), by, None)
        hand, mystery = read_ranks(action.get("hand", [])), read_ranks(action.get("mystery", []))
        in_hand, in_mystery = state.hand_count[seat], sum(state.mystery[seat])
        if len(hand) != in_hand or len(mystery) != in_mystery:
            # SW-C4, SW-C5: not overridable: the counts are exact and picked-up cards are known to be in the
            # hand; a declaration that differs names cards that are not there.
            raise Refusal(
                "SW-C4",
                "You hold {hand} and {mystery}; you entered {hand_entered} and {mystery_entered}.",
                overridable=False,
                hand=counted("{n} card in hand", "{n} cards in hand", in_hand),
                mystery=counted("{n} mystery card", "{n} mystery cards", in_mystery),
                hand_entered=len(hand),
                mystery_entered=len(mystery),
            )
        missing = Counter(state.known[seat]) - Counter(hand)
        if missing:
            rank, n = next(iter(missing.items()))
            raise Refusal(
                "SW-C5",
                counted(
                    "You picked up {n} {ranks} this hand: your declaration must include it.",
                    "You picked up {n} {ranks} this hand: your declaration must include them.",
                    n,
                    ranks=name_of_rank(rank, n),
                ),
                overridable=False,
            )
        check_copies(state, Counter(hand) - Counter(state.known[seat]) + Counter(mystery), rule="SW-C6")

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = known(read_int(action["seat"]))
        hand, mystery = read_ranks(action.get("hand", [])), read_ranks(action.get("mystery", []))
        see(state, Counter(hand) - Counter(state.known[seat]) + Counter(mystery))
        up = [r for r in state.up[seat] if r is not None]
        state.declared[str(seat)] = {"hand": hand, "mystery": mystery, "penalty": penalty(state, hand + up + mystery)}
        if len(state.declared) == state.seat_count - 1:
            score_hand(state)

    def settled(self, before: State, after: State) -> list[Text]:
        """The last declaration scores the hand (section 5.4): each player's penalty, for the history."""
        hands = len(after.scores[0])
        if hands == len(before.scores[0]):
            return []
        return [
            Text(
                "Penalty points this hand: {scores}",
                scores=", ".join(f"{name} {after.scores[seat][-1]}" for seat, name in enumerate(after.players)),
            )
        ]

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        hand, mystery = read_ranks(action.get("hand", [])), read_ranks(action.get("mystery", []))
        hand_text, mystery_text = " ".join(hand), " ".join(mystery)
        if hand and mystery:
            return Text(
                "{name} declared hand {hand} · mystery {mystery}", name=who, hand=hand_text, mystery=mystery_text
            )
        if hand:
            return Text("{name} declared hand {hand}", name=who, hand=hand_text)
        if mystery:
            return Text("{name} declared hand empty · mystery {mystery}", name=who, mystery=mystery_text)
        return Text("{name} declared hand empty", name=who)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """Two statements per seat still to declare: its known ranks plus unseen ranks."""
        if state.phase != DECLARE:
            return []
        return [
            entry
            for seat in range(state.seat_count)
            if still_to_declare(state, seat)
            for entry in self.statements(state, seat)
        ]

    def statements(self, state: State, seat: int) -> list[dict[str, Any]]:
        hidden, mystery = state.hand_count[seat] - len(state.known[seat]), sum(state.mystery[seat])
        entries = []
        for start in (seat * 5 + state.hand_no, seat * 5 + state.hand_no + 7):
            fresh = pick_ranks(state, hidden + mystery, start)
            entries.append(
                {"type": self.type, "seat": seat, "hand": state.known[seat] + fresh[:hidden], "mystery": fresh[hidden:]}
            )
        return entries
