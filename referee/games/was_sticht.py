"""Was Sticht: the rules engine (``../shared/rules/was_sticht.md``).

Every pick of the card draft is public, so the engine knows every hand and checks every play.
The only secrets are the trumps (the dealer's, until the reveal) and the task choices (each
non-dealer's, until all have chosen): ``view`` never shows them to anyone else, and ``describe``
never writes them into the history. Cards, trumps, tricks and tasks are in ``was_sticht_rules``.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import was_sticht_rules as ws
from .base import (
    HOST,
    Option,
    Refusal,
    Text,
    apply_checked,
    check_players,
    check_rules,
    dump_state,
    entry_type,
    join_names,
    not_yours,
    read_int,
    refused_rule,
    resolve_options,
    revive_texts,
    unreadable,
)

GAME_ID = "was-sticht"
TITLE = "Was Sticht"
MIN_PLAYERS, MAX_PLAYERS = 3, 4
CHIPS_EACH, COLUMNS, TRICKS = 5, 9, 9

OPTIONS = (
    Option("game_length", ("short", "full"), "short", "How long the game runs.",
           {"short": "to 4 completed chips, or everyone deals twice", "full": "to 5 completed chips"}),
    Option("entry_mode", ("full", "score_only"), "full", "What the table enters.",
           {"full": "the draft and every play: the app checks everything", "score_only": "only each round's result"}),
    Option("trump_entry", ("app", "paper"), "app", "How the trumps and hints are handled.",
           {"app": "the dealer types the trumps; the app computes each hint for the dealer",
            "paper": "the dealer announces hints; the app checks them at the reveal"}),
    Option("follow_model", ("trump_group", "dual", "free_number_trumps"), "trump_group",
           "Following a plain lead when holding a number trump of that colour.",
           {"trump_group": "a number trump is only a trump", "dual": "it also counts as its printed colour",
            "free_number_trumps": "number trumps may be played at any time"}),
    Option("hint_with_dummy", ("yes", "no"), "yes", "3 players: the dummy's card is the 4th card of the hint trick."),
    Option("wrong_hint", ("flag", "void_round"), "flag", "What a wrong hint does.",
           {"flag": "noted, play goes on", "void_round": "the round is dealt again"}),
    Option("dealer_bonus", ("owner_failed", "owner_failed_no_twin", "any_success"), "owner_failed",
           "When the dealer turns a chip.",
           {"owner_failed": "the dealer meets a task its owner failed",
            "owner_failed_no_twin": "as above, unless another player succeeded with the same type",
            "any_success": "any player succeeded (their types are blocked)"}),
    Option("fewest_needs_trick", ("auto", "yes", "no"), "auto", "Does FEWEST need at least one trick?",
           {"auto": "yes with 3 players, no with 4"}),
    Option("unique_chip_draft", ("auto", "yes", "no"), "auto", "Chip draft: no second chip of a type held?",
           {"auto": "yes in the short game, no in the full game"}),
    Option("early_end", ("yes", "no"), "yes", "Short game: may the table stop once first place is settled?"),
    Option("rank_others_by", ("corner_sum", "completed"), "corner_sum", "How the players below the winner rank."),
    Option("open_record", ("no", "yes"), "no", "Do all picks and tricks of the round stay visible?"),
)

FIRST_DEALER, CHIP_DRAFT, TRUMPS, DRAFT, REVEAL, TASKS, PLAY, RESULT, FLIP, CORNERS, OVER = (
    "first_dealer", "chip_draft", "trumps", "draft", "reveal", "tasks", "play", "result", "flip", "corners", "over")
ENTRY_TYPES = {"first_dealer", "chip_pick", "set_trumps", "layout", "pick", "dummy_card", "announce_hint",
               "enter_hint", "reveal", "choose_task", "play", "dealer_flip", "round_result", "corner_numbers",
               "end_early"}
DUMMY = "dummy"
THE_DUMMY = Text("the dummy")


@dataclass
class State:
    players: list[str]
    options: dict[str, str]
    phase: str = FIRST_DEALER
    first_dealer: int | None = None
    dealer: int | None = None
    scored: int = 0                                   # rounds scored so far
    pool: dict[str, int] = field(default_factory=lambda: dict(ws.CHIP_COPIES))
    chip_picks: int = 0
    chips: list[list[dict]] = field(default_factory=list)   # per seat: {"type", "done", "corner"}
    trumps: list[str] | None = None                   # secret until revealed
    revealed: bool = False
    layout: list[list[str]] | None = None
    columns: list[dict] = field(default_factory=list)  # {"picks": [[seat, card]], "dummy": card, "hint": winner}
    picked: list[list[str]] = field(default_factory=list)
    played: dict[str, int] = field(default_factory=dict)    # card -> trick number
    tasks: dict[str, int] = field(default_factory=dict)     # seat -> chip index; secret until shown
    tasks_shown: bool = False
    tricks: list[dict] = field(default_factory=list)        # {"leader", "cards": [[seat, card]], "winner"}
    turn: int | None = None
    result: dict | None = None
    bonus_chips: list[int] = field(default_factory=list)    # the dealer's chips a flip may turn
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


# --------------------------------------------------------------------------- setup, (de)serialising

def new_game(players: Any, options: Mapping[str, Any] | None = None) -> State:
    names = check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = resolve_options(OPTIONS, options)
    if chosen["fewest_needs_trick"] == "auto":
        chosen["fewest_needs_trick"] = "yes" if len(names) == 3 else "no"
    if chosen["unique_chip_draft"] == "auto":
        chosen["unique_chip_draft"] = "yes" if chosen["game_length"] == "short" else "no"
    return State(players=names, options=chosen, chips=[[] for _ in names])


def seat_names(state: State) -> list[str]:
    return list(state.players)


def dump(state: State) -> dict:
    return dump_state(state)


def load(data: Mapping[str, Any]) -> State:
    return State(**revive_texts(data))


# --------------------------------------------------------------------------- reading entries

def _seat(state: State, action: Mapping[str, Any], by: Any, default: int | None) -> int:
    """The seat an entry is for: the phone's own, or the one named (default ``default``)."""
    named = action.get("seat")
    seat = read_int(named) if named is not None else (by if isinstance(by, int) else default)
    if seat is None or isinstance(named, bool) or not 0 <= seat < state.n:
        raise unreadable("Say which seat this entry is for.")
    if by != HOST and not (isinstance(by, int) and 0 <= by < state.n):
        raise not_yours("WS-X7", "Only a player at this table (or the host) can make entries.")
    return seat


def _own_task_seat(state: State, action: Mapping[str, Any], by: Any) -> int:
    """A task choice is private: only that seat's own phone (or the host's, on a one-phone table)."""
    seat = _seat(state, action, by, None)
    if by not in (HOST, seat):
        raise not_yours("WS-K3", "Only {name} enters {name}'s task.", name=state.name(seat))
    return seat


def hand(state: State, seat: int) -> list[str]:
    """The cards ``seat`` picked this round and has not played yet."""
    return [c for c in state.picked[seat] if c not in state.played]


def trick_cards(trick: dict) -> list[str]:
    return [card for _, card in trick["cards"]]


# --------------------------------------------------------------------------- checks

