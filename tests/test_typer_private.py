"""typer's undocumented parts that qscore uses, all in qscore/cli/typer_private.py, checked
against the installed typer: a typer release that moves or changes one fails here by name.

Each check reads typer directly (not through the adapter, whose import would fail first
with a bare ImportError), then holds the adapter to what it found.
"""

import importlib
import inspect
import os

import pytest
import typer

# Where qscore expects each name, as typer 0.26-0.29 have it.
PRIVATE = {
    "ClickException": "typer._click.exceptions",
    "NoArgsIsHelpError": "typer._click.exceptions",
    "CompletionItem": "typer._click.shell_completion",
    "add_completion_class": "typer._click.shell_completion",
    "BashComplete": "typer._completion_classes",
    "ZshComplete": "typer._completion_classes",
    "FishComplete": "typer._completion_classes",
}


@pytest.mark.parametrize(("name", "module"), PRIVATE.items())
def test_each_private_name_is_where_qscore_expects_it(name, module):
    try:
        found = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        pytest.fail(f"typer {typer.__version__} has no {module}.{name}: update qscore/cli/typer_private.py ({exc})")
    from qscore.cli import typer_private

    assert getattr(typer_private, name) is found


def test_the_adapter_imports_nothing_else_of_typer_private():
    from qscore.cli import typer_private

    source = inspect.getsource(typer_private)
    assert {line.split()[1] for line in source.splitlines() if line.startswith("from typer")} == set(PRIVATE.values())


def test_a_usage_error_is_the_click_exception_qscore_catches():
    from qscore.cli.typer_private import ClickException, NoArgsIsHelpError

    assert issubclass(typer.BadParameter, ClickException)  # what a command's own check raises
    assert issubclass(NoArgsIsHelpError, ClickException)
    assert not issubclass(typer.Exit, ClickException) and not issubclass(typer.Abort, ClickException)


def test_zsh_and_fish_completers_read_the_line_from_the_variable_qscore_sets(monkeypatch):
    """typer's completers read the line from COMPLETE_ARGS, and fish's question from FISH_ACTION."""
    from qscore.cli import typer_private as tp
    from qscore.cli.app import app

    command = typer.main.get_command(app)
    monkeypatch.setenv(tp.COMPLETE_ARGS, "qscore score --ro")
    for completer in (tp.ZshComplete, tp.FishComplete):
        assert completer(command, {}, "qscore", "_QSCORE_COMPLETE").get_completion_args() == (["score"], "--ro")
    assert tp.FISH_ACTION in inspect.getsource(tp.FishComplete.complete)
    assert "COMP_WORDS" in inspect.getsource(tp.BashComplete.get_completion_args)
    assert os.environ[tp.COMPLETE_ARGS] == "qscore score --ro"
