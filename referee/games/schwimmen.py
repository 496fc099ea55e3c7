"""Schwimmen / Thirty-One: the rules engine (``../shared/rules/schwimmen.md``).

Hands stay hidden, but every exchange is entered with both its cards, so the engine keeps a
ledger of where each seen card is (centre, set aside, discard pile, known in a hand) and checks
every entry against it. The showdown and lives are in ``schwimmen_score``.
"""
from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from . import schwimmen_score as score
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
    not_yours,
    passes,
    read_int,
    refused_rule,
    resolve_options,
    revive_texts,
    unreadable,
)
from .cards import (
    RANK_NAMES,
    SUIT_NAMES,
    SUITS,
    labels,
    normalise,
    parse_card,
    split_tokens,
)

GAME_ID = "schwimmen"
TITLE = "Schwimmen"
MIN_PLAYERS, MAX_PLAYERS = 2, 8

BGA_DEFAULTS = {
    "rule_set": "schwimmen", "lives": "3", "remove_2_to_6": "yes", "exchange": "commerce", "dealer_exchange": "on",
    "three_of_a_kind": "fire", "fire_effect": "normal", "thirty_one_effect": "normal", "show_timing": "own_turn",
    "closer_rule": "off", "minimum_score": "on", "tie_rule": "suit", "first_turn_close": "dealer_only",
    "stock_exhausted": "reshuffle", "all_out": "replay", "reveal_mode": "cards",
}
PRESETS = {  # section 6: classic differs from bga in these options only
    "bga": BGA_DEFAULTS,
    "classic": {**BGA_DEFAULTS, "rule_set": "custom", "fire_effect": "others_lose_one", "show_timing": "any_time",
                "minimum_score": "off", "tie_rule": "all_lose", "first_turn_close": "none"},
}
RULE_SETS = {"schwimmen": ("yes", "commerce"), "blitz": ("no", "draw_discard")}
BY_PRESET = "preset"


def _option(name: str, values: tuple[str, ...], help: str, **value_help: str) -> Option:
    """An option whose default is whatever the chosen preset says."""
    shown = Text("as the preset says (bga: {bga}, classic: {classic})", bga=PRESETS["bga"][name],
                 classic=PRESETS["classic"][name])
    return Option(name, (BY_PRESET, *values), BY_PRESET, help, {BY_PRESET: shown, **value_help})


OPTIONS = (
    Option("preset", ("bga", "classic"), "bga", "Rule family: fills in every option below left at 'preset'.",
           {"bga": "Board Game Arena's Thirty-One", "classic": "traditional German Schwimmen"}),
    _option("rule_set", ("schwimmen", "blitz", "custom"),
            "Rule set: fills in the deck and exchange method left at 'preset'.",
            schwimmen="piquet deck, commerce", blitz="full deck, draw and discard",
            custom="deck and exchange as chosen below"),
    _option("lives", ("0", "1", "2", "3", "4", "5"), "Starting lives (0: swimming from the start)."),
    _option("remove_2_to_6", ("yes", "no"), "Piquet deck (7 to A) or the full deck.",
            yes="32 cards, 7 to A", no="52 cards"),
    _option("exchange", ("commerce", "draw_discard"), "How hands change.",
            commerce="swap with three centre cards", draw_discard="draw one, discard one"),
    _option("dealer_exchange", ("on", "off"), "The dealer may exchange the dealt hand."),
    _option("three_of_a_kind", ("fire", "three_of_a_kind", "off"), "What three of a kind is worth.",
            fire="30.5, three aces 32 (fire)", three_of_a_kind="30.5, aces too", off="plain suit value"),
    _option("fire_effect", ("normal", "others_lose_one"), "When someone has fire (three aces).",
            normal="scored like any hand", others_lose_one="every other player loses one life"),
    _option("thirty_one_effect", ("normal", "hits_all"), "When 31 or fire is at the showdown.",
            normal="scored like any hand", hits_all="everyone but the winner loses (2 for fire)"),
    _option("show_timing", ("own_turn", "any_time"), "When 31 or fire may be laid down.",
            own_turn="on one's own turn", any_time="at any moment, even right after the deal"),
    _option("closer_rule", ("off", "on"), "The closer wins ties; a closer alone lowest loses one more."),
    _option("minimum_score", ("on", "off"),
            "Minimum score: closing needs more than 20, and everyone at 20 or less loses."),
    _option("tie_rule", ("suit", "all_lose"), "How equal values are settled.", suit="settled by suit (C > S > H > D)",
            all_lose="all tied players lose"),
    _option("first_turn_close", ("allowed", "dealer_only", "none"), "Closing on the first turn.",
            allowed="anyone, any turn", dealer_only="only the dealer on a first turn",
            none="only after everyone has had a turn"),
    _option("stock_exhausted", ("reshuffle", "showdown"), "When the stock runs out.",
            reshuffle="set-aside cards become the stock", showdown="the round goes to the showdown"),
    _option("all_out", ("replay", "shared_win"), "When every remaining player would be out at once.",
            replay="the round is void and dealt again", shared_win="they share the win"),
    _option("reveal_mode", ("cards", "score_only"), "What the showdown asks for.",
            cards="each player's three cards", score_only="each hand's value and scoring suit"),
)

FIRST_DEALER, DEALER_CHOICE, LAYOUT, EXCHANGE, REFRESH, SHOWDOWN, OVER = (
    "first_dealer", "dealer_choice", "layout", "exchange", "refresh", "showdown", "over")
TURN_ENTRIES = {"swap_one", "swap_all", "pass", "close", "draw_discard"}
TABLE_ENTRIES = {"first_dealer", "dealer_choice", "lay_centre", "turn_up", "refresh"}
ENTRY_TYPES = TURN_ENTRIES | TABLE_ENTRIES | {"show", "reveal"}
RANK_WORDS = {"A": 14, "K": 13, "Q": 12, "J": 11}


def effective_options(chosen: Mapping[str, str]) -> dict[str, str]:
    """Every option as a concrete value. An option left at 'preset' takes the preset's value;
    the deck and exchange method left at 'preset' take the rule set's. An explicit choice
    always wins; if it departs from the rule set, the table's rule set reads 'custom'."""
    preset = PRESETS[chosen["preset"]]
    options = {name: preset[name] if value == BY_PRESET else value for name, value in chosen.items()}
    bundle = RULE_SETS.get(options["rule_set"])
    if bundle:
        for name, value in zip(("remove_2_to_6", "exchange"), bundle):
            if chosen[name] == BY_PRESET:
                options[name] = value
        if (options["remove_2_to_6"], options["exchange"]) != bundle:
            options["rule_set"] = "custom"
    return options


