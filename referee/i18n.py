"""Languages: English, German and Japanese, chosen by the ``lang`` cookie (set by the switch
on every page) or else by the browser's Accept-Language.

The engines are pure modules without Flask, so their fixed texts (game titles, house-rule help)
and their sentences (``base.Text``: refusals, notes, history lines) are English there; templates
pass them through the ``translate`` filter, and ``referee.i18n_extract`` hands them to pybabel
so the catalogs carry them. The JSON API keeps to English.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit

from flask import Blueprint, g, has_request_context, redirect, request
from jinja2 import pass_context
from markupsafe import Markup
from flask_babel import Babel, get_locale, get_translations, pgettext

from .games import GAMES
from .games.base import Option, Text
from .i18n_extract import VALUE_CONTEXT, value_label

LANGUAGES = {"en": "English", "de": "Deutsch", "ja": "日本語"}
LANG_COOKIE = "lang"
LANG_COOKIE_DAYS = 365

bp = Blueprint("i18n", __name__)


def select_locale() -> str:
    chosen = request.args.get("lang") or request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


@bp.get("/lang/<code>")
def switch_language(code: str):
    """The language switch: remember the choice, then back to the page it was made on."""
    response = redirect(safe_next(request.args.get("next")), 303)
    if code in LANGUAGES:
        response.set_cookie(LANG_COOKIE, code, max_age=LANG_COOKIE_DAYS * 86400, samesite="Lax", path="/")
    return response


def safe_next(target: str | None) -> str:
    """A path on this site only (never another host, not even ``//host``), without ``lang=``
    so the cookie just set is what counts."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return "/"
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "lang"])
    return parts.path + (f"?{query}" if query else "")


LONGEST_PAGE = 2048  # characters: no page of ours has a longer address


def current_page() -> str:
    """Where the switch should come back to: this page, or for a page drawn in answer to a
    form post, the page the form was on."""
    if request.method == "GET":
        page = request.full_path.rstrip("?")
        return page if len(page) <= LONGEST_PAGE else "/"  # a 200 KB address, thrice on the page
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc == request.host:
        return referrer.path + (f"?{referrer.query}" if referrer.query else "")
    return "/"


def translate(text: str) -> str:
    """An engine's English in the page's language (``{{ option.help|translate }}``): a fixed
    text, or a :class:`Text` said again from its translated template and translated parts."""
    if isinstance(text, Text):
        return localize(text)
    return get_translations().gettext(text) if text else text


def option_value(value: str, option: Option | None = None) -> str:
    """A house rule's value as the page's language names it (``dealer_only``: "nur der Geber"),
    in ``option``'s own words where it has them."""
    return pgettext(VALUE_CONTEXT, value_label(value, option)) if any(c.isalpha() for c in value) else value


def localize(text: Text) -> str:
    translations = get_translations()
    context = getattr(text, "context", None)  # a house rule value's words (base.ValueWords)
    if context:
        template = translations.pgettext(context, text.template)
    elif text.plural is None:
        template = translations.gettext(text.template)
    else:
        template = translations.ngettext(text.template, text.plural, text.params.get("n", 1))
    if not text.params:
        return template
    parts = {
        name: localize(value) if isinstance(value, Text) else _cards_as_printed(value, translations)
        for name, value in text.params.items()
    }
    try:
        return template.format_map(parts)
    except (KeyError, IndexError, ValueError):  # a translation naming other fields: English beats a crash
        return str(text)


# A sentence's part that is nothing but card labels ("J♠ Q♠", as ``games.cards.labels`` writes
# them; a Switch To wild as ★7).
CARD = r"(?:(?:10|[2-9AJQK])[♣♠♥♦]|★(?:10|[1-9]))"
CARD_LABELS = re.compile(rf"{CARD}(?: {CARD})*")
FACE = re.compile(r"^[JQK](?=[♣♠♥♦])")


def _cards_as_printed(value, translations):
    """Card labels in a sentence as the page's cards print them (issue 27): a German "Last:" line
    says B♠ D♠ where it said J♠ Q♠, as the board beside it does (``web.filters.rank_letter``)."""
    if not isinstance(value, str) or not CARD_LABELS.fullmatch(value):
        return value
    return " ".join(
        FACE.sub(lambda face: translations.pgettext("card rank letter", face.group()), label)
        for label in value.split(" ")
    )


def vary_on_language(response):
    if response.status_code != 204:  # an empty answer reads the same in every language
        response.vary.update(("Cookie", "Accept-Language"))
    return response


def page_translations():
    """The request's translations, found once: a board says some hundred words, and Flask-Babel
    looks up its context, domain and locale again for each (a fifth of a page submit's CPU)."""
    try:
        found = g.get("page_translations")
    except RuntimeError:  # no app context: Flask-Babel's default
        return get_translations()
    if found is None:
        found = g.page_translations = get_translations()
    return found


# Jinja's newstyle gettext callables (``jinja2.ext``), the same but for two indirections per word
# (``_`` resolving ``gettext`` in the context, and a context.call of the translation function):
# they were half of a word's cost, and a board says some eighty words.
@pass_context
def _gettext(context, string: str, **variables):
    said = page_translations().ugettext(string)
    return (Markup(said) if context.eval_ctx.autoescape else said) % variables


@pass_context
def _ngettext(context, singular: str, plural: str, num: int, **variables):
    variables.setdefault("num", num)
    said = page_translations().ungettext(singular, plural, num)
    return (Markup(said) if context.eval_ctx.autoescape else said) % variables


@pass_context
def _pgettext(context, string_context: str, string: str, **variables):
    variables.setdefault("context", string_context)
    said = page_translations().upgettext(string_context, string)
    return (Markup(said) if context.eval_ctx.autoescape else said) % variables


@pass_context
def _npgettext(context, string_context: str, singular: str, plural: str, num: int, **variables):
    variables.setdefault("context", string_context)
    variables.setdefault("num", num)
    said = page_translations().unpgettext(string_context, singular, plural, num)
    return (Markup(said) if context.eval_ctx.autoescape else said) % variables


def page_language() -> str:
    """The request's language code ("de"), found once, as :func:`page_translations`."""
    if not has_request_context():
        return str(get_locale())
    found = g.get("page_language")
    if found is None:
        found = g.page_language = str(get_locale())
    return found


def init_app(app) -> None:
    # The app's catalogs, then those of each game that keeps its own (Game.own_translations)
    own = [game.own_translations for game in GAMES.values() if game.own_translations]
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", ";".join(["translations", *own]))
    Babel(app, locale_selector=select_locale)
    # Flask-Babel added Jinja's i18n extension (newstyle); these replace its callables.
    app.jinja_env.globals.update(
        _=_gettext, gettext=_gettext, ngettext=_ngettext, pgettext=_pgettext, npgettext=_npgettext
    )
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, get_locale=get_locale, current_page=current_page)
    app.add_template_filter(translate, "translate")
    app.add_template_filter(option_value, "option_value")
    app.register_blueprint(bp)
    app.after_request(vary_on_language)
