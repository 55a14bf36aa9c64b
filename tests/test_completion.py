"""Shell completion, driven through the variables the shell sets (COMP_WORDS, COMP_CWORD).

Most cases run in-process as bash's completion function would run qscore; the slow ones
install the script into a home of their own and complete through a real bash, zsh (typed
into on a terminal) and fish.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ok, run
from tests.terminal import Terminal

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
    assert set(complete("qscore s")) == {"solitaire", "score", "sheet", "stats", "serve"}
    assert {"rename", "leave"} <= set(complete("qscore "))
    assert complete("qscore score --ro") == ["--round"]
    assert complete("qscore score --r") == ["--replace", "--round"]
    assert complete("qscore games --d") == ["--delete"]
    assert complete("qscore --show") == ["--show-completion"]


def test_option_values():
    assert complete("qscore new ann ben --variant ") == ["standard", "short", "junior"]
    assert complete("qscore new ann ben --bonus m") == ["most"]
    assert complete("qscore leave cat --bonus l") == ["longest"]
    assert complete("qscore export --format ") == ["csv", "json", "markdown", "md", "svg", "png"]
    assert complete("qscore challenge ann cat --by ben --ruling in") == ["invalid"]


def test_game_names(two_games):
    assert complete("qscore sheet --game ") == ["friday", "saturday"]
    assert complete("qscore sheet -g s") == ["saturday"]
    assert complete("qscore games --delete f") == ["friday"]
    assert complete("qscore games --rename ") == ["friday", "saturday"]
    assert complete("qscore play -g f") == ["friday"]  # play offered none


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


def shell_env(home: Path) -> dict[str, str]:
    """A person's environment: a home of their own, qscore on the PATH, nothing of typer's."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("_TYPER")}
    return env | {"HOME": str(home), "PATH": f"{QSCORE.parent}:{os.environ['PATH']}", "XDG_CONFIG_HOME": ""}


def needs(shell: str):
    missing = shutil.which(shell) is None or not QSCORE.exists()
    return pytest.mark.skipif(missing, reason=f"needs {shell} and the qscore script (./dev test installs them)")


@needs("bash")
@pytest.mark.slow
def test_completion_through_a_real_bash(two_games, tmp_path):
    env = shell_env(tmp_path)
    script = subprocess.run(
        [str(QSCORE), "--show-completion", "bash"], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert "_QSCORE_COMPLETE=complete_bash" in script
    drive = (
        script
        + '\nCOMP_WORDS=(qscore sheet --game ""); COMP_CWORD=3; _qscore_completion qscore; echo "${COMPREPLY[*]}"'
        + '\nCOMP_WORDS=(qscore lea); COMP_CWORD=1; _qscore_completion qscore; echo "${COMPREPLY[*]}"'
        # a name with a space or an apostrophe comes quoted, one word to the shell (fri day was two)
        + "\nCOMP_WORDS=(qscore score -g 'fri\\ day' O); COMP_CWORD=4"
        + '; _qscore_completion qscore; echo "${COMPREPLY[*]}"'
        + '\nCOMP_WORDS=(qscore sheet -g fri); COMP_CWORD=3; _qscore_completion qscore; echo "${COMPREPLY[*]}"'
    )
    ok("new", "O'Neil", "bob", "cat", "--game", "fri day")
    done = subprocess.run(["bash", "-c", drive], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.splitlines() == ["friday saturday fri\\ day", "leave", "O\\'Neil", "friday fri\\ day"]


@needs("bash")
@pytest.mark.slow
def test_install_completion_writes_the_script_for_the_shell_it_runs_in(tmp_path):
    """As a user runs it: from bash, the shell found by looking at the parent process."""
    done = subprocess.run(
        ["bash", "-c", f"'{sys.executable}' -m qscore --install-completion; exit $?"],
        capture_output=True,
        text=True,
        env=shell_env(tmp_path),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"bash completion installed in {tmp_path}/.bash_completions/qscore.sh\n")
    installed = list((tmp_path / ".bash_completions").glob("*.sh"))
    assert len(installed) == 1 and "_COMPLETE=complete_bash" in installed[0].read_text()
    assert (tmp_path / ".bashrc").read_text() == f"source '{installed[0]}'\n"


@needs("bash")
@pytest.mark.slow
def test_install_completion_installs_for_the_shell_named_whatever_it_runs_in(tmp_path):
    env = shell_env(tmp_path)
    for _ in range(2):  # a second install adds nothing to .zshrc
        done = subprocess.run(
            ["bash", "-c", f"'{sys.executable}' -m qscore --install-completion zsh"],
            capture_output=True,
            text=True,
            env=env,
        )
        assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"zsh completion installed in {tmp_path}/.zfunc/_qscore\n")
    assert (tmp_path / ".zfunc" / "_qscore").read_text().startswith("#compdef qscore\n")
    assert (tmp_path / ".zshrc").read_text() == "fpath+=~/.zfunc; autoload -Uz compinit; compinit\n"
    assert not (tmp_path / ".bashrc").exists()


def test_an_unknown_shell_is_one_line(tmp_path, monkeypatch):
    home = tmp_path / "person"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for option in ("--install-completion", "--show-completion"):
        r = run(option, "ksh")
        assert r.exit_code == 2
        assert r.stderr == "qscore: error: no completion for the shell 'ksh': choose bash, zsh or fish\n"
    assert list(home.iterdir()) == []


def test_tab_after_an_eager_option_carries_nothing_out(tmp_path, monkeypatch):
    """Tab after --install-completion fish wrote fish's script, and offered its message as
    completions; --version and --show-completion offered their output."""
    from qscore import __version__

    monkeypatch.setenv("HOME", str(tmp_path))
    for line in ("qscore --install-completion fish ", "qscore --install-completion ", "qscore --version "):
        offered = complete(line)
        assert not any("installed" in w or w == __version__ for w in offered), (line, offered)
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]
    assert "#compdef" not in complete("qscore --show-completion zsh ")


