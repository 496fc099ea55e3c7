"""Was Sticht: what a phone sees (section 3), and the round strip read off it.

Trumps reach only the dealer's phone before the reveal; task choices only their own seat's until
all are shown. Hands: one's own, or all for the host (the shared phone enters for everyone) and
once the round's record is open. Besides the state, the view carries what the board's forms need
and must not work out for themselves (the cards, the trump piles, who a hint may name)."""

from __future__ import annotations

from typing import Any

from ..base import HOST, Viewer, known
from ..game import RoundInfo
from . import rules as ws
from .hints import hint_winner, hint_winners
from .play import led_card
from .result import took_questions
from .scoring import corners_asked, ranking
from .state import (
    CHIP_DRAFT,
    COLUMNS,
    CORNER_RANGE,
    CORNERS,
    DRAFT,
    FLIP,
    GAME_ID,
    OVER,
    PLAY,
    RESULT,
    TITLE,
    TRICKS,
    State,
    any_pick,
    chip_turn,
    column_shown,
    column_complete,
    current_column,
    hand,
    is_record_open,
    next_picker,
    shown_tricks,
    taken,
)


def board(state: State, viewer: Viewer, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The board for ``viewer``, with the entries it may make now (``actions``)."""
    dealer_sees = viewer == state.dealer and state.dealer is not None
    record_open = is_record_open(state)
    column = current_column(state) if state.columns else None
    return {
        "game": GAME_ID,
        "title": TITLE,
        "options": dict(state.options),
        "phase": state.phase,
        "round": state.scored + 1,
        "dealer": state.dealer,
        "first_dealer": state.first_dealer,
        "pool": dict(state.pool),
        "chip_names": ws.CHIP_NAMES,
        "chip_turn": chip_turn(state) if state.phase == CHIP_DRAFT else None,
        "trumps": state.trumps if (state.revealed or dealer_sees) else None,
        "revealed": state.revealed,
        "trumps_entered": state.trumps is not None,
        "layout": state.layout,
        "column": column,
        "columns": [column_view(state, c, number, column, record_open) for number, c in enumerate(state.columns, 1)],
        "next_picker": next_picker(state, column) if state.phase == DRAFT and column and column <= COLUMNS else None,
        "hint_for_dealer": hint_for_dealer(state, dealer_sees, column),
        "taken": taken_in_card_order(state),
        "turn": state.turn,
        "tricks": tricks_view(state, record_open),
        "tasks_shown": state.tasks_shown,
        "players": [player_view(state, seat, viewer, record_open) for seat in range(state.n)],
        "playable": playable(state, viewer, record_open),
        "result": state.result,
        "last_round_tricks": last_round_tricks(state),
        "trump_cards": trump_cards(state),
        "bonus_chips": list(state.bonus_chips),
        "flags": list(state.flags),
        "winners": list(state.winners),
        "notes": list(state.notes),
        "ranking": ranking(state) if state.phase == OVER else [],
        "corners_asked": [{"seat": seat, "chips": chips} for seat, chips in corners_asked(state).items()],
        "took_questions": took_questions(state) if state.phase == RESULT else [],
        "colour_names": ws.COLOUR_NAMES,
        **form_fields(state, column),
        "actions": actions,
    }


def board_then(state: State, viewer: Viewer, actions: list[dict[str, Any]], now: State) -> dict[str, Any]:
    """The board as it stood at ``state`` (a correction page's), showing no more of the round's
    record than the board at ``now`` does: the column then picked only while it still is, the
    tricks then shown only while they still are (section 3)."""
    view = board(state, viewer, actions)
    if not column_shown(state, now):
        column = current_column(state)
        if column <= COLUMNS:
            view["columns"][column - 1].update(picks=None, dummy=None)
        view["current_column"] = None
    if not (is_record_open(now) or state.scored != now.scored):
        still = set(shown_tricks(now))
        then = range(1, len(state.tricks) + 1) if is_record_open(state) else shown_tricks(state)
        view["tricks"] = [dict(state.tricks[n - 1]) for n in then if n in still]
    return view


def taken_in_card_order(state: State) -> list[str]:
    """The cards taken, in the pack's order: in the order they were taken they would tell, with
    the public pick order, who took which while the record is closed."""
    gone = set(taken(state))
    return [card for card in ws.CARDS if card in gone]


def player_view(state: State, seat: int, viewer: Viewer, record_open: bool) -> dict[str, Any]:
    chosen = state.tasks.get(str(seat))
    return {
        "seat": seat,
        "name": state.players[seat],
        "dealer": seat == state.dealer,
        "chips": [dict(c) for c in state.chips[seat]],
        "completed": state.completed(seat),
        "task_chosen": chosen is not None,
        "task": chosen if chosen is not None and (state.tasks_shown or viewer == seat) else None,
        "hand": hand(state, seat) if state.picked and (viewer in (seat, HOST) or record_open) else None,
        "hand_size": len(hand(state, seat)) if state.picked else 0,
        "tricks": sum(t["winner"] == seat for t in state.tricks),
    }


def playable(state: State, viewer: Viewer, record_open: bool) -> list[str] | None:
    """The cards the seat in turn may play now, where this phone sees its hand: the board marks
    the others instead of letting the seat find out by a refusal (issue 16)."""
    if state.phase != PLAY or not (viewer in (state.turn, HOST) or record_open):
        return None
    return ws.legal_cards(hand(state, known(state.turn)), led_card(state), state.trumps, state.options["follow_model"])


def trump_cards(state: State) -> list[str]:
    """Every card that is a trump, once the trumps are public (the board marks them)."""
    if not state.revealed or state.trumps is None:
        return []
    return [card for card in ws.CARDS if ws.is_trump(card, state.trumps)]


def last_round_tricks(state: State) -> dict[str, int] | None:
    """The tricks each seat took in the round just scored, until the next round's first entry
    (trumps, a pick, the layout or a task): the table reads them off the board, not off paper."""
    if not state.result:
        return None
    scoring = state.phase in (FLIP, CORNERS, OVER)
    started = state.trumps is not None or state.layout is not None or any_pick(state) or bool(state.tasks)
    return dict(state.result["tricks"]) if scoring or not started else None


def form_fields(state: State, column: int | None) -> dict[str, Any]:
    """What the entry forms offer, from the rules rather than from the template: the 36 cards in
    rows by colour, the two trump piles (``no_trump``: the card "none" of each), the tricks of a
    round, the corner numbers' range, who a paper hint may name, the column being picked and the
    trick being played."""
    in_draft = state.phase == DRAFT and column is not None and column <= COLUMNS
    picking = state.columns[known(column) - 1] if in_draft else None
    return {
        "card_rows": [[card for card in ws.CARDS if card[0] == colour] for colour in ws.COLOURS],
        "trump_colours": list(ws.COLOURS + ws.NO),
        "trump_numbers": list("123456789" + ws.NO),
        "no_trump": ws.NO,
        "tricks_per_round": TRICKS,
        "corner_range": list(CORNER_RANGE),
        "hint_winners": hint_winners(state),
        "current_column": {"picks": picking["picks"], "dummy": picking["dummy"]} if picking else None,
        "trick_number": len(state.tricks) if state.phase == PLAY else None,
    }


def hint_for_dealer(state: State, dealer_sees: bool, column: int | None) -> Any:
    if not (dealer_sees and state.phase == DRAFT and state.options["trump_entry"] == "app"):
        return None
    current = known(column)
    if current <= COLUMNS and column_complete(state, current):
        return hint_winner(state, current, state.trumps)
    return None


def column_view(
    state: State, col: dict[str, Any], number: int, current: int | None, record_open: bool
) -> dict[str, Any]:
    visible = record_open or number == current
    return {"picks": col["picks"] if visible else None, "dummy": col["dummy"] if visible else None, "hint": col["hint"]}


def tricks_view(state: State, record_open: bool) -> list[dict[str, Any]]:
    shown = range(1, len(state.tricks) + 1) if record_open else shown_tricks(state)
    return [dict(state.tricks[n - 1]) for n in shown]


def round_info(view: dict[str, Any]) -> RoundInfo:
    """Round, dealer and whose turn it is: the player to play, the picker, the chip taker, or the
    dealer (trumps, reveal, flip)."""
    phase = view["phase"]
    turn = {
        "play": view["turn"],
        "draft": view["next_picker"],
        "chip_draft": view["chip_turn"],
        "trumps": view["dealer"],
        "reveal": view["dealer"],
        "flip": view["dealer"],
    }.get(phase)
    # the round is scored (the next one's number is in "round") while the dealer turns a chip too
    number = view["round"] - 1 if phase in ("over", "corners", "flip") else view["round"]
    return RoundInfo("Round", max(number, 1), dealer=view["dealer"], turn=turn)
