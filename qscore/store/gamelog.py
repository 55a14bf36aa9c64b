"""A game's log read back from the saved-games file, checked, so damage is never read as a
smaller game: a game's entries must run 1, 2, 3... with none missing or twice, and be
UTF-8 JSON; where a summary is kept (qscore.store.keptfigures) the log must be the one it was
made from (as many entries, the same digest: a byte changed in an entry is found); where
none is, or SQLite's check found the file damaged, the entries are read from the table
itself and counted through its index too, which must agree. A game that fails is named
(``Unreadable``, or a StorageError naming it); the other games still read.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from qscore.errors import QscoreError, StorageError
from qscore.paths import printable

if TYPE_CHECKING:
    from qscore.game.entries import LogLine
    from qscore.store.gamesfile import GamesFile, Look


@dataclass(frozen=True)
class Unreadable:
    """A saved game whose log cannot be replayed; the other games still list."""

    name: str
    reason: str


class Kept(NamedTuple):
    """A summary row that passed its checksum; ``data`` its text."""

    last_seq: int
    version: int
    digest: str
    data: str
    checksum: str

    def usable(self, version: int) -> dict[str, Any] | None:
        """Its data, if of this version and whole."""
        return self.parsed() if self.version == version else None

    def parsed(self) -> dict[str, Any] | None:
        """Its data, of whatever version, if whole."""
        try:
            found = json.loads(self.data)
        except json.JSONDecodeError:
            return None
        return found if isinstance(found, dict) else None


class LogReader:
    """Reads games' logs from an open connection to ``file``, checked."""

    def __init__(self, file: GamesFile) -> None:
        self.file = file

    def read(
        self,
        look: Look,
        game_id: int,
        name: str,
        kept: Kept | None = None,
        table: dict[int, list[tuple[Any, Any, Any]]] | None = None,
        known: tuple[str, list[LogLine]] | None = None,
    ) -> tuple[list[LogLine], Any, Kept | None]:
        """A game's log, checked: (entries, digest of the rows as stored, the kept summary
        ``kept`` it was held to, if any). ``known``: the digest and entries of this game's
        log as read before (a write reads it again inside its transaction): rows with that
        digest are those entries, and are not parsed again."""
        from qscore.game.entries import LogLine

        conn = look.conn
        try:
            if kept is not None and not look.damage:
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
            raise self.damaged_game(name, str(exc)) from None
        if counted != len(rows):
            raise self.damaged_game(name, f"{len(rows)} entries in its table, {counted} in the index")
        same = _digest_of(rows) if known is not None else None
        if same is not None and known is not None and same.hexdigest() == known[0]:
            return self._held(name, known[1], same, kept)
        entries = []
        digest = sha256()
        for number, (seq, kind, data) in enumerate(rows, 1):
            if seq != number or not isinstance(seq, int):
                gap = (
                    f"entry {number} is missing"
                    if isinstance(seq, int) and seq > number
                    else f"entry {seq!r} is out of place"
                )
                raise self.damaged_game(name, gap)
            try:
                kind_text, data_text = text_of(kind, "kind"), text_of(data, "data")
                value = json.loads(data_text)
            except (QscoreError, json.JSONDecodeError):
                raise self.damaged_game(name, f"entry {seq} is not UTF-8 JSON") from None
            if not isinstance(value, dict):
                raise self.damaged_game(name, f"entry {seq} is not a JSON object")
            digest_add(digest, seq, kind_text, data_text)
            entries.append(LogLine(seq, kind_text, value))
        return self._held(name, entries, digest, kept)

    def _held(
        self, name: str, entries: list[LogLine], digest: Any, kept: Kept | None
    ) -> tuple[list[LogLine], Any, Kept | None]:
        """The log read, held to the kept summary ``kept``, if any: as many entries, the same digest."""
        if kept is not None:
            if kept.last_seq != len(entries):
                raise self.damaged_game(name, f"{len(entries)} entries read, {kept.last_seq} saved")
            if kept.digest != digest.hexdigest():
                raise self.damaged_game(name, "an entry's bytes changed since qscore saved it")
        return entries, digest, kept

    def hashed(self, look: Look, game_id: int) -> tuple[int, Any] | None:
        """A game's number of entries, through the index, and the digest of its rows (the
        digest ``read`` makes of them, their number, kind and data in order), from one
        query: its rows are neither parsed nor made Python values one by one (a tenth of
        the cost on a long log). None if the rows cannot be read."""
        try:
            count, stream = look.conn.execute(_HASHED, (game_id,)).fetchone()
        except sqlite3.DatabaseError:
            return None
        return count, sha256(stream or b"")

    def kept_replay(self, look: Look, game_id: int, version: int) -> KeptReplay | None:
        """The replay kept of a game, of ``version`` and whole (its checksum holds); else None."""
        row = kept_row(look, "replays", game_id) if look.replays else None
        if row is None or row[1] != version or not utf8(row[3]):
            return None
        last_seq, _, digest, raw, checksum = row
        data = raw.decode()
        if not isinstance(last_seq, int) or not isinstance(digest, str):
            return None
        if checksum != replay_checksum(game_id, last_seq, version, digest, data):
            return None
        try:
            parsed = json.loads(data)
        except json.JSONDecodeError:
            return None
        return KeptReplay(last_seq, digest, parsed)

    @staticmethod
    def replay_kept_of(look: Look, game_id: int) -> tuple[Any, Any] | None:
        """The last entry and the log's digest a game's replay was kept under, unchecked,
        if a row is kept: a row still there under the digest of a log read before was kept
        of that very log, and no entry of the game has changed since (the triggers would
        have dropped it)."""
        if not look.replays:
            return None
        try:
            row = look.conn.execute("SELECT last_seq, digest FROM replays WHERE game_id = ?", (game_id,)).fetchone()
        except sqlite3.DatabaseError:
            return None
        return None if row is None else (row[0], row[1])

    @staticmethod
    def put_replay(look: Look, game_id: int, last_seq: int, version: int, digest: str, data: Any) -> None:
        """Keep a game's replay (plain data of ``version``) as of its entry ``last_seq``,
        under the digest of its log, inside the caller's write."""
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        look.conn.execute(
            "INSERT OR REPLACE INTO replays (game_id, last_seq, version, digest, data, checksum) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, last_seq, version, digest, text, replay_checksum(game_id, last_seq, version, digest, text)),
        )

    def table_rows(self, look: Look) -> dict[int, list[tuple[Any, Any, Any]]]:
        """Every entry, read from the table itself in one pass, by game."""
        found: dict[int, list[tuple[Any, Any, Any]]] = {}
        try:
            query = "SELECT game_id, seq, CAST(kind AS BLOB), CAST(data AS BLOB) FROM entries NOT INDEXED"
            rows = look.conn.execute(query)
            for game_id, seq, kind, data in rows:
                found.setdefault(game_id, []).append((seq, kind, data))
        except sqlite3.DatabaseError as exc:
            raise self.file.failures.damaged(str(exc)) from None
        return found

    def damaged_game(self, name: str, detail: str) -> StorageError:
        return StorageError(
            f"game {name!r} is damaged in {self.file.path} ({detail}): "
            "qscore will not change it; the other games still read"
        )


