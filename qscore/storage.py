"""Saved games: an append-only log of entries per game in one SQLite database.

Every write is one ``BEGIN IMMEDIATE`` transaction that reads the game, checks the new
entry against it, and appends it, so two terminals writing at once are serialised and
neither loses an entry; a crash mid-write leaves the database as it was before that
transaction (SQLite's write-ahead log, synchronous=FULL). Opening the file safely, and
telling its failures, is qscore.gamesfile's.

Beside each game's log a summary of it may be kept (its figures for `games` and
`stats`, worked out by the caller's function: this module stores, the core computes),
keyed by the log's last sequence number, a digest of the log and the summary's format
version. It is written with each entry, rebuilt from the log when missing, stale, damaged
or of another version, and never trusted over the log.

What is read is checked, so damage is never read as a smaller game: a game's entries
must run 1, 2, 3... with none missing or twice, and be UTF-8 JSON; where a summary is
kept the log must be the one it was made from (as many entries, the same digest: a byte
changed in an entry is found); where none is, or SQLite's check found the file damaged,
the entries are read from the table itself and counted through its index too, which
must agree. A game that fails is named (``Unreadable``, or a StorageError naming it) and
never written to; the other games still read.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from qscore import paths
from qscore.errors import QscoreError, StorageError, UnknownGameError
from qscore.gamesfile import NO_GAMES, GamesFile
from qscore.paths import printable

if TYPE_CHECKING:
    from qscore.scoresheet import Entry, Game, GameConfig

DB_NAME = "games.sqlite3"


# build(game) -> (kind, data) of the entry to append; raising leaves the game as it was
Builder = Callable[["Game"], tuple[str, dict[str, Any]]]
# the game's summary: derive(game, game before its last entry or None, the summary kept
# of that game (or of this one, when before is None), or None)
Deriver = Callable[["Game", "Game | None", dict[str, Any] | None], dict[str, Any]]
# fold(every game's summary or why it cannot be read) -> (a JSON value, whether it may be kept)
Fold = Callable[[list["Summarized | Unreadable"]], tuple[Any, bool]]
READ_FROM_THE_TABLE_BEYOND = 8  # games to read without a kept summary: past this, in one pass


@dataclass(frozen=True)
class Summary:
    """How a game's kept summary is made: the caller's function and the version of its format."""

    version: int
    derive: Deriver


@dataclass(frozen=True)
class Summarized:
    """A saved game as `games` and `stats` list it: its name and its summary (plain data)."""

    name: str
    data: dict[str, Any]


@dataclass(frozen=True)
class _Kept:
    """A summary row that passed its checksum; ``data`` its text."""

    last_seq: int
    version: int
    digest: str
    data: str
    checksum: str

    def usable(self, version: int) -> dict[str, Any] | None:
        """Its data, if of this version and whole."""
        if self.version != version:
            return None
        try:
            found = json.loads(self.data)
        except json.JSONDecodeError:
            return None
        return found if isinstance(found, dict) else None


def _checksum(game_id: int, last_seq: int, version: int, digest: str, data: str) -> str:
    return _sha256(f"{game_id}\0{last_seq}\0{version}\0{digest}\0{data}".encode()).hexdigest()


def game_name(name: str) -> str:
    """A game's name as typed, trimmed; one line of printable text, since errors quote it."""
    name = name.strip()
    if not name:
        raise StorageError("a game's name cannot be empty")
    if not name.isprintable():
        raise StorageError(f"a game's name is one line of printable text, not {name!r}")
    return name


@dataclass(frozen=True)
class _Listing:
    """What a read made of every game's summary, to keep under ``kind``: the file's
    fingerprint and summaries (game, last entry, checksum) it was made from."""

    kind: str
    fingerprint: str
    summaries: list[tuple[int, int, str]]
    value: Any


@dataclass(frozen=True)
class Written:
    """One change a store committed: an entry appended to a game (``entry``), or the game
    renamed or deleted (``entry`` None; ``game`` is its new name after a rename)."""

    game: str
    entry: Entry | None
    change: str = "entry"  # "entry", "renamed" or "deleted"
    old_name: str | None = None  # the name a renamed game had


@dataclass(frozen=True)
class Unreadable:
    """A saved game whose log cannot be replayed; the other games still list."""

    name: str
    reason: str


