"""The showdown's entries (SC-R14, SC-C6): each active player reveals three cards, or in
``score_only`` mode the hand's value with its scoring suit or triple rank. Reveals stay hidden
until every active player has revealed (see ``view.py``)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, known, read_int
from ..cards import RANK_NAMES, SUITS, labels, normalise
from . import scoring
from .ledger import check_keeps_known, check_leaving_hand, hand_value, ledger, points, read_cards, suit_name
from .samples import deck_order
from .showdown import score_if_revealed
from .state import SHOWDOWN, State
from .turns import SchwimmenMove, entering_seat, not_over
from .verdict import verdict

RANK_WORDS = {"A": 14, "K": 13, "Q": 12, "J": 11}


def declared_value(raw: Any) -> float | None:
    """A value typed at the showdown: a finite number (a form sends it as text), else None."""
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        return None
    try:
        value = float(raw)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def triple_rank(raw: Any) -> int | None:
    text = normalise(str(raw or ""))
    if text in RANK_WORDS:
        return RANK_WORDS[text]
    number = read_int(text)
    return number if number is not None and 2 <= number <= 10 else None


def check_cards_for_tie(state: State, seat: int, action: Mapping[str, Any]) -> None:
    """SC-C6: after a same-suit tie the cards must make the value and suit declared."""
    cards = read_cards(state, action.get("cards"), 3)
    check_leaving_hand(state, seat, cards)
    check_keeps_known(state, seat, cards)
    declared = state.reveals[str(seat)]
    hand = hand_value(state, seat, cards)
    if (hand.value, hand.suit) != (declared["value"], declared["suit"]):
        # SC-C6 (cards against the value declared) stays overridable: the cards, checked above, are real.
        raise Refusal(
            "SC-C6",
            "{cards} is worth {value} in {suit}, not the {declared} in {declared_suit} entered.",
            cards=labels(cards),
            value=points(hand.value),
            suit=suit_name(hand.suit),
            declared=points(declared["value"]),
            declared_suit=suit_name(declared["suit"]),
        )


def check_declared_value(state: State, action: Mapping[str, Any]) -> None:
    """SC-C6: a score-only entry names a value the deck can make, with its suit or triple rank."""
    value = declared_value(action.get("value"))
    if value is None:
        raise Refusal("SC-C6", "Enter the hand's value, e.g. 27 or 30.5.", overridable=False)
    if value not in scoring.possible_values(state.piquet, state.options["three_of_a_kind"]):
        # SC-C6: not overridable here: no three cards of this deck make this value.
        if state.piquet:
            raise Refusal(
                "SC-C6", "{value} cannot be scored with a piquet deck.", overridable=False, value=points(value)
            )
        raise Refusal("SC-C6", "{value} cannot be scored with this deck.", overridable=False, value=points(value))
    if value == scoring.TRIPLE:
        check_triple_rank(state, triple_rank(action.get("triple")))
    elif value == scoring.FIRE and action.get("triple") not in (None, ""):
        if triple_rank(action.get("triple")) != 14:  # SC-C6, not overridable: no such hand exists
            raise Refusal("SC-C6", "Only three aces make 32 (fire).", overridable=False)
    elif normalise(str(action.get("suit") or "")) not in tuple(SUITS):
        raise Refusal("SC-C6", "Name the scoring suit: S, H, D or C.", overridable=False)


def check_triple_rank(state: State, rank: int | None) -> None:
    """SC-C6: 30.5 names the rank of a three of a kind that is worth 30.5 here (5.3): one of the
    deck's ranks, and not the aces when three aces are fire. Not overridable: no such hand exists."""
    if rank is None:
        raise Refusal("SC-C6", "Three of a kind: name the rank (e.g. K).", overridable=False)
    if rank in scoring.triple_ranks(state.piquet, state.options["three_of_a_kind"]):
        return
    if rank == 14:
        raise Refusal("SC-C6", "Three aces are fire here: enter 32.", overridable=False)
    raise Refusal(
        "SC-C6",
        "Three {rank}s cannot be scored with a piquet deck.",
        overridable=False,
        rank=RANK_NAMES.get(rank, rank),
    )


