"""Swoop: the state of a game, its house rules and dealing a hand (``../shared/rules/swoop.md``,
sections 2, 3 and 6).

Suits never matter, so cards are ranks (``A 2 .. 9 10 J Q K JK``). Almost everything is public:
face-up rows, every card that reaches the pile, flipped mystery cards and pick-ups. The state
keeps the pile, each player's counts, face-up slots, mystery slots and the ranks known to be in
a hand after a pick-up, and counts every copy seen against the packs in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base import STANDARD, Option, Preset, Refusal, check_players, resolve_options, revive_texts

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
    Option(
        "packs",
        ("auto", "2", "3", "4", "5", "6"),
        "auto",
        "Number of 54-card packs.",
        {"auto": "2 for 3-4 players, 3 for 5-6, 4 for 7-8"},
    ),
    Option(
        "overfill_swoops",
        ("false", "true"),
        "false",
        "May a play take the top run past four?",
        {"false": "no fifth card: 4 at most", "true": "yes, and a run of four or more swoops"},
    ),
    Option(
        "chain_swoops",
        ("true", "false"),
        "true",
        "After four of a kind, may the swooper clear the runs below?",
        {"true": "swoop chains", "false": "four of a kind clears the whole pile"},
    ),
    Option(
        "chain_after_swoop_card",
        ("false", "true"),
        "false",
        "Does a 10 or joker open a chain?",
        {"false": "it clears the whole pile", "true": "it removes itself and opens a chain"},
    ),
    Option("mystery_add_ons", ("true", "false"), "true", "May same-rank cards join a flipped mystery card?"),
    Option(
        "low_card_points",
        ("face", "flat5"),
        "face",
        "Points for A to 9 left over.",
        {"face": "face value (A is 1)", "flat5": "5 each"},
    ),
    Option(
        "end_mode",
        ("target", "hands"),
        "target",
        "How the game ends.",
        {"target": "after a hand in which a total reaches the target", "hands": "after a number of hands"},
    ),
    Option("target", (), "500", "Target mode: the total that ends the game.", number=(1, 100_000)),
    Option("hand_limit", (), "0", "Hands mode: hands to play (0: as many as players).", number=(0, 100)),
    Option(
        "starter_rule",
        ("rotate", "draw_each_hand"),
        "rotate",
        "Who starts hands 2 and later.",
        {"rotate": "the seat left of the previous starter", "draw_each_hand": "the host enters it each hand"},
    ),
    Option(
        "show_known_cards",
        ("false", "true"),
        "false",
        "Show every seat the ranks each player is known to hold from pick-ups?",
    ),
)

RULE_PRESETS = (STANDARD, Preset("hand_each", "A hand per player", {"end_mode": "hands"}))
SUMMARY = "Shed your hand, then your face-up and mystery cards; four of a kind swoops the pile."

SETUP, PLAY, DECLARE, OVER = "setup", "play", "declare", "over"
LEAD, FOLLOW, CHAIN = "lead", "follow", "chain"


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
    pile: list[str] = field(default_factory=list)  # bottom to top
    out_count: int = 0
    hand_count: list[int] = field(default_factory=list)
    known: list[list[str]] = field(default_factory=list)
    up: list[list[str | None]] = field(default_factory=list)
    mystery: list[list[bool]] = field(default_factory=list)
    face_up_set: list[bool] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)
    played: bool = False  # the first play of the hand is made
    out_player: int | None = None
    declared: dict[str, dict[str, Any]] = field(default_factory=dict[str, Any])
    scores: list[list[int]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    last_hand: dict[str, Any] | None = None  # the hand just scored, each player's cards and points (issue 16)

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

    def uncovered_mystery(self, seat: int) -> list[int]:
        """The slots (1 to 4) whose face-up card is gone and whose mystery card is still there (SW-R8)."""
        return [
            slot for slot in range(1, SLOTS + 1) if self.up[seat][slot - 1] is None and self.mystery[seat][slot - 1]
        ]


def default_packs(players: int) -> int:
    return 2 if players <= 4 else 3 if players <= 6 else 4


def new_game(players: Any, options: Mapping[str, Any] | None = None) -> State:
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = resolve_options(OPTIONS, options)
    packs = default_packs(len(names)) if chosen["packs"] == "auto" else int(chosen["packs"])
    if 54 * packs < DEALT * len(names):
        raise Refusal(
            "SW-C9",
            "{players} players need at least {packs} packs ({dealt} cards are dealt).",
            overridable=False,
            players=len(names),
            packs=default_packs(len(names)),
            dealt=DEALT * len(names),
        )
    state = State(players=names, options=chosen, packs=packs, scores=[[] for _ in names])
    new_hand(state)
    return state


def new_hand(state: State) -> None:
    """Section 2.3: every player holds 11 cards and four face-up cards on four mystery cards."""
    n = state.seat_count
    state.phase, state.mode, state.pile, state.out_count = SETUP, LEAD, [], 0
    state.hand_count, state.known = [HAND] * n, [[] for _ in range(n)]
    state.up, state.mystery = [[None] * SLOTS for _ in range(n)], [[True] * SLOTS for _ in range(n)]
    state.face_up_set, state.seen, state.played = [False] * n, {}, False
    state.out_player, state.declared, state.current = None, {}, None


def load(data: Mapping[str, Any]) -> State:
    return State(**revive_texts(data))
