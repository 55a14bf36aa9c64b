"""Running qscore's commands in-process, as the tests of the scorekeeper do."""

from typer.testing import CliRunner

from qscore.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def ok(*args):
    """The command's stdout; it must have succeeded."""
    r = run(*args)
    assert r.exit_code == 0, (args, r.output)
    return r.stdout