def check(state: State, action: Mapping[str, Any], by: Any) -> None:
    kind = entry_type(action, ENTRY_TYPES, TITLE)
    if state.phase == OVER:
        raise Refusal("WS-X13", "The game is over.", overridable=False)
    check_rules(CHECKS[kind], PHYSICAL.get(kind), state, action, by)


def _check_first_dealer(state: State, action: Mapping[str, Any], by: Any) -> None:
    if by != HOST:
        raise not_yours("WS-X14", "Only the host sets up the table.")
    if state.phase != FIRST_DEALER:
        raise Refusal("WS-X13", "The first dealer is already set.", overridable=False)
    seat = read_int(action.get("seat"))
    if seat is None or not 0 <= seat < state.n:
        raise unreadable("Name the first dealer's seat.")


def _check_chip_pick(state: State, action: Mapping[str, Any], by: Any) -> None:
    due = (state.first_dealer + state.chip_picks) % state.n if state.first_dealer is not None else None
    seat = _seat(state, action, by, due)
    chip = action.get("chip")
    if not isinstance(chip, str) or chip not in ws.CHIP_COPIES:
        raise unreadable("{chip!r} is not a chip; chips are {known}.", chip=str(chip)[:12],
                         known=", ".join(ws.CHIP_COPIES))
    if state.phase != CHIP_DRAFT:
        raise Refusal("WS-C1", "The chip draft is over.", overridable=False)
    if seat != due:
        # WS-C2 stays overridable: the chip still goes to the seat due (5 chips each); PHYSICAL
        # makes it firm when the chip is not in the pool.
        raise Refusal("WS-C2", "It is {name}'s turn to take a chip.", name=state.name(due))
    _check_pool(state, chip)
    held = {c["type"] for c in state.chips[seat]}
    others_left = any(n and t not in held for t, n in state.pool.items())
    if state.options["unique_chip_draft"] == "yes" and chip in held and others_left:
        # WS-C4 stays overridable: a house rule of the draft; the chip exists (WS-C3 passed).
        raise Refusal("WS-C4", "In this game you may not take a second “{chip}” chip while other kinds are "
                               "still available.", chip=ws.CHIP_NAMES[chip])


def _check_pool(state: State, chip: str) -> None:
    if state.pool[chip] == 0:
        # WS-C3: not overridable: the box holds CHIP_COPIES of each type; a ruling would take a
        # chip that does not exist (the pool count would go below zero, WS-X6).
        raise Refusal("WS-C3", "No “{chip}” chip is left.", overridable=False, chip=ws.CHIP_NAMES[chip])


def _check_set_trumps(state: State, action: Mapping[str, Any], by: Any) -> None:
    if by not in (HOST, state.dealer):
        raise not_yours("WS-T1", "Only the dealer enters the trumps.")
    ws.parse_trumps(action.get("colour"), action.get("number"))
    if state.options["trump_entry"] != "app" or state.phase not in (TRUMPS, DRAFT) or _any_pick(state):
        raise Refusal("WS-T2", "The trumps cannot change once the draft has begun.", overridable=False)


def _any_pick(state: State) -> bool:
    return any(col["picks"] for col in state.columns)


def _check_layout(state: State, action: Mapping[str, Any], by: Any) -> None:
    _seat_or_host(state, by)
    columns = action.get("columns")
    if not isinstance(columns, list) or len(columns) != COLUMNS:
        raise Refusal("WS-D7", "The layout must hold each of the 36 cards once, four per column.", overridable=False)
    cards = []
    for column in columns:
        column = column.split() if isinstance(column, str) else column
        if not isinstance(column, list) or len(column) != 4:
            raise Refusal("WS-D7", "The layout must hold each of the 36 cards once, four per column.",
                          overridable=False)
        cards += [ws.parse_card(c) for c in column]
    if len(set(cards)) != len(ws.CARDS):
        raise Refusal("WS-D7", "The layout must hold each of the 36 cards once, four per column.", overridable=False)
    if state.phase not in (TRUMPS, DRAFT) or _any_pick(state):
        raise Refusal("WS-D7", "The layout is entered before the first pick of the round.", overridable=False)


def _seat_or_host(state: State, by: Any) -> None:
    if by != HOST and not (isinstance(by, int) and 0 <= by < state.n):
        raise not_yours("WS-X7", "Only a player at this table (or the host) can make entries.")


def current_column(state: State) -> int:
    """The column being picked (1-9): the first without a hint."""
    for number, column in enumerate(state.columns, 1):
        if column["hint"] is None:
            return number
    return COLUMNS + 1


def pick_order(state: State, column: int) -> list[int]:
    first = (state.dealer + column) % state.n
    return [(first + i) % state.n for i in range(state.n)]


def _next_picker(state: State, column: int) -> int | None:
    picks = state.columns[column - 1]["picks"]
    order = pick_order(state, column)
    return order[len(picks)] if len(picks) < state.n else None


def _check_pick(state: State, action: Mapping[str, Any], by: Any) -> None:
    column = current_column(state)
    due = _next_picker(state, column) if state.phase == DRAFT and column <= COLUMNS else None
    seat = _seat(state, action, by, due)
    card = ws.parse_card(action.get("card"))
    if state.phase == TRUMPS:
        raise Refusal("WS-D1", "The dealer has not entered the trumps yet.", overridable=False)
    if state.phase != DRAFT or column > COLUMNS:
        raise Refusal("WS-X13", "The card draft is over.", overridable=False)
    if due is None:
        if state.n == 3 and state.columns[column - 1]["dummy"] is None:
            raise Refusal("WS-D3", "Column {column} is complete: the dummy takes the card left over.",
                          overridable=False, column=column)
        raise Refusal("WS-D2", "Wait for the dealer's hint on column {column}.", overridable=False, column=column)
    if seat != due:
        # WS-D3 stays overridable: the card goes to the seat next in the pick order (the effect);
        # PHYSICAL makes it firm when the card is taken already.
        raise Refusal("WS-D3", "It is {name}'s pick in column {column}.", name=state.name(due), column=column)
    _check_untaken(state, card)
    _check_in_column(state, card, column)


def _check_untaken(state: State, card: str) -> None:
    for column in state.columns:
        if card in [c for _, c in column["picks"]] or card == column["dummy"]:
            # WS-D4: not overridable: each of the 36 cards exists once; a ruling would put it in two places.
            raise Refusal("WS-D4", "{card} is already taken this round.", overridable=False, card=card)


def _check_in_column(state: State, card: str, column: int) -> None:
    if state.layout:
        for number, cards in enumerate(state.layout, 1):
            if card in cards and number != column:
                # WS-D6 may be waived: the table says the layout as entered was wrong. The effect then
                # sets the layout aside (_layout_contradicted), so no card is on record in two columns.
                raise Refusal("WS-D6", "{card} lies in column {number}; this pick is from column {column}.",
                              card=card, number=number, column=column)