@dataclass
class State:
    players: list[str]
    options: dict[str, str]
    lives: list[int]
    out: list[bool]
    phase: str = FIRST_DEALER
    round: int = 0
    dealer: int | None = None
    turn: int | None = None
    stock: int = 0
    centre: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)   # bottom first; the top is the last
    set_aside: list[str] = field(default_factory=list)
    stock_known: list[str] = field(default_factory=list)
    known: list[list[str]] = field(default_factory=list)  # K(P): cards known to be in each hand
    turns_taken: list[int] = field(default_factory=list)
    last_actor: int | None = None
    passes: int = 0
    closer: int | None = None
    reveals: dict[str, dict] = field(default_factory=dict)  # seat (as text) -> cards or value
    shower: int | None = None
    cards_asked: list[int] = field(default_factory=list)  # score-only ties in one suit: cards, please
    result: dict | None = None   # the last showdown: values, losses, who went out
    winners: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def seat_count(self) -> int:
        return len(self.players)

    @property
    def piquet(self) -> bool:
        return self.options["remove_2_to_6"] == "yes"

    def active(self) -> list[int]:
        return [s for s in range(self.seat_count) if not self.out[s]]

    def next_active(self, seat: int) -> int:
        for step in range(1, self.seat_count + 1):
            candidate = (seat + step) % self.seat_count
            if not self.out[candidate]:
                return candidate
        return seat


# --------------------------------------------------------------------------- setup, (de)serialising

def new_game(players: Any, options: Mapping[str, Any] | None = None) -> State:
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = effective_options(resolve_options(OPTIONS, options))
    deck = 32 if chosen["remove_2_to_6"] == "yes" else 52
    if chosen["exchange"] == "commerce" and 3 * len(names) + 3 > deck:
        raise unreadable("SC-C9: {n} players and the centre need more than the {deck} cards.", n=len(names),
                         deck=deck)
    lives = int(chosen["lives"])
    return State(players=names, options=chosen, lives=[lives] * len(names), out=[False] * len(names))


def seat_names(state: State) -> list[str]:
    return list(state.players)


def dump(state: State) -> dict:
    return dump_state(state)


def load(data: Mapping[str, Any]) -> State:
    return State(**revive_texts(data))


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
            # pair, and PHYSICAL checks that as many cards are taken as given, and that they are there.
            raise Refusal("SC-R5", "Swap one card or all three, never two.")
        raise Refusal("SC-C5", counted("This entry takes exactly {n} card.", "This entry takes exactly {n} cards.",
                                       count), overridable=False)
    return cards


def ledger(state: State, public: bool = False) -> dict[str, str]:
    """Card -> where it is: centre, set_aside, stock_known, discard, hand:P or shown:P; a card
    not listed is unknown. ``public`` leaves out reveals the table may not see yet."""
    places = {}
    for seat, cards in enumerate(state.known):
        places.update(dict.fromkeys(cards, f"hand:{seat}"))
    for seat, entry in state.reveals.items():
        if not public or seat == str(state.shower):
            places.update(dict.fromkeys(entry.get("cards", []), f"shown:{seat}"))
    for place in ("discard", "stock_known", "set_aside", "centre"):  # the later wins
        places.update(dict.fromkeys(getattr(state, place), place))
    return places


def location(state: State, code: str) -> str:
    """Where the ledger puts one card (section 3)."""
    return ledger(state).get(code, "unknown")


def _misplaced(state: State, card: str, place: str) -> Text:
    """SC-C2: a card leaving a hand is somewhere else (``place``, from the ledger)."""
    card = parse_card(card).label
    if place.startswith("hand:"):
        return Text("{card} is known to be in {name}'s hand, not in your hand.", card=card,
                    name=state.players[int(place[5:])])
    if place.startswith("shown:"):
        if place[6:] != str(state.shower):  # hidden reveals stay hidden, even in a refusal
            return Text("{card} is already entered in another hand at this showdown, not in your hand.", card=card)
        return Text("{card} is in {name}'s shown hand, not in your hand.", card=card,
                    name=state.players[int(place[6:])])
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
        if place[6:] != str(state.shower):  # hidden reveals stay hidden, even in a refusal
            return Text("{card} is already entered in another hand at this showdown.", card=card)
        return Text("{card} is in {name}'s shown hand.", card=card, name=state.players[int(place[6:])])
    if place == "centre":
        return Text("{card} is in the centre.", card=card)
    if place == "set_aside":
        return Text("{card} is set aside.", card=card)
    return Text("{card} is on the discard pile.", card=card)


def check_leaving_hand(state: State, seat: int, cards: list[str], drew_unseen: bool = False) -> None:
    """SC-C2 and SC-C3: cards that leave a hand were in it, as far as the ledger knows. After
    an unseen draw from the stock a fully known hand holds a fourth card nobody saw. Neither is
    overridable: the card is known to be elsewhere, and a ruling would put it in two places."""
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
            raise Refusal("SC-C2", counted(
                "The stock holds the set-aside cards {cards} and only {n} other card: "
                "at most {n} of these cards can be new.",
                "The stock holds the set-aside cards {cards} and only {n} other cards: "
                "at most {n} of these cards can be new.", unseen, cards=labels(state.stock_known)), overridable=False)
        raise Refusal("SC-C2", counted("The stock holds only {n} card: at most {n} of these cards can be new.",
                                       "The stock holds only {n} cards: at most {n} of these cards can be new.",
                                       unseen), overridable=False)


def check_keeps_known(state: State, seat: int, cards: list[str]) -> None:
    """SC-C4: a whole-hand entry holds every card known to be in that hand."""
    for card in state.known[seat]:
        if card not in cards:
            # SC-C4: not overridable: the card is known to be in this hand.
            raise Refusal("SC-C4", "You took {card} and never gave it back: it must be among your three cards.",
                          overridable=False, card=parse_card(card).label)


def hand_value(state: State, seat: int, cards: list[str]) -> score.Hand:
    return score.hand_of(seat, [parse_card(c) for c in cards], state.options["three_of_a_kind"])


# --------------------------------------------------------------------------- checks

def check(state: State, action: Mapping[str, Any], by: Any) -> None:
    kind = _entry_type(action)
    if state.phase == OVER:
        raise Refusal("SC-R2", "The game is over.", overridable=False)
    check_rules(CHECKS[kind], PHYSICAL.get(kind), state, action, by)


def _entry_type(action: Any) -> str:
    return entry_type(action, ENTRY_TYPES, TITLE)


def _entering_seat(state: State, action: Mapping[str, Any], by: Any, default: int | None) -> int:
    """The seat an entry is for: the phone's own seat, or the one the host names (default:
    the player whose turn it is). SC-R15: an eliminated player enters nothing."""
    named = action.get("seat")
    if by == HOST:
        seat = read_int(named) if named is not None else default
        if seat is None or isinstance(named, bool) or not 0 <= seat < state.seat_count:
            raise unreadable("Say which seat this entry is for.")
    elif isinstance(by, int) and 0 <= by < state.seat_count:
        seat = by
        if named is not None and read_int(named) != by:
            if read_int(named) in range(state.seat_count):
                raise not_yours("SC-R1", "Only {name} (or the host) can make {name}'s entries.",
                                name=state.players[read_int(named)])
            raise not_yours("SC-R1", "You can make entries only for your own seat.")
    else:
        raise not_yours("SC-R1", "Only a player at this table (or the host) can make entries.")
    if state.out[seat]:
        raise Refusal("SC-R15", "You are out of this game.", overridable=False)
    return seat


