"""Schwimmen showdown: hand values, the order of hands and who loses lives (sections 5.3-5.5).

Pure functions over revealed hands; the engine in ``schwimmen.py`` decides when they apply.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .base import Text
from .cards import Card

FIRE = 32.0
TRIPLE = 30.5
SUIT_ORDER = "DHSC"  # low to high: C > S > H > D

# Why a life is lost (section 5.5), shown with each hand after the showdown.
FIRE_ON_THE_TABLE = Text("fire on the table")
THIRTY_ONE_HITS_ALL = Text("31 hits everyone")
TWENTY_OR_LESS = Text("20 or less")
LOWEST_HAND = Text("lowest hand")
CLOSED_ALONE_LOWEST = Text("closed and alone lowest")


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
    """Section 5.3: triples, fire, or the best single-suit sum (ties: C > S > H > D)."""
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
    return Hand(seat, best[0], suit=best[1], suit_ranks=best[2])


def declared_hand(seat: int, value: float, suit: str | None, triple: int | None) -> Hand:
    """A score-only entry: the value with its scoring suit or triple rank, no cards."""
    return Hand(seat, value, suit=suit, triple=triple)


def possible_values(piquet: bool, three_of_a_kind: str) -> set[float]:
    """The values a hand can have with this deck and options (SC-C6, section 5.3)."""
    if piquet:  # a lone card 7-11, two of a suit 15-21, three 24-31
        values = set(range(7, 12)) | set(range(15, 22)) | set(range(24, 32))
    else:
        values = set(range(2, 32))
    values = {float(v) for v in values}
    if three_of_a_kind != "off":
        values.discard(7.0 if piquet else 2.0)  # only three of the lowest rank made it; now 30.5
        values.add(TRIPLE)
        if three_of_a_kind == "fire":
            values.add(FIRE)
    return values


def beats(p: Hand, q: Hand, closer: int | None, options: dict) -> bool:
    """Section 5.4: does hand p beat hand q?"""
    if p.value != q.value:
        return p.value > q.value
    if options["closer_rule"] == "on" and closer in (p.seat, q.seat):
        return p.seat == closer
    if options["tie_rule"] != "suit":
        return False
    if p.triple is not None or q.triple is not None:
        return (p.triple or 0) > (q.triple or 0)
    if p.suit != q.suit:
        return SUIT_ORDER.index(p.suit or "D") > SUIT_ORDER.index(q.suit or "D")
    return p.suit_ranks > q.suit_ranks


def best(hands: list[Hand], closer, options) -> list[Hand]:
    return [p for p in hands if not any(beats(q, p, closer, options) for q in hands if q is not p)]


def worst(hands: list[Hand], closer, options) -> list[Hand]:
    return [p for p in hands if not any(beats(p, q, closer, options) for q in hands if q is not p)]


def losses(hands: list[Hand], closer: int | None, options: dict) -> dict[int, list[Text]]:
    """Section 5.5: seat -> one reason per life lost."""
    lost: dict[int, list[Text]] = {h.seat: [] for h in hands}
    top_value = max(h.value for h in hands)
    if options["fire_effect"] == "others_lose_one" and top_value == FIRE:
        for h in hands:
            if h.value != FIRE:
                lost[h.seat].append(FIRE_ON_THE_TABLE)
        return lost
    if options["thirty_one_effect"] == "hits_all" and top_value >= 31:
        winners = {h.seat for h in best(hands, closer, options)}
        n = 2 if top_value == FIRE else 1
        for h in hands:
            if h.seat not in winners:
                lost[h.seat] += [THIRTY_ONE_HITS_ALL] * n
        return lost
    if options["minimum_score"] == "on":
        low = [h for h in hands if h.value <= 20]
        for h in low:
            lost[h.seat].append(TWENTY_OR_LESS)
        winners = {h.seat for h in best(hands, closer, options)}
        rest = [h for h in hands if h not in low and h.seat not in winners]
        for h in worst(rest, closer, options) if rest else []:
            lost[h.seat].append(LOWEST_HAND)
    else:
        for h in worst(hands, closer, options):
            lost[h.seat].append(LOWEST_HAND)
    if options["closer_rule"] == "on" and closer is not None:
        mine = next((h for h in hands if h.seat == closer), None)
        if mine and all(mine.value < h.value for h in hands if h.seat != closer):
            lost[closer].append(CLOSED_ALONE_LOWEST)
    return lost
