"""A game's log read back from the saved-games file, checked, so damage is never read as a
smaller game: a game's entries must run 1, 2, 3... with none missing or twice, and be
UTF-8 JSON; where a summary is kept (qscore.store.keptfigures) the log must be the one it was
made from (as many entries, the same digest: a byte changed in an entry is found); where
none is, or SQLite's check found the file damaged, the entries are read from the table
itself and counted through its index too, which must agree. A game that fails is named
(``UnreadableGame``, or a StorageError naming it); the other games still read.
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from qscore.errors import QscoreError, StorageError
from qscore.paths import printable

if TYPE_CHECKING:
    from qscore.game.entries import LogLine
    from qscore.store.gamesfile import GamesFile, Look


class UnreadableGame:
    """A saved game whose log cannot be replayed; the other games still list. (A plain
    class with slots, not a dataclass: every command that reads the games file loads it,
    and a frozen dataclass costs some 4 M instructions to make; not a tuple, which a
    game's listed row is.)"""

    __slots__ = ("name", "reason")

    def __init__(self, name: str, reason: str) -> None:
        self.name, self.reason = name, reason

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UnreadableGame) and (self.name, self.reason) == (other.name, other.reason)

    def __hash__(self) -> int:
        return hash((self.name, self.reason))

    def __repr__(self) -> str:
        return f"UnreadableGame(name={self.name!r}, reason={self.reason!r})"


class KeptSummary(NamedTuple):
    """A summary row that passed its checksum; ``data`` its text."""

    last_seq: int
    version: int
    digest: str
    data: str

    def usable(self, version: int) -> str | None:
        """Its text, if of this version."""
        return self.data if self.version == version else None


class LogReader:
    """Reads games' logs from an open connection to ``file``, checked."""

    def __init__(self, file: GamesFile) -> None:
        self.file = file

    def read(
        self,
        look: Look,
        game_id: int,
        name: str,
        kept: KeptSummary | None = None,
        table: dict[int, list[tuple[Any, Any, Any]]] | None = None,
    ) -> tuple[list[LogLine], Any, KeptSummary | None]:
        """A game's log, checked: (entries, digest of the rows as stored, the kept summary
        ``kept`` it was held to, if any). ``table``: every game's rows read from the table
        in one pass (``table_rows``), for a read of many games."""
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
        self, name: str, entries: list[LogLine], digest: Any, kept: KeptSummary | None
    ) -> tuple[list[LogLine], Any, KeptSummary | None]:
        """The log read, held to the kept summary ``kept``, if any: as many entries, the same digest."""
        if kept is not None:
            if kept.last_seq != len(entries):
                raise self.damaged_game(name, f"{len(entries)} entries read, {kept.last_seq} saved")
            if kept.digest != digest.hexdigest():
                raise self.damaged_game(name, "an entry's bytes changed since qscore saved it")
        return entries, digest, kept

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


def kept_row(look: Look, table: str, game_id: int) -> tuple[Any, ...] | None:
    """A game's row of a derived table (``summaries``): last entry, version,
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


SHARED_ID = "its id is another game's too: which log is its own cannot be told"


def shared_ids(conn: sqlite3.Connection) -> set[int]:
    """The ids more than one game holds (the table read whole: a damaged file can hold two
    rows of one id), whose logs cannot be told apart: neither game is shown as the other."""
    seen: set[int] = set()
    twice: set[int] = set()
    for (game_id,) in conn.execute("SELECT id FROM games NOT INDEXED"):
        (twice if game_id in seen else seen).add(game_id)
    return twice


def sha256(data: bytes = b"") -> Any:
    """A SHA-256 digest of ``data``, more to be added: CPython's own SHA-256 where it was
    built with it (hashlib's import starts OpenSSL, which costs 4% of a `qscore sheet`)."""
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