def _check_table_entry(state: State, by: Any) -> None:
    if by != HOST and not (isinstance(by, int) and 0 <= by < state.seat_count):
        raise not_yours("SC-R1", "Only a player at this table (or the host) can make entries.")


def _check_first_dealer(state: State, action: Mapping[str, Any], by: Any) -> None:
    _check_table_entry(state, by)
    seat = read_int(action.get("seat"))
    if seat is None or not 0 <= seat < state.seat_count:
        raise unreadable("Name the first dealer's seat.")
    if state.phase != FIRST_DEALER:
        raise Refusal("SC-R2", "The first dealer is already named.", overridable=False)


def _check_dealer_choice(state: State, action: Mapping[str, Any], by: Any) -> None:
    _check_table_entry(state, by)
    if action.get("choice") not in ("keep", "exchange"):
        raise unreadable("The dealer keeps or exchanges the dealt hand.")
    if state.phase != DEALER_CHOICE:
        raise Refusal("SC-R13", "The dealer's choice comes before the first centre or discard card.",
                      overridable=False)
    if by not in (HOST, state.dealer):
        raise not_yours("SC-R13", "Only the dealer, {name}, chooses whether to exchange.",
                        name=state.players[state.dealer])


def _check_lay_centre(state: State, action: Mapping[str, Any], by: Any) -> None:
    _check_table_entry(state, by)
    _check_layout(state, "commerce")
    check_from_stock(state, read_cards(state, action.get("cards"), 3))


def _check_turn_up(state: State, action: Mapping[str, Any], by: Any) -> None:
    _check_table_entry(state, by)
    _check_layout(state, "draw_discard")
    check_from_stock(state, read_cards(state, action.get("cards"), 1))


def _check_layout(state: State, method: str) -> None:
    if state.options["exchange"] != method:
        raise Refusal("SC-R3", _method_message(state), overridable=False)
    if state.phase == DEALER_CHOICE:
        raise Refusal("SC-R2", "First the dealer, {name}, keeps or exchanges the hand.", overridable=False,
                      name=state.players[state.dealer])
    if state.phase != LAYOUT:
        raise Refusal("SC-R2", "The cards are already laid out.", overridable=False)


def _method_message(state: State) -> Text:
    if state.options["exchange"] == "draw_discard":
        return Text("At this table you draw and discard; there is no centre to swap with.")
    return Text("At this table you swap with the centre; there is no drawing and discarding.")


def _check_refresh(state: State, action: Mapping[str, Any], by: Any) -> None:
    _check_table_entry(state, by)
    if state.phase != REFRESH:
        raise Refusal("SC-R12", "A new centre is laid only after everyone passed in a row.", overridable=False)
    check_from_stock(state, read_cards(state, action.get("cards"), 3))


def _check_turn(state: State, action: Mapping[str, Any], by: Any, kind: str) -> int:
    """SC-R1, SC-R2, SC-R3 for the entries of a turn; returns the seat."""
    seat = _entering_seat(state, action, by, state.turn)
    if state.phase in (FIRST_DEALER, DEALER_CHOICE, LAYOUT):
        if state.options["exchange"] == "commerce":
            raise Refusal("SC-R2", "The centre cards have not been laid out yet.", overridable=False)
        raise Refusal("SC-R2", "The first discard has not been turned up yet.", overridable=False)
    if state.phase == REFRESH:
        raise Refusal("SC-R2", "Everyone passed: lay out the new centre first.", overridable=False)
    if state.phase == SHOWDOWN:
        raise Refusal("SC-R2", "The round is at the showdown: reveal your hand.", overridable=False)
    commerce_only = kind in ("swap_one", "swap_all", "pass")
    if (commerce_only and state.options["exchange"] != "commerce") or \
            (kind == "draw_discard" and state.options["exchange"] != "draw_discard"):
        raise Refusal("SC-R3", _method_message(state), overridable=False)
    if seat != state.turn:
        # SC-R1 stays overridable: the named seat acts (the effect); PHYSICAL makes it firm when the
        # cards it moves are not there.
        raise Refusal("SC-R1", "It is {name}'s turn.", name=state.players[state.turn])
    return seat


