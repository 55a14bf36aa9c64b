"""How a scoresheet looks: tables for the terminal, and the exports.

tabulate, csv and json are imported by the functions that draw or write with them: a
`score` or an `undo` that shows no table does not pay for them. tabulate is imported
through cli/tables.py, without the package metadata its own import reads.
"""

import re
from typing import TYPE_CHECKING

from qscore.game.cards import parse_laid_word, points
from qscore.game.scoresheet import Game, RoundState
from qscore.views.sheet import sheet_json
from qscore.views.sheet_view import (
    FLAGGED,
    FLAGGED_SAID,
    MARKS,
    NOT_LAID,
    STRUCK,
    WENT_OUT,
    cell_marks,
    challenge_said,
    legend,
    round_head,
    sheet_view,
    status_lines,
)

if TYPE_CHECKING:
    from qscore.words.dictionaries import Dictionary


def sheet_rows(game: Game) -> list[list[str]]:
    """A row a round, each closed round's score beside the running total, as on paper: ``37 ML* (52)``."""
    view = sheet_view(game)
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


def sheet_headers(game: Game) -> list[str]:
    return ["round", "cards", "dealer", "starts", *game.players]


def legend_text(game: Game) -> str:
    """What the sheet's marks mean, in a line."""
    return ", ".join(legend(game))


def sheet_text(game: Game) -> str:
    from qscore.cli.tables import tabulate

    return f"Game {game.name!r}\n" + tabulate(sheet_rows(game), headers=sheet_headers(game)) + f"\n{legend_text(game)}"


def standing_text(game: Game) -> str:
    """Who leads or won, and who deals and starts next."""
    return "\n".join(status_lines(game))


def word_marks(game: Game, state: RoundState, player: str, dictionary: "Dictionary | None" = None) -> list[str]:
    """Each of a player's words' mark: STRUCK by a challenge, FLAGGED as the game's
    ``dictionary`` refuses it (unless a challenge upheld it), or none ("")."""
    from qscore import scorekeeper

    judge = scorekeeper.game_judge(game, dictionary) if dictionary is not None else None
    struck = [c.word for c in state.challenges if c.player == player and not c.valid]
    upheld = {c.word for c in state.challenges if c.player == player and c.valid}
    marks = []
    for w in state.laydowns[player].words:
        if w in struck:
            struck.remove(w)
            marks.append(STRUCK)
        elif judge is not None and w not in upheld and not judge.allows(w):
            marks.append(FLAGGED)
        else:
            marks.append("")
    return marks


def words_text(game: Game, state: RoundState, player: str, marks: list[str]) -> str:
    """A player's words as laid, each with its points and mark: ``(qu)iz 25, steve 21 struck, qiuz 35 ?``."""
    shown = [
        f"{w} {points(parse_laid_word(w, game.deck))}" + (f" {mark}" if mark else "")
        for w, mark in zip(state.laydowns[player].words, marks, strict=True)
    ]
    return ", ".join(shown) or "-"


def round_text(game: Game, state: RoundState, dictionary: "Dictionary | None" = None) -> str:
    """A round in detail: each player's words with their points, unused cards, penalties,
    bonuses; an open round shows the laydowns so far. With the game's ``dictionary``, a word
    it refuses is marked."""
    from qscore.cli.tables import tabulate

    rows: list[list[object]] = []
    flagged = False
    for p in state.players:
        lay = state.laydowns.get(p)
        if lay is None:
            rows.append([p, f"({NOT_LAID})"])
            continue
        marks = word_marks(game, state, p, dictionary)
        flagged |= FLAGGED in marks
        row: list[object] = [p + (f" {WENT_OUT}" if lay.out else ""), words_text(game, state, p, marks)]
        # a struck word's cards count as unused: said in the unused column, which counts them
        struck = [w for w, mark in zip(lay.words, marks, strict=True) if mark == STRUCK] if state.results else []
        row.append(" + ".join([*([" ".join(lay.unused)] if lay.unused else []), *struck]) or "-")
        if state.results is not None:
            r = state.results[p]
            row += [
                r.word_points,
                -r.unused_points,
                -r.penalty or "",
                r.hand_score,
                " ".join(MARKS[b] for b in r.bonuses),
                r.score,
            ]
        rows.append(row)
    headers = ["player", "words", "unused"]
    if state.results is not None:
        headers += ["words pts", "unused", "penalty", "hand", "bonus", "round"]
    # numbers right, words left, in every round alike (a column of blanks would go left)
    align = ("left",) * 3 + (("right",) * 4 + ("left", "right") if state.results is not None else ())
    text = f"{round_head(state)}:\n" + tabulate(rows, headers=headers, colalign=align)
    for c in state.challenges:
        text += f"\n  {challenge_said(c)}"
    if flagged:
        text += f"\n  {FLAGGED_SAID}"
    return text


