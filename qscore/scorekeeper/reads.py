"""The reads the faces need: a game, the games' names, the file, the review of its closed
rounds (a game's words are judged in judging.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from qscore import paths
from qscore.errors import DictionaryError, GameError, quoted
from qscore.scorekeeper.judging import game_dictionary
from qscore.scorekeeper.store import open_follower, open_store
from qscore.store.storage import DB_NAME

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game
    from qscore.hands.handreview import HandReview
    from qscore.store.storage import CommittedChange as CommittedChange  # what recording() gives
    from qscore.store.storage import Follower, UnreadableGame
    from qscore.words.dictionaries import Dictionary


def load_game(name: str | None = None) -> Game:
    """The game of that name, or the one most recently started."""
    return open_store().load(name)


def _game_to_write(name: str | None, identity: tuple[int, str] | None = None) -> Game:
    """The game a write is about to change (with ``identity``, the game it tells and no
    other), read to check the entry before the write: the write itself runs SQLite's check
    of the file, so this read does not."""
    return open_store().load(name, check=False, identity=identity)


def load_identified(identity: tuple[int, str], name: str | None = None) -> Game:
    """The game ``identity`` tells, whatever it is called now; one deleted since is
    UnknownGameError, naming it ``name`` (a game that took its name is never read for it)."""
    return open_store().load(name, identity=identity)


def saved_name(name: str) -> str:
    """The saved name of the game ``name`` finds (``-g friday`` finds Friday), its log unread."""
    return open_store().saved_name(name)


def game_identity(name: str) -> tuple[int, str]:
    """What tells the game ``name`` finds from every other through a rename (``qscore serve``
    follows the game it serves by it)."""
    return open_store().identity(name)


def game_named_now(identity: tuple[int, str]) -> str | None:
    """The saved name now of the game ``identity`` told (renamed since, perhaps), or None: deleted."""
    return open_store().name_of(identity)


def games_file() -> Path:
    """The file the games are saved in: ``qscore serve`` watches it for entries saved by any
    terminal or phone (in its write-ahead log, beside it with ``-wal`` added)."""
    return paths.data_dir() / DB_NAME


def follow_games() -> Follower:
    """The games file followed, for a face that keeps a game's sheet up to date (``qscore
    serve``): its ``version()``, a value compared with ``==`` and cheap to ask (no game is
    read), changes once anything saved since can be read, by any terminal or phone, and
    only then; a game read after taking a version holds all it counts. ``close()`` ends it."""
    return open_follower()


def check_new_name(name: str) -> None:
    """Refuse a name no new game can take (too long, not one line, or a saved game's),
    before the table answers anything else."""
    open_store().check_free(name)


def game_names() -> list[str]:
    """The saved games' names, oldest first, without reading their logs."""
    return open_store().names()


def saved_games() -> list[Game | UnreadableGame]:
    """Every saved game, oldest first; one whose log cannot be read is named, not fatal."""
    return open_store().games()


def missed_of(game: Game, *, many: bool = False) -> dict[str, int]:
    """Each player's points missed over a game's closed rounds, as ``review_of`` finds them,
    under its dictionary and house lists (``many``: one of many games reviewed in a run)."""
    from qscore.hands.handreview import missed_points

    if not any(r.closed for r in game.rounds):
        return dict.fromkeys(game.players, 0)  # nothing to review: the dictionary need not open
    return missed_points(game, _review_dictionary(game), many=many)


def _review_dictionary(game: Game) -> Dictionary:
    try:
        return game_dictionary(game)
    except DictionaryError as exc:
        raise DictionaryError(f"cannot review game {quoted(game.name)} without its dictionary: ", *exc.parts) from None


def last_closed_round(game: Game) -> int | None:
    """The number of the last round closed, the one play's review and the page show; None
    before any closes."""
    closed = [r.number for r in game.rounds if r.closed]
    return closed[-1] if closed else None


def review_of(game: Game, rounds: list[int] | None = None, players: list[str] | None = None) -> list[HandReview]:
    """The reviews of a game's closed rounds, under the dictionary and house lists it was
    played with. A round named that has not closed is refused, naming who it waits for."""
    from qscore.hands.handreview import review_game

    for number in rounds or []:
        state = game.round(number)
        if not state.closed:
            waiting = [p for p in game.players if p not in state.laydowns]
            raise GameError(f"round {state.number} has not closed: it waits for {', '.join(waiting)}")
    if not any(r.closed for r in game.rounds):
        return []  # nothing to review: the dictionary need not open
    return review_game(game, _review_dictionary(game), rounds=rounds, players=players)
