"""A pybabel extractor for the engines' fixed texts (babel.cfg names it for referee/games/*.py).

The engines are pure modules and carry no gettext markers; what a page shows of them is a finite
set known once the module is imported: the game's title and each house rule's help and value
help. This yields exactly those, so the catalogs translate what the ``translate`` filter looks up.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType


def engine_texts(module: ModuleType) -> Iterator[str]:
    """Every fixed text of an engine module that pages show, in a stable order."""
    title = getattr(module, "TITLE", None)
    if isinstance(title, str):
        yield title
    for option in getattr(module, "OPTIONS", ()):
        yield option.help
        yield from (option.value_help or {}).values()


def extract_engine_texts(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel's extractor signature: (line, funcname, message, comments) per text."""
    path = Path(getattr(fileobj, "name", ""))
    if path.stem.startswith("_") or path.parent.name != "games":
        return
    module = importlib.import_module(f"referee.games.{path.stem}")
    if getattr(module, "GAME_ID", None) is None:
        return  # a shared helper module (base, cards): nothing shown by name
    source = fileobj.read().decode("utf-8").splitlines()
    for text in dict.fromkeys(engine_texts(module)):
        yield _line_of(text, source), None, text, [f"{module.GAME_ID} (engine text)"]


def _line_of(text: str, source: list[str]) -> int:
    """The line that spells the text, for the catalog's reference (0 when it is built up)."""
    needle = text[:40]
    return next((number for number, line in enumerate(source, 1) if needle in line), 0)
