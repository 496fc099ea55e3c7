"""Languages: English, German and Japanese, chosen by the ``lang`` cookie (set by the switch
on every page) or else by the browser's Accept-Language."""
from __future__ import annotations

from flask import request
from flask_babel import Babel, get_locale

LANGUAGES = {"en": "English", "de": "Deutsch", "ja": "日本語"}
LANG_COOKIE = "lang"


def select_locale() -> str:
    chosen = request.args.get("lang") or request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


def init_app(app) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    Babel(app, locale_selector=select_locale)
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, get_locale=get_locale)
