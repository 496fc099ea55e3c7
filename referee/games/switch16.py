"""Switch 16: the rules engine (``../shared/rules/switch16.md``).

The dice stay physical; players enter what they show. Everything is public: each deck is known
from its top card (the discard pile is always 1..top-1), so the engine keeps tops, who controls
which deck, where the block chip is, and where the current turn stands.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any

from .base import (
    HOST,
    Option,
    Refusal,
    Text,
    apply_checked,
    check_players,
    counted,
    dump_state,
    entry_type,
    join_names,
    next_seat,
    not_yours,
    read_int,
    refused_rule,
    resolve_options,
    revive_texts,
    unreadable,
)

GAME_ID = "switch-16"
TITLE = "Switch 16"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
LAST_CARD = 16
DONE = LAST_CARD + 1  # the top of a deck whose card 16 is gone
COLOURS = ("Red", "Blue", "Green", "Yellow")
FACES = ("blank", "green", "red", "block")
FACE_NAMES = {"blank": Text("blank"), "green": Text("green"), "red": Text("red"), "block": Text("block")}
PENALTIES = ("playmonster", "checkpoint8", "turn_only")

OPTIONS = (
    Option("four_dice_from", (), "7", "Lowest top card rolled with 4 number dice (17: never).", number=(2, 17)),
    Option("five_dice_from", (), "12", "Lowest top card rolled with 5 number dice (17: never).", number=(2, 17)),
    Option("risk_penalty", PENALTIES, "playmonster", "Where a failed risk roll sends the deck back to.",
           {"playmonster": "card 1 after 4 dice or a top of 2-8, else card 8 (the leaflet)",
            "checkpoint8": "card 1 from a top of 2-8, card 8 from 9-16 (older editions)",
            "turn_only": "only this turn's discards go back"}),
    Option("green_refusal_uses_chip", ("off", "on"), "off",
           "Does refusing a green switch use up the block chip?",
           {"off": "the chip stays in the refuser's hand", "on": "the chip goes back to the middle"}),
    Option("game_mode", ("race", "points"), "race", "The game to play.",
           {"race": "first to discard card 16 wins", "points": "rounds scored until someone reaches the target"}),
    Option("points_target", (), "100", "Points mode: the total that ends the game.", number=(1, 10_000)),
    Option("next_round_starter", ("left_of_round_winner", "roll_off"), "left_of_round_winner",
           "Points mode: who starts a new round.",
           {"left_of_round_winner": "the player left of who discarded 16", "roll_off": "a new roll-off"}),
)

START, TURN, OVER = "start", "turn", "over"
TURN_ENTRIES = {"roll", "discard", "stop"}
ENTRY_TYPES = TURN_ENTRIES | {"start_player", "green_answer", "place_block", "adjust"}


@dataclass
class Roll:
    """The latest roll of the turn and what has come of it."""

    dice: list[int]
    face: str
    risk: bool
    allowance: int = 0
    discarded: int = 0


@dataclass
class State:
    players: list[str]
    options: dict[str, str]
    tops: list[int]                  # top card of each deck in play, by deck (deck i starts with seat i)
    control: list[int]               # control[seat] = the deck that seat controls
    chip: str = "middle"             # "middle", "hand" or "deck"
    chip_at: int | None = None       # the holding seat, or the deck the chip lies on
    phase: str = START
    active: int | None = None
    rolls: int = 0                   # rolls made this turn
    start_top: int = 1               # the active deck's top when the turn began
    last: Roll | None = None
    pending_green: int | None = None  # the target who may refuse a green switch
    ended: dict | None = None        # {"seat", "why"}: the turn that just ended (S16-C4)
    points: list[int] = field(default_factory=list)
    round: int = 1
    winners: list[int] = field(default_factory=list)
    notes: list[Text] = field(default_factory=list)

    @property
    def seat_count(self) -> int:
        return len(self.players)

    def top_of(self, seat: int) -> int:
        return self.tops[self.control[seat]]

    def blocked(self, seat: int) -> bool:
        return self.chip == "deck" and self.chip_at == self.control[seat]

    def holder(self) -> int | None:
        return self.chip_at if self.chip == "hand" else None


# --------------------------------------------------------------------------- setup, (de)serialising

def new_game(players: Any, options: Mapping[str, Any] | None = None) -> State:
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = resolve_options(OPTIONS, options)
    if int(chosen["five_dice_from"]) < int(chosen["four_dice_from"]):
        raise unreadable("Five dice cannot start below four dice: five_dice_from ≥ four_dice_from.")
    n = len(names)
    return State(players=names, options=chosen, tops=[1] * n, control=list(range(n)), points=[0] * n)


def seat_names(state: State) -> list[str]:
    return list(state.players)


def dump(state: State) -> dict:
    return dump_state(state)


def load(data: Mapping[str, Any]) -> State:
    data = revive_texts(data)
    data["last"] = Roll(**data["last"]) if data.get("last") else None
    return State(**data)


# --------------------------------------------------------------------------- dice arithmetic

def dice_count(state: State, top: int) -> int:
    if top < int(state.options["four_dice_from"]):
        return 3
    return 4 if top < int(state.options["five_dice_from"]) else 5


def ways(dice: list[int]) -> dict[int, tuple[int, ...]]:
    """Each sum some non-empty subset of the dice makes, with the fewest dice that make it."""
    found: dict[int, tuple[int, ...]] = {}
    for size in range(1, len(dice) + 1):
        for subset in combinations(sorted(dice, reverse=True), size):
            found.setdefault(sum(subset), subset)
    return found


def allowance(top: int, dice: list[int], blocked: bool) -> int:
    """How many cards top, top+1, ... the dice make in a row (0 on a blocked deck)."""
    if blocked:
        return 0
    sums = ways(dice)
    count = 0
    while top + count <= LAST_CARD and top + count in sums:
        count += 1
    return count


# --------------------------------------------------------------------------- checks

def check(state: State, action: Mapping[str, Any], by: Any) -> None:
    """Raise Refusal if the entry may not be made now. Order: C5, C4, C1, C2, C3, then R."""
    kind = _entry_type(action)
    if state.phase == OVER:
        raise Refusal("S16-C5", "The game is over; nothing more can be entered.", overridable=False)
    CHECKS[kind](state, action, by)


def _entry_type(action: Any) -> str:
    return entry_type(action, ENTRY_TYPES, TITLE)


def _seat_named(state: State, value: Any, what: str) -> int:
    """S16-C3: a seat in the game (the refusal names the seat as the table calls it)."""
    seat = read_int(value) if not isinstance(value, bool) else None
    if seat is None or not 0 <= seat < state.seat_count:
        label = chr(ord("A") + seat) if isinstance(seat, int) and 0 <= seat < 26 else repr(value)
        raise Refusal("S16-C3", _no_seat(what, label), overridable=False)
    return seat


def _no_seat(what: str, label: str) -> Text:
    """The S16-C3 sentence for what the seat was named for, each a whole sentence."""
    if what == "start player":
        return Text("There is no seat {label} for the start player.", label=label)
    if what == "switch":
        return Text("There is no seat {label} for the switch.", label=label)
    if what == "block chip":
        return Text("There is no seat {label} for the block chip.", label=label)
    if what == "deck":
        return Text("There is no seat {label} for the deck.", label=label)
    if what == "chip":
        return Text("There is no seat {label} for the chip.", label=label)
    if what == "swap":
        return Text("There is no seat {label} for the swap.", label=label)
    return Text("There is no seat {label} for the player.", label=label)


def _acting_seat(state: State, action: Mapping[str, Any], by: Any) -> int:
    """The seat a turn entry is for: the phone's own seat, or for the host the seat it names
    (the active player when none is named)."""
    named = action.get("seat")
    if by == HOST:
        if named is None:
            if state.active is None:
                raise Refusal("S16-R1", "Enter the start player first.", overridable=False)
            return state.active
        return _seat_named(state, named, "player")
    if not (isinstance(by, int) and 0 <= by < state.seat_count):
        raise not_yours("S16-C5", "Only a player at this table (or the host) can make this entry.")
    if named is not None and read_int(named) != by:
        who = state.players[_seat_named(state, named, "player")]
        raise not_yours("S16-C5", "Only {who} (or the host) can make {who}'s entries.", who=who)
    return by


def _check_turn_entry(state: State, action: Mapping[str, Any], by: Any) -> int:
    """C5 and C4 for roll, discard and stop; returns the acting seat."""
    seat = _acting_seat(state, action, by)
    if state.phase != TURN:
        raise Refusal("S16-R1", "Enter the start player first.", overridable=False)
    if seat != state.active and state.ended and state.ended["seat"] == seat:
        raise Refusal("S16-C4", state.ended["why"], overridable=False)
    return seat


def _check_start_player(state: State, action: Mapping[str, Any], by: Any) -> None:
    if by != HOST and not (isinstance(by, int) and 0 <= by < state.seat_count):
        raise not_yours("S16-C5", "Only a player at this table (or the host) can enter the start player.")
    _seat_named(state, action.get("seat"), "start player")
    if state.phase != START:
        raise Refusal("S16-R1", "The start player is already set.", overridable=False)


def _check_roll(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _check_turn_entry(state, action, by)
    dice, face = _read_dice(action.get("dice")), action.get("face", "blank")
    if face not in FACES:
        raise Refusal("S16-C2", "The switch die shows blank, green, red or block.", overridable=False)
    partner = action.get("switch_with")
    if partner not in (None, "none", ""):
        _seat_named(state, partner, "switch")
    if seat != state.active:
        raise Refusal("S16-R2", "It is {name}'s turn.", overridable=False, name=state.players[state.active])
    if state.pending_green is not None:
        raise Refusal("S16-R2", "Wait for {name} to answer the green switch.", overridable=False,
                      name=state.players[state.pending_green])
    if state.last is not None and state.last.discarded == 0:
        raise Refusal("S16-R3", "You can roll again only after discarding from your last roll.",
                      overridable=False)
    top = state.top_of(seat)
    needed = dice_count(state, top)
    if len(dice) != needed:  # S16-R4 stays overridable: 1 to 5 real dice (S16-C1 above)
        raise Refusal("S16-R4", "Your top card is {top}: roll {needed} number dice.", top=top, needed=needed)
    _check_switch(state, seat, face, partner)


def _read_dice(raw: Any) -> list[int]:
    """S16-C1: number dice as a list (or a string '1 3 4') of whole numbers 1-6."""
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    if not isinstance(raw, list) or not raw:
        raise Refusal("S16-C1", "Dice show 1 to 6: enter each number die.", overridable=False)
    dice = [read_int(d) for d in raw]
    if any(d is None or not 1 <= d <= 6 for d in dice):
        raise Refusal("S16-C1", "Dice show 1 to 6.", overridable=False)
    if len(dice) > NUMBER_DICE:
        # S16-C1: not overridable: the game has five number dice (section 2); a ruling on S16-R4 may
        # change how many are rolled, never roll a sixth.
        raise Refusal("S16-C1", "The game has only five number dice.", overridable=False)
    return dice


NUMBER_DICE = 5


def red_candidates(state: State, seat: int) -> list[int]:
    """The other players whose top card is the lowest, if it is lower than the roller's."""
    others = [s for s in range(state.seat_count) if s != seat]
    lowest = min(state.top_of(s) for s in others)
    if lowest >= state.top_of(seat):
        return []
    return [s for s in others if state.top_of(s) == lowest]


