"""Was Sticht tables the engine, web and browser tests share: a round dealt straight to its
draft, and the complete round of section 8.5 of ../shared/rules/was_sticht.md as data."""

from __future__ import annotations

from referee.games.was_sticht import GAME
from referee.games.was_sticht.state import TRUMPS, start_round
from tests.web.api_driver import TableDriver

A, B, C, D = 0, 1, 2, 3
SEAT = {"A": A, "B": B, "C": C, "D": D}


def chips(*types):
    return [{"type": t, "done": False, "corner": None} for t in types]


def dealt(n=4, dealer=A, trumps=("B", "4"), hands=None, **options):
    """A round ready for the draft: chips handed out directly, the trumps entered."""
    state = GAME.new_game(["A", "B", "C", "D"][:n], options)
    state.first_dealer, state.scored = dealer, 0
    state.chips = hands or [chips("NONE", "MOST", "LAST", "EXACT_1", "EXACT_2") for _ in range(n)]
    state.chip_picks = 5 * n
    start_round(state)
    if trumps and state.phase == TRUMPS:
        state = GAME.apply(state, {"type": "set_trumps", "colour": trumps[0], "number": trumps[1]}, dealer)
    return state


# --------------------------------------------------------------------------- 8.5: a complete round

COLUMNS_85 = [
    ("B G7, C R6, D Y5, A B2", A),
    ("C Y1, D Y3, A R9, B G6", D),
    ("D B6, A G5, B B4, C Y2", B),
    ("A B7, B R1, C G2, D Y8", A),
    ("B Y9, C G4, D R8, A Y4", C),
    ("C Y7, D B5, A R3, B R7", D),
    ("D B8, A B3, B G1, C R2", D),
    ("A G9, B R5, C B9, D Y6", C),
    ("B R4, C G8, D G3, A B1", B),
]
"""The draft, column by column: (picks in order, the seat the dealer's hint is for)."""
TRICKS_85 = [
    ("B R7, C R6, D R8, A R3", D),
    ("D Y5, A R9, B Y9, C Y2", B),
    ("B R5, C R2, D B8, A Y4", A),
    ("A G9, B G6, C G2, D G3", A),
    ("A B7, B R4, C G4, D B6", B),
    ("B R1, C G8, D B5, A B1", D),
    ("D Y6, A G5, B G7, C Y7", C),
    ("C B9, D Y3, A B2, B B4", B),
    ("B G1, C Y1, D Y8, A B3", A),
]
"""The tricks: (cards played in order, the seat that wins it)."""
CHIPS = {
    A: ["NONE", "LAST", "EXACT_2", "NO_R", "FEWEST"],
    B: ["MOST", "NONE", "EXACT_3", "NO_B", "FEWEST"],
    C: ["EXACT_1", "NONE", "MOST", "NO_G", "EXACT_4"],
    D: ["LAST", "EXACT_1", "MOST", "NO_Y", "EXACT_2"],
}
"""A chip draft for four players: seat -> its five picks, in order (the web and browser tables)."""


def seat_cards(text: str) -> list[tuple[int, str]]:
    """``"B G7, C R6"`` -> ``[(1, "G7"), (2, "R6")]``: who plays which card, in order."""
    return [(SEAT[part.split()[0]], part.split()[1]) for part in text.split(", ")]


def drafted_chips(client, options: dict | None = None) -> TableDriver:
    """A Was Sticht table opened through the API (with these house rules), its chip draft
    (:data:`CHIPS`) done, A dealing."""
    table = TableDriver(client, "was-sticht", ["A", "B", "C", "D"], options)
    table.enter({"type": "first_dealer", "seat": A})
    for round_ in range(5):
        for seat in (A, B, C, D):
            table.enter({"type": "chip_pick", "chip": CHIPS[seat][round_]}, by=seat)
    return table
