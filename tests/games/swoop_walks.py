"""What random Swoop games share (the property and table-ruling tests): the tables they are
played at, the count of cards on the table, and entries a slip of the finger from a legal one."""

from __future__ import annotations

from hypothesis import strategies as st

from referee.games.swoop.state import State
from tests.games.walks import seat_slips


TABLES = st.sampled_from(
    [  # short games: one or two hands, or a low target
        {"end_mode": "hands", "hand_limit": "1"},
        {"end_mode": "hands", "hand_limit": "2", "packs": "6", "starter_rule": "draw_each_hand"},
        {"end_mode": "target", "target": "40", "overfill_swoops": "true", "low_card_points": "flat5"},
        {"end_mode": "hands", "hand_limit": "1", "chain_after_swoop_card": "true", "show_known_cards": "true"},
        {"end_mode": "hands", "hand_limit": "1", "chain_swoops": "false", "mystery_add_ons": "false", "packs": "3"},
    ]
)


def cards_on_the_table(state: State) -> int:
    """Hands, face-up cards, mystery cards, the pile and the cards out of play."""
    up = sum(rank is not None for row in state.up for rank in row)
    return sum(state.hand_count) + up + sum(map(sum, state.mystery)) + len(state.pile) + state.out_count


def mutations(entry: dict, players: int):
    """Entries a slip of the finger away from a legal one."""
    yield from seat_slips(entry, players)
    yield {**entry, "type": "pass"}
    yield {**entry, "type": {"play": "flip", "flip": "play"}.get(entry["type"], "pick_up")}
    for key in ("cards", "add", "ranks", "hand", "mystery"):
        if key in entry:
            cards = list(entry[key])
            yield {**entry, key: cards + cards[:1]}
            yield {**entry, key: cards[1:]}
            yield {**entry, key: [c.replace("@hand", "@up1") for c in cards]}
            yield {**entry, key: [c.split("@")[0] + "@up5" for c in cards] + ["K@hand"]}
            yield {**entry, key: [c.replace("K", "11").replace("A", "1") for c in cards]}
            yield {**entry, key: " ".join(map(str, cards))}
            yield {**entry, key: {"K": 2, "9": "x"}}
    if "slot" in entry:
        yield {**entry, "slot": entry["slot"] % 4 + 1}
        yield {**entry, "slot": 0}
        yield {**entry, "rank": "10", "add": ["JK@hand"]}
