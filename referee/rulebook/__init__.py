"""The rule book players read in the app: one text per game and language, ``<game-id>.<lang>.md``
in this folder, written for players in our own words (the specification in ``shared/rules/`` is
for us).

A text is a small Markdown subset, so that it reads well as a plain file too::

    # Switch To                          the game's title in this language
    ## Setup {#setup}                    a section and its anchor
    Paragraphs, separated by blank lines; "- " starts a list item;
    **bold** and `code` inline; a rule ID (ST-R7) links to its paragraph.
    ### Which end to beat {#option-compare}    a part of a section (a house rule)
    ### ST-R7 Only cards you hold         a rule paragraph: its anchor is its ID

Every book has the sections of :data:`SECTIONS`, a part ``option-<name>`` for each house rule
and a part for each rule ID its engine can cite (``tests/web/test_rulebook.py`` checks both).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup, escape

from ..games import GAMES

FOLDER = Path(__file__).resolve().parent
LANGUAGES = ("en", "de", "ja")
SECTIONS = ("how-to-play", "setup", "turn", "scoring", "end", "house-rules", "rules")
"""The sections every book has, in this order."""

RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*-[A-Z]+[0-9]+\b")
"""A rule ID as the engines cite it: ST-R7, SW-C1, SC-R10, WS-H1, S16-R5."""

_HEADING = re.compile(r"^(#{1,3}) +(.+?)(?: +\{#([A-Za-z0-9_-]+)\})?\s*$")
_INLINE = re.compile(r"\*\*(?P<strong>.+?)\*\*|`(?P<code>[^`]+)`|(?P<rule>" + RULE_ID.pattern + ")")


@dataclass(frozen=True)
class Part:
    """A part of a section: a house rule, or one rule's paragraph (``rule`` True)."""

    anchor: str
    title: str
    body: Markup
    rule: bool


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    body: Markup
    parts: tuple[Part, ...]


@dataclass(frozen=True)
class Book:
    game: str
    language: str
    title: str
    sections: tuple[Section, ...]

    def section(self, anchor: str) -> Section | None:
        return next((s for s in self.sections if s.anchor == anchor), None)

    @property
    def parts(self) -> list[Part]:
        return [part for section in self.sections for part in section.parts]

    @property
    def rule_ids(self) -> frozenset[str]:
        return frozenset(part.anchor for part in self.parts if part.rule)

    @property
    def anchors(self) -> list[str]:
        return [anchor for s in self.sections for anchor in (s.anchor, *(p.anchor for p in s.parts))]


def path_of(game: str, language: str) -> Path:
    """``<game-id>.<lang>.md`` in this folder, or ``<lang>.md`` in a game's own rule book folder."""
    own = GAMES[game].own_rulebook if game in GAMES else None
    return Path(own) / f"{language}.md" if own else FOLDER / f"{game}.{language}.md"


def games() -> list[str]:
    """The games that have a rule book (an English text at least)."""
    return sorted(path.name.removesuffix(".en.md") for path in FOLDER.glob("*.en.md"))


@functools.cache
def book(game: str, language: str = "en") -> Book | None:
    """The rule book of ``game`` in ``language`` (English where that language has none), or None."""
    for lang in dict.fromkeys((language, "en")):
        path = path_of(game, lang)
        if path.is_file():
            return parse(path.read_text(encoding="utf-8"), game, lang, path.name)
    return None


def parse(text: str, game: str, language: str, source: str = "<text>") -> Book:
    """A book from its text. A line it cannot place is an error naming the file and line."""
    title, sections = None, []
    section = part = None
    lines: list[str] = []

    def close_part():
        nonlocal part, lines
        body = _blocks(lines)
        if part is not None:
            section["parts"].append(Part(part[0], part[1], body, part[2]))
        elif section is not None:
            section["body"] = body
        elif any(line.strip() for line in lines):
            raise ValueError(f"{source}: text before the first section")
        part, lines = None, []

    for number, line in enumerate(text.splitlines(), 1):
        heading = _HEADING.match(line)
        if not heading:
            lines.append(line)
            continue
        close_part()
        level, words, anchor = len(heading.group(1)), heading.group(2), heading.group(3)
        if level == 1:
            title = words
        elif level == 2:
            if not anchor:
                raise ValueError(f"{source}:{number}: a section needs an anchor: ## Title {{#anchor}}")
            section = {"anchor": anchor, "title": words, "body": Markup(""), "parts": []}
            sections.append(section)
        elif section is None:
            raise ValueError(f"{source}:{number}: a part outside any section")
        else:
            rule = RULE_ID.fullmatch(words.split()[0])
            if rule:
                part = (rule.group(0), words[rule.end() :].strip(), True)
            elif anchor:
                part = (anchor, words, False)
            else:
                raise ValueError(f"{source}:{number}: a part needs a rule ID or an anchor")
    close_part()
    if not title:
        raise ValueError(f"{source}: no title (# Title)")
    return Book(
        game, language, title, tuple(Section(s["anchor"], s["title"], s["body"], tuple(s["parts"])) for s in sections)
    )


def _blocks(lines: list[str]) -> Markup:
    """Paragraphs and lists as HTML."""
    html, paragraph, items = [], [], []

    def flush():
        if paragraph:
            html.append(Markup("<p>{}</p>").format(inline(_join(paragraph))))
            paragraph.clear()
        if items:
            html.append(
                Markup("<ul>{}</ul>").format(
                    Markup("").join(Markup("<li>{}</li>").format(inline(item)) for item in items)
                )
            )
            items.clear()

    for line in lines:
        text = line.strip()
        if not text:
            flush()
        elif text.startswith("- "):
            if paragraph:
                flush()
            items.append(text[2:])
        elif items and line.startswith("  "):  # a list item's next line
            items[-1] = _join([items[-1], text])
        else:
            if items:
                flush()
            paragraph.append(text)
    flush()
    return Markup("\n").join(html)


def _join(lines: list[str]) -> str:
    """Lines of one paragraph as one: a space between words, none between Japanese lines."""
    text = lines[0] if lines else ""
    for line in lines[1:]:
        text += ("" if _wide(text[-1]) or _wide(line[0]) else " ") + line
    return text


def _wide(char: str) -> bool:
    return ord(char) >= 0x2E80  # CJK scripts and punctuation: written without spaces


def inline(text: str) -> Markup:
    """**bold**, `code` and rule IDs (links to their paragraph on the same page); the rest escaped."""
    out, at = [], 0
    for match in _INLINE.finditer(text):
        out.append(escape(text[at : match.start()]))
        if match.group("strong"):
            out.append(Markup("<strong>{}</strong>").format(inline(match.group("strong"))))
        elif match.group("code"):
            out.append(Markup("<code>{}</code>").format(match.group("code")))
        else:
            out.append(Markup('<a class="rule-ref" href="#{0}">{0}</a>').format(match.group("rule")))
        at = match.end()
    out.append(escape(text[at:]))
    return Markup("").join(out)
