"""Switch To ``play`` (section 4.3): cards and at most one wild onto the table, for a play token.

Checks in the order the rules cite them: ST-C9, ST-R4, ST-C1, ST-C2, ST-C3, ST-C4, then ST-R5 to
ST-R14 (and ST-R15: no flip with a play).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..base import By, Refusal, Text, counted, known, next_seat, not_yours, read_seat
from .entries import SwitchToMove, check_turn
from .flow import (
    HAND_AT_0,
    PLAY_TOKENS_AT_0,
    WILD_TOKENS_AT_0,
    begin_play,
    check_flip_held,
    end_round,
    flip,
    no_play_token_left,
    spend,
)
from .notation import Play, beat_marks, check_cards_exist, form_of, parse_play, said, split_tokens_safe
from .play_candidates import candidate_plays, follows
from .state import FLIPS, PLAY, START_PLAYER, Player, State


class PlayCards(SwitchToMove):
    type = "play"

    def not_theirs(self, name: str) -> Refusal:
        return not_yours("ST-C9", "Only {name} (or the host) can enter {name}'s play.", name=name)

    def now(self, state: State, seat: int) -> None:
        check_turn(state, seat)

    def ready(self, state: State, seat: Any, by: By) -> None:
        """In turn, holding a play token and a card, and some play of the cards nobody has played
        yet would pass (after eight diamonds, without a wild, none does): else the player can only
        pass. Refuses with the first candidate's refusal."""
        seat = self.prerequisites(state, seat, by)
        player = state.players[seat]
        check_play_token(player)
        check_hand_not_empty(player)
        first = None
        for entry in self.plays_for(state, seat):
            try:
                return self.check(state, entry, by)
            except Refusal as refusal:
                first = first or refusal
        raise first or hand_is_empty()

    def plays_for(self, state: State, seat: int) -> Iterator[dict[str, Any]]:
        """The candidate plays ``seat`` could make: no more cards than the hand, no more wilds than
        its wild tokens, and on a play one that beats it (ST-R7, R9, R12 to R14, written again
        only to skip the candidates ``check`` would refuse: the boards ask this on every poll)."""
        player = state.players[seat]
        by_size = candidate_plays(state)
        if state.top:
            top = parse_play(state.top)
            beats = follows(top, state.options["compare"])
            found = (c for size in (top.size, top.size + 1) for c in by_size.get(size, ()) if beats(c))
        else:
            found = (c for plays in by_size.values() for c in plays)
        for candidate in found:
            if candidate.real <= player.hand and candidate.wilds <= player.wild:
                yield {"type": self.type, "seat": seat, "cards": candidate.cards}

    def rules(self, state: State, action: Mapping[str, Any], by: By) -> None:
        play = parse_play(action.get("cards"))
        check_cards_exist(state, play.cards)
        check_tokens_and_hand(state.players[read_seat(action, state.seat_count)], play)
        check_form(play)
        if state.top:
            check_beats(state, play, parse_play(state.top))
        check_no_flip(action.get("flip"))

    def components(self, state: State, action: Mapping[str, Any], by: By) -> None:
        """A play as a ruling would apply it: readable, real cards once each, held by the player,
        and the token a flip with it turns still there after the play."""
        play = parse_play(action.get("cards"))
        check_cards_exist(state, play.cards)
        player = state.players[read_seat(action, state.seat_count)]
        check_held(player, play)
        if action.get("flip") in FLIPS:
            check_flip_held(player.play - 1, player.wild - len(play.wilds), action["flip"])

    def effect(self, state: State, action: Mapping[str, Any]) -> None:
        seat = action["seat"]
        if state.phase == START_PLAYER:  # a ruling: the table let this seat start
            begin_play(state, seat)
        player = state.players[seat]
        play = parse_play(action.get("cards"))  # a ruling may apply a play entered without cards
        player.play = spend(state, player.play, 1, PLAY_TOKENS_AT_0)
        player.wild = spend(state, player.wild, len(play.wilds), WILD_TOKENS_AT_0)
        player.hand = spend(state, player.hand, len(play.cards), HAND_AT_0)
        if action.get("flip") in FLIPS:  # a ruling: a flip with the play
            flip(state, player, action["flip"])
        for card in play.cards:
            state.played[card.code] = seat
        state.top, state.top_by, state.leader = play.in_rank_order, seat, seat
        state.passes = state.idle_passes = 0
        if no_play_token_left(state):
            end_round(state, "E1")
        else:
            state.turn = next_seat(seat, state.seat_count)

    def describe(self, state: State, action: Mapping[str, Any], who: str) -> Text:
        return Text("{name} played {cards}", name=who, cards=said(split_tokens_safe(action.get("cards"))))

    def candidates(self, state: State) -> list[dict[str, Any]]:
        return list(self.plays_for(state, known(state.turn))) if state.phase == PLAY else []