class GameStore:
    """The saved-games database: ``$QSCORE_HOME/games.sqlite3`` or the user data folder."""

    def __init__(self, path: Path | None = None) -> None:
        self.file = GamesFile(path or paths.data_dir() / DB_NAME)
        self.written: list[Written] = []  # what this store committed, oldest first

    @property
    def path(self) -> Path:
        return self.file.path

    @contextmanager
    def _transaction(self, conn: sqlite3.Connection, entries: list[Written]) -> Iterator[None]:
        """One write; ``entries`` (the changes it makes, filled in as they are made) count as
        written once (and only once) the commit went through.

        Ctrl-C may land anywhere in here: after the COMMIT returned, the changes are
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

    def create(self, config: GameConfig, name: str | None = None, summary: Summary | None = None) -> Game:
        """Start a game (its settings checked already: qscore.rules.check_config); without a
        name it is called after today's date."""
        from qscore.scoresheet import Entry, Game

        if name is not None:
            name = game_name(name)
        entries: list[Written] = []
        with self.file.writing(create=True) as conn, self._transaction(conn, entries):
            taken = {row[0] for row in conn.execute("SELECT name FROM games")}
            if name is None:
                name = _free_name(date.today().isoformat(), taken)
            else:
                _refuse_taken(name, taken)
            cur = conn.execute("INSERT INTO games (name) VALUES (?)", (name,))
            game_id = int(cur.lastrowid or 0)
            created = Entry(1, "created", config.to_json())
            entries.append(Written(name, created))
            digest = _digest_add(_sha256(), created.seq, created.kind, self._insert(conn, game_id, created))
            game = Game(name, [created])
            if summary is not None:
                self._put_summary(conn, game_id, 1, summary, digest, summary.derive(game, None, None))
        return game

    def check_free(self, name: str) -> None:
        """Refuse a new game's name that a saved game has already (in any case), before the
        table answers anything else; ``create`` checks again as it writes."""
        if self.file.exists():
            _refuse_taken(game_name(name), set(self.names()))

    def load(self, name: str | None = None) -> Game:
        from qscore.scoresheet import Game

        with self.file.reading() as conn:
            game_id, found = self._resolve(conn, name)
            return Game(found, self._read_log(conn, game_id, found)[0])

    def append(
        self, build: Builder, name: str | None = None, summary: Summary | None = None
    ) -> tuple[Game, Entry, Game]:
        """Check and append one entry in one transaction: (game before, entry, game after);
        the game's summary, if asked for, is kept in the same transaction."""
        from qscore.scoresheet import Entry, Game

        entries: list[Written] = []
        with self.file.writing() as conn, self._transaction(conn, entries):
            game_id, found = self._resolve(conn, name)
            log, digest, kept = self._read_log(conn, game_id, found)
            before = Game(found, log)
            kind, data = build(before)
            entry = Entry(before.entries[-1].seq + 1, kind, data)
            entries.append(Written(found, entry))
            text = self._insert(conn, game_id, entry)
            after = Game(found, [*before.entries, entry])
            if summary is not None:
                old = kept.usable(summary.version) if kept is not None else None
                new = summary.derive(after, before, old)
                self._put_summary(conn, game_id, entry.seq, summary, _digest_add(digest, entry.seq, kind, text), new)
        return before, entry, after

    def games(self) -> list[Game | Unreadable]:
        """Every saved game, oldest first; a game whose log cannot be read is named, not fatal."""
        from qscore.scoresheet import Game

        if not self.file.exists():
            return []
        found: list[Game | Unreadable] = []
        with self.file.reading() as conn:
            for game_id, raw in conn.execute("SELECT id, CAST(name AS BLOB) FROM games ORDER BY id").fetchall():
                try:
                    name = _text(raw, "its name")
                    found.append(Game(name, self._read_log(conn, game_id, name)[0]))
                except QscoreError as exc:
                    found.append(Unreadable(_shown(raw), str(exc)))
        return found

    def listing(self, kind: str, summary: Summary, needs: Callable[[dict[str, Any]], bool], fold: Fold) -> Any:
        """What ``fold`` makes of every saved game's summary, oldest first.

        Summaries are read from the kept ones where they are fresh (of this version, made
        from the log as it stands, and not wanting what ``needs`` says they lack); the
        others are made from their logs, and kept if they can be (a read-only file, a lock
        held by a writer or a damaged file keep nothing: that is for another time). A game
        whose log cannot be read is named, not fatal.

        What ``fold`` made is kept beside them under ``kind``, and read back while the
        file's fingerprint (every game's id, name and last entry through the index, and
        ``summary.version``) is the one it was made under; any other change to an entry
        or a summary drops the kept listings (triggers in the file). It is kept only
        when every game read whole, from a file SQLite's check found whole, and ``fold``
        says it may be. On a hit a file larger than CHECK_FULLY_UP_TO is not checked by
        SQLite (what is shown is what a checked read made of the same rows); a smaller
        one is, and damage it finds is a miss."""
        if not self.file.exists():
            return fold([])[0]
        with self.file.reading(check_large=False) as conn:
            if self.file.listings and not self.file.damage:
                try:
                    fingerprint = _fingerprint(kind, summary.version, self._fingerprint_rows(conn))
                except sqlite3.DatabaseError:
                    fingerprint = None  # damage: the summaries are read, and say what it is
                kept = self._listing_of(conn, kind, fingerprint) if fingerprint else None
                if kept is not None:
                    return kept
            if not self.file.checked:
                self.file.check(conn)
            found, keep, made = self._summarized(conn, summary, needs)
            damage = self.file.damage
        value, keepable = fold(found)
        if keepable and made is not None and not damage and self.file.derived:
            rows, sums = made
            self._keep(summary, keep, _Listing(kind, _fingerprint(kind, summary.version, rows), sums, value))
        elif keep:
            self._keep(summary, keep)
        return value

    def _summarized(
        self, conn: sqlite3.Connection, summary: Summary, needs: Callable[[dict[str, Any]], bool]
    ) -> tuple[
        list[Summarized | Unreadable], list[tuple[int, int, str, dict[str, Any]]], tuple[list[Any], list[Any]] | None
    ]:
        """Every game's summary, the ones made here to keep, and what the file will hold
        once they are kept: the rows of its fingerprint, and each summary's game, last
        entry and checksum (None: a game did not read whole, or a summary made here is
        not kept, so it would be made again: no listing is to be kept)."""
        from qscore.scoresheet import Game

        found: list[Summarized | Unreadable] = []
        keep: list[tuple[int, int, str, dict[str, Any]]] = []
        listed = self._listed(conn)
        pending = []
        for game_id, raw, last, kept in listed:
            name = _text(raw, "") if _utf8(raw) else None
            if name is None:
                found.append(Unreadable(_shown(raw), "its name is not UTF-8 text"))
                continue
            data = kept.usable(summary.version) if kept is not None and not self.file.damage else None
            if data is not None and kept is not None and kept.last_seq == last and not needs(data):
                found.append(Summarized(name, data))
                continue
            found.append(Summarized(name, {}))  # made below
            pending.append((len(found) - 1, game_id, name, kept))
        whole = True
        sums = {game_id: (game_id, kept.last_seq, kept.checksum) for game_id, _, _, kept in listed if kept is not None}
        table = self._table_rows(conn) if len(pending) > READ_FROM_THE_TABLE_BEYOND else None
        for slot, game_id, name, kept in pending:
            try:
                log, digest, kept = self._read_log(conn, game_id, name, kept, table)
                old = kept.usable(summary.version) if kept is not None else None
                data = summary.derive(Game(name, log), None, old)
            except QscoreError as exc:
                found[slot] = Unreadable(name, str(exc))
                continue
            found[slot] = Summarized(name, data)
            if data != old:
                hexdigest = digest.hexdigest()
                keep.append((game_id, len(log), hexdigest, data))
                text = json.dumps(data, sort_keys=True)
                sums[game_id] = (game_id, len(log), _checksum(game_id, len(log), summary.version, hexdigest, text))
            else:
                whole = False  # a summary that stays as it was is made again next time
        whole = whole and not any(isinstance(f, Unreadable) for f in found)
        if not whole:
            return found, keep, None
        return found, keep, ([(game_id, raw, last) for game_id, raw, last, _ in listed], sorted(sums.values()))

    def rename(self, old: str, new: str) -> str:
        """Give a saved game a new name; names differ in more than case. Returns the old name."""
        new = game_name(new)
        done: list[Written] = []
        with self.file.writing() as conn, self._transaction(conn, done):
            game_id, found = self._resolve(conn, old)
            clash = conn.execute(
                "SELECT name FROM games WHERE lower(name) = lower(?) AND id != ?", (new, game_id)
            ).fetchone()
            if clash is not None:
                raise StorageError(f"a game named {clash[0]!r} exists already: choose another name")
            if new == found:
                raise StorageError(f"game {found!r} has that name already")
            conn.execute("UPDATE games SET name = ? WHERE id = ?", (new, game_id))
            done.append(Written(new, None, "renamed", found))
        return found

    def delete(self, name: str) -> str:
        """Remove a saved game and its whole log (readable or not); returns its name."""
        done: list[Written] = []
        with self.file.writing() as conn, self._transaction(conn, done):
            game_id, found = self._resolve(conn, name)
            conn.execute("DELETE FROM entries WHERE game_id = ?", (game_id,))
            conn.execute("DELETE FROM games WHERE id = ?", (game_id,))  # its summary goes too (a trigger)
            done.append(Written(found, None, "deleted"))
        return found

    def names(self) -> list[str]:
        """The saved games' names, oldest first, without reading their logs (for completion);
        a name that is not UTF-8 text is left out."""
        if not self.file.exists():
            return []
        with self.file.reading() as conn:
            rows = conn.execute("SELECT CAST(name AS BLOB) FROM games ORDER BY id")
            return [_text(raw, "") for (raw,) in rows if _utf8(raw)]

    # --- rows ----------------------------------------------------------------

    def _resolve(self, conn: sqlite3.Connection, name: str | None) -> tuple[int, str]:
        # by the table, not its index of names: a damaged index must not hide a game
        if name is None:
            row = conn.execute("SELECT id, CAST(name AS BLOB) FROM games ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                raise UnknownGameError(NO_GAMES)
        else:
            row = conn.execute(
                "SELECT id, CAST(name AS BLOB) FROM games NOT INDEXED WHERE name = ?", (name,)
            ).fetchone()
            if row is None:
                known = [_shown(r[0]) for r in conn.execute("SELECT CAST(name AS BLOB) FROM games ORDER BY id")]
                raise UnknownGameError(f"no game named {name!r}: saved games are {', '.join(known) or 'none'}")
        return row[0], _text(row[1], "its name")

    def _listed(self, conn: sqlite3.Connection) -> list[tuple[int, bytes, int | None, _Kept | None]]:
        """Each game: id, name as stored, last sequence number (through the index), kept summary."""
        if self.file.derived:
            try:
                rows = conn.execute(
                    f"SELECT g.id, CAST(g.name AS BLOB), {_LAST}, s.last_seq, s.version, s.digest, "
                    "CAST(s.data AS BLOB), s.checksum FROM games g LEFT JOIN summaries s ON s.game_id = g.id "
                    "ORDER BY g.id"
                ).fetchall()
                return [(r[0], r[1], r[2], _kept(r[0], r[3:])) for r in rows]
            except sqlite3.DatabaseError:
                pass  # the derived table is damaged: the logs are read instead
        try:
            rows = conn.execute(f"SELECT g.id, CAST(g.name AS BLOB), {_LAST} FROM games g ORDER BY g.id").fetchall()
        except sqlite3.DatabaseError as exc:
            raise self.file.damaged(str(exc)) from None
        return [(r[0], r[1], r[2], None) for r in rows]

    @staticmethod
    def _fingerprint_rows(conn: sqlite3.Connection) -> list[Any]:
        """Each game's id, name as stored and last sequence number through the index: what
        a listing is kept under (the summaries are not read: a change to one drops the
        listings, by trigger; reading them would cost as much as the rest of the listing)."""
        return conn.execute(f"SELECT g.id, CAST(g.name AS BLOB), {_LAST} FROM games g ORDER BY g.id").fetchall()

    def _listing_of(self, conn: sqlite3.Connection, kind: str, fingerprint: str) -> Any:
        """The listing kept under ``kind`` if it was made under ``fingerprint`` and is whole; else None."""
        try:
            row = conn.execute(
                "SELECT fingerprint, CAST(data AS BLOB), checksum FROM listings WHERE kind = ?", (kind,)
            ).fetchone()
        except sqlite3.DatabaseError:
            return None  # a damaged listing is none: the summaries are read
        if row is None or row[0] != fingerprint or not _utf8(row[1]):
            return None
        text = row[1].decode()
        if row[2] != _listing_checksum(kind, fingerprint, text):
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return None

    def _kept_of(self, conn: sqlite3.Connection, game_id: int) -> _Kept | None:
        if not self.file.derived:
            return None
        try:
            row = conn.execute(
                "SELECT last_seq, version, digest, CAST(data AS BLOB), checksum FROM summaries WHERE game_id = ?",
                (game_id,),
            ).fetchone()
        except sqlite3.DatabaseError:
            return None  # a damaged summary is no summary: the log is checked without it
        return None if row is None else _kept(game_id, row)

    def _table_rows(self, conn: sqlite3.Connection) -> dict[int, list[tuple[Any, Any, Any]]]:
        """Every entry, read from the table itself in one pass, by game."""
        found: dict[int, list[tuple[Any, Any, Any]]] = {}
        try:
            rows = conn.execute("SELECT game_id, seq, CAST(kind AS BLOB), CAST(data AS BLOB) FROM entries NOT INDEXED")
            for game_id, seq, kind, data in rows:
                found.setdefault(game_id, []).append((seq, kind, data))
        except sqlite3.DatabaseError as exc:
            raise self.file.damaged(str(exc)) from None
        return found

    def _read_log(
        self,
        conn: sqlite3.Connection,
        game_id: int,
        name: str,
        kept: _Kept | None = None,
        table: dict[int, list[tuple[Any, Any, Any]]] | None = None,
    ) -> tuple[list[Entry], Any, _Kept | None]:
        """A game's log, checked: (entries, digest of the rows as stored, kept summary)."""
        from qscore.scoresheet import Entry

        kept = kept or self._kept_of(conn, game_id)
        try:
            if kept is not None and not self.file.damage:
                query = "SELECT seq, CAST(kind AS BLOB), CAST(data AS BLOB) FROM entries WHERE game_id = ? ORDER BY seq"
                rows = conn.execute(query, (game_id,)).fetchall()
                counted = len(rows)
            else:  # no summary to hold the log to: read the table itself, and count through the index
                if table is not None:
                    rows = table.get(game_id, [])
                else:
                    query = (
                        "SELECT seq, CAST(kind AS BLOB), CAST(data AS BLOB) FROM entries NOT INDEXED WHERE game_id = ?"
                    )
                    rows = conn.execute(query, (game_id,)).fetchall()
                rows = sorted(rows, key=lambda r: r[0] if isinstance(r[0], int) else -1)
                counted = conn.execute("SELECT count(*) FROM entries WHERE game_id = ?", (game_id,)).fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise self._damaged_game(name, str(exc)) from None
        if counted != len(rows):
            raise self._damaged_game(name, f"{len(rows)} entries in its table, {counted} in the index")
        entries = []
        digest = _sha256()
        for number, (seq, kind, data) in enumerate(rows, 1):
            if seq != number or not isinstance(seq, int):
                gap = (
                    f"entry {number} is missing"
                    if isinstance(seq, int) and seq > number
                    else f"entry {seq!r} is out of place"
                )
                raise self._damaged_game(name, gap)
            try:
                kind_text, data_text = _text(kind, "kind"), _text(data, "data")
                value = json.loads(data_text)
            except (QscoreError, json.JSONDecodeError):
                raise self._damaged_game(name, f"entry {seq} is not UTF-8 JSON") from None
            if not isinstance(value, dict):
                raise self._damaged_game(name, f"entry {seq} is not a JSON object")
            _digest_add(digest, seq, kind_text, data_text)
            entries.append(Entry(seq, kind_text, value))
        if kept is not None:
            if kept.last_seq != len(entries):
                raise self._damaged_game(name, f"{len(entries)} entries read, {kept.last_seq} saved")
            if kept.digest != digest.hexdigest():
                raise self._damaged_game(name, "an entry's bytes changed since qscore saved it")
        return entries, digest, kept

    def _damaged_game(self, name: str, detail: str) -> StorageError:
        return StorageError(
            f"game {name!r} is damaged in {self.path} ({detail}): qscore will not change it; the other games still read"
        )

    def _insert(self, conn: sqlite3.Connection, game_id: int | None, entry: Entry) -> str:
        text = json.dumps(entry.data, sort_keys=True)
        conn.execute(
            "INSERT INTO entries (game_id, seq, kind, data) VALUES (?, ?, ?, ?)",
            (game_id, entry.seq, entry.kind, text),
        )
        return text

    def _put_summary(
        self, conn: sqlite3.Connection, game_id: int, last_seq: int, summary: Summary, digest: Any, data: dict[str, Any]
    ) -> None:
        self.file.add_derived(conn)
        hexdigest = digest if isinstance(digest, str) else digest.hexdigest()
        text = json.dumps(data, sort_keys=True)
        conn.execute(
            "INSERT OR REPLACE INTO summaries (game_id, last_seq, version, digest, data, checksum) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                game_id,
                last_seq,
                summary.version,
                hexdigest,
                text,
                _checksum(game_id, last_seq, summary.version, hexdigest, text),
            ),
        )

    def _keep(
        self,
        summary: Summary,
        rows: list[tuple[int, int, str, dict[str, Any]]],
        listing: _Listing | None = None,
    ) -> None:
        """Keep summaries made by a read, each only if its log is still as it was read, and
        a listing made from them only if the file then holds what it was made from (the
        same fingerprint and summaries: no other program changed them meanwhile); when the
        file cannot be written now, nothing is kept, and nothing fails."""
        try:
            with self.file.writing(wait_ms=KEEP_WAIT_MS) as conn, self._transaction(conn, []):
                for game_id, last_seq, digest, data in rows:
                    now = conn.execute("SELECT max(seq) FROM entries WHERE game_id = ?", (game_id,)).fetchone()[0]
                    if now == last_seq:
                        self._put_summary(conn, game_id, last_seq, summary, digest, data)
                if listing is None:
                    return
                self.file.add_derived(conn)
                kind, fingerprint = listing.kind, listing.fingerprint
                sums = conn.execute("SELECT game_id, last_seq, checksum FROM summaries ORDER BY game_id").fetchall()
                if _fingerprint(kind, summary.version, self._fingerprint_rows(conn)) == fingerprint and (
                    sums == listing.summaries
                ):
                    text = json.dumps(listing.value, separators=(",", ":"))
                    conn.execute(
                        "INSERT OR REPLACE INTO listings (kind, fingerprint, data, checksum) VALUES (?, ?, ?, ?)",
                        (kind, fingerprint, text, _listing_checksum(kind, fingerprint, text)),
                    )
        except QscoreError:
            pass


