"""The guided mode, driven start to finish through the runner's input and a pseudo-terminal."""

import json
import os
import pty
import subprocess
import sys

from typer.testing import CliRunner

from qscore.cli import app

runner = CliRunner()


def ok(*args, input=None):
    r = runner.invoke(app, list(args), input=input)
    assert r.exit_code == 0, (args, r.output)
    return r.stdout


def lines(*answers):
    return "".join(f"{a}\n" for a in answers)


def test_guided_short_game_start_to_finish():
    answers = lines(
        "ann ben cat",
        "short",
        "",  # players, variant, dictionary
        # round 1, 3 cards
        "cat",
        "",
        "y",  # ann: CAT, out
        "at",
        "Z",  # ben: AT, Z unused
        "ox",
        "E",  # cat: OX, E unused
        "ann cat by ben",
        "",  # CAT is allowed: ben loses 13
        # round 2, 4 cards
        "(qu)iz",
        "E",
        "to go",
        "",
        "y",
        "jabs",
        "S",  # 5 cards: refused, asked again
        "jab",
        "S",
        "",
        # round 3, 5 cards
        "steve",
        "",
        "y",
        "hat in",
        "",
        "n",
        "bed no",
        "",
        "n",
        "ann steve by ben",
        "",  # proper noun: struck
        # round 4, 6 cards
        "(th)ing ox",
        "",
        "y",
        "quilt",
        "A",
        "me we do",
        "",
        "n",
        "",
    )
    out = ok("play", input=answers)
    assert "Round 1: 3 cards. ann deals, ben starts." in out
    assert "qscore: error: cat's laydown has 5 cards (4 in words, 1 unused), but round 2 is dealt 4" in out
    assert "Challenge by ben: steve is not allowed (proper noun)" in out
    # ann's struck STEVE could have been VET ES (21); cat's JAB and S, JABS (6 more); ben's
    # QUILT and A, QUIT LA (4 more), as `qscore review` says
    assert out.rstrip().endswith("Game over. ann wins with 92.\nMissed in all: ann 21, ben 4, cat 6.")
    got = json.loads(ok("sheet", "--json"))
    # ann 23 + 33 + 0 + 36, ben 0 + 23 + 19 + 25, cat 12 + 20 + 22 + 36
    assert got["totals"] == {"ann": 92, "ben": 67, "cat": 90}
    assert [r["hand_size"] for r in got["rounds"]] == [3, 4, 5, 6]


def test_guided_mode_and_commands_share_a_game():
    ok("new", "ann", "ben", "--bonus", "longest", "--rounds", "3,4")
    ok("score", "ann", "cat", "--out")
    # play takes over mid-round, then input ends: everything so far is kept
    out = ok("play", input=lines("at", "Z", "", "(qu)iz"))
    assert "Stopped. Game" in out
    got = json.loads(ok("sheet", "--json"))
    assert got["rounds"][0]["scores"] == {"ann": 23, "ben": 0}
    ok("score", "ann", "(qu)iz", "--unused", "E")
    ok("score", "ben", "to", "go", "--out")
    assert "Game over. ann wins with 56." in ok("sheet")  # 23 + (25 - 2 + 10 longest)


def test_two_player_bonus_is_asked_on_a_terminal(isolated_home):
    """``qscore new ann ben`` on a real terminal prompts for the one bonus."""
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "qscore", "new", "ann", "ben"],
        stdin=child,
        stdout=child,
        stderr=child,
        env=os.environ.copy(),
        close_fds=True,
    )
    os.close(child)
    seen = b""
    while b"longest or most?" not in seen:
        seen += os.read(main, 1024)
    os.write(main, b"most\n")
    proc.wait(timeout=30)
    while True:
        try:
            chunk = os.read(main, 1024)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(main)
    assert proc.returncode == 0, seen
    assert b"bonus: most" in seen
    assert json.loads(ok("sheet", "--json"))["bonus"] == "most"
