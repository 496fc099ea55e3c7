"""Languages: English, German and Japanese, chosen by the ``lang`` cookie (set by the switch
on every page) or else by the browser's Accept-Language.

The engines are pure modules without Flask, so their fixed texts (game titles, house-rule help)
and their sentences (``base.Text``: refusals, notes, history lines) are English there; templates
pass them through the ``translate`` filter, and ``referee.i18n_extract`` hands them to pybabel
so the catalogs carry them. The JSON API keeps to English.
"""
from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit

from flask import Blueprint, g, has_request_context, redirect, request
from flask_babel import Babel, get_locale, get_translations, pgettext

from .games.base import Option, Text
from .i18n_extract import VALUE_CONTEXT, value_label
from .log import description

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


def current_page() -> str:
    """Where the switch should come back to: this page, or for a page drawn in answer to a
    form post, the page the form was on."""
    if request.method == "GET":
        return request.full_path.rstrip("?")
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
    parts = {name: localize(value) if isinstance(value, Text) else value for name, value in text.params.items()}
    try:
        return template.format_map(parts)
    except (KeyError, IndexError, ValueError):  # a translation naming other fields: English beats a crash
        return str(text)


def vary_on_language(response):
    if response.status_code != 204:  # an empty answer reads the same in every language
        response.vary.update(("Cookie", "Accept-Language"))
    return response


def page_translations():
    """The request's translations, found once: a board says some hundred words, and Flask-Babel
    looks up its context, domain and locale again for each (a fifth of a page submit's CPU)."""
    if not has_request_context():
        return get_translations()
    found = g.get("page_translations")
    if found is None:
        found = g.page_translations = get_translations()
    return found


def init_app(app) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    Babel(app, locale_selector=select_locale)
    app.jinja_env.install_gettext_callables(  # Flask-Babel's, with the translations found once
        gettext=lambda s: page_translations().ugettext(s),
        ngettext=lambda s, p, n: page_translations().ungettext(s, p, n),
        pgettext=lambda c, s: page_translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: page_translations().unpgettext(c, s, p, n),
        newstyle=True)
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, get_locale=get_locale, current_page=current_page)
    app.add_template_filter(translate, "translate")
    app.add_template_filter(option_value, "option_value")
    app.add_template_filter(lambda entry: translate(description(entry)), "history_line")
    app.register_blueprint(bp)
    app.after_request(vary_on_language)
