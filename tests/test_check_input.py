"""`qscore check` as a table uses it: only what the deck can lay, laid words, lists on
standard input, bad input, any input answered, and output that cannot be written."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from qscore.game.spelling import spell_word
from qscore.paths import package_file
from qscore.words.dictionaries.proposed import is_proposed
from tests.conftest import run


def heads(output):
    """The verdict lines of check's text output (spellings and suggestions are indented)."""
    return [line for line in output.splitlines() if line and not line.startswith(" ")]


# --- only what a table can lay ------------------------------------------------


def test_words_no_deck_can_lay_are_refused_with_what_they_lack():
    r = run("check", "bubble", "pizzazz", "interpretation", "quiz")
    assert r.exit_code == 1
    assert heads(r.stdout) == [
        "bubble: not allowed (needs 3 B, the standard deck has 2)",
        "pizzazz: not allowed (needs 4 Z, the standard deck has 2)",
        "interpretation: not allowed (needs 12 cards, the largest hand holds 10)",
        "quiz: allowed",
    ]


def test_the_short_game_has_its_own_deck_and_hands():
    r = run("check", "--variant", "short", "jazz", "balloons", "quiz")
    assert heads(r.stdout) == [
        "jazz: not allowed (needs 2 Z, the short deck has 1)",
        "balloons: not allowed (needs 8 cards, the largest hand holds 6)",
        "quiz: allowed",
    ]
    # the short deck has one QU: QUIZ is still laid two ways, one QU each
    assert "QU·I·Z" in r.stdout
    assert run("check", "--variant", "Short", "jazz").stdout.startswith("jazz: not allowed (needs 2 Z")
    assert run("check", "--variant", "long", "quiz").exit_code == 2


def test_json_keeps_its_shape_for_an_unlayable_word():
    got = json.loads(run("check", "--json", "bubble").stdout)
    assert got == [
        {
            "word": "bubble",
            "allowed": False,
            "reason": "needs 3 B, the standard deck has 2",
            "spellings": [],
            "suggestions": ["burble", "bumble", "rubble", "nubble"],
            "table_ruling": None,
        }
    ]


def test_cyclic_lists_only_the_spelling_two_c_cards_allow():
    r = run("check", "cyclic")
    assert r.stdout.splitlines() == ["cyclic: allowed", "  C·Y·CL·I·C   32 points"]


# --- laid words ---------------------------------------------------------------


def test_a_laid_word_is_judged_with_the_cards_laid():
    r = run("check", "(qu)iz")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == ["quiz: allowed", "  QU·I·Z   25 points"]
    got = json.loads(run("check", "--json", "(QU)iz", "(th)e", "(in)", "b(er)s(er)k(er)").stdout)
    assert got[0]["spellings"] == [{"cards": ["QU", "I", "Z"], "points": 25}]
    assert got[1]["word"] == "the" and got[1]["spellings"] == [{"cards": ["TH", "E"], "points": 11}]
    assert [v["reason"] for v in got[1:]] == [None, "fewer than two cards", "needs 3 ER, the standard deck has 2"]


def test_a_laid_word_with_no_such_card_is_bad_input():
    r = run("check", "quiz", "(xy)z")
    assert r.exit_code == 2
    assert heads(r.stdout) == ["quiz: allowed"]
    assert r.stderr.startswith("qscore: error: no card (xy) in laid word '(xy)z'")


# --- bad input: status 2, one line naming the word, the rest judged ----------


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("", "qscore: error: empty word"),
        ("   ", "qscore: error: empty word"),
        ("r2d2", "qscore: error: 'r2d2' has digits: cards carry letters only"),
        ("hello!", "qscore: error: 'hello!' has '!', which no card carries"),
        ("two words", "qscore: error: 'two words' has a space, which no card carries"),
        ("''", "qscore: error: \"''\" has no letters"),  # was refused as a word, status 1
        ("'-'", "qscore: error: \"'-'\" has no letters"),
    ],
)
def test_bad_input_exits_2_with_one_line(word, message):
    """The bad word gets its line; the others are judged all the same."""
    r = run("check", "quiz", word, "thin")
    assert r.exit_code == 2
    assert heads(r.stdout) == ["quiz: allowed", "thin: allowed"]
    assert r.stderr.startswith(message) and r.stderr.count("\n") == 1


