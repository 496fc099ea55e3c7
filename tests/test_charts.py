"""The SVG line chart: well-formed, accessible, and drawn where the numbers say."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.charts import DASHES, MARKS, Series, _mark, line_chart, nice_ticks

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def series_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("data-name") is not None]


def axis(root: ET.Element):
    """value -> y, from the tick labels."""
    ticks = [
        (float(t.get("data-value")), float(t.get("y"))) for t in root.iter(f"{SVG}text") if t.get("class") == "tick"
    ]
    (v0, y0), (v1, y1) = ticks[0], ticks[-1]
    return lambda value: y0 + (value - v0) * (y1 - y0) / (v1 - v0)


def polyline_points(group: ET.Element) -> list[list[tuple[float, float]]]:
    return [
        [tuple(map(float, p.split(","))) for p in line.get("points").split()] for line in group.iter(f"{SVG}polyline")
    ]


def _shape(mark: ET.Element, x: float, y: float) -> str:
    """Which of the mark shapes this drawn mark centred on (x, y) is: each is redrawn there and
    compared, numbers to within the drawing's rounding."""
    for kind in MARKS:
        candidate = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{_mark(kind, x, y)}</svg>')[0]
        if _same(candidate, mark) and len(candidate) == len(mark) and all(map(_same, candidate, mark)):
            return kind
    raise AssertionError(f"no known shape: {ET.tostring(mark)}")


def _same(a: ET.Element, b: ET.Element) -> bool:
    attributes = [k for k in b.attrib if not k.startswith("data-")]
    if a.tag != b.tag or sorted(a.attrib) != sorted(attributes):
        return False
    for key in attributes:
        numbers_a, numbers_b = (re.findall(r"-?[\d.]+", e.get(key)) for e in (a, b))
        if re.sub(r"-?[\d.]+", "#", a.get(key)) != re.sub(r"-?[\d.]+", "#", b.get(key)):
            return False
        if any(abs(float(p) - float(q)) > 0.2 for p, q in zip(numbers_a, numbers_b)):
            return False
    return True


def test_title_desc_and_role_make_it_readable_without_sight():
    root = parse(
        line_chart(
            [Series("Ann", [0, 5, 9]), Series("Ben", [0, 7, 8])],
            ["Start", "R1", "R2"],
            "Points after each round",
            chart_id="c1",
        )
    )
    assert root.get("role") == "img" and root.get("aria-labelledby") == "c1-title c1-desc"
    assert root.find(f"{SVG}title").text == "Points after each round"
    assert root.find(f"{SVG}title").get("id") == "c1-title"
    desc = root.find(f"{SVG}desc").text
    assert desc == "Ann: Start 0, R1 5, R2 9. Ben: Start 0, R1 7, R2 8."


def test_points_sit_where_the_totals_are():
    totals = {"Ann": [0, -12, -30, -31], "Ben": [0, -4, -4, -50], "Cem": [0, 10, 3, -8]}
    root = parse(line_chart([Series(n, v) for n, v in totals.items()], ["0", "R1", "R2", "R3"], "t"))
    y_of = axis(root)
    for group in series_groups(root):
        (line,) = polyline_points(group)
        assert [round(y, 1) for _, y in line] == [round(y_of(v), 1) for v in totals[group.get("data-name")]]
        xs = [x for x, _ in line]
        assert xs == sorted(xs) and len(set(xs)) == 4


def test_every_series_has_its_own_dash_and_mark_and_a_legend_entry():
    names = [f"P{i}" for i in range(8)]
    root = parse(line_chart([Series(n, [i, i + 1]) for i, n in enumerate(names)], ["0", "R1"], "t"))
    groups = series_groups(root)
    dashes = [g.find(f"{SVG}polyline").get("stroke-dasharray") or "" for g in groups]
    assert len(set(dashes)) == 8 and set(dashes) == set(DASHES)
    shapes = set()
    for group in groups:
        (line,) = polyline_points(group)
        mark = next(m for m in group if m.get("data-x") == "0")
        shapes.add(_shape(mark, *line[0]))
    assert shapes == set(MARKS)
    legend = root.find(f".//{SVG}g[@class='legend']")
    assert [t.text for t in legend.iter(f"{SVG}text")] == names


