"""The showdown (sections 5.5 and 5.6): once every active player has revealed, the hands are
scored (``scoring.py``), lives are lost one at a time, and the game ends or the next round is
dealt. A score-only tie in one suit first asks those players for their cards (SC-C6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from typing import Any

from ..base import Text, join_names, known
from ..cards import parse_card
from . import scoring
from .ledger import hand_value, points
from .state import OVER, SHOWDOWN, State, deal


def to_showdown(state: State) -> None:
    state.phase, state.turn = SHOWDOWN, None
    score_if_revealed(state)


def hand_of_reveal(state: State, seat: int) -> scoring.Hand:
    entry = state.reveals[str(seat)]
    if "cards" in entry:
        return hand_value(state, seat, entry["cards"])
    suit = entry["suit"] if entry["value"] not in (scoring.TRIPLE, scoring.FIRE) else None
    return scoring.declared_hand(seat, entry["value"], suit, entry["triple"])


def ask_cards_for_suit_ties(state: State, hands: list[scoring.Hand]) -> bool:
    """SC-C6: score-only hands equal in value and scoring suit are settled by their cards, so
    those players are asked for them. True while cards are still missing."""
    if state.options["tie_rule"] != "suit":
        return False
    tied = [
        h.seat
        for h in hands
        if h.triple is None
        and "cards" not in state.reveals[str(h.seat)]
        and any(o is not h and (o.value, o.suit) == (h.value, h.suit) for o in hands)
    ]
    state.cards_asked = tied
    if tied:
        names = join_names([state.players[s] for s in tied])
        state.notes.append(Text("{names} tie in value and suit: enter the cards to settle it.", names=names))
    return bool(tied)


def clashes(state: State) -> list[dict[str, Any]]:
    """SC-C2, once every hand is in: each card entered in two hands, with both seats. Reveals are
    checked against each other only now, when they are shown: checked one by one while hidden, a
    refusal would tell a phone what another hand holds (issue 25)."""
    first_seen: dict[str, int] = {}
    found: list[dict[str, Any]] = []
    for seat in sorted(state.reveals, key=int):
        for card in state.reveals[seat].get("cards", []):
            if card in first_seen:
                found.append({"card": card, "seats": [first_seen[card], int(seat)]})
            first_seen.setdefault(card, int(seat))
    return found


def clash_sentences(state: State) -> list[Text]:
    """What every phone reads while a clash holds the showdown: the card and both hands."""
    return [
        Text(
            "SC-C2: {card} is entered in both {first}'s and {second}'s hands: the host corrects one of "
            "them (on the board, or in History).",
            card=parse_card(clash["card"]).label,
            first=state.players[clash["seats"][0]],
            second=state.players[clash["seats"][1]],
        )
        for clash in state.clash
    ]


def clashes_settled(state: State) -> list[Text]:
    """The clashes holding the showdown, said as what a correction settled (its reason)."""
    return [
        Text(
            "SC-C2: {card} was entered in both {first}'s and {second}'s hands.",
            card=parse_card(clash["card"]).label,
            first=state.players[clash["seats"][0]],
            second=state.players[clash["seats"][1]],
        )
        for clash in state.clash
    ]


def score_if_revealed(state: State) -> None:
    """Once every active player has revealed: values, losses, swimming, elimination (5.5, 5.6).
    A card entered in two hands holds the showdown until the host corrects one (``clashes``)."""
    active = state.active()
    if any(str(s) not in state.reveals for s in active):
        return
    hands = [hand_of_reveal(state, s) for s in active]
    if ask_cards_for_suit_ties(state, hands):
        return
    state.clash = clashes(state)
    if state.clash:
        return
    lost = scoring.losses(hands, state.closer, state.options)
    lives, out = lose_lives(state.lives, state.out, lost)
    survivors = [s for s in active if not out[s]]
    state.result = round_result(state, hands, lost, lives, out)
    state.notes += state.result["warnings"]
    if not survivors:
        everyone_would_be_out(state, active)
        return
    state.lives, state.out = lives, out
    if len(survivors) == 1:
        state.phase, state.winners = OVER, survivors
        return
    deal(state, state.next_active(known(state.dealer)))


def everyone_would_be_out(state: State, active: list[int]) -> None:
    """5.6: nobody is put out. Either the round is void and dealt again by the same dealer,
    or (shared_win) those players share the win."""
    result = known(state.result)
    result.update(eliminated=[], swimming=[])
    if state.options["all_out"] == "replay":
        result["void"] = True
        state.notes.append(Text("Everyone would be out: the round is void and the same dealer deals again."))
        deal(state, known(state.dealer))
        return
    state.phase, state.winners = OVER, active
    state.notes.append(
        Text("Everyone would be out: {names} share the win.", names=join_names([state.players[s] for s in active]))
    )


def lose_lives(lives: list[int], out: list[bool], lost: Mapping[int, Sequence[str]]) -> tuple[list[int], list[bool]]:
    """5.6: one life at a time; a player at 0 who loses one more is out, and stays out."""
    lives, out = list(lives), list(out)
    for seat, reasons in lost.items():
        for _ in reasons:
            if out[seat]:
                break
            if lives[seat] > 0:
                lives[seat] -= 1
            else:
                out[seat] = True
    return lives, out


def round_result(
    state: State, hands: list[scoring.Hand], lost: Mapping[int, Sequence[str]], lives: list[int], out: list[bool]
) -> dict[str, Any]:
    """What the table sees after a showdown: every hand and value, who lost how many lives and
    why, who is now swimming and who is out, plus the SC-C7 closing warning."""
    seats = [h.seat for h in hands]
    values = {h.seat: h.value for h in hands}
    warnings = []
    closer = state.closer
    if closer is not None and state.options["minimum_score"] == "on" and values[closer] <= 20:
        warnings.append(
            Text(
                "SC-C7: {name} closed with {value} (20 or less): a closing error.",
                name=state.players[closer],
                value=points(values[closer]),
            )
        )
    return {
        "round": state.round,
        "hands": {str(s): state.reveals[str(s)].get("cards") for s in seats},
        "values": {str(s): v for s, v in values.items()},
        "losses": {str(s): r for s, r in lost.items() if r},
        "swimming": [s for s in seats if state.lives[s] > 0 and lives[s] == 0 and not out[s]],
        "eliminated": [s for s in seats if out[s]],
        "void": False,
        "warnings": warnings,
    }


def end_reason(view: dict[str, Any]) -> Text:
    """Section 5.6, read off the board: one player is left in, or those left share the win."""
    names = [view["players"][seat]["name"] for seat in view["winners"]]
    if len(names) == 1:
        return Text("{name} is the last player left in: everyone else is out.", name=names[0])
    return Text("Everyone would be out: {names} share the win.", names=join_names(names))
