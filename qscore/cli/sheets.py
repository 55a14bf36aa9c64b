"""How a scoresheet looks: tables for the terminal, and the exports.

tabulate, csv and json are imported by the functions that draw or write with them: a
`score` or an `undo` that shows no table does not pay for them. tabulate is imported
through cli/tables.py, without the package metadata its own import reads.

Every table and export here lays out the sheet's view (views/sheet_view.py), built once
from the game: the rounds, cells and marks, each player's words with their points,
struck or refused, the unused cards, the score's parts, the running totals. Nothing here
works out a score or a mark.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from qscore.views.sheet import SheetRound, sheet_json, sheet_round
from qscore.views.sheet_view import (
    FLAGGED,
    FLAGGED_SAID,
    HAD_LEFT,
    MARKS,
    NOT_COUNTED,
    NOT_LAID,
    WENT_OUT,
    SheetView,
    cell_marks,
    challenge_said,
    round_head,
    sheet_view,
    status_lines,
    word_mark,
)

if TYPE_CHECKING:
    from qscore.game.scoresheet import Challenge, Game, RoundState
    from qscore.scorekeeper import TableWord
    from qscore.words.dictionaries import Dictionary


def sheet_rows(view: SheetView) -> list[list[str]]:
    """A row a round, each closed round's score beside the running total, as on paper: ``37 ML* (52)``."""
    rows = [
        [
            str(r.number),
            str(r.cards),
            r.dealer,
            r.starts,
            *(c.shown + (f" {c.running_text}" if c.running is not None else "") for c in r.cells),
        ]
        for r in view.rows
    ]
    rows.append(["total", "", "", "", *(str(t) for t in view.totals)])
    return rows


def sheet_headers(view: SheetView) -> list[str]:
    return ["round", "cards", "dealer", "starts", *view.players]


def table_text(view: SheetView) -> str:
    """The sheet as a table, headed by the game's name, its legend below."""
    from qscore.cli.tables import tabulate

    table = tabulate(sheet_rows(view), headers=sheet_headers(view))
    rules = f"{view.rules}\n" if view.rules else ""  # a variant, a table's deck, a house rule
    return f"Game {view.game!r}\n{rules}{table}\n" + ", ".join(view.legend)


def sheet_text(game: Game) -> str:
    return table_text(sheet_view(game))


def standing_text(game: Game) -> str:
    """Who leads or won, and who deals and starts next."""
    return "\n".join(status_lines(game))


def judged_by(game: Game, dictionary: Dictionary | None) -> Callable[[str], bool] | None:
    """What the game's judge allows, with its ``dictionary`` open; None without one (no word is marked)."""
    from qscore import scorekeeper

    return scorekeeper.game_judge(game, dictionary).allows if dictionary is not None else None


def detail_rows(r: SheetRound) -> list[list[object]]:
    """Each player of a round: their words with points and marks, the unused cards (a struck
    word's too, in an open round as in a scored one: RULES.md counts its cards as unused, in
    the unused points beside them), and the score's parts."""
    rows: list[list[object]] = []
    for h in r.hands:
        if not h.laid:
            rows.append([h.player, f"({NOT_LAID})"])
            continue
        words = [f"{w.text} {w.points}" + (f" {mark}" if (mark := word_mark(w)) else "") for w in h.words]
        row: list[object] = [h.player + (f" {WENT_OUT}" if h.out else ""), ", ".join(words) or "-"]
        held = " ".join(h.unused) + ("" if r.unused_count else f" {NOT_COUNTED}")
        row.append(" + ".join([*([held] if h.unused else []), *h.struck]) or "-")
        if h.result is not None:
            res = h.result
            bonus = " ".join(MARKS[b] for b in res.bonuses)
            row += [res.word_points, -res.unused_points, -res.penalty or "", res.hand_score, bonus, res.score]
        rows.append(row)
    return rows


def detail_text(r: SheetRound, kept: Mapping[str, TableWord] | None = None) -> str:
    """A round in detail: each player's words with their points, unused cards, penalties,
    bonuses; an open round shows the laydowns so far. A word the game's judge refuses is
    marked, when the round was built with one."""
    from qscore.cli.tables import tabulate

    headers = ["player", "words", "unused"]
    if r.closed:
        headers += ["words pts", "unused", "penalty", "hand", "bonus", "round"]
    # numbers right, words left, in every round alike (a column of blanks would go left)
    align = ("left",) * 3 + (("right",) * 4 + ("left", "right") if r.closed else ())
    text = f"{round_head(r)}:\n" + tabulate(detail_rows(r), headers=headers, colalign=align)
    for c in r.challenges:
        text += f"\n  {challenge_said(c, kept)}"
    if any(word_mark(w) == FLAGGED for h in r.hands for w in h.words):
        text += f"\n  {FLAGGED_SAID}"
    return text


