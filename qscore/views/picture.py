"""The evening's picture: one SVG a family sends to its chat, the sheet as it ends (each
round's points a player, the totals, the status lines, the winner starred and said to win)
above the chart of running totals the page draws (views/chart_drawing.py, the same lines,
colours, dashes and names). At least WIDTH px wide, its smallest text SMALL px: sent to a
phone it is shown at half that and stays legible. Every name and word is escaped.

The text is drawn in DejaVu Sans, shipped in qscore/data beside its licence, so the PNG a
face makes of it (resvg given ``FONTS`` and no system font) is the same on every
machine; a browser showing the SVG itself takes its own sans-serif if it lacks DejaVu.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from qscore.views.chart_drawing import Drawing, drawing
from qscore.views.sheet_view import RUNNING_SAID, SheetView, sheet_view
from qscore.views.totals_chart import chart_of

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game

FONT = Path(__file__).resolve().parent.parent / "data" / "DejaVuSans.ttf"
FAMILY = "DejaVu Sans, Verdana, sans-serif"
# how a face makes the PNG: resvg_py.svg_to_bytes(svg_string=..., font_files=FONTS, skip_system_fonts=True)
FONTS = [str(FONT)]

WIDTH = 720  # px at least: a chat shows it a phone's width, about half this
PAD = 24  # the margin all round
TITLE = 34  # the title's font size
TEXT = 26  # the sheet's and the status lines' font size
SMALL = 20  # the legend's: the smallest text, 10 px on a phone
ROW = 42  # a row of the sheet
GLYPH = 0.62  # a character's width, as a share of its font size (DejaVu Sans' digits' 0.64, about)
PROSE = 0.55  # a sentence's characters' width on average: where a line of words is cut
INK, RULE, PAPER, WINNER = "#1a1a1a", "#b8b8b8", "#ffffff", "#fff1b8"


def text_width(text: str, size: int) -> float:
    return len(text) * size * GLYPH


def lines_of(text: str, size: int, width: float) -> list[str]:
    """Text cut into lines that fit the width, at a space."""
    return textwrap.wrap(text, max(int(width / (size * PROSE)), 10)) or [""]


def text_at(x: float, y: float, text: str, size: int, anchor: str = "start", fill: str = INK) -> str:
    anchored = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}"{anchored}>{escape(text)}</text>'


class Layout:
    """The picture's parts as they are placed, top to bottom: ``y`` where the next goes."""

    def __init__(self, width: float) -> None:
        self.width = width
        self.y = float(PAD)
        self.parts: list[str] = []

    def say(self, text: str, size: int) -> None:
        """Lines of text across the picture, cut to fit."""
        for line in lines_of(text, size, self.width - 2 * PAD):
            self.y += size * 1.3
            self.parts.append(text_at(PAD, round(self.y, 1), line, size))
        self.y += size * 0.4


def headers(view: SheetView) -> list[str]:
    """Each player's column head, the leader (the winner, once the game is over) starred."""
    return [f"★ {p}" if p in view.leaders else p for p in view.players]


def table_rows(view: SheetView) -> list[list[str]]:
    """The sheet's rows as the picture shows them: the round, each player's cell (its score
    and marks, ``37 ML*``), then the totals."""
    rows = [[str(r.number), *(c.shown for c in r.cells)] for r in view.rows]
    return [*rows, ["total", *(str(t) for t in view.totals)]]


def column_widths(view: SheetView) -> list[float]:
    rows = [["round", *headers(view)], *table_rows(view)]
    return [max(text_width(row[i], TEXT) for row in rows) + 24 for i in range(len(rows[0]))]


