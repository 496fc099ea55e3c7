"""Scoring a hand, the end of the game and the next starter (2.2, 5.4, 5.5)."""

from __future__ import annotations

from typing import Any

from ..base import Text, counted, join_names, known, next_seat
from .state import OVER, SWOOP_CARDS, ORDER, State, new_hand


def points(state: State, rank: str) -> int:
    """2.2: penalty points of a card left over."""
    if rank in SWOOP_CARDS:
        return 50
    if rank in ("J", "Q", "K"):
        return 10
    return 5 if state.options["low_card_points"] == "flat5" else ORDER[rank]


def penalty(state: State, ranks: list[str]) -> int:
    return sum(points(state, rank) for rank in ranks)


def hands_to_play(options: dict[str, Any], players: int) -> int | None:
    """5.5: how many hands the game lasts (None: until a total reaches the target)."""
    if options["end_mode"] != "hands":
        return None
    return int(options["hand_limit"]) or players


def score_hand(state: State) -> None:
    """5.4 and 5.5: the penalties are added; the game ends, or the next hand is set up."""
    for seat in range(state.seat_count):
        entry = state.declared.get(str(seat))
        state.scores[seat].append(entry["penalty"] if entry else 0)
    state.last_hand = hand_summary(state)
    if game_over(state):
        best = min(state.totals())
        state.phase, state.winners = OVER, [s for s, t in enumerate(state.totals()) if t == best]
        return
    previous, out_player = state.starter, state.out_player
    state.hand_no += 1
    new_hand(state)
    state.notes.append(
        Text("Hand {number} scored; {name} went out.", number=state.hand_no - 1, name=state.players[known(out_player)])
    )
    state.starter = next_seat(known(previous), state.seat_count) if state.options["starter_rule"] == "rotate" else None


def hand_summary(state: State) -> dict[str, Any]:
    """The hand just scored, for the board until the next hand's first play: each player's cards
    left in hand, face up and mystery, with their points (5.4: hand + face-up + mystery = total)."""
    seats = []
    for seat in range(state.seat_count):
        entry = state.declared.get(str(seat)) or {"hand": [], "mystery": []}
        parts = {
            "hand": list(entry["hand"]),
            "up": [r for r in state.up[seat] if r is not None],
            "mystery": list(entry["mystery"]),
        }
        seats.append(
            {
                **parts,
                "points": {part: penalty(state, ranks) for part, ranks in parts.items()},
                "penalty": penalty(state, parts["hand"] + parts["up"] + parts["mystery"]),
            }
        )
    return {"number": state.hand_no, "out": state.out_player, "seats": seats}


def game_over(state: State) -> bool:
    limit = hands_to_play(state.options, state.seat_count)
    if limit is not None:
        return state.hand_no >= limit
    return max(state.totals()) >= int(state.options["target"])


def end_reason(view: dict[str, Any]) -> Text:
    """Section 5.5, read off the board: the hands agreed are played, or a total reached the target."""
    if view["hand_limit"] is not None:
        return counted(
            "{n} hand played, as agreed: the game ends.",
            "{n} hands played, as agreed: the game ends.",
            view["hand_limit"],
        )
    target = int(view["options"]["target"])
    over = [p for p in view["players"] if p["total"] >= target]
    if len(over) == 1:
        return Text(
            "{name} reached {total}; {limit} ends the game.",
            name=over[0]["name"],
            total=str(over[0]["total"]),
            limit=str(target),
        )
    return Text(
        "{names} reached {limit} or more; that ends the game.",
        limit=str(target),
        names=join_names([f"{p['name']} ({p['total']})" for p in over]),
    )
