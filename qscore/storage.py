"""Saved games: an append-only log of entries per game in one SQLite database.

Every write is one ``BEGIN IMMEDIATE`` transaction that reads the game, checks the new
entry against it, and appends it, so two terminals writing at once are serialised and
neither loses an entry; a crash mid-write leaves the database as it was before that
transaction (SQLite's write-ahead log, synchronous=FULL). A database from a newer
qscore, or a damaged file, is refused with a clear error and left untouched.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

from qscore import paths
from qscore.errors import StorageError, UnknownGameError
from qscore.scoresheet import Entry, Game, GameConfig

SCHEMA_VERSION = 1
DB_NAME = "games.sqlite3"
BUSY_TIMEOUT_MS = 15_000

_SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    started TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (game_id, seq)
);
"""

# build(game) -> (kind, data) of the entry to append; raising leaves the game as it was
Builder = Callable[[Game], tuple[str, dict[str, Any]]]


class GameStore:
    """The saved-games database: ``$QSCORE_HOME/games.sqlite3`` or the user data folder."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.data_dir() / DB_NAME

    @contextmanager
    def _connect(self, *, create: bool = False) -> Iterator[sqlite3.Connection]:
        if not self.path.exists() and not create:
            raise UnknownGameError("no saved games yet: start one with `qscore new ALICE BOB`")
        if create:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        mode = "rwc" if create else "rw"
        try:
            conn = sqlite3.connect(
                f"{self.path.resolve().as_uri()}?mode={mode}",
                uri=True,
                timeout=BUSY_TIMEOUT_MS / 1000,
                isolation_level=None,
            )
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the saved games at {self.path}: {exc}") from None
        try:
            self._prepare(conn)
            yield conn
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StorageError(
                    f"the saved games at {self.path} stayed locked by another qscore: try again"
                ) from None
            raise self._damaged(exc) from None
        except sqlite3.DatabaseError as exc:
            raise self._damaged(exc) from None
        finally:
            conn.close()

    def _damaged(self, exc: Exception) -> StorageError:
        return StorageError(
            f"cannot read the saved games at {self.path}: {exc}; the file is damaged or not a qscore "
            "database, and was left as it is (move it aside to start afresh)"
        )

    def _prepare(self, conn: sqlite3.Connection) -> None:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"the saved games at {self.path} were written by a newer qscore (schema {version}; "
                f"this one reads up to {SCHEMA_VERSION}): upgrade qscore"
            )
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise self._damaged(sqlite3.DatabaseError(check))
        if version == 0:
            self._create_schema(conn)
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")

    def _create_schema(self, conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute("PRAGMA user_version").fetchone()[0] == 0:  # not made meanwhile
                if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                    raise StorageError(f"{self.path} is an SQLite database, but not qscore's: left as it is")
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    @contextmanager
    def _transaction(self, conn: sqlite3.Connection) -> Iterator[None]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    # --- games ---------------------------------------------------------------

    def create(self, config: GameConfig, name: str | None = None) -> Game:
        """Start a game; without a name it is called after today's date."""
        config.check()
        with self._connect(create=True) as conn, self._transaction(conn):
            taken = {row[0] for row in conn.execute("SELECT name FROM games")}
            if name is None:
                name = _free_name(date.today().isoformat(), taken)
            elif name in taken:
                raise StorageError(f"a game named {name!r} exists already: choose another --game name")
            cur = conn.execute("INSERT INTO games (name) VALUES (?)", (name,))
            entry = Entry(1, "created", config.to_json())
            self._insert(conn, cur.lastrowid, entry)
        return Game(name, [entry])

    def load(self, name: str | None = None) -> Game:
        with self._connect() as conn:
            game_id, found = self._resolve(conn, name)
            return Game(found, self._entries(conn, game_id))

    def append(self, build: Builder, name: str | None = None) -> tuple[Game, Entry, Game]:
        """Check and append one entry in one transaction: (game before, entry, game after)."""
        with self._connect() as conn, self._transaction(conn):
            game_id, found = self._resolve(conn, name)
            before = Game(found, self._entries(conn, game_id))
            kind, data = build(before)
            entry = Entry(before.entries[-1].seq + 1, kind, data)
            self._insert(conn, game_id, entry)
        return before, entry, Game(found, [*before.entries, entry])

    def games(self) -> list[Game]:
        """Every saved game, oldest first."""
        if not self.path.exists():
            return []
        with self._connect() as conn:
            rows = conn.execute("SELECT id, name FROM games ORDER BY id").fetchall()
            return [Game(name, self._entries(conn, game_id)) for game_id, name in rows]

    # --- rows ----------------------------------------------------------------

    def _resolve(self, conn: sqlite3.Connection, name: str | None) -> tuple[int, str]:
        if name is None:
            row = conn.execute("SELECT id, name FROM games ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                raise UnknownGameError("no saved games yet: start one with `qscore new ALICE BOB`")
        else:
            row = conn.execute("SELECT id, name FROM games WHERE name = ?", (name,)).fetchone()
            if row is None:
                known = [r[0] for r in conn.execute("SELECT name FROM games ORDER BY id")]
                raise UnknownGameError(f"no game named {name!r}: saved games are {', '.join(known) or 'none'}")
        return row[0], row[1]

    def _entries(self, conn: sqlite3.Connection, game_id: int) -> list[Entry]:
        rows = conn.execute("SELECT seq, kind, data FROM entries WHERE game_id = ? ORDER BY seq", (game_id,))
        try:
            return [Entry(seq, kind, json.loads(data)) for seq, kind, data in rows]
        except json.JSONDecodeError as exc:
            raise self._damaged(exc) from None

    def _insert(self, conn: sqlite3.Connection, game_id: int | None, entry: Entry) -> None:
        conn.execute(
            "INSERT INTO entries (game_id, seq, kind, data) VALUES (?, ?, ?, ?)",
            (game_id, entry.seq, entry.kind, json.dumps(entry.data, sort_keys=True)),
        )


def _free_name(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"