KEEP_WAIT_MS = 250  # a read keeps its summaries only if no writer holds the file longer
_LAST = "(SELECT max(seq) FROM entries e WHERE e.game_id = g.id)"  # a game's last entry, through the index


def _fingerprint(kind: str, version: int, rows: list[Any]) -> str:
    """The fingerprint a listing is kept under: its rows written out in full, and compared
    so, not a hash of them (hashlib's import alone costs more than the comparison)."""
    return repr((kind, version, [tuple(r) for r in rows]))


def _listing_checksum(kind: str, fingerprint: str, data: str) -> str:
    # CRC-32 finds every change of up to 4 bytes in the row, as a flipped byte is
    return format(zlib.crc32("\0".join((kind, fingerprint, data)).encode()), "08x")


def _sha256(data: bytes = b"") -> Any:
    import hashlib  # its import costs as much as a listing's read: only made where used

    return hashlib.sha256(data)


def _digest_add(digest: Any, seq: int, kind: str, data: str) -> Any:
    digest.update(f"{seq}\0{kind}\0{data}\0".encode())
    return digest


def _kept(game_id: int, row: tuple[Any, ...]) -> _Kept | None:
    """A summary row, if there is one and it is whole."""
    last_seq, version, digest, raw, checksum = row
    if last_seq is None or not isinstance(raw, bytes) or not _utf8(raw):
        return None
    data = raw.decode()
    if not (isinstance(last_seq, int) and isinstance(version, int) and isinstance(digest, str)):
        return None
    if checksum != _checksum(game_id, last_seq, version, digest, data):
        return None
    return _Kept(last_seq, version, digest, data, checksum)


def _utf8(raw: Any) -> bool:
    try:
        raw.decode("utf-8")
    except (UnicodeDecodeError, AttributeError):
        return False
    return True


def _text(raw: Any, what: str) -> str:
    """A column read as bytes, as text; not UTF-8 is an error naming ``what``."""
    if isinstance(raw, str):
        return raw
    try:
        return bytes(raw).decode("utf-8")
    except (UnicodeDecodeError, TypeError):
        raise StorageError(f"{what} is not UTF-8 text") from None


def _shown(raw: Any) -> str:
    """A name as stored, shown safely even when it is not UTF-8 text."""
    if isinstance(raw, bytes):
        return printable(raw.decode("utf-8", errors="backslashreplace"))
    return printable(str(raw))


def _refuse_taken(name: str, taken: set[str]) -> None:
    clash = next((t for t in taken if t.lower() == name.lower()), None)
    if clash is not None:
        raise StorageError(f"a game named {clash!r} exists already: choose another --game name")


def _free_name(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"
