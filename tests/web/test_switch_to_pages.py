"""Switch To's board through the pages (issue 16): the penalty shown part by part after the
declarations, the ranks that beat the top play, the symbols explained, declarations in any order."""

from __future__ import annotations

import re

import pytest

from tests.helpers import Phone, text, visible

# After Ann's 5♣: few distinct ranks each, so that nobody reaches -50 and round 2 can start.
HANDS = ("2C 3C 4C 9C 9S 9H 9D", "2H 2D 2S 3H 3D 3S 4H 4D", "6H 6D 6S 7H 7D 7S 8H 8D")


@pytest.fixture
def host(app):
    phone = Phone(app)
    phone.open_table(["Ann", "Ben", "Cleo"])
    phone.look()
    return phone


def play_until_declarations(host: Phone):
    """Round 1: predictions (Ann 2, the others 1), Ann starts with 5♣, then the host ends it."""
    host.enter({"type": "start_round"})
    for seat, value in enumerate((2, 1, 1)):
        host.enter({"type": "predict", "seat": seat, "value": value})
    host.enter({"type": "start_player", "seat": 0})
    assert host.enter({"type": "play", "seat": 0, "cards": ["5C"]}).status_code == 200
    assert host.enter({"type": "end_round"}).status_code == 200


def declare_all(host: Phone):
    for seat, cards in enumerate(HANDS):
        assert host.enter({"type": "declare_hand", "seat": seat, "cards": cards.split()}).status_code == 200


def test_after_the_declarations_each_penalty_is_shown_part_by_part_until_the_next_round(host):
    play_until_declarations(host)
    declare_all(host)
    page = visible(host.client.get(f"/t/{host.code}"))
    # each still holds a play token (Ann predicted 2 and played once; the others predicted 1)
    assert "ranks 2 3 4 9: -18 · ● play token: -10" in page
    assert "ranks 2 3 4: -9 · ● play token: -10" in page
    assert "ranks 6 7 8: -21 · ● play token: -10" in page
    host.look()
    page = visible(host.enter({"type": "start_round"}))
    assert "ranks 2 3" not in page and "play token: -10" not in page


def test_the_symbols_of_cards_tokens_and_wilds_are_explained_where_they_are_shown(host):
    host.enter({"type": "start_round"})
    page = visible(host.enter({"type": "predict", "seat": 0, "value": 2}))
    assert "🂠 cards in hand · ● play tokens · ★ wild tokens" in page


def declare_forms(page: str) -> list[str]:
    """The seats of the declare_hand forms on a page, in page order."""
    return re.findall(r'name="type" value="declare_hand">\s*<input type="hidden" name="seat" value="(\d)"', page)


def test_the_host_declares_for_any_seat_in_any_order(host):
    play_until_declarations(host)
    assert declare_forms(host.look()) == ["0", "1", "2"]
    assert host.enter({"type": "declare_hand", "seat": 2, "cards": HANDS[2].split()}).status_code == 200
    page = text(host.enter({"type": "declare_hand", "seat": 1, "cards": HANDS[1].split()}))
    assert declare_forms(page) == ["0"]


def test_hands_declared_at_once_on_two_phones_both_land(host):
    play_until_declarations(host)
    board = host.seq
    assert host.enter({"type": "declare_hand", "seat": 2, "cards": HANDS[2].split()}).status_code == 200
    assert host.enter({"type": "declare_hand", "seat": 1, "cards": HANDS[1].split()}, seq=board).status_code == 200


def test_a_hand_that_would_go_on_top_but_clashes_with_it_is_stale_not_refused(host):
    """Ben's hand passed on the board his phone showed; on top of Cleo's (declared meanwhile, with
    the 6♥ Ben's entry names) it would not: the phone is told its board is stale, with the fresh
    one, not refused for a reason it could not see."""
    play_until_declarations(host)
    board = host.seq
    assert host.enter({"type": "declare_hand", "seat": 2, "cards": HANDS[2].split()}).status_code == 200
    clashing = ["6H", *HANDS[1].split()[1:]]
    stale = host.enter({"type": "declare_hand", "seat": 1, "cards": clashing}, seq=board)
    assert stale.status_code == 409 and "Nothing was recorded" in visible(stale)
    assert host.enter({"type": "declare_hand", "seat": 1, "cards": clashing}).status_code == 422


def marks_of(page: str, code: str) -> set[str]:
    """The classes of a card's cell in the play form's grid."""
    return set(
        re.search(rf'<label class="([^"]*)">\s*<input type="checkbox" name="cards" value="{code}"', page)
        .group(1)
        .split()
    )


def test_the_ranks_that_can_beat_the_top_play_are_marked_on_the_grid(host):
    host.enter({"type": "start_round"})
    for seat, value in enumerate((2, 1, 1)):
        host.enter({"type": "predict", "seat": seat, "value": value})
    page = text(host.enter({"type": "play", "seat": 0, "cards": ["5S", "5D"]}))
    # on a pair of 5s: a pair with a card above 5 (6 to 9), or three cards with one under 5 (2 to 4)
    for code in ("6H", "9C"):
        assert "beats-higher" in marks_of(page, code) and "beats-lower" not in marks_of(page, code)
    for code in ("2H", "4C"):
        assert "beats-lower" in marks_of(page, code) and "beats-higher" not in marks_of(page, code)
    assert not marks_of(page, "5H") & {"beats-higher", "beats-lower"}
    assert "beats it in a play of 2 cards" in visible_text(page) and "beats it in a play of 3 cards" in visible_text(
        page
    )


def visible_text(page: str) -> str:
    return re.sub(r"<[^>]+>", "", page)


def test_a_declaration_counts_against_the_cards_the_hand_holds(host):
    play_until_declarations(host)
    page = host.look()
    assert re.search(r'data-count-of="7"[^>]*>\s*<span data-count-done>0</span> of 7 cards', page)  # Ann played one
    assert page.count('data-count-of="8"') == 2
