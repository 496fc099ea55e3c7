"""Swoop: the rules engine (``../shared/rules/swoop.md``).

Suits never matter, so cards are ranks (``A 2 .. 9 10 J Q K JK``). Almost everything is public:
face-up rows, every card that reaches the pile, flipped mystery cards and pick-ups. The engine
keeps the pile, each player's counts, face-up slots, mystery slots and the ranks known to be in
a hand after a pick-up, and counts every copy seen against the packs in play.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .base import (
    HOST,
    Option,
    Refusal,
    Text,
    apply_checked,
    check_players,
    check_rules,
    counted,
    dump_state,
    entry_type,
    join_names,
    next_seat,
    not_yours,
    passes,
    read_int,
    refused_rule,
    resolve_options,
    revive_texts,
    unreadable,
)
from .cards import SUITS, normalise

GAME_ID = "swoop"
TITLE = "Swoop"
MIN_PLAYERS, MAX_PLAYERS = 3, 8
DEALT, HAND, SLOTS = 19, 11, 4
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK")
SWOOP_CARDS = ("10", "JK")
ORDER = {"A": 1, **{str(n): n for n in range(2, 10)}, "J": 11, "Q": 12, "K": 13}
SOURCES = ("hand", "up1", "up2", "up3", "up4")
MAX_COUNT = 54 * 6  # no count of cards can be larger than six packs

OPTIONS = (
    Option("packs", ("auto", "2", "3", "4", "5", "6"), "auto", "Number of 54-card packs.",
           {"auto": "2 for 3-4 players, 3 for 5-6, 4 for 7-8"}),
    Option("overfill_swoops", ("false", "true"), "false", "May a play take the top run past four?",
           {"false": "no fifth card: 4 at most", "true": "yes, and a run of four or more swoops"}),
    Option("chain_swoops", ("true", "false"), "true", "After four of a kind, may the swooper clear the runs below?",
           {"true": "swoop chains", "false": "four of a kind clears the whole pile"}),
    Option("chain_after_swoop_card", ("false", "true"), "false", "Does a 10 or joker open a chain?",
           {"false": "it clears the whole pile", "true": "it removes itself and opens a chain"}),
    Option("mystery_add_ons", ("true", "false"), "true", "May same-rank cards join a flipped mystery card?"),
    Option("low_card_points", ("face", "flat5"), "face", "Points for A to 9 left over.",
           {"face": "face value (A is 1)", "flat5": "5 each"}),
    Option("end_mode", ("target", "hands"), "target", "How the game ends.",
           {"target": "after a hand in which a total reaches the target", "hands": "after a number of hands"}),
    Option("target", (), "500", "Target mode: the total that ends the game.", number=(1, 100_000)),
    Option("hand_limit", (), "0", "Hands mode: hands to play (0: as many as players).", number=(0, 100)),
    Option("starter_rule", ("rotate", "draw_each_hand"), "rotate", "Who starts hands 2 and later.",
           {"rotate": "the seat left of the previous starter", "draw_each_hand": "the host enters it each hand"}),
    Option("show_known_cards", ("false", "true"), "false",
           "Show every seat the ranks each player is known to hold from pick-ups?"),
)

SETUP, PLAY, DECLARE, OVER = "setup", "play", "declare", "over"
LEAD, FOLLOW, CHAIN = "lead", "follow", "chain"
ENTRY_TYPES = {"set_face_up", "set_starter", "play", "flip", "pick_up", "end_chain", "pass", "declare_remaining"}


@dataclass
class State:
    players: list[str]
    options: dict[str, str]
    packs: int
    phase: str = SETUP
    hand_no: int = 1
    starter: int | None = None
    current: int | None = None
    mode: str = LEAD
    pile: list[str] = field(default_factory=list)   # bottom to top
    out_count: int = 0
    hand_count: list[int] = field(default_factory=list)
    known: list[list[str]] = field(default_factory=list)
    up: list[list[str | None]] = field(default_factory=list)
    mystery: list[list[bool]] = field(default_factory=list)
    face_up_set: list[bool] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)
    played: bool = False                                # the first play of the hand is made
    out_player: int | None = None
    declared: dict[str, dict] = field(default_factory=dict)
    scores: list[list[int]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def seat_count(self) -> int:
        return len(self.players)

    def totals(self) -> list[int]:
        return [sum(s) for s in self.scores]

    def top_run(self) -> tuple[str | None, int]:
        if not self.pile:
            return None, 0
        top = self.pile[-1]
        k = 0
        while k < len(self.pile) and self.pile[-1 - k] == top:
            k += 1
        return top, k

    def cards_left(self, seat: int) -> int:
        return self.hand_count[seat] + sum(r is not None for r in self.up[seat]) + sum(self.mystery[seat])


# --------------------------------------------------------------------------- setup, (de)serialising

def default_packs(players: int) -> int:
    return 2 if players <= 4 else 3 if players <= 6 else 4


def new_game(players: Any, options: Mapping[str, Any] | None = None) -> State:
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = resolve_options(OPTIONS, options)
    packs = default_packs(len(names)) if chosen["packs"] == "auto" else int(chosen["packs"])
    if 54 * packs < DEALT * len(names):
        raise Refusal("SW-C9", "{players} players need at least {packs} packs ({dealt} cards are dealt).",
                      overridable=False, players=len(names), packs=default_packs(len(names)), dealt=DEALT * len(names))
    state = State(players=names, options=chosen, packs=packs, scores=[[] for _ in names])
    _new_hand(state)
    return state


def _new_hand(state: State) -> None:
    n = state.seat_count
    state.phase, state.mode, state.pile, state.out_count = SETUP, LEAD, [], 0
    state.hand_count, state.known = [HAND] * n, [[] for _ in range(n)]
    state.up, state.mystery = [[None] * SLOTS for _ in range(n)], [[True] * SLOTS for _ in range(n)]
    state.face_up_set, state.seen, state.played = [False] * n, {}, False
    state.out_player, state.declared, state.current = None, {}, None


def seat_names(state: State) -> list[str]:
    return list(state.players)


def dump(state: State) -> dict:
    return dump_state(state)


def load(data: Mapping[str, Any]) -> State:
    return State(**revive_texts(data))


# --------------------------------------------------------------------------- ranks and copies

def parse_rank(token: Any) -> str:
    """SW-C7: a rank token; a suit letter after it is ignored (7H is a 7)."""
    text = normalise(str(token)) if isinstance(token, (str, int)) and not isinstance(token, bool) else ""
    if text in RANKS:
        return text
    if len(text) > 1 and text[-1] in SUITS and text[:-1] in RANKS and text[:-1] != "JK":
        return text[:-1]
    raise Refusal("SW-C7", "{token!r} is not a card: use A, 2-9, 10, J, Q, K or JK.", overridable=False,
                  token=str(token)[:12])


def copies(state: State, rank: str) -> int:
    return 2 * state.packs if rank == "JK" else 4 * state.packs


def points(state: State, rank: str) -> int:
    if rank in SWOOP_CARDS:
        return 50
    if rank in ("J", "Q", "K"):
        return 10
    return 5 if state.options["low_card_points"] == "flat5" else ORDER[rank]


RANK_WORD = {"A": Text("ace"), "2": Text("two"), "3": Text("three"), "4": Text("four"), "5": Text("five"),
             "6": Text("six"), "7": Text("seven"), "8": Text("eight"), "9": Text("nine"), "10": Text("ten"),
             "J": Text("jack"), "Q": Text("queen"), "K": Text("king"), "JK": Text("joker")}
RANK_WORDS = {"A": Text("aces"), "2": Text("twos"), "3": Text("threes"), "4": Text("fours"), "5": Text("fives"),
              "6": Text("sixes"), "7": Text("sevens"), "8": Text("eights"), "9": Text("nines"), "10": Text("tens"),
              "J": Text("jacks"), "Q": Text("queens"), "K": Text("kings"), "JK": Text("jokers")}
"""Ranks as a sentence says them, one card and several (a word of its own in each language)."""

COUNT_WORDS = {4: Text("Four"), 5: Text("Five"), 6: Text("Six"), 7: Text("Seven")}
"""How many cards a swoop took, at the start of a sentence."""


def _name_of_rank(rank: str, n: int) -> Text:
    """'seven', 'sevens', 'sixes': ranks as a sentence says them."""
    return RANK_WORD[rank] if n == 1 else RANK_WORDS[rank]


def _check_copies(state: State, new: Counter, rule: str = "SW-C1") -> None:
    """SW-C1 (SW-C6 for declarations): no rank seen more often than the packs hold."""
    for rank, n in new.items():
        limit = copies(state, rank)
        if state.seen.get(rank, 0) + n > limit:
            # SW-C1 / SW-C6: not overridable: the packs hold ``limit`` of each rank; no ruling adds a copy.
            raise Refusal(rule, counted(
                "With {packs} packs there are only {limit} {ranks}, and {n} has already been seen this hand.",
                "With {packs} packs there are only {limit} {ranks}, and {n} have already been seen this hand.",
                state.seen.get(rank, 0), packs=state.packs, limit=limit, ranks=_name_of_rank(rank, 2)),
                overridable=False)


# --------------------------------------------------------------------------- checks

def check(state: State, action: Mapping[str, Any], by: Any) -> None:
    kind = _entry_type(action)
    if state.phase == OVER:
        raise Refusal("SW-R2", "The game is over.", overridable=False)
    check_rules(CHECKS[kind], PHYSICAL.get(kind), state, action, by)


def _entry_type(action: Any) -> str:
    return entry_type(action, ENTRY_TYPES, TITLE)


def _seat_for(state: State, action: Mapping[str, Any], by: Any, default: int | None) -> int:
    """The seat an entry is for: the phone's own, or the one the host names (default: current)."""
    named = action.get("seat")
    if by == HOST:
        seat = default if named is None else read_int(named)
        if seat is None or isinstance(named, bool) or not 0 <= seat < state.seat_count:
            raise unreadable("Say which seat this entry is for.")
        return seat
    if not (isinstance(by, int) and 0 <= by < state.seat_count):
        raise not_yours("SW-R1", "Only a player at this table (or the host) can make entries.")
    if named is not None and read_int(named) != by:
        raise not_yours("SW-R1", "Each phone enters for its own seat only (the host can enter for anyone).")
    return by


