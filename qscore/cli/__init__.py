"""The command line: the only part of qscore that imports typer or prints."""

from qscore.cli import games as _games  # noqa: F401  (registers the scorekeeper's commands)
from qscore.cli import hands as _hands  # noqa: F401  (registers best and solitaire)
from qscore.cli import play as _play  # noqa: F401  (registers play)
from qscore.cli import words as _words  # noqa: F401  (registers check and dictionaries)
from qscore.cli.app import app


def main() -> None:
    app()
