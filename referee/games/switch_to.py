"""Switch To: the rules engine (``../shared/rules/switch_to.md``).

A pure fold: ``apply(state, action, by)`` checks an entry and returns the next state. The engine
never sees the cards in a hand; it knows the entries: predictions, plays, passes, declarations.
``check`` only validates, ``_effect_*`` only applies, ``score_hand`` only scores.
"""
from __future__ import annotations

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
    read_seat,
    refused_rule,
    resolve_options,
    revive_texts,
    unreadable,
)
from .cards import SUIT_NAMES, SUITS, Card, labels, normalise, parse_card, split_tokens

GAME_ID = "switch-to"
TITLE = "Switch To"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_SIZE = 8
MAX_PREDICTION = 10
GAME_END_TOTAL = -50
TOKEN_PENALTY = 10

OPTIONS = (
    Option(
        "compare", ("strict", "loose"), "strict",
        "Which end of a run on the table a new play must beat.",
        {"strict": "beat its highest card (same size) or go under its lowest (one more card)",
         "loose": "beat its lowest card (same size) or go under its highest (one more card)"},
    ),
    Option(
        "auto_pass", ("off", "on"), "off",
        "Pass automatically for a player who holds no token at all.",
        {"off": "every player enters their own passes", "on": "the app passes for a player with no token"},
    ),
)

# Phases of a round.
SETUP, PREDICT, START_PLAYER, PLAY, DECLARE, OVER = (
    "setup", "predict", "start_player", "play", "declare", "over")

HOST_ONLY = {"start_round", "clear_table", "end_round"}
FOR_A_SEAT = {"predict", "play", "pass", "declare_hand"}
ENTRY_TYPES = HOST_ONLY | FOR_A_SEAT | {"start_player"}
FLIPS = ("play_to_wild", "wild_to_play")


@dataclass
class Player:
    name: str
    prediction: int | None = None
    play: int = 0          # play tokens
    wild: int = 0          # wild tokens
    hand: int = HAND_SIZE  # cards in hand
    declared: list[str] | None = None
    round_score: int | None = None
    scores: list[int] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.scores)


@dataclass
class State:
    players: list[Player]
    options: dict[str, str]
    phase: str = SETUP
    round: int = 0
    removed_suit: str | None = None
    turn: int | None = None
    tied: list[int] = field(default_factory=list)
    top: list[str] | None = None      # the top play as entered, real cards and wild
    top_by: int | None = None
    leader: int | None = None         # who made the last play
    passes: int = 0                   # passes in a row on the current top play
    idle_passes: int = 0              # passes in a row on an empty table
    played: dict[str, int] = field(default_factory=dict)  # card -> seat, this round
    end_reason: str | None = None
    notes: list[str] = field(default_factory=list)         # what the last entry did besides itself

    @property
    def seat_count(self) -> int:
        return len(self.players)

    def name(self, seat: int) -> str:
        return self.players[seat].name


# --------------------------------------------------------------------------- setup, (de)serialising

def new_game(players: Any, options: Mapping[str, Any] | None = None) -> State:
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    return State(players=[Player(n) for n in names], options=resolve_options(OPTIONS, options))


def seat_names(state: State) -> list[str]:
    return [p.name for p in state.players]


def dump(state: State) -> dict:
    return dump_state(state)


def load(data: Mapping[str, Any]) -> State:
    data = revive_texts(data)
    data["players"] = [Player(**p) for p in data["players"]]
    return State(**data)


# --------------------------------------------------------------------------- cards and plays

@dataclass(frozen=True)
class Play:
    """A play as entered: real cards and at most one wild's rank."""

    cards: tuple[Card, ...]
    wilds: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cards) + len(self.wilds)

    @property
    def ranks(self) -> list[int]:
        return [c.rank for c in self.cards] + list(self.wilds)

    @property
    def in_rank_order(self) -> list[str]:
        """Codes low to high, wilds in their place: a run reads W1 2C 3C."""
        codes = [(c.rank, c.code) for c in self.cards] + [(w, f"W{w}") for w in self.wilds]
        return [code for _, code in sorted(codes, key=lambda pair: pair[0])]


