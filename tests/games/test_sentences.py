"""Every sentence an engine says can be said in German and Japanese: it is a ``Text`` made from a
literal template (never an f-string), and the catalogs translate that template with the same
fields. Random games of every engine, with bent entries from any phone, collect what is said."""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.games.base import HOST, Refusal, Text, counted, revive_texts
from referee.i18n_extract import sentence_calls

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "referee" / "games").rglob("*.py")) + sorted((ROOT / "referee" / "table").glob("*.py"))
LOCALES = ("de", "ja")
WORDS = re.compile(r"[A-Za-z]{2,}")
NAMES = ["Ann", "Ben", "Cas", "Dee", "Eve", "Fay", "Gus", "Hal"]


# --------------------------------------------------------------------------- the source


def sentence_f_strings(tree: ast.AST) -> list[int]:
    """Lines of f-strings with words and spaces in them: a sentence made that way cannot be
    translated (codes such as f"{rank}@hand" or f"hand:{seat}" are not sentences)."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        and WORDS.search(literal := "".join(part.value for part in node.values if isinstance(part, ast.Constant)))
        and re.search(r"\s", literal)
    ]


def formatted_literals(tree: ast.AST) -> list[int]:
    """Lines of "…".format(…) and "…" % …: Text does the formatting, in every language."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
            and isinstance(node.func.value, ast.Constant)
        )
        or (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Mod)
            and isinstance(node.left, ast.Constant)
            and isinstance(node.left.value, str)
        )
    ]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_engines_build_no_sentence_by_hand(path):
    tree = ast.parse(path.read_text())
    assert sentence_f_strings(tree) == [], f"{path.name}: say these with Text('… {{field}} …', field=…)"
    assert formatted_literals(tree) == [], f"{path.name}: say these with Text"
    for call, template, _plural in sentence_calls(tree):
        assert not isinstance(template, (ast.JoinedStr, ast.BinOp)), f"{path.name}:{call.lineno}: a built-up template"


def test_the_source_checks_find_what_they_look_for():
    tree = ast.parse('x = f"{n} cards"\ny = f"{rank}@hand"\nz = "{} left".format(n)\nRefusal("R", f"{a} bad")')
    assert sentence_f_strings(tree) == [1, 4]
    assert formatted_literals(tree) == [3]


# --------------------------------------------------------------------------- Text itself


def test_a_text_reads_as_english_and_keeps_its_parts():
    suit = Text("hearts")
    text = Text("{who} leads {suit}.", who="Ann", suit=suit)
    assert text == "Ann leads hearts." and isinstance(text, str)
    assert text.template == "{who} leads {suit}." and text.params["suit"].template == "hearts"
    assert revive_texts(json.loads(json.dumps(text.dump()))).params == text.params
    assert [counted("{n} card", "{n} cards", n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


def test_a_refusal_makes_its_message_a_text():
    refusal = Refusal("X-1", "It is {name}'s turn.", name="Ben")
    assert refusal.message == "It is Ben's turn." and refusal.message.template == "It is {name}'s turn."
    assert str(refusal) == "X-1: It is Ben's turn."


# --------------------------------------------------------------------------- the catalogs


def catalog(locale: str, folder: Path = ROOT / "referee" / "translations") -> dict:
    with open(Path(folder) / locale / "LC_MESSAGES" / "messages.po", "rb") as po:
        return {m.id if isinstance(m.id, str) else m.id[0]: m for m in read_po(po) if m.id}


# The app's catalogs, with those of each game that keeps its own (the toy game), as the app reads them
CATALOGS = {
    locale: {
        **{
            k: v
            for game in GAMES.values()
            if game.own_translations
            for k, v in catalog(locale, game.own_translations).items()
        },
        **catalog(locale),
    }
    for locale in LOCALES
}


def fields(template: str) -> set[str]:
    return {name for _literal, name, _spec, _conv in string.Formatter().parse(template) if name is not None}


def literal_text(template: str) -> str:
    """The template without its fields."""
    return "".join(literal for literal, _name, _spec, _conv in string.Formatter().parse(template))


def templates_in(text: Text):
    """The text's own template and those of the texts among its parts."""
    yield text
    for value in text.params.values():
        if isinstance(value, Text):
            yield from templates_in(value)


def untranslated(texts) -> list[str]:
    """Templates (with words) that a catalog lacks or translates with other fields."""
    problems = set()
    for text in texts:
        for part in templates_in(text):
            if not WORDS.search(literal_text(part.template)):
                continue  # only fields and separators: nothing to translate
            for locale, messages in CATALOGS.items():
                message = messages.get(part.template)
                if message is None:
                    problems.add(f"{locale}: missing {part.template!r}")
                    continue
                forms = message.string if isinstance(message.string, tuple) else (message.string,)
                wanted = fields(part.template) | fields(part.plural or "")  # a form may leave out "{n}"
                if any(not wanted - {"n"} <= fields(form) <= wanted for form in forms):
                    problems.add(f"{locale}: other fields in {part.template!r}")
    return sorted(problems)


def said_texts(value) -> list[Text]:
    """Every Text in a view, a note list or a message."""
    if isinstance(value, Text):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in said_texts(item)]
    if isinstance(value, (list, tuple)):
        return [text for item in value for text in said_texts(item)]
    return []


def random_options(engine, data) -> dict:
    chosen = {}
    for option in engine.options:
        if option.number:
            chosen[option.name] = str(data.draw(st.integers(*option.number)))
        else:
            chosen[option.name] = data.draw(st.sampled_from(option.values))
    return chosen


def bent(entry: dict, data, players: int) -> dict:
    """A legal entry bent out of shape: another seat, a field gone, a value from elsewhere."""
    entry = dict(entry)
    how = data.draw(st.sampled_from(["seat", "drop", "swap", "as_is"]))
    if how == "seat":
        entry["seat"] = data.draw(st.integers(-1, players))
    elif how == "drop" and len(entry) > 1:
        entry.pop(data.draw(st.sampled_from(sorted(k for k in entry if k != "type"))))
    elif how == "swap":
        key = data.draw(st.sampled_from(sorted(entry)))
        entry[key] = data.draw(st.sampled_from([None, 0, 99, "", "XX", "7H", ["7H"], ["AS", "AS"], {"a": 1}, True]))
    return entry


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_sentence_an_engine_says_is_in_the_catalogs(game, data):
    engine = GAMES[game]
    players = data.draw(st.integers(engine.min_players, engine.max_players))
    try:
        state = engine.new_game(NAMES[:players], random_options(engine, data))
    except Refusal as refusal:  # some option sets do not go together
        assert isinstance(refusal.message, Text)
        return
    said: list[Text] = []
    for _step in range(120):
        entries = engine.legal_entries(state)
        if not entries:
            break
        entry = data.draw(st.sampled_from(entries))
        if data.draw(st.booleans()):
            entry = bent(entry, data, players)
        by = data.draw(st.sampled_from([HOST, *range(players)]))
        try:
            after = engine.apply(state, entry, by, ruling=data.draw(st.booleans()))
        except Refusal as refusal:
            assert isinstance(refusal.message, Text), f"{refusal.rule}: {refusal.message!r}"
            said.append(refusal.message)
            continue
        line = engine.describe(state, entry, by)
        assert isinstance(line, Text), f"describe({entry}) -> {line!r}"
        assert all(isinstance(note, Text) for note in after.notes), after.notes
        said += [line, *after.notes, *said_texts(engine.view(after, by))]
        assert engine.load(json.loads(json.dumps(engine.dump(after)))) == after
        state = after
    assert untranslated(said) == []
