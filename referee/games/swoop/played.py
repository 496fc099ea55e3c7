"""The cards a play or a flip lays: reading them, and the checks that they go together and are
there (SW-R3 to SW-R7, SW-C1 to SW-C3), shared by ``play.py`` and ``flip.py``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import Refusal, Text, counted, read_int, unreadable
from .ranks import check_copies, is_higher, name_of_rank, parse_rank, rank_label, see, unseen
from .state import CHAIN, FOLLOW, ORDER, SOURCES, State


@dataclass(frozen=True)
class Card:
    rank: str
    source: str


def play_cards(action: Mapping[str, Any], field: str = "cards") -> list[Card]:
    """The cards of a play: listed in ``cards``, or given as a ``rank`` with a number from the
    ``hand`` and the face-up slots in ``up`` (what the phone's form sends)."""
    if action.get(field) is not None or "rank" not in action:
        return read_play(action.get(field) or [])
    rank = parse_rank(action.get("rank"))
    from_hand = read_int(action.get("hand", 1))
    slots = action.get("up") or []
    slots = [slots] if isinstance(slots, str) else slots
    if from_hand is None or not 0 <= from_hand <= 4 or not isinstance(slots, list):
        raise unreadable("Say how many cards come from the hand (0-4) and which face-up slots.")
    return [Card(rank, "hand")] * from_hand + read_play([f"{rank}@{slot}" for slot in slots])


def flip_adds(action: Mapping[str, Any], revealed: str) -> list[Card]:
    """Add-ons of a flip: listed in ``add``, or ``add_hand`` cards from the hand and the
    face-up slots in ``add_up``, all of the revealed rank."""
    if action.get("add") is not None or ("add_hand" not in action and "add_up" not in action):
        return read_play(action.get("add") or [])
    return play_cards({"rank": revealed, "hand": action.get("add_hand", 0), "up": action.get("add_up")})


def read_play(raw: Any) -> list[Card]:
    """Cards as ``"9@hand"``, ``"9@up2"``, ``{"rank": "9", "source": "up2"}`` or a bare rank (hand)."""
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    if not isinstance(raw, list):
        raise Refusal("SW-C7", "List the cards, for example 9@hand 9@up2.", overridable=False)
    cards = []
    for item in raw:
        if isinstance(item, Mapping):
            rank, source = item.get("rank"), item.get("source", "hand")
        elif isinstance(item, str):
            rank, _, source = item.partition("@")
            source = source or "hand"
        else:
            raise Refusal("SW-C7", "List the cards, for example 9@hand 9@up2.", overridable=False)
        if source not in SOURCES:
            raise unreadable("A card comes from hand or up1 to up4, not {source!r}.", source=str(source)[:12])
        cards.append(Card(parse_rank(rank), source))
    return cards


# --------------------------------------------------------------------------- checks


def check_cards(state: State, seat: int, cards: list[Card], revealed: str | None = None) -> None:
    """SW-R3 to SW-R6, SW-C2, SW-C3 and SW-C1 for the cards of a play or a flip."""
    ranks = [c.rank for c in cards] + ([revealed] if revealed else [])
    if not 1 <= len(ranks) <= 4:
        # SW-R3 stays overridable: a play of 0 or 5+ cards is a legality matter (the components: the cards exist).
        raise Refusal("SW-R3", "A play is one to four cards.")
    check_one_rank(ranks)
    check_real(state, seat, cards, revealed)


def check_one_rank(ranks: list[str]) -> None:
    if len(set(ranks)) > 1:
        # SW-R4: not overridable: the rules give a play of mixed ranks no meaning (which card goes under
        # the top, does a 10 among them swoop?), and recording one would put a 10 or joker in the pile.
        raise Refusal("SW-R4", "All cards in one play must have the same rank.", overridable=False)


def check_real(state: State, seat: int, cards: list[Card], revealed: str | None = None) -> None:
    """SW-R5, SW-C2, SW-C3, SW-C1: the cards are there. None is overridable: a ruling waives a rule,
    it does not put a card in an empty slot, a hand or the packs. Each card is checked for its own
    rank, so this holds for a ruled play of mixed ranks too."""
    slots = [c.source for c in cards if c.source != "hand"]
    if len(set(slots)) != len(slots):  # one face-up card played twice
        raise Refusal("SW-R5", "A face-up slot can be named once per play.", overridable=False)
    for card in cards:
        if card.source == "hand":
            continue
        shows = state.up[seat][int(card.source[2]) - 1]
        if shows is None:
            raise Refusal("SW-R5", "Your face-up slot {slot} is empty.", overridable=False, slot=card.source[2])
        if shows != card.rank:  # the card in the slot is public: it is no other rank
            raise Refusal(
                "SW-R5",
                "Your face-up slot {slot} shows {shows}, not {rank}.",
                overridable=False,
                slot=card.source[2],
                shows=shows,
                rank=card.rank,
            )
    from_hand = Counter(c.rank for c in cards if c.source == "hand")
    if sum(from_hand.values()) > state.hand_count[seat]:  # the hand count is exact
        raise Refusal(
            "SW-C2",
            counted("You have only {n} card in hand.", "You have only {n} cards in hand.", state.hand_count[seat]),
            overridable=False,
        )
    known = Counter(state.known[seat])
    unmatched = Counter({rank: n - min(known[rank], n) for rank, n in from_hand.items()})
    if sum(unmatched.values()) > state.hand_count[seat] - len(state.known[seat]):  # picked-up cards are known
        rank = next(rank for rank, n in unmatched.items() if n)
        raise Refusal("SW-C3", known_hand_message(state, seat, rank), overridable=False)
    check_copies(state, unmatched + Counter([revealed] if revealed else []))


def known_hand_message(state: State, seat: int, rank: str) -> Text:
    """SW-C3 in words: what the hand is known to hold, and how many of ``rank`` it can hold."""
    known = state.known[seat]
    listed = ", ".join(sorted(known, key=lambda r: -ORDER.get(r, 14)))
    others = state.hand_count[seat] - len(known)
    most = known.count(rank) + others
    if others:
        return counted(
            "Your hand is known to be {listed} and {n} other card: it holds at most {most} {ranks}.",
            "Your hand is known to be {listed} and {n} other cards: it holds at most {most} {ranks}.",
            others,
            listed=listed,
            most=most,
            ranks=name_of_rank(rank, most),
        )
    if not most:
        return Text("Your hand is known to be {listed}: it holds no {rank}.", listed=listed, rank=rank)
    return Text(
        "Your hand is known to be {listed}: it holds only {most} {ranks}.",
        listed=listed,
        most=most,
        ranks=name_of_rank(rank, most),
    )


def check_no_fifth(state: State, rank: str, n: int) -> None:
    """SW-R7: outside a chain, a play on the top run keeps it at four or fewer."""
    top, k = state.top_run()
    if state.mode != CHAIN and top == rank and k + n > 4 and state.options["overfill_swoops"] != "true":
        raise Refusal(
            "SW-R7",
            counted(
                "{n} {ranks} is already on top: you may add only {more} more.",
                "{n} {ranks} are already on top: you may add only {more} more.",
                k,
                ranks=name_of_rank(rank, k),
                more=4 - k,
            ),
        )


def higher_than_top(state: State, rank: str) -> bool:
    """A play of ``rank`` now would pick up the pile."""
    return state.mode == FOLLOW and is_higher(rank, state.pile[-1] if state.pile else None)


# --------------------------------------------------------------------------- effect and words


def take_from(state: State, seat: int, cards: list[Card]) -> None:
    """Remove played cards from the player: face-up slots, then hand (known ranks first)."""
    for card in cards:
        if card.source == "hand":
            if state.hand_count[seat] == 0:  # only under a table ruling (SW-C2 overridden)
                state.notes.append(Text("{name}'s hand count stays at 0.", name=state.players[seat]))
            state.hand_count[seat] = max(0, state.hand_count[seat] - 1)
            if card.rank in state.known[seat]:
                state.known[seat].remove(card.rank)
            else:
                see(state, Counter([card.rank]))
        else:
            state.up[seat][int(card.source[2]) - 1] = None


def cards_text(cards: list[Card]) -> Text:
    """'7 from the hand', '3× 9 from the hand and face-up slots 1, 2' (the count tells how many
    came from the hand); ``cards`` is not empty."""
    slots = [c.source[2] for c in cards if c.source != "hand"]
    label = rank_label(cards[0].rank)
    played = Text("{n}× {rank}", n=len(cards), rank=label) if len(cards) > 1 else label
    if not slots:
        return Text("{cards} from the hand", cards=played)
    if len(slots) == len(cards):
        return counted(
            "{cards} from face-up slot {slots}",
            "{cards} from face-up slots {slots}",
            len(slots),
            cards=played,
            slots=", ".join(slots),
        )
    return counted(
        "{cards} from the hand and face-up slot {slots}",
        "{cards} from the hand and face-up slots {slots}",
        len(slots),
        cards=played,
        slots=", ".join(slots),
    )


# --------------------------------------------------------------------------- candidates


def hand_can_hold(state: State, seat: int, rank: str) -> int:
    """How many cards of ``rank`` the hand may hold: known ones plus unknown ones copies allow."""
    hidden = state.hand_count[seat] - len(state.known[seat])
    return state.known[seat].count(rank) + min(hidden, max(0, unseen(state, rank)))


def face_up_of(state: State, seat: int, rank: str) -> list[str]:
    """The seat's face-up cards of ``rank`` as play sources (``"7@up1"``)."""
    return [f"{rank}@up{i + 1}" for i, shown in enumerate(state.up[seat]) if shown == rank]