def parse_play(raw: Any) -> Play:
    """Real cards and wilds from the entry; ST-C1 for anything that is not one."""
    try:
        tokens = split_tokens([] if raw is None else raw)  # nothing tapped: an empty play
    except ValueError:
        raise Refusal("ST-C1", "List the cards, for example 7H 7D W7. Cards are 2 to 9 in S, H, D, C; "
                               "a wild is W1 to W10.", overridable=False) from None
    cards, wilds = [], []
    for token in tokens:
        code = normalise(token)
        if code.startswith("W") and code[1:].isascii() and code[1:].isdigit() and 1 <= int(code[1:]) <= 10:
            wilds.append(int(code[1:]))
            continue
        try:
            card = parse_card(token)
        except ValueError:
            card = None
        if card is None or not 2 <= card.rank <= 9:
            raise Refusal("ST-C1", "{token!r} is not a card here. Cards are 2 to 9 in S, H, D, C; a wild is W1 to W10.",
                          overridable=False, token=token)
        cards.append(card)
    return Play(tuple(cards), tuple(wilds))


def form_of(play: Play) -> str | None:
    """'single', 'set', 'run' or None (ST-R10). Wilds take part with their declared rank."""
    ranks = play.ranks
    if play.size == 1 and play.cards:
        return "single"
    if play.size < 2:
        return None
    if len(set(ranks)) == 1:
        return "set"
    one_suit = len({c.suit for c in play.cards}) == 1
    consecutive = sorted(ranks) == list(range(min(ranks), min(ranks) + len(ranks)))
    return "run" if one_suit and consecutive else None


# --------------------------------------------------------------------------- checks

def check(state: State, action: Mapping[str, Any], by: Any) -> None:
    """Raise Refusal if the entry may not be made now; return None if it may."""
    kind = _entry_type(action)
    _check_game_running(state)
    _check_permission(state, kind, action, by)
    check_rules(CHECKS[kind], PHYSICAL.get(kind), state, action)


def _entry_type(action: Any) -> str:
    return entry_type(action, ENTRY_TYPES, TITLE)


def _check_game_running(state: State) -> None:
    if state.phase == OVER:
        raise Refusal("ST-C8", "The game is over; nothing more can be entered.", overridable=False)


def _check_permission(state: State, kind: str, action: Mapping[str, Any], by: Any) -> None:
    """ST-C9: a seat's entries come from that seat or the host; host-only entries from the host."""
    if by == HOST:
        return
    if kind in HOST_ONLY:
        raise not_yours("ST-C9", "Only the host can make this entry.")
    if kind in FOR_A_SEAT:
        seat = read_seat(action, state.seat_count)
        if by != seat:
            who = state.name(seat)
            if kind == "predict":
                raise not_yours("ST-C9", "Only {name} (or the host) can enter {name}'s prediction.", name=who)
            if kind == "play":
                raise not_yours("ST-C9", "Only {name} (or the host) can enter {name}'s play.", name=who)
            if kind == "pass":
                raise not_yours("ST-C9", "Only {name} (or the host) can enter {name}'s pass.", name=who)
            raise not_yours("ST-C9", "Only {name} (or the host) can declare {name}'s hand.", name=who)
    elif not (isinstance(by, int) and 0 <= by < state.seat_count):
        raise not_yours("ST-C9", "Only a player at this table (or the host) can make this entry.")


def _check_start_round(state: State, action: Mapping[str, Any]) -> None:
    if state.phase != SETUP:
        raise Refusal("ST-C8", "A round is already under way.", overridable=False)
    if state.seat_count == 2:
        suit = normalise(str(action.get("removed_suit") or ""))
        if len(suit) != 1 or suit not in SUITS:
            raise unreadable("With 2 players, say which suit was removed this round: S, H, D or C.")


def _check_predict(state: State, action: Mapping[str, Any]) -> None:
    read_seat(action, state.seat_count)
    if state.phase != PREDICT:
        if state.round and state.phase in (START_PLAYER, PLAY, DECLARE):
            raise Refusal("ST-R2", "Predictions are already revealed and cannot be changed.",
                          overridable=False)
        raise Refusal("ST-R2", "Predictions open when the host starts a round.", overridable=False)
    value = read_int(action.get("value"))
    if value is None or not 0 <= value <= MAX_PREDICTION:
        raise Refusal("ST-R1", "A prediction is a number from 0 to 10.", overridable=False)


