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
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from qscore.errors import StorageError
from qscore.store.gamelog import name_text, shown

if TYPE_CHECKING:
    from qscore.store.gamesfile import GamesFile, Look

RULINGS = "rulings"
HOUSE = "house"
HOUSE_KINDS = ("forget",)  # the kinds of entry the table's own log holds

# a challenge entry the table settled, and one no undo of its game took back
_RULED = "{e}.kind = 'challenge' AND json_valid({e}.data) AND json_extract({e}.data, '$.ruling') = 'table'"
_NOT_UNDONE = (
    "NOT EXISTS (SELECT 1 FROM entries u WHERE u.game_id = e.game_id AND u.kind = 'undo' "
    "AND json_valid(u.data) AND json_extract(u.data, '$.undoes') = e.seq)"
)
_STANDING = f"SELECT e.game_id, e.seq, e.data, e.at FROM entries e WHERE {_RULED.format(e='e')} AND {_NOT_UNDONE}"
_COPY = "INSERT OR REPLACE INTO rulings (game_id, seq, data, at) "

RULINGS_TABLE = (
    """CREATE TABLE IF NOT EXISTS rulings (
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
)""",
    f"""CREATE TRIGGER IF NOT EXISTS rulings_entry_added AFTER INSERT ON entries
    WHEN {_RULED.format(e="NEW")}
    BEGIN {_COPY} VALUES (NEW.game_id, NEW.seq, NEW.data, NEW.at); END""",
    """CREATE TRIGGER IF NOT EXISTS rulings_entry_undone AFTER INSERT ON entries
    WHEN NEW.kind = 'undo' AND json_valid(NEW.data)
    BEGIN DELETE FROM rulings WHERE game_id = NEW.game_id AND seq = json_extract(NEW.data, '$.undoes'); END""",
    """CREATE TRIGGER IF NOT EXISTS rulings_entry_removed AFTER DELETE ON entries
    BEGIN DELETE FROM rulings WHERE game_id = OLD.game_id AND seq = OLD.seq; END""",
    f"""CREATE TRIGGER IF NOT EXISTS rulings_entry_changed AFTER UPDATE ON entries
    BEGIN DELETE FROM rulings WHERE game_id IN (OLD.game_id, NEW.game_id);
    {_COPY} {_STANDING} AND e.game_id IN (OLD.game_id, NEW.game_id); END""",
    """CREATE TRIGGER IF NOT EXISTS rulings_game_removed AFTER DELETE ON games
    BEGIN DELETE FROM rulings WHERE game_id = OLD.id; END""",
)
RULINGS_TRIGGERS = {
    "rulings_entry_added",
    "rulings_entry_undone",
    "rulings_entry_removed",
    "rulings_entry_changed",
    "rulings_game_removed",
}
_HOUSE_TABLE = """CREATE TABLE IF NOT EXISTS house (
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL DEFAULT (datetime('now'))
)"""


def make_rulings(conn: sqlite3.Connection) -> None:
    """Make the table of rulings and its triggers, filled from the logs, inside the caller's
    write (a table there without all its triggers may have missed an entry: filled again)."""
    for statement in RULINGS_TABLE:
        conn.execute(statement)
    conn.execute("DELETE FROM rulings")
    conn.execute(_COPY + _STANDING)


class Ruled(NamedTuple):
    """A ruling that stands, as stored: its game (id, start, name as stored), the entry's
    number, its data (None: not JSON) and when it was saved (UTC, to the second)."""

    game_id: int
    started: str
    game: str
    seq: int
    data: Any
    at: str


class HouseLine(NamedTuple):
    """An entry of the table's own log: its number, kind, data and time (UTC)."""

    seq: int
    kind: str
    data: Any
    at: str


class TableLog(NamedTuple):
    """What the file holds of the table's words: the rulings that stand, oldest first (by
    when they were saved, then their game's start and their number), and the table's log;
    ``damage``: what SQLite's check of the file found, if anything."""

    rulings: list[Ruled]
    house: list[HouseLine]
    damage: str | None = None


def _json(raw: Any) -> Any:
    try:
        return json.loads(bytes(raw).decode("utf-8"))
    except (TypeError, ValueError):
        return None


def read_log(look: Look) -> TableLog:
    """The table's words as the look finds them."""
    conn = look.conn
    source = RULINGS if look.rulings else f"({_STANDING})"
    try:
        rows = conn.execute(
            f"SELECT r.game_id, g.started, CAST(g.name AS BLOB), r.seq, CAST(r.data AS BLOB), r.at FROM {source} r "
            "JOIN games g ON g.id = r.game_id ORDER BY r.at, g.started, r.game_id, r.seq"
        ).fetchall()
        lines = (
            conn.execute("SELECT seq, kind, CAST(data AS BLOB), at FROM house ORDER BY seq").fetchall()
            if look.house
            else []
        )
    except sqlite3.DatabaseError as exc:
        raise StorageError(f"the table's words cannot be read from {look_path(look)}: {exc}") from None
    rulings = [Ruled(r[0], str(r[1]), _name(r[2]), r[3], _json(r[4]), str(r[5])) for r in rows]
    house = [HouseLine(seq, str(kind), _json(data), str(at)) for seq, kind, data, at in lines]
    newer = sorted({line.kind for line in house} - set(HOUSE_KINDS))
    if newer:
        raise StorageError(f"the table's words hold entries a newer qscore wrote ({', '.join(newer)}): upgrade qscore")
    return TableLog(rulings, house, look.damage)


def look_path(look: Look) -> str:
    row = look.conn.execute("PRAGMA database_list").fetchone()
    return str(row[2]) if row else "the games file"


def _name(raw: Any) -> str:
    try:
        return name_text(raw)
    except StorageError:
        return shown(raw)


class HouseWrite:
    """The table's log being written, in one transaction: the log as it stands inside it
    (``log``), and ``add`` to append one entry."""

    def __init__(self, look: Look, log: TableLog) -> None:
        self.look, self.log = look, log

    def add(self, kind: str, data: dict[str, Any]) -> int:
        """Append one entry of ``kind`` (one of HOUSE_KINDS); its number."""
        assert kind in HOUSE_KINDS, kind
        conn = self.look.conn
        if not self.look.house:
            conn.execute(_HOUSE_TABLE)
            self.look.house = True
        cur = conn.execute(
            "INSERT INTO house (kind, data) VALUES (?, ?)", (kind, json.dumps(data, sort_keys=True, ensure_ascii=False))
        )
        return int(cur.lastrowid or 0)


class TableWordsFile:
    """The table's words in ``file``, read in one snapshot, written in ``transaction``
    (the store's: begun once SQLite's check found the file whole)."""

    def __init__(
        self, file: GamesFile, transaction: Callable[[Look, list[Any]], AbstractContextManager[None]] | None = None
    ) -> None:
        self.file = file
        self.transaction = transaction

    def read(self) -> TableLog:
        """The table's words as saved; none when there are no saved games."""
        if not self.file.exists():
            return TableLog([], [])
        with self.file.reading() as look:
            return read_log(look)

    @contextmanager
    def writing(self) -> Iterator[HouseWrite]:
        """One write to the table's log: it commits when the block ends (an error raised
        in it leaves the file as it was)."""
        assert self.transaction is not None, "a store's table words are written, a file's only read"
        with self.file.writing() as look, self.transaction(look, []):
            yield HouseWrite(look, read_log(look))
