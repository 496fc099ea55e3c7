"""Switch To ``predict`` and ``start_player`` (sections 2.3, 2.4, 4.1, 4.2): predictions, their
reveal as play tokens, and the start player.

A prediction is checked against what its phone may know, never against the others' hidden
predictions (issue 25): the supply of 40 tokens is checked when all are shown, as the table sees
it. Predictions of 0 to 10 always fit (4 x 10); only a ruling past ST-R1 can ask for more than
there is. Then the round waits (phase ``short``) until the host corrects a prediction: a house
reading of ours, since the rules file never lets the supply run short."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import By, Refusal, Text, join_names, known, not_yours, read_int, read_seat
from .entries import SwitchToMove, game_running
from .flow import begin_play, end_round, no_play_token_left
from .state import MAX_PREDICTION, PREDICT, SHORT, SHOWN, START_PLAYER, TOKEN_SUPPLY, State


class Predict(SwitchToMove):
    type = "predict"
    secret = True  # on its maker's phone until all are in
    any_order = True

    def not_theirs(self, name: str) -> Refusal:
        return not_yours("ST-C9", "Only {name} (or the host) can enter {name}'s prediction.", name=name)

    def now(self, state: State, seat: int) -> None:
        """ST-R2: predictions are open from the start of a round until all are in."""
        if state.phase == PREDICT:
            return
        if state.round and state.phase in SHOWN:
            raise Refusal("ST-R2", "Predictions are already revealed and cannot be changed.", overridable=False)
        raise Refusal("ST-R2", "Predictions open when the host starts a round.", overridable=False)

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        value = read_int(action.get("value"))
        if value is None or not 0 <= value <= MAX_PREDICTION:
            # ST-R1 may be waived (the table lets someone predict 11), within the tokens there are
            raise Refusal("ST-R1", "A prediction is a number from 0 to 10.")

    def components(self, state: State, action: Mapping[str, Any], by: By) -> None:
        """The tokens the prediction takes at the reveal: a whole number, none or more, and no
        more than the supply holds. The others' predictions are hidden from this phone, so the
        supply is checked against them only at the reveal (``reveal``)."""
        value = read_int(action.get("value"))
        if value is None or value < 0 or value > TOKEN_SUPPLY:
            raise Refusal("ST-R1", "A prediction is a number from 0 to 10.", overridable=False)

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        state.players[action["seat"]].prediction = read_int(action["value"])
        if all(p.prediction is not None for p in state.players):
            reveal(state)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{name} entered a prediction", name=who)

    def shown(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{name} predicted {value}", name=who, value=read_int(action.get("value")))

    def reveals(self, before: State, after: State) -> str | None:
        """The last prediction shows them all: undone, they could be made again knowing the others'."""
        return "ST-R2" if before.phase == PREDICT and after.phase != PREDICT else None

    def candidates(self, state: State) -> list[dict[str, Any]]:
        """Every value for every seat: a prediction may be replaced until all are in (ST-R2)."""
        if state.phase != PREDICT:
            return []
        return [
            {"type": self.type, "seat": seat, "value": value}
            for seat in range(state.seat_count)
            for value in range(MAX_PREDICTION + 1)
        ]


def reveal(state: State) -> None:
    """All predictions are in: each player takes that many play tokens; find the start player.
    Predictions that need more tokens than the supply holds wait for the host's correction."""
    if tokens_needed(state) > TOKEN_SUPPLY:
        state.phase = SHORT  # the board says why (``short_of_tokens``)
        return
    for player in state.players:
        player.play, player.wild = known(player.prediction), 0
    if no_play_token_left(state):
        end_round(state, "E1")
        return
    most = max(p.play for p in state.players)
    state.tied = [s for s, p in enumerate(state.players) if p.play == most]
    if len(state.tied) == 1:
        begin_play(state, state.tied[0])
    else:
        state.phase = START_PLAYER


def tokens_needed(state: State) -> int:
    return sum(p.prediction or 0 for p in state.players)


def short_of_tokens(state: State) -> Text | None:
    """Why a round waits with its predictions shown (phase ``short``), or None."""
    if state.phase != SHORT:
        return None
    return Text(
        "ST-R1: the predictions need {needed} play tokens and the supply holds {supply}: "
        "the host corrects a prediction in History.",
        needed=tokens_needed(state),
        supply=TOKEN_SUPPLY,
    )


class StartPlayer(SwitchToMove):
    """The winner of the rock-paper-scissors among those tied for most tokens, entered by anyone."""

    type = "start_player"
    for_seat = False  # any player enters it, for the winner's seat

    # an unreadable winner is cited before the phase
    checks = ("running", "allowed", "winner_read", "in_phase", "rules")

    def running(self, state: State, action: Mapping[str, Any], by: By) -> None:
        game_running(state)

    def allowed(self, state: State, action: Mapping[str, Any], by: By) -> None:
        self.permitted(state, None, by)

    def winner_read(self, state: State, action: Mapping[str, Any], by: By) -> None:
        read_seat(action, state.seat_count)

    def in_phase(self, state: State, action: Mapping[str, Any], by: By) -> None:
        self.now(state, None)

    def now(self, state: State, seat: None) -> None:
        if state.phase != START_PLAYER:
            raise Refusal(
                "ST-R3", "Nobody tied for the most tokens, so the start player is already set.", overridable=False
            )

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        seat = read_seat(action, state.seat_count)
        if seat not in state.tied:  # ST-R3 stays overridable: the rock-paper-scissors result is the table's word
            tied = join_names([state.name(s) for s in state.tied])
            raise Refusal("ST-R3", "Only {names} tied for the most tokens; the winner must be one of them.", names=tied)

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        begin_play(state, action["seat"])

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{name} won rock-paper-scissors and starts", name=who)

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return [{"type": self.type, "seat": seat} for seat in state.tied] if state.phase == START_PLAYER else []
