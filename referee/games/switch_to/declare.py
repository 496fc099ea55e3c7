"""Switch To ``declare_hand`` (sections 4.7 and 7): after the round, each hand's cards; when all
are in, the round is scored. With 4 players the fourth hand is what is left (ST-C7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, counted, not_yours, read_seat, signed
from ..cards import labels
from .entries import SwitchToMove
from .notation import check_cards_exist, parse_declaration, round_suits, split_tokens_safe, unseen_cards
from .scoring import score_if_declared
from .state import DECLARE, HAND_SIZE, OVER, RANKS, SETUP, State


class DeclareHand(SwitchToMove):
    type = "declare_hand"
    any_order = True

    def not_theirs(self, name: str) -> Refusal:
        return not_yours("ST-C9", "Only {name} (or the host) can declare {name}'s hand.", name=name)

    def now(self, state: State, seat: int) -> None:
        if state.phase != DECLARE:
            raise Refusal("ST-C8", "Hands are declared when the round has ended.", overridable=False)

    def repeats(self, state: State, action: Mapping[str, Any], by: By) -> bool:
        """The hand on record, declared again by its seat (or the host) after the round was scored:
        the same declaration. The app declares an empty hand itself at the round's end, and a phone
        that declares it too, as section 4.7 asks, is not refused (issue 20)."""
        if state.phase not in (SETUP, OVER):
            return False  # while hands are declared, a declaration is checked as any
        try:
            self.permitted(state, action.get("seat"), by)
            declared = state.players[read_seat(action, state.seat_count)].declared
            cards = [card.code for card in parse_declaration(action.get("cards"))]
        except Refusal:
            return False
        return declared is not None and sorted(cards) == sorted(declared)

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat = read_seat(action, state.seat_count)
        cards = parse_declaration(action.get("cards"))
        check_cards_exist(state, cards)
        player = state.players[seat]
        if len(cards) != player.hand:
            # ST-C5: not overridable: the hand count is exact (8 dealt, every play entered), so a declaration
            # of another size names cards that are not there or leaves out cards that are.
            played = HAND_SIZE - player.hand
            raise Refusal(
                "ST-C5",
                counted(
                    "{name} played {n} card and should hold {hand}, not {given}.",
                    "{name} played {n} cards and should hold {hand}, not {given}.",
                    played,
                    name=player.name,
                    hand=player.hand,
                    given=len(cards),
                ),
                overridable=False,
            )
        for other, someone in enumerate(state.players):
            if other == seat or not someone.declared:
                continue
            for card in cards:
                if card.code in someone.declared:  # ST-C6: not overridable: a card is in one hand only
                    raise Refusal(
                        "ST-C6",
                        "{card} is also in {name}'s declared hand.",
                        overridable=False,
                        card=card.label,
                        name=someone.name,
                    )

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        if state.phase != DECLARE:  # the hand on record again, after the scoring: nothing changes
            return
        cards = parse_declaration(action.get("cards"))
        state.players[action["seat"]].declared = [c.code for c in cards]
        score_if_declared(state)

    def settled(self, before: State, after: State) -> list[Text]:
        """The last hand declared scores the round (section 5.3): each player's score, for the history."""
        rounds = len(after.players[0].scores)
        if rounds == len(before.players[0].scores):
            return []
        return [
            Text(
                "Scores this round: {scores}",
                scores=", ".join(f"{p.name} {signed(p.scores[-1])}" for p in after.players),
            )
        ]

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        cards = split_tokens_safe(action.get("cards"))
        if not cards:
            return Text("{name} declared an empty hand", name=who)
        return Text("{name} declared {cards}", name=who, cards=labels(cards))

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """A hand that passes for each seat: one still to declare gets the first cards nobody has
        played or declared; one that has declared may declare the same again."""
        if state.phase != DECLARE:
            return []
        return [
            {
                "type": self.type,
                "seat": seat,
                "cards": " ".join(p.declared) if p.declared is not None else possible_hand(state, seat),
            }
            for seat, p in enumerate(state.players)
        ]


def cards_taken(state: State) -> set[str]:
    """The cards of the round known to be elsewhere: played, or in a declared hand."""
    taken = set(state.played)
    for player in state.players:
        taken.update(player.declared or [])
    return taken


def possible_hand(state: State, seat: int) -> str:
    """The first cards, in deck order, that no one has played or declared: a hand that passes."""
    taken = cards_taken(state)
    free = [card for card in unseen_cards(state) if card not in taken]
    return " ".join(free[: state.players[seat].hand])


def proposed_hand(state: State) -> tuple[int, list[str]] | None:
    """ST-C7: with 4 players, once three hands are declared, the fourth is what is left."""
    if state.phase != DECLARE or state.seat_count != 4:
        return None
    missing = [s for s, p in enumerate(state.players) if p.declared is None]
    if len(missing) != 1:
        return None
    known = cards_taken(state)
    left = [f"{rank}{suit}" for suit in round_suits(state) for rank in RANKS if f"{rank}{suit}" not in known]
    return missing[0], left
