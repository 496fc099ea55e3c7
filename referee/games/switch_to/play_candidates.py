"""Switch To: the plays worth trying for a seat, from public information only: the singles, sets
and runs of the cards nobody has played yet, with and without one wild (``PlayCards.candidates``
and what ``PlayCards.ready`` offers)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import SUITS
from .notation import Play, beat_marks, unseen_cards
from .state import RANKS, WILD_RANKS, State


@dataclass(frozen=True)
class Candidate:
    """A play worth trying, with what the checks read off it."""

    cards: str  # as entered: "7H 7D W7"
    real: int  # real cards
    wilds: int
    size: int
    low: int  # lowest and highest rank, wilds included
    high: int

    @classmethod
    def of(cls, codes: list[str]) -> Candidate:
        ranks = [int(code[1:]) if code.startswith("W") else int(code[:-1]) for code in codes]
        wilds = sum(code.startswith("W") for code in codes)
        return cls(" ".join(codes), len(codes) - wilds, wilds, len(codes), min(ranks), max(ranks))


def follows(top: Play, compare: str) -> Callable[[Candidate], bool]:
    """Does a candidate beat ``top``: same size with a card above, or one more with a card below."""
    above, below = beat_marks(top, compare)
    return lambda c: (c.size == top.size and c.high > above) or (c.size == top.size + 1 and c.low < below)


def candidate_plays(state: State) -> dict[int, tuple[Candidate, ...]]:
    """The candidate plays of this round's unseen cards, by size."""
    return plays_of(frozenset(unseen_cards(state)))


@functools.lru_cache(maxsize=256)
def plays_of(unseen: frozenset[str]) -> dict[int, tuple[Candidate, ...]]:
    """Every single, set and run of the cards nobody has played yet, and each set and run with
    one wild (public information: any of them may be in the player's hand). Kept for the boards
    of a round that polls the same state again and again."""
    plays = [[card] for card in sorted(unseen)]
    for rank in RANKS:
        same = [f"{rank}{suit}" for suit in SUITS if f"{rank}{suit}" in unseen]
        plays += [same[:n] for n in range(2, len(same) + 1)]
        plays += [same[:n] + [f"W{rank}"] for n in range(1, min(len(same), 3) + 1)]
    for suit in SUITS:
        for low in WILD_RANKS:
            for high in range(low + 1, WILD_RANKS[-1] + 1):
                plays += runs_with_at_most_one_wild(suit, range(low, high + 1), unseen)
    by_size: dict[int, list[Candidate]] = {}
    for codes in plays:
        by_size.setdefault(len(codes), []).append(Candidate.of(codes))
    return {size: tuple(found) for size, found in by_size.items()}


def runs_with_at_most_one_wild(suit: str, ranks: range, unseen: frozenset[str]) -> list[list[str]]:
    """The run of these ranks in this suit from unseen cards, a wild standing in for one that is
    not there (a rank played already, or 1 or 10, which no card has); when all are there, also
    with a wild for the lowest (a hand one card short of the run, with a wild token)."""
    missing = [rank for rank in ranks if f"{rank}{suit}" not in unseen]
    if len(missing) > 1:
        return []
    wild = missing[0] if missing else ranks[0]
    with_wild = [f"W{rank}" if rank == wild else f"{rank}{suit}" for rank in ranks]
    return [with_wild] if missing else [[f"{rank}{suit}" for rank in ranks], with_wild]
