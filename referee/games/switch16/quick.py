"""Quick entry (house rule ``entry_mode = quick``, issue 27): a table that trusts its dice enters
what each turn did to the deck, not the dice. The physical game unit already shows the roll; what
the app cannot see is where each deck stands, so a turn is one entry: the last card discarded
(``turn_result``), or a swap, or nothing; a failed risk roll and a block face taken are added to
it. In the points game the table enters only each round's result: every player the highest card
of their pile once someone has discarded card 16 (``round_result``).

The rules these entries follow (S16-Q1 to S16-Q3) are those of section 4 read for a turn as a
whole: a turn ends on a card of the deck, a failed risk roll needs a card discarded before it, a
deck blocked when its turn began discards nothing unless the turn rolled block (a chip placed during
the turn landed after its cards), and one player per round discards
card 16. What quick entry cannot check (the dice) is the table's, as at a table without the app.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..base import By, Refusal, Text, read_int, unreadable
from .dice import dice_count
from .moves import Action, SwitchMove, TurnMove, check_entries, game_running, seat_named, turn_seat
from .scoring import card_16_gone
from .state import LAST_CARD, State
from .turns import end_turn, penalty_top, swap

YES = (True, "yes", "on", "true", "1", 1)


def read_flag(action: Action, name: str) -> bool:
    return action.get(name) in YES


def active_seat(state: State) -> int:
    """The seat whose turn it is: a turn entry is due only during a turn (``TurnMove.due``)."""
    assert state.active is not None, "a turn entry's checks ran outside a turn"
    return state.active


def entry_seat(action: Action) -> int:
    """The seat a round result is for, as its gate read it."""
    seat = read_int(action["seat"])
    assert seat is not None, "a round result's gate reads its seat"
    return seat


class TurnResult(TurnMove):
    """``turn_result(card?, switch_with?, missed?, took_chip?)``: the active player's whole turn."""

    type = "turn_result"
    entries = "turns"
    restated_by = frozenset(
        {
            "{name} stopped at card {card}.",
            "{name}'s turn ended with a switch.",
            "{name}'s turn ended: the roll made no card.",
        }
    )  # History shows the note instead
    turn_rule: ClassVar[str] = "S16-R2"

    def read(self, state: State, action: Action, by: By) -> None:
        if action.get("card") not in (None, "") and read_int(action.get("card")) is None:
            raise unreadable("Say the last card discarded, as a number.")
        if action.get("switch_with") not in (None, "", "none"):
            seat_named(state, action.get("switch_with"), "switch")

    def legal(self, state: State, action: Action, by: By) -> None:
        seat, card, partner = active_seat(state), last_card(action), switch_partner(action)
        top = state.top_of(seat)
        if card is not None:
            if not top <= card <= LAST_CARD:
                raise Refusal(
                    "S16-Q2",
                    "{name}'s top card is {top}: the turn ends on a card from {top} to 16.",
                    name=state.players[seat],
                    top=top,
                )
            if state.blocked(seat) and state.blocked_at_start and not read_flag(action, "took_chip"):
                # S16-R10, read for a whole turn (open question Q3 of the rules): blocked before the
                # turn, a deck discards only after a block face. A chip placed during the turn (the
                # leaflet's moment to block) landed after these cards, and ended the turn (S16-R15).
                raise Refusal(
                    "S16-R10",
                    "{name}'s deck was blocked when the turn began: it discards only after rolling the block face.",
                    name=state.players[seat],
                )
        if partner == seat:
            raise Refusal("S16-R6", "Choose another player, or none.")
        if card is not None and chip_ended_the_turn(state, seat, action):
            if read_flag(action, "missed") or partner is not None:
                # S16-R15's effect (example S16-E19), read for a whole turn: a chip laid on this
                # deck during the turn, with no block face rolled, landed after the cards and ended
                # the turn without a penalty. The dice entry refuses a roll after it (S16-C4).
                raise Refusal(
                    "S16-Q2",
                    "The block chip landed on {name}'s deck during the turn, after its cards, and ended "
                    "it without a penalty: no risk roll followed. Enter only the last card discarded.",
                    name=state.players[seat],
                )
        if read_flag(action, "missed"):
            if card is None:
                raise Refusal("S16-R3", "You can roll again only after discarding from your last roll.")
            if partner is not None:
                raise Refusal("S16-Q2", "A switch ends the turn without a penalty: a turn cannot end with both.")
        if card == LAST_CARD and (partner is not None or read_flag(action, "missed")):
            raise Refusal("S16-Q2", "Discarding card 16 ends the turn at once.")

    def effect(self, state: State, action: Action) -> None:
        """The turn as it went: the chip taken, the cards discarded, then a miss or a swap."""
        seat, card, partner = active_seat(state), last_card(action), switch_partner(action)
        deck = state.control[seat]
        state.ended, state.last = None, None
        state.rolls += 1
        if read_flag(action, "took_chip"):
            state.chip, state.chip_at = "hand", seat
        if card is not None:
            state.tops[deck] = card + 1
            if card == LAST_CARD:
                card_16_gone(state, seat)
                return
        if read_flag(action, "missed"):
            top = state.tops[deck]
            state.tops[deck] = min(
                top, penalty_top(state.options["risk_penalty"], top, dice_count(state, top), state.start_top)
            )
        if partner is not None:
            swap(state, seat, partner)
        end_turn(state, turn_sentence(state, seat, card, partner, read_flag(action, "missed")))

    def describe(self, state: State, action: Action, who: str) -> Text:
        name = state.players[state.active] if state.active is not None else "?"
        card, partner = last_card(action), switch_partner(action)
        other = state.players[partner] if partner is not None and 0 <= partner < state.seat_count else None
        if card is None:
            if other is not None:
                return Text("{name}'s turn: a switch with {other}", name=name, other=other)
            return Text("{name}'s turn: no card", name=name)
        if read_flag(action, "missed"):
            return Text("{name}'s turn: to card {card}, then a risk roll missed", name=name, card=card)
        if other is not None:
            return Text("{name}'s turn: to card {card}, then a switch with {other}", name=name, card=card, other=other)
        return Text("{name}'s turn: to card {card}", name=name, card=card)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """Nothing, the block face alone, each card the deck may end on (with a miss after it), each swap."""
        seat = state.active
        if seat is None:
            return []
        top = state.top_of(seat)
        entries: list[dict[str, Any]] = [{}, {"took_chip": "yes"}]
        for card in sorted({top, min(top + 3, LAST_CARD), LAST_CARD}):
            entries += [{"card": card}, {"card": card, "missed": "yes"}, {"card": card, "took_chip": "yes"}]
        entries += [{"switch_with": other} for other in range(state.seat_count) if other != seat]
        return [{"type": self.type, "seat": seat, **entry} for entry in entries]


