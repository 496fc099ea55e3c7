"""Starting a round: who deals first, and the dealer's choice to keep or exchange the dealt hand
(SC-R13, section 5.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..base import HOST, By, Refusal, Text, known, not_yours, read_int, unreadable
from .state import DEALER_CHOICE, FIRST_DEALER, LAYOUT, State, deal
from .turns import SchwimmenMove, check_table_entry, not_over


class TableFirst(SchwimmenMove):
    """An entry of the round's start: as ``ready``, but what it names is read before the phase
    (as it always was)."""

    checks: ClassVar[tuple[str, ...]] = ("from_the_table", "rules", "ready_for_the_table")

    def from_the_table(self, state: State, action: Mapping[str, Any], by: By) -> None:
        not_over(state)
        check_table_entry(state, by)

    def ready_for_the_table(self, state: State, action: Mapping[str, Any], by: By) -> None:
        self.ready(state, None, by)


class FirstDealer(TableFirst):
    """Any phone at the table names the first dealer; the entry's ``seat`` is the dealer named."""

    type = "first_dealer"
    for_seat = False

    def ready(self, state: State, seat: None, by: By) -> None:
        not_over(state)
        check_table_entry(state, by)
        if state.phase != FIRST_DEALER:
            raise Refusal("SC-R2", "The first dealer is already named.", overridable=False)

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat = read_int(action.get("seat"))
        if seat is None or not 0 <= seat < state.seat_count:
            raise unreadable("Name the first dealer's seat.")

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        deal(state, known(read_int(action["seat"])))

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{who} deals first", who=who)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        if state.phase != FIRST_DEALER:
            return []
        return [{"type": self.type, "seat": seat} for seat in range(state.seat_count)]


class DealerChoice(TableFirst):
    """With ``dealer_exchange`` on, the dealer keeps or exchanges the dealt hand, once, before the
    first centre or discard card. Only the dealer's seat is offered it; an entry from the host
    is the dealer's, whatever seat it names."""

    type = "dealer_choice"
    restated_by = frozenset(
        {
            "{name} exchanges the dealt hand: lay it as the centre.",
            "{name} exchanges the dealt hand: shuffle it into the stock.",
        }
    )  # the history shows this note in the entry's place

    def ready(self, state: State, seat: int | None, by: By) -> None:
        not_over(state)
        check_table_entry(state, by)
        if state.phase != DEALER_CHOICE:
            raise Refusal(
                "SC-R13", "The dealer's choice comes before the first centre or discard card.", overridable=False
            )
        if by not in (HOST, state.dealer):
            raise not_yours(
                "SC-R13",
                "Only the dealer, {name}, chooses whether to exchange.",
                name=state.players[known(state.dealer)],
            )
        if seat is not None and seat != state.dealer:
            raise Refusal(
                "SC-R13",
                "Only the dealer, {name}, chooses whether to exchange.",
                overridable=False,
                name=state.players[known(state.dealer)],
            )

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        if action.get("choice") not in ("keep", "exchange"):
            raise unreadable("The dealer keeps or exchanges the dealt hand.")

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        """Either way the stock ends 3 cards shorter once the centre is down (section 5.1): an
        exchanged hand is laid as the centre and the dealer takes 3 new cards instead."""
        state.phase = LAYOUT
        if action["choice"] == "exchange":
            name = state.players[known(state.dealer)]
            if state.commerce:
                state.notes.append(Text("{name} exchanges the dealt hand: lay it as the centre.", name=name))
            else:
                state.notes.append(Text("{name} exchanges the dealt hand: shuffle it into the stock.", name=name))

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        if action.get("choice") == "exchange":
            return Text("The dealer exchanges the hand")
        return Text("The dealer keeps the hand")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        if state.phase != DEALER_CHOICE:
            return []
        return [{"type": self.type, "seat": state.dealer, "choice": choice} for choice in ("keep", "exchange")]
