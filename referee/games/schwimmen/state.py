"""Schwimmen's state: the table, its house rules and phases, a new game and a new round
(``../shared/rules/schwimmen.md`` sections 2, 5.1 and 6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base import (
    Option,
    Preset,
    Text,
    ValueWords,
    check_players,
    resolve_options,
    revive_texts,
    unreadable,
    value_words,
)

GAME_ID = "schwimmen"
TITLE = "Schwimmen"
MIN_PLAYERS, MAX_PLAYERS = 2, 8

BGA_DEFAULTS = {
    "rule_set": "schwimmen",
    "lives": "3",
    "remove_2_to_6": "yes",
    "exchange": "commerce",
    "dealer_exchange": "on",
    "three_of_a_kind": "fire",
    "fire_effect": "normal",
    "thirty_one_effect": "normal",
    "show_timing": "own_turn",
    "closer_rule": "off",
    "minimum_score": "on",
    "tie_rule": "suit",
    "first_turn_close": "dealer_only",
    "stock_exhausted": "reshuffle",
    "all_out": "replay",
    "reveal_mode": "cards",
    # variants other tables play (house rules of our own, not in either rulebook): off by default
    "closer_ties": "settled",
    "pass_limit": "any",
    "seven_eight_nine": "keep",
    "show_effect": "showdown",
    "closer_not_highest": "no_extra",
}
VARIANTS = ("closer_ties", "pass_limit", "seven_eight_nine", "show_effect", "closer_not_highest")
PRESETS = {  # section 6: classic differs from bga in these options only
    "bga": BGA_DEFAULTS,
    "classic": {
        **BGA_DEFAULTS,
        "rule_set": "custom",
        "fire_effect": "others_lose_one",
        "show_timing": "any_time",
        "minimum_score": "off",
        "tie_rule": "all_lose",
        "first_turn_close": "none",
    },
}
RULE_SETS = {"schwimmen": ("yes", "commerce"), "blitz": ("no", "draw_discard")}
BY_PRESET = "preset"


def _option(name: str, values: tuple[str, ...], help: str, **value_help: str) -> Option:
    """An option whose default is whatever the chosen preset says."""
    shown = Text(
        "Board Game Arena: {bga}; classic: {classic}",
        bga=ValueWords(value_words(PRESETS["bga"][name])),
        classic=ValueWords(value_words(PRESETS["classic"][name])),
    )
    return Option(
        name,
        (BY_PRESET, *values),
        BY_PRESET,
        help,
        {BY_PRESET: shown, **value_help},
        labels={BY_PRESET: "as the rule family says"},
    )


OPTIONS = (
    Option(
        "preset",
        ("bga", "classic"),
        "bga",
        "Rule family: sets every rule below that is left at “as the rule family says”.",
        {"bga": "Board Game Arena's Thirty-One", "classic": "traditional German Schwimmen"},
        labels={"classic": "classic Schwimmen"},
    ),
    _option(
        "rule_set",
        ("schwimmen", "blitz", "custom"),
        "Rule set: sets the deck and how hands change, where those follow the rule family.",
        schwimmen="piquet deck, commerce",
        blitz="full deck, draw and discard",
        custom="deck and exchange as chosen below",
    ),
    _option("lives", ("0", "1", "2", "3", "4", "5"), "Starting lives (0: swimming from the start)."),
    _option(
        "remove_2_to_6", ("yes", "no"), "Piquet deck (7 to A) or the full deck.", yes="32 cards, 7 to A", no="52 cards"
    ),
    _option(
        "exchange",
        ("commerce", "draw_discard"),
        "How hands change.",
        commerce="swap with three centre cards",
        draw_discard="draw one, discard one",
    ),
    _option("dealer_exchange", ("on", "off"), "The dealer may exchange the dealt hand."),
    _option(
        "three_of_a_kind",
        ("fire", "three_of_a_kind", "off"),
        "What three of a kind is worth.",
        fire="30.5, three aces 32 (fire)",
        three_of_a_kind="30.5, aces too",
        off="plain suit value",
    ),
    _option(
        "fire_effect",
        ("normal", "others_lose_one"),
        "When someone has fire (three aces).",
        normal="scored like any hand",
        others_lose_one="every other player loses one life",
    ),
    _option(
        "thirty_one_effect",
        ("normal", "hits_all"),
        "When 31 or fire is at the showdown.",
        normal="scored like any hand",
        hits_all="everyone but the winner loses (2 for fire)",
    ),
    _option(
        "show_timing",
        ("own_turn", "any_time"),
        "When 31 or fire may be laid down.",
        own_turn="on one's own turn",
        any_time="at any moment, even right after the deal",
    ),
    _option("closer_rule", ("off", "on"), "The closer wins ties; a closer alone lowest loses one more."),
    _option(
        "minimum_score", ("on", "off"), "Minimum score: closing needs more than 20, and everyone at 20 or less loses."
    ),
    _option(
        "tie_rule",
        ("suit", "all_lose"),
        "How equal values are settled.",
        suit="settled by suit (C > S > H > D)",
        all_lose="all tied players lose",
    ),
    _option(
        "first_turn_close",
        ("allowed", "dealer_only", "none"),
        "Closing on the first turn.",
        allowed="anyone, any turn",
        dealer_only="only the dealer on a first turn",
        none="only after everyone has had a turn",
    ),
    _option(
        "stock_exhausted",
        ("reshuffle", "showdown"),
        "When the stock runs out.",
        reshuffle="set-aside cards become the stock",
        showdown="the round goes to the showdown",
    ),
    _option(
        "all_out",
        ("replay", "shared_win"),
        "When every remaining player would be out at once.",
        replay="the round is void and dealt again",
        shared_win="they share the win",
    ),
    _option(
        "reveal_mode",
        ("cards", "score_only"),
        "What the showdown asks for.",
        cards="each player's three cards",
        score_only="each hand's value and scoring suit",
    ),
    _option(
        "closer_ties",
        ("settled", "closer_loses"),
        "Variant: a tie with the closer.",
        settled="settled like any other tie",
        closer_loses="the closer loses every tie",
    ),
    _option(
        "closer_not_highest",
        ("no_extra", "loses_a_life"),
        "Variant: a closer without the highest hand.",
        no_extra="loses only as anyone else would",
        loses_a_life="loses a life (once, even when also lowest)",
    ),
    _option(
        "pass_limit",
        ("any", "once"),
        "Variant: how often a player may pass in a round.",
        any="as often as they like",
        once="once per round",
    ),
    _option(
        "seven_eight_nine",
        ("keep", "replace"),
        "Variant: a 7, an 8 and a 9 lying in the centre.",
        keep="they stay",
        replace="the player on turn may ask for a new centre",
    ),
    _option(
        "show_effect",
        ("showdown", "close"),
        "Variant: what laying down 31 does.",
        showdown="the round ends at once",
        close="it counts as a close: everyone else has one more turn",
    ),
)

RULE_PRESETS = (
    Preset("bga", "Board Game Arena rules (Thirty-One)", {}),
    Preset("classic", "Classic Schwimmen", {"preset": "classic"}),
)
SUMMARY = "Three cards, aim for 31 in one suit; the weakest hand loses a life."

FIRST_DEALER, DEALER_CHOICE, LAYOUT, EXCHANGE, REFRESH, SHOWDOWN, OVER = (
    "first_dealer",
    "dealer_choice",
    "layout",
    "exchange",
    "refresh",
    "showdown",
    "over",
)


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
    discard: list[str] = field(default_factory=list)  # bottom first; the top is the last
    set_aside: list[str] = field(default_factory=list)
    stock_known: list[str] = field(default_factory=list)
    known: list[list[str]] = field(default_factory=list)  # K(P): cards known to be in each hand
    turns_taken: list[int] = field(default_factory=list)
    last_actor: int | None = None
    passes: int = 0
    closer: int | None = None
    reveals: dict[str, dict[str, Any]] = field(default_factory=dict[str, Any])  # seat (as text) -> cards or value
    shower: int | None = None
    cards_asked: list[int] = field(default_factory=list)  # score-only ties in one suit: cards, please
    clash: list[dict[str, Any]] = field(default_factory=list)  # cards revealed in two hands: the host corrects one
    result: dict[str, Any] | None = None  # the last showdown: values, losses, who went out
    winners: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    last_exchange: int | None = None  # the seat whose exchange was the last turn (SC-R10: may show now)
    passed: list[int] = field(default_factory=list)  # seats that passed this round (pass_limit)
    ends_at: int | None = None  # when the turn would come to this seat again, the showdown starts (5.2)

    @property
    def seat_count(self) -> int:
        return len(self.players)

    @property
    def piquet(self) -> bool:
        return self.options["remove_2_to_6"] == "yes"

    @property
    def deck_size(self) -> int:
        return 32 if self.piquet else 52

    @property
    def commerce(self) -> bool:
        return self.options["exchange"] == "commerce"

    def active(self) -> list[int]:
        return [s for s in range(self.seat_count) if not self.out[s]]

    def next_active(self, seat: int) -> int:
        for step in range(1, self.seat_count + 1):
            candidate = (seat + step) % self.seat_count
            if not self.out[candidate]:
                return candidate
        return seat


def new_game(players: Any, options: Mapping[str, Any] | None = None) -> State:
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = effective_options(resolve_options(OPTIONS, options))
    deck = 32 if chosen["remove_2_to_6"] == "yes" else 52
    if chosen["exchange"] == "commerce" and 3 * len(names) + 3 > deck:
        raise unreadable("SC-C9: {n} players and the centre need more than the {deck} cards.", n=len(names), deck=deck)
    if chosen["closer_rule"] == "on" and chosen["closer_ties"] == "closer_loses":
        raise unreadable("With the closer rule on the closer wins ties: choose it or 'the closer loses every tie'.")
    lives = int(chosen["lives"])
    return State(players=names, options=chosen, lives=[lives] * len(names), out=[False] * len(names))


def load(data: Mapping[str, Any]) -> State:
    """A dumped state. One stored before the variants existed plays by today's rules (their
    defaults); one stored before ``last_exchange`` existed takes the last player for the last
    exchanger when that turn was neither a pass nor the close (its only trace is the count)."""
    state = State(**revive_texts(data))
    state.options = {**{name: BGA_DEFAULTS[name] for name in VARIANTS}, **state.options}
    if (
        "last_exchange" not in data
        and state.phase == EXCHANGE
        and state.passes == 0
        and state.last_actor != state.closer
    ):
        state.last_exchange = state.last_actor
    return state


def deal(state: State, dealer: int) -> None:
    """A new round: the dealer gives three cards to each active player."""
    state.round += 1
    state.dealer = dealer
    state.phase = DEALER_CHOICE if state.options["dealer_exchange"] == "on" else LAYOUT
    state.stock = state.deck_size - 3 * len(state.active())
    state.centre, state.discard, state.set_aside, state.stock_known = [], [], [], []
    state.known = [[] for _ in state.players]
    state.turns_taken = [0] * state.seat_count
    state.turn, state.last_actor, state.passes, state.closer = None, None, 0, None
    state.last_exchange, state.passed, state.ends_at = None, [], None
    state.reveals, state.shower, state.cards_asked, state.clash = {}, None, [], []
