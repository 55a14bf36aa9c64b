"""The saved games as the use-cases reach them: a store for each call, and the record of
what a command saved (``recording``). The only module that opens the saved games."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qscore.game.entries import Entry
    from qscore.store.rulings import TableLog, TableWordsFile
    from qscore.store.storage import CommittedChange as CommittedChange  # what recording() gives
    from qscore.store.storage import Follower, GameStore


# What the use-cases called inside a recording() block save (None outside one): a
# context variable, so a second thread or task keeps its own, and nothing outlives the block.
_recording: ContextVar[list[CommittedChange] | None] = ContextVar("qscore_recording", default=None)


@contextmanager
def recording() -> Iterator[list[CommittedChange]]:
    """What the use-cases called inside the block save (entries, games renamed or deleted),
    oldest first, as each write commits: after Ctrl-C it tells whether anything was saved.
    A block inside another shares its record; outside any, nothing is recorded."""
    open_already = _recording.get()
    if open_already is not None:
        yield open_already
        return
    written: list[CommittedChange] = []
    token = _recording.set(written)
    try:
        yield written
    finally:
        _recording.reset(token)


def entries_written(written: list[CommittedChange]) -> list[Entry]:
    """The entries among what was saved, oldest first."""
    return [w.entry for w in written if w.entry is not None]


def open_store() -> GameStore:
    """A store for one use-case: it holds no connection between calls, and what it
    commits goes to the recording under way, if any."""
    from qscore.store.storage import GameStore

    return GameStore(written=_recording.get())


def open_table_words() -> TableWordsFile:
    """The table's own words in the games file, read and written as the store reads and writes games."""
    from qscore.store.storage import table_words

    return table_words(open_store())


def read_table_log() -> TableLog:
    """The table's own words in the games file: read quickly where they can be (`check` asks
    at every run, and the store's modules would cost it a sixth of its run), else by the store."""
    from qscore import paths
    from qscore.store.rulings import GAMES_FILE, read_quickly

    log = read_quickly(paths.data_dir() / GAMES_FILE)
    return log if log is not None else open_table_words().read()


def open_follower() -> Follower:
    """The games file followed by a reader that keeps up with it (store.gamesfile.Follower):
    a connection of its own, kept open until its ``close``."""
    from qscore.store.storage import Follower

    return Follower(open_store().path)