def _check_dummy(state: State, action: Mapping[str, Any], by: Any) -> None:
    _seat_or_host(state, by)
    card = ws.parse_card(action.get("card"))
    column = current_column(state)
    if state.n != 3 or state.phase != DRAFT or column > COLUMNS:
        raise Refusal("WS-D5", "The dummy takes a card only with 3 players, during the draft.", overridable=False)
    col = state.columns[column - 1]
    if col["dummy"] is not None:
        # WS-D5, not overridable here: a column holds 4 cards; a second dummy card would be a fifth (WS-X3).
        raise Refusal("WS-D5", "The dummy takes the card left over once all three players have picked.",
                      overridable=False)
    if len(col["picks"]) < state.n:
        # WS-D5 stays overridable while picks are missing: the dummy's card comes early, the column
        # still ends with 3 picks and 1 dummy card (PHYSICAL: the card is not taken).
        raise Refusal("WS-D5", "The dummy takes the card left over once all three players have picked.")
    _check_untaken(state, card)
    _check_in_column(state, card, column)


def _column_complete(state: State, column: int) -> bool:
    col = state.columns[column - 1]
    return len(col["picks"]) == state.n and (state.n == 4 or col["dummy"] is not None)


def _check_hint(state: State, action: Mapping[str, Any], by: Any, paper: bool) -> None:
    if (state.options["trump_entry"] == "paper") != paper:
        if paper:
            raise Refusal("WS-H3", "At this table the app computes the hints.", overridable=False)
        raise Refusal("WS-H3", "Only the dealer announces hints.", overridable=False)
    if not paper and by not in (HOST, state.dealer):
        raise not_yours("WS-H3", "Only the dealer announces hints.")
    _seat_or_host(state, by)
    column = current_column(state)
    if state.phase != DRAFT or column > COLUMNS:
        raise Refusal("WS-H2", "Every hint of this round is already given.", overridable=False)
    if not _column_complete(state, column):
        raise Refusal("WS-H1", "Column {column} is not complete yet.", overridable=False, column=column)
    if paper:
        winner = action.get("winner")
        if winner != DUMMY:
            winner = read_int(winner)
        # WS-X8: a seat not at the table (or a dummy in a 4-player game) is no ruling a table can make
        if winner not in list(range(state.n)) + ([DUMMY] if state.n == 3 else []):
            raise Refusal("WS-H4", "That is not a possible winner for this column.", overridable=False)
        if winner == DUMMY and state.options["hint_with_dummy"] != "yes":
            # WS-H4 (the dummy without hint_with_dummy) stays overridable: an announcement, checked at the reveal.
            raise Refusal("WS-H4", "That is not a possible winner for this column.")


def _check_reveal(state: State, action: Mapping[str, Any], by: Any) -> None:
    _seat_or_host(state, by)
    column = current_column(state)
    if state.phase != DRAFT and state.phase != REVEAL:
        raise Refusal("WS-X13", "The trumps are revealed after the card draft.", overridable=False)
    if column <= COLUMNS:
        raise Refusal("WS-V1", "The draft is not finished: column {column} is still open.", overridable=False,
                      column=column)
    if state.options["trump_entry"] == "app":
        if by not in (HOST, state.dealer):
            raise not_yours("WS-V1", "Only the dealer reveals the trumps.")
        if action.get("colour") is not None or action.get("number") is not None:
            ws.parse_trumps(action.get("colour"), action.get("number"))
    else:
        ws.parse_trumps(action.get("colour"), action.get("number"))


