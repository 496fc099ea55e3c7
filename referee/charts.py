"""Line charts as plain SVG, drawn on the server: no chart library, no script, no CDN.

``line_chart`` turns series (a player's totals after each round) into one accessible SVG: a
``<title>`` and a ``<desc>`` that reads the numbers out, a legend, and lines told apart without
colour (each has its own dash pattern and point mark). Everything is drawn in ``currentColor``,
so the chart follows the page's text colour (dark mode included); a page may tint the series
through the classes ``series s0`` … ``s7``. A game may give each point its own colour instead
(``Series.tints``, Switch 16: the deck the player holds there); the stretch of line that runs to
a point takes that point's colour, and the legend the last one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH = 360
PLOT_TOP, PLOT_LEFT, PLOT_RIGHT, PLOT_HEIGHT = 12, 40, 12, 150
AXIS_GAP = 22  # below the plot: the round labels
LEGEND_ROW = 22
LEGEND_COLUMNS = 2
MAX_X_LABELS = 10  # more rounds than this: label every n-th
MAX_MARKS = 16  # more points than this: mark every n-th (and the last)
NAME_CHARS = 16

DASHES = ("", "7 4", "2 3", "9 3 2 3", "4 4", "12 3", "1 5", "6 2 1 2 1 2")
MARKS = ("circle", "square", "triangle", "diamond", "cross", "plus", "down", "bar")


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[float | None]  # one per x label; None: not in play there (a gap)
    tints: Sequence[str | None] = ()  # a CSS colour per value; None or none given: the page's colour

    def tint(self, index: int) -> str | None:
        return self.tints[index] if index < len(self.tints) else None

    @property
    def last_tint(self) -> str | None:
        return next((tint for tint in reversed(self.tints) if tint), None)


def line_chart(
    series: Sequence[Series],
    labels: Sequence[str],
    title: str,
    desc: str = "",
    chart_id: str = "chart",
    dodge: bool = False,
) -> str:
    """The SVG of ``series`` over ``labels`` (x positions, left to right). ``dodge``: series
    with the same value at a point are drawn a few pixels apart there, so that lines which
    meet (lives: 3, 2, 1 for everyone) stay visible side by side."""
    count = max(len(labels), 1)
    known = [v for s in series for v in s.values if v is not None]
    low, high = (min(known), max(known)) if known else (0.0, 1.0)
    ticks = nice_ticks(low, high)
    plot = _Plot(ticks[0], ticks[-1], count, dodges(series) if dodge else None)
    legend_rows = math.ceil(len(series) / LEGEND_COLUMNS)
    height = PLOT_TOP + PLOT_HEIGHT + AXIS_GAP + legend_rows * LEGEND_ROW + 6
    summary = desc or describe(series, labels)
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {height}" '
            f'role="img" aria-labelledby="{chart_id}-title {chart_id}-desc" font-size="12" '
            f'font-family="system-ui, sans-serif" fill="currentColor">'
        ),
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(summary)}</desc>',
        _grid(plot, ticks),
        _x_labels(plot, labels),
    ]
    parts += [_line(plot, index, s) for index, s in enumerate(series)]
    parts.append(_legend(series, PLOT_TOP + PLOT_HEIGHT + AXIS_GAP))
    parts.append("</svg>")
    return "".join(parts)


def describe(series: Sequence[Series], labels: Sequence[str]) -> str:
    """What the chart shows, in words: each series' values in order ("–" where it has none)."""
    lines = []
    for s in series:
        shown = ", ".join(f"{label} {_number(v)}" for label, v in zip(labels, s.values))
        lines.append(f"{s.name}: {shown}.")
    return " ".join(lines)


