"""Parts of a board that many boards draw alike, drawn once: a player's row, a row of buttons,
the join and host-link panels. ``{{ remember("part.html", name=value, …) }}`` draws the template
with those inputs alone and keeps the HTML per (template, language, inputs), so the boards of
later entries and of other phones reuse it where their inputs are the same.

A remembered template sees nothing of the page but its inputs and the environment's globals: no
viewer, no form key, no table object. So whatever it shows is in its key, and one phone's secret
(its hand, its prediction) can reach another phone's board only if it is passed in, and then the
key differs. It must not call what reads the request (``entry_url`` follows a correction in
progress); links it draws with ``url_for`` are keyed on the request's script root too.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict

import jinja2
from flask import current_app, request
from markupsafe import Markup

from ..i18n import page_language

FRAGMENTS_KEPT = 4096  # drawn parts kept per process (a few hundred bytes to a few KB each)
_lock = threading.Lock()


def remember(template: str, **inputs) -> Markup:
    """``template`` drawn with ``inputs`` only, once per language and inputs."""
    key = (template, page_language(), request.script_root, frozen(inputs))
    kept = current_app.extensions.setdefault("fragments", OrderedDict())
    with _lock:
        drawn = kept.get(key)
        if drawn is not None:
            kept.move_to_end(key)
            return drawn
    drawn = Markup(current_app.jinja_env.get_template(template).render(**inputs))
    with _lock:
        kept[key] = drawn
        while len(kept) > FRAGMENTS_KEPT:
            kept.popitem(last=False)
    return drawn


_AS_IS = frozenset({str, int, type(None)})  # what ``frozen`` returns unchanged


def frozen(value):
    """``value`` as a key: equal only where a template would draw it alike (``1``, ``True`` and
    ``1.0`` print differently, as do a list and a tuple, or a string and safe markup)."""
    kind = type(value)
    if value is None or kind is str or kind is int:
        return value
    if kind is bool or kind is float:
        return kind.__name__, value
    if isinstance(value, str):  # Markup: not escaped when drawn
        return kind.__name__, str(value)
    if isinstance(value, (list, tuple)):  # leaves kept as they are without a call (issue 31)
        return kind.__name__, tuple([item if type(item) in _AS_IS else frozen(item) for item in value])
    if isinstance(value, dict):
        return kind.__name__, tuple(
            [(k if type(k) in _AS_IS else frozen(k), v if type(v) in _AS_IS else frozen(v)) for k, v in value.items()]
        )
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return kind.__qualname__, tuple(frozen(getattr(value, f.name)) for f in dataclasses.fields(value))
    raise TypeError(f"a remembered part is keyed on plain data, not on {kind.__qualname__}")


class ImportedOnce(jinja2.Template):
    """A template whose ``{% import %}`` / ``{% from … import %}`` finds its module kept without
    asking Jinja's ChainMap of globals for each name of the importer's globals: Jinja compares
    the two sets of names on every import (``ctx.globals_keys - self.globals.keys()``), one
    Python-level lookup per name, and each board imports ``_macros.html`` in a dozen templates
    (issue 31: 2.6 % of an entry's CPU). The names are compared as a kept frozenset instead,
    made again whenever a dict of globals grows or shrinks (globals are set up at start)."""

    _names: frozenset | None = None
    _names_sizes: tuple = ()

    def _get_default_module(self, ctx=None):
        if ctx is not None and self._module is not None and ctx.globals_keys <= self._global_names():
            return self._module  # what Jinja returns when the importer brings no other globals
        return super()._get_default_module(ctx)

    def _global_names(self) -> frozenset:
        sizes = tuple(len(names) for names in getattr(self.globals, "maps", (self.globals,)))
        if self._names is None or sizes != self._names_sizes:
            self._names, self._names_sizes = frozenset(self.globals), sizes
        return self._names


def init_app(app) -> None:
    app.jinja_env.template_class = ImportedOnce  # before any template is loaded
    app.jinja_env.globals["remember"] = remember
