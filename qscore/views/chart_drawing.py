"""The running totals' chart (qscore.views.totals_chart) placed as an SVG's lines, as the
page draws it (web/templates/chart.html: made by the server, readable without JavaScript,
sent whole with the sheet each time it changes) and the evening's picture (views/picture.py).
Each player's line has its own colour and its own dash and ends in the player's name, so it
is told apart by more than colour; every colour keeps 3:1 against the page's light and dark
backgrounds alike.

The names at the lines' ends are placed by the totals: the leader's highest, each as near
its line's end as the others allow, none over another, all inside the plot (above the
rounds' axis, below its top), so the chart names the players from the top in the order
they stand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qscore.views.totals_chart import Chart

WIDTH, HEIGHT = 480, 340  # the drawing's own units: it scales to the width it is given
LEFT, TOP, BOTTOM = 50, 14, 36  # room for the axis numbers (left, and the rounds below)
AXIS_SIZE = 20  # the axis numbers' font size
NAME_SIZE = 22  # a name's font size, in the drawing's units
LINE = 26  # the height a name takes at the lines' ends: names this far apart never touch
GLYPH = 0.62  # a character's width, as a share of its font size (a sans-serif's widest, about)
# a bold character's width (the leader's name), by its kind: DejaVu Sans Bold's m and M are
# 1.04 and 1.0 of the font's size, its i, l, r, t and a hyphen under a half, most others 0.7
BOLD, BOLD_NARROW, BOLD_WIDE = 0.76, 0.5, 1.05
NARROW, WIDE = frozenset("fijlrt-'. "), frozenset("mwMW")
STAR = 0.9  # the leader's star, wider than a letter (DejaVu Sans' is 0.84)
AT_LEAST, AT_MOST = 90, 200  # the room kept right of the plot for the names
# six players' colours (the Okabe-Ito set, told apart by every common colour blindness),
# each 3:1 or more against white and against the dark background the page takes at night
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#8a6d00", "#6a5acd")
DASHES = ("", "8 4", "2 4", "12 4 2 4", "4 4", "1 6")


KEY = 18  # the short stroke before a name, in its line's colour and dash: which line it names
LEAD = 6  # past the line's end, where the key starts; a name moved off its line's end is led to it thinly


@dataclass(frozen=True)
class Drawn:
    """One player's line as drawn: its points, colour, dash, and where its name goes (the
    name's middle, ``end_y``: its baseline is NAME_SIZE / 3 below), after a short stroke of
    the line's own colour and dash (its key)."""

    player: str
    points: str
    colour: str
    dash: str
    leads: bool
    end_x: float
    end_y: float
    last: tuple[float, float] = (0.0, 0.0)  # the line's last point

    @property
    def key(self) -> tuple[float, float]:
        """Where the key before the name starts and ends, across (at the name's height)."""
        return round(self.last[0] + LEAD, 1), round(self.last[0] + LEAD + KEY, 1)

    @property
    def lead(self) -> str | None:
        """A thin line from the line's end to its key, for a name moved off its line's end."""
        x, y = self.last
        return None if abs(y - self.end_y) < 1 else f"{x},{y} {self.key[0]},{self.end_y}"

    @property
    def size(self) -> int:
        return NAME_SIZE

    @property
    def baseline(self) -> float:
        return round(self.end_y + NAME_SIZE / 3, 1)

    @property
    def name(self) -> str:
        """The player's name as drawn: starred if they lead, cut short (…) past the room
        right of the plot (the sheet's column shows it whole)."""
        name = f"★ {self.player}" if self.leads else self.player
        room = WIDTH - self.end_x
        if name_width(name, self.leads) <= room:
            return name
        while len(name) > 1 and name_width(name + "…", self.leads) > room:
            name = name[:-1]
        return name + "…"


@dataclass(frozen=True)
class Drawing:
    chart: Chart
    width: int
    height: int
    lines: tuple[Drawn, ...]
    ticks: tuple[tuple[int, float], ...]  # a total and its height
    rounds: tuple[tuple[int, float], ...]  # a round and where it is across
    left: float
    right: float
    top: float
    bottom: float
    axis_size: int = AXIS_SIZE


def name_width(name: str, bold: bool = False) -> float:
    """About how wide a name is drawn, in the drawing's units: the leader's bold, its star
    wider than a letter."""
    if not bold:
        return NAME_SIZE * sum(STAR if c == "★" else GLYPH for c in name)
    return NAME_SIZE * sum(
        STAR if c == "★" else BOLD_NARROW if c in NARROW else BOLD_WIDE if c in WIDE else BOLD for c in name
    )


def places(wanted: list[float], low: float, high: float, gap: float = LINE) -> list[float]:
    """Where names go, given where each would be (top to bottom, in the order wanted): each
    as near its place as the others allow, ``gap`` or more apart, all between ``low`` and
    ``high`` (with too many to fit, as far apart as they can be)."""
    if not wanted:
        return []
    gap = min(gap, (high - low) / (len(wanted) - 1)) if len(wanted) > 1 else gap
    placed: list[float] = []
    for y in wanted:  # down: each below the one above it
        placed.append(max(y, low, placed[-1] + gap) if placed else max(y, low))
    placed[-1] = min(placed[-1], high)
    for i in range(len(placed) - 2, -1, -1):  # up: none below the plot's foot, none on the next
        placed[i] = min(placed[i], placed[i + 1] - gap)
    return [round(y, 1) for y in placed]


def drawing(chart: Chart) -> Drawing:
    """Where everything of the chart goes, in the SVG's units."""
    room = max((name_width(f"★ {line.player}", bold=True) for line in chart.lines), default=0) + LEAD + KEY + 10
    right, bottom = WIDTH - min(max(room, AT_LEAST), AT_MOST), HEIGHT - BOTTOM
    across = (right - LEFT) / max(chart.rounds, 1)
    span = chart.high - chart.low

    def y(total: int) -> float:
        return round(bottom - (total - chart.low) * (bottom - TOP) / span, 1)

    def x(round_no: int) -> float:
        return round(LEFT + round_no * across, 1)

    # the names from the top by the totals (seating order between equals), each as near its
    # line's end as the others allow, none over another, all between the plot's top and foot
    standing = sorted(range(len(chart.lines)), key=lambda i: (-chart.lines[i].totals[-1], i))
    half = LINE / 2
    wanted = [y(chart.lines[i].totals[-1]) for i in standing]
    ends = dict(zip(standing, places(wanted, TOP + half, bottom - half), strict=True))
    lines = []
    for i, line in enumerate(chart.lines):
        points = " ".join(f"{x(n)},{y(t)}" for n, t in enumerate(line.totals))
        colour, dash = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)]
        last = (x(len(line.totals) - 1), y(line.totals[-1]))
        lines.append(Drawn(line.player, points, colour, dash, line.leads, last[0] + LEAD + KEY + 4, ends[i], last))
    return Drawing(
        chart,
        WIDTH,
        HEIGHT,
        tuple(lines),
        tuple((t, y(t)) for t in chart.ticks),
        tuple((n, x(n)) for n in range(chart.rounds + 1)),
        LEFT,
        right,
        TOP,
        bottom,
    )