def test_show_completion_prints_the_script_of_the_shell_named():
    assert ok("--show-completion", "zsh").startswith("#compdef qscore\n")
    assert ok("--show-completion", "fish").startswith("complete --command qscore ")
    assert "complete -o default -F _qscore_completion qscore" in ok("--show-completion", "BASH")


@pytest.mark.parametrize(("shell", "extra"), [("zsh", {}), ("fish", {"_TYPER_COMPLETE_FISH_ACTION": "get-args"})])
def test_zsh_and_fish_pass_the_line_in_one_variable(two_games, shell, extra):
    """There the --game before an option's value is read from _TYPER_COMPLETE_ARGS."""
    env = {"_QSCORE_COMPLETE": f"complete_{shell}", "_TYPER_COMPLETE_ARGS": "qscore challenge -g friday ann cat --by "}
    r = run(env={**env, **extra})
    assert r.exit_code == 0 and r.stdout == "ann\nben\ncat\n"


def test_zsh_is_given_each_description_as_written():
    env = {"_QSCORE_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "qscore sc"}
    assert run(env=env).stdout == "score\tRecord a player's laydown\n"
    env["_TYPER_COMPLETE_ARGS"] = "qscore score --re"
    assert run(env=env).stdout == "--replace\treplace the player's laydown in that round (refused without it)\n"


@needs("zsh")
@pytest.mark.slow
@pytest.mark.parametrize("how", ["installed", "sourced"])
def test_a_new_zsh_completes_on_the_first_tab_with_descriptions_whole(two_games, tmp_path, how):
    env = shell_env(tmp_path) | {"TERM": "xterm"}
    if how == "installed":
        subprocess.run([str(QSCORE), "--install-completion", "zsh"], env=env, check=True, capture_output=True)
    else:  # as a person may do it by hand
        (tmp_path / ".zshrc").write_text('autoload -Uz compinit; compinit\neval "$(qscore --show-completion zsh)"\n')
    zsh = Terminal(["zsh", "-i"], env, tmp_path)
    try:
        zsh.read_until(r"# $|% $|\$ $")  # the prompt
        zsh.type("qscore sc\t")
        assert "qscore score " in zsh.read_until("qscore score ")  # one Tab, in a shell just started
        zsh.type("\x15qscore le\t")  # Ctrl-U: a new line; the second Tab works too
        assert "qscore leave " in zsh.read_until("qscore leave ")
        zsh.type("\t")  # the players still in the latest game, for leave
        assert re.search(r"dee\s+Eve", zsh.read_until("Eve"))
        zsh.type("\x15qscore \t")
        listed = zsh.read_until("stats +-- .*records")
        assert "score         -- Record a player's laydown" in listed
        assert "rename        -- Put a player's name right on the whole sheet" in listed
    finally:
        zsh.close()


@needs("fish")
@pytest.mark.slow
def test_fish_completes_with_descriptions(two_games, tmp_path):
    env = shell_env(tmp_path)
    subprocess.run([str(QSCORE), "--install-completion", "fish"], env=env, check=True, capture_output=True)
    assert (tmp_path / ".config" / "fish" / "completions" / "qscore.fish").is_file()
    done = subprocess.run(
        ["fish", "-c", "complete -C 'qscore sc'; complete -C 'qscore leave '"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert done.stdout.splitlines() == ["score\tRecord a player's laydown", "dee", "Eve"]
