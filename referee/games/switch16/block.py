"""``place_block``: the chip holder lays the block chip on another deck, at any moment (4.6)."""

from __future__ import annotations

from typing import Any


from ..base import HOST, By, Refusal, Text, counted, known, not_yours, passes, read_int
from .moves import Action, SwitchMove, game_running, seat_named
from .state import State
from .turns import end_turn


class PlaceBlock(SwitchMove):
    type = "place_block"
    restated_by = frozenset(
        {"{holder} placed the block chip on {target}'s deck.", "The host placed the block chip on {target}'s deck."}
    )  # the history shows this note in the entry's place

    def named_seat(self, action: Action) -> None:
        return None  # the holder places it; the entry's seat is not read

    def gate(self, state: State, seat: int | None, by: By) -> int | None:
        """S16-C5: only the holder's phone (or the host) places the chip."""
        game_running(state)
        holder = state.holder()
        if (by != HOST and (holder is None or by != holder)) or seat not in (None, holder):
            raise not_yours("S16-C5", "Only the player holding the block chip (or the host) can place it.")
        return holder

    def read(self, state: State, action: Action, by: By) -> None:
        seat_named(state, action.get("target"), "block chip")

    def due(self, state: State, seat: int | None) -> None:
        if state.holder() is None:
            raise Refusal("S16-R13", "Only the player holding the block chip can place it.", overridable=False)

    def legal(self, state: State, action: Action, by: By) -> None:
        target = known(read_int(action.get("target")))
        if target == state.holder():  # S16-R14, S16-R15 stay overridable: the chip is on one deck either way
            raise Refusal("S16-R14", "Place the chip on another player's deck.")
        landed = action.get("landed_after")
        if landed is not None:
            check_landed_after(state, target, read_int(landed))

    def effect(self, state: State, action: Action) -> None:
        target = known(read_int(action["target"]))
        holder = state.holder()
        landed = read_int(action.get("landed_after"))
        if landed is not None and target == state.active and state.last is not None:
            back = state.last.discarded - min(max(landed, 0), state.last.discarded)
            state.tops[state.control[target]] -= back  # cards discarded after the chip landed go back
            state.last.discarded -= back
        state.chip, state.chip_at = "deck", state.control[target]
        if holder is None:
            state.notes.append(Text("The host placed the block chip on {target}'s deck.", target=state.players[target]))
        else:
            state.notes.append(
                Text(
                    "{holder} placed the block chip on {target}'s deck.",
                    holder=state.players[holder],
                    target=state.players[target],
                )
            )
        if target == state.active and state.rolls > 0:
            end_turn(
                state,
                Text("{name}'s turn ended when the block chip landed on {name}'s deck.", name=state.players[target]),
            )

    def describe(self, state: State, action: Action, who: str) -> Text:
        target = read_int(action.get("target"))
        name = state.players[target] if target is not None and 0 <= target < state.seat_count else "?"
        spot = (
            next(
                (
                    spot
                    for spot in landing_choices(state, target)
                    if spot["landed_after"] == read_int(action.get("landed_after"))
                ),
                None,
            )
            if target is not None and name != "?"
            else None
        )
        if spot is not None and spot["before"]:
            return Text("Block chip placed on {name}'s deck before card {card}", name=name, card=spot["card"])
        if spot is not None:
            return Text("Block chip placed on {name}'s deck after card {card}", name=name, card=spot["card"])
        return Text("Block chip placed on {name}'s deck", name=name)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """Any other player's deck; on the active player discarding from a roll also as having
        landed after each card of those discards (or before the first)."""
        holder = state.holder()
        if holder is None:
            return []
        entries = []
        for target in range(state.seat_count):
            if target != holder:
                entries.append({"type": "place_block", "seat": holder, "target": target})
                entries += [
                    {"type": "place_block", "seat": holder, "target": target, "landed_after": choice["landed_after"]}
                    for choice in landing_choices(state, target)
                ]
        return entries


def landing_choices(state: State, target: int) -> list[dict[str, Any]]:
    """Where the chip may have landed in the discard ``target`` is making from the current roll
    (S16-R15, example S16-E19): before its first card or after each card discarded so far, each
    with the card it landed after (or, ``before``, the first card, which it landed before).
    Empty when ``target`` is not discarding from a roll, or has discarded nothing from it yet
    (then the chip simply lands now)."""
    roll = state.last
    if roll is None or not passes(check_landed_after, state, target, 0) or not roll.discarded:
        return []
    first = state.top_of(target) - roll.discarded
    return [
        {"landed_after": k, "before": k == 0, "card": first + k - 1 if k else first} for k in range(roll.discarded + 1)
    ]


def check_landed_after(state: State, target: int, landed: int | None) -> None:
    """S16-R15: ``landed_after`` only on the active player discarding from the current roll (not
    while a green answer is pending: that roll has gone to nobody's dice yet), 0 to the cards
    discarded."""
    roll = state.last
    if target != state.active or roll is None or state.pending_green is not None:
        raise Refusal("S16-R15", "{name} is not discarding from a roll now.", name=state.players[target])
    if landed is None or not 0 <= landed <= roll.discarded:
        raise Refusal(
            "S16-R15",
            counted(
                "{name} discarded only {n} card from this roll.",
                "{name} discarded only {n} cards from this roll.",
                roll.discarded,
                name=state.players[target],
            ),
        )
