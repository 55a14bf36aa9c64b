"""Saved games: an append-only log of entries per game in one SQLite database.

Every write is one ``BEGIN IMMEDIATE`` transaction that reads the game, checks the new
entry against it, and appends it, so two terminals writing at once are serialised and
neither loses an entry; a crash mid-write leaves the database as it was before that
transaction (SQLite's write-ahead log, synchronous=FULL).

A file is identified through a read-only connection before anything writes to it, so a
database from a newer qscore, a damaged file or another program's SQLite file is refused
with an error naming the cause and is never changed. The database file is made whole
(schema and journal mode) under a temporary name and linked into place, so a file at
the games path is never qscore's half-made one: an empty file there is refused too.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from qscore import paths
from qscore.errors import QscoreError, StorageError, UnknownGameError
from qscore.scoresheet import Entry, Game, GameConfig

SCHEMA_VERSION = 1
DB_NAME = "games.sqlite3"
BUSY_TIMEOUT_MS = 15_000
NO_GAMES = "no saved games yet: start one with qscore new ALICE BOB"

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
_TABLES = {"games", "entries"}

# build(game) -> (kind, data) of the entry to append; raising leaves the game as it was
Builder = Callable[[Game], tuple[str, dict[str, Any]]]


def game_name(name: str) -> str:
    """A game's name as typed, trimmed; one line of printable text, since errors quote it."""
    name = name.strip()
    if not name:
        raise StorageError("a game's name cannot be empty")
    if not name.isprintable():
        raise StorageError(f"a game's name is one line of printable text, not {name!r}")
    return name


@dataclass(frozen=True)
class Unreadable:
    """A saved game whose log cannot be replayed; the other games still list."""

    name: str
    reason: str


