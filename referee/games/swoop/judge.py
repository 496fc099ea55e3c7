"""How an accepted play or flip is judged (section 4.3): where the cards go, swoops and chains
(5.2, 5.3), pick-ups, who acts next, and the end of the hand when a player has no card left."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Text, counted, known, next_seat
from .ranks import COUNT_WORDS, is_higher, name_of_rank
from .state import CHAIN, DECLARE, FOLLOW, LEAD, SWOOP_CARDS, State


def judge(state: State, seat: int, ranks: list[str]) -> None:
    """Section 4.3: where the played cards go and who acts next (after a swoop: ``seat`` again)."""
    state.played, state.current = True, seat
    if not ranks:  # only under a table ruling (SW-R3 overridden)
        state.current, state.mode = next_seat(seat, state.seat_count), FOLLOW if state.pile else LEAD
        state.notes.append(Text("{name} played no card; the turn passes on.", name=state.players[seat]))
        return
    rank, n = ranks[0], len(ranks)
    if state.mode == CHAIN and chain_step(state, rank, n):
        end_if_out(state, seat)
        return
    if rank in SWOOP_CARDS:
        swoop_card(state, seat, rank, n)
    elif not state.pile:
        state.pile = list(ranks)
        four_of_a_kind(state, seat)
    elif is_higher(rank, state.pile[-1]):
        pick_up_pile(state, seat, extra=ranks)
        state.notes.append(Text("{name} played higher and picks up the pile.", name=state.players[seat]))
    else:
        state.pile += ranks
        four_of_a_kind(state, seat)
    end_if_out(state, seat)


def chain_step(state: State, rank: str, n: int) -> bool:
    """In a chain: complete the top run (it leaves play), or end the chain and lead."""
    top, k = state.top_run()
    overfill = state.options["overfill_swoops"] == "true"
    if rank == top and (k + n == 4 or (overfill and k + n >= 4)):
        del state.pile[-k:]
        state.out_count += k + n
        state.notes.append(Text("Chain swoop: the {ranks} leave play.", ranks=name_of_rank(rank, 2)))
        if not state.pile:
            state.mode = LEAD
        return True
    state.out_count += len(state.pile)
    state.pile, state.mode = [], LEAD
    state.notes.append(Text("This ends the chain: the rest of the pile is cleared and the cards start a new pile."))
    return False


def swoop_card(state: State, seat: int, rank: str, n: int) -> None:
    chain = state.options["chain_swoops"] == "true" and state.options["chain_after_swoop_card"] == "true"
    name, ranks = state.players[seat], name_of_rank(rank, n)
    if chain and state.pile:
        state.out_count += n
        state.mode = CHAIN
        if n > 1:
            note = Text(
                "Swoop! {n} {ranks} leave play; {name} may chain on the pile below.", n=n, ranks=ranks, name=name
            )
        elif rank == "10":
            note = Text("Swoop! The 10 leaves play; {name} may chain on the pile below.", name=name)
        else:
            note = Text("Swoop! The joker leaves play; {name} may chain on the pile below.", name=name)
        state.notes.append(note)
        return
    state.out_count += len(state.pile) + n
    state.pile, state.mode = [], LEAD
    if n > 1:
        note = Text("Swoop! {n} {ranks} clear the pile; {name} acts again.", n=n, ranks=ranks, name=name)
    elif rank == "10":
        note = Text("Swoop! The 10 clears the pile; {name} acts again.", name=name)
    else:
        note = Text("Swoop! The joker clears the pile; {name} acts again.", name=name)
    state.notes.append(note)


def four_of_a_kind(state: State, seat: int) -> None:
    """A top run of four (or more, overfilled) swoops; otherwise the turn passes left."""
    top, k = state.top_run()
    if k < 4:
        state.current, state.mode = next_seat(seat, state.seat_count), FOLLOW
        return
    del state.pile[-k:]
    state.out_count += k
    swooped = {"count": COUNT_WORDS.get(k, str(k)), "ranks": name_of_rank(known(top), k), "name": state.players[seat]}
    if state.pile and state.options["chain_swoops"] == "true":
        state.mode = CHAIN
        state.notes.append(
            Text(
                "Swoop! {count} {ranks} leave play; {name} may chain on the {below} below, or lead.",
                below=name_of_rank(state.pile[-1], 2),
                **swooped,
            )
        )
        return
    below = len(state.pile)
    state.out_count += below
    state.pile, state.mode = [], LEAD
    if below:
        state.notes.append(
            counted(
                "Swoop! {count} {ranks} leave play, and the {n} card below; {name} acts again.",
                "Swoop! {count} {ranks} leave play, and the {n} cards below; {name} acts again.",
                below,
                **swooped,
            )
        )
    else:
        state.notes.append(Text("Swoop! {count} {ranks} leave play; {name} acts again.", **swooped))


def pick_up_pile(state: State, seat: int, extra: Sequence[str] = ()) -> None:
    """The pile (and a higher play's cards) go to the hand, known to all; the left neighbour leads."""
    taken = state.pile + list(extra)
    state.hand_count[seat] += len(taken)
    state.known[seat] += taken
    state.pile, state.mode = [], LEAD
    state.current = next_seat(seat, state.seat_count)


def end_if_out(state: State, seat: int) -> None:
    """The hand ends the moment a player has no card at all (even in a chain)."""
    if state.cards_left(seat) == 0:
        state.phase, state.out_player, state.current = DECLARE, seat, None
        state.notes.append(Text("{name} is out: the others declare what they hold.", name=state.players[seat]))
