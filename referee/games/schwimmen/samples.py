"""Sample cards for the moves' ``candidates`` (``legal_entries``: simulated phones and property
tests). The app never knows a hidden card, so a sample uses the cards nobody has seen, in an
order fixed for the round's table (not for its hands): samples vary from round to round but
stay put while the showdown's reveals come in."""

from __future__ import annotations

import random

from ..cards import RANK_NAMES, SUITS
from .ledger import ledger
from .state import State


def deck_order(state: State) -> list[str]:
    deck = [f"{RANK_NAMES.get(rank, rank)}{suit}" for rank in range(7 if state.piquet else 2, 15) for suit in SUITS]
    random.Random(f"{state.round}/{state.stock}/{' '.join(state.centre)}").shuffle(deck)
    return deck


def unseen(state: State) -> list[str]:
    places = ledger(state)
    return [card for card in deck_order(state) if card not in places]


def from_stock(state: State, count: int) -> list[list[str]]:
    """Cards turned up from the stock: set-aside cards shuffled back first, or unseen ones."""
    fresh = unseen(state)
    samples = [(state.stock_known + fresh)[:count], fresh[:count], fresh[count : 2 * count]]
    return [cards for i, cards in enumerate(samples) if len(cards) == count and cards not in samples[:i]]


def gives(state: State, seat: int) -> list[str]:
    """Cards that may leave the seat's hand: its known cards and two unseen ones."""
    return state.known[seat] + unseen(state)[:2]