def _check_start_player(state: State, action: Mapping[str, Any]) -> None:
    seat = read_seat(action, state.seat_count)
    if state.phase != START_PLAYER:
        raise Refusal("ST-R3", "Nobody tied for the most tokens, so the start player is already set.",
                      overridable=False)
    if seat not in state.tied:  # ST-R3 stays overridable: the rock-paper-scissors result is the table's word
        tied = join_names([state.name(s) for s in state.tied])
        raise Refusal("ST-R3", "Only {names} tied for the most tokens; the winner must be one of them.", names=tied)


def _check_turn(state: State, seat: int) -> None:
    """ST-R4: the round runs and it is this seat's turn."""
    if state.phase != PLAY:
        if state.phase == DECLARE:
            raise Refusal("ST-R4", "This round is over.", overridable=False)
        raise Refusal("ST-R4", "Play has not started yet.", overridable=False)
    if seat != state.turn:
        # ST-R4 stays overridable: a play or pass out of turn is still made of real cards and tokens
        # (PHYSICAL below checks them even when this is cited first).
        raise Refusal("ST-R4", "It is {name}'s turn.", name=state.name(state.turn))


def _check_play(state: State, action: Mapping[str, Any]) -> None:
    seat = read_seat(action, state.seat_count)
    _check_turn(state, seat)
    play = parse_play(action.get("cards"))
    _check_cards_exist(state, play.cards)
    _check_tokens_and_hand(state, state.players[seat], play)
    _check_form(play)
    if state.top:
        _check_beats(state, play, parse_play(state.top))
    if action.get("flip"):  # ST-R15: a flip exists only inside a pass, never with a play
        raise Refusal("ST-R15", "Only one token can be flipped, and only when you pass.", overridable=False)


def _check_cards_exist(state: State, cards: tuple[Card, ...]) -> None:
    """ST-C2 to ST-C4: each card once in the entry, not played before, not of the removed suit.
    None of them is overridable (section 4.6 reads "any ST-C", but these are the components, not
    rules): every card exists once, and with 2 players the removed suit is not in the round."""
    seen = set()
    for card in cards:
        if card in seen:
            raise Refusal("ST-C2", "{card} appears twice.", overridable=False, card=card.label)
        seen.add(card)
    for card in cards:
        if card.code in state.played:
            raise Refusal("ST-C3", "{card} was already played by {name}.", overridable=False, card=card.label,
                          name=state.name(state.played[card.code]))
    for card in cards:
        if card.suit == state.removed_suit:
            raise Refusal("ST-C4", "The {suit} are out of this round.", overridable=False,
                          suit=SUIT_NAMES[card.suit])


def _check_tokens_and_hand(state: State, player: Player, play: Play) -> None:
    """ST-R5 to ST-R9."""
    if player.play < 1:
        # ST-R5 stays overridable: the table may waive the cost; the count stops at 0 (section 4.6).
        raise Refusal("ST-R5", "You have no play token left, so you can only pass.")
    if not play.cards:
        # ST-R6 stays overridable: a play of no card or of a wild alone moves no card that is not there.
        if not play.wilds:
            raise Refusal("ST-R6", "Tap the cards you play: a play holds at least one card.")
        raise Refusal("ST-R6", "A wild token cannot be played on its own; add at least one card.")
    _check_hand_size(player, play)
    if len(play.wilds) > 1:
        # ST-R8 stays overridable: a table may allow two wilds, but only as many as the player holds
        # (PHYSICAL: _check_held).
        raise Refusal("ST-R8", "Only one wild token may be used in a play.")
    if play.wilds and player.wild < 1:
        # ST-R9: not overridable: a wild in a play is a token the player turns in; no ruling makes one.
        raise Refusal("ST-R9", "You hold no wild token; you can flip one when you pass.", overridable=False)


def _check_hand_size(player: Player, play: Play) -> None:
    if len(play.cards) > player.hand:
        # ST-R7: not overridable: the hand count is exact (8 dealt, every play entered); a ruling would
        # play cards the hand does not hold.
        if player.hand == 0:
            raise Refusal("ST-R7", "Your hand is empty, so you can only pass.", overridable=False)
        raise Refusal("ST-R7", counted("You have only {n} card in hand.", "You have only {n} cards in hand.",
                                       player.hand), overridable=False)


