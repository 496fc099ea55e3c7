"""Was Sticht play (section 4.8, WS-P1 to WS-P5): nine tricks from the drafted hands; the app
knows every hand, so it checks every card."""

from __future__ import annotations

from typing import Any

from ..base import HOST, By, Refusal, Text, Viewer, known
from . import rules as ws
from .entries import Action, SeatEntry, at_the_table
from .scoring import score_round
from .state import PLAY, TRICKS, State, hand, trick_cards, trick_shown


class Play(SeatEntry):
    """A card played to the trick by the seat in turn (or by any phone naming that seat)."""

    type = "play"

    def default_seat(self, state: State) -> int | None:
        return state.turn

    def read(self, state: State, action: Action, by: By) -> None:
        at_the_table(state, by)
        ws.parse_card(action.get("card"))

    def ready(self, state: State, seat: int, by: By) -> None:
        at_the_table(state, by)
        if state.phase != PLAY:
            if state.tricks and len(state.tricks) == TRICKS and state.tricks[-1]["winner"] is not None:
                raise Refusal("WS-P1", "The round is over.", overridable=False)
            raise Refusal("WS-P1", "Play starts once every task is shown.", overridable=False)
        if seat != state.turn:
            # WS-P2: not overridable: the play is recorded for the seat whose turn it is, one card per seat
            # and trick; another seat's card there would leave one hand a card short and another a card over.
            raise Refusal("WS-P2", "It is {name}'s turn.", overridable=False, name=state.name(state.turn))

    def rules(self, state: State, action: Action, by: By) -> None:
        self.components(state, action, by)
        card, seat = ws.parse_card(action.get("card")), known(state.turn)
        lead = led_card(state)
        legal = ws.legal_cards(hand(state, seat), lead, state.trumps, state.options["follow_model"])
        if card not in legal:
            # WS-P5 stays overridable: following is a legality rule; the card is the seat's own and unplayed.
            raise Refusal("WS-P5", follow_message(state, known(lead), legal if sees_hand(state, seat, by) else None))

    def components(self, state: State, action: Action, by: By) -> None:
        """The card is one the seat in turn drafted this round and has not played yet."""
        card, seat = ws.parse_card(action.get("card")), known(state.turn)
        if card not in state.picked[seat]:
            # WS-P3: not overridable: the draft is public, so the card is known to be elsewhere (WS-X5).
            raise Refusal("WS-P3", "You did not take {card} in this round's draft.", overridable=False, card=card)
        if card in state.played:
            # WS-P4: not overridable: a card is played once (WS-X2).
            raise Refusal(
                "WS-P4",
                "You already played {card} in trick {trick}.",
                overridable=False,
                card=card,
                trick=state.played[card],
            )

    def effect(self, state: State, action: Action) -> None:
        seat = known(state.turn)
        card = ws.parse_card(action["card"])
        trick = state.tricks[-1]
        trick["cards"].append([seat, card])
        state.played[card] = len(state.tricks)
        if len(trick["cards"]) < state.n:
            state.turn = (seat + 1) % state.n
            return
        trick["winner"] = trick["cards"][ws.winner_index(trick_cards(trick), known(state.trumps))][0]
        state.notes.append(
            Text("Trick {trick} goes to {name}.", trick=len(state.tricks), name=state.name(trick["winner"]))
        )
        if len(state.tricks) < TRICKS:
            state.turn = trick["winner"]
            state.tricks.append({"leader": trick["winner"], "cards": [], "winner": None})
            return
        tricks = {s: sum(t["winner"] == s for t in state.tricks) for s in range(state.n)}
        took: ws.Took = {
            s: {card[0] for t in state.tricks if t["winner"] == s for card in trick_cards(t)} for s in range(state.n)
        }
        state.turn = None
        score_round(state, tricks, took, state.tricks[-1]["winner"])

    def describe(self, state: State, action: Action, who: str) -> Text:
        return Text(
            "{who} played {card}",
            who=state.name(state.turn) if state.turn is not None else "?",
            card=str(action.get("card"))[:4],
        )

    def kept_from(self, before: State, action: Action, now: State, viewer: Viewer) -> Text | None:
        """A closed record shows the trick in progress and the last one completed; a seat knows
        its own cards, the host every hand (section 3)."""
        seat = before.turn
        if viewer == HOST or viewer == seat or trick_shown(before, now):
            return None
        return Text("{who} played a card", who=before.name(seat) if seat is not None else "?")

    def candidates(self, state: State) -> list[dict[str, Any]]:
        if state.phase != PLAY:
            return []
        cards = ws.legal_cards(
            hand(state, known(state.turn)), led_card(state), state.trumps, state.options["follow_model"]
        )
        return [{"type": self.type, "seat": state.turn, "card": card} for card in cards]


def led_card(state: State) -> str | None:
    trick = state.tricks[-1]
    return trick["cards"][0][1] if trick["cards"] else None


def sees_hand(state: State, seat: int | None, by: By) -> bool:
    """May the phone ``by`` see ``seat``'s hand? Its own, the host's, or any with the record open
    (the board shows no more: ``views.player_view``)."""
    return by in (seat, HOST) or state.options["open_record"] == "yes"


def follow_message(state: State, lead: str, legal: list[str] | None) -> Text:
    """WS-P5's words; ``legal`` None: entered from a phone that may not see the hand, so the words
    name the rule only, not the cards held (section 3, display rules; issue 25)."""
    if legal is None:
        return follow_rule(state, lead)
    held = " ".join(sorted(legal))
    if ws.is_trump(lead, known(state.trumps)):
        return Text("A trump was led: you must play a trump, colour or number (you hold {held}).", held=held)
    led, colour = ws.COLOUR_TITLES[lead[0]], ws.COLOUR_NAMES[lead[0]]
    if state.options["follow_model"] == "dual":
        return Text(
            "{led} was led: you must play a {colour} card (you hold {held}).", led=led, colour=colour, held=held
        )
    return Text(
        "{led} was led: you must play a {colour} card that is not a trump (you hold {held}).",
        led=led,
        colour=colour,
        held=held,
    )


def follow_rule(state: State, lead: str) -> Text:
    """WS-P5 without the hand: what must be followed."""
    if ws.is_trump(lead, known(state.trumps)):
        return Text("A trump was led: a trump, colour or number, must be played.")
    led, colour = ws.COLOUR_TITLES[lead[0]], ws.COLOUR_NAMES[lead[0]]
    if state.options["follow_model"] == "dual":
        return Text("{led} was led: a {colour} card must be played.", led=led, colour=colour)
    return Text("{led} was led: a {colour} card that is not a trump must be played.", led=led, colour=colour)