class KeptReplay(NamedTuple):
    """A replay kept beside a game's log, whole: the log's last entry and digest it was
    made from, and its data (qscore.game.scoresheet.Replay.to_json)."""

    last_seq: int
    digest: str
    data: Any


def kept_row(look: Look, table: str, game_id: int) -> tuple[Any, ...] | None:
    """A game's row of a derived table (``summaries``, ``replays``): last entry, version,
    digest, data and checksum, unchecked; None if there is none or it cannot be read (a
    damaged row is none: the log is read without it)."""
    try:
        return cast(
            "tuple[Any, ...] | None",
            look.conn.execute(
                f"SELECT last_seq, version, digest, CAST(data AS BLOB), checksum FROM {table} WHERE game_id = ?",
                (game_id,),
            ).fetchone(),
        )
    except sqlite3.DatabaseError:
        return None


# a game's rows as ``digest_add`` hashes them, one after another, made by SQLite in one value;
# the rows come through the index of (game_id, seq) in its order, with no subquery to sort
# them (which copies every row: a fifth of the query's work). SQLite does not promise that
# order to an aggregate, but the digest holds it: rows in another order hash to another
# digest, and a log whose digest is not the one kept is read row by row, and checked, as
# any other.
_HASHED = (
    "SELECT count(*), CAST(group_concat(seq || char(0) || kind || char(0) || data || char(0), '') AS BLOB) "
    "FROM entries WHERE game_id = ?"
)


