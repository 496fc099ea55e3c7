"""What a Switch 16 table is: the decks' top cards, who controls which, the chip, the turn.

Everything is public: each deck is known from its top card (the discard pile is always
1..top-1), so the state keeps tops, who controls which deck, where the block chip is, and where
the current turn stands (``../shared/rules/switch16.md``, section 3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base import Option, Preset, Text, check_players, dump_state, resolve_options, revive_texts, unreadable

GAME_ID = "switch-16"
TITLE = "Switch 16"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
LAST_CARD = 16
DONE = LAST_CARD + 1  # the top of a deck whose card 16 is gone
NUMBER_DICE = 5  # section 2: the game has five number dice
DIE_VALUES = tuple(range(1, 7))
COLOURS = (Text("Red"), Text("Blue"), Text("Green"), Text("Yellow"))
FACES = ("blank", "green", "red", "block")
FACE_NAMES = {"blank": Text("blank"), "green": Text("green"), "red": Text("red"), "block": Text("block")}
PENALTIES = ("playmonster", "checkpoint8", "turn_only")

OPTIONS = (
    Option("four_dice_from", (), "7", "Lowest top card rolled with 4 number dice (17: never).", number=(2, 17)),
    Option("five_dice_from", (), "12", "Lowest top card rolled with 5 number dice (17: never).", number=(2, 17)),
    Option(
        "risk_penalty",
        PENALTIES,
        "playmonster",
        "Where a failed risk roll sends the deck back to.",
        {
            "playmonster": "card 1 after 4 dice or a top of 2-8, else card 8 (the leaflet)",
            "checkpoint8": "card 1 from a top of 2-8, card 8 from 9-16 (older editions)",
            "turn_only": "only this turn's discards go back",
        },
    ),
    Option(
        "green_refusal_uses_chip",
        ("off", "on"),
        "off",
        "Does refusing a green switch use up the block chip?",
        {"off": "the chip stays in the refuser's hand", "on": "the chip goes back to the middle"},
    ),
    Option(
        "game_mode",
        ("race", "points"),
        "race",
        "The game to play.",
        {"race": "first to discard card 16 wins", "points": "rounds scored until someone reaches the target"},
    ),
    Option("points_target", (), "100", "Points mode: the total that ends the game.", number=(1, 10_000)),
    Option(
        "next_round_starter",
        ("left_of_round_winner", "roll_off"),
        "left_of_round_winner",
        "Points mode: who starts a new round.",
        {"left_of_round_winner": "the player left of who discarded 16", "roll_off": "a new roll-off"},
    ),
    Option(
        "entry_mode",
        ("dice", "quick"),
        "dice",
        "What the table enters.",
        {
            "dice": "every roll and discard: the app checks the dice",
            "quick": "what each turn did to the deck, in one tap (points game: each round's result)",
        },
        labels={"dice": "every roll", "quick": "quick entry"},
    ),
)

RULE_PRESETS = (
    Preset("standard", "Standard rules (2022 leaflet)", {}),
    Preset("piatnik", "Older editions (Piatnik)", {"risk_penalty": "checkpoint8"}),
    Preset("tomy", "Tomy edition", {"risk_penalty": "turn_only"}),
    Preset("points", "Points game to 100", {"game_mode": "points"}),
    Preset("quick", "Quick entry: each turn's result", {"entry_mode": "quick"}),
    Preset("quick_points", "Points game to 100, round results only", {"game_mode": "points", "entry_mode": "quick"}),
)
SUMMARY = "A dice race: discard your cards 1 to 16 in order with the numbers you roll."

START, TURN, OVER = "start", "turn", "over"


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
    tops: list[int]  # top card of each deck in play, by deck (deck i starts with seat i)
    control: list[int]  # control[seat] = the deck that seat controls
    chip: str = "middle"  # "middle", "hand" or "deck"
    chip_at: int | None = None  # the holding seat, or the deck the chip lies on
    phase: str = START
    active: int | None = None
    rolls: int = 0  # rolls made this turn
    start_top: int = 1  # the active deck's top when the turn began
    blocked_at_start: bool = False  # the active deck was blocked when the turn began (quick entry:
    #                                  a chip placed since landed during the turn, after its discards)
    last: Roll | None = None
    pending_green: int | None = None  # the target who may refuse a green switch
    ended: dict[str, Any] | None = None  # {"seat", "why"}: the turn that just ended (S16-C4);
    #                                  "round_over": it ended the round (card 16 in the points game)
    points: list[int] = field(default_factory=list)
    round: int = 1
    winners: list[int] = field(default_factory=list)
    round_cards: list[int | None] = field(default_factory=list)  # quick points game: each card entered this round
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


def new_game(players: Any, options: Mapping[str, Any] | None = None) -> State:
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = resolve_options(OPTIONS, options)
    if int(chosen["five_dice_from"]) < int(chosen["four_dice_from"]):
        raise unreadable("Five dice cannot start below four dice: five_dice_from ≥ four_dice_from.")
    n = len(names)
    return State(players=names, options=chosen, tops=[1] * n, control=list(range(n)), points=[0] * n)


def seat_names(state: State) -> list[str]:
    return list(state.players)


def dump(state: State) -> dict[str, Any]:
    dumped: dict[str, Any] = dump_state(state)
    return dumped


def load(data: Mapping[str, Any]) -> State:
    fields: dict[str, Any] = revive_texts(data)
    fields["last"] = Roll(**fields["last"]) if fields.get("last") else None
    return State(**fields)
