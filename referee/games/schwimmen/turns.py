"""Who may enter what, and how a turn moves on (SC-R1 to SC-R3, SC-R8, SC-R15, section 5.2).

Every move's ``ready`` starts here: the game is not over, the phone may make the entry, the seat
is still in the game, the round is in the right phase and it is that seat's turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import HOST, By, Refusal, Text, known, not_yours, read_int, unreadable
from ..cards import parse_card
from ..game import Move
from .showdown import to_showdown
from .state import DEALER_CHOICE, EXCHANGE, FIRST_DEALER, LAYOUT, OVER, REFRESH, SHOWDOWN, State


class SchwimmenMove(Move[State]):
    """A Schwimmen entry: ``ready`` for the seat it names, then its ``rules`` (the kit's
    ``checks``). ``acting_seat`` is the seat a player's entry is for, which its effect reads from
    the entry's ``seat``: a phone may leave it out for its own seat, the host for the player on
    turn (None, the kit's: a table entry, for no seat). A history line is about the seat named,
    else the phone's, else the player on turn (``subject``), a table entry's too."""

    def subject(self, state: State, action: Mapping[str, Any], by: By | None) -> int | None:
        seat = read_int(action.get("seat")) if action.get("seat") is not None else None
        if seat is None:
            return by if isinstance(by, int) else state.turn
        return seat


def not_over(state: State) -> None:
    if state.phase == OVER:
        raise Refusal("SC-R2", "The game is over.", overridable=False)


def entering_seat(state: State, named: Any, by: By, default: int | None) -> int:
    """The seat an entry is for: the phone's own seat, or the one the host names (default:
    the player whose turn it is). SC-R15: an eliminated player enters nothing."""
    if by == HOST:
        seat = read_int(named) if named is not None else default
        if seat is None or isinstance(named, bool) or not 0 <= seat < state.seat_count:
            raise unreadable("Say which seat this entry is for.")
    elif isinstance(by, int) and 0 <= by < state.seat_count:
        seat = by
        if named is not None and read_int(named) != by:
            if read_int(named) in range(state.seat_count):
                raise not_yours(
                    "SC-R1",
                    "Only {name} (or the host) can make {name}'s entries.",
                    name=state.players[known(read_int(named))],
                )
            raise not_yours("SC-R1", "You can make entries only for your own seat.")
    else:
        raise not_yours("SC-R1", "Only a player at this table (or the host) can make entries.")
    if state.out[seat]:
        raise Refusal("SC-R15", "You are out of this game.", overridable=False)
    return seat


def check_table_entry(state: State, by: By) -> None:
    """Table entries (the cards turned up) come from any phone at the table whose player is still
    in the game (SC-R15: an eliminated player enters nothing)."""
    if by != HOST and not (isinstance(by, int) and 0 <= by < state.seat_count):
        raise not_yours("SC-R1", "Only a player at this table (or the host) can make entries.")
    if by != HOST and state.out[by]:
        raise Refusal("SC-R15", "You are out of this game.", overridable=False)


def method_message(state: State) -> Text:
    if state.options["exchange"] == "draw_discard":
        return Text("At this table you draw and discard; there is no centre to swap with.")
    return Text("At this table you swap with the centre; there is no drawing and discarding.")


def check_turn(state: State, named: Any, by: By, kind: str) -> int:
    """SC-R1, SC-R2, SC-R3 for the entries of a turn; returns the seat."""
    not_over(state)
    seat = entering_seat(state, named, by, state.turn)
    if state.phase in (FIRST_DEALER, DEALER_CHOICE, LAYOUT):
        if state.commerce:
            raise Refusal("SC-R2", "The centre cards have not been laid out yet.", overridable=False)
        raise Refusal("SC-R2", "The first discard has not been turned up yet.", overridable=False)
    if state.phase == REFRESH:
        raise Refusal("SC-R2", "Everyone passed: lay out the new centre first.", overridable=False)
    if state.phase == SHOWDOWN:
        raise Refusal("SC-R2", "The round is at the showdown: reveal your hand.", overridable=False)
    commerce_only = kind in ("swap_one", "swap_all", "pass")
    if (commerce_only and not state.commerce) or (kind == "draw_discard" and state.commerce):
        raise Refusal("SC-R3", method_message(state), overridable=False)
    if seat != state.turn:
        # SC-R1 stays overridable: the named seat acts (the effect); the move's components make it
        # firm when the cards it moves are not there.
        raise Refusal("SC-R1", "It is {name}'s turn.", name=state.players[known(state.turn)])
    return seat


def check_first_turn(state: State, seat: int, on_turn: bool) -> None:
    """SC-R8: who may end the round on a first turn."""
    rule = state.options["first_turn_close"]
    first = state.turns_taken[seat] == (0 if on_turn else 1)
    if rule == "dealer_only" and first and seat != state.dealer:
        raise Refusal("SC-R8", "You cannot close on your first turn.")
    if rule == "none" and any(state.turns_taken[s] == 0 for s in state.active() if s != seat or on_turn):
        raise Refusal("SC-R8", "Nobody may close before everyone has had a turn.")


class TurnMove(SchwimmenMove):
    """An entry of the player on turn: swap_one, swap_all, pass, close, draw_discard."""

    def acting_seat(self, state: State, action: Mapping[str, Any], by: By) -> int:
        return entering_seat(state, action.get("seat"), by, state.turn)

    def ready(self, state: State, seat: int | None, by: By) -> None:
        check_turn(state, seat, by, self.type)


# --------------------------------------------------------------------------- the turn moves on


def start_exchanges(state: State) -> None:
    state.phase = EXCHANGE
    state.turn = state.next_active(known(state.dealer))


def after_turn(state: State, seat: int, *, passed: bool = False, closed: bool = False) -> None:
    """Count passes, refresh the centre after a full circle of passes, move the turn on, and
    go to the showdown when the turn comes back to the closer. A turn that was neither a pass
    nor a close was an exchange: its player may still lay down 31 (SC-R10)."""
    state.turns_taken[seat] += 1
    state.last_actor = seat
    state.last_exchange = None if passed or closed else seat
    state.passes = state.passes + 1 if passed else 0
    state.turn = state.next_active(seat)
    if state.closer is not None and last_turns_done(state):
        to_showdown(state)
        return
    if passed and state.passes == len(state.active()):
        everyone_passed(state)
    else:
        note_a_7_8_9_centre(state)


def last_turns_done(state: State) -> bool:
    """After a close every other player takes one more turn, counted from the close (5.2): the
    round ends when the turn would come to ``ends_at`` again, the closer or, for a hand shown as
    the close during another player's turn, that player. A hand laid open takes no turn: the
    shower's is skipped."""
    ends_at = state.closer if state.ends_at is None else state.ends_at  # a state stored before ends_at
    turn = state.turn
    if turn is not None and turn == state.closer != ends_at:
        state.turn = turn = state.next_active(turn)
    return turn == ends_at


