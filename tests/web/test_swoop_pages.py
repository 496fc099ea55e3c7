"""Swoop through the phone pages: face-up rows by rank, a play by rank and count, a declaration by counts."""
from __future__ import annotations

from .test_pages import Phone, text


def test_a_hand_through_the_forms(app):
    host = Phone(app)
    response = host.client.post("/new/swoop", data={"player": ["Ann", "Ben", "Cem"], "target": "500",
                                                    "hand_limit": "0"})
    host.code = response.headers["Location"].rsplit("/", 1)[1]
    page = host.look()
    assert "Ann: face-up cards" in page and "Who starts" in page
    for seat, ranks in enumerate([["9", "9", "9", "9"], ["Q", "8", "5", "2"], ["J", "6", "4", "A"]]):
        host.enter({"type": "set_face_up", "seat": str(seat), **{f"ranks#{i}": r for i, r in enumerate(ranks)}})
    page = text(host.enter({"type": "set_starter", "seat": "0"}))
    assert "Swoop with a 10" in page and "slot 1: 9" in page
    page = text(host.enter({"type": "play", "seat": "0", "rank": "9", "hand": "0", "up": ["up1", "up2", "up3", "up4"]}))
    assert "4 swooped out" in page and "Ann</strong> leads" in page
    page = text(host.enter({"type": "play", "seat": "0", "rank": "7", "hand": "2"}))
    assert "top 7 ×2" in page and "Ben</strong> to play" in page
    response = host.enter({"type": "play", "seat": "1", "rank": "7", "hand": "3"})
    assert response.status_code == 422 and "SW-R7" in text(response)


def test_declaring_by_counts(app):
    host = Phone(app)
    response = host.client.post("/new/swoop", data={"player": ["Ann", "Ben", "Cem"]})
    host.code = response.headers["Location"].rsplit("/", 1)[1]
    host.look()
    for seat, ranks in enumerate([["9", "9", "9", "9"], ["Q", "8", "5", "2"], ["J", "6", "4", "A"]]):
        host.enter({"type": "set_face_up", "seat": str(seat), **{f"ranks#{i}": r for i, r in enumerate(ranks)}})
    host.enter({"type": "set_starter", "seat": "0"})
    for fields in ({"rank": "10", "hand": "4"}, {"rank": "JK", "hand": "4"},
                   {"rank": "9", "hand": "0", "up": ["up1", "up2", "up3", "up4"]}):
        host.enter({"type": "play", "seat": "0", **fields})
    host.enter({"type": "flip", "seat": "0", "slot": "1", "rank": "7", "add_hand": "3"})
    for slot in ("2", "3", "4"):
        page = text(host.enter({"type": "flip", "seat": "0", "slot": slot, "rank": "10"}))
    assert "Ann is out" in page and 'name="hand.K"' in page
    page = text(host.enter({"type": "declare_remaining", "seat": "1", "hand.K": "4", "hand.Q": "3", "hand.8": "3",
                            "hand.5": "1", "hand.10": "", "mystery#0": "2", "mystery#1": "2", "mystery#2": "3",
                            "mystery#3": "3"}))
    assert "= 134" in page
