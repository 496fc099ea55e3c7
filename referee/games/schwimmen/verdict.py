"""The showdown in words (issue 16): who lost how many lives and why, and where a tie was settled
by suit or by the cards, which suit beat which ("♠ beats ♥ at 29"). Read from the stored result
(``showdown.round_result``), so a board says it without the state keeping more."""

from __future__ import annotations

from typing import Any

from ..base import Text, known
from ..cards import SUIT_SYMBOLS, parse_card
from . import scoring
from .ledger import points


def verdict(result: dict[str, Any] | None, players: list[str], options: dict[str, Any]) -> list[Text]:
    """One sentence per player who lost lives, then the tie-breaks that decided who."""
    if not result or result.get("void"):
        return []
    said = []
    for seat, reasons in result["losses"].items():
        name, value = players[int(seat)], points(result["values"][seat])
        why = reasons_said(reasons)
        if len(reasons) == 1:
            said.append(Text("{name} loses a life: {value}, {reason}", name=name, value=value, reason=why))
        else:
            said.append(
                Text("{name} loses {n} lives: {value}, {reason}", name=name, n=len(reasons), value=value, reason=why)
            )
    return said + tie_breaks(result, options)


def reasons_said(reasons: list[Text]) -> Text:
    """'20 or less', or two different reasons joined ('20 or less and closed and alone lowest')."""
    distinct = list({str(r): r for r in reasons}.values())
    said = distinct[0]
    for reason in distinct[1:]:
        said = Text("{names} and {last}", names=said, last=reason)
    return said


def tie_breaks(result: dict[str, Any], options: dict[str, Any]) -> list[Text]:
    """For each player who lost a life as lowest hand while another hand of the same value did
    not: what settled it, when both hands' cards are known."""
    lowest = str(scoring.LOWEST_HAND)
    losers = {seat for seat, reasons in result["losses"].items() if any(str(r) == lowest for r in reasons)}
    said = []
    for loser in sorted(losers):
        value = result["values"][loser]
        spared = [seat for seat, v in result["values"].items() if v == value and seat not in losers]
        for other in spared:
            lost_hand, kept_hand = hand(result, loser, options), hand(result, other, options)
            if lost_hand is None or kept_hand is None or lost_hand.triple or kept_hand.triple:
                continue
            if lost_hand.suit != kept_hand.suit:
                said.append(
                    Text(
                        "{winner} beats {loser} at {value}",
                        winner=SUIT_SYMBOLS[known(kept_hand.suit)],
                        loser=SUIT_SYMBOLS[known(lost_hand.suit)],
                        value=points(value),
                    )
                )
            else:
                said.append(
                    Text(
                        "Higher cards in {suit} win the tie at {value}",
                        suit=SUIT_SYMBOLS[known(kept_hand.suit)],
                        value=points(value),
                    )
                )
    return said


def hand(result: dict[str, Any], seat: str, options: dict[str, Any]) -> scoring.Hand | None:
    cards = (result.get("hands") or {}).get(seat)
    if not cards:
        return None
    return scoring.hand_of(int(seat), [parse_card(c) for c in cards], options["three_of_a_kind"])
