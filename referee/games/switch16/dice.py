"""Dice arithmetic (section 4): how many number dice a top card asks for, the sums they make,
and how many cards in a row a roll lets a deck discard."""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement

from .state import DIE_VALUES, LAST_CARD, State


def dice_count(state: State, top: int) -> int:
    if top < int(state.options["four_dice_from"]):
        return 3
    return 4 if top < int(state.options["five_dice_from"]) else 5


def dice_words(dice: list[int]) -> str:
    """A roll as every sentence writes it, however it was entered (tapped, typed "124"): "1, 2, 4"."""
    return ", ".join(str(d) for d in dice)


def ways(dice: list[int]) -> dict[int, tuple[int, ...]]:
    """Each sum some non-empty subset of the dice makes, with the fewest dice that make it."""
    found: dict[int, tuple[int, ...]] = {}
    for size in range(1, len(dice) + 1):
        for subset in combinations(sorted(dice, reverse=True), size):
            found.setdefault(sum(subset), subset)
    return found


def allowance(top: int, dice: list[int], blocked: bool) -> int:
    """How many cards top, top+1, ... the dice make in a row (0 on a blocked deck)."""
    if blocked:
        return 0
    sums = ways(dice)
    count = 0
    while top + count <= LAST_CARD and top + count in sums:
        count += 1
    return count


@cache
def sample_dice(top: int, count: int) -> tuple[tuple[int, ...], tuple[int, ...] | None, tuple[int, ...] | None]:
    """Dice for a deck at ``top``: those that make the most cards, those that make exactly one
    and those that make none (None where no roll does)."""
    rolls = list(combinations_with_replacement(DIE_VALUES, count))
    made = {dice: allowance(top, list(dice), False) for dice in rolls}
    best = max(rolls, key=lambda dice: made[dice])
    single = next((dice for dice in rolls if made[dice] == 1), None)
    miss = next((dice for dice in rolls if made[dice] == 0), None)
    return best, single, miss
