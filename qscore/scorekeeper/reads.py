"""The reads the faces need: a game, the games' names, the file, a game's dictionary and
the words it refuses, the review of its closed rounds."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from qscore import paths
from qscore.errors import DictionaryError, quoted
from qscore.scorekeeper.store import open_store

if TYPE_CHECKING:
    from qscore.dictionaries import Dictionary, Verdict
    from qscore.review import HandReview
    from qscore.scoresheet import Game
    from qscore.storage import Unreadable
    from qscore.storage import Written as Written  # what recording() gives


def load_game(name: str | None = None) -> Game:
    """The game of that name, or the one most recently started."""
    return open_store().load(name)


def _game_to_write(name: str | None) -> Game:
    """The game a write is about to change, read to check the entry before the write: the
    write itself runs SQLite's check of the file, so this read does not."""
    return open_store().load(name, check=False)


def saved_name(name: str) -> str:
    """The saved name of the game ``name`` finds (``-g friday`` finds Friday), its log unread."""
    return open_store().saved_name(name)


def games_file() -> Path:
    """The file the games are saved in: ``qscore serve`` watches it for entries saved by any
    terminal or phone (in its write-ahead log, beside it with ``-wal`` added)."""
    from qscore.storage import DB_NAME

    return paths.data_dir() / DB_NAME


def check_new_name(name: str) -> None:
    """Refuse a name no new game can take (too long, not one line, or a saved game's),
    before the table answers anything else."""
    open_store().check_free(name)


def game_names() -> list[str]:
    """The saved games' names, oldest first, without reading their logs."""
    return open_store().names()


def saved_games() -> list[Game | Unreadable]:
    """Every saved game, oldest first; one whose log cannot be read is named, not fatal."""
    return open_store().games()


def game_dictionary(game: Game) -> Dictionary:
    """The dictionary the table chose when the game started, house lists included."""
    from qscore.dictionaries import open_dictionary

    c = game.config
    return open_dictionary(c.dictionary, c.allow, c.deny)


def refused_words(
    game: Game, laid: list[str], dictionary: Dictionary | None = None, *, suggest: bool = False
) -> list[Verdict]:
    """The words the game's dictionary refuses, judged as laid (with the game's deck and
    largest hand), with what each may have meant when ``suggest``; the dictionary is
    ``dictionary`` if open already."""
    from qscore.dictionaries import judge

    if not laid:
        return []
    most = max(game.config.rounds)
    dictionary = dictionary or game_dictionary(game)
    verdicts = [judge(w, dictionary, game.deck, max_cards=most, suggest=suggest) for w in laid]
    return [v for v in verdicts if not v.allowed]


def missed_of(game: Game, *, many: bool = False) -> dict[str, int]:
    """Each player's points missed over a game's closed rounds, as ``review_of`` finds them,
    under its dictionary and house lists (``many``: one of many games reviewed in a run)."""
    from qscore.review import missed_points

    if not any(r.closed for r in game.rounds):
        return dict.fromkeys(game.players, 0)  # nothing to review: the dictionary need not open
    return missed_points(game, _review_dictionary(game), many=many)


def _review_dictionary(game: Game) -> Dictionary:
    try:
        return game_dictionary(game)
    except DictionaryError as exc:
        raise DictionaryError(f"cannot review game {quoted(game.name)} without its dictionary: ", *exc.parts) from None


def review_of(game: Game, rounds: list[int] | None = None, players: list[str] | None = None) -> list[HandReview]:
    """The reviews of a game's closed rounds, under the dictionary and house lists it was played with."""
    from qscore.review import review_game

    if not any(r.closed for r in game.rounds):
        return []  # nothing to review: the dictionary need not open
    return review_game(game, _review_dictionary(game), rounds=rounds, players=players)
