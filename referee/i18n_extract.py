"""A pybabel extractor for the engines' texts (babel.cfg names it for referee/games/**.py and
referee/table/**.py).

The engines are pure modules and carry no gettext markers. What a page shows of them is of two
kinds: fixed texts known once the game is registered (its title, each house rule's help and
value help; said where game.py is read), and sentences (``base.Text``) whose templates are the literal strings given to
``Text``, ``counted``, ``Refusal``, ``unreadable``, ``not_yours`` and ``Denied``, found in the
source.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from .games import GAMES, Game
from .games.base import Option, Text, ValueWords, value_words


def engine_texts(game: Game) -> Iterator[str]:
    """Every fixed text of a game that pages show, in a stable order."""
    yield game.title
    if game.summary:
        yield game.summary
    yield from (preset.name for preset in game.presets)
    for option in game.options:
        yield option.help
        yield from (option.value_help or {}).values()


def fixed_texts(game: Game) -> Iterator[str]:
    """The game's texts that are plain strings (a Text's template is found in the source)."""
    return (text for text in engine_texts(game) if not isinstance(text, Text))


VALUE_CONTEXT = ValueWords.context
"""A house rule's value as a page names it ("dealer only"), said apart from the same word elsewhere."""


def value_label(value: str, option: Option | None = None) -> str:
    """The English words for a house rule's value (``flat5``: "5 points each")."""
    return option.words(value) if option else value_words(value)


def option_values(game: Game) -> Iterator[str]:
    """The house rules' values with words in them (numbers need no translation), as each
    option names them and as the shared words do (the boards' house-rule lines)."""
    for option in game.options:
        for value in option.values:
            if any(c.isalpha() for c in value):
                yield value_label(value, option)
                yield value_label(value)


SENTENCE_CALLS = {"Text": 0, "counted": 0, "Refusal": 1, "unreadable": 0, "not_yours": 1, "Denied": 1}
"""Calls whose argument at this position is a sentence template (with ``Text``/``counted`` the
next argument is its plural)."""


def sentence_calls(tree: ast.AST) -> Iterator[tuple[ast.Call, ast.expr | None, ast.expr | None]]:
    """Every call that says a sentence: (call, template argument, plural argument)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SENTENCE_CALLS:
            at = SENTENCE_CALLS[node.func.id]
            template = node.args[at] if len(node.args) > at else None
            plural = node.args[1] if node.func.id in ("Text", "counted") and len(node.args) > 1 else None
            yield node, template, plural


def sentence_templates(source: str) -> Iterator[tuple[int, str | tuple[str, str]]]:
    """(line, template or (singular, plural)) for every literal sentence in a module's source."""
    for call, template, plural in sentence_calls(ast.parse(source)):
        if not _is_literal(template):
            continue  # a Text passed on, or a name; its own call is found where it is made
        if _is_literal(plural):
            yield call.lineno, (template.value, plural.value)
        else:
            yield call.lineno, template.value


def _is_literal(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def extract_engine_texts(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel's extractor signature: (line, funcname, message, comments) per text."""
    path = Path(getattr(fileobj, "name", ""))
    if path.stem.startswith("_"):
        return
    text = fileobj.read().decode("utf-8")
    for line, template in sentence_templates(text):
        yield line, "ngettext" if isinstance(template, tuple) else None, template, [f"{path.stem} (sentence)"]
    if path.stem != "game" or path.parent.name != "games":
        return
    # game.py holds the registry: every registered game's title and house rules are said here,
    # but for a game that keeps its own catalogs (Game.own_translations)
    for game in GAMES.values():
        if game.own_translations:
            continue
        for fixed in dict.fromkeys(fixed_texts(game)):
            yield 0, None, fixed, [f"{game.id} (engine text)"]
        for value in dict.fromkeys(option_values(game)):
            yield 0, "pgettext", (VALUE_CONTEXT, value), [f"{game.id} (house rule value)"]