def _check_switch(state: State, seat: int, face: str, partner: Any) -> None:
    """S16-R5 to S16-R7: who the switch die swaps with."""
    given = None if partner in (None, "") else partner
    # S16-R5 to S16-R7 stay overridable: whom a switch swaps with is a legality rule; a swap of two
    # decks (or none) keeps one deck per player.
    if face == "red":
        candidates = red_candidates(state, seat)
        names = join_names([state.players[s] for s in candidates])
        if not candidates and given not in (None, "none"):
            raise Refusal("S16-R5", "Nobody's top card is lower than yours: a red switch swaps with nobody.")
        if len(candidates) > 1 and (given in (None, "none") or read_int(given) not in candidates):
            low = state.top_of(candidates[0])
            raise Refusal("S16-R5", "{names} tie for the lowest top card ({low}); choose one of them.",
                          names=names, low=low)
        if len(candidates) == 1 and given not in (None, "none") and read_int(given) != candidates[0]:
            raise Refusal("S16-R5", "A red switch swaps with the lowest top card: {name}.", name=names)
    elif face == "green":
        if given is None or (given != "none" and read_int(given) == seat):
            raise Refusal("S16-R6", "Choose another player, or none.")
    elif given not in (None, "none"):
        if face == "block":
            raise Refusal("S16-R7", "A block face switches with nobody.")
        raise Refusal("S16-R7", "A blank face switches with nobody.")


