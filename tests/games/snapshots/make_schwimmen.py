"""Writes ``schwimmen.json``: mid-game Schwimmen states dumped by the engine as it was on main at
3b54ba4 (the module ``referee/games/schwimmen.py``, before it became a package), and how that
engine played on from each: every entry with who sent it, its history line, the state and the
host's view after it, and what it answered to entries a slip of the finger away.

Run once, from a checkout of that commit: ``python tests/games/snapshots/make_schwimmen.py``.
``tests/games/test_schwimmen_snapshot.py`` loads the states with today's engine and checks that
it plays on exactly so. Do not regenerate it with a later engine: it is the record of the old one.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from referee.games.schwimmen import GAME  # noqa: E402
from referee.games.schwimmen.state import EXCHANGE, SHOWDOWN  # noqa: E402
from referee.games.base import HOST, Refusal  # noqa: E402
from tests.games.test_schwimmen_properties import mutations  # noqa: E402

CASES = [
    # name, players, options, seed, stop when this says the game is mid-way, steps played on
    (
        "bga_commerce",
        ["Ann", "Ben", "Cem", "Dee"],
        {"lives": "2"},
        3,
        lambda s: s.round == 2 and s.phase == EXCHANGE and s.turns_taken[s.turn] >= 1 and any(s.known),
        90,
    ),
    (
        "blitz_closer",
        ["Ann", "Ben", "Cem"],
        {"rule_set": "blitz", "lives": "2", "closer_rule": "on", "thirty_one_effect": "hits_all"},
        5,
        lambda s: s.round == 2 and s.phase == EXCHANGE and len(s.discard) > 2,
        70,
    ),
    (
        "classic_score_only",
        ["Ann", "Ben", "Cem"],
        {"preset": "classic", "lives": "1", "reveal_mode": "score_only"},
        7,
        lambda s: s.round >= 1 and s.phase == SHOWDOWN and len(s.reveals) >= 2,
        60,
    ),
    (
        "eight_reshuffle",
        list("ABCDEFGH"),
        {"lives": "0", "first_turn_close": "allowed", "minimum_score": "off"},
        11,
        lambda s: s.phase == EXCHANGE and s.stock_known and s.set_aside == [] and s.passes >= 2,
        40,
    ),
]


def jsonable(value):
    return json.loads(json.dumps(value))


def answer(state, entry, by) -> dict:
    try:
        GAME.check(state, entry, by)
    except Refusal as refusal:
        return {
            "rule": refusal.rule,
            "overridable": refusal.overridable,
            "permission": refusal.permission,
            "message": str(refusal.message),
        }
    return {"accepted": True}


def near_misses(state, entry, players, rng) -> list[dict]:
    bent = list(mutations(entry, players))
    rng.shuffle(bent)
    found = []
    for other in bent[:4]:
        for by in (HOST, other.get("seat") if isinstance(other.get("seat"), int) else players - 1):
            if by != HOST and not (isinstance(by, int) and 0 <= by < players):
                continue
            found.append({"entry": other, "by": by, "answer": answer(state, other, by)})
    return found


def by_of(entry, rng):
    return entry["seat"] if "seat" in entry and rng.random() < 0.5 else HOST


def reach_midway(players, options, rng, midway, prefer_pass):
    """A random game up to a state ``midway`` accepts, or None if the game ended first."""
    state = GAME.new_game(players, options)
    before = []
    while not midway(state):
        entries = GAME.legal_entries(state)
        if not entries:
            return None, None
        passes = [entry for entry in entries if entry["type"] == "pass"]
        entry = passes[0] if passes and rng.random() < prefer_pass else rng.choice(entries)
        by = by_of(entry, rng)
        before.append({"entry": entry, "by": by})
        state = GAME.apply(state, entry, by)
    return state, before


def make_case(name, players, options, seed, midway, steps) -> dict:
    rng = random.Random(seed)
    state = None
    while state is None:
        state, before = reach_midway(players, options, rng, midway, 0.9 if len(players) == 8 else 0)
    snapshot = jsonable(GAME.dump(state))
    then = []
    for _ in range(steps):
        entries = GAME.legal_entries(state)
        if not entries:
            break
        entry = rng.choice(entries)
        by = by_of(entry, rng)
        misses = near_misses(state, entry, len(players), rng)
        line = GAME.describe(state, entry, by)
        state = GAME.apply(state, entry, by)
        then.append(
            {
                "entry": entry,
                "by": by,
                "describe": line.dump(),
                "near_misses": misses,
                "state": jsonable(GAME.dump(state)),
                "host_view": jsonable(GAME.view(state, HOST)),
            }
        )
    return {
        "name": name,
        "players": players,
        "options": options,
        "entries_before": before,
        "state": snapshot,
        "then": then,
    }


def main() -> None:
    cases = [make_case(*case) for case in CASES]
    path = Path(__file__).with_name("schwimmen.json")
    path.write_text(
        json.dumps(
            {"game": "schwimmen", "made_by": "main 3b54ba4 (referee/games/schwimmen.py)", "cases": cases},
            separators=(",", ":"),
            ensure_ascii=False,
        )
        + "\n"
    )
    for case in cases:
        print(case["name"], "round", case["state"]["round"], case["state"]["phase"], len(case["then"]), "steps on")


if __name__ == "__main__":
    main()
