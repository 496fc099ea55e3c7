"""German words at the table (issue 27): a sentence's cards print as the German board prints
them, Was Sticht's lines keep their tense and their one word for a chip ("Auftrag")."""

from __future__ import annotations

from referee.games.base import Text
from referee.i18n import translate


def german(app, text: Text) -> str:
    with app.test_request_context(headers={"Accept-Language": "de"}):
        return translate(text)


def test_cards_in_a_sentence_print_as_german_cards(app):
    said = german(app, Text("{name} played {cards}", name="Ann", cards="J♠ Q♥ K♦ 10♣"))
    assert "B♠ D♥ K♦ 10♣" in said and "J♠" not in said
    assert "B♥ D♦ ★9" in german(app, Text("{name} played {cards}", name="Ann", cards="J♥ Q♦ ★9"))
    assert "Jo" in german(app, Text("{name} played {cards}", name="Jo", cards="J"))  # only parts that are cards


def test_was_sticht_lines_keep_their_tense_and_their_word_for_a_chip(app):
    assert german(app, Text("{name} picked {card}", name="Ben", card="Rot 3")) == "Ben hat Rot 3 gewählt"
    assert (
        german(app, Text("{name} took a chip: {chip}", name="Ben", chip=Text("exactly 1")))
        == "Ben hat einen Auftrag genommen: Genau 1 Stich"
    )