def chip_ended_the_turn(state: State, seat: int, action: Action) -> bool:
    """The chip was laid on ``seat``'s deck since the turn began and the turn rolled no block
    face: it landed after the turn's cards (a blocked deck discards nothing before a block face)
    and ended the turn there."""
    return state.blocked(seat) and not state.blocked_at_start and not read_flag(action, "took_chip")


def last_card(action: Action) -> int | None:
    card = action.get("card")
    return None if card in (None, "") else read_int(card)


def switch_partner(action: Action) -> int | None:
    partner = action.get("switch_with")
    return None if partner in (None, "", "none") else read_int(partner)


def turn_sentence(state: State, seat: int, card: int | None, partner: int | None, missed: bool) -> Text:
    """Why the turn ended, as the table says it (S16-C4 repeats it to a late entry)."""
    name = state.players[seat]
    if missed:
        return Text("{name}'s risk roll missed: the deck goes back to {top}.", name=name, top=state.top_of(seat))
    if partner is not None:
        return Text("{name}'s turn ended with a switch.", name=name)
    if card is None:
        return Text("{name}'s turn ended: the roll made no card.", name=name)
    return Text("{name} stopped at card {card}.", name=name, card=card)


class RoundResult(SwitchMove):
    """``round_result(seat, card)``: quick entry in the points game. Each player enters the highest
    card of their pile (16: they discarded card 16), once per round, in any order; the last entry
    scores the round as section 5.4 does."""

    type = "round_result"
    entries = "rounds"
    any_order = True

    def gate(self, state: State, seat: Any, by: By) -> int:
        """S16-C5: a player's own card, or any player's from the host."""
        game_running(state)
        return turn_seat(state, seat, by)

    def due(self, state: State, seat: int | None) -> None:
        check_entries(state, self.entries)
        if seat is not None and round_cards(state)[seat] is not None:
            raise Refusal(
                "S16-Q3", "{name} has entered this round's card already.", overridable=False, name=state.players[seat]
            )

    def read(self, state: State, action: Action, by: By) -> None:
        if action.get("seat") is None:
            raise unreadable("Say whose card this is.")
        card = read_int(action.get("card"))
        if card is None or not 0 <= card <= LAST_CARD:
            raise Refusal("S16-Q3", "The highest card of a pile is 0 (no card) to 16.", overridable=False)

    def legal(self, state: State, action: Action, by: By) -> None:
        self.acting_seat(state, action, by)  # refuses an entry for another phone's seat
        card, cards = read_int(action["card"]), round_cards(state)
        finished = [s for s, c in enumerate(cards) if c == LAST_CARD]
        if card == LAST_CARD and finished:
            raise Refusal("S16-Q3", "{name} discarded card 16 this round already.", name=state.players[finished[0]])
        last = sum(c is None for c in cards) == 1
        if last and card != LAST_CARD and not finished:
            raise Refusal("S16-Q3", "Nobody discarded card 16: the round is not over yet.")

    def effect(self, state: State, action: Action) -> None:
        seat = entry_seat(action)
        cards = round_cards(state)
        cards[seat] = read_int(action["card"])
        state.round_cards = cards
        entered = [card for card in cards if card is not None]
        if len(entered) < len(cards):
            return
        for other, card in enumerate(entered):  # each deck as its pile says; then section 5.4 scores it
            state.tops[state.control[other]] = card + 1
        state.round_cards = []
        card_16_gone(state, cards.index(LAST_CARD))

    def describe(self, state: State, action: Action, who: str) -> Text:
        seat = read_int(action.get("seat"))
        name = state.players[seat] if seat is not None and 0 <= seat < state.seat_count else "?"
        card = read_int(action.get("card"))
        if card == LAST_CARD:
            return Text("{name} discarded card 16", name=name)
        return Text("{name}'s highest card: {card}", name=name, card=card if card is not None else "?")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [
            {"type": self.type, "seat": seat, "card": card}
            for seat in range(state.seat_count)
            for card in (0, 5, LAST_CARD)
        ]


def round_cards(state: State) -> list[int | None]:
    """Each player's entered card this round (None: not yet)."""
    return list(state.round_cards) or [None] * state.seat_count