def _check_swap_one(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _check_turn(state, action, by, "swap_one")
    give = read_cards(state, action.get("give"), 1, swap=True)
    take = read_cards(state, action.get("take"), 1, swap=True)
    _check_in_centre(state, take)
    check_leaving_hand(state, seat, give)


def _check_in_centre(state: State, take: list[str]) -> None:
    for card in take:
        if card not in state.centre:
            # SC-R4: not overridable: a card taken from the centre must be there (section 3's ledger).
            raise Refusal("SC-R4", "{card} is not in the centre.", overridable=False, card=parse_card(card).label)


def _check_swap_all(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _check_turn(state, action, by, "swap_all")
    give = read_cards(state, action.get("give"), 3, swap=True)
    _check_gives_whole_hand(state, seat, give)


def _check_gives_whole_hand(state: State, seat: int, give: list[str]) -> None:
    check_leaving_hand(state, seat, give)
    for card in state.known[seat]:
        if card not in give:
            # SC-R6: not overridable: the three cards given are the whole hand, and this card is in it.
            raise Refusal("SC-R6", "You hold {card} from the centre: it must be among the three you give.",
                          overridable=False, card=parse_card(card).label)


def _check_pass(state: State, action: Mapping[str, Any], by: Any) -> None:
    _check_turn(state, action, by, "pass")


def _check_close(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _check_turn(state, action, by, "close")
    if state.closer is not None:  # SC-R7, SC-R8, SC-R9 stay overridable: when a round may end, no card moves
        raise Refusal("SC-R7", "{name} has already closed: take your last turn.", name=state.players[state.closer])
    _check_first_turn(state, seat, on_turn=True)
    known = state.known[seat]
    if state.options["minimum_score"] == "on" and len(known) == 3:
        value = hand_value(state, seat, known).value
        if value <= 20:
            raise Refusal("SC-R9", "Your hand ({cards}) is worth {value}: you need more than 20 to close.",
                          cards=labels(known), value=_points(value))


def _check_first_turn(state: State, seat: int, on_turn: bool) -> None:
    """SC-R8: who may end the round on a first turn."""
    rule = state.options["first_turn_close"]
    first = state.turns_taken[seat] == (0 if on_turn else 1)
    if rule == "dealer_only" and first and seat != state.dealer:
        raise Refusal("SC-R8", "You cannot close on your first turn.")
    if rule == "none" and any(state.turns_taken[s] == 0 for s in state.active() if s != seat or on_turn):
        raise Refusal("SC-R8", "Nobody may close before everyone has had a turn.")


def _check_draw_discard(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _check_turn(state, action, by, "draw_discard")
    source = action.get("source")
    if source not in ("stock", "pile"):
        raise unreadable("Draw from the stock or the pile.")
    discard = read_cards(state, action.get("discard"), 1)[0]
    _check_source(state, source)
    if source == "pile" and discard == state.discard[-1]:
        # SC-R11 (the card just taken) stays overridable: taking and discarding it is a no-op; the
        # effect leaves it on the pile and not in the hand.
        raise Refusal("SC-R11", "You took {card} from the discard pile: discard another card.",
                      card=parse_card(discard).label)
    _check_discard_held(state, seat, source, discard)


def _check_source(state: State, source: str) -> None:
    """SC-R11, not overridable here: no ruling draws a card from an empty pile or stock."""
    if source == "pile" and not state.discard:
        raise Refusal("SC-R11", "The discard pile is empty: draw from the stock.", overridable=False)
    if source == "stock" and state.stock == 0 and len(state.discard) <= 1:
        raise Refusal("SC-R11", "The stock is empty and there is nothing to reshuffle: take the pile.",
                      overridable=False)


def _check_discard_held(state: State, seat: int, source: str, discard: str) -> None:
    if source == "pile" and discard == state.discard[-1]:
        return  # the card just taken from the pile is in the hand now
    if source == "stock" and state.stock == 0:
        state = replace(state, discard=state.discard[-1:])  # checked as after the reshuffle (5.2)
    check_leaving_hand(state, seat, [discard], drew_unseen=source == "stock")


def _check_show(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _entering_seat(state, action, by, state.turn)
    _check_show_timing(state, seat)
    cards = read_cards(state, action.get("cards"), 3)
    check_leaving_hand(state, seat, cards)
    check_keeps_known(state, seat, cards)
    hand = hand_value(state, seat, cards)
    if hand.value not in (31, score.FIRE):  # SC-R10 stays overridable: when to show, not what is held
        if state.options["three_of_a_kind"] == "fire":
            raise Refusal("SC-R10", "{cards} is worth {value}: only 31 or three aces can be shown.",
                          cards=labels(cards), value=_points(hand.value))
        raise Refusal("SC-R10", "{cards} is worth {value}: only 31 can be shown.", cards=labels(cards),
                      value=_points(hand.value))


def _check_show_timing(state: State, seat: int) -> None:
    """SC-R10: when a hand may be laid down; under own_turn SC-R8 applies as to a close."""
    if state.phase not in (EXCHANGE, REFRESH):
        raise Refusal("SC-R2", "A hand is shown during the exchanges.", overridable=False)
    if state.options["show_timing"] == "own_turn":
        just_acted = seat == state.last_actor
        if seat != state.turn and not just_acted:
            raise Refusal("SC-R10", "You may lay down 31 on your own turn.")
        _check_first_turn(state, seat, on_turn=not just_acted)


def _check_reveal(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _entering_seat(state, action, by, None)
    if state.phase != SHOWDOWN:
        raise Refusal("SC-R2", "Hands are revealed at the showdown.", overridable=False)
    if seat in state.cards_asked:
        _check_cards_for_tie(state, seat, action)
        return
    if str(seat) in state.reveals:
        raise Refusal("SC-R14", "{name} has already revealed.", overridable=False, name=state.players[seat])
    if state.options["reveal_mode"] == "score_only":
        _check_declared_value(state, action)
        return
    cards = read_cards(state, action.get("cards"), 3)
    check_leaving_hand(state, seat, cards)
    check_keeps_known(state, seat, cards)


def _check_cards_for_tie(state: State, seat: int, action: Mapping[str, Any]) -> None:
    """SC-C6: after a same-suit tie the cards must make the value and suit declared."""
    cards = read_cards(state, action.get("cards"), 3)
    check_leaving_hand(state, seat, cards)
    check_keeps_known(state, seat, cards)
    declared = state.reveals[str(seat)]
    hand = hand_value(state, seat, cards)
    if (hand.value, hand.suit) != (declared["value"], declared["suit"]):
        # SC-C6 (cards against the value declared) stays overridable: the cards, checked above, are real.
        raise Refusal("SC-C6", "{cards} is worth {value} in {suit}, not the {declared} in {declared_suit} entered.",
                      cards=labels(cards), value=_points(hand.value), suit=_suit_name(hand.suit),
                      declared=_points(declared["value"]),
                      declared_suit=_suit_name(declared["suit"]))


def _check_declared_value(state: State, action: Mapping[str, Any]) -> None:
    """SC-C6: a score-only entry names a value the deck can make, with its suit or triple rank."""
    value = _declared_value(action.get("value"))
    if value is None:
        raise Refusal("SC-C6", "Enter the hand's value, e.g. 27 or 30.5.", overridable=False)
    if value not in score.possible_values(state.piquet, state.options["three_of_a_kind"]):
        # SC-C6: not overridable here: no three cards of this deck make this value.
        if state.piquet:
            raise Refusal("SC-C6", "{value} cannot be scored with a piquet deck.", overridable=False,
                          value=_points(value))
        raise Refusal("SC-C6", "{value} cannot be scored with this deck.", overridable=False, value=_points(value))
    if value in (score.TRIPLE, score.FIRE):
        if _triple_rank(action.get("triple")) is None:
            raise Refusal("SC-C6", "Three of a kind: name the rank (e.g. K).", overridable=False)
    elif normalise(str(action.get("suit") or "")) not in tuple(SUITS):
        raise Refusal("SC-C6", "Name the scoring suit: S, H, D or C.", overridable=False)


def _points(value: float) -> str:
    """A hand's value as people write it: 27, 30.5."""
    return format(value, "g")


def _suit_name(suit: str | None) -> str:
    """A scoring suit said in words (a Text), or '?' when a score-only entry named none."""
    return SUIT_NAMES.get(suit or "", "?")


def _declared_value(raw: Any) -> float | None:
    """A value typed at the showdown: a finite number (a form sends it as text), else None."""
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        return None
    try:
        value = float(raw)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _triple_rank(raw: Any) -> int | None:
    text = normalise(str(raw or ""))
    if text in RANK_WORDS:
        return RANK_WORDS[text]
    number = read_int(text)
    return number if number is not None and 2 <= number <= 10 else None


def _physical_swap_one(state: State, action: Mapping[str, Any], by: Any) -> None:
    """A swap as a ruling would apply it: as many cards taken as given, from the centre and the hand."""
    seat = _entering_seat(state, action, by, state.turn)
    give, take = read_cards(state, action.get("give")), read_cards(state, action.get("take"))
    if not 1 <= len(take) <= 3 or len(give) != len(take):
        raise Refusal("SC-C5", counted("This entry takes exactly {n} card.", "This entry takes exactly {n} cards.",
                                       len(take)), overridable=False)
    _check_in_centre(state, take)
    check_leaving_hand(state, seat, give)


def _physical_swap_all(state: State, action: Mapping[str, Any], by: Any) -> None:
    _check_gives_whole_hand(state, _entering_seat(state, action, by, state.turn),
                            read_cards(state, action.get("give"), 3))


def _physical_draw_discard(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat, source = _entering_seat(state, action, by, state.turn), action.get("source")
    _check_source(state, source)
    _check_discard_held(state, seat, source, read_cards(state, action.get("discard"), 1)[0])


def _physical_show(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _entering_seat(state, action, by, state.turn)
    cards = read_cards(state, action.get("cards"), 3)
    check_leaving_hand(state, seat, cards)
    check_keeps_known(state, seat, cards)


PHYSICAL = {"swap_one": _physical_swap_one, "swap_all": _physical_swap_all,
            "draw_discard": _physical_draw_discard, "show": _physical_show}
"""For each entry, the checks of the cards themselves: an overridable refusal becomes firm when
these fail, since a ruling waives a rule, never moves a card that is elsewhere (SC-C2)."""


CHECKS = {
    "first_dealer": _check_first_dealer,
    "dealer_choice": _check_dealer_choice,
    "lay_centre": _check_lay_centre,
    "turn_up": _check_turn_up,
    "refresh": _check_refresh,
    "swap_one": _check_swap_one,
    "swap_all": _check_swap_all,
    "pass": _check_pass,
    "close": _check_close,
    "draw_discard": _check_draw_discard,
    "show": _check_show,
    "reveal": _check_reveal,
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


def _deck_size(state: State) -> int:
    return 32 if state.piquet else 52


def _effect_first_dealer(state: State, action: Mapping[str, Any], by: Any) -> None:
    _deal(state, read_int(action["seat"]))


def _deal(state: State, dealer: int) -> None:
    """A new round: the dealer gives three cards to each active player."""
    state.round += 1
    state.dealer = dealer
    state.phase = DEALER_CHOICE if state.options["dealer_exchange"] == "on" else LAYOUT
    state.stock = _deck_size(state) - 3 * len(state.active())
    state.centre, state.discard, state.set_aside, state.stock_known = [], [], [], []
    state.known = [[] for _ in state.players]
    state.turns_taken = [0] * state.seat_count
    state.turn, state.last_actor, state.passes, state.closer = None, None, 0, None
    state.reveals, state.shower, state.cards_asked = {}, None, []


def _effect_dealer_choice(state: State, action: Mapping[str, Any], by: Any) -> None:
    """Either way the stock ends 3 cards shorter once the centre is down (section 5.1): an
    exchanged hand is laid as the centre and the dealer takes 3 new cards instead."""
    state.phase = LAYOUT
    if action["choice"] == "exchange":
        name = state.players[state.dealer]
        if state.options["exchange"] == "commerce":
            state.notes.append(Text("{name} exchanges the dealt hand: lay it as the centre.", name=name))
        else:
            state.notes.append(Text("{name} exchanges the dealt hand: shuffle it into the stock.", name=name))


def _effect_lay_centre(state: State, action: Mapping[str, Any], by: Any) -> None:
    _turn_up_centre(state, read_cards(state, action["cards"], 3))
    _start_exchanges(state)


def _effect_turn_up(state: State, action: Mapping[str, Any], by: Any) -> None:
    cards = read_cards(state, action["cards"], 1)
    _take_from_stock(state, 1)
    _forget(state, cards)
    state.discard = cards
    _start_exchanges(state)


def _turn_up_centre(state: State, cards: list[str]) -> None:
    _take_from_stock(state, 3)
    _forget(state, cards)
    state.centre = cards


def _take_from_stock(state: State, count: int) -> None:
    """SC-C8: the stock never goes below zero, not even under a table ruling."""
    if state.stock < count:
        state.notes.append(counted("The stock had only {n} card: it stays at 0.",
                                   "The stock had only {n} cards: it stays at 0.", state.stock))
    state.stock = max(0, state.stock - count)


def _forget(state: State, cards: list[str]) -> None:
    """Take cards off the ledger before they are placed anew, so that each card has one
    place even when a table ruling moved a card the ledger had somewhere else."""
    for place in ("centre", "discard", "stock_known", "set_aside"):
        setattr(state, place, [c for c in getattr(state, place) if c not in cards])
    state.known = [[c for c in hand if c not in cards] for hand in state.known]


def _start_exchanges(state: State) -> None:
    state.phase = EXCHANGE
    state.turn = state.next_active(state.dealer)


def _actor(state: State, action: Mapping[str, Any], by: Any) -> int:
    """Who made this turn: the current player, or under a table ruling the seat named."""
    return _entering_seat(state, action, by, state.turn)


def _effect_swap_one(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _actor(state, action, by)
    give, take = read_cards(state, action["give"]), read_cards(state, action["take"])
    swapped = dict(zip(take, give))  # one pair, or two under a ruling on SC-R5
    centre = [swapped.get(c, c) for c in state.centre if c not in give]
    _forget(state, give + take)
    state.centre = centre
    state.known[seat] += take
    _after_turn(state, seat, passed=False)


def _effect_swap_all(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _actor(state, action, by)
    give, taken = read_cards(state, action["give"]), list(state.centre)
    _forget(state, give + taken)
    state.centre, state.known[seat] = give, taken
    _after_turn(state, seat, passed=False)


def _effect_pass(state: State, action: Mapping[str, Any], by: Any) -> None:
    _after_turn(state, _actor(state, action, by), passed=True)


def _effect_close(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _actor(state, action, by)
    state.closer = seat
    state.notes.append(Text("{name} closed: everyone else has one more turn.", name=state.players[seat]))
    _after_turn(state, seat, passed=False)


def _effect_draw_discard(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _actor(state, action, by)
    discard = read_cards(state, action["discard"])[0]
    if action["source"] == "pile":
        taken = state.discard[-1:]
        _forget(state, [discard] + taken)
        state.known[seat] += [c for c in taken if c != discard]  # a ruled take-and-discard leaves it on the pile
    else:
        _draw_from_stock(state)
        _forget(state, [discard])
    state.discard.append(discard)
    _after_turn(state, seat, passed=False)
    last_card = action["source"] == "stock" and state.stock == 0
    if last_card and state.phase == EXCHANGE and state.options["stock_exhausted"] == "showdown":
        state.notes.append(Text("The last stock card was drawn: showdown."))
        _to_showdown(state)


def _draw_from_stock(state: State) -> None:
    """Section 5.2: an empty stock is refilled from all discards but the top, which become
    unknown again; a card drawn from the stock is never entered."""
    if state.stock == 0 and len(state.discard) > 1:
        state.stock, state.discard = len(state.discard) - 1, state.discard[-1:]
        state.notes.append(Text("The discard pile was shuffled into a new stock."))
    _take_from_stock(state, 1)


def _after_turn(state: State, seat: int, passed: bool) -> None:
    """Count passes, refresh the centre after a full circle of passes, move the turn on, and
    go to the showdown when the turn comes back to the closer."""
    state.turns_taken[seat] += 1
    state.last_actor = seat
    state.passes = state.passes + 1 if passed else 0
    state.turn = state.next_active(seat)
    if state.closer is not None and state.turn == state.closer:
        _to_showdown(state)
        return
    if passed and state.passes == len(state.active()):
        _everyone_passed(state)


def _everyone_passed(state: State) -> None:
    """SC-E10/E11: the centre is set aside; a new one is turned up (after a reshuffle if needed)."""
    state.set_aside += state.centre
    state.centre, state.passes = [], 0
    if state.stock < 3:
        if state.options["stock_exhausted"] == "showdown":
            state.notes.append(Text("Everyone passed and the stock is short: showdown."))
            _to_showdown(state)
            return
        state.stock += len(state.set_aside)
        state.stock_known, state.set_aside = state.stock_known + state.set_aside, []
        state.notes.append(Text("The set-aside cards were shuffled into the stock."))
    state.phase = REFRESH
    state.notes.append(Text("Everyone passed: turn up a new centre."))


def _effect_refresh(state: State, action: Mapping[str, Any], by: Any) -> None:
    _turn_up_centre(state, read_cards(state, action["cards"], 3))
    state.phase = EXCHANGE


def _effect_show(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _entering_seat(state, action, by, state.turn)
    state.shower = seat
    state.reveals[str(seat)] = {"cards": read_cards(state, action["cards"])}
    state.notes.append(Text("{name} shows {cards}: showdown.", name=state.players[seat],
                            cards=labels(state.reveals[str(seat)]["cards"])))
    _to_showdown(state)


def _to_showdown(state: State) -> None:
    state.phase, state.turn = SHOWDOWN, None
    _score_if_revealed(state)


def _effect_reveal(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _entering_seat(state, action, by, None)
    if seat in state.cards_asked:
        state.reveals[str(seat)]["cards"] = read_cards(state, action["cards"])
        state.cards_asked.remove(seat)
    elif state.options["reveal_mode"] == "score_only":
        value = _declared_value(action["value"])
        state.reveals[str(seat)] = {"value": value, "suit": normalise(str(action.get("suit") or "")) or None,
                                    "triple": _triple_rank(action.get("triple"))}
    else:
        state.reveals[str(seat)] = {"cards": read_cards(state, action["cards"])}
    _score_if_revealed(state)


def _hand_of_reveal(state: State, seat: int) -> score.Hand:
    entry = state.reveals[str(seat)]
    if "cards" in entry:
        return hand_value(state, seat, entry["cards"])
    suit = entry["suit"] if entry["value"] not in (score.TRIPLE, score.FIRE) else None
    return score.declared_hand(seat, entry["value"], suit, entry["triple"])


def _ask_cards_for_suit_ties(state: State, hands: list[score.Hand]) -> bool:
    """SC-C6: score-only hands equal in value and scoring suit are settled by their cards, so
    those players are asked for them. True while cards are still missing."""
    if state.options["tie_rule"] != "suit":
        return False
    tied = [h.seat for h in hands if h.triple is None and "cards" not in state.reveals[str(h.seat)]
            and any(o is not h and (o.value, o.suit) == (h.value, h.suit) for o in hands)]
    state.cards_asked = tied
    if tied:
        names = join_names([state.players[s] for s in tied])
        state.notes.append(Text("{names} tie in value and suit: enter the cards to settle it.", names=names))
    return bool(tied)


def _score_if_revealed(state: State) -> None:
    """Once every active player has revealed: values, losses, swimming, elimination (5.5, 5.6)."""
    active = state.active()
    if any(str(s) not in state.reveals for s in active):
        return
    hands = [_hand_of_reveal(state, s) for s in active]
    if _ask_cards_for_suit_ties(state, hands):
        return
    lost = score.losses(hands, state.closer, state.options)
    lives, out = _lose_lives(state.lives, state.out, lost)
    survivors = [s for s in active if not out[s]]
    state.result = _round_result(state, hands, lost, lives, out)
    state.notes += state.result["warnings"]
    if not survivors:
        _everyone_would_be_out(state, active)
        return
    state.lives, state.out = lives, out
    if len(survivors) == 1:
        state.phase, state.winners = OVER, survivors
        return
    _deal(state, state.next_active(state.dealer))


def _everyone_would_be_out(state: State, active: list[int]) -> None:
    """5.6: nobody is put out. Either the round is void and dealt again by the same dealer,
    or (shared_win) those players share the win."""
    state.result.update(eliminated=[], swimming=[])
    if state.options["all_out"] == "replay":
        state.result["void"] = True
        state.notes.append(Text("Everyone would be out: the round is void and the same dealer deals again."))
        _deal(state, state.dealer)
        return
    state.phase, state.winners = OVER, active
    state.notes.append(Text("Everyone would be out: {names} share the win.",
                            names=join_names([state.players[s] for s in active])))


def _lose_lives(lives: list[int], out: list[bool], lost: dict[int, list[str]]) -> tuple[list[int], list[bool]]:
    """5.6: one life at a time; a player at 0 who loses one more is out, and stays out."""
    lives, out = list(lives), list(out)
    for seat, reasons in lost.items():
        for _ in reasons:
            if out[seat]:
                break
            if lives[seat] > 0:
                lives[seat] -= 1
            else:
                out[seat] = True
    return lives, out


def _round_result(state: State, hands: list[score.Hand], lost: dict[int, list[str]], lives: list[int],
                  out: list[bool]) -> dict:
    """What the table sees after a showdown: every hand and value, who lost how many lives and
    why, who is now swimming and who is out, plus the SC-C7 closing warning."""
    seats = [h.seat for h in hands]
    values = {h.seat: h.value for h in hands}
    warnings = []
    closer = state.closer
    if closer is not None and state.options["minimum_score"] == "on" and values[closer] <= 20:
        warnings.append(Text("SC-C7: {name} closed with {value} (20 or less): a closing error.",
                             name=state.players[closer], value=_points(values[closer])))
    return {
        "round": state.round,
        "hands": {str(s): state.reveals[str(s)].get("cards") for s in seats},
        "values": {str(s): v for s, v in values.items()},
        "losses": {str(s): r for s, r in lost.items() if r},
        "swimming": [s for s in seats if state.lives[s] > 0 and lives[s] == 0 and not out[s]],
        "eliminated": [s for s in seats if out[s]],
        "void": False, "warnings": warnings,
    }


EFFECTS = {
    "first_dealer": _effect_first_dealer,
    "dealer_choice": _effect_dealer_choice,
    "lay_centre": _effect_lay_centre,
    "turn_up": _effect_turn_up,
    "refresh": _effect_refresh,
    "swap_one": _effect_swap_one,
    "swap_all": _effect_swap_all,
    "pass": _effect_pass,
    "close": _effect_close,
    "draw_discard": _effect_draw_discard,
    "show": _effect_show,
    "reveal": _effect_reveal,
}


# --------------------------------------------------------------------------- entries the rules allow now

ROUND_TURNS = 3  # turns each before the walk's list closes the round (see legal_entries)


def legal_entries(state: State) -> list[dict]:
    """Entries the rules allow now, as far as public information tells (for simulated phones
    and property tests); an empty list means the game is over.

    Every entry passes ``check(state, entry, HOST)``; an entry with a ``seat`` also passes when
    that seat's phone sends it (``first_dealer`` names the dealer, and any seat may enter it).
    Table entries any phone may make (``lay_centre``, ``turn_up``, ``refresh``) carry no seat.

    It is a sample. Cards leaving a hand are its known cards or cards nobody has seen (a few,
    in an order shuffled per round); cards from the stock are set-aside cards shuffled back
    or unseen cards; a show is one hand of 31 (or fire) the ledger allows; at the showdown the
    unseen cards are shared out among the hands, so every player can still reveal. It is
    biased so that a random walk ends:

    - with ``minimum_score`` on, no exchange leaves a hand fully known and worth 20 or less
      (which could never close), unless nothing else is allowed;
    - once every active player has had ``ROUND_TURNS`` turns and nobody has closed, the
      player on turn is offered only ``close`` (and any show), so each round ends.

    Lives then run out round by round; a void round (5.6) is dealt again and a showdown under
    ``tie_rule = all_lose`` may cost nobody a life, so walks should still cap their steps.
    """
    phase = state.phase
    if phase == OVER:
        return []
    if phase == EXCHANGE:
        return _exchange_entries(state)
    if phase == FIRST_DEALER:
        entries = [{"type": "first_dealer", "seat": seat} for seat in range(state.seat_count)]
    elif phase == DEALER_CHOICE:
        entries = [{"type": "dealer_choice", "seat": state.dealer, "choice": choice} for choice in ("keep", "exchange")]
    elif phase == LAYOUT:
        kind, count = ("lay_centre", 3) if state.options["exchange"] == "commerce" else ("turn_up", 1)
        entries = [{"type": kind, "cards": cards} for cards in _from_stock(state, count)]
    elif phase == REFRESH:
        entries = [{"type": "refresh", "cards": cards} for cards in _from_stock(state, 3)]
    else:
        entries = _reveals(state)
    return [entry for entry in entries if _allowed(state, entry)]


def _allowed(state: State, action: Mapping[str, Any]) -> bool:
    return passes(check, state, action, HOST)


def _deck_order(state: State) -> list[str]:
    """The deck in an order fixed for the round's table (not for its hands), so that samples
    vary from round to round but stay put while the showdown's reveals come in."""
    deck = [f"{RANK_NAMES.get(rank, rank)}{suit}" for rank in range(7 if state.piquet else 2, 15) for suit in SUITS]
    random.Random(f"{state.round}/{state.stock}/{' '.join(state.centre)}").shuffle(deck)
    return deck


def _unseen(state: State) -> list[str]:
    places = ledger(state)
    return [card for card in _deck_order(state) if card not in places]


def _from_stock(state: State, count: int) -> list[list[str]]:
    """Cards turned up from the stock: set-aside cards shuffled back first, or unseen ones."""
    unseen = _unseen(state)
    samples = [(state.stock_known + unseen)[:count], unseen[:count], unseen[count:2 * count]]
    return [cards for i, cards in enumerate(samples) if len(cards) == count and cards not in samples[:i]]


def _exchange_entries(state: State) -> list[dict]:
    seat = state.turn
    shows = [entry for s in state.active() for entry in _shows(state, s)]
    close = {"type": "close", "seat": seat}
    closing_time = state.closer is None and min(state.turns_taken[s] for s in state.active()) >= ROUND_TURNS
    if closing_time and _allowed(state, close):
        return [close] + [entry for entry in shows if _allowed(state, entry)]
    entries = _swaps(state, seat) if state.options["exchange"] == "commerce" else _draws(state, seat)
    legal = [entry for entry in entries + [close] + shows if _allowed(state, entry)]
    can_close = [entry for entry in legal if not _leaves_a_hand_that_cannot_close(state, seat, entry)]
    return can_close or legal


def _gives(state: State, seat: int) -> list[str]:
    """Cards that may leave the seat's hand: its known cards and two unseen ones."""
    return state.known[seat] + _unseen(state)[:2]


def _swaps(state: State, seat: int) -> list[dict]:
    gives = _gives(state, seat)
    unseen = [card for card in _unseen(state) if card not in state.known[seat]]
    swap_all = [state.known[seat] + unseen[start:start + 3 - len(state.known[seat])] for start in (0, 3)]
    return ([{"type": "pass", "seat": seat}]
            + [{"type": "swap_one", "seat": seat, "give": give, "take": take} for give in gives for take in state.centre]
            + [{"type": "swap_all", "seat": seat, "give": cards} for cards in swap_all])


def _draws(state: State, seat: int) -> list[dict]:
    return [{"type": "draw_discard", "seat": seat, "source": source, "discard": card}
            for source in ("stock", "pile") for card in _gives(state, seat)]


def _leaves_a_hand_that_cannot_close(state: State, seat: int, entry: Mapping[str, Any]) -> bool:
    """SC-R9: would this exchange leave the hand fully known and worth 20 or less?"""
    if state.options["minimum_score"] != "on":
        return False
    known = list(state.known[seat])
    if entry["type"] == "swap_one":
        known = [card for card in known if card != entry["give"]] + [entry["take"]]
    elif entry["type"] == "swap_all":
        known = list(state.centre)
    elif entry["type"] == "draw_discard":
        taken = state.discard[-1:] if entry["source"] == "pile" else []
        known = [card for card in known + taken if card != entry["discard"]]
    return len(known) == 3 and hand_value(state, seat, known).value <= 20


def _shows(state: State, seat: int) -> list[dict]:
    """One hand of 31 (or fire) holding the seat's known cards, if the ledger allows one."""
    places = ledger(state)
    known = set(state.known[seat])
    hands = [[f"A{suit}", f"{first}{suit}", f"{second}{suit}"] for suit in "CSHD"
             for first, second in (("K", "Q"), ("K", "J"), ("Q", "J"), ("K", "10"), ("Q", "10"), ("J", "10"))]
    if state.options["three_of_a_kind"] == "fire":
        hands += [["AC", "AS", "AH"], ["AC", "AS", "AD"], ["AC", "AH", "AD"], ["AS", "AH", "AD"]]
    for cards in hands:
        if known <= set(cards) and all(places.get(card, f"hand:{seat}") == f"hand:{seat}" for card in cards):
            return [{"type": "show", "seat": seat, "cards": cards}]
    return []


def _reveals(state: State) -> list[dict]:
    """Showdown entries: each hand the unseen cards were shared out to (section 3)."""
    hands = _showdown_hands(state)
    entries = []
    for seat in state.active():
        if seat in state.cards_asked:
            declared = state.reveals[str(seat)]
            entries += [{"type": "reveal", "seat": seat, "cards": cards} for cards in hands[seat]
                        if _scored_as(state, seat, cards) == (declared["value"], declared["suit"])][:1]
        elif str(seat) in state.reveals:
            continue
        elif state.options["reveal_mode"] == "score_only":
            entries += [_score_only(state, seat, cards) for cards in hands[seat]]
        else:
            entries += [{"type": "reveal", "seat": seat, "cards": cards} for cards in hands[seat]]
    return entries


def _showdown_hands(state: State) -> dict[int, list[list[str]]]:
    """Seat -> two hands it may reveal: its known cards and unseen cards no other seat's hands
    use. Cards already revealed are taken out first (in score-only mode only the shower's, so
    that a player asked for the cards behind a value finds the same hands)."""
    revealed = state.reveals.items() if state.options["reveal_mode"] == "cards" else \
        [(seat, entry) for seat, entry in state.reveals.items() if seat == str(state.shower)]
    used = {card for _, entry in revealed for card in entry.get("cards", [])}
    # Known hand cards stay placed once revealed: otherwise a player asked for the cards behind
    # a score would move them back into the pool and shift every later seat's sample hands.
    placed = {card for card, place in ledger(state).items() if not place.startswith("shown:")}
    placed.update(card for cards in state.known for card in cards)
    pool = [card for card in _deck_order(state) if card not in placed and card not in used]
    open_seats = [seat for seat in state.active() if str(seat) not in dict(revealed)]
    fills, front = {}, 0
    for seat in open_seats:
        need = 3 - len(state.known[seat])
        fills[seat], front = pool[front:front + need], front + need
    spare = pool[front:]
    hands = {}
    for i, seat in enumerate(open_seats):
        hand = state.known[seat] + fills[seat]
        other = hand[:-1] + spare[i:i + 1] if fills[seat] and i < len(spare) else None
        hands[seat] = [hand] + ([other] if other else [])
    return hands


def _scored_as(state: State, seat: int, cards: list[str]) -> tuple[float, str | None]:
    hand = hand_value(state, seat, cards)
    return hand.value, hand.suit


def _score_only(state: State, seat: int, cards: list[str]) -> dict:
    """A score-only reveal of ``cards``: the value with its scoring suit, or the triple's rank."""
    hand = hand_value(state, seat, cards)
    if hand.triple is not None:
        return {"type": "reveal", "seat": seat, "value": hand.value, "triple": RANK_NAMES.get(hand.triple, hand.triple)}
    return {"type": "reveal", "seat": seat, "value": hand.value, "suit": hand.suit}


# --------------------------------------------------------------------------- what a phone sees

def view(state: State, viewer: Any = None) -> dict:
    """The board for ``viewer``. Reveals stay hidden ("revealed") until every active player
    has revealed, so nobody can adapt an entry to what others entered."""
    public = ledger(state, public=True)
    players = []
    for seat, name in enumerate(state.players):
        entry = state.reveals.get(str(seat))
        visible = entry is not None and (str(seat) == str(state.shower) or viewer == seat)
        players.append({
            "seat": seat, "name": name, "lives": state.lives[seat], "out": state.out[seat],
            "swimming": state.lives[seat] == 0 and not state.out[seat],
            "known": list(state.known[seat]) if state.known else [],
            "revealed": entry is not None, "reveal": entry if visible else None,
            "dealer": seat == state.dealer,
            "elsewhere": sorted(c for c, place in public.items() if place != f"hand:{seat}"),
        })
    return {
        "game": GAME_ID, "title": TITLE, "options": dict(state.options), "phase": state.phase,
        "round": state.round, "dealer": state.dealer, "turn": state.turn, "players": players,
        "centre": list(state.centre), "discard_top": state.discard[-1] if state.discard else None,
        "stock": state.stock, "set_aside": len(state.set_aside), "passes": state.passes,
        "ranks": [RANK_NAMES.get(r, str(r)) for r in range(7 if state.piquet else 2, 15)],
        "not_in_stock": sorted(c for c, place in public.items() if place != "stock_known"),
        "on_table": sorted(c for c, place in public.items() if not place.startswith("hand:")),
        "closer": state.closer, "shower": state.shower, "result": state.result,
        "cards_asked": list(state.cards_asked),
        "winners": list(state.winners), "notes": list(state.notes), "actions": allowed(state, viewer),
    }


def allowed(state: State, viewer: Any) -> list[dict]:
    if viewer is None or state.phase == OVER:
        return []
    if viewer != HOST and state.out[viewer]:
        return []
    phase = state.phase
    if phase == FIRST_DEALER:
        return [{"type": "first_dealer", "seat": None}]
    if phase == DEALER_CHOICE:
        return [{"type": "dealer_choice", "seat": state.dealer}] if viewer in (HOST, state.dealer) else []
    if phase == LAYOUT:
        kind = "lay_centre" if state.options["exchange"] == "commerce" else "turn_up"
        return [{"type": kind, "seat": None}]
    if phase == REFRESH:
        return [{"type": "refresh", "seat": None}]
    if phase == SHOWDOWN:
        seats = state.active() if viewer == HOST else [viewer]
        return [{"type": "reveal", "seat": s} for s in seats
                if str(s) not in state.reveals or s in state.cards_asked]
    found = []
    if viewer in (HOST, state.turn):
        kinds = ["swap_one", "swap_all", "pass"] if state.options["exchange"] == "commerce" else ["draw_discard"]
        found += [{"type": k, "seat": state.turn} for k in kinds]
        if passes(_check_close, state, {"type": "close"}, HOST):
            found.append({"type": "close", "seat": state.turn})
    for seat in state.active():
        if viewer in (HOST, seat) and passes(_check_show_timing, state, seat):
            found.append({"type": "show", "seat": seat})
    return found


def describe(state: State, action: Mapping[str, Any], by: Any = None) -> Text:
    """One line for the history; a reveal says only that it was made."""
    kind = action.get("type")
    seat = read_int(action.get("seat")) if action.get("seat") is not None else None
    if seat is None:  # a phone enters for its own seat; the host, for the player on turn
        seat = by if isinstance(by, int) else state.turn
    who = state.players[seat] if isinstance(seat, int) and 0 <= seat < state.seat_count else "?"

    def cards(field: str) -> str:
        try:
            return labels(normalise(t) for t in split_tokens(action.get(field)))
        except ValueError:
            return "?"

    if kind == "first_dealer":
        return Text("{who} deals first", who=who)
    if kind == "dealer_choice":
        if action.get("choice") == "exchange":
            return Text("The dealer exchanges the hand")
        return Text("The dealer keeps the hand")
    if kind == "lay_centre":
        return Text("Centre: {cards}", cards=cards("cards"))
    if kind == "turn_up":
        return Text("Turned up {cards}", cards=cards("cards"))
    if kind == "refresh":
        return Text("New centre: {cards}", cards=cards("cards"))
    if kind == "swap_one":
        return Text("{who} gave {give} for {take}", who=who, give=cards("give"), take=cards("take"))
    if kind == "swap_all":
        return Text("{who} swapped all: gave {cards}", who=who, cards=cards("give"))
    if kind == "pass":
        return Text("{who} passed", who=who)
    if kind == "close":
        return Text("{who} closed", who=who)
    if kind == "draw_discard":
        if action.get("source") == "pile":
            return Text("{who} drew from the pile and discarded {cards}", who=who, cards=cards("discard"))
        return Text("{who} drew from the stock and discarded {cards}", who=who, cards=cards("discard"))
    if kind == "show":
        return Text("{who} showed {cards}", who=who, cards=cards("cards"))
    if kind == "reveal":
        return Text("{who} revealed", who=who)
    return Text("{kind}", kind=str(kind))
