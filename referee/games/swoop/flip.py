"""A flip: an uncovered mystery card turned up and played, with same-rank add-ons (4.1, SW-R8 to
SW-R10)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, known, read_int, unreadable
from .judge import judge
from .played import (
    Card,
    cards_text,
    check_cards,
    check_no_fifth,
    check_one_rank,
    check_real,
    face_up_of,
    flip_adds,
    higher_than_top,
    take_from,
)
from .ranks import is_higher, parse_rank, rank_label, see, unseen
from .state import CHAIN, PLAY, RANKS, SLOTS, State
from .turn import SwoopMove, may_act, seat_for


def read_flip(action: Mapping[str, Any]) -> tuple[int, str, list[Card]]:
    """The slot flipped, the rank revealed and the add-ons, or an unreadable refusal."""
    slot = read_int(action.get("slot"))
    if slot is None or not 1 <= slot <= SLOTS:
        raise unreadable("Name the mystery slot, 1 to 4.")
    revealed = parse_rank(action.get("rank"))
    return slot, revealed, flip_adds(action, revealed)


def mystery_left(state: State, seat: int, slot: int) -> None:
    if not state.mystery[seat][slot - 1]:
        # SW-R8: not overridable here: the slot's mystery card is gone; a ruling would reveal a card from nowhere.
        raise Refusal("SW-R8", "Slot {slot} has no mystery card left.", overridable=False, slot=slot)


class Flip(SwoopMove):
    type = "flip"

    def ready(self, state: State, seat: Any, by: By) -> None:
        seat = may_act(state, seat, by)
        if not state.uncovered_mystery(seat):
            raise Refusal("SW-R8", "You have no uncovered mystery card to flip.", overridable=False)

    # unreadable entries refuse before any rule a ruling may override
    checks = ("game_on", "flip_read", "in_turn", "legal")

    def flip_read(self, state: State, action: Mapping[str, Any], by: By) -> None:
        read_flip(action)

    def legal(self, state: State, action: Mapping[str, Any], by: By) -> None:
        slot, revealed, adds = read_flip(action)
        seat = self.in_turn(state, action, by)
        if state.up[seat][slot - 1] is not None:
            # SW-R8 (face-up card still on it) stays overridable: the mystery card is there, under it.
            raise Refusal(
                "SW-R8",
                "Play the {rank} in slot {slot} before its mystery card.",
                rank=state.up[seat][slot - 1],
                slot=slot,
            )
        mystery_left(state, seat, slot)
        if adds and state.options["mystery_add_ons"] != "true":  # SW-R9, SW-R10 stay overridable: legality
            raise Refusal("SW-R10", "At this table a mystery card is played alone.")
        check_cards(state, seat, adds, revealed=revealed)
        top, _ = state.top_run()
        if adds and state.mode != CHAIN and is_higher(revealed, top):
            raise Refusal(
                "SW-R9",
                "The revealed {rank} is higher than the {top} on top: you pick up the pile "
                "and the {rank}; nothing may be added.",
                rank=revealed,
                top=top,
            )
        check_no_fifth(state, revealed, 1 + len(adds))

    def components(self, state: State, action: Mapping[str, Any], by: By) -> None:
        """The mystery card is there, and the add-ons are one rank held by the named seat."""
        seat, slot = seat_for(state, action.get("seat"), by, state.current), read_int(action.get("slot"))
        revealed = parse_rank(action.get("rank"))
        adds = flip_adds(action, revealed)
        mystery_left(state, seat, known(slot))
        check_one_rank([revealed] + [c.rank for c in adds])
        check_real(state, seat, adds, revealed)

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = action["seat"]
        slot, revealed, adds = read_flip(action)
        state.mystery[seat][slot - 1] = False
        see(state, Counter([revealed]))
        take_from(state, seat, adds)
        judge(state, seat, [revealed] + [c.rank for c in adds])

    def reveals(self, before: State, after: State) -> str | None:
        """A flip turns up a card nobody had seen, its owner included (section 3), and once turned
        it must be played (9.8). Undone, it would lie hidden again and its player could choose
        another move having seen it. A wrong rank is mended by a correction, not an undo."""
        return "SW-R8"

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        revealed = parse_rank(action.get("rank"))
        adds = flip_adds(action, revealed)
        slot, label = read_int(action.get("slot")), rank_label(revealed)
        if adds:
            return Text(
                "{name} flipped mystery card {slot}: {rank}, with {cards}",
                name=who,
                slot=slot,
                rank=label,
                cards=cards_text(adds),
            )
        return Text("{name} flipped mystery card {slot}: {rank}", name=who, slot=slot, rank=label)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """Each uncovered mystery card revealed as each rank with copies left, alone or with one add-on."""
        if state.phase != PLAY:
            return []
        seat = known(state.current)
        entries: list[dict[str, Any]] = []
        for slot in state.uncovered_mystery(seat):
            for rank in RANKS:
                if unseen(state, rank) < 1:
                    continue
                entries.append({"type": self.type, "seat": seat, "slot": slot, "rank": rank})
                if higher_than_top(state, rank):
                    continue  # SW-R9: nothing may be added
                entries += [
                    {"type": self.type, "seat": seat, "slot": slot, "rank": rank, "add": add}
                    for add in ([f"{rank}@hand"], face_up_of(state, seat, rank)[:1])
                    if add
                ]
        return entries
