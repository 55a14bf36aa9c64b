"""The errors qscore reports to a person: each one's message names what was wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qscore.scoresheet import Laydown


class QscoreError(Exception):
    """Base of every error caused by the user's input or files; the CLI prints it in one line."""

    exit_code = 2


class CardError(QscoreError):
    """A card token, hand or laid word that the deck cannot make."""


class WordError(QscoreError):
    """A typed word that is no word at all: empty, or with characters no card carries."""


class DictionaryError(QscoreError):
    """A dictionary that cannot be found or opened."""


class GameError(QscoreError):
    """A scoresheet entry that breaks the rules or names something unknown."""


class LaydownExistsError(GameError):
    """The player has a laydown in that round already, and replacing it was not asked for.

    ``existing`` is the laydown that stands and ``round`` its round: ``score`` tells the
    table to add ``--replace``; ``play`` can ask instead.
    """

    def __init__(self, existing: Laydown, round_no: int) -> None:
        self.existing = existing
        self.round = round_no
        super().__init__(
            f"{existing.player} already laid {existing.text()} in round {round_no}: add --replace to change it"
        )


class StorageError(QscoreError):
    """A saved-games database that cannot be read or written safely."""


class UnknownGameError(StorageError):
    """No saved game by that name, or none at all."""


class BonusChoiceNeeded(GameError):
    """Two players are left to play on, and the table must choose the one bonus they use."""
