"""Was Sticht scoring (sections 5.4 to 5.7): tasks met, the dealer's bonus, the end of the game,
the winner, corner numbers and the ranking."""

from __future__ import annotations

from typing import Any

from ..base import Text, counted, join_names, known
from . import rules as ws
from .state import CORNERS, DRAFT, FLIP, OVER, TASKS, TRUMPS, State, any_pick, start_round


def score_round(state: State, tricks: dict[int, int], took: ws.Took, last: int) -> None:
    """Sections 5.4 and 5.5: tasks met, chips completed, the dealer's bonus."""
    needs = state.options["fewest_needs_trick"] == "yes"
    shown = {int(s): state.chips[int(s)][i]["type"] for s, i in state.tasks.items()}
    success = {s: ws.task_met(chip, s, tricks, took, last, needs) for s, chip in shown.items()}
    for seat, ok in success.items():
        if ok:
            state.chips[seat][state.tasks[str(seat)]]["done"] = True
    bonus, blocked = dealer_bonus(state, shown, success, tricks, took, last)
    dealer = known(state.dealer)
    eligible = [i for i, chip in enumerate(state.chips[dealer]) if not chip["done"] and chip["type"] not in blocked]
    state.result = {
        "tricks": {str(s): n for s, n in tricks.items()},
        "last": last,
        "success": {str(s): ok for s, ok in success.items()},
        "shown": {str(s): c for s, c in shown.items()},
        "bonus": bonus,
        "flipped": None,
    }
    state.scored += 1
    if bonus and len(eligible) == 1:
        flip(state, eligible[0])
    elif bonus and eligible:
        state.phase, state.bonus_chips = FLIP, eligible
        return
    end_of_round(state)


def dealer_bonus(
    state: State,
    shown: dict[int, str],
    success: dict[int, bool],
    tricks: dict[int, int],
    took: ws.Took,
    last: int,
) -> tuple[bool, set[str]]:
    """Section 5.5: does the dealer turn a chip, and which types may it not be?"""
    needs = state.options["fewest_needs_trick"] == "yes"
    mode = state.options["dealer_bonus"]
    if mode == "any_success":
        return any(success.values()), {shown[s] for s, ok in success.items() if ok}
    succeeded_types = {shown[s] for s, ok in success.items() if ok}
    bonus = any(
        not ok
        and ws.task_met(shown[s], known(state.dealer), tricks, took, last, needs)
        and not (mode == "owner_failed_no_twin" and shown[s] in succeeded_types)
        for s, ok in success.items()
    )
    return bonus, set()


def flip(state: State, index: int) -> None:
    dealer, result = known(state.dealer), known(state.result)
    state.chips[dealer][index]["done"] = True
    result["flipped"] = state.chips[dealer][index]["type"]
    state.notes.append(
        Text(
            "The dealer {name} turns “{chip}”.",
            name=state.name(dealer),
            chip=ws.CHIP_NAMES[result["flipped"]],
        )
    )


def end_of_round(state: State) -> None:
    """Section 5.6: the game ends at the target, or (short game) once everyone dealt twice."""
    target = 4 if state.short else 5
    best = max(state.completed(s) for s in range(state.n))
    if best >= target or (state.short and state.scored >= 2 * state.n):
        settle_winner(state)
    else:
        start_round(state)


def settle_winner(state: State) -> None:
    """Section 5.7: the most completed chips; a tie asks for the corner numbers."""
    tied = leaders(state)
    if len(tied) == 1:
        declare_winners(state, tied)
        return
    missing = [s for s in tied if any(c["done"] and c["corner"] is None for c in state.chips[s])]
    if missing:
        state.phase = CORNERS
        state.notes.append(
            Text(
                "{names} tie: enter the corner numbers of their completed chips.",
                names=join_names([state.name(s) for s in tied]),
            )
        )
        return
    sums = {s: known(corner_sum(state, s)) for s in tied}
    top = max(sums.values())
    declare_winners(state, [s for s in tied if sums[s] == top])


def declare_winners(state: State, winners: list[int]) -> None:
    state.phase, state.winners = OVER, winners
    if corners_asked(state):
        state.notes.append(Text("To rank the others, enter the corner numbers of their completed chips."))