def test_an_apostrophe_word_is_a_refusal_not_bad_input():
    r = run("check", "-", input="cat\ndon't\ndog\ncan\u2019t\n")
    assert r.exit_code == 1
    assert heads(r.stdout) == [
        "cat: allowed",
        "don't: not allowed (apostrophe)",
        "dog: allowed",
        "can't: not allowed (apostrophe)",
    ]


def test_a_hyphenated_word_is_a_refusal_not_bad_input():
    r = run("check", "co-op")
    assert r.exit_code == 1 and r.stdout.startswith("co-op: not allowed (hyphenated)")


# --- lists on standard input --------------------------------------------------


def test_words_from_standard_input_one_a_line():
    r = run("check", "-", input="quiz\n\n  Steve  \nthin\n")
    assert r.exit_code == 1
    assert heads(r.stdout) == ["quiz: allowed", "steve: not allowed (proper noun)", "thin: allowed"]
    windows = run("check", "-", input="\ufeffquiz\r\nthin\r\n".encode())
    assert heads(windows.stdout) == ["quiz: allowed", "thin: allowed"]
    both = run("check", "cat", "-", "dog", "-", input="quiz\n")
    assert heads(both.stdout) == ["cat: allowed", "quiz: allowed", "dog: allowed"]


def test_bad_line_on_standard_input_names_its_line_and_the_rest_is_judged():
    r = run("check", "-", input="quiz\nthin\nr2d2\nzebra\n")
    assert r.exit_code == 2 and heads(r.stdout) == ["quiz: allowed", "thin: allowed", "zebra: allowed"]
    assert r.stderr == "qscore: error: line 3 of standard input: 'r2d2' has digits: cards carry letters only\n"
    latin = run("check", "--json", "-", input=b"quiz\ncaf\xe9\nthin\n")
    assert latin.exit_code == 2 and [v["word"] for v in json.loads(latin.stdout)] == ["quiz", "thin"]
    assert latin.stderr == "qscore: error: line 2 of standard input is not UTF-8 text\n"
    empty = run("check", "-", input="\n\n")
    assert empty.exit_code == 2 and empty.stderr.startswith("qscore: error: no words on standard input")


def test_standard_input_is_read_to_a_bound_of_lines_and_of_one_line():
    """Issue 27, item 5, for the list read from standard input: /dev/zero was one endless
    line read until memory ran out, and endless blank lines (yes '') never ended."""
    blank = run("check", "-", input=b"\n" * 100_000 + b"quiz\n")
    assert blank.exit_code == 2 and blank.stdout == ""
    assert blank.stderr == "qscore: error: standard input has over 100,000 lines: the rest was not read\n"
    long = run("check", "-", input=b"quiz\n" + b"\0" * (5 * 1024 * 1024) + b"\nthin\n")
    assert long.exit_code == 2 and heads(long.stdout) == ["quiz: allowed"]
    assert long.stderr == "qscore: error: line 2 of standard input is over 4 MiB: the rest was not read\n"


def test_suggestions_are_words_the_deck_can_lay():
    assert "did you mean: quiz" in run("check", "quizz").stdout
    r = run("check", "bubbel", "pizazz")
    assert "did you mean: bubble" not in r.stdout and "pizzazz" not in r.stdout


def test_no_suggest_turns_suggestions_off():
    assert "did you mean: quiz" in run("check", "qiuz").stdout
    r = run("check", "--no-suggest", "qiuz")
    assert r.exit_code == 1 and "did you mean" not in r.stdout


# --- any input answered -------------------------------------------------------


