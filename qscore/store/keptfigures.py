"""What is kept beside the log: each game's summary (its figures for `games` and `stats`,
worked out by the application layer: this module stores and reads them back) and the
listings of the whole file made from them.

A game's summary is plain data the caller makes (the application layer works it out
from the log this module hands it: nothing here calls back). It is keyed by the log's
last sequence number, a digest of the log and the summary's format version; it is
written with each entry, made again from the log when missing, stale, damaged or of
another version, and never trusted over the log. A listing
(what `games` or `stats` made of every summary) is kept under the file's fingerprint and
read back while that fingerprint holds; triggers in the file drop the listings whenever an
entry or a summary changes (docs/design.md, "Kept listings").

What a read hands back is named tuples, not dataclasses: every command that reads a game
loads this module, and a frozen dataclass compiles six methods as it loads (3.4 M
instructions a class) where a named tuple compiles one.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from qscore.errors import QscoreError, StorageError
from qscore.store.gamelog import (
    SHARED_ID,
    Kept,
    LogReader,
    Unreadable,
    kept_row,
    name_text,
    sha256,
    shared_ids,
    shown,
    utf8,
)

if TYPE_CHECKING:
    from qscore.game.entries import LogLine
    from qscore.store.gamesfile import GamesFile, Look

READ_FROM_THE_TABLE_BEYOND = 8  # games to read without a kept summary: past this, in one pass
KEEP_WAIT_MS = 250  # a read keeps its summaries only if no writer holds the file longer
_LAST = "(SELECT max(seq) FROM entries e WHERE e.game_id = g.id)"  # a game's last entry, through the index


class Summarized(NamedTuple):
    """A saved game as `games` and `stats` list it: its name and its summary (plain data)."""

    name: str
    data: dict[str, Any]


class Pending(NamedTuple):
    """A game whose summary the caller is to make (none kept is fresh): its log, read
    checked, and the summary kept of it if one of this version is (parts of it may carry
    over); ``earlier``, a summary of another version kept of this very log (its version
    and data: what the caller knows of that version may carry over too)."""

    name: str
    entries: list[LogLine]
    kept: dict[str, Any] | None
    game_id: int
    digest: str
    earlier: tuple[int, dict[str, Any]] | None = None


class Taker(Protocol):
    """What a read hands each pending game as it reads its log, to work out while the
    rest are read: told first how many logs at most it will read."""

    def expect(self, total: int) -> None: ...

    def take(self, item: Pending) -> None: ...


class Listed(NamedTuple):
    """What a read found for a listing of ``kind``: on a hit, the ``value`` kept under the
    file's fingerprint; otherwise every game, oldest first, as a summary, a game whose log
    cannot be read, or a game whose summary the caller makes (``Pending``). ``damage``:
    what SQLite's check of the file found, if anything."""

    kind: str
    version: int
    hit: bool
    value: Any
    found: list[Summarized | Unreadable | Pending]
    damage: str | None
    derived: bool = False  # the file held the derived tables when read
    rows: list[Any] | None = None  # the fingerprint's rows as read (None: the read was not whole)
    sums: dict[int, tuple[int, int, str]] | None = None  # each kept summary's game, last entry, checksum


class Listing(NamedTuple):
    """What a read made of every game's summary, to keep under ``kind``: the file's
    fingerprint and summaries (game, last entry, checksum) it was made from."""

    kind: str
    fingerprint: str
    summaries: list[tuple[int, int, str]]
    value: Any