def _check_held(state: State, player: Player, play: Play) -> None:
    """What a play takes from the player exists: the cards (ST-R7) and the wild tokens (ST-R9)."""
    _check_hand_size(player, play)
    if len(play.wilds) > player.wild:
        raise Refusal("ST-R9", "You hold no wild token; you can flip one when you pass.", overridable=False)


def _check_form(play: Play) -> None:
    """ST-R10 and ST-R11."""
    form = form_of(play)
    if form is None:  # ST-R10 to ST-R14 stay overridable: what may be played, not what exists
        raise Refusal("ST-R10", "These cards are neither a set (same number) nor a run "
                                "(same suit, consecutive numbers).")
    if form == "set" and play.wilds and len({c.suit for c in play.cards}) == 4:
        raise Refusal("ST-R11", "A set cannot hold five cards of the same number.")


def _check_beats(state: State, play: Play, top: Play) -> None:
    """ST-R12 to ST-R14: same size with a higher card, or one more card with a lower one."""
    above, below = beat_marks(top, state.options["compare"])
    n = top.size
    if play.size == n:
        if max(play.ranks) <= above:
            raise Refusal("ST-R13", counted("With {n} card you need a card higher than {rank}.",
                                            "With {n} cards you need a card higher than {rank}.", n, rank=above))
    elif play.size == n + 1:
        if min(play.ranks) >= below:
            raise Refusal("ST-R14", counted("With {n} card you need a card lower than {rank}.",
                                            "With {n} cards you need a card lower than {rank}.", n + 1, rank=below))
    else:
        raise Refusal("ST-R12", counted(
            "The table shows {n} card: play {n} card with one higher than {above}, "
            "or {more} cards with one lower than {below}.",
            "The table shows {n} cards: play {n} cards with one higher than {above}, "
            "or {more} cards with one lower than {below}.",
            n, more=n + 1, above=above, below=below))


def beat_marks(top: Play, compare: str) -> tuple[int, int]:
    """The rank a same-size play must exceed and the rank a one-more play must go under."""
    if compare == "loose":
        return min(top.ranks), max(top.ranks)
    return max(top.ranks), min(top.ranks)


def _check_pass(state: State, action: Mapping[str, Any]) -> None:
    seat = read_seat(action, state.seat_count)
    _check_turn(state, seat)
    _check_flip(state, seat, action)


def _check_flip(state: State, seat: int, action: Mapping[str, Any]) -> None:
    flip = action.get("flip") or None
    if flip is None:
        return
    if flip not in FLIPS:
        raise Refusal("ST-R15", "Only one token can be flipped, and only when you pass.", overridable=False)
    player = state.players[seat]
    # ST-R15: not overridable: a flip turns a token the player holds; flipping one not held would
    # make a token (section 2: tokens are two-sided, a flip never adds one).
    if flip == "play_to_wild" and player.play < 1:
        raise Refusal("ST-R15", "You have no play token to flip.", overridable=False)
    if flip == "wild_to_play" and player.wild < 1:
        raise Refusal("ST-R15", "You have no wild token to flip.", overridable=False)


def _check_clear_table(state: State, action: Mapping[str, Any]) -> None:
    _check_round_running(state)
    if not state.top:
        raise Refusal("ST-R16", "The table is already empty.", overridable=False)


def _check_end_round(state: State, action: Mapping[str, Any]) -> None:
    _check_round_running(state)


def _check_round_running(state: State) -> None:
    if state.phase not in (PREDICT, START_PLAYER, PLAY):
        raise Refusal("ST-C8", "No round is running.", overridable=False)


def _check_declare(state: State, action: Mapping[str, Any]) -> None:
    seat = read_seat(action, state.seat_count)
    if state.phase != DECLARE:
        raise Refusal("ST-C8", "Hands are declared when the round has ended.", overridable=False)
    cards = _parse_declaration(action.get("cards"))
    _check_cards_exist(state, tuple(cards))
    player = state.players[seat]
    if len(cards) != player.hand:
        # ST-C5: not overridable: the hand count is exact (8 dealt, every play entered), so a declaration
        # of another size names cards that are not there or leaves out cards that are.
        played = HAND_SIZE - player.hand
        raise Refusal("ST-C5", counted("{name} played {n} card and should hold {hand}, not {given}.",
                                       "{name} played {n} cards and should hold {hand}, not {given}.",
                                       played, name=player.name, hand=player.hand, given=len(cards)),
                      overridable=False)
    for other, someone in enumerate(state.players):
        if other == seat or not someone.declared:
            continue
        for card in cards:
            if card.code in someone.declared:  # ST-C6: not overridable: a card is in one hand only
                raise Refusal("ST-C6", "{card} is also in {name}'s declared hand.", overridable=False,
                              card=card.label, name=someone.name)


