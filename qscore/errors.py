"""The errors qscore reports to a person: each one's message names what was wrong."""


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


class StorageError(QscoreError):
    """A saved-games database that cannot be read or written safely."""


class UnknownGameError(StorageError):
    """No saved game by that name, or none at all."""


class BonusChoiceNeeded(GameError):
    """Two players are left to play on, and the table must choose the one bonus they use.

    ``players`` are the two who play on: the command line asks them, or reports the error.
    """

    def __init__(self, message: str, players: tuple[str, ...]) -> None:
        super().__init__(message)
        self.players = players


QUOTE_LIMIT = 60  # characters of typed text a message quotes whole


def quoted(text: str) -> str:
    """``text`` quoted in a message as Python quotes it (escapes and all), its middle cut
    when it is long: a typo of 100,000 letters makes a message of one short line."""
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    return f"{text[:40] + '…' + text[-10:]!r} ({len(text):,} characters)"
