"""The 'Taps per entry' table (docs/taps.md), read the way the browser tests read it: a typical play takes
three taps or fewer, and no entry got worse than before it was trimmed."""

from __future__ import annotations

from .helpers import TAPS


def rows() -> list[tuple[str, str, int, int]]:
    text = TAPS.read_text(encoding="utf-8")
    section = text.split("## Taps per entry", 1)[1].split("\n## ", 1)[0]
    table = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[2].isdigit() and cells[3].isdigit():
            table.append((cells[0], cells[1], int(cells[2]), int(cells[3])))
    return table


def test_every_game_has_its_typical_play_in_three_taps_or_fewer():
    typical = {(game, what): now for game, what, _, now in rows() if what.startswith("a typical play")}
    assert {game for game, _ in typical} == {"switch-to", "swoop", "schwimmen", "was-sticht", "switch-16"}
    assert all(now <= 3 for now in typical.values()), typical


# Entries an issue asked to cost more taps for a better reason, each with that reason.
MORE_BY_DESIGN = {
    (
        "swoop",
        "a hand's scoring, per player",
    ): "issue 16: counts are tapped on steppers, one tap per card, instead of typed into number "
    "fields that open the keyboard (the old count took each typed number as one tap)",
    ("was-sticht", "the dealer's secret trumps on a one-phone table"): "issue 27 (section 3, display "
    "rules): the shared phone shows the trumps form behind a 'Hand the phone to Ann' cover, one tap",
    ("was-sticht", "a task chosen on a one-phone table"): "issue 27 (section 3, display rules): each task "
    "is chosen behind a 'Hand the phone to X' cover, one tap, so the others do not see it",
}


def test_no_entry_takes_more_taps_than_before():
    worse = [row for row in rows() if row[3] > row[2] and (row[0], row[1]) not in MORE_BY_DESIGN]
    assert worse == []
