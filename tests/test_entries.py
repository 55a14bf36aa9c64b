"""What the scorekeeper takes, as a table types it: names, bonus sizes, schedules, and the
one-line errors for what it refuses, with nothing saved."""

import json
import os
import signal
import subprocess
import sys

import pytest

from tests.conftest import named_as_before, ok, run


def games_json():
    return json.loads(ok("games", "--json"))


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("", "a game's name cannot be empty"),
        ("   ", "a game's name cannot be empty"),
        ("fri\nday", "game name 'fri\\nday': a name is one line of printable characters"),
        # a game's name is a name, as a player's is: none reads as a path or an option
        ("../evil", "game name '../evil' has '/': a name holds letters, digits, spaces, apostrophes, hyphens"),
        ("fri/sat", "game name 'fri/sat' has '/': a name holds"),
        ("fri\\sat", "game name 'fri\\\\sat' has '\\\\': a name holds"),
        (".hidden", "game name '.hidden' has '.': a name holds"),
        ("-x", "game name '-x' has '-': a name holds"),
        ("<b>", "game name '<b>' has '<', '>': a name holds"),
    ],
)
def test_a_game_name_a_table_cannot_read_back_is_refused(name, says):
    r = run("new", "ann", "ben", "cat", "--game", name)
    assert r.exit_code == 2
    assert r.stderr.startswith(f"qscore: error: {says}") and r.stderr.count("\n") == 1
    assert not os.path.exists(os.path.join(os.environ["QSCORE_HOME"], "games.sqlite3")) or games_json() == []


def test_a_game_is_named_as_a_table_names_it_and_an_earlier_name_still_reads():
    """../evil and a/b were taken as games' names; a name as a table types it still is."""
    for name in ("Friday at D'Arcy's", "Ngày hội", "2026-11-28-2", "J.R.'s game 2"):
        ok("new", "ann", "ben", "cat", "--game", name)
    r = run("games", "--rename", "Ngày hội", "a/b")
    assert r.exit_code == 2 and "game name 'a/b' has '/'" in r.stderr
    # a game an earlier qscore named so is read, and renamed, as before
    named_as_before("Ngày hội", "../evil")
    assert json.loads(ok("sheet", "--json", "--game", "../evil"))["game"] == "../evil"
    ok("games", "--rename", "../evil", "evil")
    assert [g["game"] for g in games_json()][1] == "evil"


def test_game_names_are_trimmed_and_differ_in_more_than_case():
    ok("new", "ann", "ben", "cat", "--game", " friday ")
    assert [g["game"] for g in games_json()] == ["friday"]
    r = run("new", "ann", "ben", "cat", "--game", "FRIDAY")
    assert r.exit_code == 2
    assert r.stderr == "qscore: error: a game named 'friday' exists already: choose another --game name\n"
    assert [g["game"] for g in games_json()] == ["friday"]


def test_a_bonus_is_worth_a_point_at_least():
    r = run("new", "ann", "ben", "cat", "--bonus-points", "0")
    assert (r.exit_code, r.stderr) == (2, "qscore: error: a bonus of 0 points: a bonus is worth 1 point at least\n")
    # a bonus of 4,300 nines was taken, and no round could close after it
    r = run("new", "ann", "ben", "cat", "--bonus-points", "9" * 4300)
    assert (r.exit_code, r.stderr) == (
        2,
        "qscore: error: a bonus of more than 100 points: a bonus is worth 100 at most (the rules give 10)\n",
    )
    r = run("new", "ann", "ben", "cat", "--bonus", "none", "--bonus-points", "5")
    assert (r.exit_code, r.stderr) == (2, "qscore: error: --bonus-points with --bonus none: the game plays no bonus\n")
    assert games_json() == []
    ok("new", "ann", "ben", "cat", "--bonus-points", "5")
    assert json.loads(ok("sheet", "--json"))["bonus_points"] == 5


