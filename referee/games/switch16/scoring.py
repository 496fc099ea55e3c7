"""Card 16 gone: the race is won (section 5.3), or the round is scored (section 5.4)."""

from __future__ import annotations

from typing import Any

from ..base import Text, join_names, next_seat
from .state import LAST_CARD, OVER, START, State
from .turns import begin_turn


def card_16_gone(state: State, seat: int) -> None:
    if state.options["game_mode"] == "race":
        state.phase, state.winners, state.active = OVER, [seat], None
        return
    score_round(state, seat)
    best = max(state.points)
    if best >= int(state.options["points_target"]):
        state.phase, state.active = OVER, None
        state.winners = [s for s, p in enumerate(state.points) if p == best]
        return
    next_round(state, seat)


def score_round(state: State, seat: int) -> None:
    """16 for who discarded card 16; for each other player the highest card of their pile."""
    for other in range(state.seat_count):
        state.points[other] += LAST_CARD if other == seat else state.top_of(other) - 1


def next_round(state: State, seat: int) -> None:
    """Every deck back to 1, the chip to the middle; the next start player as the house rule says.
    The turn of who discarded 16 has ended (S16-C4 answers their late entries with why)."""
    state.ended = {
        "seat": seat,
        "round_over": True,
        "why": Text("{name} discarded card 16: round {round} is scored.", name=state.players[seat], round=state.round),
    }
    state.round += 1
    state.tops = [1] * state.seat_count
    state.chip, state.chip_at = "middle", None
    state.notes.append(Text("Round {scored} scored; round {round} begins.", scored=state.round - 1, round=state.round))
    if state.options["next_round_starter"] == "roll_off":
        state.phase, state.active, state.last, state.rolls = START, None, None, 0
    else:
        begin_turn(state, next_seat(seat, state.seat_count))


def end_reason(view: dict[str, Any]) -> Text:
    """Sections 5.3 and 5.4, read off the board: card 16 won the race, or a total reached the target."""
    players = view["players"]
    if view["options"]["game_mode"] == "race":
        return Text(
            "{name} discarded card 16 first and wins the race.",
            name=join_names([players[seat]["name"] for seat in view["winners"]]),
        )
    target = int(view["options"]["points_target"])
    over = [p for p in players if p["points"] >= target]
    if len(over) == 1:
        return Text(
            "{name} reached {total}; {limit} ends the game.",
            name=over[0]["name"],
            total=str(over[0]["points"]),
            limit=str(target),
        )
    return Text(
        "{names} reached {limit} or more; that ends the game.",
        limit=str(target),
        names=join_names([f"{p['name']} ({p['points']})" for p in over]),
    )