class GameStore:
    """The saved-games database: ``$QSCORE_HOME/games.sqlite3`` or the user data folder."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.data_dir() / DB_NAME
        self.written: list[Entry] = []  # entries this store committed, oldest first

    # --- opening -------------------------------------------------------------

    @property
    def folder(self) -> Path:
        return self.path.parent

    def _check_folder(self) -> None:
        first = next((p for p in (self.folder, *self.folder.parents) if p.exists()), self.folder)
        if first.exists() and not first.is_dir():
            hint = "point QSCORE_HOME at a folder" if os.environ.get("QSCORE_HOME") else "qscore keeps its games there"
            if first == self.folder:
                raise StorageError(f"the qscore home {first} is a file, not a folder: {hint}")
            raise StorageError(
                f"{first} is a file, not a folder, so the qscore home {self.folder} cannot be made: {hint}"
            )

    @property
    def _wal(self) -> Path:
        return Path(f"{self.path}-wal")

    def _disk_full(self) -> bool:
        try:
            space = os.statvfs(self.folder)
            return space.f_bavail * space.f_frsize < 64 * 1024
        except OSError:
            return False

    def _exists(self) -> bool:
        self._check_folder()
        if self.path.is_dir():
            raise StorageError(f"the saved games at {self.path} are a folder, not a file: qscore left it as it is")
        return self.path.exists()

    @contextmanager
    def _reading(self, *, writing: bool = False) -> Iterator[sqlite3.Connection]:
        """A read-only connection to an identified qscore database, in one snapshot."""
        if not self._exists():
            raise UnknownGameError(NO_GAMES)
        with self._explained(writing=writing):
            conn = self._open_read_only()
            try:
                self._identify(conn)
                conn.execute("BEGIN")
                yield conn
            finally:
                conn.close()

    @contextmanager
    def _writing(self, *, create: bool = False) -> Iterator[sqlite3.Connection]:
        """A read-write connection, once a read-only look has found qscore's database."""
        with self._explained(writing=True):
            if not self._exists():
                if not create:
                    raise UnknownGameError(NO_GAMES)
                self._create_file()
            with self._reading(writing=True):
                pass
            why = self._read_only_part()  # opened read-write anyway, SQLite would make a read-only -shm beside it
            if why:
                raise StorageError(f"cannot save to {self.path}: {why}; nothing was saved")
            conn = sqlite3.connect(self._uri("rw"), uri=True, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            try:
                conn.execute("PRAGMA synchronous = FULL")
                yield conn
            finally:
                conn.close()

    def _uri(self, mode: str) -> str:
        return f"{self.path.resolve().as_uri()}?mode={mode}"

    def _open_read_only(self) -> sqlite3.Connection:
        # A write-ahead-log database needs a shared-memory file beside it, even to be
        # read. Where that cannot be made (a read-only file, folder or mount, a full
        # disk), and no log is pending, the file holds every entry: it is read as it
        # stands (immutable), and nothing is made beside it.
        immutable = self._uri("ro") + "&immutable=1"
        pending = _nonempty(self._wal)
        if not pending and not (_writable(self.path) and _writable(self.folder)):
            return self._checked(sqlite3.connect(immutable, uri=True, isolation_level=None))
        try:
            return self._checked(sqlite3.connect(self._uri("ro"), uri=True, isolation_level=None))
        except sqlite3.OperationalError as exc:
            cannot_share = _code(exc).startswith(("SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_READONLY"))
            if cannot_share and not pending and self._disk_full():
                return self._checked(sqlite3.connect(immutable, uri=True, isolation_level=None))
            raise

    @staticmethod
    def _checked(conn: sqlite3.Connection) -> sqlite3.Connection:
        try:
            conn.execute("PRAGMA user_version").fetchone()  # reads the header: fails here if it cannot
        except BaseException:
            conn.close()
            raise
        return conn

    def _identify(self, conn: sqlite3.Connection) -> None:
        """Refuse anything but a whole qscore database of a schema this qscore reads."""
        if self.path.stat().st_size == 0 and not _nonempty(self._wal):
            raise StorageError(
                f"the saved games at {self.path} are an empty file (0 bytes, no games in it, and not "
                "made by qscore): qscore will not write over it; delete it to start afresh"
            )
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0 or "games" not in tables:  # qscore's database is made whole, never without these
            raise StorageError(
                f"{self.path} is an SQLite database, but not qscore's: qscore left it as it is "
                "(set QSCORE_HOME to keep games in another folder)"
            )
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"the saved games at {self.path} were written by a newer qscore (schema {version}; "
                f"this one reads up to {SCHEMA_VERSION}): upgrade qscore; the file was left as it is"
            )
        if not tables >= _TABLES:
            raise self._damaged(f"tables missing: {', '.join(sorted(_TABLES - tables))}")
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise self._damaged(check)

    def _create_file(self) -> None:
        """Make a whole, empty qscore database and link it into place, unless one appeared meanwhile."""
        import tempfile

        self.folder.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=".games-", suffix=".new", dir=self.folder)
        os.close(fd)
        temp = Path(name)
        try:
            conn = sqlite3.connect(temp, isolation_level=None)
            try:
                conn.execute("PRAGMA synchronous = FULL")
                conn.executescript(f"BEGIN; {_SCHEMA} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
                conn.execute("PRAGMA journal_mode = WAL")
            finally:
                conn.close()
            try:
                os.link(temp, self.path)
            except FileExistsError:
                return  # another qscore made it first: use theirs
            dir_fd = os.open(self.folder, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
        finally:
            for leftover in (temp, Path(f"{temp}-wal"), Path(f"{temp}-shm")):
                leftover.unlink(missing_ok=True)

    # --- errors ----------------------------------------------------------------

    @contextmanager
    def _explained(self, *, writing: bool) -> Iterator[None]:
        """SQLite's and the system's errors, told as their real cause in one line."""
        try:
            yield
        except QscoreError:
            raise
        except (sqlite3.Error, OSError) as exc:
            raise self._explain(exc, writing) from None

    def _explain(self, exc: sqlite3.Error | OSError, writing: bool) -> StorageError:
        nothing = "; nothing was saved" if writing else ""
        cannot = "cannot save to" if writing else "cannot read"
        if isinstance(exc, OSError):
            if exc.errno == errno.ENOSPC:
                return StorageError(f"{cannot} {self.path}: the disk is full{nothing}")
            if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                why = self._read_only_part() or f"permission denied ({exc.filename})"
                return StorageError(f"{cannot} {self.path}: {why}{nothing}")
            where = exc.filename or self.path
            return StorageError(f"cannot use the saved games at {where}: {exc.strerror or exc}{nothing}")
        code = _code(exc)
        if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return StorageError(
                f"the saved games at {self.path} stayed locked by another process for "
                f"{BUSY_TIMEOUT_MS / 1000:g} seconds{nothing}: try again when it is done"
            )
        if code.startswith("SQLITE_READONLY") or (code.startswith("SQLITE_CANTOPEN") and self._read_only_part()):
            return StorageError(f"{cannot} {self.path}: {self._read_only_part() or 'it is read-only'}{nothing}")
        if code == "SQLITE_FULL" or (code.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN")) and self._disk_full()):
            return StorageError(f"{cannot} {self.path}: the disk is full{nothing}")
        if code == "SQLITE_NOTADB":
            return StorageError(
                f"cannot read the saved games at {self.path}: it is not an SQLite database (damaged, "
                "or another program's file); qscore left it as it is"
            )
        if code.startswith("SQLITE_CORRUPT"):
            return self._damaged(str(exc))
        if code.startswith("SQLITE_IOERR"):
            return StorageError(f"cannot read or write the saved games at {self.path}: input/output error{nothing}")
        if code.startswith("SQLITE_CANTOPEN"):
            return StorageError(f"cannot open the saved games at {self.path}: {exc}{nothing}")
        return StorageError(f"cannot use the saved games at {self.path}: {exc}{nothing}")

    def _read_only_part(self) -> str:
        """Why this folder or file cannot be written, or "" if it can."""
        folder = next((p for p in (self.folder, *self.folder.parents) if p.exists()), self.folder)
        if not _writable(folder):
            return f"the folder {folder} is read-only"
        if self.path.exists() and not os.access(self.path, os.R_OK):
            return "permission denied"
        for path in (self.path, self._wal, Path(f"{self.path}-shm")):
            if path.exists() and not _writable(path):
                return "the file is read-only" if path == self.path else f"{path.name} beside it is read-only"
        return ""

    def _damaged(self, detail: str) -> StorageError:
        return StorageError(
            f"cannot read the saved games at {self.path}: the file is damaged ({detail}); qscore left it as it is"
        )

    @contextmanager
    def _transaction(self, conn: sqlite3.Connection, entries: list[Entry]) -> Iterator[None]:
        """One write; ``entries`` count as written once (and only once) the commit went through.

        Ctrl-C may land anywhere in here: after the COMMIT returned, the entries are
        saved and recorded in ``written``; before it, they are rolled back.
        """
        conn.execute("BEGIN IMMEDIATE")
        committing = False
        try:
            yield
            committing = True
            conn.execute("COMMIT")
            self.written.extend(entries)
        except BaseException as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            elif committing and not isinstance(exc, sqlite3.Error) and self.written[-len(entries) :] != entries:
                self.written.extend(entries)  # interrupted just after the commit went through
            raise

    # --- games ---------------------------------------------------------------

    def create(self, config: GameConfig, name: str | None = None) -> Game:
        """Start a game (its settings checked already: qscore.rules.check_config); without a
        name it is called after today's date."""
        if name is not None:
            name = game_name(name)
        entries: list[Entry] = []
        with self._writing(create=True) as conn, self._transaction(conn, entries):
            taken = {row[0] for row in conn.execute("SELECT name FROM games")}
            if name is None:
                name = _free_name(date.today().isoformat(), taken)
            elif clash := next((t for t in taken if t.lower() == name.lower()), None):
                raise StorageError(f"a game named {clash!r} exists already: choose another --game name")
            cur = conn.execute("INSERT INTO games (name) VALUES (?)", (name,))
            entries.append(Entry(1, "created", config.to_json()))
            self._insert(conn, cur.lastrowid, entries[0])
        return Game(name, entries)

    def load(self, name: str | None = None) -> Game:
        with self._reading() as conn:
            game_id, found = self._resolve(conn, name)
            return Game(found, self._entries(conn, game_id))

    def append(self, build: Builder, name: str | None = None) -> tuple[Game, Entry, Game]:
        """Check and append one entry in one transaction: (game before, entry, game after)."""
        entries: list[Entry] = []
        with self._writing() as conn, self._transaction(conn, entries):
            game_id, found = self._resolve(conn, name)
            before = Game(found, self._entries(conn, game_id))
            kind, data = build(before)
            entries.append(Entry(before.entries[-1].seq + 1, kind, data))
            self._insert(conn, game_id, entries[0])
        return before, entries[0], Game(found, [*before.entries, entries[0]])

    def games(self) -> list[Game | Unreadable]:
        """Every saved game, oldest first; a game whose log cannot be read is named, not fatal."""
        if not self._exists():
            return []
        found: list[Game | Unreadable] = []
        with self._reading() as conn:
            for game_id, name in conn.execute("SELECT id, name FROM games ORDER BY id").fetchall():
                try:
                    found.append(Game(name, self._entries(conn, game_id)))
                except QscoreError as exc:
                    found.append(Unreadable(name, str(exc)))
        return found

    def rename(self, old: str, new: str) -> str:
        """Give a saved game a new name; names differ in more than case. Returns the old name."""
        new = game_name(new)
        with self._writing() as conn, self._transaction(conn, []):
            game_id, found = self._resolve(conn, old)
            clash = conn.execute(
                "SELECT name FROM games WHERE lower(name) = lower(?) AND id != ?", (new, game_id)
            ).fetchone()
            if clash is not None:
                raise StorageError(f"a game named {clash[0]!r} exists already: choose another name")
            if new == found:
                raise StorageError(f"game {found!r} has that name already")
            conn.execute("UPDATE games SET name = ? WHERE id = ?", (new, game_id))
        return found

    def delete(self, name: str) -> str:
        """Remove a saved game and its whole log (readable or not); returns its name."""
        with self._writing() as conn, self._transaction(conn, []):
            game_id, found = self._resolve(conn, name)
            conn.execute("DELETE FROM entries WHERE game_id = ?", (game_id,))
            conn.execute("DELETE FROM games WHERE id = ?", (game_id,))
        return found

    def names(self) -> list[str]:
        """The saved games' names, oldest first, without reading their logs (for completion)."""
        if not self._exists():
            return []
        with self._reading() as conn:
            return [row[0] for row in conn.execute("SELECT name FROM games ORDER BY id")]

    # --- rows ----------------------------------------------------------------

    def _resolve(self, conn: sqlite3.Connection, name: str | None) -> tuple[int, str]:
        if name is None:
            row = conn.execute("SELECT id, name FROM games ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                raise UnknownGameError(NO_GAMES)
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
        except (json.JSONDecodeError, TypeError) as exc:
            raise self._damaged(f"an entry is not JSON: {exc}") from None

    def _insert(self, conn: sqlite3.Connection, game_id: int | None, entry: Entry) -> None:
        conn.execute(
            "INSERT INTO entries (game_id, seq, kind, data) VALUES (?, ?, ?, ?)",
            (game_id, entry.seq, entry.kind, json.dumps(entry.data, sort_keys=True)),
        )


def _code(exc: sqlite3.Error) -> str:
    return str(getattr(exc, "sqlite_errorname", ""))


def _writable(path: Path) -> bool:
    return os.access(path, os.W_OK)


def _nonempty(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def _free_name(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"
