"""One voice for both faces: a scripted game's review and some words' verdicts, rendered by
the terminal (``qscore review``, ``qscore check --define``) and by the table's page (the app
in process, as tests/test_serve.py calls it), say every sentence the same. Layout apart:
tags, indentation, the spacing of a column, the colon a terminal heading ends with."""

import html
import re

import pytest
from starlette.testclient import TestClient

from qscore.web.pages import make_app
from tests.conftest import ok, run

CODE = "K7Q3M9"
BASE = f"/t/{CODE}/"

# An evening of three rounds: a word struck, a word that stood (its challenger pays), a
# hand laid short of its best, a player out each round.
EVENING = [
    ("score", "ann", "cat", "--out"),
    ("score", "ben", "it", "-u", "Q"),
    ("score", "cat", "(qu)it"),
    ("score", "ben", "quit", "--out"),
    ("score", "cat", "tax", "-u", "E"),
    ("score", "ann", "to", "-u", "A B"),
    ("challenge", "cat", "tax", "--by", "ann"),
    ("score", "cat", "toast", "--out"),
    ("score", "ann", "hat", "-u", "E S"),
    ("score", "ben", "qiz", "-u", "A O"),
    ("challenge", "ben", "qiz", "--by", "cat"),
]

WORDS = ["quiz", "Steve", "qiuz", "axes", "saw", "bubble", "co-op", "zzxq", "quizzes", "(qu)it", "za", "publically"]


def sentences(fragment: str) -> list[str]:
    """The sentences a piece of the page shows: each paragraph, list item or summary, its
    tags dropped and its spaces made one."""
    found = re.findall(r"<(p|li|summary)\b[^>]*>(.*?)</\1>", fragment, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split()) for _, text in found]


def lines(text: str) -> list[str]:
    """The terminal's lines, their indentation and column spacing dropped."""
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def section(page: str, pattern: str) -> str:
    found = re.search(pattern, page, re.S)
    assert found, page
    return found.group(0)


@pytest.fixture
def page() -> TestClient:
    ok("new", "ann", "ben", "cat", "-g", "fri")
    return TestClient(make_app("fri", CODE))


def test_the_page_reviews_each_round_in_the_terminals_words(page):
    reviewed = 0
    for command in EVENING:
        ok(*command)
        shown = page.get(BASE).text
        if '<details class="review"' not in shown:
            continue
        said = sentences(section(shown, r'<details class="review".*?</details>'))
        heading, *players = said
        found = re.fullmatch(r"Review: Round (\d+) \(\d+ cards\)", heading)
        assert found, heading  # the page's label, then the round's heading as the terminal words it
        number = int(found.group(1))
        terminal = lines(ok("review", "--round", str(number)))
        assert f"{heading.removeprefix('Review: ')}:" in terminal  # the page's label, the terminal's colon
        assert players and players == terminal[2:], command  # the title, the heading, then each player's line
        reviewed += 1
    assert reviewed == len(EVENING) - 2  # from round 1 closed on, the review follows each entry


@pytest.mark.parametrize("word", WORDS)
def test_the_word_box_says_what_check_define_says(page, word):
    shown = page.get(BASE + "word", params={"word": word}).text
    said = sentences(section(shown, r'<div id="verdict".*?</div>'))
    checked = run("check", "--define", word)
    assert checked.exit_code in (0, 1), checked.output  # allowed, or refused
    # the same sentences, each once; the order is layout (the page puts the suggestions first)
    assert said and sorted(said) == sorted(lines(checked.stdout)), word
