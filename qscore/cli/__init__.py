"""The command line: with qscore.__main__, the only part of qscore that imports typer or prints."""

# Each module registers its commands; --help lists them in this order.
# isort: off
from qscore.cli import words as _words  # noqa: F401  check, dictionaries
from qscore.cli import define as _define  # noqa: F401  define
from qscore.cli import hands as _hands  # noqa: F401  best, solitaire
from qscore.cli import games as _games  # noqa: F401  new, score, challenge, sheet, export, undo, games
from qscore.cli import players as _players  # noqa: F401  rename, leave
from qscore.cli import play as _play  # noqa: F401  play
from qscore.cli import review as _review  # noqa: F401  review
from qscore.cli import stats as _stats  # noqa: F401  stats
from qscore.cli import serve as _serve  # noqa: F401  serve

# isort: on
from qscore.cli.app import app


def main() -> None:
    app()
