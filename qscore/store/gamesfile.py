"""The saved-games file: found, identified and opened safely, and its failures told as
their cause.

A file is identified before anything is written to it (a read through a read-only
connection, a write through its own connection before its transaction begins), so a
database from a newer qscore, a damaged file or another program's SQLite file is refused
with an error naming the cause and is never changed. The database file is made whole
(schema and journal mode) under a temporary name and linked into place, so a file at
the games path is never qscore's half-made one: an empty file there is refused too.
SQLite's and the system's errors (a read-only folder, a full disk, a lock held too long)
become one StorageError each, worded by what the user can do (qscore.store.filefailures).

Schema 1 is the games and their logs. Beside them the file may hold a derived table,
``summaries`` (each game's figures, worked out from its log and kept so that `games` and
`stats` need not replay every game), made on demand by the first write that wants it.
A qscore that knows nothing of it still reads and writes the file: it leaves the table
alone, and triggers, which SQLite runs for any program, drop a game's summary whenever
its log or the game changes, so a summary is never kept past the log it was made from.
So the derived table does not change the schema version. Nor does the copy of the table's
paper rulings, kept the same way (store/ruledcopy.py), nor the table's own log (store/rulings.py).

SQLite's own check runs on every look: ``integrity_check`` (which also finds an index
that has lost rows) on a small file, ``quick_check`` on a large one, where it would cost
more than the read; a failure is noted (``damage``) and the games that
can be read still are. Every write runs SQLite's check inside its transaction, whatever
the size, and a file that fails it is never written to (a read made just to check an
entry before its write leaves the check to the write): ``integrity_check``, but for an
entry appended to a game, which runs ``quick_check`` (every page, cell and record well
made, each b-tree in order) and leaves out only what it adds, that each index holds its
table's rows: the entry's own game is held to that by the read inside the write (its
rows read through the index and held to the count and digest kept, or read from the
table itself and counted through the index), an entry adds to no other index, and
another game's index is checked as that game is read (from its table, in a file the
full check finds damaged) and written (named as damaged). On a game of 10,000 entries
the full check took three times the quick one.

Earlier releases kept two more derived tables (each game's replay, and the listings of
`games` and `stats`) with their triggers; this one drops them at its first write
(``RETIRED``); such a release reads the file without them, and makes them again empty at
its next write.

A reader that keeps up with the file (``qscore serve``'s sheet) follows it through
``Follower``: SQLite's ``data_version`` on one read-only connection kept open, which
changes once a commit of any other connection is there for a reader to see (never
before, as the file's size and time do while a commit is written and synced).

What the file holds, games and their entries, is qscore.store.storage's business.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import threading
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from pathlib import Path

from qscore.errors import Remedy, StorageError, UnknownGameError
from qscore.paths import file_kind
from qscore.store.filefailures import FileFailures, error_code, nonempty, writable

SCHEMA_VERSION = 1
# SQLite's header field for the program a database is for (PRAGMA application_id): "QSCR".
# A file qscore makes carries it; a file an earlier qscore made (without it) is known by its
# tables, as those releases wrote them word for word, and is marked by its next write.
APPLICATION_ID = 0x51534352
BUSY_TIMEOUT_MS = 15_000  # how long a write waits for another process's lock
NO_GAMES = ("no saved games yet: ", Remedy("start-game"))

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


def _kept_beside(table: str) -> tuple[str, ...]:
    """A derived table of one row a game, and the triggers that drop a game's row when its
    log or the game changes, whichever program changes it."""
    return (
        f"""CREATE TABLE IF NOT EXISTS {table} (
        game_id INTEGER PRIMARY KEY,
        last_seq INTEGER NOT NULL,
        version INTEGER NOT NULL,
        digest TEXT NOT NULL,
        data TEXT NOT NULL,
        checksum TEXT NOT NULL
    )""",
        f"""CREATE TRIGGER IF NOT EXISTS {table}_entry_added AFTER INSERT ON entries
        BEGIN DELETE FROM {table} WHERE game_id = NEW.game_id; END""",
        f"""CREATE TRIGGER IF NOT EXISTS {table}_entry_changed AFTER UPDATE ON entries
        BEGIN DELETE FROM {table} WHERE game_id IN (OLD.game_id, NEW.game_id); END""",
        f"""CREATE TRIGGER IF NOT EXISTS {table}_entry_removed AFTER DELETE ON entries
        BEGIN DELETE FROM {table} WHERE game_id = OLD.game_id; END""",
        f"""CREATE TRIGGER IF NOT EXISTS {table}_game_removed AFTER DELETE ON games
        BEGIN DELETE FROM {table} WHERE game_id = OLD.id; END""",
    )


# The derived table: each game's summary (qscore.store.keptfigures writes its rows), dropped by
# triggers whenever the game's log or the game changes.
_DERIVED = _kept_beside("summaries")
_TRIGGERS = {"summaries_entry_added", "summaries_entry_changed", "summaries_entry_removed", "summaries_game_removed"}
DERIVED = "summaries"
# What releases up to 656ee72 kept beside the log as well (each game's replay, the listings
# of `games` and `stats`), with their triggers: the next write drops them (``retire``). A
# release that kept them makes them again on its next write, and reads without them.
RETIRED = ("replays", "listings")
# integrity_check reads every row and index entry: on a file up to this size it costs a
# few milliseconds; past it a look uses quick_check (an entry's write runs quick_check, a new
# game, a rename, a delete and kept figures integrity_check: this module's docstring says why)
CHECK_FULLY_UP_TO = 2 * 1024 * 1024
_TABLES = {"games", "entries"}
# the two tables as SQLite keeps their statements, by name: every release made them so
_RELEASED = {statement.split()[2]: statement.strip() for statement in _SCHEMA.split(";") if statement.strip()}
_COLUMNS = {"games": {"id", "name", "started"}, "entries": {"game_id", "seq", "kind", "data", "at"}}


class Look:
    """One open connection to the file, and what was found of the file through it: what
    SQLite's check found wrong (``damage``), whether the file holds the derived table, and
    what an earlier release kept beside the log. It lives as long as its connection. (A
    plain class with slots, not a dataclass: every command that opens the file makes one.)"""

    __slots__ = ("conn", "damage", "derived", "marked", "retired")

    def __init__(
        self,
        conn: sqlite3.Connection,
        derived: bool = False,  # the file holds the derived table of summaries and its triggers
        retired: tuple[str, ...] = (),  # the statements that drop what an earlier release kept
        damage: str | None = None,
        marked: bool = True,  # the file carries APPLICATION_ID (else an earlier qscore's: marked by the next write)
    ) -> None:
        self.conn, self.derived, self.retired, self.damage, self.marked = conn, derived, retired, damage, marked


class GamesFile:
    """The SQLite file at ``path``: ``reading()`` and ``writing()`` give a look at a file
    identified as qscore's, in one snapshot or ready to write. It keeps nothing between
    looks: what a look found is the look's."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.failures = FileFailures(path)

    @property
    def folder(self) -> Path:
        return self.path.parent

    def exists(self) -> bool:
        """Whether the file is there; anything else at its path (a folder, a link to nothing,
        a FIFO or a device, a folder that cannot be entered) is an error naming it, before
        anything opens it (a FIFO would never answer)."""
        try:
            self.failures.check_folder()
            if self.path.is_symlink() and not self.path.exists():
                raise StorageError(
                    f"the saved games at {self.path} are a link to {os.readlink(self.path)}, which is not there: "
                    "qscore left it as it is"
                )
            if not self.path.exists():
                return False
            mode = self.path.stat().st_mode
        except OSError as exc:
            raise self.failures.unreachable(exc) from None
        kind = file_kind(mode)
        if kind != "a file":
            raise StorageError(f"the saved games at {self.path} are {kind}, not a file: qscore left it as it is")
        return True

    @contextmanager
    def reading(self, *, check: bool = True) -> Iterator[Look]:
        """A read-only look at an identified qscore database, in one snapshot. Damage
        SQLite's check finds is noted in the look's ``damage``, not raised: what can be
        read still is, and qscore.store.storage checks each game it reads. Without ``check`` the
        file is not checked: the caller leaves that to the write that follows."""
        if not self.exists():
            raise UnknownGameError(*NO_GAMES)
        with self.failures.explained(writing=False, waited_ms=BUSY_TIMEOUT_MS):
            conn = self._open_read_only()
            try:
                look = self._identify(conn)
                conn.execute("BEGIN")
                if check:
                    self.check(look)
                yield look
            finally:
                conn.close()

    def check(self, look: Look, *, fully: bool | None = None) -> None:
        """SQLite's check of the whole file, noted in the look's ``damage``: ``integrity_check``
        if ``fully``, ``quick_check`` if not, and by the file's size (CHECK_FULLY_UP_TO) if None."""
        if fully is None:
            fully = self.path.stat().st_size <= CHECK_FULLY_UP_TO
        try:
            found = look.conn.execute(f"PRAGMA {'integrity_check' if fully else 'quick_check'}(1)").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            found = str(exc)
        lines = str(found).replace("*** in database main ***", "").split("\n")
        look.damage = None if found == "ok" else "; ".join(line.strip() for line in lines if line.strip())

    def refuse_damaged(self, look: Look, *, fully: bool = True) -> None:
        """SQLite's check, inside a write before it changes anything: a file it finds damaged
        is never written to. ``integrity_check`` unless not ``fully``: ``quick_check``, for a
        write that holds what it reads to the log's own checks (GameStore.appending)."""
        self.check(look, fully=fully)
        if look.damage:
            raise StorageError(
                f"cannot save to {self.path}: the file is damaged ({look.damage}); nothing was saved: "
                "qscore reads the games it still can from it, but will not write to it"
            )

    def mark(self, look: Look) -> None:
        """Mark a file an earlier qscore made as qscore's, inside the caller's write."""
        if not look.marked:
            look.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            look.marked = True

    def add_derived(self, look: Look) -> None:
        """Make the derived table and its triggers, inside the caller's write, unless there."""
        if not look.derived:
            for statement in _DERIVED:
                look.conn.execute(statement)
            look.derived = True

    @staticmethod
    def retire(look: Look) -> None:
        """Drop what an earlier release kept beside the log and this one does not
        (RETIRED: the triggers first, which name the tables), inside the caller's write."""
        for statement in look.retired:
            look.conn.execute(statement)
        look.retired = ()

    @contextmanager
    def writing(self, *, create: bool = False, wait_ms: int | None = None) -> Iterator[Look]:
        """A read-write look at a file identified as qscore's (the caller begins the write
        and runs ``refuse_damaged`` inside it); a lock another process holds is waited for
        up to ``wait_ms`` (BUSY_TIMEOUT_MS unless given). One connection does it all."""
        wait_ms = BUSY_TIMEOUT_MS if wait_ms is None else wait_ms
        with self.failures.explained(writing=True, waited_ms=wait_ms):
            if not self.exists():
                if not create:
                    raise UnknownGameError(*NO_GAMES)
                self._create_file()
            # opened read-write anyway, SQLite would make a read-only -shm beside it
            why = self.failures.read_only_part()
            if why:
                raise StorageError(f"cannot save to {self.path}: {why}; nothing was saved")
            conn = sqlite3.connect(self._uri("rw"), uri=True, timeout=wait_ms / 1000, isolation_level=None)
            try:
                look = self._identify(self._checked(conn))
                conn.execute("PRAGMA synchronous = FULL")
                yield look
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
        pending = nonempty(self.failures.wal)
        if not pending and not (writable(self.path) and writable(self.folder)):
            return self._checked(sqlite3.connect(immutable, uri=True, isolation_level=None))
        try:
            return self._checked(sqlite3.connect(self._uri("ro"), uri=True, isolation_level=None))
        except sqlite3.OperationalError as exc:
            cannot_share = error_code(exc).startswith(("SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_READONLY"))
            if cannot_share and not pending and self.failures.disk_full():
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

    def _identify(self, conn: sqlite3.Connection) -> Look:
        """Refuse anything but a whole qscore database of a schema this qscore reads."""
        if self.path.stat().st_size == 0 and not nonempty(self.failures.wal):
            raise StorageError(
                f"the saved games at {self.path} are an empty file (0 bytes, no games in it, and not "
                "made by qscore): qscore will not write over it; delete it to start afresh"
            )
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        application = conn.execute("PRAGMA application_id").fetchone()[0]
        schema = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchall())
        tables = set(schema)
        # qscore's database is made whole, never without these: nor with tables of other columns;
        # and it carries qscore's mark, or has the tables an earlier qscore made, word for word
        # (another program's file with tables of the same names and columns is not qscore's)
        if (
            version == 0
            or "games" not in tables
            or not self._columns_are_ours(conn, tables)
            or (application != APPLICATION_ID and not (application == 0 and self._as_released(schema)))
        ):
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
            raise self.failures.damaged(f"tables missing: {', '.join(sorted(_TABLES - tables))}")
        triggers = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
        derived = DERIVED in tables and triggers >= _TRIGGERS
        retired = (
            *(f"DROP TRIGGER {name}" for name in sorted(triggers) if name.startswith(tuple(f"{t}_" for t in RETIRED))),
            *(f"DROP TABLE {name}" for name in RETIRED if name in tables),
        )
        return Look(conn, derived, retired, marked=application == APPLICATION_ID)

    @staticmethod
    def _as_released(schema: dict[str, str]) -> bool:
        """Whether the file's tables are those an earlier qscore made: its games and entries
        as every release wrote them, and none but qscore's derived tables besides."""
        others = {name for name in schema if not name.startswith("sqlite_")} - {*_RELEASED, DERIVED, *RETIRED}
        return not others and all(schema.get(name) == sql for name, sql in _RELEASED.items())

    @staticmethod
    def _columns_are_ours(conn: sqlite3.Connection, tables: set[str]) -> bool:
        """Whether qscore's tables that are there have qscore's columns (another program's may share a name)."""
        for table in _TABLES & tables:
            have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
            if not have >= _COLUMNS[table]:
                return False
        return True

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
                conn.executescript(
                    f"BEGIN; {_SCHEMA} {';'.join(_DERIVED)}; PRAGMA user_version = {SCHEMA_VERSION}; "
                    f"PRAGMA application_id = {APPLICATION_ID}; COMMIT;"
                )
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


