"""What a phone sees (``view``) and the round strip every board shows (``round_info``).

Reveals stay hidden ("revealed") until every active player has revealed, so nobody can adapt an
entry to what others entered. Besides the state, the view carries what the board's forms need
so that the templates copy no rule: the ranks and suits of the deck, how many cards each entry
takes, where a card may be drawn from, which cards each grid must grey out, and the values a
score-only reveal may name."""

from __future__ import annotations

from typing import Any

from ..base import Viewer
from ..cards import RANK_NAMES
from ..game import RoundInfo
from . import scoring
from .draw import draw_sources, not_discardable
from .ledger import ledger
from .showdown import clash_sentences
from .verdict import verdict
from .state import DEALER_CHOICE, EXCHANGE, GAME_ID, TITLE, State

SUITS_SHOWN = "CSHD"  # the grids' rows, highest suit first (C > S > H > D)
TURN_ENTRIES = ("swap_one", "swap_all", "pass", "draw_discard", "close")
ENTRY_CARDS = {
    "lay_centre": 3,
    "refresh": 3,
    "turn_up": 1,
    "swap_one": 1,
    "swap_all": 3,
    "draw_discard": 1,
    "show": 3,
    "reveal": 3,
}
"""How many cards each entry names (the give and the take of ``swap_one`` one each)."""


def board(state: State, viewer: Viewer, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The board for ``viewer``, whose entries now are ``actions`` (the game's offers)."""
    public = ledger(state, public=True)
    return {
        "game": GAME_ID,
        "title": TITLE,
        "options": dict(state.options),
        "phase": state.phase,
        "round": state.round,
        "dealer": state.dealer,
        "turn": state.turn,
        "players": [_player(state, seat, viewer, public) for seat in range(state.seat_count)],
        "centre": list(state.centre),
        "discard_top": state.discard[-1] if state.discard else None,
        "stock": state.stock,
        "set_aside": len(state.set_aside),
        "passes": state.passes,
        "ranks": [RANK_NAMES.get(r, str(r)) for r in range(7 if state.piquet else 2, 15)],
        "not_in_stock": sorted(c for c, place in public.items() if place != "stock_known"),
        "on_table": sorted(c for c, place in public.items() if not place.startswith("hand:")),
        "closer": state.closer,
        "shower": state.shower,
        "result": state.result,
        "verdict": verdict(state.result, state.players, state.options),
        "cards_asked": list(state.cards_asked),
        "clash": clash_sentences(state),
        "clash_seats": sorted({seat for clash in state.clash for seat in clash["seats"]}),
        "winners": list(state.winners),
        "notes": list(state.notes),
        "actions": actions,
        **_form_fields(state, actions),
    }


def _player(state: State, seat: int, viewer: Viewer, public: dict[str, str]) -> dict[str, Any]:
    entry = state.reveals.get(str(seat))
    visible = entry is not None and (str(seat) == str(state.shower) or viewer == seat or bool(state.clash))
    elsewhere = sorted(c for c, place in public.items() if place != f"hand:{seat}")
    return {
        "seat": seat,
        "name": state.players[seat],
        "lives": state.lives[seat],
        "out": state.out[seat],
        "swimming": state.lives[seat] == 0 and not state.out[seat],
        "known": list(state.known[seat]) if state.known else [],
        "revealed": entry is not None,
        "reveal": entry if visible else None,
        "dealer": seat == state.dealer,
        "elsewhere": elsewhere,
        "cannot_discard": not_discardable(state, seat, elsewhere),
        "reveal_with": _reveal_with(state, seat),
    }


def _reveal_with(state: State, seat: int) -> str:
    """What this seat's reveal names: its three "cards", or its "score" (score-only mode, unless
    a tie in one suit asks for the cards)."""
    if state.options["reveal_mode"] == "score_only" and seat not in state.cards_asked:
        return "score"
    return "cards"


def _form_fields(state: State, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """What the entry forms need, so that no template copies a rule."""
    offered_turn = any(a["type"] in TURN_ENTRIES and a["seat"] == state.turn for a in actions)
    return {
        "suits": list(SUITS_SHOWN),
        "entry_cards": dict(ENTRY_CARDS),
        "draw_from": draw_sources(state) if not state.commerce else [],
        "fire_shows": state.options["three_of_a_kind"] == "fire",
        "score_values": sorted(scoring.possible_values(state.piquet, state.options["three_of_a_kind"]))
        if state.options["reveal_mode"] == "score_only"
        else [],
        "triple_ranks": _triple_ranks(state) if state.options["reveal_mode"] == "score_only" else [],
        "waiting_for": state.turn if state.phase == EXCHANGE and state.turn is not None and not offered_turn else None,
        "shows_first": _shows_first(state, [a["seat"] for a in actions if a["type"] == "show"]),
        "revealed_count": sum(str(seat) in state.reveals for seat in state.active()),
        "active_count": len(state.active()),
    }


def _shows_first(state: State, seats: list[int]) -> int | None:
    """The seat a show form asks about first, of the ``seats`` that may show: the one whose
    exchange was the last turn (a 31 is mostly made by an exchange, and SC-R10 lets that player
    show right after it), else the one on turn, else the first."""
    for seat in (state.last_exchange, state.turn):
        if seat in seats:
            return seat
    return seats[0] if seats else None


def _triple_ranks(state: State) -> list[str]:
    """The ranks a score-only reveal may name for three of a kind: 30.5, or three aces for fire."""
    ranks = scoring.triple_ranks(state.piquet, state.options["three_of_a_kind"])
    if state.options["three_of_a_kind"] == "fire":
        ranks = ranks | {14}
    return [RANK_NAMES.get(rank, str(rank)) for rank in sorted(ranks)]


def round_info(view: dict[str, Any]) -> RoundInfo:
    turn = {EXCHANGE: view["turn"], DEALER_CHOICE: view["dealer"]}.get(view["phase"])
    return RoundInfo("Round", max(view["round"], 1), dealer=view["dealer"], turn=turn)
