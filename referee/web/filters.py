"""Card notation for templates: ``7H|card_label`` is 7♥, ``7H|card_name`` "7 of hearts"."""
from __future__ import annotations

from flask import g, has_request_context
from flask_babel import gettext, pgettext

from ..games.cards import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, label_of, parse_card
from ..i18n import translate


def register_filters(app) -> None:
    app.add_template_filter(card_label, "card_label")
    app.add_template_filter(rank_letter, "rank_label")
    app.add_template_filter(card_name, "card_name")
    app.add_template_filter(suit_name, "suit_name")
    app.add_template_filter(lambda s: SUIT_SYMBOLS.get(s, s), "suit_symbol")


def rank_letter(rank: str) -> str:
    """A face rank as the page's cards print it: German cards show B (Bube), D (Dame), K."""
    if rank == "J":
        return pgettext("card rank letter", "J")
    if rank == "Q":
        return pgettext("card rank letter", "Q")
    if rank == "K":
        return pgettext("card rank letter", "K")
    return rank


def card_label(code: str) -> str:
    """``7H`` as 7♥, ``QH`` as Q♥ (D♥ on a German page)."""
    label = label_of(code)
    return rank_letter(label[:-1]) + label[-1:] if label[:-1] in ("J", "Q", "K") else label


def suit_name(suit: str) -> str:
    """A suit letter as the page's language names it (``H``: "hearts", "Herz")."""
    return translate(SUIT_NAMES[suit]) if suit in SUIT_NAMES else suit


def card_name(code: str) -> str:
    """A card's name in the page's language ("queen of hearts"), worked out once per request:
    a board names the same cards many times (hands, offers, their labels)."""
    named = g.setdefault("card_names", {}) if has_request_context() else {}
    if code not in named:
        named[code] = _card_name(code)
    return named[code]


def _card_name(code: str) -> str:
    try:
        card = parse_card(code)
    except ValueError:
        return code
    if card.rank == 0:
        return gettext("joker")
    return gettext("%(rank)s of %(suit)s", rank=RANK_NAMES.get(card.rank, card.rank), suit=suit_name(card.suit))