def words_sheet_text(game: Game, dictionary: "Dictionary | None" = None) -> str:
    """Every round reached, in detail, then the sheet: what ``sheet --words`` shows."""
    reached = [s for s in game.rounds if s.closed or s.laydowns]
    parts = [round_text(game, s, dictionary) for s in reached]
    return "\n\n".join([*parts, sheet_text(game)])


_MARKDOWN = re.compile(r"([\\\x60*_\[\]<>|#])")  # \x60: the backquote


def _markdown(text: str) -> str:
    """Text as Markdown shows it: its marks escaped (the went-out * in a cell and the legend,
    a * or _ in a game's name)."""
    return _MARKDOWN.sub(r"\\\1", text)


def export_text(game: Game, fmt: str) -> str:
    import csv
    import io
    import json

    from qscore.cli.tables import tabulate

    if fmt == "json":
        return json.dumps(sheet_json(game), indent=2, ensure_ascii=False) + "\n"  # as sheet --json
    headers = ["round", "cards", "dealer", "starter", *game.players, "marks"]
    if fmt == "markdown":
        rows = [[_markdown(c) if isinstance(c, str) else c for c in row] for row in sheet_rows(game)]
        table = tabulate(rows, headers=[_markdown(h) for h in sheet_headers(game)], tablefmt="github")
        standing = "\n\n".join(_markdown(line) for line in standing_text(game).splitlines())
        return f"## Quiddler: {_markdown(game.name)}\n\n{table}\n\n{_markdown(legend_text(game))}\n\n{standing}\n"
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(headers)
    for s in game.rounds:
        # a score a cell, as a spreadsheet sums it; "-" for a player who had left, as on the sheet;
        # the sheet's marks (bonuses, went out, lost a challenge) in a column of their own
        scores = [
            "-" if p not in s.players else s.results[p].score if s.results and p in s.results else ""
            for p in game.players
        ]
        marked = [(p, cell_marks(s, p)) for p in s.players] if s.results else []
        marks = ", ".join(f"{p} {m}" for p, m in marked if m)
        writer.writerow([s.number, s.hand_size, s.dealer, s.starts, *scores, marks])
    totals = game.totals()
    writer.writerow(["total", "", "", "", *(totals[p] for p in game.players), ""])
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
    import io

    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(LONG_CSV)
    running = dict.fromkeys(game.players, 0)
    for s in game.rounds:
        for p in s.players:
            lay = s.laydowns.get(p)
            if lay is None:
                continue
            row: list[object] = [s.number, s.hand_size, s.dealer, s.starts, p, " ".join(lay.words)]
            struck = [w for w, mark in zip(lay.words, word_marks(game, s, p), strict=True) if mark == STRUCK]
            row += [" ".join(struck), " ".join(lay.unused), "yes" if lay.out else "no"]
            if s.results is None:
                row += [""] * 7
            else:
                r = s.results[p]
                running[p] += r.score
                bonuses = "; ".join(r.bonuses)
                row += [r.word_points, r.unused_points, r.penalty, r.hand_score, bonuses, r.score, running[p]]
            writer.writerow(row)
    return out.getvalue()