def nice_ticks(low: float, high: float, wanted: int = 5) -> list[float]:
    """Round axis values (steps of 1, 2 or 5 × 10ⁿ, whole numbers at least) covering low..high."""
    if high == low:
        low, high = low - 1, high + 1
    raw = (high - low) / max(wanted - 1, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    step = max(step, 1)
    start = math.floor(low / step) * step
    ticks = [start]
    while ticks[-1] < high:
        ticks.append(ticks[-1] + step)
    return ticks


DODGE = 3.5  # px between lines that share a point


def dodges(series: Sequence[Series]) -> dict[tuple[int, int], float]:
    """(series, x index) -> the pixels its point moves down: the series sharing a value there
    are spread around it, in the order of the legend."""
    shifts = {}
    for x in range(max((len(s.values) for s in series), default=0)):
        sharing: dict[float, list[int]] = {}
        for index, s in enumerate(series):
            if x < len(s.values) and s.values[x] is not None:
                sharing.setdefault(s.values[x], []).append(index)
        for indexes in sharing.values():
            for k, index in enumerate(indexes):
                shifts[(index, x)] = (k - (len(indexes) - 1) / 2) * DODGE
    return shifts


class _Plot:
    """Where a value and an x index land in the picture (``shifts``: see ``dodges``)."""

    def __init__(self, low: float, high: float, count: int, shifts: dict[tuple[int, int], float] | None = None):
        self.low, self.high, self.count = low, high, count
        self.right = WIDTH - PLOT_RIGHT
        self.shifts = shifts or {}

    def point_y(self, series: int, index: int, value: float) -> float:
        return self.y(value) + self.shifts.get((series, index), 0.0)

    def x(self, index: int) -> float:
        if self.count == 1:
            return (PLOT_LEFT + self.right) / 2
        return PLOT_LEFT + index * (self.right - PLOT_LEFT) / (self.count - 1)

    def y(self, value: float) -> float:
        return PLOT_TOP + (self.high - value) * PLOT_HEIGHT / (self.high - self.low)


def _grid(plot: _Plot, ticks: list[float]) -> str:
    """Horizontal lines at each tick, labelled on the left; the zero line a little stronger."""
    out = ['<g class="grid" aria-hidden="true">']
    for tick in ticks:
        y = _f(plot.y(tick))
        opacity = "0.45" if tick == 0 else "0.18"
        out.append(
            f'<line x1="{PLOT_LEFT}" x2="{_f(plot.right)}" y1="{y}" y2="{y}" stroke="currentColor" '
            f'stroke-opacity="{opacity}"/>'
        )
        out.append(
            f'<text class="tick" x="{PLOT_LEFT - 6}" y="{y}" text-anchor="end" '
            f'dominant-baseline="middle" data-value="{_number(tick)}">{_number(tick)}</text>'
        )
    out.append("</g>")
    return "".join(out)


def _x_labels(plot: _Plot, labels: Sequence[str]) -> str:
    every = math.ceil(len(labels) / MAX_X_LABELS) or 1
    y = PLOT_TOP + PLOT_HEIGHT + 15
    out = ['<g class="x-labels" aria-hidden="true" text-anchor="middle">']
    for index, label in enumerate(labels):
        if index % every == 0 or index == len(labels) - 1:
            out.append(f'<text x="{_f(plot.x(index))}" y="{y}">{escape(label)}</text>')
    out.append("</g>")
    return "".join(out)


def _line(plot: _Plot, index: int, s: Series) -> str:
    """One series: its line (broken where a value is missing, and where its colour changes) and a
    mark on its points, each in its point's colour when the series has tints."""
    dash = DASHES[index % len(DASHES)]
    mark = MARKS[index % len(MARKS)]
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    out = [
        f'<g class="series s{index % len(MARKS)}" data-name="{escape(s.name)}"{_tinted(s.last_tint)} '
        f'aria-hidden="true">'
    ]
    for tint, run in _stretches(s, _runs(s.values)):
        points = " ".join(f"{_f(plot.x(i))},{_f(plot.point_y(index, i, v))}" for i, v in run)
        out.append(
            f'<polyline points="{points}" fill="none" stroke="currentColor" stroke-width="2.2" '
            f'stroke-linejoin="round"{dash_attr}{_tinted(tint)}/>'
        )
    present = [i for i, v in enumerate(s.values) if v is not None]
    every = math.ceil(len(present) / MAX_MARKS) or 1
    for n, i in enumerate(present):
        if n % every == 0 or n == len(present) - 1:
            out.append(_mark(mark, plot.x(i), plot.point_y(index, i, s.values[i]), i, s.values[i], s.tint(i)))
    out.append("</g>")
    return "".join(out)


def _stretches(s: Series, runs: list[list[tuple[int, float]]]) -> list[tuple[str | None, list[tuple[int, float]]]]:
    """Each run cut where the colour changes: a stretch from one point to the next takes the
    colour of the point it runs to (a lone point has its mark, no line)."""
    stretches: list[tuple[str | None, list[tuple[int, float]]]] = []
    for run in runs:
        for previous, point in zip(run, run[1:]):
            tint = s.tint(point[0])
            if stretches and stretches[-1][0] == tint and stretches[-1][1][-1] == previous:
                stretches[-1][1].append(point)
            else:
                stretches.append((tint, [previous, point]))
    return stretches


def _tinted(tint: str | None) -> str:
    """The style attribute that colours an element and what it draws in ``currentColor``."""
    return f' style="color: {escape(tint)}"' if tint else ""


def _runs(values: Sequence[float | None]) -> list[list[tuple[int, float]]]:
    """The stretches of consecutive known values: a line never bridges a gap."""
    runs, current = [], []
    for i, v in enumerate(values):
        if v is None:
            if current:
                runs.append(current)
            current = []
        else:
            current.append((i, v))
    if current:
        runs.append(current)
    return runs


def _mark(
    kind: str, x: float, y: float, index: int | None = None, value: float | None = None, tint: str | None = None
) -> str:
    """A point mark of its own shape, 9 px across, centred on (x, y), in ``tint`` if given."""
    r = 4.5
    extra = (f' data-x="{index}" data-value="{_number(value)}"' if index is not None else "") + _tinted(tint)
    if kind == "circle":
        return f'<circle class="mark" cx="{_f(x)}" cy="{_f(y)}" r="{r}"{extra}/>'
    if kind == "square":
        return f'<rect class="mark" x="{_f(x - r + 0.5)}" y="{_f(y - r + 0.5)}" width="8" height="8"{extra}/>'
    shapes = {
        "triangle": [(0, -r - 0.5), (r, r - 0.5), (-r, r - 0.5)],
        "down": [(0, r + 0.5), (r, -r + 0.5), (-r, -r + 0.5)],
        "diamond": [(0, -r - 1), (r + 1, 0), (0, r + 1), (-r - 1, 0)],
    }
    if kind in shapes:
        points = " ".join(f"{_f(x + dx)},{_f(y + dy)}" for dx, dy in shapes[kind])
        return f'<polygon class="mark" points="{points}"{extra}/>'
    if kind == "bar":  # a hollow square, told apart from the filled one (a page's CSS may fill .hollow)
        return (
            f'<rect class="mark hollow" x="{_f(x - r + 1)}" y="{_f(y - r + 1)}" width="7" height="7" '
            f'fill="#fff" stroke="currentColor" stroke-width="2"{extra}/>'
        )
    strokes = {"cross": [(-r, -r, r, r), (-r, r, r, -r)], "plus": [(-r - 1, 0, r + 1, 0), (0, -r - 1, 0, r + 1)]}
    lines = "".join(
        f'<line x1="{_f(x + a)}" y1="{_f(y + b)}" x2="{_f(x + c)}" y2="{_f(y + d)}"/>' for a, b, c, d in strokes[kind]
    )
    return f'<g class="mark" stroke="currentColor" stroke-width="2.4"{extra}>{lines}</g>'


def _legend(series: Sequence[Series], top: float) -> str:
    column_width = (WIDTH - PLOT_LEFT) / LEGEND_COLUMNS
    out = ['<g class="legend">']
    for index, s in enumerate(series):
        row, column = divmod(index, LEGEND_COLUMNS)
        x = PLOT_LEFT + column * column_width
        y = top + row * LEGEND_ROW + 8
        dash = DASHES[index % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        name = s.name if len(s.name) <= NAME_CHARS else s.name[: NAME_CHARS - 1] + "…"
        out.append(
            f'<g class="series s{index % len(MARKS)}"{_tinted(s.last_tint)}>'
            f'<line x1="{_f(x)}" x2="{_f(x + 34)}" y1="{_f(y)}" y2="{_f(y)}" stroke="currentColor" '
            f'stroke-width="2.2"{dash_attr}/>{_mark(MARKS[index % len(MARKS)], x + 17, y)}'
            f'<text x="{_f(x + 42)}" y="{_f(y)}" dominant-baseline="middle">{escape(name)}</text></g>'
        )
    out.append("</g>")
    return "".join(out)


def _f(number: float) -> str:
    return f"{number:.1f}".rstrip("0").rstrip(".")


def _number(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:g}"
