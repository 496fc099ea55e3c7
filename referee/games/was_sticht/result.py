"""Was Sticht score-only rounds (section 4.10, WS-Q1 to WS-Q4): the round's result instead of
the draft and the tricks: tricks per seat, the last trick, and who took a colour."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, known, read_int, unreadable
from . import rules as ws
from .entries import Action, Entry, at_the_table
from .scoring import score_round
from .state import RESULT, TRICKS, State

TRICK_PATTERNS = {
    3: ([3, 3, 3], [9, 0, 0], [4, 3, 2], [0, 1, 8]),
    4: ([3, 2, 2, 2], [9, 0, 0, 0], [4, 3, 1, 1], [0, 1, 2, 6]),
}


class RoundResult(Entry):
    """Score only: the round's tricks per seat, the seat that won the last, and the colours taken."""

    type = "round_result"
    for_seat = False

    def ready(self, state: State, seat: Any, by: By) -> None:
        at_the_table(state, by)
        if state.phase != RESULT:
            raise Refusal(
                "WS-Q1", "A round result is entered once the tasks are shown, in score-only mode.", overridable=False
            )

    def rules(self, state: State, action: Action, by: By) -> None:
        tricks = action.get("tricks")
        if not isinstance(tricks, list) or len(tricks) != state.n or any(read_int(t) is None for t in tricks):
            raise unreadable("Enter each seat's tricks, in seat order.")
        counts = [known(read_int(t)) for t in tricks]
        last = read_int(action.get("last"))
        if last is None or not 0 <= last < state.n:
            raise unreadable("Name the seat that won the last trick.")
        took = read_took(action.get("took"))  # everything is read before a refusal a ruling may override
        # WS-Q2 to WS-Q4 are not overridable: they are what 9 tricks of 36 cards allow, not rules a
        # table may waive (nine tricks, each won by one seat; the last by a seat with a trick; 7 tricks
        # of 4 cards hold every colour, as a colour has 9 cards).
        if any(not 0 <= c <= TRICKS for c in counts) or sum(counts) != TRICKS:
            raise Refusal("WS-Q2", "The trick counts add up to {total}, not 9.", overridable=False, total=sum(counts))
        if counts[last] == 0:
            raise Refusal(
                "WS-Q3",
                "{name} cannot have won the last trick with 0 tricks.",
                overridable=False,
                name=state.name(last),
            )
        check_colour_answers(state, counts, took)

    def effect(self, state: State, action: Action) -> None:
        tricks = {s: known(read_int(t)) for s, t in enumerate(action["tricks"])}
        score_round(state, tricks, read_took(action.get("took")), known(read_int(action["last"])))

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text("The round's result is entered")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """A sample of trick counts (each pattern turned round the table), the last trick to the
        most or the fewest tricks won, every seat with tricks having taken every colour or none."""
        results = []
        for pattern in TRICK_PATTERNS[state.n]:
            for turn in range(state.n):
                counts = pattern[turn:] + pattern[:turn]
                winners = [seat for seat in range(state.n) if counts[seat]]
                every = {str(seat): list(ws.COLOURS) for seat in winners}
                none: dict[str, list[str]] = {str(seat): [] for seat in winners}
                for last in {max(winners, key=lambda s: counts[s]), min(winners, key=lambda s: counts[s])}:
                    results += [
                        {"type": self.type, "tricks": counts, "last": last, "took": took} for took in (every, none)
                    ]
        return results


def check_colour_answers(state: State, counts: list[int], took: ws.Took) -> None:
    """WS-Q4: "every required answer is given" (left out is not "no"; a seat without a trick took
    no card, so it needs none), and with 4 players 7 tricks or more took every colour."""
    asked = asked_colours(state)
    for seat, colours in asked.items():
        if counts[seat] and seat not in took:
            raise Refusal(
                "WS-Q4",
                "Say whether {name} took a {colour} card.",
                overridable=False,
                name=state.name(seat),
                colour=ws.COLOUR_NAMES[colours[0]],
            )
    for seat, colours in asked.items():
        if state.n == 4 and counts[seat] >= 7 and any(c not in took.get(seat, set()) for c in colours):
            raise Refusal(
                "WS-Q4",
                "{name} won 7 or more tricks, so {name} took every colour.",
                overridable=False,
                name=state.name(seat),
            )


def read_took(raw: Any) -> ws.Took:
    """For each seat answered, the colours it took (``[]`` or ``"-"``: none)."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise unreadable("took: for each seat, the colours it took (e.g. {example}).", example='{"2": ["R"]}')
    took: ws.Took = {}
    for seat, colours in raw.items():
        colours = list(colours) if isinstance(colours, (list, str)) else []
        took[read_int(seat)] = {str(c).upper() for c in colours}
    return took


def took_questions(state: State) -> list[dict[str, Any]]:
    """What a score-only result must say besides tricks (section 5.4): for each shown "no
    <colour>" task, whether its owner took a card of that colour, and whether the dealer did
    (the dealer's bonus is met by meeting another player's task)."""
    asked = []
    for seat, chosen in sorted(state.tasks.items(), key=lambda item: int(item[0])):
        chip = state.chips[int(seat)][chosen]["type"]
        if chip.startswith("NO_"):
            asked += [{"seat": s, "colour": chip[3]} for s in dict.fromkeys([int(seat), state.dealer])]
    return asked


def asked_colours(state: State) -> dict[int, list[str]]:
    """The took questions by seat: the colours each seat is asked about."""
    asked: dict[int, list[str]] = {}
    for question in took_questions(state):
        asked.setdefault(question["seat"], []).append(question["colour"])
    return asked