def check_tokens_and_hand(player: Player, play: Play) -> None:
    """ST-R5 to ST-R9."""
    check_play_token(player)
    if not play.cards:
        # ST-R6 stays overridable: a play of no card or of a wild alone moves no card that is not there.
        if not play.wilds:
            raise Refusal("ST-R6", "Tap the cards you play: a play holds at least one card.")
        raise Refusal("ST-R6", "A wild token cannot be played on its own; add at least one card.")
    check_hand_size(player, play)
    if len(play.wilds) > 1:
        # ST-R8 stays overridable: a table may allow two wilds, but only as many as the player holds
        # (components: check_held).
        raise Refusal("ST-R8", "Only one wild token may be used in a play.")
    if play.wilds and player.wild < 1:
        # ST-R9: not overridable: a wild in a play is a token the player turns in; no ruling makes one.
        raise Refusal("ST-R9", "You hold no wild token; you can flip one when you pass.", overridable=False)


def check_no_flip(chosen: Any) -> None:
    """ST-R15: a flip exists only inside a pass. A table may allow one with a play (the token it
    turns must be there: components); what is not a flip at all cannot be applied."""
    if chosen:
        raise Refusal("ST-R15", "Only one token can be flipped, and only when you pass.", overridable=chosen in FLIPS)


def check_play_token(player: Player) -> None:
    if player.play < 1:
        # ST-R5 stays overridable: the table may waive the cost; the count stops at 0 (section 4.6).
        raise Refusal("ST-R5", "You have no play token left, so you can only pass.")


def check_hand_not_empty(player: Player) -> None:
    if player.hand == 0:
        raise hand_is_empty()


def hand_is_empty() -> Refusal:
    return Refusal("ST-R7", "Your hand is empty, so you can only pass.", overridable=False)


def check_hand_size(player: Player, play: Play) -> None:
    if len(play.cards) > player.hand:
        # ST-R7: not overridable: the hand count is exact (8 dealt, every play entered); a ruling would
        # play cards the hand does not hold.
        check_hand_not_empty(player)
        raise Refusal(
            "ST-R7",
            counted("You have only {n} card in hand.", "You have only {n} cards in hand.", player.hand),
            overridable=False,
        )


def check_held(player: Player, play: Play) -> None:
    """What a play takes from the player exists: the cards (ST-R7) and the wild tokens (ST-R9)."""
    check_hand_size(player, play)
    if len(play.wilds) > player.wild:
        raise Refusal("ST-R9", "You hold no wild token; you can flip one when you pass.", overridable=False)


def check_form(play: Play) -> None:
    """ST-R10 and ST-R11."""
    form = form_of(play)
    if form is None:  # ST-R10 to ST-R14 stay overridable: what may be played, not what exists
        raise Refusal(
            "ST-R10", "These cards are neither a set (same number) nor a run (same suit, consecutive numbers)."
        )
    if form == "set" and play.wilds and len({c.suit for c in play.cards}) == 4:
        raise Refusal("ST-R11", "A set cannot hold five cards of the same number.")


def check_beats(state: State, play: Play, top: Play) -> None:
    """ST-R12 to ST-R14: same size with a higher card, or one more card with a lower one."""
    above, below = beat_marks(top, state.options["compare"])
    n = top.size
    if play.size == n:
        if max(play.ranks) <= above:
            raise Refusal(
                "ST-R13",
                counted(
                    "With {n} card you need a card higher than {rank}.",
                    "With {n} cards you need a card higher than {rank}.",
                    n,
                    rank=above,
                ),
            )
    elif play.size == n + 1:
        if min(play.ranks) >= below:
            raise Refusal(
                "ST-R14",
                counted(
                    "With {n} card you need a card lower than {rank}.",
                    "With {n} cards you need a card lower than {rank}.",
                    n + 1,
                    rank=below,
                ),
            )
    else:
        raise Refusal(
            "ST-R12",
            counted(
                "The table shows {n} card: play {n} card with one higher than {above}, "
                "or {more} cards with one lower than {below}.",
                "The table shows {n} cards: play {n} cards with one higher than {above}, "
                "or {more} cards with one lower than {below}.",
                n,
                more=n + 1,
                above=above,
                below=below,
            ),
        )


def beating_ranks(state: State) -> dict[str, list[int]]:
    """The ranks of the cards that can be the one that beats the top play, in some play the seat in
    turn could still make (public information only, as ``plays_for``): ``higher`` with as many
    cards (a card above the mark), ``lower`` with one more card (a card under it). Empty while
    nothing is on the table or nobody is to play."""
    if state.phase != PLAY or not state.top or state.turn is None:
        return {"higher": [], "lower": []}
    top = parse_play(state.top)
    above, below = beat_marks(top, state.options["compare"])
    higher: set[int] = set()
    lower: set[int] = set()
    for entry in PlayCards().plays_for(state, state.turn):
        play = parse_play(entry["cards"])
        ranks = [card.rank for card in play.cards]
        if play.size == top.size:
            higher.update(rank for rank in ranks if rank > above)
        else:
            lower.update(rank for rank in ranks if rank < below)
    return {"higher": sorted(higher), "lower": sorted(lower)}
