"""Switch To ``clear_table`` and ``end_round`` (section 4.5): the host's tools for a table that
stalls or disagrees with the app."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Refusal, Text
from .entries import SwitchToMove, round_running
from .flow import clear_table, end_round
from .state import State


class ClearTable(SwitchToMove):
    type = "clear_table"
    restated_by = frozenset(
        {"The host cleared the table (a table ruling)."}
    )  # the history shows this note in the entry's place
    for_seat = False
    host_only = True

    def now(self, state: State, seat: None) -> None:
        round_running(state)
        if not state.top:  # ST-R16 may be waived: a clear moves no card; it is a clear as any (E2 included)
            raise Refusal("ST-R16", "The table is already empty.")

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        state.notes.append(Text("The host cleared the table (a table ruling)."))
        clear_table(state)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("The host cleared the table")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type}]


class EndRound(SwitchToMove):
    type = "end_round"
    for_seat = False
    host_only = True

    def now(self, state: State, seat: None) -> None:
        round_running(state)

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        end_round(state, "ruling")

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("The host ended the round")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type}]
