"""The running totals drawn in characters for a terminal (``sheet --chart``), from the chart
data the page and the picture draw (views/totals_chart.py): one line a player, each its own
mark (told apart without colour), the totals up the side, the rounds along the foot, and
at each line's end its mark, the player's name and total, placed as the page places them
(views/chart_drawing.places: from the top in the order the players stand, none on another).

Drawn here rather than by a plotting library: plotext draws it as well, but importing it
takes about 0.3 s, more than the rest of ``sheet``; this takes a few milliseconds.
"""

from __future__ import annotations

import shutil
import sys
from typing import TYPE_CHECKING

from qscore.views.chart_drawing import places
from qscore.views.totals_chart import Chart, chart_of

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game

MARKS = "*o+x#@%&=~"  # a player's mark, in seating order
HEIGHT = 15  # rows of the plot
WIDTH = 80  # columns off a terminal, so what is piped or kept is the same everywhere
NARROWEST, WIDEST = 60, 120  # a terminal's width is taken within these
PLOT_AT_LEAST = 24  # columns kept for the plot however long the names


def chart_width() -> int:
    """The terminal's width (within NARROWEST and WIDEST), or WIDTH off a terminal."""
    if not sys.stdout.isatty():
        return WIDTH
    return max(NARROWEST, min(WIDEST, shutil.get_terminal_size((WIDTH, 24)).columns))


def game_chart(game: Game) -> str:
    """The game's running totals as ``sheet --chart`` draws them, the terminal's width; before
    any round is scored, that none is (a chart of nothing but its axes says less)."""
    chart = chart_of(game)
    if not chart.scored:
        return chart.said
    return chart_text(chart, chart_width())


def ends(chart: Chart) -> list[str]:
    """What ends each player's line: its mark, the name and the total (``* ann 84``)."""
    return [f"{MARKS[i % len(MARKS)]} {line.player} {line.totals[-1]}" for i, line in enumerate(chart.lines)]


def chart_text(chart: Chart, width: int = WIDTH) -> str:
    """The chart in characters, ``width`` columns at most, its title above."""
    labels = [str(t) for t in chart.ticks]
    side = max(map(len, labels))
    named = ends(chart)
    room = min(max(map(len, named)) + 2, width - side - 1 - PLOT_AT_LEAST)
    plot = width - side - 1 - room
    span = chart.high - chart.low

    def row(total: float) -> int:
        return round((chart.high - total) * (HEIGHT - 1) / span)

    def col(round_no: int) -> int:
        return round(round_no * (plot - 1) / max(chart.rounds, 1))

    grid = [[" "] * plot for _ in range(HEIGHT)]
    for i, line in enumerate(chart.lines):
        mark = MARKS[i % len(MARKS)]
        for n in range(len(line.totals) - 1):
            a, b = col(n), col(n + 1)
            last = row(line.totals[n])
            for c in range(a, b + 1):
                here = row(line.totals[n] + (line.totals[n + 1] - line.totals[n]) * (c - a) / max(b - a, 1))
                for r in range(min(last, here), max(last, here) + 1):  # steep: no gap in the line
                    grid[r][c] = mark
                last = here
        grid[row(line.totals[0])][0] = mark
    # the names from the top by the totals (seating order between equals), a row apart
    standing = sorted(range(len(chart.lines)), key=lambda i: (-chart.lines[i].totals[-1], i))
    wanted = [float(row(chart.lines[i].totals[-1])) for i in standing]
    at = dict(zip(standing, (int(r) for r in places(wanted, 0, HEIGHT - 1, 1)), strict=True))
    right = [""] * HEIGHT
    for i, text in enumerate(named):
        right[at[i]] = text if len(text) <= room - 2 else text[: room - 3] + "…"
    ticks = {row(t): label for t, label in zip(chart.ticks, labels, strict=True)}
    lines = [chart.title]
    for r in range(HEIGHT):
        axis = "+" if r in ticks else "|"
        lines.append(f"{ticks.get(r, ''):>{side}}{axis}{''.join(grid[r])}  {right[r]}".rstrip())
    lines.append(" " * side + "+" + "-" * plot)
    foot = [" "] * (plot + 2)
    for n in range(chart.rounds + 1):
        number = str(n)
        c = col(n)
        if all(ch == " " for ch in foot[max(c - 1, 0) : c + len(number) + 1]):
            foot[c : c + len(number)] = number
    lines.append((" " * (side + 1) + "".join(foot)).rstrip())
    return "\n".join(lines)
