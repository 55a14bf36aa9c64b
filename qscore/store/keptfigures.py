"""What is kept beside the log: each game's summary, its figures for `games` and `stats`
(worked out by the application layer: this module stores and reads them back).

A game's summary is plain data the caller makes (the application layer works it out
from the log this module hands it: nothing here calls back). It is keyed by the log's
last sequence number, a digest of the log and the summary's format version, with a
checksum of the row; it is written with each entry, made again from the log when
missing, stale, damaged or of another version, and never trusted over the log.

The summary is text this module does not read (the caller's format, of its version).
The row's checksum is a CRC-32 of its fields: it finds a damaged row, where the log's
own digest (SHA-256, checked whenever a log is read) is what holds a summary to its log;
at 2,000 games a SHA-256 of each row cost a read about 140 M instructions, the CRC 5 M.
A row an earlier qscore wrote with a SHA-256 in place of the CRC is of a figures version
before 4, which nothing carries over (gamelines.MISSED_SINCE): it is read as no row, and
its game's log is read, checked and summed up again as one with none kept.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from qscore.errors import QscoreError, StorageError
from qscore.store.gamelog import (
    SHARED_ID,
    KeptSummary,
    LogReader,
    UnreadableGame,
    kept_row,
    name_text,
    shared_ids,
    shown,
)

if TYPE_CHECKING:
    from qscore.game.entries import LogLine
    from qscore.store.gamesfile import GamesFile, Look

READ_FROM_THE_TABLE_BEYOND = 8  # games to read without a kept summary: past this, in one pass
KEEP_WAIT_MS = 250  # a read keeps its summaries only if no writer holds the file longer
_LAST = "(SELECT max(seq) FROM entries e WHERE e.game_id = g.id)"  # a game's last entry, through the index


class Summarized(NamedTuple):
    """A saved game as `games` and `stats` list it: its name and its summary (text)."""

    name: str
    data: str


class Pending(NamedTuple):
    """A game whose summary the caller is to make (none kept is fresh): its log, read
    checked, and the summary kept of it if one of this version is (parts of it may carry
    over); ``earlier``, a summary of another version kept of this very log (its version
    and data: what the caller knows of that version may carry over too)."""

    name: str
    entries: list[LogLine]
    kept: str | None
    game_id: int
    digest: str
    earlier: tuple[int, str] | None = None


class Taker(Protocol):
    """What a read hands each pending game as it reads its log, to work out while the
    rest are read: told first how many logs at most it will read."""

    def expect(self, total: int) -> None: ...

    def take(self, item: Pending) -> None: ...


class Listed(NamedTuple):
    """What a read of every game's summary found: every game, oldest first, as a summary,
    a game whose log cannot be read, or a game whose summary the caller makes
    (``Pending``); ``damage``: what SQLite's check of the file found, if anything."""

    version: int
    found: list[Summarized | UnreadableGame | Pending]
    damage: str | None