class Follower:
    """The games file followed: ``version()`` is cheap (one PRAGMA on a read-only
    connection kept open: no game read, nothing written) and differs from every value it
    gave before once any commit to the file can be read, so a game read after a version
    was taken holds every entry that version counts, and a later entry changes the version.

    The connection is opened again when the file itself changes (another file linked into
    its place, or written over: a checkpoint, damage), each opening counted into the version.
    A file it cannot open (not there, not a file, not SQLite's, a lock) is followed by its
    size, time and inode and its log's until it can: such a file cannot be read either."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None
        self._opened: tuple[int, ...] = ()  # the file's identity, size and time when the connection opened
        self._openings = 0
        self._lock = threading.Lock()  # one connection, asked from any thread

    def version(self) -> Hashable:
        with self._lock:
            seen = _stat_of(self.path)
            if self._conn is not None and seen != self._opened:
                self._drop()
            if self._conn is None and seen and stat.S_ISREG(seen[0]):
                try:
                    self._conn = sqlite3.connect(
                        f"{self.path.resolve().as_uri()}?mode=ro",
                        uri=True,
                        timeout=0,  # asked between a page's requests: a lock is waited for by the read, not here
                        isolation_level=None,
                        check_same_thread=False,
                    )
                except sqlite3.Error:
                    self._conn = None
                else:
                    self._opened, self._openings = seen, self._openings + 1
            if self._conn is not None:
                try:
                    return self._openings, self._conn.execute("PRAGMA data_version").fetchone()[0]
                except sqlite3.Error:
                    self._drop()
            return "unfollowed", seen, _stat_of(Path(f"{self.path}-wal"))

    def close(self) -> None:
        with self._lock:
            self._drop()

    def _drop(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def _stat_of(path: Path) -> tuple[int, ...]:
    """The file's kind, device, inode, size and time of change; () if there is none."""
    try:
        s = os.stat(path)
    except OSError:
        return ()
    return s.st_mode, s.st_dev, s.st_ino, s.st_size, s.st_mtime_ns
