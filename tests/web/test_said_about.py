"""A refusal of an entry the host made for a player speaks of that player, not "you" (issue 15,
moment 5): every "you" sentence an engine can say has its sentence about ``{player}``, with the
same fields, in both catalogs; the host's page says it; a seat's own phone is still told "you"."""

from __future__ import annotations

import string
import sys
from pathlib import Path

from referee.games import GAMES
from referee.games.base import Text, counted
from referee.i18n_extract import sentence_templates
from referee.web.about import ABOUT_A_PLAYER, YOU, about_player
from tests.games.test_sentences import untranslated

from tests.helpers import Phone, visible

ROOT = Path(__file__).resolve().parents[2]


def you_sentences() -> dict[str, str | None]:
    """Every literal sentence template of the engines that says "you", with its plural: those
    under referee/games/ and those of the games kept elsewhere (the toy game)."""
    found = {}
    for path in sorted({*(ROOT / "referee" / "games").rglob("*.py"), *own_engine_files()}):
        for _line, template in sentence_templates(path.read_text()):
            singular, plural = template if isinstance(template, tuple) else (template, None)
            if YOU.search(singular):
                found[singular] = plural
    return found


def own_engine_files() -> set[Path]:
    return {Path(sys.modules[type(game).__module__].__file__) for game in GAMES.values() if game.said_about_a_player}


def said_about_a_player() -> dict[str, Text]:
    """referee/web/about.py's sentences, and those each game kept elsewhere brings."""
    return {**ABOUT_A_PLAYER, **{k: v for game in GAMES.values() for k, v in game.said_about_a_player.items()}}


def fields(template: str | None) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template or "") if name}


def test_the_engines_say_you_sentences_and_the_search_finds_them():
    assert "It is {name}'s turn, not yours." in you_sentences()
    assert len(you_sentences()) > 40


def test_every_you_sentence_of_every_engine_has_its_sentence_about_a_player():
    missing = sorted(set(you_sentences()) - set(said_about_a_player()))
    assert missing == [], "add these to referee/web/about.py (and the catalogs)"


def test_each_sentence_about_a_player_keeps_the_fields_and_the_plural_and_drops_you():
    for template, plural in you_sentences().items():
        about = said_about_a_player()[template]
        assert fields(about.template) == fields(template) | {"player"}, template
        assert (about.plural is None) == (plural is None), template
        if plural:
            assert fields(about.plural) == fields(plural) | {"player"}, template
        assert not YOU.search(about.template) and not YOU.search(about.plural or ""), about.template


def test_every_sentence_about_a_player_is_in_both_catalogs_with_its_fields():
    said = [
        Text(about.template, about.plural, **{name: "x" for name in fields(about.template) | {"n"}})
        for about in ABOUT_A_PLAYER.values()
    ]
    assert untranslated(said) == []


def test_a_sentence_is_said_about_the_player_with_its_parts_and_count():
    said = about_player(
        counted(
            "With {n} card you need a card higher than {rank}.",
            "With {n} cards you need a card higher than {rank}.",
            2,
            rank=6,
        ),
        "Cem",
    )
    assert said == "With 2 cards Cem needs a card higher than 6." and said.params["rank"] == 6
    assert about_player(Text("It is {name}'s turn, not yours.", name="Ann"), "Cem") == "It is Ann's turn, not Cem's."
    toy = Text("Name one of your cards, like 7H or QS.")  # a game kept elsewhere brings its own
    assert about_player(toy, "Cem") == "Name one of Cem's cards, like 7H or QS."


def test_a_sentence_without_you_stays_and_an_unknown_one_is_said_to_the_player():
    plain = Text("The table shows {n} cards.", n=2)
    assert about_player(plain, "Cem") is plain
    assert about_player(Text("You youngsters may {x}.", x="go"), "Cem") == "Cem: You youngsters may go."


# --------------------------------------------------------------------------- on the pages


def _played_six(app) -> tuple[Phone, Phone]:
    """Ann (on her own phone) has led the 6 of spades; it is Ben's turn, and Ben has no phone."""
    host, ann = Phone(app), Phone(app)
    host.open_table(["Ann", "Ben"])
    host.look()
    ann.look(host.code)
    ann.join(0)
    host.enter({"type": "start_round", "removed_suit": "C"})
    ann.look()
    ann.enter({"type": "predict", "seat": 0, "value": 2})
    host.look()
    host.enter({"type": "predict", "seat": 1, "value": 1})
    ann.look()
    assert ann.enter({"type": "play", "seat": 0, "cards": ["6S"]}).status_code == 200
    host.look()
    return host, ann


def test_the_hosts_page_says_a_refusal_of_bens_entry_about_ben(app):
    host, _ann = _played_six(app)
    response = host.enter({"type": "play", "seat": 1, "cards": ["5H"]})
    page = visible(response)
    assert response.status_code == 422 and "With 1 card Ben needs a card higher than 6." in page
    assert "you need" not in page
    assert "Not recorded: Ben played 5♥" in page and "Accept anyway as a table ruling: Ben played 5♥" in page


def test_a_seats_own_phone_is_still_told_you(app):
    host, ann = _played_six(app)
    assert host.enter({"type": "play", "seat": 1, "cards": ["7S"]}).status_code == 200
    ann.look()
    response = ann.enter({"type": "play", "seat": 0, "cards": ["5H"]})
    assert response.status_code == 422 and "With 1 card you need a card higher than 7." in visible(response)
