"""The table's page a player holds, and the TV's: who holds the phone, the form sent once
and answered by a redirect, an outcome told apart at a glance, the round the form lays in,
the chart of running totals, the page kept on a home screen, a form that outlives a restart.
In process, through starlette's test client, as tests/test_serve.py."""

import html
import itertools
import json
import re

import pytest
from starlette.testclient import TestClient

from qscore.views.totals_chart import axis_ticks, chart_of
from qscore.web.pages import make_app
from tests.conftest import ok
from tests.test_serve import BASE, CODE, ORIGIN, as_player, game, lay, outcome, page, token
from tests.test_serve_guard import laydowns

__all__ = ["game", "page"]  # fixtures


def head(shown: str) -> tuple[str, str]:
    """The outcome's class and its heading's words."""
    found = re.search(r'<section id="outcome" class="(\w+)".*?<h2[^>]*>(.*?)</h2>', shown, re.S)
    assert found, shown
    words = re.sub(r'<span class="sign" aria-hidden="true">.*?</span>', "", found.group(2))
    return found.group(1), " ".join(html.unescape(re.sub(r"<[^>]+>", "", words)).split())


def test_a_laydown_is_answered_by_a_redirect_to_the_pages_own_address(page, isolated_home):
    """The address after a laydown was /t/CODE/laydown: a reload sent the form again, and
    opening it again was a bare Not Found."""
    sent = token(as_player(page, "ann"))
    r = page.post(
        BASE + "laydown",
        data={"token": sent, "player": "ann", "words": "cat", "out": "yes"},
        headers=ORIGIN,
        follow_redirects=False,
    )
    assert r.status_code == 303
    where = r.headers["location"]
    assert where.startswith(BASE + "?sent=") and where.endswith("#outcome") and "laydown" not in where
    shown = page.get(where)
    assert "Recorded ann's laydown in round 1: cat (went out)." in outcome(shown.text)
    assert outcome(page.get(where).text) == outcome(shown.text)  # a reload: the same answer, nothing sent
    assert laydowns(isolated_home) == 1


def test_a_stale_form_is_answered_by_a_redirect_too(page):
    r = page.post(
        BASE + "laydown", data={"token": "", "player": "ann", "words": "cat"}, headers=ORIGIN, follow_redirects=False
    )
    assert r.status_code == 303 and "laydown" not in r.headers["location"]
    assert "Reload it" in outcome(page.get(r.headers["location"]).text)


def test_a_new_phone_asks_who_holds_it_before_any_laydown(page):
    """The player menu started on the first player: a player who forgot to pick laid down as ann."""
    shown = page.get(BASE).text
    assert "Who are you?" in shown
    assert 'name="token"' not in shown and 'name="player" value="ann" selected' not in shown
    assert re.findall(r'<button type="submit" name="player" value="(\w+)"', shown) == ["ann", "ben", "cat"]