def corners_asked(state: State) -> dict[int, list[int]]:
    """WS-N1: the completed chips whose corner numbers the app asks for now, by seat: the tied
    seats' while a tie for first place is open, and once the game is over (rank_others_by =
    corner_sum) the others', to rank them. A number once entered is kept, so it is not asked again."""
    if state.phase == CORNERS:
        seats = leaders(state)
    elif state.phase == OVER and ranked_by_corners(state):
        seats = [s for s in range(state.n) if s not in state.winners]
    else:
        return {}
    asked = {s: [i for i, chip in enumerate(state.chips[s]) if chip["done"] and chip["corner"] is None] for s in seats}
    return {seat: chips for seat, chips in asked.items() if chips}


def leaders(state: State) -> list[int]:
    best = max(state.completed(s) for s in range(state.n))
    return [s for s in range(state.n) if state.completed(s) == best]


def ranking(state: State) -> list[dict[str, Any]]:
    """Section 5.7: the winners first, then the others by their corner sums (rank_others_by =
    corner_sum) or by completed chips; equal values share a place, numbered as in sport (1, 1, 3).
    While corner numbers the ranking needs are missing (the table may skip them), the others are
    listed by count without places, marked "not ranked"."""
    others = [s for s in range(state.n) if s not in state.winners]
    rows = [
        {
            "seat": s,
            "place": 1,
            "completed": state.completed(s),
            "corner_sum": corner_sum(state, s),
            "ranked_by": "winner",
        }
        for s in state.winners
    ]
    if ranked_by_corners(state) and any(corner_sum(state, s) is None for s in others):
        return rows + [
            {
                "seat": s,
                "place": None,
                "completed": state.completed(s),
                "corner_sum": corner_sum(state, s),
                "ranked_by": "not_ranked",
            }
            for s in sorted(others, key=state.completed, reverse=True)
        ]
    by = "corner_sum" if ranked_by_corners(state) else "completed"

    def key(seat: int) -> int:
        return known(corner_sum(state, seat)) if by == "corner_sum" else state.completed(seat)

    ordered = sorted(others, key=key, reverse=True)
    for i, seat in enumerate(ordered):
        place = len(rows) + 1 if i == 0 or key(seat) != key(ordered[i - 1]) else rows[-1]["place"]
        rows.append(
            {
                "seat": seat,
                "place": place,
                "completed": state.completed(seat),
                "corner_sum": corner_sum(state, seat),
                "ranked_by": by,
            }
        )
    return rows


def ranked_by_corners(state: State) -> bool:
    """rank_others_by = corner_sum, and the others' sums can change a place: with a single other
    seat its place is fixed (below the winners), so its numbers are not asked (section 5.7)."""
    others = state.n - len(state.winners)
    return state.options["rank_others_by"] == "corner_sum" and others >= 2


def corner_sum(state: State, seat: int) -> int | None:
    corners = [c["corner"] for c in state.chips[seat] if c["done"]]
    return None if any(c is None for c in corners) else sum(corners)


def between_rounds(state: State) -> bool:
    """WS-G1: a round is scored (and its chip turned) and nothing of the next one is entered yet:
    no trumps, no layout, no pick, no task."""
    return (
        state.scored > 0
        and state.phase in (TRUMPS, DRAFT, TASKS)
        and state.trumps is None
        and state.layout is None
        and not any_pick(state)
        and not state.tasks
    )


def race(state: State) -> tuple[int, int | None, int]:
    """The leader, and a seat that could still catch up (with its reachable count) if any."""
    rounds_left = 2 * state.n - state.scored
    counts = [state.completed(s) for s in range(state.n)]
    leader = max(range(state.n), key=lambda s: counts[s])
    for seat in range(state.n):
        if seat != leader and counts[seat] + rounds_left >= counts[leader]:
            return leader, seat, counts[seat] + rounds_left
    return leader, None, 0


def end_reason(view: dict[str, Any]) -> Text:
    """Sections 5.6 and 4.12, read off the board: the first to the target of completed chips, else
    (short game) everyone has dealt twice, else the table ended it early with first place settled."""
    players = view["players"]
    short = view["options"]["game_length"] == "short"
    target = 4 if short else 5
    reached = [p["name"] for p in players if p["completed"] >= target]
    if reached:
        return counted(
            "{names} completed {n} chip; {n} ends the game.",
            "{names} completed {n} chips; {n} ends the game.",
            target,
            names=join_names(reached),
        )
    scored = view["round"] - 1
    if short and scored >= 2 * len(players):
        return counted(
            "Everyone has dealt twice ({n} round): the short game ends.",
            "Everyone has dealt twice ({n} rounds): the short game ends.",
            scored,
        )
    return Text("The table ended the game early: first place was settled.")
