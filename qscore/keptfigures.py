"""What is kept beside the log: each game's summary (its figures for `games` and `stats`,
worked out by the caller's function: this module stores, the core computes) and the
listings of the whole file made from them.

A game's summary is keyed by the log's last sequence number, a digest of the log and the
summary's format version; it is written with each entry, rebuilt from the log when
missing, stale, damaged or of another version, and never trusted over the log. A listing
(what `games` or `stats` made of every summary) is kept under the file's fingerprint and
read back while that fingerprint holds; triggers in the file drop the listings whenever an
entry or a summary changes (docs/design.md, "Kept listings").
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from qscore.errors import QscoreError
from qscore.gamelog import Kept, LogReader, Unreadable, sha256, shown, text_of, utf8

if TYPE_CHECKING:
    from qscore.gamesfile import GamesFile
    from qscore.scoresheet import Game

# the game's summary: derive(game, game before its last entry or None, the summary kept
# of that game (or of this one, when before is None), or None)
Deriver = Callable[["Game", "Game | None", dict[str, Any] | None], dict[str, Any]]
# fold(every game's summary or why it cannot be read) -> (a JSON value, whether it may be kept)
Fold = Callable[[list["Summarized | Unreadable"]], tuple[Any, bool]]
READ_FROM_THE_TABLE_BEYOND = 8  # games to read without a kept summary: past this, in one pass
KEEP_WAIT_MS = 250  # a read keeps its summaries only if no writer holds the file longer
_LAST = "(SELECT max(seq) FROM entries e WHERE e.game_id = g.id)"  # a game's last entry, through the index


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
class Listing:
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
        transaction: Callable[[sqlite3.Connection, list[Any]], AbstractContextManager[None]],
    ) -> None:
        self.file = file
        self.log = log
        self.transaction = transaction

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
            self._keep(summary, keep, Listing(kind, _fingerprint(kind, summary.version, rows), sums, value))
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
            name = text_of(raw, "") if utf8(raw) else None
            if name is None:
                found.append(Unreadable(shown(raw), "its name is not UTF-8 text"))
                continue
            data = kept.usable(summary.version) if kept is not None and not self.file.damage else None
            if data is not None and kept is not None and kept.last_seq == last and not needs(data):
                found.append(Summarized(name, data))
                continue
            found.append(Summarized(name, {}))  # made below
            pending.append((len(found) - 1, game_id, name, kept))
        whole = True
        sums = {game_id: (game_id, kept.last_seq, kept.checksum) for game_id, _, _, kept in listed if kept is not None}
        table = self.log.table_rows(conn) if len(pending) > READ_FROM_THE_TABLE_BEYOND else None
        for slot, game_id, name, kept in pending:
            try:
                log, digest, kept = self.log.read(conn, game_id, name, kept, table)
                old = kept.usable(summary.version) if kept is not None else None
                data = summary.derive(Game.from_log(name, log), None, old)
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

    def _listed(self, conn: sqlite3.Connection) -> list[tuple[int, bytes, int | None, Kept | None]]:
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
            raise self.file.failures.damaged(str(exc)) from None
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
        if row is None or row[0] != fingerprint or not utf8(row[1]):
            return None
        text = row[1].decode()
        if row[2] != _listing_checksum(kind, fingerprint, text):
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return None

    def kept_of(self, conn: sqlite3.Connection, game_id: int) -> Kept | None:
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

    def put_summary(
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
        listing: Listing | None = None,
    ) -> None:
        """Keep summaries made by a read, each only if its log is still as it was read, and
        a listing made from them only if the file then holds what it was made from (the
        same fingerprint and summaries: no other program changed them meanwhile); when the
        file cannot be written now, nothing is kept, and nothing fails."""
        try:
            with self.file.writing(wait_ms=KEEP_WAIT_MS) as conn, self.transaction(conn, []):
                for game_id, last_seq, digest, data in rows:
                    now = conn.execute("SELECT max(seq) FROM entries WHERE game_id = ?", (game_id,)).fetchone()[0]
                    if now == last_seq:
                        self.put_summary(conn, game_id, last_seq, summary, digest, data)
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
