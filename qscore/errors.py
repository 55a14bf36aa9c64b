"""The errors qscore reports to a person: each one's message names what was wrong.

A message is data as well as text: the player, round and word it is about, and what the
person can do about it as a ``Remedy``, which each face words its own way (the command
line names its option, the web page its button). ``str(error)`` words a remedy plainly,
naming no option: ``exc.worded(...)`` is how a face puts its own words in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple

RemedyKind = Literal[
    "replace",  # replace the laydown that stands (in ``round``, if given)
    "round",  # name the round (``round``) the entry is for
    "correct-round",  # name a round to correct, the game being over
    "choose-bonus",  # two players choose one bonus: longest or most
    "bonus-choice",  # the choice itself, as a thing given
    "bonus-points",  # a bonus's points, as a thing given
    "no-bonus",  # the setting of no bonus
    "unchecked",  # record without checking the words
    "paper-ruling",  # settle a challenge by a paper dictionary: valid or invalid
    "game-name",  # give the new game another name
    "start-game",  # start a game (there is none yet)
    "undo-finished",  # say the undo of a finished game's last entry is meant
    "challenge-finished",  # say a challenge of a finished game is meant
    "replace-finished",  # say a laydown of a finished game is meant to be replaced
    "table-deck",  # give the table's own deck, as a deck file (how to write one)
]


class Remedy(NamedTuple):
    """Something a person can do about an error, or give to put it right."""

    kind: RemedyKind
    round: int | None = None


def plain_remedy(r: Remedy) -> str:
    """A remedy in words that name no option of any face."""
    match r.kind:
        case "replace":
            return f"replace the laydown of round {r.round} to change it" if r.round else "replace it to change it"
        case "round":
            return f"choose round {r.round}"
        case "correct-round":
            return "choose the round to correct one"
        case "choose-bonus":
            return "choose the longest-word or the most-words bonus"
        case "bonus-choice":
            return "a choice of bonus"
        case "bonus-points":
            return "a bonus's points"
        case "no-bonus":
            return "no bonus"
        case "unchecked":
            return "record it without checking the words"
        case "paper-ruling":
            return "rule it valid or invalid"
        case "game-name":
            return "choose another name for the game"
        case "start-game":
            return "start one"
        case "undo-finished":
            return "confirm the undo to take back its last entry"
        case "challenge-finished":
            return "confirm the challenge to change the final sheet"
        case "replace-finished":
            return "confirm the replacement to change the final sheet"
        case "table-deck":
            return "give its cards as a deck file (qscore deck junior writes one to fill in from the cards)"


class QscoreError(Exception):
    """Base of every error caused by the user's input or files; the CLI prints it in one line.

    Made of ``parts``: text, and remedies each face words its own way."""

    exit_code = 2

    def __init__(self, *parts: str | Remedy) -> None:
        self.parts = parts
        super().__init__(self.worded(plain_remedy))

    def worded(self, remedy: Callable[[Remedy], str]) -> str:
        """The message, each remedy in the words ``remedy`` gives it."""
        return "".join(p if isinstance(p, str) else remedy(p) for p in self.parts)


class CardError(QscoreError):
    """A card token, hand or laid word that the deck cannot make."""


class WordError(QscoreError):
    """A typed word that is no word at all: empty, or with characters no card carries."""


class DictionaryError(QscoreError):
    """A dictionary that cannot be found or opened."""


class GameError(QscoreError):
    """A scoresheet entry that breaks the rules or names something unknown."""


class OneCardWordError(GameError):
    """A word typed in a laydown that is one card: ``word`` as typed."""

    def __init__(self, word: str, *parts: str | Remedy) -> None:
        super().__init__(*parts)
        self.word = word


class StorageError(QscoreError):
    """A saved-games database that cannot be read or written safely."""


class UnknownGameError(StorageError):
    """No saved game by that name, or none at all."""


class BonusChoiceNeeded(GameError):
    """Two players are left to play on, and the table must choose the one bonus they use.

    ``players`` are the two who play on: the command line asks them, or reports the error.
    """

    def __init__(self, *parts: str | Remedy, players: tuple[str, ...]) -> None:
        super().__init__(*parts)
        self.players = players


QUOTE_LIMIT = 60  # characters of typed text a message quotes whole


def quoted(text: str) -> str:
    """``text`` quoted in a message as Python quotes it (escapes and all), its middle cut
    when it is long: a typo of 100,000 letters makes a message of one short line."""
    cut, told = _cut(text)
    return repr(cut) + told


def quoted_as_shown(text: str) -> str:
    """A name made safe to show already (its odd characters escaped, as an unreadable
    game's is) quoted as :func:`quoted` quotes typed text, its escapes as they are: a name
    holding a line break reads 'sat\\nx', not 'sat\\\\nx'."""
    cut, told = _cut(text)
    mark = '"' if "'" in cut and '"' not in cut else "'"
    return f"{mark}{cut.replace(mark, chr(92) + mark)}{mark}{told}"


def _cut(text: str) -> tuple[str, str]:
    """``text`` past QUOTE_LIMIT characters as its start and end, and its length told."""
    if len(text) <= QUOTE_LIMIT:
        return text, ""
    return text[:40] + "…" + text[-10:], f" ({len(text):,} characters)"
