"""Shell completion, driven through the variables the shell sets (COMP_WORDS, COMP_CWORD).

Most cases run in-process as bash's completion function would run qscore; one sources the
script ``--show-completion`` prints into a real bash and completes through it.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ok, run

QSCORE = Path(sys.executable).with_name("qscore")


def complete(line: str) -> list[str]:
    """What bash is offered for ``line``, the cursor at its end."""
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    env = {"_QSCORE_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(cword)}
    r = run(env=env)
    assert r.exit_code == 0, r.output
    assert r.stderr == ""
    return r.stdout.split()


@pytest.fixture
def two_games():
    ok("new", "ann", "ben", "cat", "--game", "friday")
    ok("new", "dee", "Eve", "--bonus", "most", "--game", "saturday")


def test_commands_and_options():
    assert complete("qscore sc") == ["score"]
    assert set(complete("qscore s")) == {"solitaire", "score", "sheet", "stats"}
    assert {"rename", "leave"} <= set(complete("qscore "))
    assert complete("qscore score --ro") == ["--round"]
    assert complete("qscore score --r") == ["--replace", "--round"]
    assert complete("qscore games --d") == ["--delete"]
    assert complete("qscore --show") == ["--show-completion"]


def test_option_values():
    assert complete("qscore new ann ben --variant ") == ["standard", "short"]
    assert complete("qscore new ann ben --bonus m") == ["most"]
    assert complete("qscore leave cat --bonus l") == ["longest"]
    assert complete("qscore export --format ") == ["csv", "json", "markdown"]
    assert complete("qscore challenge ann cat --by ben --ruling in") == ["invalid"]


def test_game_names(two_games):
    assert complete("qscore sheet --game ") == ["friday", "saturday"]
    assert complete("qscore sheet -g s") == ["saturday"]
    assert complete("qscore games --delete f") == ["friday"]
    assert complete("qscore games --rename ") == ["friday", "saturday"]


def test_the_current_games_players(two_games):
    assert complete("qscore score ") == ["dee", "Eve"]  # the game most recently started
    assert complete("qscore score E") == ["Eve"]
    assert complete("qscore score e") == ["eve"]  # qscore reads player names without regard to case
    assert complete("qscore score --game friday ") == ["ann", "ben", "cat"]
    assert complete("qscore challenge --game friday ann cat --by b") == ["ben"]
    ok("leave", "ben", "--game", "friday", "--bonus", "most")
    assert complete("qscore leave -g friday ") == ["ann", "cat"]  # ben has gone
    assert complete("qscore rename --game friday ") == ["ann", "ben", "cat"]  # but is on the sheet
    assert complete("qscore new ann bob --rounds 3 --dealer ") == ["ann", "bob"]


@pytest.mark.slow
def test_dictionary_names():
    offered = complete("qscore check quiz --dictionary ")
    assert offered[:2] == ["everyday", "wordgame"]
    assert complete("qscore best q u i z -d w") == ["wordgame"]
    assert complete("qscore check quiz -d ./my") == []  # a path: bash completes file names


def test_nothing_saved_offers_nothing_and_says_nothing():
    assert complete("qscore sheet --game ") == []
    assert complete("qscore score ") == []


def test_a_damaged_games_file_offers_nothing(isolated_home):
    (isolated_home / "games.sqlite3").write_bytes(b"not a database" * 100)
    assert complete("qscore sheet --game ") == []


@pytest.mark.skipif(shutil.which("bash") is None or not QSCORE.exists(), reason="needs bash and the qscore script")
@pytest.mark.slow
def test_completion_through_a_real_bash(two_games):
    env = {
        **os.environ,
        "PATH": f"{QSCORE.parent}:{os.environ['PATH']}",
        "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1",
    }
    script = subprocess.run(
        [str(QSCORE), "--show-completion", "bash"], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert "_QSCORE_COMPLETE=complete_bash" in script
    drive = (
        script
        + '\nCOMP_WORDS=(qscore sheet --game ""); COMP_CWORD=3; _qscore_completion qscore; echo "${COMPREPLY[*]}"'
        + '\nCOMP_WORDS=(qscore lea); COMP_CWORD=1; _qscore_completion qscore; echo "${COMPREPLY[*]}"'
    )
    done = subprocess.run(["bash", "-c", drive], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.splitlines() == ["friday saturday", "leave"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_install_completion_writes_the_script_for_the_shell_it_runs_in(tmp_path):
    """As a user runs it: from bash, the shell found by looking at the parent process."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("_TYPER")} | {"HOME": str(tmp_path)}
    done = subprocess.run(
        ["bash", "-c", f"'{sys.executable}' -m qscore --install-completion; exit $?"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert "bash completion installed in" in done.stdout
    installed = list((tmp_path / ".bash_completions").glob("*.sh"))
    assert len(installed) == 1 and "_COMPLETE=complete_bash" in installed[0].read_text()
    assert str(installed[0].relative_to(tmp_path)) in (tmp_path / ".bashrc").read_text()


@pytest.mark.parametrize(
    ("shell", "extra", "expected"),
    [
        ("zsh", {}, '_arguments \'*: :(("ann"\n"ben"\n"cat"))\'\n'),
        ("fish", {"_TYPER_COMPLETE_FISH_ACTION": "get-args"}, "ann\nben\ncat\n"),
    ],
)
def test_zsh_and_fish_pass_the_line_in_one_variable(two_games, shell, extra, expected):
    """There the --game before an option's value is read from _TYPER_COMPLETE_ARGS."""
    env = {"_QSCORE_COMPLETE": f"complete_{shell}", "_TYPER_COMPLETE_ARGS": "qscore challenge -g friday ann cat --by "}
    r = run(env={**env, **extra})
    assert r.exit_code == 0 and r.stdout == expected