class Reveal(SchwimmenMove):
    type = "reveal"
    secret = True

    def acting_seat(self, state: State, action: Mapping[str, Any], by: By) -> int:
        return entering_seat(state, action.get("seat"), by, None)

    def ready(self, state: State, seat: int | None, by: By) -> None:
        not_over(state)
        seat = entering_seat(state, seat, by, None)
        if state.phase != SHOWDOWN:
            raise Refusal("SC-R2", "Hands are revealed at the showdown.", overridable=False)
        if str(seat) in state.reveals and seat not in state.cards_asked:
            raise Refusal("SC-R14", "{name} has already revealed.", overridable=False, name=state.players[seat])

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat = self.acting_seat(state, action, by)
        if seat in state.cards_asked:
            check_cards_for_tie(state, seat, action)
        elif state.options["reveal_mode"] == "score_only":
            check_declared_value(state, action)
        else:
            cards = read_cards(state, action.get("cards"), 3)
            check_leaving_hand(state, seat, cards)
            check_keeps_known(state, seat, cards)

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = action["seat"]
        if seat in state.cards_asked:
            state.reveals[str(seat)]["cards"] = read_cards(state, action["cards"])
            state.cards_asked.remove(seat)
        elif state.options["reveal_mode"] == "score_only":
            value = declared_value(action["value"])
            triple = 14 if value == scoring.FIRE else triple_rank(action.get("triple"))  # fire: three aces
            state.reveals[str(seat)] = {
                "value": value,
                "suit": normalise(str(action.get("suit") or "")) or None,
                "triple": triple,
            }
        else:
            state.reveals[str(seat)] = {"cards": read_cards(state, action["cards"])}
        score_if_revealed(state)

    def reveals(self, before: State, after: State) -> str | None:
        """The reveal that completes the showdown shows every hand (scored, or a tie in one suit
        named to the table): undone, a reveal could be entered again knowing the others' (section 3)."""
        all_in = after.phase != SHOWDOWN or bool(after.cards_asked and not before.cards_asked) or bool(after.clash)
        return "SC-R14" if before.phase == SHOWDOWN and all_in else None

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        """A reveal says only that it was made."""
        return Text("{who} revealed", who=who)

    def shows_secrets(self, before: State, after: State) -> bool:
        """The showdown is scored, or held by a card entered in two hands: every hand is on the
        table (see ``view.py``)."""
        return (after.result is not None and after.result != before.result) or bool(after.clash and not before.clash)

    def settled(self, before: State, after: State) -> list[Text]:
        """A scored showdown: who lost lives and why, who swims now, who is out (sections 5.5, 5.6)."""
        result = after.result
        if result is None or result == before.result:  # not scored by this entry (a clash holds it)
            return []
        players = after.players
        return [
            *verdict(result, players, after.options),
            *(Text("{name} is now swimming.", name=players[seat]) for seat in result["swimming"]),
            *(Text("{name} is out.", name=players[seat]) for seat in result["eliminated"]),
        ]

    def shown(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        if action.get("cards"):
            return Text("{who} revealed {cards}", who=who, cards=labels(read_cards(state, action["cards"])))
        value, suit = value_and_suit(action)
        if suit is None:
            return Text("{who} revealed {value} (three of a kind)", who=who, value=value)
        return Text("{who} revealed {value} in {suit}", who=who, value=value, suit=suit)

    def changed(self, state: State, old: Mapping[str, Any], new: Mapping[str, Any], who: str) -> Text | None:
        """A shown hand corrected: the cards before and after ("Ann 10♥ J♥ 7♦ → Q♦ J♦ 7♣"), or,
        score-only, the values ("Ann 21 in hearts → 30.5 (three of a kind)"); None when one
        names cards and the other a value (the correction then quotes both lines)."""
        if old.get("cards") and new.get("cards"):
            before, after = read_cards(state, old["cards"]), read_cards(state, new["cards"])
            return Text("{who} {old} → {new}", who=who, old=labels(before), new=labels(in_places_of(before, after)))
        if old.get("cards") or new.get("cards"):
            return None
        return Text("{who} {old} → {new}", who=who, old=score_words(old), new=score_words(new))

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """Each hand the unseen cards were shared out to (section 3)."""
        if state.phase != SHOWDOWN:
            return []
        hands = showdown_hands(state)
        entries = []
        for seat in state.active():
            if seat in state.cards_asked:
                declared = state.reveals[str(seat)]
                entries += [
                    {"type": self.type, "seat": seat, "cards": cards}
                    for cards in hands[seat]
                    if scored_as(state, seat, cards) == (declared["value"], declared["suit"])
                ][:1]
            elif str(seat) in state.reveals:
                continue
            elif state.options["reveal_mode"] == "score_only":
                entries += [score_only(state, seat, cards) for cards in hands[seat]]
            else:
                entries += [{"type": self.type, "seat": seat, "cards": cards} for cards in hands[seat]]
        return entries


def value_and_suit(action: Mapping[str, Any]) -> tuple[Any, Any]:
    """A score-only reveal's value and its suit's name (None: three of a kind, which has none)."""
    value = points(known(declared_value(action.get("value"))))
    if action.get("triple") not in (None, ""):
        return value, None
    return value, suit_name(normalise(str(action.get("suit") or "")))


def score_words(action: Mapping[str, Any]) -> Text:
    """A score-only reveal's value as the table says it: "25 in spades", "30.5 (three of a kind)"."""
    value, suit = value_and_suit(action)
    if suit is None:
        return Text("{value} (three of a kind)", value=value)
    return Text("{value} in {suit}", value=value, suit=suit)


def in_places_of(before: list[str], after: list[str]) -> list[str]:
    """``after`` with each card it kept where it was in ``before`` and each new card in the place
    of one it replaced, so that a correction reads card by card: J♣ 10♦ 7♦ → 9♦ 10♦ 7♦."""
    new = [card for card in after if card not in before]
    placed = [card if card in after else new.pop(0) if new else None for card in before]
    return [card for card in placed if card is not None] + new


def showdown_hands(state: State) -> dict[int, list[list[str]]]:
    """Seat -> two hands it may reveal: its known cards and unseen cards no other seat's hands
    use. Cards already revealed are taken out first (in score-only mode only the shower's, so
    that a player asked for the cards behind a value finds the same hands)."""
    revealed = (
        state.reveals.items()
        if state.options["reveal_mode"] == "cards"
        else [(seat, entry) for seat, entry in state.reveals.items() if seat == str(state.shower)]
    )
    used = {card for _, entry in revealed for card in entry.get("cards", [])}
    # Known hand cards stay placed once revealed: otherwise a player asked for the cards behind
    # a score would move them back into the pool and shift every later seat's sample hands.
    placed = {card for card, place in ledger(state).items() if not place.startswith("shown:")}
    placed.update(card for cards in state.known for card in cards)
    pool = [card for card in deck_order(state) if card not in placed and card not in used]
    open_seats = [seat for seat in state.active() if str(seat) not in dict(revealed)]
    fills, front = {}, 0
    for seat in open_seats:
        need = 3 - len(state.known[seat])
        fills[seat], front = pool[front : front + need], front + need
    spare = pool[front:]
    hands = {}
    for i, seat in enumerate(open_seats):
        hand = state.known[seat] + fills[seat]
        other = hand[:-1] + spare[i : i + 1] if fills[seat] and i < len(spare) else None
        hands[seat] = [hand] + ([other] if other else [])
    return hands


def scored_as(state: State, seat: int, cards: list[str]) -> tuple[float, str | None]:
    hand = hand_value(state, seat, cards)
    return hand.value, hand.suit


def score_only(state: State, seat: int, cards: list[str]) -> dict[str, Any]:
    """A score-only reveal of ``cards``: the value with its scoring suit, or the triple's rank."""
    hand = hand_value(state, seat, cards)
    if hand.triple is not None:
        return {"type": "reveal", "seat": seat, "value": hand.value, "triple": RANK_NAMES.get(hand.triple, hand.triple)}
    return {"type": "reveal", "seat": seat, "value": hand.value, "suit": hand.suit}