def everyone_passed(state: State) -> None:
    """SC-E10/E11: the centre is set aside; a new one is turned up (after a reshuffle if needed)."""
    state.passes = 0
    if put_the_centre_aside(state, Text("Everyone passed and the stock is short: showdown.")):
        state.phase = REFRESH
        state.notes.append(Text("Everyone passed: turn up a new centre."))


def may_ask_for_a_new_centre(state: State) -> bool:
    """House rule ``seven_eight_nine = replace`` (SC-R12, SC-E24): while a 7, an 8 and a 9 lie open
    in the centre, the player on turn may ask for a new centre before acting; nobody must. With a
    short stock that the table does not reshuffle (``stock_exhausted = showdown``) there is no new
    centre to turn up, and asking would end the round, which the house rule never does."""
    if state.options["seven_eight_nine"] != "replace" or state.phase != EXCHANGE:
        return False
    if sorted(parse_card(card).rank for card in state.centre) != [7, 8, 9]:
        return False
    return state.stock >= 3 or state.options["stock_exhausted"] != "showdown"


def note_a_7_8_9_centre(state: State) -> None:
    if may_ask_for_a_new_centre(state) and state.turn is not None:
        state.notes.append(
            Text("A 7, an 8 and a 9 lie open: {name} may ask for a new centre.", name=state.players[state.turn])
        )


def put_the_centre_aside(state: State, short: Text | None) -> bool:
    """The centre goes to set_aside, so that a new one can be turned up. A stock short of three
    cards is first refilled with the set-aside cards, or (stock_exhausted = showdown) the round
    goes to the showdown with the note ``short``: then False."""
    state.set_aside += state.centre
    state.centre = []
    if state.stock < 3:
        if state.options["stock_exhausted"] == "showdown":
            if short is not None:
                state.notes.append(short)
            to_showdown(state)
            return False
        state.stock += len(state.set_aside)
        state.stock_known, state.set_aside = state.stock_known + state.set_aside, []
        state.notes.append(Text("The set-aside cards were shuffled into the stock."))
    return True
