"""French-suited card notation shared by every card game: rank then suit, ``7D``, ``10H``, ``QS``.

Input is accepted case-insensitively and with suit symbols (``7♦``); output is always the
canonical code (``7D``) or, for people, the symbol form (``7♦``).
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple

from .base import Text

SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": Text("spades"), "H": Text("hearts"), "D": Text("diamonds"), "C": Text("clubs")}
RED_SUITS = "HD"
FACE_RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14}
RANK_NAMES = {value: name for name, value in FACE_RANKS.items()}
JOKER = "JK"

_SYMBOL_TO_SUIT = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


class Card(NamedTuple):
    """A French-suited card; the joker has rank 0 and no suit."""

    rank: int
    suit: str

    @property
    def code(self) -> str:
        if self.rank == 0:
            return JOKER
        return f"{RANK_NAMES.get(self.rank, self.rank)}{self.suit}"

    @property
    def label(self) -> str:
        """The card as people read it: ``7♦``."""
        if self.rank == 0:
            return "Joker"
        return f"{RANK_NAMES.get(self.rank, self.rank)}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return self.code


def normalise(text: str) -> str:
    """Upper case, suit symbols turned into letters, spaces removed."""
    text = "".join(text.split()).upper()
    return "".join(_SYMBOL_TO_SUIT.get(ch, ch) for ch in text)


def parse_card(text: str) -> Card:
    """One card from its code; raises ValueError naming the text it could not read."""
    code = normalise(text)
    if code == JOKER:
        return Card(0, "")
    rank, suit = code[:-1], code[-1:]
    if suit not in SUITS or not rank:
        raise ValueError(text)
    if rank in FACE_RANKS:
        return Card(FACE_RANKS[rank], suit)
    if rank.isascii() and rank.isdigit() and 2 <= int(rank) <= 10 and rank == str(int(rank)):
        return Card(int(rank), suit)
    raise ValueError(text)


def split_tokens(cards: Any) -> list[str]:
    """Card tokens from a list of strings or one string separated by spaces or commas.

    Raises ValueError for anything else (numbers, nested lists, objects).
    """
    if isinstance(cards, str):
        return cards.replace(",", " ").split()
    if isinstance(cards, list) and all(isinstance(c, str) for c in cards):
        return [c.strip() for c in cards if c.strip()]
    raise ValueError(repr(cards)[:40])


def labels(codes: Iterable[str]) -> str:
    """Card codes as people read them, space separated."""
    return " ".join(label_of(code) for code in codes)


def label_of(code: str) -> str:
    """One code as people read it; codes that are not French cards (``W7``) pass unchanged."""
    try:
        return parse_card(code).label
    except ValueError:
        return code
