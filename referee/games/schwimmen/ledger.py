"""The card ledger (section 3): where every card entered so far is, and the checks that a card
entered is where the entry says it comes from (SC-C1 to SC-C5). Hands stay hidden, but every
exchange is entered with both its cards, so the ledger knows every card seen."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..base import Refusal, Text, counted
from ..cards import SUIT_NAMES, labels, normalise, parse_card, split_tokens
from . import scoring
from .state import State


# --------------------------------------------------------------------------- cards and the ledger


def read_cards(state: State, raw: Any, count: int | None = None, swap: bool = False) -> list[str]:
    """Card codes from an entry: SC-C1 (deck), SC-C5 (shape), SC-R5 for a swap of two."""
    try:
        tokens = split_tokens(raw)
    except ValueError:
        raise Refusal("SC-C5", "List the cards, for example AD KD 10D.", overridable=False) from None
    cards = []
    for token in tokens:
        try:
            card = parse_card(token)
        except ValueError:
            raise Refusal("SC-C1", "{token!r} is not a card.", overridable=False, token=token) from None
        if card.rank == 0 or (state.piquet and card.rank < 7):
            if state.piquet:
                raise Refusal("SC-C1", "{card} is not in the piquet deck.", overridable=False, card=card.code)
            raise Refusal("SC-C1", "{card} is not in the deck.", overridable=False, card=card.code)
        cards.append(card.code)
    if len(set(cards)) != len(cards):
        raise Refusal("SC-C5", "A card appears twice in one entry.", overridable=False)
    if count is not None and len(cards) != count:
        if swap and len(cards) == 2:
            # SC-R5 stays overridable: two cards can be swapped with the centre; the effect swaps each
            # pair, and swap_one's components check that as many cards are taken as given, and are there.
            raise Refusal("SC-R5", "Swap one card or all three, never two.")
        raise Refusal(
            "SC-C5",
            counted("This entry takes exactly {n} card.", "This entry takes exactly {n} cards.", count),
            overridable=False,
        )
    return cards


def ledger(state: State, public: bool = False) -> dict[str, str]:
    """Card -> where it is: centre, set_aside, stock_known, discard, hand:P or shown:P; a card
    not listed is unknown. ``public`` leaves out reveals the table may not see yet."""
    places = {}
    for seat, cards in enumerate(state.known):
        places.update(dict.fromkeys(cards, f"hand:{seat}"))
    for shown, entry in state.reveals.items():
        if not public or shown == str(state.shower):
            places.update(dict.fromkeys(entry.get("cards", []), f"shown:{shown}"))
    for place in ("discard", "stock_known", "set_aside", "centre"):  # the later wins
        places.update(dict.fromkeys(getattr(state, place), place))
    return places


def location(state: State, code: str) -> str:
    """Where the ledger puts one card (section 3), as the table may know it: a reveal still hidden
    is not in it (issue 25). A check of an entry against a hidden reveal would tell the entering
    phone that card's place; reveals are checked against each other once all are in
    (``showdown.clashes``)."""
    return ledger(state, public=True).get(code, "unknown")


def _misplaced(state: State, card: str, place: str) -> Text:
    """SC-C2: a card leaving a hand is somewhere else (``place``, from the ledger)."""
    card = parse_card(card).label
    if place.startswith("hand:"):
        return Text(
            "{card} is known to be in {name}'s hand, not in your hand.", card=card, name=state.players[int(place[5:])]
        )
    if place.startswith("shown:"):
        return Text(
            "{card} is in {name}'s shown hand, not in your hand.", card=card, name=state.players[int(place[6:])]
        )
    if place == "centre":
        return Text("{card} is in the centre, not in your hand.", card=card)
    if place == "set_aside":
        return Text("{card} is set aside, not in your hand.", card=card)
    if place == "stock_known":
        return Text("{card} is in the stock, not in your hand.", card=card)
    return Text("{card} is on the discard pile, not in your hand.", card=card)


def _seen(state: State, card: str, place: str) -> Text:
    """SC-C2: a card turned up from the stock was seen elsewhere (``place``, from the ledger)."""
    card = parse_card(card).label
    if place.startswith("hand:"):
        return Text("{card} is known to be in {name}'s hand.", card=card, name=state.players[int(place[5:])])
    if place.startswith("shown:"):
        return Text("{card} is in {name}'s shown hand.", card=card, name=state.players[int(place[6:])])
    if place == "centre":
        return Text("{card} is in the centre.", card=card)
    if place == "set_aside":
        return Text("{card} is set aside.", card=card)
    return Text("{card} is on the discard pile.", card=card)


def laid_open(state: State, seat: int) -> list[str]:
    """The cards of a hand that lies open on the table (a show under ``show_effect = close``, which
    leaves the other players a last turn), else none. Such a hand is fully known and stays as shown:
    a ruling may give its player a turn, but only a card drawn unseen can leave it."""
    cards: list[str] = state.reveals.get(str(seat), {}).get("cards", [])
    return cards


def check_hand_closed(state: State, seat: int) -> None:
    """SC-C3: a hand that lies open on the table gives no card of it (a swap, a discard after
    taking the pile). Not overridable: the shown cards stay on the table."""
    shown = laid_open(state, seat)
    if shown:
        raise Refusal(
            "SC-C3",
            "Your hand lies open on the table ({cards}): none of it can be given.",
            overridable=False,
            cards=labels(shown),
        )


def check_leaving_hand(state: State, seat: int, cards: list[str], drew_unseen: bool = False) -> None:
    """SC-C2 and SC-C3: cards that leave a hand were in it, as far as the ledger knows. After
    an unseen draw from the stock a fully known hand holds a fourth card nobody saw. Neither is
    overridable: the card is known to be elsewhere, and a ruling would put it in two places."""
    shown = laid_open(state, seat)
    if not drew_unseen or set(cards) & set(shown):
        check_hand_closed(state, seat)
    known = state.known[seat]
    if len(known) == 3 and not drew_unseen:
        for card in cards:
            if card not in known:
                raise Refusal("SC-C3", "Your hand is known: {cards}.", overridable=False, cards=labels(known))
    for card in cards:
        place = location(state, card)
        if place not in ("unknown", f"hand:{seat}"):
            raise Refusal("SC-C2", _misplaced(state, card, place), overridable=False)


def check_from_stock(state: State, cards: list[str]) -> None:
    """SC-C2: cards turned up from the stock were never seen elsewhere, and no more of them are
    new than the stock holds unseen cards (after a reshuffle the rest are set-aside cards). Not
    overridable: a card seen elsewhere, or more new cards than the stock holds, is no ruling."""
    for card in cards:
        place = location(state, card)
        if place not in ("unknown", "stock_known"):
            raise Refusal("SC-C2", _seen(state, card, place), overridable=False)
    new = sum(location(state, card) == "unknown" for card in cards)
    unseen = max(0, state.stock - len(state.stock_known))
    if new > unseen:
        if state.stock_known:
            raise Refusal(
                "SC-C2",
                counted(
                    "The stock holds the set-aside cards {cards} and only {n} other card: "
                    "at most {n} of these cards can be new.",
                    "The stock holds the set-aside cards {cards} and only {n} other cards: "
                    "at most {n} of these cards can be new.",
                    unseen,
                    cards=labels(state.stock_known),
                ),
                overridable=False,
            )
        raise Refusal(
            "SC-C2",
            counted(
                "The stock holds only {n} card: at most {n} of these cards can be new.",
                "The stock holds only {n} cards: at most {n} of these cards can be new.",
                unseen,
            ),
            overridable=False,
        )


def check_keeps_known(state: State, seat: int, cards: list[str]) -> None:
    """SC-C4: a whole-hand entry holds every card known to be in that hand."""
    for card in state.known[seat]:
        if card not in cards:
            # SC-C4: not overridable: the card is known to be in this hand.
            raise Refusal(
                "SC-C4",
                "You took {card} and never gave it back: it must be among your three cards.",
                overridable=False,
                card=parse_card(card).label,
            )


def hand_value(state: State, seat: int, cards: list[str]) -> scoring.Hand:
    return scoring.hand_of(seat, [parse_card(c) for c in cards], state.options["three_of_a_kind"])


def points(value: float) -> str:
    """A hand's value as people write it: 27, 30.5."""
    return format(value, "g")