class KeptFigures:
    """The summaries kept in ``file``, read with ``log`` and written in
    ``transaction`` (the store's: what it commits is recorded there)."""

    def __init__(
        self,
        file: GamesFile,
        log: LogReader,
        transaction: Callable[[Look, list[Any]], AbstractContextManager[None]],
    ) -> None:
        self.file = file
        self.log = log
        self.transaction = transaction

    def look_up(self, version: int, wanting: Callable[[str], bool] | None = None, taker: Taker | None = None) -> Listed:
        """Every game's summary: read from the kept ones where they are fresh (of
        ``version``, made from the log as it stands, and ``wanting`` what it holds, if given);
        the others come back ``Pending``, their logs read (``taker`` handed each as it is
        read), for the caller to make and hand to ``keep``. A game whose log cannot be read
        is named, not fatal."""
        if not self.file.exists():
            return Listed(version, [], None)
        with self.file.reading() as look:
            return self._summarized(look, version, wanting, taker)

    def _summarized(
        self, look: Look, version: int, wanting: Callable[[str], bool] | None, taker: Taker | None
    ) -> Listed:
        found: list[Summarized | UnreadableGame | Pending] = []
        listed = self._listed(look)
        shared = shared_ids(look.conn)
        pending = []
        for game_id, raw, last, kept in listed:
            try:
                name = name_text(raw)  # missing, not UTF-8, or holding a control character: named so
            except StorageError as exc:
                found.append(UnreadableGame(shown(raw), str(exc)))
                continue
            if game_id in shared:
                found.append(UnreadableGame(name, str(self.log.damaged_game(name, SHARED_ID))))
                continue
            data = kept.usable(version) if kept is not None and not look.damage else None
            fresh = data is not None and kept is not None and kept.last_seq == last
            if fresh and data is not None and (wanting is None or wanting(data)):
                found.append(Summarized(name, data))
                continue
            found.append(Summarized(name, ""))  # read below
            pending.append((len(found) - 1, game_id, name, kept))
        table = self.log.table_rows(look) if len(pending) > READ_FROM_THE_TABLE_BEYOND else None
        if taker is not None:
            taker.expect(len(pending))
        for slot, game_id, name, kept in pending:
            try:
                log, digest, kept = self.log.read(look, game_id, name, kept, table)
            except QscoreError as exc:
                found[slot] = UnreadableGame(name, str(exc))
                continue
            old = kept.usable(version) if kept is not None else None
            # the log was held to the row it read (its count and digest): the row is of this log
            earlier = None
            if kept is not None and kept.version != version and not look.damage:
                earlier = (kept.version, kept.data)
            found[slot] = item = Pending(name, log, old, game_id, digest.hexdigest(), earlier)
            if taker is not None:
                taker.take(item)
        return Listed(version, found, look.damage)

    def keep(self, listed: Listed, made: list[tuple[Pending, str]]) -> None:
        """Keep the summaries the caller ``made`` for a read's pending games, each only if
        its log is still as it was read. When the file cannot be written now, nothing is
        kept, and nothing fails."""
        keep = [(p.game_id, len(p.entries), p.digest, data) for p, data in made if data != p.kept]
        if not keep:
            return
        try:
            with self.file.writing(wait_ms=KEEP_WAIT_MS) as look, self.transaction(look, []):
                for game_id, last_seq, digest, data in keep:
                    now = look.conn.execute("SELECT max(seq) FROM entries WHERE game_id = ?", (game_id,)).fetchone()[0]
                    if now == last_seq:
                        self.put_summary(look, game_id, last_seq, listed.version, digest, data)
        except QscoreError:
            pass

    def _listed(self, look: Look) -> list[tuple[int, bytes, int | None, KeptSummary | None]]:
        """Each game: id, name as stored, last sequence number (through the index), kept summary."""
        conn = look.conn
        if look.derived:
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
            raise self.file.failures.damaged(str(exc)) from None
        return [(r[0], r[1], r[2], None) for r in rows]

    def kept_of(self, look: Look, game_id: int) -> KeptSummary | None:
        row = kept_row(look, "summaries", game_id) if look.derived else None
        return None if row is None else _kept(game_id, row)

    def put_summary(self, look: Look, game_id: int, last_seq: int, version: int, digest: Any, text: str) -> None:
        self.file.add_derived(look)
        hexdigest = digest if isinstance(digest, str) else digest.hexdigest()
        look.conn.execute(
            "INSERT OR REPLACE INTO summaries (game_id, last_seq, version, digest, data, checksum) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                game_id,
                last_seq,
                version,
                hexdigest,
                text,
                _checksum(game_id, last_seq, version, hexdigest, text.encode()),
            ),
        )


def _checksum(game_id: int, last_seq: int, version: int, digest: str, data: bytes) -> str:
    """A row's checksum: a CRC-32 of its fields."""
    row = f"{game_id}\0{last_seq}\0{version}\0{digest}\0".encode() + data
    return f"{zlib.crc32(row):08x}"


def _kept(game_id: int, row: tuple[Any, ...]) -> KeptSummary | None:
    """A summary row, if there is one and it is whole."""
    last_seq, version, digest, raw, checksum = row
    # what SQLite hands back is typed by its value: None, int, float, str or bytes
    if not (type(last_seq) is type(version) is int and type(digest) is type(checksum) is str and type(raw) is bytes):
        return None
    if checksum != _checksum(game_id, last_seq, version, digest, raw):
        return None
    try:
        return KeptSummary(last_seq, version, digest, raw.decode())
    except UnicodeDecodeError:
        return None
