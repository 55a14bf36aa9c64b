"""The table's own words as the games file holds them (what they mean, which ruling
stands, is the application layer's: qscore.scorekeeper.tablewords).

A paper ruling is a game's challenge entry the table settled (``"ruling": "table"``): it
lives in that game's log, and nowhere else as truth. So that `check` need not read every
game's log to judge one word, ``rulings`` holds each ruling that stands beside the log: a
copy of its entry's row, made and dropped by triggers in the same transaction as the entry
that makes or takes it back (SQLite runs them whatever program writes: an earlier qscore's
challenge, undo or deleted game keeps it true too). This qscore's first write to a file
makes it and fills it from the logs; a file without it (an earlier qscore's, not written
to since) is read from the logs themselves, the same query, slower.

A word the table takes back (`qscore house --forget`) is an entry of the table's own log,
``house``, beside the games' logs: its number, kind, JSON data and time, never changed.
An entry of a kind this qscore does not know is a newer qscore's: the table's words are
not read (rather than misread) until qscore is upgraded.

`check` reads them at every run: ``read_quickly`` opens the file read-only with nothing
of the store's (whose modules cost `check` a sixth of its run), where it holds the table
of rulings this qscore made; anything else (an earlier or newer qscore's file, one that
cannot be opened so) is left to the store's safe reading (``TableWordsFile.read``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from qscore.errors import StorageError
from qscore.store.ruledcopy import RULINGS, STANDING, held

if TYPE_CHECKING:
    from pathlib import Path

HOUSE_KINDS = ("forget",)  # the kinds of entry the table's own log holds
# the games file's name, schema version and mark (store/storage.py's DB_NAME, gamesfile.py's
# SCHEMA_VERSION and APPLICATION_ID, which a test holds these to): a file of another schema is
# the store's to read
GAMES_FILE = "games.sqlite3"
OURS = (1, 0x51534352)

_HOUSE_TABLE = """CREATE TABLE IF NOT EXISTS house (
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL DEFAULT (datetime('now'))
)"""


class Ruled(NamedTuple):
    """A ruling that stands, as stored: its game (id, start, name), the entry's number, the
    word and the ruling as its data holds them (unchecked), and when it was saved (UTC)."""

    game_id: int
    started: str
    game: str
    seq: int
    word: Any
    valid: Any
    at: str


class TableLog(NamedTuple):
    """The rulings that stand and no entry of the table's log took back, oldest first (by
    when they were saved, then their game's start and their number); ``damage``: what
    SQLite's check of the file found, if it was run and found anything."""

    rulings: list[Ruled]
    damage: str | None = None
    forgotten: tuple[Any, ...] = ()  # the words a forget of the table's log named (unchecked)


# the rulings a forget of the table's log took back, each by its game's id and start and its number
_NOT_FORGOTTEN = (
    "NOT EXISTS (SELECT 1 FROM house h, json_each(h.data, '$.rulings') k WHERE h.kind = 'forget' "
    "AND json_extract(k.value, '$[0]') = r.game_id AND json_extract(k.value, '$[1]') = g.started "
    "AND json_extract(k.value, '$[2]') = r.seq)"
)


def read_log(conn: sqlite3.Connection, damage: str | None = None) -> TableLog:
    """The table's words as an open connection finds them (StorageError: they cannot be read)."""
    rulings, house = held(conn)
    source = RULINGS if rulings else f"({STANDING})"
    try:
        known = ", ".join("?" for _ in HOUSE_KINDS)
        newer = (
            conn.execute(f"SELECT DISTINCT kind FROM house WHERE kind NOT IN ({known})", HOUSE_KINDS) if house else []
        )
        kinds = sorted(str(k) for (k,) in newer)
        if kinds:
            raise StorageError(
                f"the table's words hold entries a newer qscore wrote ({', '.join(kinds)}): upgrade qscore"
            )
        rows = conn.execute(
            "SELECT r.game_id, g.started, CAST(g.name AS BLOB), r.seq, json_extract(r.data, '$.word'), "
            f"json_extract(r.data, '$.valid'), r.at FROM {source} r JOIN games g ON g.id = r.game_id "
            f"{'WHERE ' + _NOT_FORGOTTEN if house else ''} ORDER BY r.at, g.started, r.game_id, r.seq"
        ).fetchall()
        forgot = (
            conn.execute(
                "SELECT json_extract(data, '$.word') FROM house WHERE kind = 'forget' AND json_valid(data)"
            ).fetchall()
            if house
            else []
        )
    except sqlite3.DatabaseError as exc:
        raise StorageError(f"the table's words cannot be read: {exc}") from None
    ruled = [Ruled(r[0], str(r[1]), _name(r[2]), r[3], r[4], r[5], str(r[6])) for r in rows]
    return TableLog(ruled, damage, tuple(word for (word,) in forgot))


def _name(raw: Any) -> str:
    """A game's name as stored, its bytes that are not UTF-8 shown replaced."""
    return bytes(raw).decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)


def read_quickly(path: Path) -> TableLog | None:
    """The table's words from the games file at ``path``, opened read-only with nothing of the
    store's; None when the store is to read them: the file is of another schema or an earlier
    qscore's, or cannot be opened so. No file, no words."""
    try:
        if not path.is_file():
            return None if path.exists() or path.is_symlink() else TableLog([])
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    except (OSError, sqlite3.Error):
        return None  # the store's reading says why
    try:
        conn.execute("BEGIN")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        application = conn.execute("PRAGMA application_id").fetchone()[0]
        if (version, application) != OURS or not held(conn)[0]:
            return None
        return read_log(conn)
    except (sqlite3.Error, StorageError):
        return None  # the store's reading tells what is wrong
    finally:
        conn.close()


class HouseWrite:
    """The table's log being written, in one transaction: the table's words as they stand
    inside it (``log``), and ``add`` to append one entry."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.log = read_log(conn)

    def add(self, kind: str, data: str) -> int:
        """Append one entry of ``kind`` (one of HOUSE_KINDS), its JSON ``data``; its number."""
        assert kind in HOUSE_KINDS, kind
        self.conn.execute(_HOUSE_TABLE)
        cur = self.conn.execute("INSERT INTO house (kind, data) VALUES (?, ?)", (kind, data))
        return int(cur.lastrowid or 0)


class TableWordsFile:
    """The table's words in the store's ``file``, read in one snapshot checked, written in
    ``transaction`` (the store's: begun once SQLite's check found the file whole)."""

    def __init__(self, file: Any, transaction: Callable[[Any, list[Any]], AbstractContextManager[None]]) -> None:
        self.file = file
        self.transaction = transaction

    def read(self) -> TableLog:
        """The table's words as saved; none when there are no saved games."""
        if not self.file.exists():
            return TableLog([])
        with self.file.reading() as look:
            return read_log(look.conn, look.damage)

    @contextmanager
    def writing(self) -> Iterator[HouseWrite]:
        """One write to the table's log: it commits when the block ends (an error raised
        in it leaves the file as it was)."""
        with self.file.writing() as look, self.transaction(look, []):
            yield HouseWrite(look.conn)
