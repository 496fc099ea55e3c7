"""One property for every game: what a board offers is what the engine accepts.

Random games of every registered game: every legal entry is offered to the host and, where that
phone may make it, to its seat's own phone; and every offer to a phone can be made from it
(some legal entry of that type, for that seat, passes ``check`` from that phone).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.games.base import HOST, passes

NAMES = ["Ann", "Ben", "Cem", "Dee", "Eve", "Fay", "Gus", "Hal"]


def offer_key(offers: list[dict], entry: dict) -> bool:
    keys = {(offer["type"], offer["seat"]) for offer in offers}
    return (entry["type"], entry.get("seat")) in keys or (entry["type"], None) in keys


def check_offers(game, state, entries: list[dict], viewer) -> None:
    offers = game.offers(state, viewer)
    accepted = [entry for entry in entries if passes(game.check, state, entry, viewer)]
    for entry in accepted:
        assert offer_key(offers, entry), f"{entry} passes from {viewer!r} but is not offered: {offers}"
    for offer in offers:
        assert any(
            entry["type"] == offer["type"] and offer["seat"] in (None, entry.get("seat")) for entry in accepted
        ), f"{offer} is offered to {viewer!r} but nothing of it passes"


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_legal_entry_is_offered_and_every_offer_can_be_made(game_id, data):
    game = GAMES[game_id]
    players = data.draw(st.integers(game.min_players, game.max_players))
    state = game.new_game(NAMES[:players], {})
    for _step in range(60):
        entries = game.legal_entries(state)
        if not entries:
            break
        for viewer in [HOST, *range(players)]:
            check_offers(game, state, entries, viewer)
        assert game.offers(state, None) == []
        state = game.apply(state, data.draw(st.sampled_from(entries)), HOST)
