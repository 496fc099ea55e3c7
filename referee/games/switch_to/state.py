"""Switch To: what a table holds (``../shared/rules/switch_to.md``, sections 2, 3 and 6).

The engine never sees the cards in a hand; it knows the entries: predictions, plays, passes,
declarations, and the counts they leave (tokens, cards in hand, cards played).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base import Option, check_players, resolve_options, revive_texts

GAME_ID = "switch-to"
TITLE = "Switch To"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_SIZE = 8
RANKS = tuple(range(2, 10))  # the cards: 2 to 9 in each suit
WILD_RANKS = tuple(range(1, 11))  # a wild takes any rank from 1 to 10
MAX_PREDICTION = 10
TOKEN_SUPPLY = 40  # two-sided tokens: play on one face, wild on the other
GAME_END_TOTAL = -50
TOKEN_PENALTY = 10

OPTIONS = (
    Option(
        "compare",
        ("strict", "loose"),
        "strict",
        "Which end of a run on the table a new play must beat.",
        {
            "strict": "beat its highest card (same size) or go under its lowest (one more card)",
            "loose": "beat its lowest card (same size) or go under its highest (one more card)",
        },
    ),
    Option(
        "auto_pass",
        ("off", "on"),
        "off",
        "Pass automatically for a player who holds no token at all.",
        {"off": "every player enters their own passes", "on": "the app passes for a player with no token"},
    ),
)

SUMMARY = "Climbing cards: beat the last play, in as many plays as you predicted."

# Phases of a round.
SETUP, PREDICT, SHORT, START_PLAYER, PLAY, DECLARE, OVER = (
    "setup",
    "predict",
    "short",
    "start_player",
    "play",
    "declare",
    "over",
)
ROUND_RUNNING = (PREDICT, SHORT, START_PLAYER, PLAY)
SHOWN = (SHORT, START_PLAYER, PLAY, DECLARE)  # the round's predictions have been revealed

FLIPS = ("play_to_wild", "wild_to_play")


@dataclass
class Player:
    name: str
    prediction: int | None = None
    play: int = 0  # play tokens
    wild: int = 0  # wild tokens
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
    top: list[str] | None = None  # the top play as entered, real cards and wild
    top_by: int | None = None
    leader: int | None = None  # who made the last play
    passes: int = 0  # passes in a row on the current top play
    idle_passes: int = 0  # passes in a row on an empty table
    played: dict[str, int] = field(default_factory=dict)  # card -> seat, this round
    end_reason: str | None = None
    notes: list[str] = field(default_factory=list)  # what the last entry did besides itself

    @property
    def seat_count(self) -> int:
        return len(self.players)

    def name(self, seat: int) -> str:
        return self.players[seat].name


def new_game(players: Any, options: Mapping[str, Any] | None = None) -> State:
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    return State(players=[Player(n) for n in names], options=resolve_options(OPTIONS, options))


def load(data: Mapping[str, Any]) -> State:
    """A state from its dump (snapshots and the log keep ``base.dump_state``'s JSON)."""
    fields: dict[str, Any] = revive_texts(data)
    fields["players"] = [Player(**p) for p in fields["players"]]
    return State(**fields)
