"""``roll``: the number dice and the switch die (sections 4.2 and 5.1)."""

from __future__ import annotations

from collections.abc import Sequence

from typing import Any, ClassVar

from ..base import By, Refusal, Text, join_names, known, passes, read_int
from .dice import dice_count, dice_words, sample_dice
from .moves import Action, TurnMove, seat_named
from .state import FACE_NAMES, FACES, NUMBER_DICE, Roll, State
from .turns import end_turn, resolve_number_dice, swap

NO_PARTNER = (None, "none", "")


class RollMove(TurnMove):
    type = "roll"
    turn_rule: ClassVar[str] = "S16-R2"

    def read(self, state: State, action: Action, by: By) -> None:
        read_dice(action.get("dice"))
        if action.get("face", "blank") not in FACES:
            raise Refusal("S16-C2", "The switch die shows blank, green, red or block.", overridable=False)
        partner = action.get("switch_with")
        if partner not in NO_PARTNER:
            seat_named(state, partner, "switch")

    def due(self, state: State, seat: int) -> None:
        super().due(state, seat)
        if state.pending_green is not None:
            raise Refusal(
                "S16-R2",
                "Wait for {name} to answer the green switch.",
                overridable=False,
                name=state.players[state.pending_green],
            )
        if state.last is not None and state.last.discarded == 0:  # S16-R3 stays overridable: no die is missing
            raise Refusal("S16-R3", "You can roll again only after discarding from your last roll.")

    def legal(self, state: State, action: Action, by: By) -> None:
        seat = known(state.active)
        top = state.top_of(seat)
        needed = dice_count(state, top)
        rolled = len(read_dice(action.get("dice")))
        if rolled > NUMBER_DICE:
            raise Refusal("S16-R4", "The game has only five number dice.")
        if rolled != needed:  # S16-R4 stays overridable for 1 to 5 dice
            raise Refusal("S16-R4", "Your top card is {top}: roll {needed} number dice.", top=top, needed=needed)
        check_switch(state, seat, action.get("face", "blank"), action.get("switch_with"))

    def components(self, state: State, action: Action, by: By) -> None:
        """Section 2: five number dice. A ruling on S16-R4 may change how many are rolled, never
        roll a sixth."""
        if len(read_dice(action.get("dice"))) > NUMBER_DICE:
            raise Refusal("S16-R4", "The game has only five number dice.")

    def effect(self, state: State, action: Action) -> None:
        """The switch die is resolved first; a switch ends the turn and the dice are ignored."""
        seat, face, partner = known(state.active), action.get("face", "blank"), action.get("switch_with")
        state.ended = None
        state.rolls += 1
        state.last = Roll(dice=read_dice(action["dice"]), face=face, risk=state.rolls > 1)
        if face == "red":
            red_switch(state, seat, partner)
            end_turn(state, Text("{name}'s turn ended with the red switch.", name=state.players[seat]))
        elif face == "green" and partner not in NO_PARTNER:
            green_switch(state, seat, known(read_int(partner)))
        else:
            if face == "block":
                state.chip, state.chip_at = "hand", seat
            resolve_number_dice(state)

    def describe(self, state: State, action: Action, who: str) -> Text:
        active = state.players[state.active] if state.active is not None else "?"
        dice = action.get("dice")
        shown = (
            dice_words(read_dice(dice))
            if passes(read_dice, dice)
            else dice_words(dice)
            if isinstance(dice, list)
            else str(dice)
        )  # a die the checks refuse, as entered
        face = action.get("face", "blank")
        partner = read_int(action.get("switch_with"))
        if face == "red" and action.get("switch_with") in (None, "") and state.active is not None:
            lowest = red_candidates(state, state.active)  # the deck the red switch takes, named (issue 16)
            partner = lowest[0] if len(lowest) == 1 else None
        if face == "blank":
            return Text("{name} rolled {dice}", name=active, dice=shown)
        face_name = FACE_NAMES.get(face, str(face))
        if partner is not None and 0 <= partner < state.seat_count:
            return Text(
                "{name} rolled {dice}, {face} with {other}",
                name=active,
                dice=shown,
                face=face_name,
                other=state.players[partner],
            )
        return Text("{name} rolled {dice}, {face}", name=active, dice=shown, face=face_name)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """Plausible dice for the active deck: the roll that makes the most cards, one that makes a
        single card and one that makes none, with a blank face, plus the block face and every
        switch the red and green faces allow. The roll that makes the most cards comes first."""
        seat = state.active
        if seat is None:
            return []
        top = state.top_of(seat)
        best, single, miss = sample_dice(top, dice_count(state, top))
        rolls: list[dict[str, Any]] = [
            {"dice": list(dice), "face": "blank"} for dice in (best, single, miss) if dice is not None
        ]
        rolls.append({"dice": list(best), "face": "block"})
        others = [s for s in range(state.seat_count) if s != seat]
        rolls += [{"dice": list(best), "face": "green", "switch_with": partner} for partner in ["none", *others]]
        lowest: Sequence[int | None] = red_candidates(state, seat)
        rolls += [
            {"dice": list(best), "face": "red", **({"switch_with": partner} if len(lowest) > 1 else {})}
            for partner in lowest or [None]
        ]
        return [{"type": "roll", "seat": seat, **roll} for roll in rolls]