@pytest.mark.parametrize("rounds", ["", "3,,4", "10-3", "three"])
def test_a_schedule_with_no_rounds_or_a_gap_is_refused(rounds):
    r = run("new", "ann", "ben", "cat", "--rounds", rounds)
    assert r.exit_code == 2
    assert r.stderr == (
        f"qscore: error: rounds {rounds!r}: give the cards dealt each round, "
        "a range such as 3-10 or a list such as 3,4,5\n"
    )


def test_struck_words_are_named_as_laid():
    ok("new", "ann", "ben", "cat", "--rounds", "3")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "(th)e", "--unused", "Z")
    ok("score", "cat", "ox", "--unused", "E")
    ok("challenge", "ben", "(th)e", "--by", "cat", "--ruling", "invalid")
    ben = json.loads(ok("sheet", "--json"))["rounds"][0]["players"]["ben"]
    assert ben["words"] == ["(th)e"] and ben["struck"] == ["(th)e"]


def test_the_errors_say_one_round_and_one_card_in_the_singular():
    ok("new", "ann", "ben", "cat", "--rounds", "3", "--game", "g")
    r = run("score", "ann", "at", "--unused", "E", "--out")
    assert r.stderr == "qscore: error: ann went out, so has no unused cards, but 1 is given\n"
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    ok("score", "cat", "ox", "--unused", "E")
    r = run("score", "ben", "ax", "--unused", "E")  # every round is scored: the last one's laydown
    assert r.stderr == (
        "qscore: error: ben already laid at (unused Z) in round 1. Replace it with ax (unused E)? "
        "add --replace to change it\n"
    )
    ok("close")
    r = run("leave", "ben")
    assert r.stderr == "qscore: error: game 'g' is over: nobody leaves a finished game\n"


@pytest.mark.slow
def test_ctrl_c_while_qscore_loads_is_one_line(tmp_path):
    """Ctrl-C before any command has run: nothing can have been saved, and no traceback."""
    env = {**os.environ, "QSCORE_HOME": str(tmp_path)}
    # the command line's loading stands in as a long sleep, so the interrupt lands there
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time, qscore.__main__ as m; sys.argv = ['qscore', 'check', 'quiz'];"
            "import qscore.cli as c; c.main = lambda: (print('now', flush=True), time.sleep(120)); m.main()",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # the interrupt is sent once the child says it is there: a fixed wait missed it on a busy machine
    assert proc.stdout is not None and proc.stdout.readline().strip() == "now"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert (proc.returncode, err) == (130, "\nqscore: stopped (Ctrl-C): nothing was saved\n")


def test_what_a_tired_scorekeeper_types_gets_a_hint_that_fits(isolated_home):
    ok("new", "ann", "ben", "cat")
    r = run("score", "ann", "go", "s")  # the unused card typed as a word
    assert r.exit_code == 2
    assert r.stderr.endswith(' (cards left in hand go after --unused: -u "S")\n')
    r = run("score", "ann", "go", "--unused", "S", "--round", "1", "x")
    assert r.exit_code == 2 and r.stderr.endswith('(several unused cards go in quotes: -u "S X")\n')
    r = run("score", "ann", "at", "--unused", "rs")  # unused cards typed together
    assert r.exit_code == 2 and r.stderr.endswith("(cards go apart: R S)\n")
    r = run("score", "ann", "(qu)iz", "--unused", "s")  # 4 cards in a 3-card round
    assert "laydown has 4 cards" in r.stderr
    flagged = ok("score", "ben", "qo", "--unused", "s")
    assert "  flagged: qo (not in the dictionary; did you mean " in flagged


def test_a_laydown_of_one_card_says_card(isolated_home):
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    r = run("score", "ann", "--unused", "s")
    assert "ann's laydown has 1 card (0 in words, 1 unused)" in r.stderr


def test_a_taken_game_name_is_said_before_anything_else(isolated_home):
    ok("new", "ann", "ben", "cat", "--game", "trial")
    r = run("new", "ann", "bob", "--game", "TRIAL")  # two players and no bonus: that would be asked too
    assert r.exit_code == 2
    assert r.stderr == "qscore: error: a game named 'trial' exists already: choose another --game name\n"
