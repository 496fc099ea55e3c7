"""Real plays for the load: whole Switch To games, chosen among the engine's legal entries.

Tables opened with the same players start from the same state and the engine is a pure fold,
so a script worked out here once is legal on every table it is replayed on. Working the
scripts out before the timed window keeps the generator's CPU for sending requests.
"""

from __future__ import annotations

import random

from referee.games.switch_to import GAME as SWITCH_TO
from referee.games.base import HOST

GAME = "switch-to"
PLAYERS = ["Ann", "Ben", "Cleo", "Dee"]
PLAY_BIAS = 0.7  # prefer a play to a pass when one is legal: tables play cards more than they pass


def game_script(seed: int, limit: int = 400) -> list[dict]:
    """One game from the first start to game over: every entry legal when it is made (by the host)."""
    rng = random.Random(seed)
    state = SWITCH_TO.new_game(PLAYERS, {})
    script: list[dict] = []
    while len(script) < limit:
        legal = SWITCH_TO.legal_entries(state)
        if not legal:
            break
        action = _choose(rng, legal)
        state = SWITCH_TO.apply(state, action, HOST)
        script.append(action)
    return script


def _choose(rng: random.Random, legal: list[dict]) -> dict:
    plays = [entry for entry in legal if entry["type"] == "play"]
    if plays and rng.random() < PLAY_BIAS:
        return rng.choice(plays)
    return rng.choice(legal)


def scripts(count: int, seed: int = 8) -> list[list[dict]]:
    return [game_script(seed * 1000 + n) for n in range(count)]


def as_form(action: dict) -> list[tuple[str, str]]:
    """The same entry as the phone's form posts it (cards as one field per card)."""
    fields: list[tuple[str, str]] = []
    for name, value in action.items():
        if value is None:
            continue
        if name == "cards":
            cards = value.split() if isinstance(value, str) else list(value)
            fields += [("cards", card) for card in cards]
        else:
            fields.append((name, str(value)))
    return fields