class KeptFigures:
    """The summaries and listings kept in ``file``, read with ``log`` and written in
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

    def look_up(self, kind: str, version: int, wanting: str | None = None, taker: Taker | None = None) -> Listed:
        """What a listing of ``kind`` reads: the kept one, or every game's summary.

        Summaries are read from the kept ones where they are fresh (of ``version``, made
        from the log as it stands, and holding a value at ``wanting``); the others come
        back ``Pending``, their logs read, for the caller to make and hand to ``keep``. A
        game whose log cannot be read is named, not fatal.

        A listing is read back while the file's fingerprint (every game's id, name and
        last entry through the index, and ``version``) is the one it was made under; any
        other change to an entry or a summary drops the kept listings (triggers in the
        file). On a hit a file larger than CHECK_FULLY_UP_TO is not checked by SQLite
        (what is shown is what a checked read made of the same rows); a smaller one is,
        and damage it finds is a miss."""
        if not self.file.exists():
            return Listed(kind, version, False, None, [], None)
        with self.file.reading(check_large=False) as look:
            if look.listings and not look.damage:
                try:
                    fingerprint = _fingerprint(kind, version, self._fingerprint_rows(look))
                except sqlite3.DatabaseError:
                    fingerprint = None  # damage: the summaries are read, and say what it is
                kept = self._listing_of(look, kind, fingerprint) if fingerprint else None
                if kept is not None:
                    return Listed(kind, version, True, kept, [], None)
            if not look.checked:
                self.file.check(look)
            return self._summarized(look, kind, version, wanting, taker)

    def _summarized(self, look: Look, kind: str, version: int, wanting: str | None, taker: Taker | None) -> Listed:
        """Every game's summary where one is kept fresh, the others' logs read for the
        caller to make them (``taker`` handed each as it is read), and what a listing
        would be kept under."""
        found: list[Summarized | Unreadable | Pending] = []
        listed = self._listed(look)
        shared = shared_ids(look.conn)
        pending = []
        for game_id, raw, last, kept in listed:
            try:
                name = name_text(raw)  # missing, not UTF-8, or holding a control character: named so
            except StorageError as exc:
                found.append(Unreadable(shown(raw), str(exc)))
                continue
            if game_id in shared:
                found.append(Unreadable(name, str(self.log.damaged_game(name, SHARED_ID))))
                continue
            data = kept.usable(version) if kept is not None and not look.damage else None
            fresh = data is not None and kept is not None and kept.last_seq == last
            if fresh and data is not None and (wanting is None or data.get(wanting) is not None):
                found.append(Summarized(name, data))
                continue
            found.append(Summarized(name, {}))  # read below
            pending.append((len(found) - 1, game_id, name, kept))
        sums = {game_id: (game_id, kept.last_seq, kept.checksum) for game_id, _, _, kept in listed if kept is not None}
        table = self.log.table_rows(look) if len(pending) > READ_FROM_THE_TABLE_BEYOND else None
        if taker is not None:
            taker.expect(len(pending))
        for slot, game_id, name, kept in pending:
            try:
                log, digest, kept = self.log.read(look, game_id, name, kept, table)
            except QscoreError as exc:
                found[slot] = Unreadable(name, str(exc))
                continue
            old = kept.usable(version) if kept is not None else None
            # the log was held to the row it read (its count and digest): the row is of this log
            earlier = None
            if kept is not None and kept.version != version and not look.damage:
                data = kept.parsed()
                earlier = None if data is None else (kept.version, data)
            found[slot] = item = Pending(name, log, old, game_id, digest.hexdigest(), earlier)
            if taker is not None:
                taker.take(item)
        rows = [(game_id, raw, last) for game_id, raw, last, _ in listed]
        return Listed(kind, version, False, None, found, look.damage, look.derived, rows, sums)

    def keep(self, listed: Listed, made: list[tuple[Pending, dict[str, Any]]], value: Any = None) -> None:
        """Keep the summaries the caller ``made`` for a read's pending games (each only if
        its log is still as it was read) and, unless ``value`` is None, that listing under
        the fingerprint the read found: only when every game read whole and had its
        summary made, from a file SQLite's check found whole, and only if the file then
        holds what it was made from (the same fingerprint and summaries: no other program
        changed them meanwhile). When the file cannot be written now, nothing is kept,
        and nothing fails."""
        if listed.hit:
            return
        keep = [(p.game_id, len(p.entries), p.digest, data) for p, data in made if data != p.kept]
        pending = [f for f in listed.found if isinstance(f, Pending)]
        whole = (
            listed.rows is not None
            and listed.sums is not None
            and len(keep) == len(pending)
            and not any(isinstance(f, Unreadable) for f in listed.found)
        )
        listing = None
        if whole and value is not None and not listed.damage and listed.derived:
            assert listed.rows is not None and listed.sums is not None
            sums = dict(listed.sums)
            for game_id, last_seq, digest, data in keep:
                text = json.dumps(data, sort_keys=True)
                sums[game_id] = (game_id, last_seq, _checksum(game_id, last_seq, listed.version, digest, text))
            fingerprint = _fingerprint(listed.kind, listed.version, listed.rows)
            listing = Listing(listed.kind, fingerprint, sorted(sums.values()), value)
        if keep or listing is not None:
            self._keep(listed.version, keep, listing)

    def _listed(self, look: Look) -> list[tuple[int, bytes, int | None, Kept | None]]:
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

    @staticmethod
    def _fingerprint_rows(look: Look) -> list[Any]:
        """Each game's id, name as stored and last sequence number through the index: what
        a listing is kept under (the summaries are not read: a change to one drops the
        listings, by trigger; reading them would cost as much as the rest of the listing)."""
        return look.conn.execute(f"SELECT g.id, CAST(g.name AS BLOB), {_LAST} FROM games g ORDER BY g.id").fetchall()

    def _listing_of(self, look: Look, kind: str, fingerprint: str) -> Any:
        """The listing kept under ``kind`` if it was made under ``fingerprint`` and is whole; else None."""
        try:
            row = look.conn.execute(
                "SELECT fingerprint, CAST(data AS BLOB), checksum FROM listings WHERE kind = ?", (kind,)
            ).fetchone()
        except sqlite3.DatabaseError:
            return None  # a damaged listing is none: the summaries are read
        if row is None or row[0] != fingerprint or not utf8(row[1]):
            return None
        text = row[1].decode()
        if row[2] != _listing_checksum(kind, fingerprint, text):
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return None

    def kept_of(self, look: Look, game_id: int) -> Kept | None:
        row = kept_row(look, "summaries", game_id) if look.derived else None
        return None if row is None else _kept(game_id, row)

    def put_summary(
        self, look: Look, game_id: int, last_seq: int, version: int, digest: Any, data: dict[str, Any]
    ) -> None:
        self.file.add_derived(look)
        hexdigest = digest if isinstance(digest, str) else digest.hexdigest()
        text = json.dumps(data, sort_keys=True)
        look.conn.execute(
            "INSERT OR REPLACE INTO summaries (game_id, last_seq, version, digest, data, checksum) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                game_id,
                last_seq,
                version,
                hexdigest,
                text,
                _checksum(game_id, last_seq, version, hexdigest, text),
            ),
        )

    def _keep(
        self,
        version: int,
        rows: list[tuple[int, int, str, dict[str, Any]]],
        listing: Listing | None = None,
    ) -> None:
        """Keep summaries made by a read, each only if its log is still as it was read, and
        a listing made from them only if the file then holds what it was made from (the
        same fingerprint and summaries: no other program changed them meanwhile); when the
        file cannot be written now, nothing is kept, and nothing fails."""
        try:
            with self.file.writing(wait_ms=KEEP_WAIT_MS) as look, self.transaction(look, []):
                conn = look.conn
                for game_id, last_seq, digest, data in rows:
                    now = conn.execute("SELECT max(seq) FROM entries WHERE game_id = ?", (game_id,)).fetchone()[0]
                    if now == last_seq:
                        self.put_summary(look, game_id, last_seq, version, digest, data)
                if listing is None:
                    return
                self.file.add_derived(look)
                kind, fingerprint = listing.kind, listing.fingerprint
                sums = conn.execute("SELECT game_id, last_seq, checksum FROM summaries ORDER BY game_id").fetchall()
                if _fingerprint(kind, version, self._fingerprint_rows(look)) == fingerprint and (
                    sums == listing.summaries
                ):
                    text = json.dumps(listing.value, separators=(",", ":"))
                    conn.execute(
                        "INSERT OR REPLACE INTO listings (kind, fingerprint, data, checksum) VALUES (?, ?, ?, ?)",
                        (kind, fingerprint, text, _listing_checksum(kind, fingerprint, text)),
                    )
        except QscoreError:
            pass


def _checksum(game_id: int, last_seq: int, version: int, digest: str, data: str) -> str:
    return sha256(f"{game_id}\0{last_seq}\0{version}\0{digest}\0{data}".encode()).hexdigest()


def _fingerprint(kind: str, version: int, rows: list[Any]) -> str:
    """The fingerprint a listing is kept under: its rows written out in full, and compared
    so, not a hash of them (hashlib's import alone costs more than the comparison)."""
    return repr((kind, version, [tuple(r) for r in rows]))


def _listing_checksum(kind: str, fingerprint: str, data: str) -> str:
    # CRC-32 finds every change of up to 4 bytes in the row, as a flipped byte is
    return format(zlib.crc32("\0".join((kind, fingerprint, data)).encode()), "08x")


def _kept(game_id: int, row: tuple[Any, ...]) -> Kept | None:
    """A summary row, if there is one and it is whole."""
    last_seq, version, digest, raw, checksum = row
    if last_seq is None or not isinstance(raw, bytes) or not utf8(raw):
        return None
    data = raw.decode()
    if not (isinstance(last_seq, int) and isinstance(version, int) and isinstance(digest, str)):
        return None
    if checksum != _checksum(game_id, last_seq, version, digest, data):
        return None
    return Kept(last_seq, version, digest, data, checksum)
