"""Table rulings never record what the table cannot hold.

A table may waive a legality rule ("that card is not higher"), but no ruling makes a card, chip,
token or die that is not there: random games of every engine, in which the host accepts each
refused entry as a table ruling (``ruling=True``, ``by=HOST``), keep the physical invariants of
the components after every step: counts between zero and what exists, every card and chip in one
place, dice 1 to 6, five number dice at most.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee.games.schwimmen import GAME as SCHWIMMEN
from referee.games.switch16 import GAME as SWITCH16
from referee.games.switch16 import state as s16
from referee.games.switch_to import GAME as SWITCH_TO
from referee.games.switch_to import state as sto
from referee.games.swoop import GAME as SWOOP
from referee.games.swoop import state as sw
from referee.games.swoop.ranks import copies
from referee.games.was_sticht import GAME as WAS_STICHT
from referee.games.was_sticht import state as wst
from referee.games.was_sticht import rules as ws
from referee.games.base import HOST, Refusal
from tests.games import schwimmen_walks as sc_walks
from tests.games import switch16_walks as s16_walks
from tests.games import swoop_walks as sw_walks
from tests.games import was_sticht_walks as wst_walks

WALKS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow],
    "phases": [Phase.explicit, Phase.reuse, Phase.generate],
}
NAMES = ["A", "B", "C", "D", "E", "F", "G", "H"]


def ruling_walk(engine, state, data, bend, check, steps: int):
    """Legal entries, most of them bent by ``bend(data, entry, state)``, all sent by the host as
    table rulings; ``check(before, entry, after)`` after every accepted one. Returns the steps
    accepted against a refusal (rulings), so a test can see that rulings happened."""
    ruled = 0
    for _ in range(steps):
        entries = engine.legal_entries(state)
        if not entries:
            break
        entry = data.draw(st.sampled_from(entries))
        if data.draw(st.integers(0, 2)):
            entry = bend(data, entry, state)
        try:
            after = engine.apply(state, entry, HOST, ruling=True)
        except Refusal:
            continue
        ruled += engine.overridden_rule(state, entry, HOST) is not None
        check(state, entry, after)
        assert engine.load(json.loads(json.dumps(engine.dump(after)))) == after
        state = after
    return ruled


# --------------------------------------------------------------------------- Switch To

SWITCH_TO_CARDS = [f"{rank}{suit}" for suit in "SHDC" for rank in range(2, 10)]


def switch_to_bend(data, entry: dict, state) -> dict:
    """Any seat, any cards of the 32 (played ones too), wilds, flips."""
    n = state.seat_count
    how = data.draw(st.sampled_from(["seat", "cards", "flip", "wilds"]))
    if how == "seat" and "seat" in entry:
        return {**entry, "seat": data.draw(st.integers(0, n - 1))}
    if how == "flip":
        return {
            "type": "pass",
            "seat": entry.get("seat", state.turn or 0),
            "flip": data.draw(st.sampled_from(sto.FLIPS)),
        }
    cards = data.draw(st.lists(st.sampled_from(SWITCH_TO_CARDS), min_size=0, max_size=4))
    if how == "wilds":
        cards += [f"W{data.draw(st.integers(2, 9))}" for _ in range(data.draw(st.integers(1, 2)))]
    kind = entry["type"] if entry["type"] in ("play", "declare_hand") else "play"
    return {"type": kind, "seat": entry.get("seat", data.draw(st.integers(0, n - 1))), "cards": " ".join(cards)}


def switch_to_check(before, entry, after) -> None:
    for player in after.players:
        assert player.play >= 0 and player.wild >= 0 and 0 <= player.hand <= sto.HAND_SIZE
    if after.phase in (sto.PLAY, sto.DECLARE) and after.round == before.round:
        for seat, player in enumerate(after.players):  # 8 dealt: each card played was in the hand
            assert sum(s == seat for s in after.played.values()) + player.hand == sto.HAND_SIZE
        for b, a in zip(before.players, after.players):  # a flip turns a token, a play spends one
            if before.phase == sto.PLAY:
                assert a.play + a.wild <= b.play + b.wild
        assert all(card[-1] != after.removed_suit for card in after.played)
        declared = [card for p in after.players for card in (p.declared or [])]
        assert len(declared) == len(set(declared)) and not set(declared) & set(after.played)
        for player in after.players:
            assert player.declared is None or len(player.declared) == player.hand


@settings(max_examples=40, **WALKS)
@given(st.data(), st.integers(2, 4))
def test_switch_to_rulings_keep_cards_and_tokens_real(data, players):
    state = SWITCH_TO.new_game(NAMES[:players], {"auto_pass": data.draw(st.sampled_from(["off", "on"]))})
    ruling_walk(SWITCH_TO, state, data, switch_to_bend, switch_to_check, steps=150)


# --------------------------------------------------------------------------- Swoop


def swoop_bend(data, entry: dict, state) -> dict:
    if data.draw(st.booleans()):
        return data.draw(st.sampled_from(list(sw_walks.mutations(entry, state.seat_count))))
    rank = data.draw(st.sampled_from(sw.RANKS))
    sources = data.draw(st.lists(st.sampled_from(sw.SOURCES), min_size=0, max_size=5))
    cards = [f"{data.draw(st.sampled_from([rank, rank, *sw.RANKS]))}@{source}" for source in sources]
    if entry["type"] == "flip":
        return {**entry, "rank": rank, "add": cards[:2], "slot": data.draw(st.integers(1, 4))}
    if entry["type"] == "declare_remaining":
        hand = data.draw(st.lists(st.sampled_from(sw.RANKS), max_size=6))
        return {**entry, "hand": hand}
    seat = data.draw(st.integers(0, state.seat_count - 1))
    return {"type": data.draw(st.sampled_from(["play", "play", "pick_up", "end_chain"])), "seat": seat, "cards": cards}


def swoop_check(before, entry, after) -> None:
    if after.phase in (sw.PLAY, sw.DECLARE):
        assert sw_walks.cards_on_the_table(after) == sw.DEALT * after.seat_count  # nothing made or lost
    assert not set(after.pile) & set(sw.SWOOP_CARDS), (before.pile, entry)  # a 10 or joker never stays there
    for rank, seen in after.seen.items():
        assert 0 <= seen <= copies(after, rank)  # never more copies than the packs hold
    for seat in range(after.seat_count):
        assert after.hand_count[seat] >= 0
        assert len(after.known[seat]) <= after.hand_count[seat]
        assert len(after.up[seat]) == sw.SLOTS and len(after.mystery[seat]) == sw.SLOTS
    if after.phase == sw.DECLARE:
        assert after.cards_left(after.out_player) == 0


@settings(max_examples=25, **WALKS)
@given(st.data(), st.integers(3, 4), sw_walks.TABLES)
def test_swoop_rulings_keep_every_card_counted(data, players, options):
    ruling_walk(SWOOP, SWOOP.new_game(NAMES[:players], options), data, swoop_bend, swoop_check, steps=120)


# --------------------------------------------------------------------------- Schwimmen


def schwimmen_bend(data, entry: dict, state) -> dict:
    if data.draw(st.booleans()):
        return data.draw(st.sampled_from(list(sc_walks.mutations(entry, state.seat_count))))
    deck = [f"{rank}{suit}" for suit in "SHDC" for rank in ["7", "8", "9", "10", "J", "Q", "K", "A"]]
    cards = data.draw(st.lists(st.sampled_from(deck), min_size=1, max_size=3, unique=True))
    seat = data.draw(st.integers(0, state.seat_count - 1))
    kind = entry["type"]
    if kind in ("swap_one", "swap_all", "pass", "close", "draw_discard"):
        kind = data.draw(st.sampled_from(["swap_one", "swap_all", "draw_discard", "close", "show"]))
    bent = {**entry, "type": kind, "seat": seat}
    for key in ("cards", "give", "take"):
        bent[key] = cards if key != "take" else data.draw(st.lists(st.sampled_from(deck), min_size=1, max_size=2))
    bent["discard"] = cards[0]
    bent["source"] = data.draw(st.sampled_from(["stock", "pile"]))
    return bent


def schwimmen_check(before, entry, after) -> None:
    sc_walks.assert_card_ledger(after)
    assert all(lives >= 0 for lives in after.lives) and len(after.active()) >= 1
    assert len(after.centre) in (0, 3)
    for seat in range(after.seat_count):
        assert len(after.known[seat]) <= 3


@settings(max_examples=25, **WALKS)
@given(st.data(), st.integers(2, 5), sc_walks.TABLES)
def test_schwimmen_rulings_keep_every_card_in_one_place(data, players, options):
    ruling_walk(
        SCHWIMMEN, SCHWIMMEN.new_game(NAMES[:players], options), data, schwimmen_bend, schwimmen_check, steps=120
    )


def test_schwimmen_rulings_found_a_hand_laid_open_swapping():
    """The case the walk above once found: five players at a classic table, E eliminated; C lays
    down a hand by ruling (show_effect = close), D closes again by ruling, and the turn comes back
    to C, whose swap put the shown cards and the swapped ones in one hand: the ledger was off."""
    options = {
        "preset": "classic",
        "lives": "0",
        "show_effect": "close",
        "seven_eight_nine": "replace",
        "stock_exhausted": "showdown",
        "reveal_mode": "score_only",
    }
    state = SCHWIMMEN.new_game(NAMES[:5], options)
    entries = [
        {"type": "first_dealer", "seat": 1},
        {"type": "dealer_choice", "seat": 1, "choice": "keep"},
        {"type": "lay_centre", "cards": ["8H", "7S", "JD"]},
        {"type": "show", "seat": 4, "cards": ["AH", "AS", "8C"]},
        {"type": "swap_one", "seat": 2, "give": "10H", "take": "JD"},
        {"type": "swap_all", "seat": 3, "give": ["QH", "KD", "9S"]},
        {"type": "pass", "seat": 0},
        {"type": "pass", "seat": 1},  # one more turn each, counted from E's show
        {"type": "reveal", "seat": 3, "value": 18, "suit": "H"},
        {"type": "reveal", "seat": 1, "value": 30.5, "triple": "Q"},
        {"type": "reveal", "seat": 0, "value": 19, "suit": "C"},
        {"type": "reveal", "seat": 2, "value": 19, "suit": "D"},
        {"type": "dealer_choice", "seat": 2, "choice": "keep"},
        {"type": "lay_centre", "cards": ["AH", "7S", "9H"]},
        {"type": "show", "seat": 2, "cards": ["QD", "8C", "9S"]},
        {"type": "swap_one", "seat": 3, "give": "7D", "take": "7S"},
        {"type": "pass", "seat": 0},
        {"type": "close", "seat": 3},
        {"type": "swap_one", "seat": 0, "give": "10D", "take": "7D"},
        {"type": "pass", "seat": 1},
    ]
    for entry in entries:
        after = SCHWIMMEN.apply(state, entry, HOST, ruling=True)
        schwimmen_check(state, entry, after)
        state = after
    assert state.out == [False, False, False, False, True] and state.turn == 2 and state.shower == 2
    with pytest.raises(Refusal) as refused:
        SCHWIMMEN.apply(state, {"type": "swap_one", "seat": 2, "give": "8S", "take": "10D"}, HOST, ruling=True)
    assert (refused.value.rule, refused.value.overridable) == ("SC-C3", False)


# --------------------------------------------------------------------------- Was Sticht


def was_sticht_bend(data, entry: dict, state) -> dict:
    if data.draw(st.booleans()):
        return wst_walks.near_miss(data, entry, state.n)
    seat = data.draw(st.integers(0, state.n - 1))
    kind = entry["type"]
    if kind == "chip_pick":
        return {**entry, "seat": seat, "chip": data.draw(st.sampled_from(sorted(ws.CHIP_COPIES)))}
    if kind in ("pick", "dummy_card", "play"):
        return {
            "type": data.draw(st.sampled_from([kind, "dummy_card"] if kind != "play" else [kind])),
            "seat": seat,
            "card": data.draw(st.sampled_from(ws.CARDS)),
        }
    if kind == "round_result":
        tricks = data.draw(st.lists(st.integers(-2, 11), min_size=state.n, max_size=state.n))
        return {**entry, "tricks": tricks, "last": seat}
    if kind == "dealer_flip":
        return {**entry, "chip": data.draw(st.integers(0, wst.CHIPS_EACH - 1))}
    if kind == "corner_numbers":
        return {**entry, "numbers": {"0": data.draw(st.integers(-5, 120))}}
    return entry


def was_sticht_check(before, entry, after) -> None:
    wst_walks.check_chips(after)
    wst_walks.check_cards(after)
    if after.result is not None:
        assert all(0 <= n <= wst.TRICKS for n in after.result["tricks"].values())
        assert sum(after.result["tricks"].values()) == wst.TRICKS
        assert after.result["tricks"][str(after.result["last"])] >= 1
    for chips in after.chips:
        assert all(chip["corner"] is None or 0 <= chip["corner"] <= 99 for chip in chips)


@settings(max_examples=30, **WALKS)
@given(st.data())
def test_was_sticht_rulings_keep_cards_and_chips_real(data):
    players = data.draw(st.integers(wst.MIN_PLAYERS, wst.MAX_PLAYERS))
    mode = data.draw(st.sampled_from(["full", "score_only"]))
    state = WAS_STICHT.new_game(NAMES[:players], data.draw(wst_walks.options(entry_mode=mode)))
    ruling_walk(WAS_STICHT, state, data, was_sticht_bend, was_sticht_check, steps=170 if mode == "full" else 300)


# --------------------------------------------------------------------------- Switch 16


def switch16_bend(data, entry: dict, state) -> dict:
    if data.draw(st.booleans()):
        return s16_walks.near_miss(data, entry, state.seat_count)
    if entry["type"] == "roll":
        return {**entry, "dice": data.draw(st.lists(st.integers(1, 6), min_size=1, max_size=7))}
    if entry["type"] == "discard":
        return {**entry, "count": data.draw(st.integers(-2, 20))}
    if entry["type"] == "place_block":
        return {**entry, "landed_after": data.draw(st.integers(-2, 20))}
    return entry


def switch16_check(before, entry, after) -> None:
    n = after.seat_count
    assert sorted(after.control) == list(range(n)) and len(after.tops) == n  # S16-C6
    assert all(1 <= top <= s16.DONE for top in after.tops)
    assert (after.chip == "middle") == (after.chip_at is None)
    assert after.chip in ("middle", "hand", "deck") and (after.chip_at is None or 0 <= after.chip_at < n)
    roll = after.last
    if after.phase == s16.TURN and roll is not None:
        assert 1 <= len(roll.dice) <= 5 and all(1 <= d <= 6 for d in roll.dice)  # five number dice, 1 to 6
        assert 0 <= roll.discarded <= after.top_of(after.active) - 1  # only cards the deck had


@settings(max_examples=40, **WALKS)
@given(st.data())
def test_switch16_rulings_keep_decks_dice_and_chip_real(data):
    players = data.draw(st.integers(s16.MIN_PLAYERS, s16.MAX_PLAYERS))
    state = SWITCH16.new_game(NAMES[:players], data.draw(s16_walks.options()))
    ruling_walk(SWITCH16, state, data, switch16_bend, switch16_check, steps=300)


def test_rulings_happen_in_these_walks():
    """The walks are not vacuous: a plain bend of a legal entry is accepted as a ruling."""
    state = SWITCH_TO.new_game(NAMES[:3])
    for entry in ({"type": "start_round"}, *({"type": "predict", "seat": s, "value": 2 + s} for s in range(3))):
        state = SWITCH_TO.apply(state, entry, HOST)
    ruled = SWITCH_TO.apply(state, {"type": "play", "seat": 0, "cards": "5S"}, HOST, ruling=True)
    assert SWITCH_TO.overridden_rule(state, {"type": "play", "seat": 0, "cards": "5S"}, HOST) == "ST-R4"
    assert Counter(ruled.played.values()) == Counter({0: 1})