def test_the_phone_remembers_its_player_in_a_cookie_of_the_tables_path(page):
    r = page.get(BASE + "me", params={"player": "ben"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == BASE + "#laydown"
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("qscore-player=ben~1;") and f"Path={BASE}" in cookie and "SameSite=strict" in cookie
    shown = page.get(BASE).text
    assert "Who are you?" not in shown and "Lay down: ben" in shown
    assert "<option selected>ben</option>" in shown
    page.get(BASE + "me")  # "not ben?": asked again
    assert "Who are you?" in page.get(BASE).text


def test_a_renamed_players_phone_follows_the_rename_as_the_log_says_it(page):
    """ben's phone asked "who are you?" again once the scorekeeper renamed ben."""
    page.get(BASE + "me", params={"player": "ben"})
    ok("rename", "ben", "Benjamin")
    shown = page.get(BASE).text
    assert "Who are you?" not in shown and "<option selected>Benjamin</option>" in shown
    ok("rename", "cat", "ben")  # a name given up is taken again: the phone stays Benjamin's
    assert "Lay down: Benjamin" in page.get(BASE).text
    cats = TestClient(page.app)  # a phone that picked ben now: cat's seat
    cats.get(BASE + "me", params={"player": "ben"})
    ok("undo")  # cat's rename taken back: that phone is cat's again, and ben's stays Benjamin's
    assert "Lay down: cat" in cats.get(BASE).text and "Lay down: Benjamin" in page.get(BASE).text
    ok("undo")
    assert "Lay down: ben" in page.get(BASE).text
    page.get(BASE + "me")  # "not ben?": asked again, as before
    assert "Who are you?" in page.get(BASE).text


def test_a_player_not_in_the_round_is_asked_again(page):
    page.get(BASE + "me", params={"player": "zed"})
    assert "Who are you?" in page.get(BASE).text
    page.get(BASE + "me", params={"player": "cat"})
    ok("leave", "cat", "--bonus", "none")
    assert "Who are you?" in page.get(BASE).text


def test_the_page_says_who_still_has_to_lay_down(page):
    lay(page, player="ann", words="cat", out="yes")
    assert '<p class="waiting">Round 1 waits for ben, cat.</p>' in page.get(BASE).text


def test_the_phones_form_lays_in_the_round_it_shows_never_hinting_at_an_earlier_one(page):
    """A refusal in round 2 named round 1 ("ann laid cat in round 1: the scorekeeper can
    replace the laydown of round 1") to a player laying down in round 2."""
    for laid in (["ann", "cat", "--out"], ["ben", "it", "-u", "Q"], ["cat", "(qu)it"]):
        ok("score", *laid)
    shown = as_player(page, "ann")
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', shown))
    r = page.post(BASE + "laydown", data=fields | {"player": "ann", "words": "dog"}, headers=ORIGIN)
    said = outcome(r.text)
    assert "round 2 is dealt 4" in said and "round 1" not in said


@pytest.mark.parametrize(
    ("laid", "kind", "words"),
    [
        ({"words": "cat", "out": "yes"}, "saved", "Saved"),
        ({"words": "qiz"}, "flagged", "Saved, with a word flagged"),
        ({"words": "cats"}, "refused", "Not saved"),
    ],
)
def test_an_outcome_is_told_apart_by_colour_and_words(page, laid, kind, words):
    """A flagged word had the same green box as a clean laydown."""
    assert head(lay(page, player="ann", **laid).text) == (kind, words)


def test_the_outcome_comes_first_and_takes_the_focus(page):
    shown = lay(page, player="ann", words="cats").text
    body = shown.split("<main>", 1)[1]
    assert body.lstrip().startswith('<section id="outcome"') and 'tabindex="-1"' in body.split(">", 1)[0]
    assert 'action="/t/K7Q3M9/word#verdict"' in shown  # a word's verdict is scrolled to, as well


def test_the_title_names_the_game_and_the_round(page):
    """A game's title was its date alone, and no round."""
    ok("new", "ann", "ben", "cat")  # a game named by its date
    name = json.loads(ok("sheet", "--json"))["game"]
    shown = TestClient(make_app(name, CODE)).get(BASE).text
    assert f"<title>{name}, round 1: Quiddler scoresheet</title>" in shown
    assert f'<h1><span class="kicker">Quiddler</span> {name}</h1>' in shown


def test_the_tv_has_a_page_of_its_own_with_the_chart_and_the_leader_starred(page):
    for laid in (["ann", "cat", "--out"], ["ben", "it", "-u", "Q"], ["cat", "(qu)it"]):
        ok("score", *laid)
    r = page.get(BASE + "tv")
    assert r.status_code == 200
    shown = r.text
    assert 'class="tv"' in shown and "<form" not in shown
    assert "Round 2: 4 cards. ben deals, cat starts." in shown
    leader = json.loads(ok("sheet", "--json"))["leaders"][0]
    assert re.search(rf'class="player leader"><span class="star" aria-hidden="true">★</span><wbr>{leader}</th>', shown)
    assert shown.count('<g class="line"') == 3 and "<svg" in shown and "Running totals, round by round" in shown
    assert "(n): the running total after the round" in shown  # what "(13)" beside a score is


def test_before_any_round_is_scored_the_page_says_so_instead_of_a_chart(page):
    """A new game's page drew a chart of nothing: a lone round tick and the names bunched
    at the foot. It says what `qscore sheet --chart` says, and the chart comes with round 1."""
    for base in (BASE, BASE + "tv"):
        shown = page.get(base).text
        assert "<svg" not in shown and '<p class="chart-none">No round scored yet.</p>' in shown
    assert "No round scored yet." in ok("sheet", "--chart").splitlines()
    for laid in (["ann", "cat", "--out"], ["ben", "it", "-u", "Q"], ["cat", "(qu)it"]):
        ok("score", *laid)
    shown = page.get(BASE).text
    assert "<svg" in shown and "No round scored yet." not in shown


def test_the_chart_follows_the_running_totals_and_its_words_say_them(game):
    for laid in (["ann", "cat", "--out"], ["ben", "it", "-u", "Q"], ["cat", "(qu)it"]):
        ok("score", *laid)
    for laid in (["ben", "quit", "--out"], ["cat", "tax", "-u", "E"], ["ann", "to", "-u", "A B"]):
        ok("score", *laid)
    from qscore import scorekeeper

    chart = chart_of(scorekeeper.load_game("fri"))
    data = json.loads(ok("sheet", "--json"))
    for line in chart.lines:
        assert line.totals == (0, *(r["running"][line.player] for r in data["rounds"][:2]))
        assert chart.low <= min(line.totals) and max(line.totals) <= chart.high
        assert line.leads == (line.player in data["leaders"])
    assert chart.rounds == 8
    assert chart.said == "After round 2: " + ", ".join(f"{p} {t}" for p, t in data["totals"].items()) + "."


@pytest.mark.parametrize(("low", "high"), [(0, 0), (0, 24), (-12, 130), (-5, 290), (0, 3), (0, 1234)])
def test_the_axis_takes_every_total_in_a_few_round_steps(low, high):
    ticks = axis_ticks(low, high)
    assert ticks[0] <= min(low, 0) and ticks[-1] >= high and 0 in ticks and 2 <= len(ticks) <= 7
    step = ticks[1] - ticks[0]
    assert all(b - a == step for a, b in itertools.pairwise(ticks)) and str(step).strip("0") in ("1", "2", "5")


def test_the_page_can_be_added_to_a_home_screen(page):
    shown = page.get(BASE).text
    assert f'<link rel="manifest" href="{BASE}manifest.webmanifest">' in shown
    manifest = page.get(BASE + "manifest.webmanifest")
    assert manifest.headers["content-type"] == "application/manifest+json"
    data = json.loads(manifest.text)
    assert data["start_url"] == "./" and data["display"] == "standalone"
    for icon in data["icons"]:
        got = page.get(BASE + icon["src"])
        assert got.status_code == 200 and got.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            width, height = int.from_bytes(got.content[16:20], "big"), int.from_bytes(got.content[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"]


def test_a_form_filled_before_a_restart_is_taken_after_it(game, isolated_home):
    """Each serve signed its forms with a new key: a phone's form, filled before a restart,
    was refused as out of date."""
    key = bytes(range(16))
    before = TestClient(make_app(game, CODE, key=key))
    filled = token(as_player(before, "ann"))
    after = TestClient(make_app(game, CODE, key=key))
    r = lay(after, player="ann", words="cat", out="yes", token=filled)
    assert "Recorded ann" in outcome(r.text) and laydowns(isolated_home) == 1


def since(shown: str) -> list[str]:
    return [html.unescape(p) for p in re.findall(r'<p class="since">(.*?)</p>', shown)]


def test_an_answer_kept_says_what_was_entered_since_and_where_the_game_stands(page):
    """ "Saved ... Round 1 waits for ben, cat." stayed at the top, reloaded, after the
    scorekeeper took the laydown back, after the round closed and at game over, above a
    sheet saying otherwise."""
    answered = lay(page, player="ann", words="cat", out="yes").url
    assert "Round 1 waits for ben, cat." in outcome(page.get(answered).text) and not since(page.get(answered).text)
    ok("undo", "--yes")
    shown = page.get(answered).text
    assert head(shown) == ("refused", "Saved, then taken back")  # no longer headed as standing
    assert "Round 1 waits for ben, cat." not in outcome(shown)
    assert since(shown) == [
        "Since then, the scorekeeper took back ann's laydown in round 1: cat (went out).",
        "Round 1 waits for ann, ben, cat.",
    ]

    answered = lay(page, player="ann", words="cat", out="yes").url
    ok("score", "ben", "it", "-u", "Q")
    ok("score", "cat", "(qu)it")  # the round closes
    assert head(page.get(answered).text) == ("saved", "Saved")
    assert since(page.get(answered).text) == [
        "Since then, ben's laydown in round 1: it (unused Q) was entered.",
        "Since then, cat's laydown in round 1: (qu)it was entered.",
        "Round 2 waits for ann, ben, cat.",
    ]
    for laid in (["ben", "quit", "--out"], ["cat", "tax", "-u", "E"]):
        ok("score", *laid)
    shown = page.get(answered).text  # four entries since: the answer is old news, the sheet says it
    assert 'id="outcome"' not in shown and 'class="sheet' in shown


def test_an_answer_kept_says_the_game_is_over():
    ok("new", "ann", "ben", "--rounds", "3", "--bonus", "none", "-g", "short")
    page = TestClient(make_app("short", CODE))
    answered = lay(page, player="ann", words="cat", out="yes").url
    ok("score", "ben", "it", "-u", "Q")
    ok("close")
    said = since(page.get(answered).text)
    assert said[-1] == "Game over. ann wins with 13." and "Round 1 closed." not in outcome(page.get(answered).text)


def test_a_phone_lays_for_another_player_from_its_own_form(page):
    """grandma's hand entered from mia's phone meant "Not mia? Choose again", and the phone
    then held grandma's form until mia chose herself again."""
    shown = as_player(page, "ben")
    assert re.findall(r"<option(?: selected)?>(\w+)</option>", shown) == ["ann", "ben", "cat"]
    assert "<option selected>ben</option>" in shown
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', shown))
    r = page.post(BASE + "laydown", data=fields | {"player": "cat", "words": "cat", "out": "yes"}, headers=ORIGIN)
    assert "Recorded cat's laydown in round 1: cat (went out)." in outcome(r.text)
    assert "<option selected>ben</option>" in page.get(BASE).text  # still ben's phone
    fields["token"] = token(page.get(BASE).text)
    r = page.post(BASE + "laydown", data=fields | {"player": "ann", "words": "cats"}, headers=ORIGIN)
    assert "<option selected>ann</option>" in r.text  # refused: the form as it was sent, for ann
