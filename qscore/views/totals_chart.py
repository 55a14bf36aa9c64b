"""The running totals round by round, as a chart shows them: one line a player, from 0
before the first round to their total after each round scored, on an axis of every round
the game deals, with the words a reader who cannot see the lines is given instead.

Data only: placed as an SVG's lines by qscore/views/chart_drawing.py, which the page and the
evening's picture draw; the terminal draws it in characters (``sheet --chart``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from qscore.views.sheet import running_totals

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game

TITLE = "Running totals, round by round"
STEPS = (1, 2, 5)  # a tick every 1, 2 or 5 times a power of ten, as a chart's axis is read
TICKS = 5  # about this many lines across the chart


@dataclass(frozen=True)
class ChartLine:
    player: str
    totals: tuple[int, ...]  # 0, then the running total after each round scored
    leads: bool


@dataclass(frozen=True)
class Chart:
    title: str
    rounds: int  # the rounds the game deals: the axis runs 0 to this
    lines: tuple[ChartLine, ...]  # in seating order
    ticks: tuple[int, ...]  # the totals marked on the axis, low to high
    said: str  # the chart in words: each player's total after the last round scored

    @property
    def scored(self) -> bool:
        """Whether any round is scored: before, a chart of nothing but its axes says less than
        ``said`` does."""
        return any(len(line.totals) > 1 for line in self.lines)

    @property
    def low(self) -> int:
        return self.ticks[0]

    @property
    def high(self) -> int:
        return self.ticks[-1]


def chart_of(game: Game) -> Chart:
    """The game's running totals as a chart."""
    scored = [r for r in running_totals(game) if r is not None]
    totals = {p: (0, *(r[p] for r in scored)) for p in game.players}
    best = max(t[-1] for t in totals.values()) if scored else None
    lines = tuple(ChartLine(p, t, t[-1] == best) for p, t in totals.items())
    every = [t for line in totals.values() for t in line]
    said = (
        f"After round {len(scored)}: " + ", ".join(f"{p} {t[-1]}" for p, t in totals.items()) + "."
        if scored
        else "No round scored yet."
    )
    return Chart(TITLE, len(game.rounds), lines, axis_ticks(min(every), max(every)), said)


def axis_ticks(low: int, high: int) -> tuple[int, ...]:
    """Round numbers from at or below ``low`` to at or above ``high``, about TICKS of them,
    0 among them."""
    span = max(high - low, 1)
    power = 1
    while True:
        step = next((s * power for s in STEPS if span / (s * power) <= TICKS), None)
        if step is not None:
            break
        power *= 10
    start = (low // step) * step
    end = -(-high // step) * step
    if end == start:
        end = start + step
    return tuple(range(start, end + step, step))
