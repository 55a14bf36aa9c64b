"""The TV's page in Debian's headless chromium, at 1920x1080 as a TV shows it: the whole
page on one screen (the sheet, the chart, the last round's review), the chart's names in
the order the players stand and large enough to read across a room, none over another or
over the axis; axe-core finds nothing.

QSCORE_SCREENSHOTS=docs ./dev test tests/test_serve_browser_tv.py writes docs/serve-tv.png
again (look at it before keeping it).
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from tests.axe import violations
from tests.conftest import ok
from tests.test_serve_browser import IN_CHROMIUM, browser
from tests.test_serve_browser_phone import PHONE, TV, Serve, serve, shown

__all__ = ["browser", "serve"]  # fixtures

pytestmark = IN_CHROMIUM

THREE_ROUNDS = [  # four players, three rounds closed: a review of round 3 under the chart
    [["ann", "cat", "--out"], ["ben", "it", "-u", "Q"], ["cat", "(qu)it"], ["dee", "zoo"]],
    [["ben", "quit", "--out"], ["cat", "tax", "-u", "E"], ["dee", "zoo", "-u", "E"], ["ann", "to", "-u", "A B"]],
    [["cat", "toast", "--out"], ["dee", "hat", "-u", "E S"], ["ann", "zoo", "-u", "A B"], ["ben", "quiz", "-u", "A"]],
]
ACROSS_A_ROOM = 24  # px: the chart's smallest text on a 1080p screen (the sheet's is about 30)


def screen(driver, width: int, height: int) -> None:
    """The page's viewport exactly this size (a window's would lose its frame's height)."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def test_the_tv_shows_the_whole_page_on_one_screen_and_its_chart_reads_across_a_room(serve: Serve, browser, tmp_path):
    """At 1920x1080 with four players the TV's page was 1,100 px tall: the review under the
    fold, the chart's numbers 16 px, its names in seating order pushed one under another."""
    ok("new", "ann", "ben", "cat", "dee", "-g", "Friday night")
    for laydowns in THREE_ROUNDS:
        for laid in laydowns:
            ok("score", *laid)
    serve.start()
    screen(browser, 1920, 1080)
    browser.get(serve.address + "tv")
    tall, wide, inner_h, inner_w = shown(
        browser,
        "const e = document.documentElement; return [e.scrollHeight, e.scrollWidth, innerHeight, innerWidth]",
    )
    assert (inner_w, inner_h) == (1920, 1080)
    assert tall <= inner_h and wide <= inner_w, f"the TV's page is {wide}x{tall}: it scrolls"
    review = shown(
        browser,
        "const r = document.querySelector('#sheet details.review'); return r && r.getBoundingClientRect().bottom",
    )
    assert review and review <= inner_h, "the last round's review is below the screen"
    # the words laid, a toggle no TV can open, ran off the screen's foot by round 4: not on the TV
    words = "return getComputedStyle(document.querySelector('#sheet details.words')).display"
    assert shown(browser, words) == "none"

    chart = shown(
        browser,
        """const svg = document.querySelector('#sheet figure.chart svg'); const box = svg.getBoundingClientRect();
        const axis = [...svg.querySelectorAll('.axis text')].map(t => t.getBoundingClientRect());
        const foot = Math.min(...axis.filter(r => r.left > box.left + 40).map(r => r.top));  // the rounds' numbers
        const names = [...svg.querySelectorAll('g.line')].map(g => {
            const r = g.querySelector('text.name').getBoundingClientRect();
            return {player: g.dataset.player, top: r.top, bottom: r.bottom, left: r.left, right: r.right};
        });
        return {box: [box.left, box.top, box.right, box.bottom], foot, names,
                smallest: Math.min(...axis.map(r => r.height), ...names.map(n => n.bottom - n.top))};""",
    )
    assert chart["smallest"] >= ACROSS_A_ROOM, f"the chart's text is {chart['smallest']:.0f} px high"
    names = sorted(chart["names"], key=lambda n: n["top"])
    totals = {
        p: t
        for p, t in zip(
            ("ann", "ben", "cat", "dee"),
            shown(
                browser, "return [...document.querySelectorAll('#sheet tfoot td[data-player]')].map(c => +c.innerText)"
            ),
            strict=True,
        )
    }
    assert [n["player"] for n in names] == sorted(totals, key=lambda p: -totals[p])  # who leads, from the top
    left, top, right, _bottom = chart["box"]
    for above, below in itertools.pairwise(names):
        assert above["bottom"] <= below["top"] + 1, (above, below)  # none over another
    for n in names:
        assert left <= n["left"] and n["right"] <= right and top <= n["top"], n  # inside the chart
        assert n["bottom"] <= chart["foot"], n  # none over the rounds' axis

    assert not (found := violations(browser, least="minor")), found
    keep = Path(os.environ.get("QSCORE_SCREENSHOTS", tmp_path))
    assert browser.save_screenshot(str(keep / "serve-tv.png"))