def suit_name(suit: str | None) -> str:
    """A scoring suit said in words (a Text), or '?' when a score-only entry named none."""
    return SUIT_NAMES.get(suit or "", "?")


def said_cards(action: Any, field: str) -> str:
    """The cards of one field of an entry as people read them, for its history line."""
    try:
        return labels(normalise(t) for t in split_tokens(action.get(field)))
    except ValueError:
        return "?"


# --------------------------------------------------------------------------- moving cards


def take_from_stock(state: State, count: int) -> None:
    """SC-C8: the stock never goes below zero, not even under a table ruling."""
    if state.stock < count:
        state.notes.append(
            counted(
                "The stock had only {n} card: it stays at 0.",
                "The stock had only {n} cards: it stays at 0.",
                state.stock,
            )
        )
    state.stock = max(0, state.stock - count)


def forget(state: State, cards: Iterable[str]) -> None:
    """Take cards off the ledger before they are placed anew, so that each card has one
    place even when a table ruling moved a card the ledger had somewhere else."""
    cards = list(cards)
    for place in ("centre", "discard", "stock_known", "set_aside"):
        setattr(state, place, [c for c in getattr(state, place) if c not in cards])
    state.known = [[c for c in hand if c not in cards] for hand in state.known]


def turn_up_centre(state: State, cards: list[str]) -> None:
    """Three cards from the stock become the centre (lay_centre, refresh)."""
    take_from_stock(state, 3)
    forget(state, cards)
    state.centre = cards
