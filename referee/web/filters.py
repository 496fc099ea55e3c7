"""Card notation for templates: ``7H|card_label`` is 7♥, ``7H|card_name`` "7 of hearts"; and the
card markup every card game draws many times (a card, a row of cards, the grid of cards to tap),
built here rather than in macros: a board draws up to four grids of 52 cards, and a Jinja macro
per card was a fifth of a board's CPU. Each card's words are worked out once per language."""

from __future__ import annotations

import functools

from flask_babel import gettext, pgettext
from markupsafe import Markup, escape

from ..games.cards import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, label_of, parse_card
from ..i18n import page_language, page_translations, translate


def register_filters(app) -> None:
    app.add_template_filter(card_label, "card_label")
    app.add_template_filter(rank_letter, "rank_label")
    app.add_template_filter(card_name, "card_name")
    app.add_template_filter(suit_name, "suit_name")
    app.add_template_filter(lambda s: SUIT_SYMBOLS.get(s, s), "suit_symbol")
    app.jinja_env.globals.update(card_html=card_html, cards_html=cards_html, card_grid_html=card_grid_html)


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
    return _card_words(code)[1]


def card_name(code: str) -> str:
    """A card's name in the page's language ("queen of hearts")."""
    return _card_words(code)[0]


def suit_name(suit: str) -> str:
    """A suit letter as the page's language names it (``H``: "hearts", "Herz")."""
    return translate(SUIT_NAMES[suit]) if suit in SUIT_NAMES else suit


# (language, code) -> (name, label) of every card a page has named: a few hundred at most, as
# only codes that are cards are kept.
_card_words_kept: dict[tuple[str, str], tuple[str, str]] = {}


def _card_words(code: str) -> tuple[str, str]:
    key = (page_language(), code)
    words = _card_words_kept.get(key)
    if words is None:
        words = (_card_name(code), _card_label(code))
        if _is_card(code):
            _card_words_kept[key] = words
    return words


def _is_card(code: str) -> bool:
    try:
        parse_card(code)
    except (ValueError, TypeError, AttributeError):
        return False
    return True


def _card_label(code: str) -> str:
    label = label_of(code)
    return rank_letter(label[:-1]) + label[-1:] if label[:-1] in ("J", "Q", "K") else label


def _card_name(code: str) -> str:
    try:
        card = parse_card(code)
    except ValueError:
        return code
    if card.rank == 0:
        return gettext("joker")
    return gettext("%(rank)s of %(suit)s", rank=RANK_NAMES.get(card.rank, card.rank), suit=suit_name(card.suit))


# --------------------------------------------------------------------------- card markup


def card_html(code: str) -> Markup:
    """One card as the board shows it (``_macros.html``'s ``card``); ``W7`` is a wild token as 7."""
    if code.startswith("W"):
        said = Markup(page_translations().ugettext("wild %(value)s")) % {"value": code[1:]}
        return Markup('<span class="card wild" role="img" aria-label="%s">★%s</span>') % (said, code[1:])
    name, label = _card_words(code)
    return Markup('<span class="card s-%s" role="img" aria-label="%s">%s</span>') % (code[-1], name, label)


def cards_html(codes) -> Markup:
    return Markup('<span class="cards">%s</span>') % Markup("").join(card_html(code) for code in codes)


def card_grid_html(
    name, ranks, suits, disabled=(), checked=(), size="", kind="checkbox", needs=None, marked=None
) -> Markup:
    """The grid of cards to tap, a row per suit (``_macros.html``'s ``card_grid``): ``disabled``
    cards are greyed out, ``checked`` ones ticked, and ``marked`` gives a class per list of ranks
    (the ranks that can beat the top play)."""
    marked = marked or {}
    language = page_language()
    rows = []
    for suit in suits:
        cells = []
        for rank in ranks:
            code = f"{rank}{suit}"
            gone = code in disabled
            classes = " gone" if gone else "".join(f" {mark}" for mark, ranks in marked.items() if rank in ranks)
            cells.append(_grid_cell(language, str(name), str(kind), code, str(suit), classes, gone, code in checked))
        rows.append(f'<div class="grid-row">{"".join(cells)}</div>')
    needs_attribute = Markup(' data-needs="%s"') % needs if needs else ""
    words = Markup(page_translations().ugettext("Cards"))
    return Markup('<div class="grid %s"%s role="group" aria-label="%s">%s</div>') % (
        size,
        needs_attribute,
        words,
        Markup("".join(rows)),
    )


@functools.lru_cache(maxsize=8192)
def _grid_cell(
    language: str, name: str, kind: str, code: str, suit: str, classes: str, gone: bool, checked: bool
) -> str:
    """One card of a grid, safe HTML: the same few hundred cells in every language's grids. No
    white space between the tags: the rows are CSS grids and the cells' insides blocks, where
    it is not drawn, and a cheap phone swapping in a board with four grids builds some 800 fewer
    text nodes."""
    card_said, label = _card_words(code)
    return (
        f'<label class="pick s-{escape(suit)}{escape(classes)}">'
        f'<input type="{escape(kind)}" name="{escape(name)}" value="{escape(code)}"'
        f"{' disabled' if gone else ''}{' checked' if checked else ''}>"
        f'<span aria-label="{escape(card_said)}">{escape(label)}</span></label>'
    )
