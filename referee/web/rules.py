"""The rule book pages: ``/rules/<game-id>`` in the phone's language, each rule paragraph at its
anchor (``/rules/switch-to#ST-R7``), and ``/rules/<game-id>/sheet``, the same book as a fragment
that ``static/app.js`` opens as a sheet over the board or the new-table form.

Every rule ID a page shows (a refusal, a note, a ruling in History) links to its paragraph
through :func:`rule_link` and the ``rule_links`` filter; the API's refusals carry the same link,
absolute, as ``error.rule_url``.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, url_for
from flask_babel import get_locale
from markupsafe import Markup, escape

from .. import rulebook
from ..games import GAMES
from .common import public_base

bp = Blueprint("rules", __name__)


@bp.app_template_global("rule_book")
def book_for_page(game_id: str) -> rulebook.Book | None:
    """The game's rule book in the page's language (English where there is none)."""
    if game_id not in GAMES:
        return None
    return rulebook.book(game_id, str(get_locale() or "en"))


def _book_or_404(game_id: str) -> rulebook.Book:
    return book_for_page(game_id) or abort(404)


@bp.get("/rules/<game_id>")
def page(game_id: str):
    return render_template("rules.html", book=_book_or_404(game_id), engine=GAMES[game_id])


@bp.get("/rules/<game_id>/sheet")
def sheet(game_id: str):
    """The book without the page around it, for the sheet over a board."""
    return render_template("rule_sheet.html", book=_book_or_404(game_id), engine=GAMES[game_id])


@bp.app_template_global("in_rule_book")
def has_paragraph(game_id: str, anchor: str) -> bool:
    english = rulebook.book(game_id, "en") if isinstance(game_id, str) and game_id in GAMES else None
    return english is not None and anchor in english.anchors


@bp.app_template_global()
def rules_href(game_id: str, anchor: str | None = None) -> str:
    """The rules page (at ``anchor``), relative: the page's own language follows the phone."""
    return url_for("rules.page", game_id=game_id, _anchor=anchor)


@bp.app_template_global()
def rule_link(game_id: str, rule: str, text: str | None = None) -> Markup:
    """A rule ID as a link to its paragraph, opening as a sheet where scripts run; a rule with no
    paragraph (ENTRY, an ID of no book) as plain text."""
    if not has_paragraph(game_id, rule):
        return Markup('<strong class="rule">{}</strong>').format(text or rule)
    return Markup('<a class="rule" href="{href}" data-sheet="{sheet}">{text}</a>').format(
        href=rules_href(game_id, rule), sheet=url_for("rules.sheet", game_id=game_id), text=text or rule
    )


@bp.app_template_filter("rule_links")
def rule_links(text: str, game_id: str) -> Markup:
    """A sentence (already in the page's language) with every rule ID in it made a link."""
    text = str(text)
    out, at = [], 0
    for match in rulebook.RULE_ID.finditer(text):
        out += [escape(text[at : match.start()]), rule_link(game_id, match.group(0))]
        at = match.end()
    out.append(escape(text[at:]))
    return Markup("").join(out)


def rule_url(game_id: str, rule: str) -> str | None:
    """The absolute address of a rule's paragraph (the API's ``error.rule_url``), or None."""
    if not has_paragraph(game_id, rule):
        return None
    return f"{public_base()}{rules_href(game_id, rule)}"


def with_rule_url(game_id: str, error: dict) -> dict:
    """An API error body with ``rule_url`` added when its rule has a paragraph."""
    url = rule_url(game_id, error.get("rule", ""))
    return {**error, "rule_url": url} if url else error
