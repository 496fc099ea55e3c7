"""Switch To: the board as a phone may see it, and the round strip read off it."""

from __future__ import annotations

from typing import Any

from ..base import Viewer
from ..cards import SUITS
from ..game import RoundInfo
from .declare import cards_taken, proposed_hand
from .notation import card_order, round_suits
from .play import beating_ranks
from .predict import short_of_tokens
from .scoring import penalty_parts, winners
from .state import DECLARE, FLIPS, GAME_ID, MAX_PREDICTION, OVER, PLAY, RANKS, SETUP, TITLE, WILD_RANKS, Player, State


def board(state: State, viewer: Viewer, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The board as ``viewer`` (a seat, HOST or None for a watcher) may see it; ``actions`` are
    the game's offers to that phone.

    Predictions stay hidden until all are in, except from the seat that made them (also when
    the host ends a round before everyone has predicted: those predictions are never revealed).
    """
    revealed = all(p.prediction is not None for p in state.players)
    proposal = proposed_hand(state)
    return {
        "game": GAME_ID,
        "title": TITLE,
        "options": dict(state.options),
        "phase": state.phase,
        "round": state.round,
        "rounds": state.seat_count,
        "removed_suit": state.removed_suit,
        "players": [player_view(seat, p, revealed or viewer == seat) for seat, p in enumerate(state.players)],
        "turn": state.turn,
        "tied": list(state.tied),
        "top": top_view(state),
        "passes": state.passes,
        "played": sorted(state.played, key=card_order),
        "end_reason": state.end_reason,
        "notes": list(state.notes),
        "short": short_of_tokens(state),
        "proposal": {"seat": proposal[0], "cards": proposal[1]} if proposal else None,
        "winners": winners(state) if state.phase == OVER else [],
        "actions": actions,
        **entry_choices(state),
    }


def player_view(seat: int, p: Player, shows_prediction: bool) -> dict[str, Any]:
    return {
        "seat": seat,
        "name": p.name,
        "hand": p.hand,
        "play": p.play,
        "wild": p.wild,
        "predicted": p.prediction is not None,
        "prediction": p.prediction if shows_prediction else None,
        "declared": p.declared,
        "round_score": p.round_score,
        "penalty": scored_penalty(p),
        "scores": list(p.scores),
        "total": p.total,
        "must_pass": must_pass(p),
        "may_use_wild": p.wild > 0,
        "flips": [flip for flip, token in zip(FLIPS, (p.play, p.wild)) if token > 0],
    }


def scored_penalty(p: Player) -> dict[str, Any] | None:
    """A scored hand's penalty in the parts section 5.3 adds up (distinct ranks, a play token, a
    wild token), shown until the next round starts; None before the round is scored."""
    if p.round_score is None or p.declared is None:
        return None
    return penalty_parts(p.declared, p.play, p.wild)


def must_pass(p: Player) -> str | None:
    """Why a player can only pass (ST-R5, ST-R7), or None."""
    if p.play < 1:
        return "no_play_token"
    if p.hand < 1:
        return "empty_hand"
    return None


def top_view(state: State) -> dict[str, Any] | None:
    """The top play; a follow has ``same`` cards with a higher one or ``more`` with a lower one."""
    if not state.top:
        return None
    size = len(state.top)
    return {"cards": list(state.top), "by": state.top_by, "same": size, "more": size + 1}


def entry_choices(state: State) -> dict[str, Any]:
    """What the entry forms choose from: the cards of this round, wild ranks, prediction values,
    the suits a 2-player round may remove, the cards no declared hand can hold, who is still to
    declare, the ranks that can beat the top play."""
    return {
        "suits": round_suits(state),
        "ranks": list(RANKS),
        "wild_ranks": list(WILD_RANKS),
        "prediction_values": list(range(MAX_PREDICTION + 1)),
        "removable_suits": list(SUITS) if state.seat_count == 2 and state.phase == SETUP else [],
        "taken": sorted(cards_taken(state), key=card_order),
        "to_declare": [s for s, p in enumerate(state.players) if p.declared is None] if state.phase == DECLARE else [],
        "beating": beating_ranks(state),
    }


def round_info(view: dict[str, Any]) -> RoundInfo:
    setting_up = view["phase"] == SETUP
    number = view["round"] + 1 if setting_up else view["round"]
    return RoundInfo(
        "Round",
        min(max(number, 1), view["rounds"]),
        view["rounds"],
        turn=view["turn"] if view["phase"] == PLAY else None,
    )