def test_colour_comes_from_the_page():
    """currentColor everywhere, so dark mode (and CSS tints per series class) just work."""
    svg = line_chart([Series("Ann", [1, 2])], ["0", "R1"], "t")
    root = parse(svg)
    assert root.get("fill") == "currentColor"
    assert all(line.get("stroke") == "currentColor" for line in root.iter(f"{SVG}polyline"))
    assert "#" not in svg.replace('fill="#fff"', "")  # only the hollow mark's inside


def test_a_player_out_of_the_game_leaves_a_gap_not_a_line():
    root = parse(
        line_chart([Series("Ann", [3, 2, None, None]), Series("Ben", [3, None, 1, 0])], ["0", "R1", "R2", "R3"], "t")
    )
    ann, ben = series_groups(root)
    assert [len(run) for run in polyline_points(ann)] == [2]
    assert [len(run) for run in polyline_points(ben)] == [2]  # the lone first point has a mark only
    assert len([m for m in ben if m.get("data-x")]) == 3


def test_names_and_labels_are_escaped():
    svg = line_chart([Series('<b>"Ann" & co', [1, 2])], ["0", "<R1>"], "a < b")
    root = parse(svg)
    assert series_groups(root)[0].get("data-name") == '<b>"Ann" & co'
    assert root.find(f"{SVG}title").text == "a < b"


def test_a_single_point_and_no_data_still_draw():
    parse(line_chart([Series("Ann", [0])], ["0"], "t"))
    parse(line_chart([], [], "t"))
    parse(line_chart([Series("Ann", [None, None])], ["0", "R1"], "t"))


def test_many_rounds_label_and_mark_only_some():
    values = list(range(60))
    root = parse(line_chart([Series("Ann", values)], [f"T{i}" for i in range(60)], "t"))
    labels = [t.text for t in root.find(f".//{SVG}g[@class='x-labels']").iter(f"{SVG}text")]
    assert labels[0] == "T0" and labels[-1] == "T59" and len(labels) <= 11
    marks = [m for m in series_groups(root)[0] if m.get("data-x")]
    assert 2 <= len(marks) <= 17 and marks[-1].get("data-x") == "59"


@given(st.lists(st.integers(-500, 500), min_size=1, max_size=30))
def test_ticks_are_round_and_cover_the_values(values):
    ticks = nice_ticks(min(values), max(values))
    assert ticks[0] <= min(values) and ticks[-1] >= max(values)
    steps = {b - a for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1
    step = steps.pop()
    assert step >= 1 and str(int(step)).strip("0") in ("1", "2", "5")
    assert 2 <= len(ticks) <= 7


@pytest.mark.parametrize("low, high, expected", [(0, 10, [0, 5, 10]), (-54, 0, [-60, -40, -20, 0]), (3, 3, [2, 3, 4])])
def test_ticks_examples(low, high, expected):
    ticks = nice_ticks(low, high)
    assert ticks[0] == expected[0] and ticks[-1] == expected[-1]


def drawn_colours(group: ET.Element) -> list[tuple[str, list[int]]]:
    """Each stretch of a series' line: the colour it is drawn in (its own, else its group's) and
    the x indexes of the (circle) marks at its points."""
    at = {(c.get("cx"), c.get("cy")): int(c.get("data-x")) for c in group.iter(f"{SVG}circle")}
    stretches = []
    for line in group.iter(f"{SVG}polyline"):
        colour = (line.get("style") or group.get("style")).removeprefix("color: ")
        stretches.append((colour, [at[tuple(p.split(","))] for p in line.get("points").split()]))
    return stretches


def test_tints_colour_each_stretch_by_the_point_it_runs_to_and_the_legend_by_the_last():
    """Switch 16 colours a line by the deck its player holds, which changes with a swap."""
    root = parse(
        line_chart(
            [Series("Ann", [0, 7, 7, None, 9, 12], ["red", "red", "blue", "blue", "blue", "red"])],
            ["S", "T1", "T2", "T3", "T4", "T5"],
            "t",
        )
    )
    (group,) = series_groups(root)
    assert drawn_colours(group) == [("red", [0, 1]), ("blue", [1, 2]), ("red", [4, 5])]
    marks = {int(m.get("data-x")): m.get("style") for m in group if m.get("data-x") is not None}
    assert marks == {0: "color: red", 1: "color: red", 2: "color: blue", 4: "color: blue", 5: "color: red"}
    legend = root.find(f".//{SVG}g[@class='legend']")
    assert legend[0].get("style") == "color: red"
    assert all(line.get("stroke") == "currentColor" for line in root.iter(f"{SVG}polyline"))
