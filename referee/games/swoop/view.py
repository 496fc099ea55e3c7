"""What a Swoop phone sees, and the round strip read from it."""

from __future__ import annotations

from typing import Any

from ..base import Viewer, known
from ..game import RoundInfo
from .played import hand_can_hold, higher_than_top
from .scoring import hands_to_play
from .state import CHAIN, DECLARE, FOLLOW, GAME_ID, OVER, PLAY, RANKS, SWOOP_CARDS, TITLE, State


def view(state: State, viewer: Viewer, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """Everything is public; the ranks known from pick-ups are shown only with show_known_cards, or
    to the phone declaring that seat's hand. ``actions`` are the entries this phone's board offers (``Swoop.offers``)."""
    top, k = state.top_run()
    declaring = {offer.get("seat") for offer in actions if offer.get("type") == "declare_remaining"}
    return {
        "game": GAME_ID,
        "title": TITLE,
        "options": dict(state.options),
        "packs": state.packs,
        "hand_limit": hands_to_play(state.options, state.seat_count),
        "ranks": list(RANKS),
        "swoop_cards": list(SWOOP_CARDS),
        "flip_add_ons": state.options["mystery_add_ons"] == "true",
        "phase": state.phase,
        "hand_no": state.hand_no,
        "starter": state.starter,
        "current": state.current,
        "mode": state.mode,
        "pile": {"size": len(state.pile), "top": top, "run": k, "cards": list(state.pile)},
        "ceiling": top if state.phase == PLAY and state.mode == FOLLOW else None,
        "higher": [rank for rank in RANKS if state.phase == PLAY and higher_than_top(state, rank)],
        "swoop_sources": swoop_sources(state, known(state.current)) if state.phase == PLAY else [],
        "chain_step": {"rank": top, "need": max(1, 4 - k)} if state.mode == CHAIN and top else None,
        "out_count": state.out_count,
        "out_player": state.out_player,
        "seen": {rank: state.seen[rank] for rank in RANKS if state.seen.get(rank)},
        "players": [player_view(state, seat, declaring=seat in declaring) for seat in range(state.seat_count)],
        "last_hand": state.last_hand if state.phase == OVER or not state.played else None,
        "winners": list(state.winners),
        "notes": list(state.notes),
        "actions": actions,
    }


def swoop_sources(state: State, seat: int) -> list[dict[str, Any]]:
    """Where ``seat`` may have each swoop card (10, joker): the hand (when it can hold one) and the
    face-up slots showing it, so that "Swoop with a 10" takes it from there and asks only when
    both are possible."""
    return [
        {
            "rank": rank,
            "hand": hand_can_hold(state, seat, rank) > 0,
            "slots": [slot for slot, shown in enumerate(state.up[seat], start=1) if shown == rank],
        }
        for rank in SWOOP_CARDS
    ]


def player_view(state: State, seat: int, declaring: bool = False) -> dict[str, Any]:
    """A seat as the table sees it; ``declaring`` (this phone declares the seat's hand now) shows the
    ranks it picked up even without show_known_cards: the declaration is filled in with them (SW-C5)."""
    show_known = state.options["show_known_cards"] == "true" or declaring
    known = list(state.known[seat]) if show_known else None
    return {
        "seat": seat,
        "name": state.players[seat],
        "hand": state.hand_count[seat],
        "up": list(state.up[seat]),
        "mystery": list(state.mystery[seat]),
        "face_up_set": state.face_up_set[seat],
        "flippable": state.uncovered_mystery(seat),
        "known": known,
        "known_counts": None if known is None else {rank: known.count(rank) for rank in RANKS if rank in known},
        "declared": state.declared.get(str(seat)),
        "scores": list(state.scores[seat]),
        "total": sum(state.scores[seat]),
    }


def round_info(view: dict[str, Any]) -> RoundInfo:
    """Hands, counted to the limit in hands mode; Swoop names a starter, not a dealer."""
    return RoundInfo("Hand", view["hand_no"], view["hand_limit"], starter=view["starter"], turn=expected(view))


def expected(view: dict[str, Any]) -> int | None:
    """Whose entry the table waits for: in play the player to act; once the hand is over the first
    player still to declare (the others may declare before, in any order), so that the seat's own
    phone says so and shows its declaration."""
    if view["phase"] == PLAY:
        current: int | None = view["current"]
        return current
    if view["phase"] == DECLARE:
        return next((p["seat"] for p in view["players"] if p["seat"] != view["out_player"] and not p["declared"]), None)
    return None
