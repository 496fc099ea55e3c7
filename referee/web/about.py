"""Sentences said to the maker of an entry, said about a player instead.

An engine refuses an entry in the words of whoever made it: "It is Ann's turn, not yours." On the
host's phone, entering for Cem, "you" is the wrong person: the page says it about Cem ("It is
Ann's turn, not Cem's."). The engines stay as they are; this table holds, for each of their
"you" sentences, the same sentence about ``{player}``, with every field of the original.
A "you" sentence not in the table (an engine's new one) is said to the player by name:
"Cem: …". ``tests/web/test_said_about.py`` fails while an engine says a "you" sentence this
table does not know.

babel.cfg reads this file with the engines' extractor: each variant is a literal ``Text``.
"""

from __future__ import annotations

import re

from ..games import GAMES
from ..games.base import Text

YOU = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)

ABOUT_A_PLAYER: dict[str, Text] = {
    # Schwimmen
    "{card} is on the discard pile, not in your hand.": Text("{card} is on the discard pile, not in {player}'s hand."),
    "At this table you swap with the centre; there is no drawing and discarding.": Text(
        "At this table {player} swaps with the centre; there is no drawing and discarding."
    ),
    "{card} is known to be in {name}'s hand, not in your hand.": Text(
        "{card} is known to be in {name}'s hand, not in {player}'s."
    ),
    "{card} is in {name}'s shown hand, not in your hand.": Text("{card} is in {name}'s shown hand, not in {player}'s."),
    "{card} is in the centre, not in your hand.": Text("{card} is in the centre, not in {player}'s hand."),
    "{card} is set aside, not in your hand.": Text("{card} is set aside, not in {player}'s hand."),
    "{card} is in the stock, not in your hand.": Text("{card} is in the stock, not in {player}'s hand."),
    "You are out of this game.": Text("{player} is out of this game."),
    "At this table you draw and discard; there is no centre to swap with.": Text(
        "At this table {player} draws and discards; there is no centre to swap with."
    ),
    "The round is at the showdown: reveal your hand.": Text("The round is at the showdown: reveal {player}'s hand."),
    "{name} has already closed: take your last turn.": Text("{name} has already closed: this is {player}'s last turn."),
    "You cannot close on your first turn.": Text("{player} cannot close on their first turn."),
    "You took {card} from the discard pile: discard another card.": Text(
        "{player} took {card} from the discard pile: discard another card."
    ),
    "You took {card} and never gave it back: it must be among your three cards.": Text(
        "{player} took {card} and never gave it back: it must be among {player}'s three cards."
    ),
    "You hold {card} from the centre: it must be among the three you give.": Text(
        "{player} holds {card} from the centre: it must be among the three {player} gives."
    ),
    "Your hand ({cards}) is worth {value}: you need more than 20 to close.": Text(
        "{player}'s hand ({cards}) is worth {value}: closing needs more than 20."
    ),
    "You may lay down 31 on your own turn.": Text("{player} may lay down 31 on their own turn."),
    "Your hand is known: {cards}.": Text("{player}'s hand is known: {cards}."),
    "Your hand lies open on the table ({cards}): none of it can be given.": Text(
        "{player}'s hand lies open on the table ({cards}): none of it can be given."
    ),
    "You can make entries only for your own seat.": Text("{player}'s phone makes entries only for {player}'s seat."),
    # Switch 16
    "Your roll {dice} makes card {made} but not card {missing}.": Text(
        "{player}'s roll {dice} makes card {made} but not card {missing}."
    ),
    "You can roll again only after discarding from your last roll.": Text(
        "{player} can roll again only after discarding from the last roll."
    ),
    "Your top card is {top}: roll {needed} number dice.": Text(
        "{player}'s top card is {top}: roll {needed} number dice."
    ),
    "Your deck is blocked.": Text("{player}'s deck is blocked."),
    "Your roll {dice} makes no more cards: stop, or take a risk.": Text(
        "{player}'s roll {dice} makes no more cards: stop, or take a risk."
    ),
    "Roll first; you can stop after your roll is resolved.": Text(
        "Roll first; {player} can stop once the roll is resolved."
    ),
    "Nobody's top card is lower than yours: a red switch swaps with nobody.": Text(
        "Nobody's top card is lower than {player}'s: a red switch swaps with nobody."
    ),
    "You have passed once this round: swap (or close).": Text("{player} has passed once this round: swap (or close)."),
    "You have no uncovered mystery card to flip.": Text("{player} has no uncovered mystery card to flip."),
    "You have no card in hand or face up: flip a mystery card.": Text(
        "{player} has no card in hand or face up: flip a mystery card."
    ),
    # Switch To
    "Only one token can be flipped, and only when you pass.": Text(
        "Only one token can be flipped, and only when {player} passes."
    ),
    "You have no play token left, so you can only pass.": Text(
        "{player} has no play token left, so {player} can only pass."
    ),
    "You hold no wild token; you can flip one when you pass.": Text(
        "{player} holds no wild token; {player} can flip one when passing."
    ),
    "You have no play token to flip.": Text("{player} has no play token to flip."),
    "You have no wild token to flip.": Text("{player} has no wild token to flip."),
    "Tap the cards you play: a play holds at least one card.": Text(
        "Tap the cards {player} plays: a play holds at least one card."
    ),
    "Your hand is empty, so you can only pass.": Text("{player}'s hand is empty, so {player} can only pass."),
    "You have only {n} card in hand.": Text(
        "{player} has only {n} card in hand.", "{player} has only {n} cards in hand."
    ),
    "With {n} card you need a card higher than {rank}.": Text(
        "With {n} card {player} needs a card higher than {rank}.",
        "With {n} cards {player} needs a card higher than {rank}.",
    ),
    "With {n} card you need a card lower than {rank}.": Text(
        "With {n} card {player} needs a card lower than {rank}.",
        "With {n} cards {player} needs a card lower than {rank}.",
    ),
    # Swoop
    "Your hand is known to be {listed}: it holds only {most} {ranks}.": Text(
        "{player}'s hand is known to be {listed}: it holds only {most} {ranks}."
    ),
    "This hand is over: enter the cards you still hold.": Text(
        "This hand is over: enter the cards {player} still holds."
    ),
    "It is {name}'s turn, not yours.": Text("It is {name}'s turn, not {player}'s."),
    "Your hand is known to be {listed} and {n} other card: it holds at most {most} {ranks}.": Text(
        "{player}'s hand is known to be {listed} and {n} other card: it holds at most {most} {ranks}.",
        "{player}'s hand is known to be {listed} and {n} other cards: it holds at most {most} {ranks}.",
    ),
    "Your hand is known to be {listed}: it holds no {rank}.": Text(
        "{player}'s hand is known to be {listed}: it holds no {rank}."
    ),
    "The revealed {rank} is higher than the {top} on top: you pick up the pile and the {rank}; nothing may be added.": Text(
        "The revealed {rank} is higher than the {top} on top: {player} picks up the pile and the {rank}; "
        "nothing may be added."
    ),
    "You just swooped: continue the chain or lead.": Text("{player} just swooped: continue the chain or lead."),
    "The pile is empty: you lead.": Text("The pile is empty: {player} leads."),
    "You already declared for this hand.": Text("{player} already declared for this hand."),
    "You hold {hand} and {mystery}; you entered {hand_entered} and {mystery_entered}.": Text(
        "{player} holds {hand} and {mystery}; the entry says {hand_entered} and {mystery_entered}."
    ),
    "Your face-up slot {slot} is empty.": Text("{player}'s face-up slot {slot} is empty."),
    "Your face-up slot {slot} shows {shows}, not {rank}.": Text(
        "{player}'s face-up slot {slot} shows {shows}, not {rank}."
    ),
    "{n} {ranks} is already on top: you may add only {more} more.": Text(
        "{n} {ranks} is already on top: {player} may add only {more} more.",
        "{n} {ranks} are already on top: {player} may add only {more} more.",
    ),
    "You picked up {n} {ranks} this hand: your declaration must include it.": Text(
        "{player} picked up {n} {ranks} this hand: the declaration must include it.",
        "{player} picked up {n} {ranks} this hand: the declaration must include them.",
    ),
    # Was Sticht
    "That chip is not yours.": Text("That chip is not {player}'s."),
    "{led} was led: you must play a {colour} card that is not a trump (you hold {held}).": Text(
        "{led} was led: {player} must play a {colour} card that is not a trump ({player} holds {held})."
    ),
    "In this game you may not take a second “{chip}” chip while other kinds are still available.": Text(
        "In this game {player} may not take a second “{chip}” chip while other kinds are still available."
    ),
    "You did not take {card} in this round's draft.": Text("{player} did not take {card} in this round's draft."),
    "You already played {card} in trick {trick}.": Text("{player} already played {card} in trick {trick}."),
    "A trump was led: you must play a trump, colour or number (you hold {held}).": Text(
        "A trump was led: {player} must play a trump, colour or number ({player} holds {held})."
    ),
    "{led} was led: you must play a {colour} card (you hold {held}).": Text(
        "{led} was led: {player} must play a {colour} card ({player} holds {held})."
    ),
    "Choose one of your uncompleted chips.": Text("Choose one of {player}'s uncompleted chips."),
}

SAID_TO = Text("{player}: {sentence}")
"""A "you" sentence the table does not know yet, said to the player by name."""


def games_variant(template: str) -> Text | None:
    """The sentence about a player that a game kept outside referee/games brings itself."""
    return next(
        (game.said_about_a_player[template] for game in GAMES.values() if template in game.said_about_a_player), None
    )


def about_player(sentence, player: str):
    """``sentence`` (an engine's Text) said about ``player`` when it is said to "you"; any other
    sentence as it is."""
    if not isinstance(sentence, Text) or not YOU.search(sentence.template):
        return sentence
    variant = ABOUT_A_PLAYER.get(sentence.template) or games_variant(sentence.template)
    if variant is None:
        return Text(SAID_TO.template, player=player, sentence=sentence)
    return Text(variant.template, variant.plural, **{**sentence.params, "player": player})
