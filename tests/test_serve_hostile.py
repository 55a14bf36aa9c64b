"""qscore serve against the rest of a hostile trial (qscore/web/guard.py, codes.py, server.py):
a phone of the table still loads while other addresses flood the server, numbers read as
ASCII digits only, the scorekeeper's page one line when the game cannot be read, a bad
request said once a minute, the codes file never a hang nor a loss, a signal as the
address is printed, a Host that is not the server's, names that look alike or show nothing,
and a tag-like word in a message kept. Loopback only: a real server in a thread where
connections matter, starlette's test client elsewhere."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from qscore.web import guard
from qscore.web.app import make_app
from tests.conftest import ok
from tests.test_serve import BASE, CODE, ORIGIN, game, lay, outcome, page, token
from tests.test_serve_guard import laydowns, said, served

__all__ = ["game", "page", "said", "served"]  # fixtures: a game of three, its page, the log, a real server

KEEPER = "M9T4HC"
KBASE = f"/k/{KEEPER}/"


@pytest.fixture
def keeper(game: str) -> TestClient:
    return TestClient(make_app(game, CODE, KEEPER))


# numbers: ASCII digits only


@pytest.mark.parametrize("text", ["²", "¹²", "٣", "\uff11", "-1", " 1", "", "1" * 10])
def test_a_number_is_ascii_digits_only(text):
    assert guard.number(text, 9) is None


def test_a_number_of_ascii_digits_is_read():
    assert (guard.number("0", 3), guard.number("120", 3), guard.number("1200", 3)) == (0, 120, None)


def test_superscript_digits_in_a_laydown_are_no_round(page, isolated_home):
    """'²'.isdigit() is true and int('²') fails: the page answered 500 with a traceback."""
    r = lay(page, player="ann", words="cat", out="yes", round="²")
    assert r.status_code == 200 and "Recorded ann" in outcome(r.text)  # a round not given: the round played


def test_superscript_digits_in_the_players_cookie_are_no_entry(page):
    page.cookies.set("qscore-player", "ann~%C2%B2", path=BASE)  # as the browser sends it, quoted
    assert page.get(BASE).status_code == 200


def test_superscript_digits_or_other_letters_in_a_token_are_a_form_of_no_server(page, isolated_home):
    for sent in ("².a.b", "1.a.é"):  # compare_digest refuses a str holding more than ASCII
        r = page.post(
            BASE + "laydown", data={"player": "ann", "words": "cat", "out": "yes", "token": sent}, headers=ORIGIN
        )
        assert r.status_code == 409 and "Reload it" in outcome(r.text)
    assert laydowns(isolated_home) == 0


def test_superscript_digits_asking_a_review_are_no_review(keeper):
    r = keeper.get(KBASE, params={"review": "²"})
    assert r.status_code == 200 and "Review a round" in r.text
    sent = {"token": token(keeper.get(KBASE).text), "player": "ann", "words": "cat", "out": "yes", "round": "²"}
    r = keeper.post(KBASE + "do/laydown", data=sent, headers=ORIGIN)
    assert r.status_code == 200 and "Recorded ann&#39;s laydown in round 1" in r.text


# the scorekeeper's page when the game cannot be read


def one_line(shown: str) -> str:
    """The page's one line, asserted to be its only text beside the title, and no form."""
    found = re.findall(r'<p class="error" role="alert">([^<\n]+)</p>', shown)
    assert len(found) == 1 and "<form" not in shown, shown
    return html.unescape(found[0])


def test_the_scorekeepers_page_of_a_damaged_games_file_is_one_line(keeper, isolated_home):
    assert keeper.get(KBASE).status_code == 200
    (isolated_home / "games.sqlite3").write_bytes(b"not a database at all" * 100)
    for wal in isolated_home.glob("games.sqlite3-*"):
        wal.unlink()
    r = keeper.get(KBASE)
    assert r.status_code == 200 and str(isolated_home) not in r.text
    assert one_line(r.text) == one_line(keeper.get(BASE + "tv").text)  # as the table's page says it
    assert (isolated_home / "games.sqlite3").read_bytes() == b"not a database at all" * 100


def test_the_scorekeepers_page_of_a_deleted_game_is_one_line(keeper):
    ok("new", "dee", "eve", "-g", "secret-sunday", "--bonus", "most")
    ok("games", "--delete", "fri", "--yes")
    r = keeper.get(KBASE, params={"review": "1"})
    assert r.status_code == 200 and "was deleted" in one_line(r.text) and "secret-sunday" not in r.text


# a message's paths, and a tag-like word that is none


@pytest.mark.parametrize(
    "text", ["'</script>' is not allowed", "a<b>/x</b>", "</script><script>alert(1)</script>", "on /script> ok"]
)
def test_a_slash_inside_a_tag_like_word_is_no_path(text):
    """The path-stripper took /script for a path: a message showed </script> as <script>."""
    assert guard.unpathed(text, Path("/home/ann/games.sqlite3")) == text


def test_paths_in_a_message_are_still_named_by_their_file():
    games = Path("/home/ann/.local/share/qscore/games.sqlite3")
    said = f"cannot open '/tmp/x/list.txt' (/etc/qscore); file=/var/lib/a.db, {games}"
    assert guard.unpathed(said, games) == "cannot open 'list.txt' (qscore); file=a.db, the games file"


def test_a_word_typed_as_a_closing_tag_is_shown_as_typed(page):
    r = lay(page, player="ann", words="</script>", out="yes")
    assert r.status_code == 422 and "</script>" in outcome(r.text) and "<script>" not in outcome(r.text)