def _parse_declaration(raw: Any) -> list[Card]:
    play = parse_play(raw if raw is not None else [])
    if play.wilds:
        raise Refusal("ST-C1", "A declared hand holds real cards only, no wilds.", overridable=False)
    return list(play.cards)


def _physical_play(state: State, action: Mapping[str, Any]) -> None:
    """A play as a ruling would apply it: readable, real cards once each, held by the player."""
    play = parse_play(action.get("cards"))
    _check_cards_exist(state, play.cards)
    _check_held(state, state.players[read_seat(action, state.seat_count)], play)


def _physical_pass(state: State, action: Mapping[str, Any]) -> None:
    _check_flip(state, read_seat(action, state.seat_count), action)


PHYSICAL = {"play": _physical_play, "pass": _physical_pass}
"""For each entry, the checks of the components themselves: a refusal that is overridable becomes
firm when these fail, since a ruling waives a rule, never a card or token."""


CHECKS = {
    "start_round": _check_start_round,
    "predict": _check_predict,
    "start_player": _check_start_player,
    "play": _check_play,
    "pass": _check_pass,
    "clear_table": _check_clear_table,
    "end_round": _check_end_round,
    "declare_hand": _check_declare,
}


# --------------------------------------------------------------------------- applying

def apply(state: State, action: Mapping[str, Any], by: Any = HOST, *, ruling: bool = False) -> State:
    """The state after ``action``; ``state`` itself is never changed. With ``ruling`` (host
    only) a refused entry is applied anyway as a table ruling, as far as it can be."""

    def effect(new: State) -> None:
        EFFECTS[action["type"]](new, action)
        _auto_pass(new)

    return apply_checked(state, action, by, ruling, check, effect)


def overridden_rule(state: State, action: Mapping[str, Any], by: Any) -> str | None:
    """The rule a table ruling on this entry would override, or None if the entry is legal."""
    return refused_rule(check, state, action, by)


def _effect_start_round(state: State, action: Mapping[str, Any]) -> None:
    state.round += 1
    state.phase = PREDICT
    state.removed_suit = normalise(action["removed_suit"]) if state.seat_count == 2 else None
    state.turn = state.top = state.top_by = state.leader = state.end_reason = None
    state.passes = state.idle_passes = 0
    state.played = {}
    state.tied = []
    for player in state.players:
        player.prediction = player.declared = player.round_score = None
        player.play = player.wild = 0
        player.hand = HAND_SIZE


def _effect_predict(state: State, action: Mapping[str, Any]) -> None:
    state.players[action["seat"]].prediction = read_int(action["value"])
    if all(p.prediction is not None for p in state.players):
        _reveal(state)


def _reveal(state: State) -> None:
    """All predictions are in: each player takes that many play tokens; find the start player."""
    for player in state.players:
        player.play, player.wild = player.prediction, 0
    if _no_play_token_left(state):
        _end_round(state, "E1")
        return
    most = max(p.play for p in state.players)
    state.tied = [s for s, p in enumerate(state.players) if p.play == most]
    if len(state.tied) == 1:
        _begin_play(state, state.tied[0])
    else:
        state.phase = START_PLAYER


def _effect_start_player(state: State, action: Mapping[str, Any]) -> None:
    _begin_play(state, action["seat"])


def _begin_play(state: State, seat: int) -> None:
    state.phase, state.turn, state.tied = PLAY, seat, []


