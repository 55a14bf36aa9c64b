"""Help that reads in full, usage lines as people write them, errors in plain text, and an
abort at a prompt reported as Ctrl-C is."""

import ast
import json
import re
from pathlib import Path

import pytest
import typer

from qscore.store.storage import GameStore
from tests.conftest import ok, run

PACKAGE = Path(__file__).resolve().parent.parent / "qscore"


def commands() -> list[str]:
    listed = ok("--help").split("Commands:\n", 1)[1]
    return [line.split()[0] for line in listed.splitlines() if line.strip()]


def test_every_command_summary_is_whole_on_its_line():
    listed = ok("--help").split("Commands:\n", 1)[1].splitlines()
    assert not [line for line in listed if "..." in line]
    assert len(commands()) == len(listed) == 21  # one line each: none wraps
    for line in listed:
        summary = line.split(maxsplit=1)[1]
        assert summary[0].isupper() and not summary.endswith("."), line
    assert "  score         Record a player's laydown" in listed


@pytest.mark.parametrize("command", ["score", "challenge", "rename", "leave", "new", "best", "check"])
def test_usage_names_arguments_in_capitals(command):
    usage = ok(command, "--help").splitlines()[0]
    assert usage.startswith(f"Usage: qscore {command} [OPTIONS] ")
    assert not re.search(r"[{}]|\b[a-z]+\b", usage.split("[OPTIONS]")[1]), usage


def test_usage_lines_read_as_written():
    assert ok("score", "--help").startswith("Usage: qscore score [OPTIONS] PLAYER [WORDS...]\n")
    assert ok("challenge", "--help").startswith("Usage: qscore challenge [OPTIONS] PLAYER WORD\n")
    arguments = ok("new", "--help").split("Arguments:\n")[1]
    assert arguments.startswith("  PLAYERS...  the players, in seating order")


def test_every_option_names_what_it_takes():
    """An option's value is named as a person writes it (-g NAME, -u CARDS, --round N),
    never typer's type placeholder (<str>, <int>, <path>)."""
    for command in commands():
        options = ok(command, "--help").split("Options:\n", 1)[1]
        assert not re.search(r"<[a-z]+>", options), (command, options)
    assert "  -g, --game NAME " in ok("sheet", "--help")
    assert "  -u, --unused CARDS " in ok("score", "--help")
    assert "  --allow FILE " in ok("check", "--help")


def test_a_range_is_said_once_in_words():
    """best --top printed "(1 to 20) [1<=x<=20]": the help's words, then click's sum."""
    for command in commands():
        assert not re.search(r"\[[^\]]*x<?=", ok(command, "--help")), command
    assert "list the N best distinct plays, best first (1 to 20)\n" in ok("best", "--help")


def strings_shown(path: Path) -> list[str]:
    """The string literals of a module that are not docstrings."""
    tree = ast.parse(path.read_text("utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_no_message_carries_markdown_marks():
    """What qscore says on a terminal is plain text: no `code` marks."""
    marked = [
        (str(path.relative_to(PACKAGE)), text)
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "shells.py"  # the shells' scripts, where ` is the shell's
        for text in strings_shown(path)
        if "`" in text
    ]
    assert marked == []


def test_no_games_is_said_plainly():
    r = run("sheet")
    assert r.exit_code == 2
    assert r.stderr == "qscore: error: no saved games yet: start one with qscore new ALICE BOB\n"


def test_an_abort_at_a_prompt_exits_as_ctrl_c_does(monkeypatch):
    """End of input at "Delete ...?" (as Ctrl-D, or Ctrl-C in the prompt): 130, nothing deleted."""
    ok("new", "ann", "ben", "--bonus", "most", "--game", "friday")
    monkeypatch.setattr("qscore.cli.asking.on_terminal", lambda: True)
    r = run("games", "--delete", "friday", input="")
    assert r.exit_code == 130
    assert r.stderr == "\nqscore: stopped at the question: nothing was changed\n"
    assert GameStore().names() == ["friday"]


def test_ctrl_c_at_a_commands_question_ends_the_line_and_says_nothing_was_changed(monkeypatch):
    """Ctrl-C at "take back ...? [y/N]" printed "^Cqscore: stopped" on the prompt's line,
    with no word of what was saved."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    ok("close")

    def ctrl_c(*args, **kwargs):  # as click's prompt is stopped by Ctrl-C
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise typer.Abort() from None

    monkeypatch.setattr("qscore.cli.asking.on_terminal", lambda: True)
    monkeypatch.setattr("typer.confirm", ctrl_c)
    r = run("undo")
    assert r.exit_code == 130
    assert r.stderr == "\nqscore: stopped (Ctrl-C) at the question: nothing was changed\n"
    assert json.loads(ok("sheet", "--json"))["over"], "the game is as it was"
