"""Switch To: scoring a round and ending the game (sections 5.3 and 5.4)."""
from __future__ import annotations

from ..cards import parse_card
from .state import GAME_END_TOTAL, OVER, SETUP, TOKEN_PENALTY, State


def score_hand(cards: list[str], play_tokens: int, wild_tokens: int) -> int:
    """Minus the distinct ranks in hand, minus 10 for any play token and 10 for any wild token."""
    parts = penalty_parts(cards, play_tokens, wild_tokens)
    return parts["ranks_total"] + parts["play"] + parts["wild"]


def penalty_parts(cards: list[str], play_tokens: int, wild_tokens: int) -> dict:
    """The parts of a hand's penalty, as the board shows them: the distinct ranks and their sum,
    and the play-token and wild-token penalties (0 or -10 each)."""
    ranks = sorted({parse_card(code).rank for code in cards})
    return {"ranks": ranks, "ranks_total": -sum(ranks),
            "play": -TOKEN_PENALTY if play_tokens > 0 else 0, "wild": -TOKEN_PENALTY if wild_tokens > 0 else 0}


def score_if_declared(state: State) -> None:
    """Once every hand is declared, score the round; then the next round, or the game is over."""
    if any(p.declared is None for p in state.players):
        return
    for player in state.players:
        player.round_score = score_hand(player.declared, player.play, player.wild)
        player.scores.append(player.round_score)
    state.phase = OVER if game_is_over(state) else SETUP


def game_is_over(state: State) -> bool:
    rounds = len(state.players[0].scores)
    return rounds >= state.seat_count or any(p.total <= GAME_END_TOTAL for p in state.players)


def winners(state: State) -> list[int]:
    """Seats with the highest total (least penalty); several share the win."""
    best = max(p.total for p in state.players)
    return [s for s, p in enumerate(state.players) if p.total == best]
