"""Every layout of the sheet against the sheet's view it lays out: the terminal's tables,
a round in detail (sheet --words), the wide and long CSV, the Markdown, the JSON and the
page. Each only lays the view out, so each says what the view holds: the same scores,
marks, struck words, unused cards and running totals."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from qscore import scorekeeper
from qscore.cli.sheets import detail_text, export_text, long_csv, markdown_text, table_text, wide_csv
from qscore.views.sheet import sheet_json
from qscore.views.sheet_view import HAD_LEFT, SheetView, cell_marks, sheet_view, word_mark
from qscore.web.watch import templates


def lay(player: str, words: str, unused: str = "", *, out: bool = False) -> None:
    scorekeeper.record_laydown(player, words.split(), unused, out, None, "fri")


@pytest.fixture
def view() -> SheetView:
    """Round 1 closed with a struck word (dee's ox), a challenge lost (ben's of cat's at), a
    bonus and a player out; cat leaves; round 2 open with a word struck already (ann's hat);
    the judge refuses top, laid and never challenged."""
    scorekeeper.start_game(["ann", "ben", "cat", "dee"], rounds="3,4,5", name="fri")
    lay("ann", "(qu)iz", out=True)
    lay("ben", "top")
    lay("cat", "at", "M")
    lay("dee", "ox", "E")
    scorekeeper.settle_challenge("dee", "ox", "ann", "invalid", 1, "fri")
    scorekeeper.settle_challenge("cat", "at", "ben", None, 1, "fri")
    scorekeeper.leave("cat", None, "fri")
    lay("ann", "hat", "A")
    scorekeeper.settle_challenge("ann", "hat", "ben", "invalid", 2, "fri")
    return sheet_view(scorekeeper.load_game("fri"), lambda word: word != "top")


def test_the_view_holds_the_round_as_data(view):
    first, second = (row.detail for row in view.rows[:2])
    dee = first.hand("dee")
    assert dee is not None and dee.struck == ["ox"] and dee.score == 0 and dee.lost_challenge
    assert [(w.text, w.points, word_mark(w)) for w in dee.words] == [("ox", 14, "struck")]
    ben = first.hand("ben")
    assert ben is not None and [word_mark(w) for w in ben.words] == ["?"] and cell_marks(ben) == "!"
    ann = second.hand("ann")
    assert ann is not None and ann.struck == ["hat"] and ann.score is None  # struck, not scored yet
    assert second.hand("cat") is None and second.playing == ("ann", "ben", "dee")


def test_the_table_and_the_markdown_show_the_views_cells(view):
    table = table_text(view).splitlines()
    assert table[0] == "Game 'fri'" and table[-1] == ", ".join(view.legend)
    for row, line in zip(view.rows, table[3:], strict=False):
        assert line.split()[:4] == [str(row.number), str(row.cards), row.dealer, row.starts]
        for cell in row.cells:
            assert f"{cell.shown} {cell.running_text}".strip() in line
    md = markdown_text(view).splitlines()
    assert md[0] == "## Quiddler: fri" and md[-1] == view.status[-1]
    first = next(line for line in md if line.startswith("| 1 "))
    assert [c.strip() for c in first.strip("|").split("|")][4:] == [
        f"{c.shown} {c.running_text}".replace("*", "\\*") for c in view.rows[0].cells
    ]


def test_the_wide_csv_has_the_views_scores_and_marks(view):
    rows = list(csv.reader(io.StringIO(wide_csv(view))))
    assert rows[0] == ["round", "cards", "dealer", "starter", *view.players, "marks"]
    for row, line in zip(view.rows, rows[1:], strict=False):
        shown = [c.shown.split()[0] if row.closed or c.shown == HAD_LEFT else "" for c in row.cells]
        assert line[4:-1] == shown
        marked = [f"{h.player} {cell_marks(h)}" for h in row.detail.hands if row.closed and cell_marks(h)]
        assert line[-1] == ", ".join(marked)
    assert rows[-1] == ["total", "", "", "", *map(str, view.totals), ""]
    assert rows[2][6] == HAD_LEFT  # cat had left by round 2


def test_the_long_csv_has_each_hand_of_the_view(view):
    rows = list(csv.DictReader(io.StringIO(long_csv(scorekeeper.load_game("fri")))))
    hands = [(row, h) for row in view.rows for h in row.detail.hands if h.laid]
    assert [(r["round"], r["player"]) for r in rows] == [(str(row.number), h.player) for row, h in hands]
    for r, (row, h) in zip(rows, hands, strict=True):
        assert r["words"] == " ".join(w.text for w in h.words) and r["struck"] == " ".join(h.struck)
        assert r["unused"] == " ".join(h.unused) and r["went_out"] == ("yes" if h.out else "no")
        cell = row.cells[view.players.index(h.player)]
        assert r["round_score"] == ("" if h.score is None else str(h.score))
        assert r["running_total"] == ("" if cell.running is None else str(cell.running))
    assert rows[-1]["struck"] == "hat"  # struck in the round still open


def test_a_round_in_detail_has_each_word_with_its_points_and_mark(view):
    for row in view.rows[:2]:
        text = detail_text(row.detail)
        for h in row.detail.hands:
            line = next(line for line in text.splitlines() if line.startswith(h.player + " "))
            said = ", ".join(f"{w.text} {w.points} {word_mark(w)}".strip() for w in h.words)
            assert said in line, line
    assert "  ?: not in the game's dictionary; it stands unless challenged" in detail_text(view.rows[0].detail)


def test_the_json_has_the_views_rounds(view):
    game = scorekeeper.load_game("fri")
    data = sheet_json(game)
    assert json.loads(export_text(game, "json")) == data
    assert data["players"] == list(view.players) and list(data["totals"].values()) == list(view.totals)
    for row, r in zip(view.rows, data["rounds"], strict=True):
        assert r["number"] == row.number and r["closed"] == row.closed
        for p, cell in zip(view.players, row.cells, strict=True):
            h = row.detail.hand(p)
            assert r["scores"][p] == (h.score if h is not None else None)
            if cell.running is not None:
                assert r["running"][p] == cell.running
            if h is not None and h.laid and row.closed:
                assert r["players"][p]["struck"] == h.struck


def test_the_page_strikes_the_words_the_view_struck(view):
    html = templates.get_template("sheet.html").render(sheet=view)
    struck = re.findall(r'<s title="struck">([^<]*)</s>', html)
    assert struck == [w.text for row in reversed(view.rows) for h in row.detail.hands for w in h.words if w.struck]