def _check_set_face_up(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _seat_for(state, action, by, None)
    if state.played or state.phase != SETUP:
        raise Refusal("SW-R2", "Face-up cards are entered before the first play of a hand.", overridable=False)
    ranks = _read_ranks(action.get("ranks"))
    if len(ranks) != SLOTS:
        raise Refusal("SW-C8", "Enter exactly 4 face-up cards, slot 1 to slot 4.", overridable=False)
    if state.face_up_set[seat]:
        raise Refusal("SW-C8", "{name}'s face-up cards are already entered.", overridable=False,
                      name=state.players[seat])
    _check_copies(state, Counter(ranks))


def _read_ranks(raw: Any) -> list[str]:
    """Ranks as a list, a string ('K 9 9 3') or counts by rank ({'K': 2, '9': 1})."""
    if isinstance(raw, Mapping):
        counts = {parse_rank(rank): read_int(n) for rank, n in raw.items() if str(n).strip() not in ("", "0")}
        if any(n is None or not 0 <= n <= MAX_COUNT for n in counts.values()):
            raise Refusal("SW-C7", "Counts of cards are whole numbers from 0 to {most}.", overridable=False,
                          most=MAX_COUNT)
        return [rank for rank in RANKS for _ in range(counts.get(rank, 0))]
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    if not isinstance(raw, list):
        raise Refusal("SW-C7", "List the ranks, for example K 9 9 3.", overridable=False)
    return [parse_rank(token) for token in raw]


def _check_set_starter(state: State, action: Mapping[str, Any], by: Any) -> None:
    if by != HOST:
        raise not_yours("SW-R1", "Only the host enters who starts.")
    seat = read_int(action.get("seat"))
    if seat is None or not 0 <= seat < state.seat_count:
        raise unreadable("Name the starter's seat.")
    if state.played or state.phase != SETUP:
        raise Refusal("SW-R2", "The starter is set before the first play.", overridable=False)


def _check_can_play(state: State, action: Mapping[str, Any], by: Any) -> int:
    """SW-R2 and SW-R1 for the entries of a turn; returns the seat."""
    if state.phase == DECLARE:
        raise Refusal("SW-R2", "This hand is over: enter the cards you still hold.", overridable=False)
    if state.phase == SETUP:
        missing = [state.players[s] for s in range(state.seat_count) if not state.face_up_set[s]]
        if missing:
            raise Refusal("SW-R2", "The hand has not started: face-up cards are missing for {names}.",
                          overridable=False, names=join_names(missing))
        raise Refusal("SW-R2", "The hand has not started: the host enters who starts.", overridable=False)
    seat = _seat_for(state, action, by, state.current)
    if seat != state.current:
        # SW-R1 stays overridable: the named seat acts (the effect); PHYSICAL makes it firm when
        # that seat does not hold the cards.
        raise Refusal("SW-R1", "It is {name}'s turn, not yours.", name=state.players[state.current])
    return seat


@dataclass(frozen=True)
class Card:
    rank: str
    source: str


def _play_cards(action: Mapping[str, Any], field: str = "cards") -> list[Card]:
    """The cards of a play: listed in ``cards``, or given as a ``rank`` with a number from the
    ``hand`` and the face-up slots in ``up`` (what the phone's form sends)."""
    if action.get(field) is not None or "rank" not in action:
        return _read_play(action.get(field) or [])
    rank = parse_rank(action.get("rank"))
    from_hand = read_int(action.get("hand", 1))
    slots = action.get("up") or []
    slots = [slots] if isinstance(slots, str) else slots
    if from_hand is None or not 0 <= from_hand <= 4 or not isinstance(slots, list):
        raise unreadable("Say how many cards come from the hand (0-4) and which face-up slots.")
    return [Card(rank, "hand")] * from_hand + _read_play([f"{rank}@{slot}" for slot in slots])


def _flip_adds(action: Mapping[str, Any], revealed: str) -> list[Card]:
    """Add-ons of a flip: listed in ``add``, or ``add_hand`` cards from the hand and the
    face-up slots in ``add_up``, all of the revealed rank."""
    if action.get("add") is not None or ("add_hand" not in action and "add_up" not in action):
        return _read_play(action.get("add") or [])
    return _play_cards({"rank": revealed, "hand": action.get("add_hand", 0), "up": action.get("add_up")})


def _read_play(raw: Any) -> list[Card]:
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


def _check_cards(state: State, seat: int, cards: list[Card], revealed: str | None = None) -> None:
    """SW-R3 to SW-R6, SW-C2, SW-C3 and SW-C1 for the cards of a play or a flip."""
    ranks = [c.rank for c in cards] + ([revealed] if revealed else [])
    if not 1 <= len(ranks) <= 4:
        # SW-R3 stays overridable: a play of 0 or 5+ cards is a legality matter (PHYSICAL: the cards exist).
        raise Refusal("SW-R3", "A play is one to four cards.")
    _check_one_rank(ranks)
    _check_real(state, seat, cards, revealed)


def _check_one_rank(ranks: list[str]) -> None:
    if len(set(ranks)) > 1:
        # SW-R4: not overridable: the rules give a play of mixed ranks no meaning (which card goes under
        # the top, does a 10 among them swoop?), and recording one would put a 10 or joker in the pile.
        raise Refusal("SW-R4", "All cards in one play must have the same rank.", overridable=False)


def _check_real(state: State, seat: int, cards: list[Card], revealed: str | None = None) -> None:
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
            raise Refusal("SW-R5", "Your face-up slot {slot} shows {shows}, not {rank}.", overridable=False,
                          slot=card.source[2], shows=shows, rank=card.rank)
    from_hand = Counter(c.rank for c in cards if c.source == "hand")
    if sum(from_hand.values()) > state.hand_count[seat]:  # the hand count is exact
        raise Refusal("SW-C2", counted("You have only {n} card in hand.", "You have only {n} cards in hand.",
                                       state.hand_count[seat]), overridable=False)
    known = Counter(state.known[seat])
    unmatched = Counter({rank: n - min(known[rank], n) for rank, n in from_hand.items()})
    if sum(unmatched.values()) > state.hand_count[seat] - len(state.known[seat]):  # picked-up cards are known
        rank = next(rank for rank, n in unmatched.items() if n)
        raise Refusal("SW-C3", _known_hand_message(state, seat, rank), overridable=False)
    _check_copies(state, unmatched + Counter([revealed] if revealed else []))


def _known_hand_message(state: State, seat: int, rank: str) -> Text:
    """SW-C3 in words: what the hand is known to hold, and how many of ``rank`` it can hold."""
    known = state.known[seat]
    listed = ", ".join(sorted(known, key=lambda r: -ORDER.get(r, 14)))
    others = state.hand_count[seat] - len(known)
    most = known.count(rank) + others
    if others:
        return counted("Your hand is known to be {listed} and {n} other card: it holds at most {most} {ranks}.",
                       "Your hand is known to be {listed} and {n} other cards: it holds at most {most} {ranks}.",
                       others, listed=listed, most=most, ranks=_name_of_rank(rank, most))
    if not most:
        return Text("Your hand is known to be {listed}: it holds no {rank}.", listed=listed, rank=rank)
    return Text("Your hand is known to be {listed}: it holds only {most} {ranks}.", listed=listed, most=most,
                ranks=_name_of_rank(rank, most))


def _check_no_fifth(state: State, rank: str, n: int) -> None:
    """SW-R7: outside a chain, a play on the top run keeps it at four or fewer."""
    top, k = state.top_run()
    if state.mode != CHAIN and top == rank and k + n > 4 and state.options["overfill_swoops"] != "true":
        raise Refusal("SW-R7", counted("{n} {ranks} is already on top: you may add only {more} more.",
                                       "{n} {ranks} are already on top: you may add only {more} more.",
                                       k, ranks=_name_of_rank(rank, k), more=4 - k))


def _check_play(state: State, action: Mapping[str, Any], by: Any) -> None:
    cards = _play_cards(action)  # unreadable entries refuse before any rule a ruling may override
    seat = _check_can_play(state, action, by)
    _check_cards(state, seat, cards)
    _check_no_fifth(state, cards[0].rank, len(cards))


def _check_flip(state: State, action: Mapping[str, Any], by: Any) -> None:
    slot = read_int(action.get("slot"))
    if slot is None or not 1 <= slot <= SLOTS:
        raise unreadable("Name the mystery slot, 1 to 4.")
    revealed = parse_rank(action.get("rank"))
    adds = _flip_adds(action, revealed)
    seat = _check_can_play(state, action, by)
    if state.up[seat][slot - 1] is not None:
        # SW-R8 (face-up card still on it) stays overridable: the mystery card is there, under it.
        raise Refusal("SW-R8", "Play the {rank} in slot {slot} before its mystery card.",
                      rank=state.up[seat][slot - 1], slot=slot)
    _check_mystery_left(state, seat, slot)
    if adds and state.options["mystery_add_ons"] != "true":  # SW-R9, SW-R10 stay overridable: legality
        raise Refusal("SW-R10", "At this table a mystery card is played alone.")
    _check_cards(state, seat, adds, revealed=revealed)
    top, _ = state.top_run()
    if adds and state.mode != CHAIN and _is_higher(revealed, top):
        raise Refusal("SW-R9", "The revealed {rank} is higher than the {top} on top: you pick up the pile "
                               "and the {rank}; nothing may be added.", rank=revealed, top=top)
    _check_no_fifth(state, revealed, 1 + len(adds))


def _check_mystery_left(state: State, seat: int, slot: int) -> None:
    if not state.mystery[seat][slot - 1]:
        # SW-R8: not overridable here: the slot's mystery card is gone; a ruling would reveal a card from nowhere.
        raise Refusal("SW-R8", "Slot {slot} has no mystery card left.", overridable=False, slot=slot)


def _physical_play(state: State, action: Mapping[str, Any], by: Any) -> None:
    """A play as a ruling would apply it: one rank, held by the named seat."""
    cards = _play_cards(action)
    _check_one_rank([c.rank for c in cards])
    _check_real(state, _seat_for(state, action, by, state.current), cards)


def _physical_flip(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat, slot = _seat_for(state, action, by, state.current), read_int(action.get("slot"))
    revealed = parse_rank(action.get("rank"))
    adds = _flip_adds(action, revealed)
    _check_mystery_left(state, seat, slot)
    _check_one_rank([revealed] + [c.rank for c in adds])
    _check_real(state, seat, adds, revealed)


PHYSICAL = {"play": _physical_play, "flip": _physical_flip}
"""For each entry, the checks of the components themselves: an overridable refusal becomes firm
when these fail, since a ruling waives a rule, never a card (SW-C1 to SW-C3)."""


def _is_higher(rank: str, top: str | None) -> bool:
    return top is not None and rank not in SWOOP_CARDS and ORDER[rank] > ORDER[top]


def _check_pick_up(state: State, action: Mapping[str, Any], by: Any) -> None:
    _check_can_play(state, action, by)
    if state.mode == CHAIN:  # SW-R11, SW-R12 stay overridable: the pile's cards stay counted either way
        raise Refusal("SW-R11", "You just swooped: continue the chain or lead.")
    if not state.pile:
        raise Refusal("SW-R11", "The pile is empty: you lead.")


def _check_end_chain(state: State, action: Mapping[str, Any], by: Any) -> None:
    _check_can_play(state, action, by)
    if state.mode != CHAIN:
        raise Refusal("SW-R12", "There is no swoop chain to end.")


def _check_pass(state: State, action: Mapping[str, Any], by: Any) -> None:
    raise Refusal("SW-R13", "Swoop has no pass: play, flip a mystery card or pick up the pile.", overridable=False)


def _check_declare(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _seat_for(state, action, by, None)
    if state.phase != DECLARE:
        raise Refusal("SW-R14", "Cards still held are declared when the hand is over.", overridable=False)
    if seat == state.out_player:
        raise Refusal("SW-R14", "Only players still holding cards declare.", overridable=False)
    if str(seat) in state.declared:
        raise Refusal("SW-R14", "You already declared for this hand.", overridable=False)
    hand, mystery = _read_ranks(action.get("hand", [])), _read_ranks(action.get("mystery", []))
    in_hand, in_mystery = state.hand_count[seat], sum(state.mystery[seat])
    if len(hand) != in_hand or len(mystery) != in_mystery:
        # SW-C4, SW-C5: not overridable: the counts are exact and picked-up cards are known to be in the
        # hand; a declaration that differs names cards that are not there.
        raise Refusal("SW-C4", "You hold {hand} and {mystery}; you entered {hand_entered} and {mystery_entered}.",
                      overridable=False, hand=counted("{n} card in hand", "{n} cards in hand", in_hand),
                      mystery=counted("{n} mystery card", "{n} mystery cards", in_mystery),
                      hand_entered=len(hand), mystery_entered=len(mystery))
    missing = Counter(state.known[seat]) - Counter(hand)
    if missing:
        rank, n = next(iter(missing.items()))
        raise Refusal("SW-C5", counted("You picked up {n} {ranks} this hand: your declaration must include it.",
                                       "You picked up {n} {ranks} this hand: your declaration must include them.",
                                       n, ranks=_name_of_rank(rank, n)), overridable=False)
    _check_copies(state, Counter(hand) - Counter(state.known[seat]) + Counter(mystery), rule="SW-C6")


CHECKS = {
    "set_face_up": _check_set_face_up,
    "set_starter": _check_set_starter,
    "play": _check_play,
    "flip": _check_flip,
    "pick_up": _check_pick_up,
    "end_chain": _check_end_chain,
    "pass": _check_pass,
    "declare_remaining": _check_declare,
}


# --------------------------------------------------------------------------- applying

def apply(state: State, action: Mapping[str, Any], by: Any = HOST, *, ruling: bool = False) -> State:
    """The state after ``action``; ``state`` itself is never changed. With ``ruling`` (host
    only) a refused entry is applied anyway as a table ruling, as far as it can be."""

    def effect(new: State) -> None:
        EFFECTS[action["type"]](new, action, by)

    return apply_checked(state, action, by, ruling, check, effect)


def overridden_rule(state: State, action: Mapping[str, Any], by: Any) -> str | None:
    """The rule a table ruling on this entry would override, or None if the entry is legal."""
    return refused_rule(check, state, action, by)


def _effect_set_face_up(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _seat_for(state, action, by, None)
    ranks = _read_ranks(action["ranks"])
    state.up[seat], state.face_up_set[seat] = list(ranks), True
    _see(state, Counter(ranks))
    _maybe_begin(state)


def _effect_set_starter(state: State, action: Mapping[str, Any], by: Any) -> None:
    state.starter = read_int(action["seat"])
    _maybe_begin(state)


def _maybe_begin(state: State) -> None:
    """Play starts once every face-up row is in and a starter is known."""
    if all(state.face_up_set) and state.starter is not None:
        state.phase, state.current, state.mode = PLAY, state.starter, LEAD


def _see(state: State, ranks: Counter) -> None:
    for rank, n in ranks.items():
        state.seen[rank] = state.seen.get(rank, 0) + n


def _take_from(state: State, seat: int, cards: list[Card]) -> None:
    """Remove played cards from the player: face-up slots, then hand (known ranks first)."""
    for card in cards:
        if card.source == "hand":
            if state.hand_count[seat] == 0:  # only under a table ruling (SW-C2 overridden)
                state.notes.append(Text("{name}'s hand count stays at 0.", name=state.players[seat]))
            state.hand_count[seat] = max(0, state.hand_count[seat] - 1)
            if card.rank in state.known[seat]:
                state.known[seat].remove(card.rank)
            else:
                _see(state, Counter([card.rank]))
        else:
            state.up[seat][int(card.source[2]) - 1] = None


def _acting_seat(state: State, action: Mapping[str, Any], by: Any) -> int:
    """Whose turn entry this is: the current player's, or (a table ruling on SW-R1) the seat named."""
    return _seat_for(state, action, by, state.current)


def _effect_play(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _acting_seat(state, action, by)
    cards = _play_cards(action)
    _take_from(state, seat, cards)
    _judge(state, seat, [c.rank for c in cards])


def _effect_flip(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _acting_seat(state, action, by)
    slot, revealed = read_int(action["slot"]), parse_rank(action["rank"])
    adds = _flip_adds(action, revealed)
    state.mystery[seat][slot - 1] = False
    _see(state, Counter([revealed]))
    _take_from(state, seat, adds)
    _judge(state, seat, [revealed] + [c.rank for c in adds])


def _judge(state: State, seat: int, ranks: list[str]) -> None:
    """Section 4.3: where the played cards go and who acts next (after a swoop: ``seat`` again)."""
    state.played, state.current = True, seat
    if not ranks:  # only under a table ruling (SW-R3 overridden)
        state.current, state.mode = next_seat(seat, state.seat_count), FOLLOW if state.pile else LEAD
        state.notes.append(Text("{name} played no card; the turn passes on.", name=state.players[seat]))
        return
    rank, n = ranks[0], len(ranks)
    if state.mode == CHAIN and _chain_step(state, rank, n):
        _end_if_out(state, seat)
        return
    if rank in SWOOP_CARDS:
        _swoop_card(state, seat, rank, n)
    elif not state.pile:
        state.pile = list(ranks)
        _four_of_a_kind(state, seat)
    elif _is_higher(rank, state.pile[-1]):
        _pick_up(state, seat, extra=ranks)
        state.notes.append(Text("{name} played higher and picks up the pile.", name=state.players[seat]))
    else:
        state.pile += ranks
        _four_of_a_kind(state, seat)
    _end_if_out(state, seat)


def _chain_step(state: State, rank: str, n: int) -> bool:
    """In a chain: complete the top run (it leaves play), or end the chain and lead."""
    top, k = state.top_run()
    overfill = state.options["overfill_swoops"] == "true"
    if rank == top and (k + n == 4 or (overfill and k + n >= 4)):
        del state.pile[-k:]
        state.out_count += k + n
        state.notes.append(Text("Chain swoop: the {ranks} leave play.", ranks=_name_of_rank(rank, 2)))
        if not state.pile:
            state.mode = LEAD
        return True
    state.out_count += len(state.pile)
    state.pile, state.mode = [], LEAD
    state.notes.append(Text("This ends the chain: the rest of the pile is cleared and the cards start a new pile."))
    return False


def _swoop_card(state: State, seat: int, rank: str, n: int) -> None:
    chain = state.options["chain_swoops"] == "true" and state.options["chain_after_swoop_card"] == "true"
    name, ranks = state.players[seat], _name_of_rank(rank, n)
    if chain and state.pile:
        state.out_count += n
        state.mode = CHAIN
        if n > 1:
            note = Text("Swoop! {n} {ranks} leave play; {name} may chain on the pile below.", n=n, ranks=ranks,
                        name=name)
        elif rank == "10":
            note = Text("Swoop! The 10 leaves play; {name} may chain on the pile below.", name=name)
        else:
            note = Text("Swoop! The joker leaves play; {name} may chain on the pile below.", name=name)
        state.notes.append(note)
        return
    state.out_count += len(state.pile) + n
    state.pile, state.mode = [], LEAD
    if n > 1:
        note = Text("Swoop! {n} {ranks} clear the pile; {name} acts again.", n=n, ranks=ranks, name=name)
    elif rank == "10":
        note = Text("Swoop! The 10 clears the pile; {name} acts again.", name=name)
    else:
        note = Text("Swoop! The joker clears the pile; {name} acts again.", name=name)
    state.notes.append(note)


def _four_of_a_kind(state: State, seat: int) -> None:
    """A top run of four (or more, overfilled) swoops; otherwise the turn passes left."""
    top, k = state.top_run()
    if k < 4:
        state.current, state.mode = next_seat(seat, state.seat_count), FOLLOW
        return
    del state.pile[-k:]
    state.out_count += k
    swooped = {"count": COUNT_WORDS.get(k, str(k)), "ranks": _name_of_rank(top, k), "name": state.players[seat]}
    if state.pile and state.options["chain_swoops"] == "true":
        state.mode = CHAIN
        state.notes.append(Text("Swoop! {count} {ranks} leave play; {name} may chain on the {below} below, or lead.",
                                below=_name_of_rank(state.pile[-1], 2), **swooped))
    else:
        below = len(state.pile)
        state.out_count += below
        state.pile, state.mode = [], LEAD
        if below:
            state.notes.append(counted("Swoop! {count} {ranks} leave play, and the {n} card below; {name} acts again.",
                                       "Swoop! {count} {ranks} leave play, and the {n} cards below; {name} acts again.",
                                       below, **swooped))
        else:
            state.notes.append(Text("Swoop! {count} {ranks} leave play; {name} acts again.", **swooped))


def _pick_up(state: State, seat: int, extra: list[str] = ()) -> None:
    taken = state.pile + list(extra)
    state.hand_count[seat] += len(taken)
    state.known[seat] += taken
    state.pile, state.mode = [], LEAD
    state.current = next_seat(seat, state.seat_count)


def _effect_pick_up(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _acting_seat(state, action, by)
    state.notes.append(counted("{name} picks up the pile ({n} card).", "{name} picks up the pile ({n} cards).",
                               len(state.pile), name=state.players[seat]))
    _pick_up(state, seat)


def _effect_end_chain(state: State, action: Mapping[str, Any], by: Any) -> None:
    state.current = _acting_seat(state, action, by)
    state.out_count += len(state.pile)
    state.pile, state.mode = [], LEAD


def _effect_pass(state: State, action: Mapping[str, Any], by: Any) -> None:
    """Only reachable by a ruling, and SW-R13 cannot be overridden."""


def _end_if_out(state: State, seat: int) -> None:
    """The hand ends the moment a player has no card at all (even in a chain)."""
    if state.cards_left(seat) == 0:
        state.phase, state.out_player, state.current = DECLARE, seat, None
        state.notes.append(Text("{name} is out: the others declare what they hold.", name=state.players[seat]))


def _effect_declare(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _seat_for(state, action, by, None)
    hand, mystery = _read_ranks(action.get("hand", [])), _read_ranks(action.get("mystery", []))
    _see(state, Counter(hand) - Counter(state.known[seat]) + Counter(mystery))
    up = [r for r in state.up[seat] if r is not None]
    state.declared[str(seat)] = {"hand": hand, "mystery": mystery,
                                 "penalty": sum(points(state, r) for r in hand + up + mystery)}
    if len(state.declared) == state.seat_count - 1:
        _score_hand(state)


def _score_hand(state: State) -> None:
    for seat in range(state.seat_count):
        entry = state.declared.get(str(seat))
        state.scores[seat].append(entry["penalty"] if entry else 0)
    if _game_over(state):
        best = min(state.totals())
        state.phase, state.winners = OVER, [s for s, t in enumerate(state.totals()) if t == best]
        return
    previous = state.starter
    state.hand_no += 1
    last = {"declared": state.declared, "out_player": state.out_player}
    _new_hand(state)
    state.notes.append(Text("Hand {number} scored; {name} went out.", number=state.hand_no - 1,
                            name=state.players[last["out_player"]]))
    state.starter = next_seat(previous, state.seat_count) if state.options["starter_rule"] == "rotate" else None


def _game_over(state: State) -> bool:
    if state.options["end_mode"] == "hands":
        limit = int(state.options["hand_limit"]) or state.seat_count
        return state.hand_no >= limit
    return max(state.totals()) >= int(state.options["target"])


EFFECTS = {
    "set_face_up": _effect_set_face_up,
    "set_starter": _effect_set_starter,
    "play": _effect_play,
    "flip": _effect_flip,
    "pick_up": _effect_pick_up,
    "end_chain": _effect_end_chain,
    "pass": _effect_pass,
    "declare_remaining": _effect_declare,
}


# --------------------------------------------------------------------------- entries the rules allow now

def legal_entries(state: State) -> list[dict]:
    """Entries the rules allow now, as far as public information tells (for simulated phones
    and property tests); an empty list means the game is over.

    Every entry passes ``check(state, entry, HOST)``, and an entry with a ``seat`` also passes
    when that seat's phone sends it, except ``set_starter``: its ``seat`` names the starter, and
    only the host enters it (a phone gets a permission refusal).

    It is a sample: hand cards are ranks whose copies are not all seen; plays are 1-4 cards of
    a rank from the hand, the face-up slots or both; each uncovered mystery card is revealed as
    each rank, alone or with one add-on. It is biased so that a random walk ends:

    - a pick-up (``pick_up``, or a higher play made only of known cards) is offered only when
      nothing else is allowed;
    - a player keeps one unknown hand card until it can be their last card, unless nothing
      else is allowed.

    So each step plays a card never seen before, plays known cards onto the pile, or ends a
    chain, and a hand ends in a bounded number of steps, as long as no player is left with
    only a pick-up: a player holding an unknown card always has a fresh card to play while
    copies of 10, joker or a rank below the top remain (always, with 3 players and 6 packs).
    Otherwise pick-ups can pass known cards round, and walks should cap their steps.
    The biggest plays come first.
    """
    if state.phase == PLAY:
        return _turn_entries(state)
    if state.phase == SETUP:
        entries = _setup_entries(state)
    elif state.phase == DECLARE:
        entries = [entry for seat in range(state.seat_count)
                   if seat != state.out_player and str(seat) not in state.declared
                   for entry in _declarations(state, seat)]
    else:
        return []
    return [entry for entry in entries if _allowed(state, entry)]


def _allowed(state: State, action: dict) -> bool:
    return passes(check, state, action, HOST)


def _unseen(state: State, rank: str) -> int:
    return copies(state, rank) - state.seen.get(rank, 0)


def _pick_ranks(state: State, count: int, start: int, step: int = 1) -> list[str]:
    """``count`` ranks, one after the other from RANKS[start] on, each within its unseen copies."""
    left = {rank: _unseen(state, rank) for rank in RANKS}
    picked: list[str] = []
    index = start
    while len(picked) < count and any(left.values()):
        rank = RANKS[index % len(RANKS)]
        if left[rank] > 0:
            picked.append(rank)
            left[rank] -= 1
        index += step
    return picked


def _setup_entries(state: State) -> list[dict]:
    entries = [{"type": "set_face_up", "seat": seat,
                "ranks": _pick_ranks(state, SLOTS, 3 * seat + 5 * variant + state.hand_no, step)}
               for seat in range(state.seat_count) if not state.face_up_set[seat]
               for variant, step in enumerate((3, 1, 5))]
    if state.starter is None:
        entries += [{"type": "set_starter", "seat": seat} for seat in range(state.seat_count)]
    return entries


def _declarations(state: State, seat: int) -> list[dict]:
    """Two statements of what the seat still holds: its known ranks plus unseen ranks."""
    unknown, mystery = state.hand_count[seat] - len(state.known[seat]), sum(state.mystery[seat])
    entries = []
    for start in (seat * 5 + state.hand_no, seat * 5 + state.hand_no + 7):
        fresh = _pick_ranks(state, unknown + mystery, start)
        entries.append({"type": "declare_remaining", "seat": seat, "hand": state.known[seat] + fresh[:unknown],
                        "mystery": fresh[unknown:]})
    return entries


def _turn_entries(state: State) -> list[dict]:
    """The current player's plays, flips and chain end; pick-ups only when nothing else is left."""
    seat = state.current
    candidates = _play_candidates(state, seat) + _flip_candidates(state, seat)
    if state.mode == CHAIN:
        candidates.append({"type": "end_chain", "seat": seat})
    legal = [entry for entry in candidates if _allowed(state, entry)]
    legal.sort(key=lambda entry: -_cards_played(entry))
    no_pick_up = [entry for entry in legal if not _picks_up_known_cards(state, seat, entry)]
    keeps_unknown = [entry for entry in no_pick_up if _keeps_an_unknown_card(state, seat, entry)]
    return keeps_unknown or no_pick_up or legal + [{"type": "pick_up", "seat": seat}]


def _play_candidates(state: State, seat: int) -> list[dict]:
    """For each rank the seat may hold: 1-4 cards from the hand, from face-up slots, or mixed."""
    entries = []
    for rank in RANKS:
        ups = [f"{rank}@up{i + 1}" for i, shown in enumerate(state.up[seat]) if shown == rank]
        in_hand = _hand_can_hold(state, seat, rank)
        for n in range(1, 2 if _higher_than_top(state, rank) else 5):  # picking up: one card will do
            plays = [[f"{rank}@hand"] * n] if n <= in_hand else []
            plays += [ups[:n]] if len(ups) >= n else []
            plays += [ups[:1] + [f"{rank}@hand"] * (n - 1)] if ups and 1 <= n - 1 <= in_hand else []
            entries += [{"type": "play", "seat": seat, "cards": cards} for cards in plays]
    return entries


def _hand_can_hold(state: State, seat: int, rank: str) -> int:
    """How many cards of ``rank`` the hand may hold: known ones plus unknown ones copies allow."""
    unknown = state.hand_count[seat] - len(state.known[seat])
    return state.known[seat].count(rank) + min(unknown, max(0, _unseen(state, rank)))


def _flip_candidates(state: State, seat: int) -> list[dict]:
    """Each uncovered mystery card revealed as each rank with copies left, alone or with one add-on."""
    entries = []
    for slot in range(1, SLOTS + 1):
        if state.up[seat][slot - 1] is not None or not state.mystery[seat][slot - 1]:
            continue
        for rank in RANKS:
            if _unseen(state, rank) < 1:
                continue
            entries.append({"type": "flip", "seat": seat, "slot": slot, "rank": rank})
            if _higher_than_top(state, rank):
                continue  # SW-R9: nothing may be added
            ups = [f"{rank}@up{i + 1}" for i, shown in enumerate(state.up[seat]) if shown == rank]
            entries += [{"type": "flip", "seat": seat, "slot": slot, "rank": rank, "add": add}
                        for add in ([f"{rank}@hand"], ups[:1]) if add]
    return entries


def _higher_than_top(state: State, rank: str) -> bool:
    """A play of ``rank`` now would pick up the pile."""
    return state.mode == FOLLOW and _is_higher(rank, state.pile[-1] if state.pile else None)


def _cards_played(entry: dict) -> int:
    return len(entry.get("cards", [])) + len(entry.get("add", [])) + (entry["type"] == "flip")


def _hand_cards(entry: dict) -> tuple[str | None, int]:
    """The rank and the number of hand cards an entry plays."""
    cards = entry.get("cards", entry.get("add", []))
    return entry.get("rank") or (cards[0].split("@")[0] if cards else None), \
        sum(card.endswith("@hand") for card in cards)


def _unknown_used(state: State, seat: int, entry: dict) -> int:
    """Hand cards beyond the known ones of that rank (the engine matches known cards first)."""
    rank, from_hand = _hand_cards(entry)
    return max(0, from_hand - state.known[seat].count(rank)) if rank else 0


def _picks_up_known_cards(state: State, seat: int, entry: dict) -> bool:
    """A higher play that uses no card never seen before: a pick-up that makes no progress."""
    if entry["type"] != "play":
        return entry["type"] == "pick_up"
    rank, from_hand = _hand_cards(entry)
    fresh = from_hand < len(entry["cards"]) or _unknown_used(state, seat, entry) > 0
    return _higher_than_top(state, rank) and not fresh


def _keeps_an_unknown_card(state: State, seat: int, entry: dict) -> bool:
    """The play leaves an unknown hand card, uses none, or leaves the seat with no card at all."""
    used = _unknown_used(state, seat, entry)
    unknown = state.hand_count[seat] - len(state.known[seat])
    return used == 0 or unknown - used >= 1 or state.cards_left(seat) == _cards_played(entry)


# --------------------------------------------------------------------------- what a phone sees

def view(state: State, viewer: Any = None) -> dict:
    """Everything is public; the ranks known from pick-ups are shown only with show_known_cards."""
    top, k = state.top_run()
    show_known = state.options["show_known_cards"] == "true"
    return {
        "game": GAME_ID, "title": TITLE, "options": dict(state.options), "packs": state.packs,
        "phase": state.phase, "hand_no": state.hand_no, "starter": state.starter, "current": state.current,
        "mode": state.mode, "pile": {"size": len(state.pile), "top": top, "run": k, "cards": list(state.pile)},
        "chain_step": {"rank": top, "need": max(1, 4 - k)} if state.mode == CHAIN and top else None,
        "out_count": state.out_count, "out_player": state.out_player,
        "seen": {rank: state.seen[rank] for rank in RANKS if state.seen.get(rank)},
        "players": [{
            "seat": s, "name": name, "hand": state.hand_count[s], "up": list(state.up[s]),
            "mystery": list(state.mystery[s]), "face_up_set": state.face_up_set[s],
            "known": list(state.known[s]) if show_known else None,
            "declared": state.declared.get(str(s)), "scores": list(state.scores[s]), "total": sum(state.scores[s]),
        } for s, name in enumerate(state.players)],
        "winners": list(state.winners), "notes": list(state.notes), "actions": allowed(state, viewer),
    }


def allowed(state: State, viewer: Any) -> list[dict]:
    if viewer is None or state.phase == OVER:
        return []
    seats = range(state.seat_count) if viewer == HOST else [viewer]
    if state.phase == SETUP:
        found = [{"type": "set_face_up", "seat": s} for s in seats if not state.face_up_set[s]]
        if viewer == HOST and state.starter is None:
            found.append({"type": "set_starter", "seat": None})
        return found
    if state.phase == DECLARE:
        return [{"type": "declare_remaining", "seat": s} for s in seats
                if s != state.out_player and str(s) not in state.declared]
    if state.current not in seats:
        return []
    found = [{"type": "play", "seat": state.current}]
    if any(state.up[state.current][i] is None and state.mystery[state.current][i] for i in range(SLOTS)):
        found.append({"type": "flip", "seat": state.current})
    if state.mode == CHAIN:
        found.append({"type": "end_chain", "seat": state.current})
    elif state.pile:
        found.append({"type": "pick_up", "seat": state.current})
    return found


def describe(state: State, action: Mapping[str, Any], by: Any = None) -> Text:
    """One history line; the entry was accepted, but a ruling may have let odd values through."""
    try:
        return _describe(state, action)
    except (Refusal, LookupError, TypeError, ValueError):
        return Text("{entry} (entered as a table ruling)", entry=str(action.get("type")))


def _describe(state: State, action: Mapping[str, Any]) -> Text:
    kind = action["type"]
    seat = read_int(action.get("seat")) if action.get("seat") is not None else state.current
    who = state.players[seat] if isinstance(seat, int) and 0 <= seat < state.seat_count else "?"
    if kind == "set_face_up":
        return Text("{name}'s face-up cards: {ranks}", name=who, ranks=" ".join(_read_ranks(action.get("ranks"))))
    if kind == "set_starter":
        return Text("{name} starts hand {number}", name=who, number=state.hand_no)
    if kind == "play":
        cards = _play_cards(action)
        if not cards:  # only under a table ruling (SW-R3 overridden)
            return Text("{name} played nothing", name=who)
        return Text("{name} played {cards}", name=who, cards=_cards_text(cards))
    if kind == "flip":
        revealed = parse_rank(action.get("rank"))
        adds = _flip_adds(action, revealed)
        slot, label = read_int(action.get("slot")), _rank_label(revealed)
        if adds:
            return Text("{name} flipped mystery card {slot}: {rank}, with {cards}", name=who, slot=slot, rank=label,
                        cards=_cards_text(adds))
        return Text("{name} flipped mystery card {slot}: {rank}", name=who, slot=slot, rank=label)
    if kind == "pick_up":
        return counted("{name} picked up the pile ({n} card)", "{name} picked up the pile ({n} cards)",
                       len(state.pile), name=who)
    if kind == "end_chain":
        return Text("{name} ended the chain", name=who)
    if kind == "declare_remaining":
        hand, mystery = _read_ranks(action.get("hand", [])), _read_ranks(action.get("mystery", []))
        hand_text, mystery_text = " ".join(hand), " ".join(mystery)
        if hand and mystery:
            return Text("{name} declared hand {hand} · mystery {mystery}", name=who, hand=hand_text,
                        mystery=mystery_text)
        if hand:
            return Text("{name} declared hand {hand}", name=who, hand=hand_text)
        if mystery:
            return Text("{name} declared hand empty · mystery {mystery}", name=who, mystery=mystery_text)
        return Text("{name} declared hand empty", name=who)
    return Text("{entry} (entered as a table ruling)", entry=str(kind))


def _rank_label(rank: str) -> str:
    """A card as a history line names it: its rank, or the word for a joker."""
    return RANK_WORD["JK"] if rank == "JK" else rank


def _cards_text(cards: list[Card]) -> Text:
    """'7 from the hand', '3× 9 from the hand and face-up slots 1, 2' (the count tells how many
    came from the hand); ``cards`` is not empty."""
    slots = [c.source[2] for c in cards if c.source != "hand"]
    label = _rank_label(cards[0].rank)
    played = Text("{n}× {rank}", n=len(cards), rank=label) if len(cards) > 1 else label
    if not slots:
        return Text("{cards} from the hand", cards=played)
    if len(slots) == len(cards):
        return counted("{cards} from face-up slot {slots}", "{cards} from face-up slots {slots}", len(slots),
                       cards=played, slots=", ".join(slots))
    return counted("{cards} from the hand and face-up slot {slots}", "{cards} from the hand and face-up slots {slots}",
                   len(slots), cards=played, slots=", ".join(slots))
