"""Schwimmen showdown: hand values, the order of hands and who loses lives (sections 5.3-5.5).

Pure functions over revealed hands; ``showdown.py`` decides when they apply.
"""

from __future__ import annotations

from typing import Any

from dataclasses import dataclass, field

from ..base import Text, known
from ..cards import Card

FIRE = 32.0
TRIPLE = 30.5
SUIT_ORDER = "DHSC"  # low to high: C > S > H > D

# Why a life is lost (section 5.5), shown with each hand after the showdown.
FIRE_ON_THE_TABLE = Text("fire on the table")
THIRTY_ONE_HITS_ALL = Text("31 hits everyone")
TWENTY_OR_LESS = Text("20 or less")
LOWEST_HAND = Text("lowest hand")
CLOSED_ALONE_LOWEST = Text("closed and alone lowest")
CLOSED_NOT_HIGHEST = Text("closed without the highest hand")


def card_value(card: Card) -> int:
    if card.rank == 14:
        return 11
    return min(card.rank, 10)


@dataclass(frozen=True)
class Hand:
    """A hand at the showdown: its value, scoring suit (or triple rank) and, for the suit
    tie-break, the ranks of its scoring suit from the highest down."""

    seat: int
    value: float
    suit: str | None = None
    triple: int | None = None
    suit_ranks: tuple[int, ...] = field(default=())


def hand_of(seat: int, cards: list[Card], three_of_a_kind: str) -> Hand:
    """Section 5.3: triples, fire, or the best single-suit sum (ties: C > S > H > D). A hand is
    three cards (SC-C5); anything else is a ValueError, never a value."""
    if len(cards) != 3:
        raise ValueError("a hand is three cards")
    ranks = {c.rank for c in cards}
    if len(ranks) == 1 and three_of_a_kind != "off":
        rank = cards[0].rank
        if rank == 14 and three_of_a_kind == "fire":
            return Hand(seat, FIRE, triple=rank)
        return Hand(seat, TRIPLE, triple=rank)
    best = None
    for suit in "CSHD":
        in_suit = [c for c in cards if c.suit == suit]
        if not in_suit:
            continue
        total = sum(card_value(c) for c in in_suit)
        if best is None or total > best[0]:
            best = (total, suit, tuple(sorted((c.rank for c in in_suit), reverse=True)))
    value, suit, suit_ranks = known(best)
    return Hand(seat, value, suit=suit, suit_ranks=suit_ranks)


def declared_hand(seat: int, value: float, suit: str | None, triple: int | None) -> Hand:
    """A score-only entry: the value with its scoring suit or triple rank, no cards."""
    return Hand(seat, value, suit=suit, triple=triple)


def triple_ranks(piquet: bool, three_of_a_kind: str) -> set[int]:
    """The ranks whose three of a kind is worth 30.5 with this deck and options (5.3)."""
    if three_of_a_kind == "off":
        return set()
    ranks = set(range(7 if piquet else 2, 15))
    return ranks - {14} if three_of_a_kind == "fire" else ranks


def possible_values(piquet: bool, three_of_a_kind: str) -> set[float]:
    """The values a hand can have with this deck and options (SC-C6, section 5.3)."""
    if piquet:  # a lone card 7-11, two of a suit 15-21, three 24-31
        whole = set(range(7, 12)) | set(range(15, 22)) | set(range(24, 32))
    else:
        whole = set(range(2, 32))
    values = {float(v) for v in whole}
    if three_of_a_kind != "off":
        values.discard(7.0 if piquet else 2.0)  # only three of the lowest rank made it; now 30.5
        values.add(TRIPLE)
        if three_of_a_kind == "fire":
            values.add(FIRE)
    return values


def beats(p: Hand, q: Hand, closer: int | None, options: dict[str, Any]) -> bool:
    """Section 5.4: does hand p beat hand q?

    Equal values: a tie with the closer goes to the closer (``closer_rule``) or against the closer
    (house rule ``closer_ties = closer_loses``); two triples are settled by their rank under every
    tie rule ("bei Gleichstand zählt das höhere Blatt"); other ties follow ``tie_rule``."""
    if p.value != q.value:
        return p.value > q.value
    if closer in (p.seat, q.seat):
        if options["closer_ties"] == "closer_loses":
            return q.seat == closer
        if options["closer_rule"] == "on":
            return p.seat == closer
    if p.triple is not None and q.triple is not None:
        return p.triple > q.triple
    if options["tie_rule"] != "suit":
        return False
    if p.triple is not None or q.triple is not None:
        return (p.triple or 0) > (q.triple or 0)
    if p.suit != q.suit:
        return SUIT_ORDER.index(p.suit or "D") > SUIT_ORDER.index(q.suit or "D")
    return p.suit_ranks > q.suit_ranks


def best(hands: list[Hand], closer: int | None, options: dict[str, Any]) -> list[Hand]:
    return [p for p in hands if not any(beats(q, p, closer, options) for q in hands if q is not p)]


def worst(hands: list[Hand], closer: int | None, options: dict[str, Any]) -> list[Hand]:
    return [p for p in hands if not any(beats(p, q, closer, options) for q in hands if q is not p)]


def losses(hands: list[Hand], closer: int | None, options: dict[str, Any]) -> dict[int, list[Text]]:
    """Section 5.5: seat -> one reason per life lost."""
    lost: dict[int, list[Text]] = {h.seat: [] for h in hands}
    top_value = max(h.value for h in hands)
    if options["fire_effect"] == "others_lose_one" and top_value == FIRE:
        return _lose(lost, [h for h in hands if h.value != FIRE], FIRE_ON_THE_TABLE)
    if options["thirty_one_effect"] == "hits_all" and top_value >= 31:
        winners = {h.seat for h in best(hands, closer, options)}
        return _lose(
            lost, [h for h in hands if h.seat not in winners], THIRTY_ONE_HITS_ALL, 2 if top_value == FIRE else 1
        )
    if options["minimum_score"] == "on":
        low = [h for h in hands if h.value <= 20]
        winners = {h.seat for h in best(hands, closer, options)}
        rest = [h for h in hands if h not in low and h.seat not in winners]
        _lose(lost, low, TWENTY_OR_LESS)
        _lose(lost, worst(rest, closer, options) if rest else [], LOWEST_HAND)
    else:
        _lose(lost, worst(hands, closer, options), LOWEST_HAND)
    if options["closer_rule"] == "on" and closer is not None:
        mine = next((h for h in hands if h.seat == closer), None)
        if mine and all(mine.value < h.value for h in hands if h.seat != closer):
            lost[closer].append(CLOSED_ALONE_LOWEST)
    if (
        options.get("closer_not_highest") == "loses_a_life"
        and closer in lost
        and not lost[closer]
        and closer not in {h.seat for h in best(hands, closer, options)}
    ):
        lost[closer].append(CLOSED_NOT_HIGHEST)
    return lost


def _lose(lost: dict[int, list[Text]], hands: list[Hand], why: Text, lives: int = 1) -> dict[int, list[Text]]:
    for h in hands:
        lost[h.seat] += [why] * lives
    return lost
