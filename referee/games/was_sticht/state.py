"""Was Sticht: the state of a table, its phases and house rules, a new game and a new round,
and what the board reads off the state (hands, the column being picked, who picks next)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base import Option, Preset, Text, check_players, dump_state, known, resolve_options, revive_texts
from . import rules as ws

GAME_ID = "was-sticht"
TITLE = "Was Sticht"
MIN_PLAYERS, MAX_PLAYERS = 3, 4
CHIPS_EACH, COLUMNS, TRICKS = 5, 9, 9
CORNER_RANGE = (0, 99)

OPTIONS = (
    Option(
        "game_length",
        ("short", "full"),
        "short",
        "How long the game runs.",
        {"short": "to 4 completed chips, or everyone deals twice", "full": "to 5 completed chips"},
        labels={"short": "short game", "full": "full game"},
    ),
    Option(
        "entry_mode",
        ("full", "score_only"),
        "full",
        "What the table enters.",
        {"full": "the draft and every play: the app checks everything", "score_only": "only each round's result"},
        labels={"full": "every card", "score_only": "results only"},
    ),
    Option(
        "trump_entry",
        ("app", "paper"),
        "app",
        "How the trumps and hints are handled.",
        {
            "app": "the dealer types the trumps; the app computes each hint for the dealer",
            "paper": "the dealer announces hints; the app checks them at the reveal",
        },
        labels={"app": "in the app", "paper": "on paper"},
    ),
    Option(
        "follow_model",
        ("trump_group", "dual", "free_number_trumps"),
        "trump_group",
        "Following a plain lead when holding a number trump of that colour.",
        {
            "trump_group": "a number trump is only a trump",
            "dual": "it also counts as its printed colour",
            "free_number_trumps": "number trumps may be played at any time",
        },
    ),
    Option("hint_with_dummy", ("yes", "no"), "yes", "3 players: the dummy's card is the 4th card of the hint trick."),
    Option(
        "wrong_hint",
        ("flag", "void_round"),
        "flag",
        "What a wrong hint does.",
        {"flag": "noted, play goes on", "void_round": "the round is dealt again"},
        labels={"flag": "noted", "void_round": "dealt again"},
    ),
    Option(
        "dealer_bonus",
        ("owner_failed", "owner_failed_no_twin", "any_success"),
        "owner_failed",
        "When the dealer turns a chip.",
        {
            "owner_failed": "the dealer meets a task its owner failed",
            "owner_failed_no_twin": "as above, unless another player succeeded with the same type",
            "any_success": "any player succeeded (their types are blocked)",
        },
    ),
    Option(
        "fewest_needs_trick",
        ("auto", "yes", "no"),
        "auto",
        "Does FEWEST need at least one trick?",
        {"auto": "yes with 3 players, no with 4"},
    ),
    Option(
        "unique_chip_draft",
        ("auto", "yes", "no"),
        "auto",
        "Chip draft: no second chip of a type held?",
        {"auto": "yes in the short game, no in the full game"},
    ),
    Option("early_end", ("yes", "no"), "yes", "Short game: may the table stop once first place is settled?"),
    Option("rank_others_by", ("corner_sum", "completed"), "corner_sum", "How the players below the winner rank."),
    Option("open_record", ("no", "yes"), "no", "Do all picks and tricks of the round stay visible?"),
)

RULE_PRESETS = (
    Preset("short", "Short game (standard)", {}),
    Preset("full", "Full game", {"game_length": "full"}),
    Preset("results", "Round results only", {"entry_mode": "score_only"}),
)
SUMMARY = "Trick-taking: draft your hand from open columns, then meet the task you secretly chose."

FIRST_DEALER, CHIP_DRAFT, TRUMPS, DRAFT, REVEAL, TASKS, PLAY, RESULT, FLIP, CORNERS, OVER = (
    "first_dealer",
    "chip_draft",
    "trumps",
    "draft",
    "reveal",
    "tasks",
    "play",
    "result",
    "flip",
    "corners",
    "over",
)
DUMMY = "dummy"
THE_DUMMY = Text("the dummy")


@dataclass
class State:
    players: list[str]
    options: dict[str, str]
    phase: str = FIRST_DEALER
    first_dealer: int | None = None
    dealer: int | None = None
    scored: int = 0  # rounds scored so far
    pool: dict[str, int] = field(default_factory=lambda: dict(ws.CHIP_COPIES))
    chip_picks: int = 0
    chips: list[list[dict[str, Any]]] = field(default_factory=list)  # per seat: {"type", "done", "corner"}
    trumps: list[str] | None = None  # secret until revealed
    revealed: bool = False
    layout: list[list[str]] | None = None
    columns: list[dict[str, Any]] = field(
        default_factory=list
    )  # {"picks": [[seat, card]], "dummy": card, "hint": winner}
    picked: list[list[str]] = field(default_factory=list)
    played: dict[str, int] = field(default_factory=dict)  # card -> trick number
    tasks: dict[str, int] = field(default_factory=dict)  # seat -> chip index; secret until shown
    tasks_shown: bool = False
    tricks: list[dict[str, Any]] = field(default_factory=list)  # {"leader", "cards": [[seat, card]], "winner"}
    turn: int | None = None
    result: dict[str, Any] | None = None
    bonus_chips: list[int] = field(default_factory=list)  # the dealer's chips a flip may turn
    flags: list[Text] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    notes: list[Text] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def short(self) -> bool:
        return self.options["game_length"] == "short"

    def name(self, seat: Any) -> str:
        return THE_DUMMY if seat == DUMMY else self.players[seat]

    def completed(self, seat: int) -> int:
        return sum(chip["done"] for chip in self.chips[seat])


# --------------------------------------------------------------------------- a game, a round


def new_game(players: Any, options: Mapping[str, Any] | None = None) -> State:
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = resolve_options(OPTIONS, options)
    if chosen["fewest_needs_trick"] == "auto":
        chosen["fewest_needs_trick"] = "yes" if len(names) == 3 else "no"
    if chosen["unique_chip_draft"] == "auto":
        chosen["unique_chip_draft"] = "yes" if chosen["game_length"] == "short" else "no"
    return State(players=names, options=chosen, chips=[[] for _ in names])


def dump(state: State) -> dict[str, Any]:
    dumped: dict[str, Any] = dump_state(state)
    return dumped


def load(data: Mapping[str, Any]) -> State:
    return State(**revive_texts(data))


def start_round(state: State) -> None:
    """Deal a round: the dealer is first dealer + rounds scored (a void round is dealt again)."""
    state.dealer = (known(state.first_dealer) + state.scored) % state.n
    state.trumps, state.revealed, state.layout = None, False, None
    state.columns = [{"picks": [], "dummy": None, "hint": None} for _ in range(COLUMNS)]
    state.picked = [[] for _ in range(state.n)]
    state.played, state.tasks, state.tasks_shown, state.tricks = {}, {}, False, []
    state.turn, state.bonus_chips, state.flags = None, [], []
    if state.options["entry_mode"] == "score_only":
        state.phase, state.revealed = TASKS, True
    else:
        state.phase = TRUMPS if state.options["trump_entry"] == "app" else DRAFT


# --------------------------------------------------------------------------- read off the state


def chip_turn(state: State) -> int | None:
    """The seat that takes the next chip of the draft."""
    if state.first_dealer is None:
        return None
    return (state.first_dealer + state.chip_picks) % state.n


def hand(state: State, seat: int) -> list[str]:
    """The cards ``seat`` picked this round and has not played yet."""
    return [c for c in state.picked[seat] if c not in state.played]


def trick_cards(trick: dict[str, Any]) -> list[str]:
    return [card for _, card in trick["cards"]]


def any_pick(state: State) -> bool:
    return any(col["picks"] for col in state.columns)


def current_column(state: State) -> int:
    """The column being picked (1-9): the first without a hint."""
    for number, column in enumerate(state.columns, 1):
        if column["hint"] is None:
            return number
    return COLUMNS + 1


def is_record_open(state: State) -> bool:
    """Do all picks and tricks of the round show (``open_record``, or the round is over)?"""
    return state.options["open_record"] == "yes" or state.phase in (FLIP, CORNERS, OVER)


def shown_tricks(state: State) -> list[int]:
    """The tricks (numbered from 1) a closed record shows: the last completed and the one in
    progress, like the table does."""
    done = [n for n, t in enumerate(state.tricks, 1) if t["winner"] is not None]
    current = [n for n, t in enumerate(state.tricks, 1) if t["winner"] is None]
    return done[-1:] + current


def column_shown(before: State, now: State) -> bool:
    """Does the board at ``now`` show the column a pick made at ``before`` went to (the column
    in progress, a record open, or a round over)?"""
    return is_record_open(now) or before.scored != now.scored or current_column(before) == current_column(now)


def trick_shown(before: State, now: State) -> bool:
    """Does the board at ``now`` show the trick a card played at ``before`` went to?"""
    return is_record_open(now) or before.scored != now.scored or len(before.tricks) in shown_tricks(now)


def pick_order(state: State, column: int) -> list[int]:
    first = (known(state.dealer) + column) % state.n
    return [(first + i) % state.n for i in range(state.n)]


def next_picker(state: State, column: int) -> int | None:
    picks = state.columns[column - 1]["picks"]
    order = pick_order(state, column)
    return order[len(picks)] if len(picks) < state.n else None


def picker_due(state: State) -> int | None:
    """The seat whose pick the draft waits for, if it waits for a pick."""
    column = current_column(state)
    return next_picker(state, column) if state.phase == DRAFT and column <= COLUMNS else None


def column_complete(state: State, column: int) -> bool:
    col = state.columns[column - 1]
    return len(col["picks"]) == state.n and (state.n == 4 or col["dummy"] is not None)


def taken(state: State) -> list[str]:
    """Cards already picked this round (the layout shows them as gone): public at the table."""
    return [card for col in state.columns for _, card in col["picks"]] + [
        col["dummy"] for col in state.columns if col["dummy"]
    ]


def free_cards(state: State, column: int) -> list[str]:
    """The cards a pick from ``column`` may take: those of the layout's column, or any, not taken."""
    gone = set(taken(state))
    lying = state.layout[column - 1] if state.layout else ws.CARDS
    return [card for card in lying if card not in gone]
