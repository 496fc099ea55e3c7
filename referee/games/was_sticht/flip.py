"""Was Sticht dealer's bonus (section 4.9, WS-F1 to WS-F3): the dealer turns one uncompleted chip
of its own when it earned the bonus (section 5.5) and more than one chip could be turned."""

from __future__ import annotations

from typing import Any

from ..base import HOST, By, Refusal, Text, known, not_yours
from . import rules as ws
from .entries import Action, DealerEntry, chip_index
from .scoring import end_of_round, flip
from .state import FLIP, State


class DealerFlip(DealerEntry):
    """The chip the dealer turns."""

    type = "dealer_flip"
    restated_by = frozenset({"The dealer {name} turns “{chip}”."})  # the history shows this note in the entry's place

    def ready(self, state: State, seat: Any, by: By) -> None:
        if by not in (HOST, state.dealer) or seat != state.dealer:
            raise not_yours("WS-F1", "Only the dealer turns the bonus chip.")
        if state.phase != FLIP:
            raise Refusal("WS-F1", "The dealer did not fulfil a failed task this round.", overridable=False)

    def rules(self, state: State, action: Action, by: By) -> None:
        self.components(state, action, by)
        index = chip_index(state, known(state.dealer), action.get("chip"), "WS-F2")
        if index not in state.bonus_chips:
            # WS-F3 stays overridable: a house-rule block on an uncompleted chip of the dealer's own.
            raise Refusal(
                "WS-F3",
                "“{chip}” was shown by a player who succeeded.",
                chip=ws.CHIP_NAMES[state.chips[known(state.dealer)][index]["type"]],
            )

    def components(self, state: State, action: Action, by: By) -> None:
        """The chip is one of the dealer's own, not completed yet."""
        index = chip_index(state, known(state.dealer), action.get("chip"), "WS-F2")
        if state.chips[known(state.dealer)][index]["done"]:
            # WS-F2: not overridable: a completed chip is already turned; turning it again completes nothing.
            raise Refusal("WS-F2", "Choose one of your uncompleted chips.", overridable=False)

    def effect(self, state: State, action: Action) -> None:
        flip(state, chip_index(state, known(state.dealer), action["chip"], "WS-F2"))
        state.bonus_chips = []
        end_of_round(state)

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text("The dealer turns a chip")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type, "seat": state.dealer, "chip": index} for index in state.bonus_chips]
