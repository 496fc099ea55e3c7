"""Was Sticht: cards, trumps, trick winners, following and tasks (sections 5.2-5.4).

Pure functions over card codes (``R5``, ``B9``) and trumps (``("B", "4")``, ``("-", "5")``).
"""

from __future__ import annotations

from collections.abc import Sequence

from typing import Any

from ..base import Refusal, Text, known

COLOURS = "RBGY"
COLOUR_NAMES = {"R": Text("red"), "B": Text("blue"), "G": Text("green"), "Y": Text("yellow")}
COLOUR_TITLES = {"R": Text("Red"), "B": Text("Blue"), "G": Text("Green"), "Y": Text("Yellow")}
"""The colour names that begin a sentence ("Red was led: ...")."""
CARDS = [f"{c}{v}" for c in COLOURS for v in range(1, 10)]
Took = dict[int | None, set[str]]
"""The colours each seat took, by the seat as entered (None: a seat that could not be read)."""
NO = "-"
TRUMP_PAIRS = [(c, v) for c in COLOURS + NO for v in "123456789" + NO]  # the 50 possible draws
CHIP_COPIES = {
    "NONE": 3,
    "NO_R": 1,
    "NO_B": 1,
    "NO_G": 1,
    "NO_Y": 1,
    "EXACT_1": 2,
    "EXACT_2": 2,
    "EXACT_3": 2,
    "EXACT_4": 2,
    "LAST": 3,
    "MOST": 3,
    "FEWEST": 3,
}
CHIP_NAMES = {
    "NONE": Text("no trick"),
    "LAST": Text("the last trick"),
    "MOST": Text("most tricks"),
    "FEWEST": Text("fewest tricks"),
    "NO_R": Text("no red"),
    "NO_B": Text("no blue"),
    "NO_G": Text("no green"),
    "NO_Y": Text("no yellow"),
    "EXACT_1": Text("exactly 1"),
    "EXACT_2": Text("exactly 2"),
    "EXACT_3": Text("exactly 3"),
    "EXACT_4": Text("exactly 4"),
}
"""What each chip type is called at the table (a chip's code, ``NO_R``, is for entries only)."""


def parse_card(text: Any) -> str:
    """WS-X1: a number card R/B/G/Y 1-9, case-insensitive."""
    code = "".join(str(text).split()).upper() if isinstance(text, (str, int)) else ""
    if len(code) == 2 and code[0] in COLOURS and code[1] in "123456789":
        return code
    raise Refusal("WS-X1", "{text!r} is not a Was Sticht card.", overridable=False, text=str(text)[:12])


def parse_trumps(colour: Any, number: Any) -> tuple[str, str]:
    """WS-X1: a colour R/B/G/Y and a number 1-9, each "-" (none) or left out (none); never 0."""
    colour, number = trump_card(colour).upper(), trump_card(number)
    if colour not in COLOURS + NO or number not in "123456789" + NO or len(number) != 1:
        raise Refusal(
            "WS-X1", "{colour}/{number} is not a pair of trump cards.", overridable=False, colour=colour, number=number
        )
    return colour, number


def trump_card(value: Any) -> str:
    """One trump card as entered: left out (or an empty form field) is the card "none"."""
    return NO if value is None or value == "" else str(value)


def is_number_trump(card: str, trumps: Sequence[str]) -> bool:
    return trumps[1] != NO and card[1] == trumps[1]


def is_colour_trump(card: str, trumps: Sequence[str]) -> bool:
    return trumps[0] != NO and card[0] == trumps[0]


def is_trump(card: str, trumps: Sequence[str]) -> bool:
    return is_number_trump(card, trumps) or is_colour_trump(card, trumps)


def group(card: str, trumps: Sequence[str]) -> str:
    """'TRUMP' or the card's colour: every card is in exactly one group."""
    return "TRUMP" if is_trump(card, trumps) else card[0]


def strength(card: str, led: str, trumps: Sequence[str]) -> tuple[int, int]:
    num, col = is_number_trump(card, trumps), is_colour_trump(card, trumps)
    if num and col:
        return (4, 0)
    if num:
        return (3, 0)
    if col:
        return (2, int(card[1]))
    if led != "TRUMP" and card[0] == led:
        return (1, int(card[1]))
    return (0, 0)


def winner_index(cards: list[str], trumps: Sequence[str]) -> int:
    """Section 5.2: the index of the winning card; ties keep the earlier card."""
    led = group(cards[0], trumps)
    best = 0
    for i in range(1, len(cards)):
        if strength(cards[i], led, trumps) > strength(cards[best], led, trumps):
            best = i
    return best


def legal_cards(hand: list[str], lead: str | None, entered: Sequence[str] | None, model: str) -> list[str]:
    """Section 5.3: the cards of ``hand`` that may be played on ``lead``."""
    if lead is None:
        return list(hand)
    trumps = known(entered)
    if model == "dual" and not is_trump(lead, trumps):
        printed = [c for c in hand if c[0] == lead[0]]
        return printed or list(hand)
    led = group(lead, trumps)
    following = [c for c in hand if group(c, trumps) == led]
    if not following:
        return list(hand)
    if model == "free_number_trumps":
        return following + [c for c in hand if is_number_trump(c, trumps) and c not in following]
    return following


def task_met(
    chip: str, seat: int, tricks: dict[int, int], took: Took, last: int | None, fewest_needs_trick: bool
) -> bool:
    """Section 5.4: does ``seat`` meet the task of ``chip`` (tricks per seat, colours taken, trick 9)?"""
    n = tricks[seat]
    others = [t for s, t in tricks.items() if s != seat]
    if chip == "NONE":
        return n == 0
    if chip.startswith("NO_"):
        return n >= 1 and chip[3] not in took.get(seat, set())
    if chip.startswith("EXACT_"):
        return n == int(chip[6])
    if chip == "LAST":
        return last == seat
    if chip == "MOST":
        return all(n > t for t in others)
    if chip == "FEWEST":
        return all(n < t for t in others) and (n >= 1 or not fewest_needs_trick)
    return False