def _effect_play(state: State, action: Mapping[str, Any]) -> None:
    seat = action["seat"]
    player = state.players[seat]
    play = parse_play(action.get("cards"))  # a ruling may apply a play entered without cards
    player.play = _spend(state, player.play, 1, PLAY_TOKENS_AT_0)
    player.wild = _spend(state, player.wild, len(play.wilds), WILD_TOKENS_AT_0)
    player.hand = _spend(state, player.hand, len(play.cards), HAND_AT_0)
    for card in play.cards:
        state.played[card.code] = seat
    state.top, state.top_by, state.leader = play.in_rank_order, seat, seat
    state.passes = state.idle_passes = 0
    if _no_play_token_left(state):
        _end_round(state, "E1")
    else:
        state.turn = next_seat(seat, state.seat_count)


PLAY_TOKENS_AT_0 = Text("Play tokens stopped at 0.")
WILD_TOKENS_AT_0 = Text("Wild tokens stopped at 0.")
HAND_AT_0 = Text("Cards in hand stopped at 0.")


def _spend(state: State, have: int, cost: int, note: Text) -> int:
    """Take ``cost`` from a count; a ruling can ask for more than there is, so stop at zero
    (and say so with ``note``)."""
    if cost > have:
        state.notes.append(note)
        return 0
    return have - cost


def _effect_pass(state: State, action: Mapping[str, Any]) -> None:
    seat = action["seat"]
    player = state.players[seat]
    flip = action.get("flip") or None
    if flip == "play_to_wild":
        player.play = _spend(state, player.play, 1, PLAY_TOKENS_AT_0)
        player.wild += 1
    elif flip == "wild_to_play":
        player.wild = _spend(state, player.wild, 1, WILD_TOKENS_AT_0)
        player.play += 1
    if _no_play_token_left(state):
        _end_round(state, "E1")
        return
    if state.top:
        state.passes += 1
        if state.passes == state.seat_count - 1:
            _clear_table(state)
            return
    else:
        state.idle_passes += 1
        if state.idle_passes >= state.seat_count:
            state.notes.append(Text("Nobody is leading: the host may end the round."))
    state.turn = next_seat(seat, state.seat_count)


def _effect_clear_table(state: State, action: Mapping[str, Any]) -> None:
    state.notes.append(Text("The host cleared the table (a table ruling)."))
    _clear_table(state)


def _clear_table(state: State) -> None:
    state.top = state.top_by = None
    state.passes = state.idle_passes = 0
    if any(p.hand == 0 for p in state.players):
        _end_round(state, "E2")
    else:
        state.turn = state.leader


def _effect_end_round(state: State, action: Mapping[str, Any]) -> None:
    _end_round(state, "ruling")


def _no_play_token_left(state: State) -> bool:
    return all(p.play == 0 for p in state.players)


def _end_round(state: State, reason: str) -> None:
    state.phase, state.end_reason, state.turn = DECLARE, reason, None
    for player in state.players:
        if player.hand == 0:  # an empty hand has nothing to declare
            player.declared = []
    _score_if_declared(state)


def _effect_declare(state: State, action: Mapping[str, Any]) -> None:
    cards = _parse_declaration(action.get("cards"))
    state.players[action["seat"]].declared = [c.code for c in cards]
    _score_if_declared(state)


def _score_if_declared(state: State) -> None:
    if any(p.declared is None for p in state.players):
        return
    for player in state.players:
        player.round_score = score_hand(player.declared, player.play, player.wild)
        player.scores.append(player.round_score)
    state.phase = OVER if game_is_over(state) else SETUP


EFFECTS = {
    "start_round": _effect_start_round,
    "predict": _effect_predict,
    "start_player": _effect_start_player,
    "play": _effect_play,
    "pass": _effect_pass,
    "clear_table": _effect_clear_table,
    "end_round": _effect_end_round,
    "declare_hand": _effect_declare,
}


def _auto_pass(state: State) -> None:
    """With auto_pass=on, pass for each player in turn who holds no token at all."""
    if state.options["auto_pass"] != "on":
        return
    while state.phase == PLAY and _holds_no_token(state.players[state.turn]):
        state.notes.append(Text("{name} passed automatically (no token).", name=state.name(state.turn)))
        _effect_pass(state, {"seat": state.turn})


def _holds_no_token(player: Player) -> bool:
    return player.play == 0 and player.wild == 0


# --------------------------------------------------------------------------- scoring

def score_hand(cards: list[str], play_tokens: int, wild_tokens: int) -> int:
    """Minus the distinct ranks in hand, minus 10 for any play token and 10 for any wild token."""
    ranks = {parse_card(code).rank for code in cards}
    return -(sum(ranks) + TOKEN_PENALTY * (play_tokens > 0) + TOKEN_PENALTY * (wild_tokens > 0))


