"""The command line: the only part of qscore that imports typer or prints."""

from qscore.cli.app import app
from qscore.cli import hands as _hands  # noqa: F401  (registers best and solitaire)
from qscore.cli import words as _words  # noqa: F401  (registers check and dictionaries)


def main() -> None:
    app()
