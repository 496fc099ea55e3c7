"""How ``switch-16.json`` was made: run once, from the repository root, on main at 3b54ba4 (the
module engine ``referee/games/switch16.py``, before it became a package). Kept to show what the
snapshot holds; running it on later code makes a file of that code instead.

    python -m tests.games.snapshots.make_switch16

A seeded random game (3 players, points to 60, every house rule off its default) is played to
a mid-game state; that state is dumped. Then the game plays on from it: legal entries from the
phone of the seat they name or from the host, a few refusals, and two table rulings; each step
keeps the entry, who sent it, its history line, and the dumped state after it or the refusal.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from referee.games.switch16 import GAME
from referee.games.switch16.state import GAME_ID
from referee.games.base import HOST, Refusal

OPTIONS = {
    "four_dice_from": "6",
    "five_dice_from": "11",
    "risk_penalty": "checkpoint8",
    "green_refusal_uses_chip": "on",
    "game_mode": "points",
    "points_target": "60",
    "next_round_starter": "left_of_round_winner",
}
SEED, BEFORE, AFTER = 6, 70, 60
# Entries sent after the snapshot besides the legal ones: (step, entry, by, ruling)
EXTRA = [
    (3, {"type": "roll", "dice": [1, 2, 7]}, HOST, True),  # a die showing 7
    (7, {"type": "adjust", "seat": 1, "top": 5}, 0, False),  # a phone adjusting
    (11, {"type": "stop", "seat": 1}, 1, False),  # out of turn
    (19, {"type": "adjust", "swap": [0, 2]}, HOST, False),  # a correction
    (27, {"type": "discard", "count": 9}, HOST, True),  # more than the roll makes
    (35, {"type": "roll", "dice": "1 2", "face": "blank"}, HOST, True),  # too few dice, ruled
]


def step(state, entry, by, ruling):
    record = {"entry": entry, "by": by, "ruling": ruling, "description": GAME.describe(state, entry, by).dump()}
    try:
        state = GAME.apply(state, entry, by, ruling=ruling)
    except Refusal as refusal:
        record["refused"] = {**refusal.as_dict(), "message": refusal.message.dump(), "permission": refusal.permission}
        return state, record
    record["state"] = GAME.dump(state)
    return state, record


def make(seed: int) -> dict:
    rng = random.Random(seed)
    state = GAME.new_game(["Ann", "Ben", "Cem"], OPTIONS)
    for _ in range(BEFORE):
        state = GAME.apply(state, rng.choice(GAME.legal_entries(state)), HOST)
    snapshot = {
        "game": GAME_ID,
        "made_by": "main 3b54ba4, referee/games/switch16.py",
        "state": GAME.dump(state),
        "then": [],
    }
    extra = {at: rest for at, *rest in EXTRA}
    for n in range(AFTER):
        if n in extra:
            state, record = step(state, *extra[n])
            snapshot["then"].append(record)
        entries = GAME.legal_entries(state)
        if not entries:
            break
        entry = rng.choice(entries)
        state, record = step(state, entry, rng.choice([HOST, entry["seat"]]), False)
        snapshot["then"].append(record)
    return snapshot


def main() -> None:
    text = json.dumps(make(SEED), indent=1, ensure_ascii=False)
    (Path(__file__).parent / "switch-16.json").write_text(text + "\n")


if __name__ == "__main__":
    main()