def game_is_over(state: State) -> bool:
    rounds = len(state.players[0].scores)
    return rounds >= state.seat_count or any(p.total <= GAME_END_TOTAL for p in state.players)


def winners(state: State) -> list[int]:
    """Seats with the highest total (least penalty); several share the win."""
    best = max(p.total for p in state.players)
    return [s for s, p in enumerate(state.players) if p.total == best]


def proposed_hand(state: State) -> tuple[int, list[str]] | None:
    """ST-C7: with 4 players, once three hands are declared, the fourth is what is left."""
    if state.phase != DECLARE or state.seat_count != 4:
        return None
    missing = [s for s, p in enumerate(state.players) if p.declared is None]
    if len(missing) != 1:
        return None
    known = set(state.played)
    for player in state.players:
        known.update(player.declared or [])
    left = [f"{rank}{suit}" for suit in SUITS for rank in range(2, 10) if f"{rank}{suit}" not in known]
    return missing[0], left


# --------------------------------------------------------------------------- legal entries

def legal_entries(state: State) -> list[dict]:
    """Every entry the rules allow now, as far as public information tells (for simulated
    phones and property tests). Plays are drawn from the cards not yet seen this round;
    a declaration is one hand that passes the checks."""
    if state.phase == SETUP:
        suits = SUITS if state.seat_count == 2 else [None]
        return [{"type": "start_round", "removed_suit": s} for s in suits]
    if state.phase == PREDICT:
        return [{"type": "predict", "seat": seat, "value": value}
                for seat, p in enumerate(state.players) if p.prediction is None for value in range(4)]
    if state.phase == START_PLAYER:
        return [{"type": "start_player", "seat": seat} for seat in state.tied]
    if state.phase == PLAY:
        seat = state.turn
        entries = [{"type": "pass", "seat": seat}] + [{"type": "pass", "seat": seat, "flip": f} for f in FLIPS]
        entries += [{"type": "play", "seat": seat, "cards": cards} for cards in _candidate_plays(state)]
        return [e for e in entries if _allowed(state, e)]
    if state.phase == DECLARE:
        return [{"type": "declare_hand", "seat": seat, "cards": _possible_hand(state, seat)}
                for seat, p in enumerate(state.players) if p.declared is None]
    return []


def _allowed(state: State, action: dict) -> bool:
    return passes(check, state, action, HOST)


def _unseen_cards(state: State) -> list[str]:
    return [f"{rank}{suit}" for suit in SUITS if suit != state.removed_suit for rank in range(2, 10)
            if f"{rank}{suit}" not in state.played]


def _candidate_plays(state: State) -> list[str]:
    """Singles, sets, runs and one-wild variants of the unseen cards."""
    unseen = set(_unseen_cards(state))
    plays = sorted(unseen)
    for rank in range(2, 10):
        held = [f"{rank}{s}" for s in SUITS if f"{rank}{s}" in unseen]
        plays += [" ".join(held[:n]) for n in range(2, len(held) + 1)]
        plays += [f"{held[0]} W{rank}"] if held else []
    for suit in SUITS:
        for low in range(2, 10):
            for high in range(low + 1, 10):
                run = [f"{r}{suit}" for r in range(low, high + 1)]
                if all(card in unseen for card in run):
                    plays.append(" ".join(run))
    return plays


def _possible_hand(state: State, seat: int) -> str:
    """The first cards, in deck order, that no one has played or declared: a hand that passes."""
    taken = set(state.played)
    for player in state.players:
        taken.update(player.declared or [])
    free = [card for card in _unseen_cards(state) if card not in taken]
    return " ".join(free[:state.players[seat].hand])


# --------------------------------------------------------------------------- what a phone sees