def read_dice(raw: Any) -> list[int]:
    """S16-C1: number dice as a list (or a string '1 3 4', or '134') of whole numbers 1-6."""
    if isinstance(raw, str):
        # typed on a phone's number pad: "356" is three dice (a die shows one digit)
        raw = list(raw.strip()) if raw.strip().isdigit() else raw.replace(",", " ").split()
    if not isinstance(raw, list) or not raw:
        raise Refusal("S16-C1", "Dice show 1 to 6: enter each number die.", overridable=False)
    dice = [read_int(d) for d in raw]
    if any(d is None or not 1 <= d <= 6 for d in dice):
        raise Refusal("S16-C1", "Dice show 1 to 6.", overridable=False)
    return [known(d) for d in dice]


def red_candidates(state: State, seat: int) -> list[int]:
    """The other players whose top card is the lowest, if it is lower than the roller's."""
    others = [s for s in range(state.seat_count) if s != seat]
    lowest = min(state.top_of(s) for s in others)
    if lowest >= state.top_of(seat):
        return []
    return [s for s in others if state.top_of(s) == lowest]


def check_switch(state: State, seat: int, face: str, partner: Any) -> None:
    """S16-R5 to S16-R7: who the switch die swaps with."""
    given = None if partner in (None, "") else partner
    # S16-R5 to S16-R7 stay overridable: whom a switch swaps with is a legality rule; a swap of two
    # decks (or none) keeps one deck per player.
    if face == "red":
        check_red(state, seat, given)
    elif face == "green":
        if given is None or (given != "none" and read_int(given) == seat):
            raise Refusal("S16-R6", "Choose another player, or none.")
    elif given not in (None, "none"):
        if face == "block":
            raise Refusal("S16-R7", "A block face switches with nobody.")
        raise Refusal("S16-R7", "A blank face switches with nobody.")


def check_red(state: State, seat: int, given: Any) -> None:
    """S16-R5: a red switch swaps with the lowest other deck, if it is lower than the roller's; a
    tie names one of them; it is never declined ("none")."""
    candidates = red_candidates(state, seat)
    names = join_names([state.players[s] for s in candidates])
    if given is None and len(candidates) <= 1:
        return
    if not candidates:
        raise Refusal("S16-R5", "Nobody's top card is lower than yours: a red switch swaps with nobody.")
    if given is not None and given != "none" and read_int(given) in candidates:
        return
    if len(candidates) > 1:
        low = state.top_of(candidates[0])
        raise Refusal(
            "S16-R5", "{names} tie for the lowest top card ({low}); choose one of them.", names=names, low=low
        )
    raise Refusal("S16-R5", "A red switch swaps with the lowest top card: {name}.", name=names)


def green_switch(state: State, seat: int, target: int) -> None:
    """A target holding the chip in hand may refuse (S16-R8): the answer is awaited; else the swap."""
    if state.holder() == target:
        state.pending_green = target
        return
    swap(state, seat, target)
    end_turn(state, Text("{name}'s turn ended with the green switch.", name=state.players[seat]))


def red_switch(state: State, seat: int, partner: Any) -> None:
    """The red face swaps with the lowest deck, or with the seat named (a tie, or a table
    ruling: as entered, "none" too); the dice are ignored."""
    if partner == "none":
        return
    if partner not in NO_PARTNER:
        swap(state, seat, known(read_int(partner)))
        return
    candidates = red_candidates(state, seat)
    if candidates:
        swap(state, seat, candidates[0])
