"""Was Sticht trumps: the dealer's secret pair (WS-T1, WS-T2) and its reveal after the draft
(WS-V1, WS-V2), where the hints are checked against the pair shown (WS-X9, WS-X10)."""

from __future__ import annotations

from typing import Any

from ..base import HOST, By, Refusal, Text, known, not_yours
from . import rules as ws
from .entries import Action, DealerEntry, at_the_table
from .hints import hint_winner
from .state import COLUMNS, DRAFT, REVEAL, TASKS, TRUMPS, State, any_pick, current_column, start_round


class SetTrumps(DealerEntry):
    """The dealer types the two trump cards (mode app); secret until the reveal."""

    type = "set_trumps"
    secret = True

    def read(self, state: State, action: Action, by: By) -> None:
        dealer_only(state, state.dealer, by)
        ws.parse_trumps(action.get("colour"), action.get("number"))

    def ready(self, state: State, seat: Any, by: By) -> None:
        dealer_only(state, seat, by)
        if state.options["trump_entry"] != "app" or state.phase not in (TRUMPS, DRAFT) or any_pick(state):
            raise Refusal("WS-T2", "The trumps cannot change once the draft has begun.", overridable=False)

    def effect(self, state: State, action: Action) -> None:
        state.trumps = list(ws.parse_trumps(action.get("colour"), action.get("number")))  # missing: "-", as checked
        state.phase = DRAFT

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text("The dealer entered the trumps")

    def shown(self, state: State, action: Action, who: str) -> Text:
        return Text(
            "The dealer entered the trumps {trumps}",
            trumps="/".join(ws.parse_trumps(action.get("colour"), action.get("number"))),
        )

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [
            {"type": self.type, "seat": state.dealer, "colour": colour, "number": number}
            for colour, number in ws.TRUMP_PAIRS
        ]


class Reveal(DealerEntry):
    """The trumps turned up after the draft: mode app, the stored pair (or the pair shown, if
    it differs); mode paper, the pair shown, entered by any phone."""

    type = "reveal"

    def ready(self, state: State, seat: Any, by: By) -> None:
        at_the_table(state, by)
        if state.phase != DRAFT and state.phase != REVEAL:
            raise Refusal("WS-X13", "The trumps are revealed after the card draft.", overridable=False)
        column = current_column(state)
        if column <= COLUMNS:
            raise Refusal(
                "WS-V1", "The draft is not finished: column {column} is still open.", overridable=False, column=column
            )
        if state.options["trump_entry"] == "app" and by not in (HOST, state.dealer) or seat != state.dealer:
            raise not_yours("WS-V1", "Only the dealer reveals the trumps.")

    def seat_only(self, state: State) -> bool:
        """Mode app: the dealer turns up the pair only that phone has seen (mode paper: any phone
        enters the pair shown)."""
        return state.options["trump_entry"] == "app"

    def rules(self, state: State, action: Action, by: By) -> None:
        if state.options["trump_entry"] == "paper" and not shown_pair(action):
            # Section 4.6, mode paper: "the pair shown is entered here"; the app has no other. A
            # reveal without it is malformed (WS-X1), as a trump outside its pile is.
            raise Refusal("WS-X1", "Enter the two trump cards shown: colour and number.", overridable=False)
        if shown_pair(action):
            ws.parse_trumps(action.get("colour"), action.get("number"))

    def effect(self, state: State, action: Action) -> None:
        """The trumps become public; hints that the shown pair contradicts are listed (WS-X9/X10)."""
        shown = (
            list(ws.parse_trumps(action.get("colour"), action.get("number"))) if shown_pair(action) else state.trumps
        )
        rule = "WS-X9" if state.options["trump_entry"] == "paper" else "WS-X10"
        if rule == "WS-X10" and shown != state.trumps:
            state.notes.append(
                Text("WS-X10: the trumps shown ({trumps}) differ from those entered.", trumps="/".join(known(shown)))
            )
        state.trumps, state.revealed = shown, True
        state.flags = [
            Text(
                "{rule}: Column {column}: announced {announced}, correct {correct}.",
                rule=rule,
                column=c,
                announced=state.name(col["hint"]),
                correct=state.name(hint_winner(state, c, shown)),
            )
            for c, col in enumerate(state.columns, 1)
            if hint_winner(state, c, shown) != col["hint"]
        ]
        state.notes += state.flags
        if state.flags and state.options["wrong_hint"] == "void_round":
            state.notes.append(Text("A hint was wrong: the round is void and dealt again."))
            start_round(state)
            return
        state.phase = TASKS

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text("The trumps are revealed")

    def reveals(self, before: State, after: State) -> str | None:
        """The trumps are public now (also when a wrong hint voids the round): no undo."""
        return "WS-V1"

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """Mode app: the stored pair, and another pair shown instead (WS-X10); mode paper: every pair."""
        reveal = {"type": self.type, "seat": state.dealer}
        pairs = [{**reveal, "colour": colour, "number": number} for colour, number in ws.TRUMP_PAIRS]
        if state.options["trump_entry"] == "app":
            return [reveal] + [pair for pair in pairs if [pair["colour"], pair["number"]] != state.trumps][:1]
        return pairs


def dealer_only(state: State, seat: Any, by: By) -> None:
    """WS-T1: the trumps are the dealer's, entered on the dealer's phone (or the host's)."""
    if by not in (HOST, state.dealer) or seat != state.dealer:
        raise not_yours("WS-T1", "Only the dealer enters the trumps.")


def shown_pair(action: Action) -> bool:
    """Does the reveal name the pair shown? (Mode app: only when it differs from the stored one.)"""
    return action.get("colour") is not None or action.get("number") is not None
