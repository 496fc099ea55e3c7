"""Swoop ranks: reading them (SW-C7), their order (2.2), how many copies the packs hold (SW-C1)
and how a sentence names them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..base import Refusal, Text, counted, known, read_int
from ..cards import SUITS, normalise
from .state import MAX_COUNT, ORDER, RANKS, SWOOP_CARDS, State


def parse_rank(token: Any) -> str:
    """SW-C7: a rank token; a suit letter after it is ignored (7H is a 7)."""
    text = normalise(str(token)) if isinstance(token, (str, int)) and not isinstance(token, bool) else ""
    if text in RANKS:
        return text
    if len(text) > 1 and text[-1] in SUITS and text[:-1] in RANKS and text[:-1] != "JK":
        return text[:-1]
    raise Refusal(
        "SW-C7", "{token!r} is not a card: use A, 2-9, 10, J, Q, K or JK.", overridable=False, token=str(token)[:12]
    )


def read_ranks(raw: Any) -> list[str]:
    """Ranks as a list, a string ('K 9 9 3') or counts by rank ({'K': 2, '9': 1})."""
    if isinstance(raw, Mapping):
        counts = {parse_rank(rank): read_int(n) for rank, n in raw.items() if str(n).strip() not in ("", "0")}
        if any(n is None or not 0 <= n <= MAX_COUNT for n in counts.values()):
            raise Refusal(
                "SW-C7", "Counts of cards are whole numbers from 0 to {most}.", overridable=False, most=MAX_COUNT
            )
        return [rank for rank in RANKS for _ in range(known(counts.get(rank, 0)))]
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    if not isinstance(raw, list):
        raise Refusal("SW-C7", "List the ranks, for example K 9 9 3.", overridable=False)
    return [parse_rank(token) for token in raw]


def is_higher(rank: str, top: str | None) -> bool:
    """2.2: a play of ``rank`` on ``top`` is higher (10 and joker have no rank)."""
    return top is not None and rank not in SWOOP_CARDS and ORDER[rank] > ORDER[top]


# --------------------------------------------------------------------------- copies


def copies(state: State, rank: str) -> int:
    return 2 * state.packs if rank == "JK" else 4 * state.packs


def unseen(state: State, rank: str) -> int:
    return copies(state, rank) - state.seen.get(rank, 0)


def see(state: State, ranks: Counter[str]) -> None:
    for rank, n in ranks.items():
        state.seen[rank] = state.seen.get(rank, 0) + n


def check_copies(state: State, new: Counter[str], rule: str = "SW-C1") -> None:
    """SW-C1 (SW-C6 for declarations): no rank seen more often than the packs hold."""
    for rank, n in new.items():
        limit = copies(state, rank)
        if state.seen.get(rank, 0) + n > limit:
            # SW-C1 / SW-C6: not overridable: the packs hold ``limit`` of each rank; no ruling adds a copy.
            raise Refusal(
                rule,
                counted(
                    "With {packs} packs there are only {limit} {ranks}, and {n} has already been seen this hand.",
                    "With {packs} packs there are only {limit} {ranks}, and {n} have already been seen this hand.",
                    state.seen.get(rank, 0),
                    packs=state.packs,
                    limit=limit,
                    ranks=name_of_rank(rank, 2),
                ),
                overridable=False,
            )


def pick_ranks(state: State, count: int, start: int, step: int = 1) -> list[str]:
    """``count`` ranks, one after the other from RANKS[start] on, each within its unseen copies
    (candidate entries: cards nobody has seen yet)."""
    left = {rank: unseen(state, rank) for rank in RANKS}
    picked: list[str] = []
    index = start
    while len(picked) < count and any(left.values()):
        rank = RANKS[index % len(RANKS)]
        if left[rank] > 0:
            picked.append(rank)
            left[rank] -= 1
        index += step
    return picked


# --------------------------------------------------------------------------- ranks in sentences

RANK_WORD = {
    "A": Text("ace"),
    "2": Text("two"),
    "3": Text("three"),
    "4": Text("four"),
    "5": Text("five"),
    "6": Text("six"),
    "7": Text("seven"),
    "8": Text("eight"),
    "9": Text("nine"),
    "10": Text("ten"),
    "J": Text("jack"),
    "Q": Text("queen"),
    "K": Text("king"),
    "JK": Text("joker"),
}
RANK_WORDS = {
    "A": Text("aces"),
    "2": Text("twos"),
    "3": Text("threes"),
    "4": Text("fours"),
    "5": Text("fives"),
    "6": Text("sixes"),
    "7": Text("sevens"),
    "8": Text("eights"),
    "9": Text("nines"),
    "10": Text("tens"),
    "J": Text("jacks"),
    "Q": Text("queens"),
    "K": Text("kings"),
    "JK": Text("jokers"),
}
"""Ranks as a sentence says them, one card and several (a word of its own in each language)."""

COUNT_WORDS = {4: Text("Four"), 5: Text("Five"), 6: Text("Six"), 7: Text("Seven")}
"""How many cards a swoop took, at the start of a sentence."""


def name_of_rank(rank: str, n: int) -> Text:
    """'seven', 'sevens', 'sixes': ranks as a sentence says them."""
    return RANK_WORD[rank] if n == 1 else RANK_WORDS[rank]


def rank_label(rank: str) -> str:
    """A card as a history line names it: its rank, or the word for a joker."""
    return RANK_WORD["JK"] if rank == "JK" else rank