def sheet_table(layout: Layout, view: SheetView, widths: list[float]) -> None:
    """The sheet as a table: a row a round, a column a player, the totals below; the
    winner's column shaded as well as starred."""
    top = layout.y
    rows = [["round", *headers(view)], *table_rows(view)]
    lefts = [PAD + sum(widths[:i]) for i in range(len(widths))]
    height = ROW * len(rows)
    for i, p in enumerate(view.players, 1):
        if p in view.leaders:
            layout.parts.append(
                f'<rect x="{lefts[i]:g}" y="{top:g}" width="{widths[i]:g}" height="{height:g}" fill="{WINNER}"/>'
            )
    for n, row in enumerate(rows):
        base = round(top + ROW * n + ROW * 0.7, 1)
        for i, cell in enumerate(row):
            if i == 0:
                layout.parts.append(text_at(lefts[0] + 6, base, cell, TEXT))
            else:
                layout.parts.append(text_at(lefts[i] + widths[i] - 12, base, cell, TEXT, "end"))
        if n in (0, len(rows) - 1):  # a rule under the heads and over the totals
            y = top + ROW * (n + (n == 0))
            right = PAD + sum(widths)
            rule = f'x1="{PAD}" x2="{right:g}" y1="{y:g}" y2="{y:g}"'
            layout.parts.append(f'<line {rule} stroke="{INK}" stroke-width="2"/>')
    layout.y = top + height + 8


def chart_part(layout: Layout, d: Drawing) -> None:
    """The running totals' chart as the page places it, WIDTH across however wide the sheet
    above it (its text as large as the sheet's, whatever the names' length)."""
    scale = (WIDTH - 2 * PAD) / d.width
    layout.y += 8
    layout.say(d.chart.title, TEXT)
    parts = [f'<g transform="translate({PAD} {layout.y:g}) scale({scale:g})">']
    for total, y in d.ticks:
        opacity = "0.6" if total == 0 else "0.25"
        parts.append(
            f'<line x1="{d.left:g}" x2="{d.right:g}" y1="{y:g}" y2="{y:g}" stroke="{INK}" stroke-opacity="{opacity}"/>'
        )
        parts.append(text_at(d.left - 6, round(y + d.axis_size / 3, 1), str(total), d.axis_size, "end"))
    for n, x in d.rounds:
        parts.append(text_at(x, d.bottom + d.axis_size + 6, str(n), d.axis_size, "middle"))
    for line in d.lines:
        width = 5 if line.leads else 3
        dash = f' stroke-dasharray="{line.dash}"' if line.dash else ""
        stroke = f'fill="none" stroke="{line.colour}" stroke-width="{width}"{dash}'
        parts.append(f'<polyline points="{line.points}" {stroke} stroke-linejoin="round"/>')
        if line.lead:
            parts.append(f'<polyline points="{line.lead}" fill="none" stroke="{line.colour}" stroke-width="1.5"/>')
        (x1, x2), y = line.key, line.end_y
        parts.append(f'<line x1="{x1:g}" x2="{x2:g}" y1="{y:g}" y2="{y:g}" {stroke}/>')
        parts.append(text_at(line.end_x, line.baseline, line.name, line.size))
    parts.append("</g>")
    layout.parts += parts
    layout.y += d.height * scale


def picture_svg(game: Game) -> str:
    """The evening's picture of a game, as SVG: its name, the status lines (who won), the
    sheet, the legend of its marks, and the chart of running totals."""
    view = sheet_view(game)
    widths = column_widths(view)
    layout = Layout(max(WIDTH, sum(widths) + 2 * PAD))
    layout.say(f"Quiddler: {view.game}", TITLE)
    if view.rules:  # a variant, a table's deck, a house rule
        layout.say(view.rules, SMALL)
    for line in view.status:
        layout.say(line, TEXT)
    sheet_table(layout, view, widths)
    # a mark and its meaning kept on one line (a no-break space after the colon)
    layout.say(", ".join(m.replace(": ", ":\u00a0") for m in view.legend if m != RUNNING_SAID), SMALL)
    chart_part(layout, drawing(chart_of(game)))
    width, height = round(layout.width), round(layout.y + PAD)
    title = quoteattr(f"Quiddler: {view.game}. " + " ".join(view.status))
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FAMILY}" role="img" aria-label={title}>',
            f'<rect width="{width}" height="{height}" fill="{PAPER}"/>',
            *layout.parts,
            "</svg>\n",
        ]
    )


def picture_file(game: str, kind: str) -> str:
    """The picture's file name, the game's (``Friday night`` makes ``friday-night.png``):
    plain letters and digits joined by hyphens, so it is safe in any folder and any header;
    ``quiddler`` when nothing of the name is left."""
    plain = unicodedata.normalize("NFKD", game).encode("ascii", "ignore").decode().lower().replace("'", "")
    stem = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:60].rstrip("-")
    return f"{stem or 'quiddler'}.{kind}"
