"""Switch To: reading the cards of an entry (section 4, notation; section 7, ST-C1 to ST-C4).

A play is real cards plus wilds written ``W`` and a rank (``7H 7D W7``); a declared hand is real
cards only. The cards of a round are ranks 2 to 9 in the suits still in it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..base import Refusal
from ..cards import SUIT_NAMES, SUITS, Card, label_of, normalise, parse_card, split_tokens
from .state import RANKS, State


@dataclass(frozen=True)
class Play:
    """A play as entered: real cards and at most one wild's rank."""

    cards: tuple[Card, ...]
    wilds: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cards) + len(self.wilds)

    @property
    def ranks(self) -> list[int]:
        return [c.rank for c in self.cards] + list(self.wilds)

    @property
    def in_rank_order(self) -> list[str]:
        """Codes low to high, wilds in their place: a run reads W1 2C 3C."""
        codes = [(c.rank, c.code) for c in self.cards] + [(w, f"W{w}") for w in self.wilds]
        return [code for _, code in sorted(codes, key=lambda pair: pair[0])]


def parse_play(raw: Any) -> Play:
    """Real cards and wilds from the entry; ST-C1 for anything that is not one."""
    try:
        tokens = split_tokens([] if raw is None else raw)  # nothing tapped: an empty play
    except ValueError:
        raise Refusal(
            "ST-C1",
            "List the cards, for example 7H 7D W7. Cards are 2 to 9 in S, H, D, C; a wild is W1 to W10.",
            overridable=False,
        ) from None
    cards, wilds = [], []
    for token in tokens:
        code = normalise(token)
        if _is_wild(code) and 1 <= int(code[1:]) <= 10:
            wilds.append(int(code[1:]))
            continue
        try:
            card = parse_card(token)
        except ValueError:
            card = None
        if card is None or not 2 <= card.rank <= 9:
            raise Refusal(
                "ST-C1",
                "{token!r} is not a card here. Cards are 2 to 9 in S, H, D, C; a wild is W1 to W10.",
                overridable=False,
                token=token,
            )
        cards.append(card)
    return Play(tuple(cards), tuple(wilds))


def parse_declaration(raw: Any) -> list[Card]:
    play = parse_play(raw if raw is not None else [])
    if play.wilds:
        raise Refusal("ST-C1", "A declared hand holds real cards only, no wilds.", overridable=False)
    return list(play.cards)


def form_of(play: Play) -> str | None:
    """'single', 'set', 'run' or None (ST-R10). Wilds take part with their declared rank."""
    ranks = play.ranks
    if play.size == 1 and play.cards:
        return "single"
    if play.size < 2:
        return None
    if len(set(ranks)) == 1:
        return "set"
    one_suit = len({c.suit for c in play.cards}) == 1
    consecutive = sorted(ranks) == list(range(min(ranks), min(ranks) + len(ranks)))
    return "run" if one_suit and consecutive else None


def beat_marks(top: Play, compare: str) -> tuple[int, int]:
    """The rank a same-size play must exceed and the rank a one-more play must go under."""
    if compare == "loose":
        return min(top.ranks), max(top.ranks)
    return max(top.ranks), min(top.ranks)


def check_cards_exist(state: State, cards: Iterable[Card]) -> None:
    """ST-C2 to ST-C4: each card once in the entry, not played before, not of the removed suit.
    None of them is overridable (section 4.6 reads "any ST-C", but these are the components, not
    rules): every card exists once, and with 2 players the removed suit is not in the round."""
    cards = tuple(cards)
    seen = set()
    for card in cards:
        if card in seen:
            raise Refusal("ST-C2", "{card} appears twice.", overridable=False, card=card.label)
        seen.add(card)
    for card in cards:
        if card.code in state.played:
            raise Refusal(
                "ST-C3",
                "{card} was already played by {name}.",
                overridable=False,
                card=card.label,
                name=state.name(state.played[card.code]),
            )
    for card in cards:
        if card.suit == state.removed_suit:
            raise Refusal("ST-C4", "The {suit} are out of this round.", overridable=False, suit=SUIT_NAMES[card.suit])


def round_suits(state: State) -> list[str]:
    """The suits in this round: all four, or three with 2 players."""
    return [suit for suit in SUITS if suit != state.removed_suit]


def unseen_cards(state: State) -> list[str]:
    """The round's cards nobody has played yet, suit by suit."""
    return [f"{rank}{suit}" for suit in round_suits(state) for rank in RANKS if f"{rank}{suit}" not in state.played]


def split_tokens_safe(raw: Any) -> list[str]:
    try:
        return [normalise(t) for t in split_tokens(raw if raw is not None else [])]
    except ValueError:
        return []


def said(codes: Iterable[str]) -> str:
    """A play as the buttons show it: cards as 7♦, a wild as ★7 (its token), not W7; the wild
    after the cards, wherever the form put its field."""
    codes = list(codes)
    wilds = [f"★{code[1:]}" for code in codes if _is_wild(code)]
    return " ".join([label_of(code) for code in codes if not _is_wild(code)] + wilds)


def _is_wild(code: str) -> bool:
    return code.startswith("W") and code[1:].isascii() and code[1:].isdigit()


def card_order(code: str) -> tuple[int, int]:
    card = parse_card(code)
    return SUITS.index(card.suit), card.rank
