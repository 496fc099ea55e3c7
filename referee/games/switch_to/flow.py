"""Switch To: the turn flow and the end of a round (sections 5.1 and 5.2), shared by the entries."""

from __future__ import annotations

from ..base import Refusal, Text
from .scoring import score_if_declared
from .state import DECLARE, PLAY, Player, State

PLAY_TOKENS_AT_0 = Text("Play tokens stopped at 0.")
WILD_TOKENS_AT_0 = Text("Wild tokens stopped at 0.")
HAND_AT_0 = Text("Cards in hand stopped at 0.")


def spend(state: State, have: int, cost: int, note: Text) -> int:
    """Take ``cost`` from a count; a ruling can ask for more than there is, so stop at zero
    (and say so with ``note``)."""
    if cost > have:
        state.notes.append(note)
        return 0
    return have - cost


def flip(state: State, player: Player, chosen: str | None) -> None:
    """Turn one token over: play to wild, or wild to play (ST-R15)."""
    if chosen == "play_to_wild":
        player.play = spend(state, player.play, 1, PLAY_TOKENS_AT_0)
        player.wild += 1
    elif chosen == "wild_to_play":
        player.wild = spend(state, player.wild, 1, WILD_TOKENS_AT_0)
        player.play += 1


def check_flip_held(play_tokens: int, wild_tokens: int, chosen: str) -> None:
    """ST-R15: not overridable: a flip turns a token the player holds; flipping one not held would
    make a token (section 2: tokens are two-sided, a flip never adds one)."""
    if chosen == "play_to_wild" and play_tokens < 1:
        raise Refusal("ST-R15", "You have no play token to flip.", overridable=False)
    if chosen == "wild_to_play" and wild_tokens < 1:
        raise Refusal("ST-R15", "You have no wild token to flip.", overridable=False)


def begin_play(state: State, seat: int) -> None:
    state.phase, state.turn, state.tied = PLAY, seat, []


def clear_table(state: State) -> None:
    """The table flows away: E2 if a hand is empty, else the leader leads."""
    state.top = state.top_by = None
    state.passes = state.idle_passes = 0
    if any(p.hand == 0 for p in state.players):
        end_round(state, "E2")
    elif state.leader is not None:  # a ruled clear before anyone played keeps the turn
        state.turn = state.leader


def no_play_token_left(state: State) -> bool:
    """E1: nobody holds a play token (wild tokens do not count)."""
    return all(p.play == 0 for p in state.players)


def end_round(state: State, reason: str) -> None:
    """The round is over (E1, E2 or the host's ruling): hands are declared next; an empty hand has
    nothing to declare, so the app declares it."""
    state.phase, state.end_reason, state.turn = DECLARE, reason, None
    for player in state.players:
        if player.hand == 0:
            player.declared = []
    score_if_declared(state)
