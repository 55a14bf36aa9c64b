"""``sheet --chart``: the running totals drawn in characters (cli/chart.py) from the chart
data the page draws, every player named at the end of their line, the same width off a
terminal wherever it runs."""

import json

from hypothesis import given
from hypothesis import strategies as st

from qscore.cli.chart import HEIGHT, MARKS, WIDTH, chart_text
from qscore.views.totals_chart import Chart, ChartLine, axis_ticks
from tests.conftest import ok, run


def chart(totals: dict[str, tuple[int, ...]], rounds: int = 4) -> Chart:
    best = max(t[-1] for t in totals.values())
    lines = tuple(ChartLine(p, t, t[-1] == best) for p, t in totals.items())
    every = [v for t in totals.values() for v in t]
    return Chart("Running totals, round by round", rounds, lines, axis_ticks(min(every), max(every)), "")


def plot_rows(text: str) -> list[str]:
    return text.splitlines()[1 : 1 + HEIGHT]


def ends(text: str) -> list[str]:
    """What stands right of the plot on each of its rows (``x ann 84``, or nothing): past
    the rounds' axis, whose line is as long as the plot."""
    start = len(text.splitlines()[HEIGHT + 1]) + 2
    return [line[start:] for line in plot_rows(text)]


def named_at(text: str) -> dict[str, int]:
    """Each name's row."""
    return {e[2:].rpartition(" ")[0]: r for r, e in enumerate(ends(text)) if e}


def test_each_line_ends_in_its_mark_name_and_total_from_the_top_as_they_stand():
    text = chart_text(chart({"ann": (0, 20, 35, 60, 84), "ben": (0, 30, 40, 50, 76), "cat": (0, 5, 10, 20, 32)}))
    rows = plot_rows(text)
    assert text.splitlines()[0] == "Running totals, round by round"
    assert [e for e in ends(text) if e] == [
        "* ann 84",
        "o ben 76",
        "+ cat 32",
    ]
    # each name on the row its line ends, after the line's own mark in the plot's last column
    for name, r in named_at(text).items():
        mark = {"ann": "*", "ben": "o", "cat": "+"}[name]
        assert rows[r][: -len(ends(text)[r])].rstrip().endswith(mark), (name, rows[r])
    assert text.splitlines()[-1].split() == ["0", "1", "2", "3", "4"]  # the rounds along the foot
    assert all(len(line) <= WIDTH for line in text.splitlines())


def test_names_at_the_same_total_take_a_row_each_in_seating_order():
    text = chart_text(chart({p: (0, 10) for p in ("ann", "ben", "cat", "dee")}, rounds=8))
    at = named_at(text)
    assert sorted(at, key=at.__getitem__) == ["ann", "ben", "cat", "dee"]
    assert len(set(at.values())) == 4


names = st.lists(st.text("abcdefghij", min_size=1, max_size=30), min_size=2, max_size=8, unique=True)


@given(names, st.integers(1, 10), st.integers(60, 120), st.data())
def test_any_totals_name_every_player_inside_the_width(players, scored, width, data):
    rounds = data.draw(st.integers(scored, 10))
    totals = {p: (0, *data.draw(st.lists(st.integers(-60, 400), min_size=scored, max_size=scored))) for p in players}
    text = chart_text(chart(totals, rounds), width)
    assert all(len(line) <= width for line in text.splitlines())
    shown = ends(text)
    for i, p in enumerate(players):  # named whole, or cut (…) to the room only when the name is long
        said = f"{MARKS[i]} {p} {totals[p][-1]}"
        assert said in shown or any(e.endswith("…") and said.startswith(e[:-1]) for e in shown), (said, shown)


def test_sheet_chart_draws_the_game_then_says_who_won():
    ok("new", "ann", "ben", "--rounds", "3,4", "--bonus", "none")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "-u", "X")
    ok("score", "ann", "quiz", "--out")
    ok("score", "ben", "cat", "-u", "E")
    ok("close")
    out = ok("sheet", "--chart")
    assert out == ok("sheet", "--chart")  # off a terminal: WIDTH columns, the same every run
    lines = out.splitlines()
    lines = lines[: lines.index("The evening:")]  # the closed game's summary follows (tests/test_history.py)
    assert lines[0] == "Running totals, round by round" and lines[-1] == "Game over. ann wins with 48."
    ben = json.loads(ok("sheet", "--json"))["totals"]["ben"]
    assert [e for e in ends(out) if e] == ["* ann 48", f"o ben {ben}"]
    assert all(len(line) <= WIDTH for line in lines)
    refused = run("sheet", "--chart", "--json")
    assert (refused.exit_code, refused.stderr) == (2, "qscore: error: --chart goes alone: not with --json\n")


def test_before_any_round_is_scored_the_chart_says_so():
    """A chart of nothing: the axes of 0 to 1 and every name at 0."""
    ok("new", "ann", "ben", "--bonus", "none")
    assert ok("sheet", "--chart") == "No round scored yet.\nRound 1: 3 cards. ann deals, ben starts.\n"