def six_close_twice() -> None:
    """Six players, two games of one round: the second's summary has every rating before and after."""
    players = ["Grandma", "Ben", "Zoë", "Mary-Kate", "Alexander", "dee"]
    for n in range(2):
        ok("new", *players, "-g", f"g{n}", "--rounds", "3")
        for p, w in zip(players, ["cat", "ate", "tie", "axe", "toe", "sea"], strict=True):
            ok("score", p, w, *(["--out"] if p == players[n] else []), "-g", f"g{n}")
        ok("close", "-g", f"g{n}")


def test_six_players_closed_game_fits_the_tv(serve: Serve, browser):
    """With six players the summary beside the sheet ran 60 px under the screen: its result
    now goes under the sheet and its ratings under the chart."""
    six_close_twice()
    serve.start()
    screen(browser, 1920, 1080)
    browser.get(serve.address + "tv")
    tall, wide = shown(browser, "const e = document.documentElement; return [e.scrollHeight, e.scrollWidth]")
    assert tall <= 1080 and wide <= 1920, f"the closed game's TV page is {wide}x{tall}: it scrolls"
    assert not (found := violations(browser, least="minor")), found


def test_a_closed_games_tv_page_reads_across_a_room_and_fits_the_screen(serve: Serve, browser, tmp_path):
    """A closed game's summary was drawn at 18 px on the TV (two columns of 0.6em, to fit):
    it now stands beside the sheet under the chart, in the last round's review's place,
    24 px or more, and the whole page is still on one screen."""
    ok("new", "ann", "ben", "cat", "dee", "-g", "Friday night", "--rounds", "3,4,5")
    for laydowns in THREE_ROUNDS:
        for laid in laydowns:
            ok("score", *laid)
    ok("close")
    serve.start()
    screen(browser, 1920, 1080)
    browser.get(serve.address + "tv")
    tall, wide = shown(browser, "const e = document.documentElement; return [e.scrollHeight, e.scrollWidth]")
    assert tall <= 1080 and wide <= 1920, f"the closed game's TV page is {wide}x{tall}: it scrolls"
    texts = shown(
        browser,
        """const seen = e => { const r = e.getBoundingClientRect(); return r.height > 0 && r.bottom <= innerHeight; };
        const size = e => parseFloat(getComputedStyle(e).fontSize);
        const sizes = s => [...document.querySelectorAll(s)].filter(seen).map(size);
        return {summary: sizes('#sheet section.evening :is(h2, h3, p, li)'), picture: sizes('#sheet p.picture a'),
                chart: [...document.querySelectorAll('#sheet figure.chart svg text')]
                    .map(t => t.getBoundingClientRect().height)};""",
    )
    assert len(texts["summary"]) >= 6 and min(texts["summary"]) >= ACROSS_A_ROOM, texts["summary"]
    assert texts["picture"] and min(texts["picture"]) >= ACROSS_A_ROOM, texts["picture"]
    assert texts["chart"] and min(texts["chart"]) >= ACROSS_A_ROOM, texts["chart"]
    assert not (found := violations(browser, least="minor")), found  # the picture's link was #0000ee on black
    keep = Path(os.environ.get("QSCORE_SCREENSHOTS", tmp_path))
    assert browser.save_screenshot(str(keep / "serve-tv-closed.png"))


@pytest.mark.parametrize("size", [PHONE, TV], ids=["phone", "tv"])
def test_the_winners_starred_bold_name_fits_the_chart_and_is_whole_in_the_header(serve: Serve, browser, size):
    """'★ Grandma', bold, ran past the chart's right edge on the phone and the TV (its room
    was reckoned for a plain name), and the phone's header broke her name 'Grandm / a'."""
    ok("new", "Grandma", "Ben", "Zoë", "Al", "-g", "Friday night", "--rounds", "3,4")
    for laid in (["Grandma", "cat", "--out"], ["Ben", "at", "-u", "X"], ["Zoë", "it", "-u", "E"]):
        ok("score", *laid)
    ok("score", "Al", "ox", "-u", "E")
    for laid in (["Grandma", "quiz", "--out"], ["Zoë", "tax", "-u", "E"], ["Al", "zoo", "-u", "E"]):
        ok("score", *laid)
    ok("score", "Ben", "to", "-u", "A B")
    serve.start()
    screen(browser, *size)
    browser.get(serve.address + ("tv" if size == TV else ""))
    edge, named = shown(
        browser,
        """const svg = document.querySelector('#sheet figure.chart svg');
        return [svg.getBoundingClientRect().right,
                [...svg.querySelectorAll('text.name')].map(t => [t.textContent, t.getBoundingClientRect().right,
                                                                  t.getBBox().x + t.getBBox().width])];""",
    )
    assert any(name == "★ Grandma" for name, *_ in named), named
    for name, right, drawn in named:
        assert right <= edge and drawn <= 480, (name, right, edge, drawn)
    lines = shown(
        browser,
        """const heads = [...document.querySelectorAll('#sheet thead th.player')];
        const th = heads.find(t => t.textContent.includes('Grandma'));
        const text = [...th.childNodes].find(n => n.nodeType === 3 && n.textContent.includes('Grandma'));
        const r = document.createRange(); r.selectNodeContents(text);
        return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size;""",
    )
    assert lines == 1, "the header breaks the winner's name mid-word"
