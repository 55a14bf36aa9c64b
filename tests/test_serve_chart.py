"""The running totals' chart as placed (qscore/views/chart_drawing.py), from its data: the
names at the lines' ends follow the totals from the top, all shown, none over another, none over
the rounds' axis or past the drawing. In process: no server, no browser
(tests/test_serve_browser_tv.py looks at the chart drawn)."""

import itertools

from hypothesis import given
from hypothesis import strategies as st

from qscore.views.chart_drawing import NAME_SIZE, Drawing, drawing, name_width, places
from qscore.views.totals_chart import Chart, ChartLine, axis_ticks


def drawn(totals: dict[str, tuple[int, ...]], rounds: int = 8) -> Drawing:
    """The chart of these running totals (each 0, then after each round scored), as placed."""
    best = max(t[-1] for t in totals.values())
    lines = tuple(ChartLine(p, t, t[-1] == best) for p, t in totals.items())
    every = [v for t in totals.values() for v in t]
    return drawing(Chart("Running totals", rounds, lines, axis_ticks(min(every), max(every)), ""))


def from_the_top(d: Drawing) -> list[str]:
    return [line.player for line in sorted(d.lines, key=lambda line: line.end_y)]


def assert_all_shown_apart_inside(d: Drawing) -> None:
    """Every name at least a name's height from the next, its whole height between the
    plot's top and its foot (the rounds' axis), and its width inside the drawing."""
    heights = sorted(line.end_y for line in d.lines)
    assert all(b - a >= NAME_SIZE for a, b in itertools.pairwise(heights)), heights
    for line in d.lines:
        assert d.top <= line.end_y - NAME_SIZE / 2 and line.end_y + NAME_SIZE / 2 <= d.bottom, (line, d.bottom)
        assert line.end_x + name_width(line.name, line.leads) <= d.width, line


def test_the_names_follow_the_totals_from_the_top():
    """With ann 7, ben 8, cat 13 the chart named cat, ann, ben from the top: ben, near ann,
    was pushed under her in seating order."""
    d = drawn({"ann": (0, 7), "ben": (0, 8), "cat": (0, 13)})
    assert from_the_top(d) == ["cat", "ben", "ann"]
    assert_all_shown_apart_inside(d)


def test_at_the_start_every_name_is_above_the_axis_in_seating_order():
    """Before any round is scored, four names at 0 were pushed down one under the other:
    two covered the rounds' axis and two fell off the chart."""
    d = drawn({p: (0,) for p in ("ann", "ben", "cat", "dee")})
    assert from_the_top(d) == ["ann", "ben", "cat", "dee"]
    assert_all_shown_apart_inside(d)


def test_a_long_name_is_cut_to_the_room_and_the_leader_starred():
    d = drawn({"Maximilian-Alexander Fortescue": (0, 40), "bo": (0, 12)})
    names = {line.player: line.name for line in d.lines}
    assert names["bo"] == "bo" and names["Maximilian-Alexander Fortescue"].startswith("★ Maxim")
    assert names["Maximilian-Alexander Fortescue"].endswith("…")
    assert_all_shown_apart_inside(d)


def test_the_leaders_starred_bold_name_has_its_room():
    """'★ Grandma', bold, is 140 units wide in DejaVu Sans Bold at the names' size (Chromium's
    measure): its room was reckoned for nine plain letters, 123, and it ran past the edge."""
    d = drawn({"Grandma": (0, 13, 40), "Ben": (0, 10, 21), "Zoë": (0, 9, 18), "Al": (0, 4, 16)}, rounds=2)
    leader = next(line for line in d.lines if line.leads)
    assert leader.name == "★ Grandma" and d.width - leader.end_x >= 140


def test_a_nine_letter_winner_is_named_whole():
    """'★ Mary-Kate', bold, is 155 units wide in DejaVu Sans Bold: it fits the room a name
    may take, and is not cut to '★ Mary-K…'."""
    d = drawn({"Mary-Kate": (0, 16), "Grandma": (0, 13), "Alexander": (0, 7)}, rounds=1)
    leader = next(line for line in d.lines if line.leads)
    assert leader.name == "★ Mary-Kate" and d.width - leader.end_x >= 155


names = st.lists(st.text("abcdefghij", min_size=1, max_size=12), min_size=2, max_size=8, unique=True)


@given(names, st.integers(1, 10), st.data())
def test_any_totals_are_named_in_order_apart_and_inside(players, scored, data):
    rounds = data.draw(st.integers(scored, 10))
    totals = {p: (0, *data.draw(st.lists(st.integers(-60, 400), min_size=scored, max_size=scored))) for p in players}
    d = drawn(totals, rounds)
    # from the top, by the total after the last round scored; seating order between equals
    expected = sorted(players, key=lambda p: (-totals[p][-1], players.index(p)))
    assert from_the_top(d) == expected
    assert_all_shown_apart_inside(d)


def test_names_too_many_for_the_room_are_spread_evenly():
    assert places([100.0] * 3, 10.0, 30.0, gap=26) == [10.0, 20.0, 30.0]