def _check_green_answer(state: State, action: Mapping[str, Any], by: Any) -> None:
    target = state.pending_green
    if target is None:
        raise Refusal("S16-R8", "There is no green switch waiting for an answer.", overridable=False)
    if by not in (HOST, target):
        who = state.players[target]
        raise not_yours("S16-C5", "Only {who} (or the host) can answer this switch.", who=who)
    if action.get("answer") not in ("accept", "refuse"):
        raise unreadable("Answer accept or refuse.")


def _check_discard(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _check_turn_entry(state, action, by)
    count = read_int(action.get("count", 1))
    if count is None:
        raise unreadable("Say how many cards to discard.")
    if seat != state.active:
        raise Refusal("S16-R9", "It is {name}'s turn.", overridable=False, name=state.players[state.active])
    if state.last is None or state.pending_green is not None:
        raise Refusal("S16-R9", "Roll first: discards come from a roll.", overridable=False)
    if state.blocked(seat):
        # S16-R10 and S16-R11 stay overridable: a table may accept cards the dice do not make; the effect
        # discards only cards the deck still holds (never past card 16), so the deck stays 1..17.
        raise Refusal("S16-R10", "Your deck is blocked.")
    left = state.last.allowance - state.last.discarded
    if not 1 <= count <= left:
        raise Refusal("S16-R11", _allowance_message(state, seat, count, left))


def _allowance_message(state: State, seat: int, count: int, left: int) -> Text:
    if count < 1:
        return Text("Discard at least one card.")
    dice = ", ".join(str(d) for d in state.last.dice)
    top = state.top_of(seat)
    if left == 0:
        return Text("Your roll {dice} makes no more cards: stop, or take a risk.", dice=dice)
    return Text("Your roll {dice} makes card {made} but not card {missing}.", dice=dice, made=top + left - 1,
                missing=top + left)


def _check_stop(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _check_turn_entry(state, action, by)
    if seat != state.active:
        raise Refusal("S16-R12", "It is {name}'s turn.", overridable=False, name=state.players[state.active])
    if state.last is None or state.pending_green is not None:
        raise Refusal("S16-R12", "Roll first; you can stop after your roll is resolved.", overridable=False)


def _check_place_block(state: State, action: Mapping[str, Any], by: Any) -> None:
    holder = state.holder()
    if by != HOST and (holder is None or by != holder):
        raise Refusal("S16-R13", "Only the player holding the block chip can place it.", overridable=False)
    target = _seat_named(state, action.get("target"), "block chip")
    if holder is None:
        raise Refusal("S16-R13", "Only the player holding the block chip can place it.", overridable=False)
    if target == holder:  # S16-R14, S16-R15 stay overridable: the chip is on one deck either way
        raise Refusal("S16-R14", "Place the chip on another player's deck.")
    landed = action.get("landed_after")
    if landed is not None:
        k = read_int(landed)
        discarding = target == state.active and state.last is not None
        if not discarding:
            raise Refusal("S16-R15", "{name} is not discarding from a roll now.", name=state.players[target])
        if k is None or not 0 <= k <= state.last.discarded:
            raise Refusal("S16-R15", counted("{name} discarded only {n} card from this roll.",
                                             "{name} discarded only {n} cards from this roll.",
                                             state.last.discarded, name=state.players[target]))


def _check_adjust(state: State, action: Mapping[str, Any], by: Any) -> None:
    """Host corrections; S16-C6: every value keeps the table consistent."""
    if by != HOST:
        raise not_yours("S16-C5", "Only the host can adjust the table.")
    if "top" in action:
        _seat_named(state, action.get("seat"), "deck")
        top = read_int(action.get("top"))
        if top is None or not 1 <= top <= DONE:
            raise Refusal("S16-C6", "A top card is 1 to 16, or 17 once card 16 is gone.", overridable=False)
    elif "chip" in action:
        if action["chip"] not in ("middle", "hand", "deck"):
            raise Refusal("S16-C6", "The chip is in the middle, in a hand or on a deck.", overridable=False)
        if action["chip"] != "middle":
            _seat_named(state, action.get("seat"), "chip")
    elif "swap" in action:
        pair = action["swap"]
        if not isinstance(pair, list) or len(pair) != 2:
            raise Refusal("S16-C6", "Name the two players whose decks swap.", overridable=False)
        seats = [_seat_named(state, s, "swap") for s in pair]
        if seats[0] == seats[1]:
            raise Refusal("S16-C6", "A player cannot swap with themselves.", overridable=False)
    else:
        raise unreadable("Adjust a deck's top, the chip or a swap.")


CHECKS = {
    "start_player": _check_start_player,
    "roll": _check_roll,
    "green_answer": _check_green_answer,
    "discard": _check_discard,
    "stop": _check_stop,
    "place_block": _check_place_block,
    "adjust": _check_adjust,
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


def _effect_start_player(state: State, action: Mapping[str, Any], by: Any) -> None:
    _begin_turn(state, read_int(action["seat"]))


def _begin_turn(state: State, seat: int) -> None:
    state.phase, state.active, state.rolls = TURN, seat, 0
    state.last, state.pending_green = None, None
    state.start_top = state.top_of(seat)


def _end_turn(state: State, why: Text) -> None:
    seat = state.active
    state.ended = {"seat": seat, "why": why}
    state.notes.append(why)
    _begin_turn(state, next_seat(seat, state.seat_count))


def _effect_roll(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = state.active
    state.ended = None
    face = action.get("face", "blank")
    partner = action.get("switch_with")
    state.rolls += 1
    state.last = Roll(dice=_read_dice(action["dice"]), face=face, risk=state.rolls > 1)
    name = state.players[seat]
    if face == "red":
        candidates = red_candidates(state, seat)
        if candidates:
            other = read_int(partner) if len(candidates) > 1 or partner not in (None, "", "none") else candidates[0]
            _swap(state, seat, other if other is not None else candidates[0])
        _end_turn(state, Text("{name}'s turn ended with the red switch.", name=name))
        return
    if face == "green" and partner not in (None, "", "none"):
        target = read_int(partner)
        if state.holder() == target:
            state.pending_green = target
            return
        _swap(state, seat, target)
        _end_turn(state, Text("{name}'s turn ended with the green switch.", name=name))
        return
    if face == "block":
        state.chip, state.chip_at = "hand", seat
    _resolve_number_dice(state)


def _resolve_number_dice(state: State) -> None:
    """How many cards the roll makes; a roll that makes none ends the turn (with a penalty
    after a risk roll)."""
    seat, roll = state.active, state.last
    roll.allowance = allowance(state.top_of(seat), roll.dice, state.blocked(seat))
    if roll.allowance == 0:
        name = state.players[seat]
        if roll.risk:
            _penalty(state, seat)
            _end_turn(state, Text("{name}'s risk roll made nothing: the deck goes back to {top}.", name=name,
                                  top=state.top_of(seat)))
        else:
            _end_turn(state, Text("{name}'s turn ended: the roll made no card.", name=name))


def _swap(state: State, seat: int, other: int) -> None:
    """Two players exchange decks; a chip on a deck travels with it, a chip in hand stays."""
    state.control[seat], state.control[other] = state.control[other], state.control[seat]


def _effect_green_answer(state: State, action: Mapping[str, Any], by: Any) -> None:
    target, seat = state.pending_green, state.active
    state.pending_green = None
    if action["answer"] == "accept":
        _swap(state, seat, target)
        _end_turn(state, Text("{name}'s turn ended with the green switch.", name=state.players[seat]))
        return
    state.notes.append(Text("{name} refused the switch with the block chip.", name=state.players[target]))
    if state.options["green_refusal_uses_chip"] == "on":
        state.chip, state.chip_at = "middle", None
    _resolve_number_dice(state)


def _effect_discard(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = state.active
    deck = state.control[seat]
    # a ruling may ask for more cards than the deck has left (S16-R11): only those are discarded,
    # so the roll's count stays true and a chip landing later never takes back more (S16-C6)
    count = min(max(0, read_int(action.get("count", 1))), DONE - state.tops[deck])
    state.tops[deck] = min(DONE, state.tops[deck] + count)
    state.last.discarded += count
    if state.tops[deck] == DONE:
        _card_16_gone(state, seat)


def _effect_stop(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat, name = state.active, state.players[state.active]
    if state.last.risk and state.last.discarded == 0:
        _penalty(state, seat)
        _end_turn(state, Text("{name} stopped without discarding from a risk roll: the deck goes back to {top}.",
                              name=name, top=state.top_of(seat)))
    else:
        _end_turn(state, Text("{name} stopped.", name=name))


def penalty_top(mode: str, top: int, dice: int, start_top: int) -> int:
    """Where a failed risk roll sends a deck whose top is ``top`` (section 5.2)."""
    if mode == "turn_only":
        return start_top
    if mode == "playmonster" and dice == 4:
        return 1
    return 1 if top <= 8 else 8


def _penalty(state: State, seat: int) -> None:
    deck = state.control[seat]
    top = state.tops[deck]
    state.tops[deck] = min(top, penalty_top(state.options["risk_penalty"], top, len(state.last.dice),
                                            state.start_top))


def _effect_place_block(state: State, action: Mapping[str, Any], by: Any) -> None:
    target = read_int(action["target"])
    holder = state.holder()
    landed = read_int(action.get("landed_after"))
    if landed is not None and target == state.active and state.last is not None:
        back = state.last.discarded - min(max(landed, 0), state.last.discarded)
        state.tops[state.control[target]] -= back  # cards discarded after the chip landed go back
        state.last.discarded -= back
    state.chip, state.chip_at = "deck", state.control[target]
    if holder is None:
        state.notes.append(Text("The host placed the block chip on {target}'s deck.", target=state.players[target]))
    else:
        state.notes.append(Text("{holder} placed the block chip on {target}'s deck.", holder=state.players[holder],
                                target=state.players[target]))
    if target == state.active and state.rolls > 0:
        _end_turn(state, Text("{name}'s turn ended when the block chip landed on {name}'s deck.",
                              name=state.players[target]))


def _effect_adjust(state: State, action: Mapping[str, Any], by: Any) -> None:
    state.notes.append(Text("The host adjusted the table (a table ruling)."))
    if "top" in action:
        state.tops[state.control[read_int(action["seat"])]] = read_int(action["top"])
    elif "chip" in action:
        seat = read_int(action.get("seat")) if action["chip"] != "middle" else None
        state.chip = action["chip"]
        state.chip_at = None if seat is None else (seat if state.chip == "hand" else state.control[seat])
    else:
        _swap(state, *(read_int(s) for s in action["swap"]))


def _card_16_gone(state: State, seat: int) -> None:
    """Card 16 is discarded: the race is won, or the round is scored (points mode)."""
    if state.options["game_mode"] == "race":
        state.phase, state.winners, state.active = OVER, [seat], None
        return
    for other in range(state.seat_count):
        state.points[other] += LAST_CARD if other == seat else state.top_of(other) - 1
    best = max(state.points)
    if best >= int(state.options["points_target"]):
        state.phase, state.active = OVER, None
        state.winners = [s for s, p in enumerate(state.points) if p == best]
        return
    state.round += 1
    state.tops = [1] * state.seat_count
    state.chip, state.chip_at, state.ended = "middle", None, None
    state.notes.append(Text("Round {scored} scored; round {round} begins.", scored=state.round - 1,
                            round=state.round))
    if state.options["next_round_starter"] == "roll_off":
        state.phase, state.active, state.last, state.rolls = START, None, None, 0
    else:
        _begin_turn(state, next_seat(seat, state.seat_count))


EFFECTS = {
    "start_player": _effect_start_player,
    "roll": _effect_roll,
    "green_answer": _effect_green_answer,
    "discard": _effect_discard,
    "stop": _effect_stop,
    "place_block": _effect_place_block,
    "adjust": _effect_adjust,
}


# --------------------------------------------------------------------------- legal entries

def legal_entries(state: State) -> list[dict]:
    """Entries the rules allow now, for simulated phones and property tests; an empty list
    means the game is over. Every entry names the seat whose phone makes it ("seat"): the start
    player (any phone may enter it), the active player, the green-switch target or the chip
    holder; the host may send each of them too. Host corrections (``adjust``) are left out.

    Rolls carry plausible dice for the active deck: the roll that makes the most cards, one
    that makes a single card and one that makes none, with a blank face, plus the block face
    and every switch the red and green faces allow. The roll that makes the most cards comes
    first and every turn can discard, so a random walk reaches card 16 with probability 1;
    only switches, misses, failed risks and the block chip slow it down.
    """
    if state.phase == OVER:
        return []
    if state.phase == START:
        return [{"type": "start_player", "seat": seat} for seat in range(state.seat_count)]
    if state.pending_green is not None:
        return [{"type": "green_answer", "seat": state.pending_green, "answer": answer}
                for answer in ("accept", "refuse")] + _legal_blocks(state)
    return _legal_turn(state) + _legal_blocks(state)


def _legal_turn(state: State) -> list[dict]:
    seat, roll = state.active, state.last
    entries = []
    if roll is None or roll.discarded > 0:
        entries += _legal_rolls(state)
    left = roll.allowance - roll.discarded if roll else 0
    if left > 0 and not state.blocked(seat):
        entries += [{"type": "discard", "seat": seat, "count": count} for count in sorted({left, 1}, reverse=True)]
    if roll is not None:
        entries.append({"type": "stop", "seat": seat})
    return entries


def _legal_rolls(state: State) -> list[dict]:
    seat = state.active
    top = state.top_of(seat)
    best, single, miss = sample_dice(top, dice_count(state, top))
    rolls = [{"dice": list(dice), "face": "blank"} for dice in (best, single, miss) if dice is not None]
    rolls.append({"dice": list(best), "face": "block"})
    others = [s for s in range(state.seat_count) if s != seat]
    rolls += [{"dice": list(best), "face": "green", "switch_with": partner} for partner in ["none", *others]]
    candidates = red_candidates(state, seat)
    rolls += [{"dice": list(best), "face": "red", **({"switch_with": partner} if len(candidates) > 1 else {})}
              for partner in candidates or [None]]
    return [{"type": "roll", "seat": seat, **roll} for roll in rolls]


@cache
def sample_dice(top: int, count: int) -> tuple[tuple[int, ...], tuple[int, ...] | None, tuple[int, ...] | None]:
    """Dice for a deck at ``top``: those that make the most cards, those that make exactly one
    and those that make none (None where no roll does)."""
    rolls = list(combinations_with_replacement(range(1, 7), count))
    made = {dice: allowance(top, list(dice), False) for dice in rolls}
    best = max(rolls, key=lambda dice: made[dice])
    single = next((dice for dice in rolls if made[dice] == 1), None)
    miss = next((dice for dice in rolls if made[dice] == 0), None)
    return best, single, miss


def _legal_blocks(state: State) -> list[dict]:
    """The chip holder may place the chip at any moment, on any other player's deck; on the
    active player discarding from a roll also as having landed before those discards."""
    holder = state.holder()
    if holder is None:
        return []
    entries = []
    for target in range(state.seat_count):
        if target != holder:
            entries.append({"type": "place_block", "seat": holder, "target": target})
            if target == state.active and state.last is not None and state.last.discarded:
                entries.append({"type": "place_block", "seat": holder, "target": target, "landed_after": 0})
    return entries


# --------------------------------------------------------------------------- what a phone sees

def makes(state: State) -> list[dict]:
    """The cards the latest roll still lets the active player discard, with the dice for each."""
    roll = state.last
    if state.phase != TURN or roll is None or state.pending_green is not None:
        return []
    top = state.top_of(state.active)
    sums = ways(roll.dice)
    return [{"card": card, "dice": list(sums[card])}
            for card in range(top, top + roll.allowance - roll.discarded)]


def view(state: State, viewer: Any = None) -> dict:
    """Everything is public in Switch 16: every phone sees the same board, and its own actions."""
    active_top = state.top_of(state.active) if state.active is not None else None
    return {
        "game": GAME_ID, "title": TITLE, "options": dict(state.options), "phase": state.phase,
        "round": state.round,
        "players": [{"seat": s, "name": name, "deck": state.control[s], "colour": COLOURS[state.control[s]],
                     "top": state.top_of(s), "blocked": state.blocked(s), "holds_chip": state.holder() == s,
                     "points": state.points[s]} for s, name in enumerate(state.players)],
        "chip": {"place": state.chip, "seat": state.holder(),
                 "deck": state.chip_at if state.chip == "deck" else None},
        "active": state.active, "rolls": state.rolls,
        "dice_needed": dice_count(state, active_top) if active_top is not None else None,
        "last": asdict(state.last) if state.last else None,
        "makes": makes(state), "pending_green": state.pending_green,
        "red_candidates": red_candidates(state, state.active) if state.active is not None else [],
        "winners": list(state.winners), "notes": list(state.notes),
        "actions": allowed(state, viewer),
    }


def allowed(state: State, viewer: Any) -> list[dict]:
    """The entries that make sense for ``viewer`` now."""
    if viewer is None or state.phase == OVER:
        return []
    if state.phase == START:
        return [{"type": "start_player", "seat": None}]
    found = []
    active = state.active
    if state.pending_green is not None:
        if viewer in (HOST, state.pending_green):
            found.append({"type": "green_answer", "seat": state.pending_green})
    elif viewer in (HOST, active):
        roll = state.last
        if roll is None or roll.discarded > 0:
            found.append({"type": "roll", "seat": active})
        if roll is not None and roll.allowance > roll.discarded and not state.blocked(active):
            found.append({"type": "discard", "seat": active})
        if roll is not None:
            found.append({"type": "stop", "seat": active})
    if state.holder() is not None and viewer in (HOST, state.holder()):
        found.append({"type": "place_block", "seat": state.holder()})
    return found


def describe(state: State, action: Mapping[str, Any], by: Any = None) -> Text:
    """One line for the history (``state`` is the state before the entry)."""
    kind = action.get("type")
    active = state.players[state.active] if state.active is not None else "?"
    if kind == "start_player":
        seat = read_int(action.get("seat"))
        return Text("{name} starts", name=state.players[seat] if seat is not None and 0 <= seat < state.seat_count
                    else "?")
    if kind == "roll":
        dice = action.get("dice")
        shown = " ".join(str(d) for d in dice) if isinstance(dice, list) else str(dice)
        face = action.get("face", "blank")
        partner = read_int(action.get("switch_with"))
        if face == "blank":
            return Text("{name} rolled {dice}", name=active, dice=shown)
        face_name = FACE_NAMES.get(face, str(face))
        if partner is not None and 0 <= partner < state.seat_count:
            return Text("{name} rolled {dice}, {face} with {other}", name=active, dice=shown, face=face_name,
                        other=state.players[partner])
        return Text("{name} rolled {dice}, {face}", name=active, dice=shown, face=face_name)
    if kind == "green_answer":
        name = state.players[state.pending_green] if state.pending_green is not None else "?"
        if action.get("answer") == "accept":
            return Text("{name} accepted the green switch", name=name)
        return Text("{name} refused the green switch", name=name)
    if kind == "discard":
        count = read_int(action.get("count", 1)) or 0
        return counted("{name} discarded {n} card", "{name} discarded {n} cards", count, name=active)
    if kind == "stop":
        return Text("{name} stopped", name=active)
    if kind == "place_block":
        target = read_int(action.get("target"))
        name = state.players[target] if target is not None and 0 <= target < state.seat_count else "?"
        return Text("Block chip placed on {name}'s deck", name=name)
    if kind == "adjust":
        return Text("The host adjusted the table")
    return Text(str(kind))