def round_text(game: Game, state: RoundState, dictionary: Dictionary | None = None) -> str:
    """A round in detail (detail_text); with the game's ``dictionary``, a word it refuses is marked."""
    shown = sheet_round(game, state, allows=judged_by(game, dictionary))
    return detail_text(shown, kept_rulings(game, state.challenges))


def words_sheet_text(game: Game, dictionary: Dictionary | None = None) -> str:
    """Every round reached, in detail, then the sheet: what ``sheet --words`` shows."""
    view = sheet_view(game, judged_by(game, dictionary))
    reached = [r.detail for r in view.rows if r.closed or any(h.laid for h in r.detail.hands)]
    kept = kept_rulings(game, [c for r in reached for c in r.challenges])
    return "\n\n".join([*(detail_text(r, kept) for r in reached), table_text(view)])


def kept_rulings(game: Game, challenges: Sequence[Challenge]) -> dict[str, TableWord]:
    """The table's words the game recorded at its start (scorekeeper.kept_rulings), read
    only when a challenge the game's dictionary settled may need one named."""
    from qscore import scorekeeper

    if not any(c.ruling == "dictionary" for c in challenges):
        return {}
    return scorekeeper.kept_rulings(game)


_MARKDOWN = re.compile(r"([\\\x60*_\[\]<>|#])")  # \x60: the backquote


def _markdown(text: str) -> str:
    """Text as Markdown shows it: its marks escaped (the went-out * in a cell and the legend,
    a * or _ in a game's name)."""
    return _MARKDOWN.sub(r"\\\1", text)


def export_text(game: Game, fmt: str) -> str:
    if fmt == "json":
        import json

        return json.dumps(sheet_json(game), indent=2, ensure_ascii=False) + "\n"  # as sheet --json
    view = sheet_view(game)
    return markdown_text(view) if fmt == "markdown" else wide_csv(view)


def markdown_text(view: SheetView) -> str:
    """The sheet as a Markdown table, headed by the game's name, with its legend and status lines."""
    from qscore.cli.tables import tabulate

    rows = [[_markdown(c) for c in row] for row in sheet_rows(view)]
    table = tabulate(rows, headers=[_markdown(h) for h in sheet_headers(view)], tablefmt="github")
    standing = "\n\n".join(_markdown(line) for line in view.status)
    head = f"## Quiddler: {_markdown(view.game)}\n\n" + (f"{_markdown(view.rules)}\n\n" if view.rules else "")
    return f"{head}{table}\n\n{_markdown(', '.join(view.legend))}\n\n{standing}\n"


def score_cell(r: SheetRound, player: str) -> object:
    """A player's score in a round, "" while it is open, "-" for one who had left."""
    hand = r.hand(player)
    if hand is None:
        return HAD_LEFT
    return hand.score if hand.score is not None else ""


def wide_csv(view: SheetView) -> str:
    """A row a round: a score a cell, as a spreadsheet sums it; "-" for a player who had
    left, as on the sheet; the sheet's marks (bonuses, went out, lost a challenge) in a
    column of their own."""
    import csv

    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["round", "cards", "dealer", "starter", *view.players, "marks"])
    for row in view.rows:
        r = row.detail
        scores = [score_cell(r, p) for p in view.players]
        marks = ", ".join(f"{h.player} {m}" for h in r.hands if r.closed and (m := cell_marks(h)))
        writer.writerow([r.number, r.hand_size, r.dealer, r.starts, *scores, marks])
    writer.writerow(["total", "", "", "", *view.totals, ""])
    return out.getvalue()


LONG_CSV = (
    "round", "cards", "dealer", "starter", "player", "words", "struck", "unused", "went_out",
    "word_points", "unused_points", "challenge_penalty", "hand_score", "bonuses", "round_score", "running_total",
)  # fmt: skip


def long_csv(game: Game) -> str:
    """One row per player per round laid (``export --format csv --long``): the words as
    laid, the unused cards, and each part of the score, with the running total. A round
    still open has its laydowns and blank scores."""
    import csv

    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(LONG_CSV)
    for row in sheet_view(game).rows:
        r = row.detail
        for h in r.hands:
            if not h.laid:
                continue
            words = " ".join(w.text for w in h.words)
            line: list[object] = [r.number, r.hand_size, r.dealer, r.starts, h.player, words, " ".join(h.struck)]
            line += [" ".join(h.unused), "yes" if h.out else "no"]
            res = h.result
            if res is None or r.running is None:
                line += [""] * 7
            else:
                bonuses = "; ".join(res.bonuses)
                line += [res.word_points, res.unused_points, res.penalty, res.hand_score, bonuses, res.score]
                line.append(r.running[h.player])
            writer.writerow(line)
    return out.getvalue()