def _check_choose_task(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _own_task_seat(state, action, by)
    if state.phase != TASKS:
        if state.tasks_shown:
            raise Refusal("WS-K1", "The tasks are already shown.", overridable=False)
        raise Refusal("WS-K1", "Tasks are chosen after the trumps are revealed.", overridable=False)
    if seat == state.dealer:
        raise Refusal("WS-K2", "The dealer does not choose a task this round.", overridable=False)
    index = _chip_index(state, seat, action.get("chip"), "WS-K3")
    if state.chips[seat][index]["done"]:
        raise Refusal("WS-K4", "That chip is already completed.", overridable=False)


def _chip_index(state: State, seat: int, chip: Any, rule: str) -> int:
    """A chip by its index in the seat's chips, or by type (the first uncompleted of that type)."""
    chips = state.chips[seat]
    index = read_int(chip)
    if index is not None and 0 <= index < len(chips):
        return index
    for i, owned in enumerate(chips):
        if owned["type"] == chip and not owned["done"]:
            return i
    for i, owned in enumerate(chips):
        if owned["type"] == chip:
            return i
    raise Refusal(rule, "That chip is not yours.", overridable=False)


def _check_play(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _seat(state, action, by, state.turn)
    card = ws.parse_card(action.get("card"))
    if state.phase != PLAY:
        if state.tricks and len(state.tricks) == TRICKS and state.tricks[-1]["winner"] is not None:
            raise Refusal("WS-P1", "The round is over.", overridable=False)
        raise Refusal("WS-P1", "Play starts once every task is shown.", overridable=False)
    if seat != state.turn:
        # WS-P2: not overridable: the play is recorded for the seat whose turn it is, one card per seat
        # and trick; another seat's card there would leave one hand a card short and another a card over.
        raise Refusal("WS-P2", "It is {name}'s turn.", overridable=False, name=state.name(state.turn))
    if card not in state.picked[seat]:
        # WS-P3: not overridable: the draft is public, so the card is known to be elsewhere (WS-X5).
        raise Refusal("WS-P3", "You did not take {card} in this round's draft.", overridable=False, card=card)
    if card in state.played:
        # WS-P4: not overridable: a card is played once (WS-X2).
        raise Refusal("WS-P4", "You already played {card} in trick {trick}.", overridable=False, card=card,
                      trick=state.played[card])
    trick = state.tricks[-1]
    lead = trick["cards"][0][1] if trick["cards"] else None
    legal = ws.legal_cards(hand(state, seat), lead, state.trumps, state.options["follow_model"])
    if card not in legal:
        # WS-P5 stays overridable: following is a legality rule; the card is the seat's own and unplayed.
        raise Refusal("WS-P5", _follow_message(state, lead, legal))


def _follow_message(state: State, lead: str, legal: list[str]) -> Text:
    held = " ".join(sorted(legal))
    if ws.is_trump(lead, state.trumps):
        return Text("A trump was led: you must play a trump, colour or number (you hold {held}).", held=held)
    led, colour = ws.COLOUR_TITLES[lead[0]], ws.COLOUR_NAMES[lead[0]]
    if state.options["follow_model"] == "dual":
        return Text("{led} was led: you must play a {colour} card (you hold {held}).",
                    led=led, colour=colour, held=held)
    return Text("{led} was led: you must play a {colour} card that is not a trump (you hold {held}).",
                led=led, colour=colour, held=held)


def _check_dealer_flip(state: State, action: Mapping[str, Any], by: Any) -> None:
    if by not in (HOST, state.dealer):
        raise not_yours("WS-F1", "Only the dealer turns the bonus chip.")
    if state.phase != FLIP:
        raise Refusal("WS-F1", "The dealer did not fulfil a failed task this round.", overridable=False)
    index = _chip_index(state, state.dealer, action.get("chip"), "WS-F2")
    chip = state.chips[state.dealer][index]
    if chip["done"]:
        # WS-F2: not overridable: a completed chip is already turned; turning it again completes nothing.
        raise Refusal("WS-F2", "Choose one of your uncompleted chips.", overridable=False)
    if index not in state.bonus_chips:
        # WS-F3 stays overridable: a house-rule block on an uncompleted chip of the dealer's own.
        raise Refusal("WS-F3", "“{chip}” was shown by a player who succeeded.", chip=ws.CHIP_NAMES[chip["type"]])


def _check_round_result(state: State, action: Mapping[str, Any], by: Any) -> None:
    _seat_or_host(state, by)
    if state.phase != RESULT:
        raise Refusal("WS-Q1", "A round result is entered once the tasks are shown, in score-only mode.",
                      overridable=False)
    tricks = action.get("tricks")
    if not isinstance(tricks, list) or len(tricks) != state.n or any(read_int(t) is None for t in tricks):
        raise unreadable("Enter each seat's tricks, in seat order.")
    counts = [read_int(t) for t in tricks]
    last = read_int(action.get("last"))
    if last is None or not 0 <= last < state.n:
        raise unreadable("Name the seat that won the last trick.")
    took = _read_took(action.get("took"))  # everything is read before a refusal a ruling may override
    # WS-Q2 to WS-Q4 are not overridable: they are what 9 tricks of 36 cards allow, not rules a
    # table may waive (nine tricks, each won by one seat; the last by a seat with a trick; 7 tricks
    # of 4 cards hold every colour, as a colour has 9 cards).
    if any(not 0 <= c <= TRICKS for c in counts) or sum(counts) != TRICKS:
        raise Refusal("WS-Q2", "The trick counts add up to {total}, not 9.", overridable=False, total=sum(counts))
    if counts[last] == 0:
        raise Refusal("WS-Q3", "{name} cannot have won the last trick with 0 tricks.", overridable=False,
                      name=state.name(last))
    for seat, colours in _asked_colours(state).items():
        if state.n == 4 and counts[seat] >= 7 and any(c not in took.get(seat, set()) for c in colours):
            raise Refusal("WS-Q4", "{name} won 7 or more tricks, so {name} took every colour.", overridable=False,
                          name=state.name(seat))


def _read_took(raw: Any) -> dict[int, set[str]]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise unreadable("took: for each seat, the colours it took (e.g. {example}).", example='{"2": ["R"]}')
    took = {}
    for seat, colours in raw.items():
        colours = list(colours) if isinstance(colours, (list, str)) else []
        took[read_int(seat)] = {str(c).upper() for c in colours}
    return took


def _asked_colours(state: State) -> dict[int, list[str]]:
    """The 'did S take any X card?' questions: owner and dealer of each shown NO_X chip."""
    asked: dict[int, list[str]] = {}
    for seat_text, index in state.tasks.items():
        chip = state.chips[int(seat_text)][index]["type"]
        if chip.startswith("NO_"):
            for seat in (int(seat_text), state.dealer):
                asked.setdefault(seat, []).append(chip[3])
    return asked


def _check_corner_numbers(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _seat(state, action, by, None)
    if state.phase != CORNERS:
        raise Refusal("WS-N1", "Corner numbers are asked only to settle a tie.", overridable=False)
    numbers = action.get("numbers")
    if not isinstance(numbers, Mapping):
        raise unreadable("numbers: the corner number of each completed chip, by chip index.")
    for index, number in numbers.items():  # every chip and number is read before a ruling may override WS-N2
        i = read_int(index)
        if i is None or not 0 <= i < len(state.chips[seat]) or not state.chips[seat][i]["done"]:
            raise Refusal("WS-N1", "Only completed chips are asked about.", overridable=False)
        if read_int(number) is None:
            raise Refusal("WS-N2", "Enter the number printed in the chip's corner.", overridable=False)
    if any(not 0 <= read_int(number) <= 99 for number in numbers.values()):
        # WS-N2: not overridable: the number is printed on the chip (WS-X12), no ruling changes it.
        raise Refusal("WS-N2", "Enter the number printed in the chip's corner.", overridable=False)


def _check_end_early(state: State, action: Mapping[str, Any], by: Any) -> None:
    _seat_or_host(state, by)
    if not (state.short and state.options["early_end"] == "yes" and _between_rounds(state)):
        raise Refusal("WS-G1", "The game can end early only between rounds of a short game.", overridable=False)
    _, chaser, reach = _race(state)
    if chaser is not None:
        # WS-G1 (first place not settled) stays overridable: a table may agree to stop.
        raise Refusal("WS-G1", "First place is not settled: {name} could still reach {reach}.",
                      name=state.name(chaser), reach=reach)


def _between_rounds(state: State) -> bool:
    return state.scored > 0 and state.phase in (TRUMPS, DRAFT, TASKS) and not _any_pick(state) and not state.tasks


def _race(state: State) -> tuple[int, int | None, int]:
    """The leader, and a seat that could still catch up (with its reachable count) if any."""
    rounds_left = 2 * state.n - state.scored
    counts = [state.completed(s) for s in range(state.n)]
    leader = max(range(state.n), key=lambda s: counts[s])
    for seat in range(state.n):
        if seat != leader and counts[seat] + rounds_left >= counts[leader]:
            return leader, seat, counts[seat] + rounds_left
    return leader, None, 0


PHYSICAL = {
    "chip_pick": lambda s, a, _by: _check_pool(s, a["chip"]),
    "pick": lambda s, a, _by: _check_untaken(s, ws.parse_card(a.get("card"))),
    "dummy_card": lambda s, a, _by: _check_untaken(s, ws.parse_card(a.get("card"))),
}
"""For each entry, the checks of the components themselves: an overridable refusal becomes firm
when these fail, since a ruling waives a rule, never a chip or card (section 7)."""


CHECKS = {
    "first_dealer": _check_first_dealer,
    "chip_pick": _check_chip_pick,
    "set_trumps": _check_set_trumps,
    "layout": _check_layout,
    "pick": _check_pick,
    "dummy_card": _check_dummy,
    "announce_hint": lambda s, a, b: _check_hint(s, a, b, paper=False),
    "enter_hint": lambda s, a, b: _check_hint(s, a, b, paper=True),
    "reveal": _check_reveal,
    "choose_task": _check_choose_task,
    "play": _check_play,
    "dealer_flip": _check_dealer_flip,
    "round_result": _check_round_result,
    "corner_numbers": _check_corner_numbers,
    "end_early": _check_end_early,
}


# --------------------------------------------------------------------------- applying

def apply(state: State, action: Mapping[str, Any], by: Any = HOST, *, ruling: bool = False) -> State:
    """The state after ``action``; ``state`` itself is never changed."""

    def effect(new: State) -> None:
        EFFECTS[action["type"]](new, action, by)

    return apply_checked(state, action, by, ruling, check, effect)


def overridden_rule(state: State, action: Mapping[str, Any], by: Any) -> str | None:
    return refused_rule(check, state, action, by)


def _effect_first_dealer(state: State, action: Mapping[str, Any], by: Any) -> None:
    state.first_dealer = read_int(action["seat"])
    state.phase = CHIP_DRAFT


def _effect_chip_pick(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = (state.first_dealer + state.chip_picks) % state.n
    chip = action["chip"]
    state.pool[chip] -= 1
    state.chips[seat].append({"type": chip, "done": False, "corner": None})
    state.chip_picks += 1
    if state.chip_picks == CHIPS_EACH * state.n:
        _start_round(state)


def _start_round(state: State) -> None:
    """Deal a round: the dealer is first dealer + rounds scored (a void round is dealt again)."""
    state.dealer = (state.first_dealer + state.scored) % state.n
    state.trumps, state.revealed, state.layout = None, False, None
    state.columns = [{"picks": [], "dummy": None, "hint": None} for _ in range(COLUMNS)]
    state.picked = [[] for _ in range(state.n)]
    state.played, state.tasks, state.tasks_shown, state.tricks = {}, {}, False, []
    state.turn, state.bonus_chips, state.flags = None, [], []
    if state.options["entry_mode"] == "score_only":
        state.phase, state.revealed = TASKS, True
    else:
        state.phase = TRUMPS if state.options["trump_entry"] == "app" else DRAFT


def _effect_set_trumps(state: State, action: Mapping[str, Any], by: Any) -> None:
    state.trumps = list(ws.parse_trumps(action.get("colour"), action.get("number")))  # missing: "-", as checked
    state.phase = DRAFT


def _effect_layout(state: State, action: Mapping[str, Any], by: Any) -> None:
    state.layout = [[ws.parse_card(c) for c in (col.split() if isinstance(col, str) else col)]
                    for col in action["columns"]]


def _effect_pick(state: State, action: Mapping[str, Any], by: Any) -> None:
    column = current_column(state)
    seat = _next_picker(state, column)
    card = ws.parse_card(action["card"])
    _layout_contradicted(state, card, column)
    state.columns[column - 1]["picks"].append([seat, card])
    state.picked[seat].append(card)


def _layout_contradicted(state: State, card: str, column: int) -> None:
    """A ruling on WS-D6 says the entered layout was wrong: set it aside, so that no card is on
    record in one column and taken from another."""
    if state.layout and card not in state.layout[column - 1]:
        state.layout = None
        state.notes.append(Text("The layout entered does not match the table: picks are no longer checked "
                                "against it this round."))


def _effect_dummy(state: State, action: Mapping[str, Any], by: Any) -> None:
    card = ws.parse_card(action["card"])
    _layout_contradicted(state, card, current_column(state))
    state.columns[current_column(state) - 1]["dummy"] = card


def hint_winner(state: State, column: int, trumps) -> Any:
    """Section 4.5: whose card wins the column's picks as one trick (the dummy's card last)."""
    col = state.columns[column - 1]
    seats = [seat for seat, _ in col["picks"]]
    cards = [card for _, card in col["picks"]]
    if col["dummy"] and state.options["hint_with_dummy"] == "yes":
        seats.append(DUMMY)
        cards.append(col["dummy"])
    return seats[ws.winner_index(cards, trumps)]


def _effect_announce_hint(state: State, action: Mapping[str, Any], by: Any) -> None:
    column = current_column(state)
    state.columns[column - 1]["hint"] = hint_winner(state, column, state.trumps)
    _after_hint(state, column)


def _effect_enter_hint(state: State, action: Mapping[str, Any], by: Any) -> None:
    column = current_column(state)
    winner = action["winner"]
    state.columns[column - 1]["hint"] = DUMMY if winner == DUMMY else read_int(winner)
    _after_hint(state, column)


def _after_hint(state: State, column: int) -> None:
    winner = state.columns[column - 1]["hint"]
    if winner == DUMMY:
        state.notes.append(Text("Column {column}: the dummy's card would win.", column=column))
    else:
        state.notes.append(Text("Column {column}: {name}'s card would win.", column=column, name=state.name(winner)))
    if column == COLUMNS:
        state.phase = REVEAL


def _effect_reveal(state: State, action: Mapping[str, Any], by: Any) -> None:
    """The trumps become public; hints that the shown pair contradicts are listed (WS-X9/X10)."""
    given = action.get("colour") is not None or action.get("number") is not None
    shown = list(ws.parse_trumps(action.get("colour"), action.get("number"))) if given else state.trumps
    rule = "WS-X9" if state.options["trump_entry"] == "paper" else "WS-X10"
    if rule == "WS-X10" and shown != state.trumps:
        state.notes.append(Text("WS-X10: the trumps shown ({trumps}) differ from those entered.",
                                trumps="/".join(shown)))
    state.trumps, state.revealed = shown, True
    state.flags = [Text("{rule}: Column {column}: announced {announced}, correct {correct}.", rule=rule, column=c,
                        announced=state.name(col["hint"]), correct=state.name(hint_winner(state, c, shown)))
                   for c, col in enumerate(state.columns, 1) if hint_winner(state, c, shown) != col["hint"]]
    state.notes += state.flags
    if state.flags and state.options["wrong_hint"] == "void_round":
        state.notes.append(Text("A hint was wrong: the round is void and dealt again."))
        _start_round(state)
        return
    state.phase = TASKS


def _effect_choose_task(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _seat(state, action, by, None)
    state.tasks[str(seat)] = _chip_index(state, seat, action["chip"], "WS-K3")
    if len(state.tasks) == state.n - 1:
        state.tasks_shown = True
        state.notes.append(Text("All tasks are chosen and shown."))
        if state.options["entry_mode"] == "score_only":
            state.phase = RESULT
        else:
            state.phase, state.turn = PLAY, (state.dealer + 1) % state.n
            state.tricks = [{"leader": state.turn, "cards": [], "winner": None}]


def _effect_play(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = state.turn
    card = ws.parse_card(action["card"])
    trick = state.tricks[-1]
    trick["cards"].append([seat, card])
    state.played[card] = len(state.tricks)
    if len(trick["cards"]) < state.n:
        state.turn = (seat + 1) % state.n
        return
    trick["winner"] = trick["cards"][ws.winner_index(trick_cards(trick), state.trumps)][0]
    state.notes.append(Text("Trick {trick} goes to {name}.", trick=len(state.tricks), name=state.name(trick["winner"])))
    if len(state.tricks) < TRICKS:
        state.turn = trick["winner"]
        state.tricks.append({"leader": trick["winner"], "cards": [], "winner": None})
        return
    tricks = {s: sum(t["winner"] == s for t in state.tricks) for s in range(state.n)}
    took = {s: {card[0] for t in state.tricks if t["winner"] == s for card in trick_cards(t)}
            for s in range(state.n)}
    state.turn = None
    _score_round(state, tricks, took, state.tricks[-1]["winner"])


def _effect_round_result(state: State, action: Mapping[str, Any], by: Any) -> None:
    tricks = {s: read_int(t) for s, t in enumerate(action["tricks"])}
    took = _read_took(action.get("took"))
    _score_round(state, tricks, took, read_int(action["last"]))


def _score_round(state: State, tricks: dict[int, int], took: dict[int, set[str]], last: int) -> None:
    """Sections 5.4 and 5.5: tasks met, chips completed, the dealer's bonus."""
    needs = state.options["fewest_needs_trick"] == "yes"
    shown = {int(s): state.chips[int(s)][i]["type"] for s, i in state.tasks.items()}
    success = {s: ws.task_met(chip, s, tricks, took, last, needs) for s, chip in shown.items()}
    for seat, ok in success.items():
        if ok:
            state.chips[seat][state.tasks[str(seat)]]["done"] = True
    dealer = state.dealer
    bonus_mode = state.options["dealer_bonus"]
    if bonus_mode == "any_success":
        bonus = any(success.values())
        blocked = {shown[s] for s, ok in success.items() if ok}
    else:
        succeeded_types = {shown[s] for s, ok in success.items() if ok}
        bonus = any(not ok and ws.task_met(shown[s], dealer, tricks, took, last, needs)
                    and not (bonus_mode == "owner_failed_no_twin" and shown[s] in succeeded_types)
                    for s, ok in success.items())
        blocked = set()
    eligible = [i for i, chip in enumerate(state.chips[dealer]) if not chip["done"] and chip["type"] not in blocked]
    state.result = {"tricks": {str(s): n for s, n in tricks.items()}, "last": last,
                    "success": {str(s): ok for s, ok in success.items()},
                    "shown": {str(s): c for s, c in shown.items()},
                    "bonus": bonus, "flipped": None}
    state.scored += 1
    if bonus and len(eligible) == 1:
        _flip(state, eligible[0])
    elif bonus and eligible:
        state.phase, state.bonus_chips = FLIP, eligible
        return
    _end_of_round(state)


def _flip(state: State, index: int) -> None:
    state.chips[state.dealer][index]["done"] = True
    state.result["flipped"] = state.chips[state.dealer][index]["type"]
    state.notes.append(Text("The dealer {name} turns “{chip}”.", name=state.name(state.dealer),
                            chip=ws.CHIP_NAMES[state.result["flipped"]]))


def _effect_dealer_flip(state: State, action: Mapping[str, Any], by: Any) -> None:
    _flip(state, _chip_index(state, state.dealer, action["chip"], "WS-F2"))
    state.bonus_chips = []
    _end_of_round(state)


def _end_of_round(state: State) -> None:
    target = 4 if state.short else 5
    best = max(state.completed(s) for s in range(state.n))
    if best >= target or (state.short and state.scored >= 2 * state.n):
        _settle_winner(state)
    else:
        _start_round(state)


def _settle_winner(state: State) -> None:
    """Section 5.7: the most completed chips; a tie asks for the corner numbers."""
    best = max(state.completed(s) for s in range(state.n))
    tied = [s for s in range(state.n) if state.completed(s) == best]
    if len(tied) == 1:
        state.phase, state.winners = OVER, tied
        return
    missing = [s for s in tied if any(c["done"] and c["corner"] is None for c in state.chips[s])]
    if missing:
        state.phase = CORNERS
        state.notes.append(Text("{names} tie: enter the corner numbers of their completed chips.",
                                names=join_names([state.name(s) for s in tied])))
        return
    sums = {s: corner_sum(state, s) for s in tied}
    top = max(sums.values())
    state.phase, state.winners = OVER, [s for s in tied if sums[s] == top]


def ranking(state: State) -> list[dict]:
    """Section 5.7: the winners first, then the others by their corner sums (rank_others_by =
    corner_sum, where every number is known) or by completed chips; equal values share a place,
    numbered as in sport (1, 1, 3)."""
    others = [s for s in range(state.n) if s not in state.winners]
    by_corners = state.options["rank_others_by"] == "corner_sum" and \
        all(corner_sum(state, s) is not None for s in others)
    def key(seat: int) -> int:
        return corner_sum(state, seat) if by_corners else state.completed(seat)
    rows = [{"seat": s, "place": 1, "completed": state.completed(s), "corner_sum": corner_sum(state, s),
             "ranked_by": "winner"} for s in state.winners]
    ordered = sorted(others, key=key, reverse=True)
    for i, seat in enumerate(ordered):
        place = len(rows) + 1 if i == 0 or key(seat) != key(ordered[i - 1]) else rows[-1]["place"]
        rows.append({"seat": seat, "place": place, "completed": state.completed(seat),
                     "corner_sum": corner_sum(state, seat),
                     "ranked_by": "corner_sum" if by_corners else "completed"})
    return rows


def corner_sum(state: State, seat: int) -> int | None:
    corners = [c["corner"] for c in state.chips[seat] if c["done"]]
    return None if any(c is None for c in corners) else sum(corners)


def _effect_corner_numbers(state: State, action: Mapping[str, Any], by: Any) -> None:
    seat = _seat(state, action, by, None)
    for index, number in action["numbers"].items():
        state.chips[seat][read_int(index)]["corner"] = read_int(number)
    _settle_winner(state)


def _effect_end_early(state: State, action: Mapping[str, Any], by: Any) -> None:
    state.notes.append(Text("The table ends the game early: first place is settled."))
    _settle_winner(state)


EFFECTS = {
    "first_dealer": _effect_first_dealer,
    "chip_pick": _effect_chip_pick,
    "set_trumps": _effect_set_trumps,
    "layout": _effect_layout,
    "pick": _effect_pick,
    "dummy_card": _effect_dummy,
    "announce_hint": _effect_announce_hint,
    "enter_hint": _effect_enter_hint,
    "reveal": _effect_reveal,
    "choose_task": _effect_choose_task,
    "play": _effect_play,
    "dealer_flip": _effect_dealer_flip,
    "round_result": _effect_round_result,
    "corner_numbers": _effect_corner_numbers,
    "end_early": _effect_end_early,
}


# --------------------------------------------------------------------------- legal entries

HOST_ONLY = frozenset({"first_dealer"})
"""Entries only the host's phone may make (WS-X14: the host sets up the table)."""


def legal_entries(state: State) -> list[dict]:
    """Entries the rules allow now, as far as public information tells, for simulated phones
    and property tests; an empty list means the game is over.

    Who sends them: an entry with a "seat" passes from that seat's own phone as well as from the
    host's (the dealer enters trumps, hints, the reveal and the flip; each seat its task, picks
    and plays), except the HOST_ONLY ``first_dealer``, whose seat names the first dealer. Entries
    any phone makes for the table (layout, dummy card, paper hints, round result, early end)
    carry no seat and are sent by the host.

    Where the full set is large (trump pairs, layouts, round results, corner numbers) the list is
    a sample. It is restricted so that a random walk cannot loop: the trumps and the layout are
    entered once per round, each task once, and under ``wrong_hint = void_round`` hints and
    reveals are never wrong (a void round would be dealt again). A short game then ends within
    2N rounds; a full game ends once some seat completes 5 chips.
    """
    if state.phase == OVER:
        return []
    entries = _LEGAL_BY_PHASE[state.phase](state)
    if state.phase in (TRUMPS, DRAFT, TASKS) and _between_rounds(state) and _allowed(state, {"type": "end_early"}):
        entries.append({"type": "end_early"})
    return entries


def _allowed(state: State, action: Mapping[str, Any]) -> bool:
    return refused_rule(check, state, action, HOST) is None


def _legal_first_dealer(state: State) -> list[dict]:
    return [{"type": "first_dealer", "seat": seat} for seat in range(state.n)]


def _legal_chip_picks(state: State) -> list[dict]:
    due = (state.first_dealer + state.chip_picks) % state.n
    picks = [{"type": "chip_pick", "seat": due, "chip": chip} for chip in ws.CHIP_COPIES]
    return [pick for pick in picks if _allowed(state, pick)]


def _legal_trumps(state: State) -> list[dict]:
    return [{"type": "set_trumps", "seat": state.dealer, "colour": colour, "number": number}
            for colour, number in ws.TRUMP_PAIRS]


def _legal_draft(state: State) -> list[dict]:
    entries = []
    if state.layout is None and not _any_pick(state):
        entries.append({"type": "layout", "columns": _sample_layout(state)})
    column = current_column(state)
    picker = _next_picker(state, column)
    if picker is not None:
        entries += [{"type": "pick", "seat": picker, "card": card} for card in _free_cards(state, column)]
    elif state.n == 3 and state.columns[column - 1]["dummy"] is None:
        entries += [{"type": "dummy_card", "card": card} for card in _free_cards(state, column)]
    elif state.options["trump_entry"] == "app":
        entries.append({"type": "announce_hint", "seat": state.dealer})
    else:
        entries += [{"type": "enter_hint", "winner": winner} for winner in _paper_hints(state, column)]
    return entries


def _sample_layout(state: State) -> list[str]:
    """Nine columns of four: the 36 cards dealt in a different order each round."""
    order = random.Random(state.scored).sample(ws.CARDS, len(ws.CARDS))
    return [" ".join(order[column::COLUMNS]) for column in range(COLUMNS)]


def _free_cards(state: State, column: int) -> list[str]:
    taken = set(_taken(state))
    lying = state.layout[column - 1] if state.layout else ws.CARDS
    return [card for card in lying if card not in taken]


def _possible_trumps(state: State) -> list[tuple[str, str]]:
    """The trump pairs every hint given so far agrees with (paper mode: the dealer's secret)."""
    given = [number for number, col in enumerate(state.columns, 1) if col["hint"] is not None]
    return [pair for pair in ws.TRUMP_PAIRS
            if all(hint_winner(state, number, pair) == state.columns[number - 1]["hint"] for number in given)]


def _paper_hints(state: State, column: int) -> list[Any]:
    """Every possible winner; under void_round only those some trump pair agreeing with the
    earlier hints gives, so that the reveal can find every hint right."""
    if state.options["wrong_hint"] == "flag":
        return list(range(state.n)) + ([DUMMY] if state.n == 3 and state.options["hint_with_dummy"] == "yes" else [])
    winners = [hint_winner(state, column, pair) for pair in _possible_trumps(state)]
    return sorted(set(winners), key=str)


def _legal_reveal(state: State) -> list[dict]:
    """Mode app: the stored pair (and, where a wrong hint is only flagged, another pair shown,
    WS-X10). Mode paper: the pairs that agree with every hint (and under flag one that does not)."""
    reveal = {"type": "reveal", "seat": state.dealer}
    flag = state.options["wrong_hint"] == "flag"
    if state.options["trump_entry"] == "app":
        other = next(pair for pair in ws.TRUMP_PAIRS if list(pair) != state.trumps)
        return [reveal] + ([{**reveal, "colour": other[0], "number": other[1]}] if flag else [])
    agreeing = _possible_trumps(state)
    wrong = [pair for pair in ws.TRUMP_PAIRS if pair not in agreeing][:1] if flag else []
    return [{**reveal, "colour": colour, "number": number} for colour, number in agreeing + wrong]


def _legal_tasks(state: State) -> list[dict]:
    return [{"type": "choose_task", "seat": seat, "chip": index}
            for seat in range(state.n) if seat != state.dealer and str(seat) not in state.tasks
            for index, chip in enumerate(state.chips[seat]) if not chip["done"]]


def _legal_plays(state: State) -> list[dict]:
    trick = state.tricks[-1]
    lead = trick["cards"][0][1] if trick["cards"] else None
    cards = ws.legal_cards(hand(state, state.turn), lead, state.trumps, state.options["follow_model"])
    return [{"type": "play", "seat": state.turn, "card": card} for card in cards]


TRICK_PATTERNS = {3: ([3, 3, 3], [9, 0, 0], [4, 3, 2], [0, 1, 8]),
                  4: ([3, 2, 2, 2], [9, 0, 0, 0], [4, 3, 1, 1], [0, 1, 2, 6])}


def _legal_results(state: State) -> list[dict]:
    """Score only: a sample of trick counts (each pattern turned round the table), the last
    trick to the most or the fewest tricks won, with and without the colours taken."""
    results = []
    for pattern in TRICK_PATTERNS[state.n]:
        for turn in range(state.n):
            counts = pattern[turn:] + pattern[:turn]
            winners = [seat for seat in range(state.n) if counts[seat]]
            took = {str(seat): list(ws.COLOURS) for seat in winners if counts[seat] >= 2}
            for last in {max(winners, key=lambda s: counts[s]), min(winners, key=lambda s: counts[s])}:
                results += [{"type": "round_result", "tricks": counts, "last": last, "took": took},
                            {"type": "round_result", "tricks": counts, "last": last}]
    return [result for result in results if _allowed(state, result)]


def _legal_flips(state: State) -> list[dict]:
    return [{"type": "dealer_flip", "seat": state.dealer, "chip": index} for index in state.bonus_chips]


def _legal_corners(state: State) -> list[dict]:
    """The tied seats still missing corner numbers; each enters one of a few sets of numbers."""
    best = max(state.completed(s) for s in range(state.n))
    entries = []
    for seat in range(state.n):
        done = [i for i, chip in enumerate(state.chips[seat]) if chip["done"]]
        if state.completed(seat) == best and any(state.chips[seat][i]["corner"] is None for i in done):
            entries += [{"type": "corner_numbers", "seat": seat, "numbers": {str(i): number(i) for i in done}}
                        for number in (lambda i: 1, lambda i: 5, lambda i: i + 1)]
    return entries


_LEGAL_BY_PHASE = {
    FIRST_DEALER: _legal_first_dealer, CHIP_DRAFT: _legal_chip_picks, TRUMPS: _legal_trumps,
    DRAFT: _legal_draft, REVEAL: _legal_reveal, TASKS: _legal_tasks, PLAY: _legal_plays,
    RESULT: _legal_results, FLIP: _legal_flips, CORNERS: _legal_corners,
}


# --------------------------------------------------------------------------- what a phone sees

def view(state: State, viewer: Any = None) -> dict:
    """The board for ``viewer``. Trumps reach only the dealer's phone before the reveal; task
    choices only their own seat's until all are shown. Hands: one's own, or all for the host
    (the shared phone enters for everyone) and once the round's record is open."""
    dealer_sees = viewer == state.dealer and state.dealer is not None
    record_open = state.options["open_record"] == "yes" or state.phase in (FLIP, CORNERS, OVER)
    column = current_column(state) if state.columns else None
    players = []
    for seat, name in enumerate(state.players):
        chosen = state.tasks.get(str(seat))
        players.append({
            "seat": seat, "name": name, "dealer": seat == state.dealer,
            "chips": [dict(c) for c in state.chips[seat]], "completed": state.completed(seat),
            "task_chosen": chosen is not None,
            "task": chosen if chosen is not None and (state.tasks_shown or viewer == seat) else None,
            "hand": hand(state, seat) if state.picked and (viewer in (seat, HOST) or record_open) else None,
            "hand_size": len(hand(state, seat)) if state.picked else 0,
            "tricks": sum(t["winner"] == seat for t in state.tricks),
        })
    hint_for_dealer = None
    if dealer_sees and state.phase == DRAFT and state.options["trump_entry"] == "app" and column <= COLUMNS \
            and _column_complete(state, column):
        hint_for_dealer = hint_winner(state, column, state.trumps)
    return {
        "game": GAME_ID, "title": TITLE, "options": dict(state.options), "phase": state.phase,
        "round": state.scored + 1, "dealer": state.dealer, "first_dealer": state.first_dealer,
        "pool": dict(state.pool), "chip_names": ws.CHIP_NAMES, "chip_turn": (state.first_dealer + state.chip_picks) % state.n
        if state.phase == CHIP_DRAFT else None,
        "trumps": state.trumps if (state.revealed or dealer_sees) else None, "revealed": state.revealed,
        "trumps_entered": state.trumps is not None,
        "layout": state.layout, "column": column,
        "columns": [_column_view(state, c, number, column, record_open) for number, c in enumerate(state.columns, 1)],
        "next_picker": _next_picker(state, column) if state.phase == DRAFT and column and column <= COLUMNS else None,
        "hint_for_dealer": hint_for_dealer, "taken": _taken(state),
        "turn": state.turn, "tricks": _tricks_view(state, record_open), "tasks_shown": state.tasks_shown,
        "players": players, "result": state.result, "bonus_chips": list(state.bonus_chips),
        "flags": list(state.flags), "winners": list(state.winners), "notes": list(state.notes),
        "ranking": ranking(state) if state.phase == OVER else [],
        "took_questions": took_questions(state) if state.phase == RESULT else [],
        "colour_names": ws.COLOUR_NAMES,
        "actions": allowed(state, viewer),
    }


def took_questions(state: State) -> list[dict]:
    """What a score-only result must say besides tricks (section 5.4): for each shown "no
    <colour>" task, whether its owner took a card of that colour, and whether the dealer did
    (the dealer's bonus is met by meeting another player's task)."""
    asked = []
    for seat, chosen in sorted(state.tasks.items(), key=lambda item: int(item[0])):
        chip = state.chips[int(seat)][chosen]["type"]
        if chip.startswith("NO_"):
            asked += [{"seat": s, "colour": chip[3]} for s in dict.fromkeys([int(seat), state.dealer])]
    return asked


def _column_view(state: State, col: dict, number: int, current: int, record_open: bool) -> dict:
    visible = record_open or number == current
    return {"picks": col["picks"] if visible else None, "dummy": col["dummy"] if visible else None,
            "hint": col["hint"]}


def _taken(state: State) -> list[str]:
    """Cards already picked this round (the layout shows them as gone): public at the table."""
    return [card for col in state.columns for _, card in col["picks"]] + \
        [col["dummy"] for col in state.columns if col["dummy"]]


def _tricks_view(state: State, record_open: bool) -> list[dict]:
    if record_open:
        return [dict(t) for t in state.tricks]
    done = [t for t in state.tricks if t["winner"] is not None]
    current = [t for t in state.tricks if t["winner"] is None]
    return [dict(t) for t in done[-1:] + current]


def allowed(state: State, viewer: Any) -> list[dict]:
    """The entries ``viewer`` may make now, and (WS-G1) ending a settled short game early."""
    if viewer is None or state.phase == OVER:
        return []
    entries = _phase_actions(state, viewer)
    if _allowed(state, {"type": "end_early"}):
        entries.append({"type": "end_early", "seat": None})
    return entries


def _phase_actions(state: State, viewer: Any) -> list[dict]:
    host = viewer == HOST
    phase = state.phase
    if phase == FIRST_DEALER:
        return [{"type": "first_dealer", "seat": None}] if host else []
    if phase == CHIP_DRAFT:
        return [{"type": "chip_pick", "seat": (state.first_dealer + state.chip_picks) % state.n}]
    if phase == TRUMPS:
        return [{"type": "set_trumps", "seat": state.dealer}] if viewer in (HOST, state.dealer) else []
    if phase == DRAFT:
        return _draft_actions(state, viewer)
    if phase == REVEAL:
        return [{"type": "reveal", "seat": state.dealer}] if viewer in (HOST, state.dealer) or \
            state.options["trump_entry"] == "paper" else []
    if phase == TASKS:
        seats = [s for s in range(state.n) if s != state.dealer and (host or s == viewer)]
        return [{"type": "choose_task", "seat": s} for s in seats]
    if phase == PLAY:
        return [{"type": "play", "seat": state.turn}] if viewer in (HOST, state.turn) else []
    if phase == RESULT:
        return [{"type": "round_result", "seat": None}]
    if phase == FLIP:
        return [{"type": "dealer_flip", "seat": state.dealer}] if viewer in (HOST, state.dealer) else []
    if phase == CORNERS:
        return [{"type": "corner_numbers", "seat": s} for s in range(state.n) if host or s == viewer]
    return []


def _draft_actions(state: State, viewer: Any) -> list[dict]:
    column = current_column(state)
    found = []
    if state.layout is None and not _any_pick(state):
        found.append({"type": "layout", "seat": None})
    if column > COLUMNS:
        return found
    picker = _next_picker(state, column)
    if picker is not None:
        found.append({"type": "pick", "seat": picker})
    elif state.n == 3 and state.columns[column - 1]["dummy"] is None:
        found.append({"type": "dummy_card", "seat": None})
    elif state.options["trump_entry"] == "app":
        if viewer in (HOST, state.dealer):
            found.append({"type": "announce_hint", "seat": state.dealer})
    else:
        found.append({"type": "enter_hint", "seat": None})
    return found


def describe(state: State, action: Mapping[str, Any], by: Any = None) -> Text:
    """One line for the history. Secret entries say only that they were made."""
    kind = action.get("type")
    seat = read_int(action.get("seat")) if action.get("seat") is not None else by
    who = state.players[seat] if isinstance(seat, int) and 0 <= seat < state.n else "?"
    if kind == "set_trumps":
        return Text("The dealer entered the trumps")
    if kind == "choose_task":
        return Text("{who} chose a task", who=who)
    if kind == "chip_pick":
        chip = str(action.get("chip"))[:12]
        return Text("Chip taken: {chip}", chip=ws.CHIP_NAMES.get(chip, chip))
    if kind == "pick":
        return Text("Picked {card}", card=str(action.get("card"))[:4])
    if kind == "dummy_card":
        return Text("The dummy takes {card}", card=str(action.get("card"))[:4])
    if kind == "play":
        return Text("{who} played {card}", who=state.name(state.turn) if state.turn is not None else "?",
                    card=str(action.get("card"))[:4])
    if kind == "reveal":
        return Text("The trumps are revealed")
    if kind in ("announce_hint", "enter_hint"):
        return Text("Hint for column {column}", column=current_column(state) if state.columns else "?")
    if kind == "first_dealer":
        return Text("{who} deals first", who=who)
    if kind == "layout":
        return Text("The layout is entered")
    if kind == "dealer_flip":
        return Text("The dealer turns a chip")
    if kind == "round_result":
        return Text("The round's result is entered")
    if kind == "corner_numbers":
        return Text("{who}'s corner numbers", who=who)
    if kind == "end_early":
        return Text("The game ends early")
    return Text("{kind}", kind=str(kind))
