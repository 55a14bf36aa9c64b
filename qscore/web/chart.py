"""The running totals' chart (qscore.views.chart) drawn as an SVG by the server: readable
without JavaScript, sent whole with the sheet each time it changes. Each player's line has
its own colour and its own dash and ends in the player's name, so it is told apart by more
than colour; every colour keeps 3:1 against the page's light and dark backgrounds alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qscore.views.chart import Chart

WIDTH, HEIGHT = 480, 300  # the drawing's own units: it scales to the width it is given
LEFT, RIGHT, TOP, BOTTOM = 40, 100, 12, 30  # room for the axis numbers and the players' names
LINE = 20  # the height a player's name takes at the lines' ends
# six players' colours (the Okabe-Ito set, told apart by every common colour blindness),
# each 3:1 or more against white and against the dark background the page takes at night
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#8a6d00", "#6a5acd")
DASHES = ("", "8 4", "2 4", "12 4 2 4", "4 4", "1 6")


@dataclass(frozen=True)
class Drawn:
    """One player's line as drawn: its points, colour, dash, and where its name goes."""

    player: str
    points: str
    colour: str
    dash: str
    leads: bool
    end_x: float
    end_y: float


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


def drawing(chart: Chart) -> Drawing:
    """Where everything of the chart goes, in the SVG's units."""
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
    across = (right - LEFT) / max(chart.rounds, 1)
    span = chart.high - chart.low

    def y(total: int) -> float:
        return round(bottom - (total - chart.low) * (bottom - TOP) / span, 1)

    def x(round_no: int) -> float:
        return round(LEFT + round_no * across, 1)

    lines = []
    ends: list[float] = []
    for i, line in enumerate(chart.lines):
        end = y(line.totals[-1])
        while any(abs(end - e) < LINE for e in ends):  # names of near totals one under the other
            end += LINE
        ends.append(end)
        points = " ".join(f"{x(n)},{y(t)}" for n, t in enumerate(line.totals))
        colour, dash = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)]
        lines.append(Drawn(line.player, points, colour, dash, line.leads, x(len(line.totals) - 1) + 6, end))
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
