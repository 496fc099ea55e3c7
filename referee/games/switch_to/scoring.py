"""Switch To: scoring a round and ending the game (sections 5.3 and 5.4)."""

from __future__ import annotations

from typing import Any

from ..base import Text, counted, join_names, known, signed
from ..cards import parse_card
from .state import GAME_END_TOTAL, OVER, SETUP, TOKEN_PENALTY, State


def score_hand(cards: list[str], play_tokens: int, wild_tokens: int) -> int:
    """Minus the distinct ranks in hand, minus 10 for any play token and 10 for any wild token."""
    parts = penalty_parts(cards, play_tokens, wild_tokens)
    total: int = parts["ranks_total"] + parts["play"] + parts["wild"]
    return total


def penalty_parts(cards: list[str], play_tokens: int, wild_tokens: int) -> dict[str, Any]:
    """The parts of a hand's penalty, as the board shows them: the distinct ranks and their sum,
    and the play-token and wild-token penalties (0 or -10 each)."""
    ranks = sorted({parse_card(code).rank for code in cards})
    return {
        "ranks": ranks,
        "ranks_total": -sum(ranks),
        "play": -TOKEN_PENALTY if play_tokens > 0 else 0,
        "wild": -TOKEN_PENALTY if wild_tokens > 0 else 0,
    }


def score_if_declared(state: State) -> None:
    """Once every hand is declared, score the round; then the next round, or the game is over."""
    if any(p.declared is None for p in state.players):
        return
    for player in state.players:
        player.round_score = score_hand(known(player.declared), player.play, player.wild)
        player.scores.append(player.round_score)
    state.phase = OVER if game_is_over(state) else SETUP


def game_is_over(state: State) -> bool:
    rounds = len(state.players[0].scores)
    return rounds >= state.seat_count or any(p.total <= GAME_END_TOTAL for p in state.players)


def winners(state: State) -> list[int]:
    """Seats with the highest total (least penalty); several share the win."""
    best = max(p.total for p in state.players)
    return [s for s, p in enumerate(state.players) if p.total == best]


def end_reason(view: dict[str, Any]) -> Text:
    """Section 5.4, read off the board: a round per player played, else a total at -50 or lower."""
    players = view["players"]
    rounds = len(players[0]["scores"])
    if rounds >= len(players):
        return counted(
            "{n} round played, one per player: the game ends.",
            "{n} rounds played, one per player: the game ends.",
            rounds,
        )
    low = [p for p in players if p["total"] <= GAME_END_TOTAL]
    if len(low) == 1:
        return Text(
            "{name} reached {total}; {limit} ends the game.",
            name=low[0]["name"],
            total=signed(low[0]["total"]),
            limit=signed(GAME_END_TOTAL),
        )
    return Text(
        "{names} reached {limit} or lower; that ends the game.",
        limit=signed(GAME_END_TOTAL),
        names=join_names([f"{p['name']} ({signed(p['total'])})" for p in low]),
    )