@pytest.mark.slow
def test_pathological_words_are_answered():
    # once over a minute and 4.4 GB (every split listed), and 38 s (suggestions)
    r = run("check", "th" * 22, "q" * 200, "ththththththth", "in" * 10)
    # the deck's reason comes before the dictionary's: no hand holds them
    assert heads(r.stdout) == [
        f"{'th' * 22}: not allowed (needs 22 cards, the largest hand holds 10)",
        f"{'q' * 200}: not allowed (needs 200 cards, the largest hand holds 10)",
        "ththththththth: not allowed (needs 5 H, the standard deck has 2)",
        f"{'in' * 10}: not allowed (needs 8 N, the standard deck has 6)",
    ]
    assert "did you mean" not in r.stdout
    # a word a house list allows is still held to the deck, however long
    allow = Path(os.environ["QSCORE_HOME"]) / "allow.txt"
    allow.write_text("th" * 22 + "\n" + "thth\n", "utf-8")
    house = run("check", "--allow", str(allow), "th" * 22, "thth")
    assert heads(house.stdout) == [
        f"{'th' * 22}: not allowed (needs 22 cards, the largest hand holds 10)",
        "thth: allowed",
    ]
    # a line of two million letters on standard input, in the dictionary by house rule
    allow.write_text("th" * 1_000_000 + "\n", "utf-8")
    huge = run("check", "--allow", str(allow), "-", input="th" * 1_000_000 + "\n")
    assert huge.stdout.endswith(": not allowed (needs 1000000 cards, the largest hand holds 10)\n")


def word_sample(count, seed=7):
    words = package_file("wordlists", "everyday.txt").read_text("utf-8").split()
    return random.Random(seed).sample(words, count)


def misspelt(words, every, seed=7):
    """``words`` with every ``every``-th one letter changed."""
    rng = random.Random(seed)
    out = list(words)
    for i in range(0, len(out), every):
        w = out[i]
        at = rng.randrange(len(w))
        out[i] = w[:at] + rng.choice("abcdefghijklmnopqrstuvwxyz") + w[at + 1 :]
    return out


@pytest.mark.slow
def test_a_long_list_with_misspellings_is_answered_in_full():
    # the list: 5,000 words, 500 of them misspelt, once 50 s
    originals = word_sample(5000)
    words = misspelt(originals, 10)
    r = run("check", "--json", "-", input="\n".join(words) + "\n")
    got = json.loads(r.stdout)
    assert [v["word"] for v in got] == words
    refused = [v for v in got if v["reason"] == "not in the dictionary"]
    assert 300 < len(refused) <= 500
    # one letter changed: each misspelling of a word a hand can hold has a suggestion
    # (the word itself is one edit away, unless it is never suggested: fagoting, or never
    # proposed, as a table could not defend it), and nothing is said on standard error
    meant = dict(zip(words, originals, strict=True))
    layable = [v for v in refused if spell_word(meant[v["word"]]) and is_proposed(meant[v["word"]])]
    assert len(layable) > 300
    assert all(v["suggestions"] for v in layable)
    assert r.stderr == ""


@pytest.mark.slow
def test_a_list_of_gibberish_gets_for_each_word_what_it_gets_alone():
    rng = random.Random(11)
    junk = ["".join(rng.choice("bcdfghjklmnpqrstvwxz") for _ in range(rng.randint(6, 12))) for _ in range(300)]
    r = run("check", "--json", "-", input="\n".join(junk))
    assert r.exit_code == 1 and r.stderr == ""
    got = json.loads(r.stdout)
    assert len(got) == 300
    alone = [json.loads(run("check", "--json", w).stdout)[0]["suggestions"] for w in junk[-20:]]
    assert [v["suggestions"] for v in got[-20:]] == alone


# --- output that cannot be written --------------------------------------------


def qscore_process(*args, **kwargs):
    code = "import sys; from qscore.cli import main; sys.argv[0] = 'qscore'; main()"
    return subprocess.Popen([sys.executable, "-c", code, *args], **kwargs)


@pytest.mark.parametrize(
    "args",
    [["check", "-"], ["check", "--json", "-"], ["best", "A C D E I L N O R S T", "--top", "20", "--json"]],
    ids=["check", "check-json", "best"],
)
@pytest.mark.slow
def test_a_closed_pipe_ends_quietly(args):
    words = "\n".join(misspelt(word_sample(5000), 10)).encode()
    proc = qscore_process(*args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(words)
    proc.stdin.close()
    if args[0] == "check":
        proc.stdout.readline()  # `| head -1`
    # best writes its play at once, less than a pipe holds: closed before it writes (`| true`)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == 141  # as for a program ended by SIGPIPE: not 1, a refusal
    assert err == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["check", "quiz"], ["check", "--help"], ["--help"], ["best", "Q U I Z M"]])
@pytest.mark.slow
def test_a_full_device_gets_one_line(args):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-c", "from qscore.cli import main; main()", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr == "qscore: error: cannot write the output: No space left on device\n"