def replay_checksum(game_id: int, last_seq: int, version: int, digest: str, data: str) -> str:
    return sha256(f"replay\0{game_id}\0{last_seq}\0{version}\0{digest}\0{data}".encode()).hexdigest()


SHARED_ID = "its id is another game's too: which log is its own cannot be told"


def shared_ids(conn: sqlite3.Connection) -> set[int]:
    """The ids more than one game holds (the table read whole: a damaged file can hold two
    rows of one id), whose logs cannot be told apart: neither game is shown as the other."""
    seen: set[int] = set()
    twice: set[int] = set()
    for (game_id,) in conn.execute("SELECT id FROM games NOT INDEXED"):
        (twice if game_id in seen else seen).add(game_id)
    return twice


def _digest_of(rows: list[tuple[Any, Any, Any]]) -> Any:
    """The digest of a log's rows, if they are numbered 1, 2, 3... and UTF-8 text; else None
    (the full read says what is wrong)."""
    digest = sha256()
    for number, (seq, kind, data) in enumerate(rows, 1):
        if seq != number or not isinstance(seq, int) or not isinstance(kind, bytes) or not isinstance(data, bytes):
            return None
        try:
            digest_add(digest, seq, kind.decode(), data.decode())
        except UnicodeDecodeError:
            return None
    return digest


# past this many bytes a log is hashed by OpenSSL (hashlib): its start-up (some 11 M
# instructions, 2 ms) costs less than CPython's own SHA-256 takes over the rest
OPENSSL_FROM = 512 * 1024


def sha256(data: bytes = b"") -> Any:
    """A SHA-256 digest of ``data``, more to be added. CPython's own SHA-256 where it was
    built with it: hashlib's import starts OpenSSL, which costs 4% of a `qscore sheet`, and
    a log of a few kilobytes is hashed as quickly either way; OpenSSL's past OPENSSL_FROM
    bytes (a game of some 5,000 entries), which hashes a megabyte in a twentieth of the
    time on a processor with SHA instructions. The digest is the same (tests/test_log.py)."""
    if len(data) >= OPENSSL_FROM:
        import hashlib

        return hashlib.sha256(data)
    try:
        from _sha256 import sha256 as made  # Python 3.11
    except ImportError:
        try:
            from _sha2 import sha256 as made  # Python 3.12 on
        except ImportError:  # a Python built without its own hashes
            from hashlib import sha256 as made
    return made(data)


def digest_add(digest: Any, seq: int, kind: str, data: str) -> Any:
    digest.update(f"{seq}\0{kind}\0{data}\0".encode())
    return digest


def utf8(raw: Any) -> bool:
    try:
        raw.decode("utf-8")
    except (UnicodeDecodeError, AttributeError):
        return False
    return True


def text_of(raw: Any, what: str) -> str:
    """A column read as bytes, as text; not UTF-8 is an error naming ``what``."""
    if isinstance(raw, str):
        return raw
    if raw is None:  # a NULL where qscore keeps text: only damage makes one
        raise StorageError(f"{what} is missing")
    try:
        return bytes(raw).decode("utf-8")
    except (UnicodeDecodeError, TypeError):
        raise StorageError(f"{what} is not UTF-8 text") from None


def name_text(raw: Any) -> str:
    """A game's or a player's name as stored, or the error that says it is damaged: not
    UTF-8, or holding a character no name is typed with (a line break, an escape code),
    which no output could show as the name without letting it forge a line of its own."""
    name = text_of(raw, "its name")
    if not name.isprintable():
        raise StorageError("its name holds a control character, which qscore never saves")
    return name


def shown(raw: Any) -> str:
    """A name as stored, shown safely even when it is not UTF-8 text."""
    if isinstance(raw, bytes):
        return printable(raw.decode("utf-8", errors="backslashreplace"))
    return "(no name)" if raw is None else printable(str(raw))
