"""Swoop through the phone pages: face-up rows by rank, one-tap plays, chains, flips, pick-ups,
refusals with their rule, declarations by counts, the score sheet."""

from __future__ import annotations

import re

from tests.helpers import Phone, seat_phone, text

UPS = [["K", "9", "9", "3"], ["Q", "8", "5", "2"], ["J", "6", "4", "A"]]


def open_swoop(app, **options) -> Phone:
    host = Phone(app)
    host.open_table(["Ann", "Ben", "Cem"], "swoop", **options)
    host.look()
    return host


def enter_face_up(host: Phone, seat: int, ranks: list[str]) -> None:
    response = host.enter({"type": "set_face_up", "seat": str(seat), **{f"ranks#{i}": r for i, r in enumerate(ranks)}})
    assert response.status_code == 200, text(response)


def face_up(host: Phone, ups=UPS, starter="0") -> str:
    for seat, ranks in enumerate(ups):
        enter_face_up(host, seat, ranks)
    return text(host.enter({"type": "set_starter", "seat": starter}))


def plain(page: str) -> str:
    """The page's words without tags, spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def test_setting_up_a_hand(app):
    host = open_swoop(app)
    page = host.look()
    assert "Ann: face-up cards" in page and "Who starts hand 1" in page
    assert plain(page).count("face-up cards not entered yet") == 3
    assert "Hand 1 · face-up cards to enter: Ann, Ben, Cem." in plain(page)
    enter_face_up(host, 1, UPS[1])
    assert "face-up cards to enter: Ann, Cem." in plain(host.look())
    response = host.enter({"type": "set_face_up", "seat": "1", **{f"ranks#{i}": r for i, r in enumerate(UPS[1])}})
    assert response.status_code == 422 and "SW-C8" in text(response)
    enter_face_up(host, 0, UPS[0])
    enter_face_up(host, 2, UPS[2])
    assert "who starts? The host enters the player who drew highest." in plain(host.look())
    page = text(host.enter({"type": "set_starter", "seat": "0"}))
    words = plain(page)
    assert "Hand 1 · Ann leads" in words and "Pile empty: Ann leads" in words
    assert 'aria-label="slot 2: 9"' in page and words.count("🂠 11") == 3


def test_the_acting_seat_sees_its_forms_and_the_others_see_whose_turn(app):
    host = open_swoop(app)
    face_up(host)
    ann, ben = seat_phone(app, host, 0), seat_phone(app, host, 1)
    page = ann.look()
    for button in ("Swoop with a 10", "Swoop with a joker", "Play the K in slot 1", "Play the 9 in slot 2", ">Play<"):
        assert button in page
    assert "Pick up the pile" not in page  # nothing to pick up on an empty pile
    page = ben.look()
    assert "Waiting for Ann" in page and 'name="rank"' not in page and "Swoop with a 10" not in page
    page = text(ann.enter({"type": "play", "seat": "0", "rank": "9", "hand": "1", "up": ["up2", "up3"]}))
    assert "Waiting for Ben" in page and "top 9 ×3" in plain(page)
    page = ben.look()
    assert "Pick up the pile (3)" in page and "(9 or lower; dashed ones are higher and pick up)" in page
    assert re.search(r'class="chip higher"><input type="radio" name="rank" value="J"', page)
    assert not re.search(r'class="chip higher"><input type="radio" name="rank" value="8"', page)


def test_a_refusal_shows_its_rule_and_the_host_may_rule(app):
    host = open_swoop(app)
    face_up(host)
    host.enter({"type": "play", "seat": "0", "rank": "9", "hand": "1", "up": ["up2", "up3"]})
    response = host.enter({"type": "play", "seat": "1", "rank": "9", "hand": "2"})
    assert response.status_code == 422
    page = text(response)
    assert "SW-R7" in page and "3 nines are already on top: Ben may add only 1 more." in page  # said about Ben
    assert "Accept anyway as a table ruling" in page
    ben = seat_phone(app, host, 1)
    page = text(ben.enter({"type": "pass", "seat": "1"}))
    assert "SW-R13" in page and "Accept anyway" not in page


def test_a_whole_hand_through_the_forms(app):
    host = open_swoop(app, target="100")
    face_up(host)
    words = plain(text(host.enter({"type": "play", "seat": "0", "rank": "9", "hand": "1", "up": ["up2", "up3"]})))
    assert "Ben to play" in words
    words = plain(text(host.enter({"type": "play", "seat": "1", "rank": "8", "hand": "2", "up": ["up2"]})))
    assert "Swoop!" not in words and "top 8 ×3" in words
    page = text(host.enter({"type": "play", "seat": "2", "rank": "8", "hand": "1"}))
    words = plain(page)  # four 8s on top of three 9s: Cem swoops, and may chain on the 9s
    assert "Swoop! Four eights leave play; Cem may chain on the nines below, or lead." in words
    assert "Cem swooped: chain or lead" in words and "Chain: 1 × 9 from the hand" in words
    assert "any other play ends your chain" in words.lower() and "End the chain" in words
    words = plain(text(host.enter({"type": "play", "seat": "2", "rank": "9", "hand": "1"})))
    assert "Chain swoop: the nines leave play." in words and "Cem leads" in words and "8 swooped out" in words
    host.enter({"type": "play", "seat": "2", "rank": "4", "hand": "0", "up": "up3"})
    words = plain(text(host.enter({"type": "play", "seat": "0", "rank": "K", "hand": "0", "up": "up1"})))
    assert "Ann played higher and picks up the pile." in words and "Ben leads" in words
    host.enter({"type": "play", "seat": "1", "rank": "JK", "hand": "1"})
    host.enter({"type": "play", "seat": "1", "rank": "5", "hand": "0", "up": "up3"})
    page = text(host.enter({"type": "pick_up", "seat": "2"}))
    assert "Cem picks up the pile (1 card)." in page
    page = host.look()
    assert "Ann: flip a mystery card" in page
    words = plain(
        text(host.enter({"type": "flip", "seat": "0", "slot": "1", "rank": "3", "add_hand": "1", "add_up": "up4"}))
    )
    assert "top 3 ×3" in words and "Ben to play" in words
    history = plain(host.client.get(f"/t/{host.code}/history").get_data(as_text=True))
    assert "Ann flipped mystery card 1: 3, with 2× 3 from the hand and face-up slot 4" in history
    assert "Cem played 8 from the hand · Swoop! Four eights leave play" in history


def test_going_out_and_declaring_by_counts(app):
    host = open_swoop(app, target="100")
    face_up(host, ups=[["9", "9", "9", "9"], ["Q", "8", "5", "2"], ["J", "6", "4", "A"]])
    for fields in (
        {"rank": "10", "hand": "4"},
        {"rank": "JK", "hand": "4"},
        {"rank": "9", "hand": "0", "up": ["up1", "up2", "up3", "up4"]},
    ):
        host.enter({"type": "play", "seat": "0", **fields})
    host.enter({"type": "flip", "seat": "0", "slot": "1", "rank": "7", "add_hand": "3"})
    for slot in ("2", "3", "4"):
        page = text(host.enter({"type": "flip", "seat": "0", "slot": slot, "rank": "10"}))
    words = plain(page)
    assert "Ann is out: the others declare what they hold." in words and 'name="hand.K"' in page
    assert "Ben: how many of each rank in your hand (11 cards)?" in words
    assert "Face-up cards still showing count too: Q 8 5 2." in words
    assert (
        '<button class="btn primary" form="bar-declare_remaining-1">Declare Ben\'s cards</button>' in page
    )  # in the bar
    declare = form_with(
        page, 'id="bar-declare_remaining-1"'
    )  # issue 16: one tap per card on the rank, no keyboard needed
    assert declare.count('data-step="1"') == declare.count('data-step="-1"') == 14
    assert re.search(
        r'<div class="stepper"><button type="button" class="btn step-add" data-step="1"[^>]*>K</button>'
        r'<input[^>]*name="hand.K"',
        declare,
    )
    response = host.enter({"type": "declare_remaining", "seat": "1", "hand.K": "4", "mystery#0": "2"})
    assert response.status_code == 422 and "SW-C4" in text(response)
    page = text(
        host.enter(
            {
                "type": "declare_remaining",
                "seat": "1",
                "hand.K": "4",
                "hand.Q": "3",
                "hand.8": "3",
                "hand.5": "1",
                "hand.10": "",
                "mystery#0": "2",
                "mystery#1": "2",
                "mystery#2": "3",
                "mystery#3": "3",
            }
        )
    )
    assert "= 134" in plain(page) and "Cem: how many of each rank" in plain(page)
    page = text(
        host.enter(
            {
                "type": "declare_remaining",
                "seat": "2",
                "hand.A": "4",
                "hand.3": "3",
                "hand.4": "3",
                "hand.6": "1",
                "mystery#0": "A",
                "mystery#1": "5",
                "mystery#2": "6",
                "mystery#3": "7",
            }
        )
    )
    words = plain(page)
    assert "Game over after 1 hand. Ann wins with the lowest total." in words and "= 71" in words
    assert "H1" in page and "Score sheet" in page


def test_opening_a_table_offers_every_house_rule_and_checks_the_packs(app):
    phone = Phone(app)
    page = phone.client.get("/new/swoop").get_data(as_text=True)
    for name in (
        "packs",
        "overfill_swoops",
        "chain_swoops",
        "chain_after_swoop_card",
        "mystery_add_ons",
        "low_card_points",
        "end_mode",
        "target",
        "hand_limit",
        "starter_rule",
        "show_known_cards",
    ):
        assert f'name="{name}"' in page
    assert "2 for 3-4 players, 3 for 5-6, 4 for 7-8" in page
    six = ["Ann", "Ben", "Cem", "Dee", "Eli", "Fay"]
    response = phone.client.post("/new/swoop", data={"player": six, "packs": "2"})
    assert response.status_code == 422 and "6 players need at least 3 packs (114 cards are dealt)." in text(response)
    assert phone.client.post("/new/swoop", data={"player": six[:5], "packs": "2"}).status_code == 303


def form_with(page: str, words: str) -> str:
    """The entry form on ``page`` whose button says ``words``."""
    forms = re.findall(r"<form\b.*?</form>", page, flags=re.S)
    return next(form for form in forms if words in form)


def test_swoop_with_a_10_takes_a_face_up_10_when_the_hand_is_empty(app):
    """Issue 16: the big button takes the 10 from where the player has one, and a player with no
    hand cards is not offered hand counts."""
    host = open_swoop(app)
    face_up(host, ups=[["10", "9", "9", "9"], ["Q", "8", "5", "2"], ["J", "6", "4", "A"]])
    for seat, fields in (
        ("0", {"rank": "10", "hand": "4"}),
        ("0", {"rank": "JK", "hand": "4"}),
        ("0", {"rank": "7", "hand": "3"}),
        ("1", {"rank": "5", "hand": "0", "up": "up3"}),
        ("2", {"rank": "4", "hand": "0", "up": "up3"}),
    ):
        assert host.enter({"type": "play", "seat": seat, **fields}).status_code == 200
    page = host.look()  # Ann: no hand cards, a 10 face up in slot 1
    swoop = form_with(page, "Swoop with a 10")
    assert 'name="hand" value="0"' in swoop and 'name="up" value="up1"' in swoop
    assert "Swoop with a joker" not in page  # none in the hand, none face up
    play = form_with(page, 'id="bar-play-0"')
    assert 'name="hand" value="0"' in play and 'type="radio" name="hand"' not in play
    assert "How many from the hand" not in play
    fields = dict(re.findall(r'name="(rank|hand|up)" value="([^"]*)"', swoop))
    words = plain(text(host.enter({"type": "play", "seat": "0", **fields})))
    assert "Swoop! The 10 clears the pile" in words and words.count("🂠 0") == 1


def test_swoop_with_a_10_asks_only_when_hand_and_face_up_are_both_possible(app):
    host = open_swoop(app)
    face_up(host, ups=[["10", "9", "9", "9"], ["Q", "8", "5", "2"], ["J", "6", "4", "A"]])
    page = host.look()
    ask = re.search(r'<details class="swoop-ask">.*?</details>', page, flags=re.S).group(0)
    assert "Swoop with a 10" in ask and "from the hand" in ask and "from slot 1" in ask
    assert 'name="up" value="up1"' in form_with(ask, "from slot 1")
    assert 'name="up"' not in form_with(ask, "from the hand")
    assert "Swoop with a joker" in page and "Swoop with a joker" not in ask  # jokers: only the hand


def test_after_scoring_each_players_hand_summary_is_shown(app):
    """Issue 16: once a hand is scored, the board shows hand + face-up + mystery = total per player."""
    host = open_swoop(app, target="500")
    face_up(host, ups=[["9", "9", "9", "9"], ["Q", "8", "5", "2"], ["J", "6", "4", "A"]])
    for fields in (
        {"rank": "10", "hand": "4"},
        {"rank": "JK", "hand": "4"},
        {"rank": "9", "hand": "0", "up": ["up1", "up2", "up3", "up4"]},
    ):
        host.enter({"type": "play", "seat": "0", **fields})
    host.enter({"type": "flip", "seat": "0", "slot": "1", "rank": "7", "add_hand": "3"})
    for slot in ("2", "3", "4"):
        host.enter({"type": "flip", "seat": "0", "slot": slot, "rank": "10"})
    host.enter(
        {
            "type": "declare_remaining",
            "seat": "1",
            "hand.K": "4",
            "hand.Q": "3",
            "hand.8": "3",
            "hand.5": "1",
            "mystery#0": "2",
            "mystery#1": "2",
            "mystery#2": "3",
            "mystery#3": "3",
        }
    )
    page = text(
        host.enter(
            {
                "type": "declare_remaining",
                "seat": "2",
                "hand.A": "4",
                "hand.3": "3",
                "hand.4": "3",
                "hand.6": "1",
                "mystery#0": "A",
                "mystery#1": "5",
                "mystery#2": "6",
                "mystery#3": "7",
            }
        )
    )
    words = plain(page)
    assert "Hand 2" in words and "Hand 1 scored" in words
    assert "Ann went out = 0" in words
    assert "Ben hand 5 8 8 8 Q Q Q K K K K (99) + face-up Q 8 5 2 (25) + mystery 2 2 3 3 (10) = 134" in words
    assert "Cem hand A A A A 3 3 3 4 4 4 6 (31) + face-up J 6 4 A (21) + mystery A 5 6 7 (19) = 71" in words
    for seat, ranks in enumerate([["K", "9", "9", "3"], ["Q", "8", "5", "2"], ["J", "6", "4", "A"]]):
        enter_face_up(host, seat, ranks)
    assert "Hand 1 scored" in plain(host.look())  # until the next hand's first play
    assert host.enter({"type": "play", "seat": "1", "rank": "8", "hand": "0", "up": "up2"}).status_code == 200
    assert "Hand 1 scored" not in plain(host.look())