def view(state: State, viewer: Any = None) -> dict:
    """The board as ``viewer`` (a seat, HOST or None for a watcher) may see it.

    Predictions stay hidden until all are in, except from the seat that made them (also when
    the host ends a round before everyone has predicted: those predictions are never revealed).
    """
    revealed = all(p.prediction is not None for p in state.players)
    players = []
    for seat, p in enumerate(state.players):
        own = viewer == seat
        players.append({
            "seat": seat, "name": p.name, "hand": p.hand, "play": p.play, "wild": p.wild,
            "predicted": p.prediction is not None,
            "prediction": p.prediction if (revealed or own) else None,
            "declared": p.declared, "round_score": p.round_score,
            "scores": list(p.scores), "total": p.total,
        })
    proposal = proposed_hand(state)
    return {
        "game": GAME_ID, "title": TITLE, "options": dict(state.options),
        "phase": state.phase, "round": state.round, "rounds": state.seat_count,
        "removed_suit": state.removed_suit, "players": players,
        "turn": state.turn, "tied": list(state.tied),
        "top": {"cards": list(state.top), "by": state.top_by} if state.top else None,
        "passes": state.passes, "played": sorted(state.played, key=_card_order),
        "end_reason": state.end_reason, "notes": list(state.notes),
        "proposal": {"seat": proposal[0], "cards": proposal[1]} if proposal else None,
        "winners": winners(state) if state.phase == OVER else [],
        "actions": allowed(state, viewer),
    }


def allowed(state: State, viewer: Any) -> list[dict]:
    """The entries that make sense for ``viewer`` now: ``{"type", "seat"}`` pairs.

    A seat sees its own; the host sees every seat's and the host-only ones; a watcher none.
    """
    if viewer is None or state.phase == OVER:
        return []
    seats = range(state.seat_count) if viewer == HOST else [viewer]
    found: list[dict] = []
    if viewer == HOST and state.phase == SETUP:
        found.append({"type": "start_round", "seat": None})
    if state.phase == PREDICT:
        found += [{"type": "predict", "seat": s} for s in seats]
    if state.phase == START_PLAYER:
        found.append({"type": "start_player", "seat": None})
    if state.phase == PLAY and state.turn in seats:
        found += [{"type": "play", "seat": state.turn}, {"type": "pass", "seat": state.turn}]
    if state.phase == DECLARE:
        found += [{"type": "declare_hand", "seat": s} for s in seats if state.players[s].declared is None]
    if viewer == HOST and state.phase in (PREDICT, START_PLAYER, PLAY):
        if state.top:
            found.append({"type": "clear_table", "seat": None})
        found.append({"type": "end_round", "seat": None})
    return found


def describe(state: State, action: Mapping[str, Any], by: Any = None) -> Text:
    """One line for the history, in the words of the table (``state`` is the state before)."""
    kind = action.get("type")
    seat = action.get("seat")
    flip = action.get("flip") if isinstance(action.get("flip"), str) else ""
    who = state.name(seat) if isinstance(seat, int) and 0 <= seat < state.seat_count else "?"
    if kind == "start_round":
        if state.seat_count == 2:
            suit = action.get("removed_suit")
            return Text("Round {round} started, {suit} removed", round=state.round + 1,
                        suit=SUIT_NAMES.get(normalise(str(suit)), suit))
        return Text("Round {round} started", round=state.round + 1)
    if kind == "predict":
        return Text("{name} entered a prediction", name=who)
    if kind == "start_player":
        return Text("{name} won rock-paper-scissors and starts", name=who)
    if kind == "play":
        return Text("{name} played {cards}", name=who, cards=labels(split_tokens_safe(action.get("cards"))))
    if kind == "pass":
        if flip == "play_to_wild":
            return Text("{name} passed, flipping a play token to wild", name=who)
        if flip == "wild_to_play":
            return Text("{name} passed, flipping a wild token to play", name=who)
        return Text("{name} passed", name=who)
    if kind == "clear_table":
        return Text("The host cleared the table")
    if kind == "end_round":
        return Text("The host ended the round")
    if kind == "declare_hand":
        cards = split_tokens_safe(action.get("cards"))
        if not cards:
            return Text("{name} declared an empty hand", name=who)
        return Text("{name} declared {cards}", name=who, cards=labels(cards))
    return Text(str(kind))  # an entry type the engine does not know: its identifier, as it is


def split_tokens_safe(raw: Any) -> list[str]:
    try:
        return [normalise(t) for t in split_tokens(raw if raw is not None else [])]
    except ValueError:
        return []


def _card_order(code: str) -> tuple[int, int]:
    card = parse_card(code)
    return SUITS.index(card.suit), card.rank
