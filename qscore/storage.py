"""Saved games: an append-only log of entries per game in one SQLite database.

Every write is one ``BEGIN IMMEDIATE`` transaction that reads the game, checks the new
entry against it, and appends it, so two terminals writing at once are serialised and
neither loses an entry; a crash mid-write leaves the database as it was before that
transaction (SQLite's write-ahead log, synchronous=FULL). Opening the file safely, and
telling its failures, is qscore.gamesfile's.

Beside each game's log its summary and the file's listings may be kept
(qscore.keptfigures); every log is read back checked (qscore.gamelog), so damage is never
read as a smaller game, and a damaged game is never written to.
"""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from qscore import paths
from qscore.errors import QscoreError, Remedy, StorageError, UnknownGameError, quoted
from qscore.gamelog import LogReader, Unreadable, digest_add, sha256, shown, text_of, utf8
from qscore.gamesfile import NO_GAMES, GamesFile
from qscore.keptfigures import Fold, KeptFigures, Summarized, Summary

# what the application layer takes from here: the store, and the kinds its answers come in
__all__ = ["DB_NAME", "GameStore", "Summarized", "Summary", "Unreadable", "Written", "game_name"]

if TYPE_CHECKING:
    from qscore.entries import Act, Entry, GameConfig
    from qscore.scoresheet import Game

DB_NAME = "games.sqlite3"


# build(game) -> (kind, data) of the entry to append; raising leaves the game as it was
Builder = Callable[["Game"], "Act"]


MAX_GAME_NAME = 60  # characters: a name fits a line beside the game's figures in `games`


def game_name(name: str) -> str:
    """A game's name as typed, trimmed and composed (an accent typed apart, a\u0301, is á);
    one short line of printable text, since messages quote it."""
    name = unicodedata.normalize("NFC", name.strip())
    if not name:
        raise StorageError("a game's name cannot be empty")
    if not name.isprintable():
        raise StorageError(f"a game's name is one line of printable text, not {quoted(name)}")
    if len(name) > MAX_GAME_NAME:
        raise StorageError(f"game name {quoted(name)} is too long: a name has {MAX_GAME_NAME} characters at most")
    return name


def game_key(name: str) -> str:
    """What two game names must differ in: more than case (Straße and STRASSE are one) or
    how an accent was typed."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


@dataclass(frozen=True)
class Written:
    """One change a store committed: an entry appended to a game (``entry``), or the game
    renamed or deleted (``entry`` None; ``game`` is its new name after a rename)."""

    game: str
    entry: Entry | None
    change: str = "entry"  # "entry", "renamed" or "deleted"
    old_name: str | None = None  # the name a renamed game had


class GameStore:
    """The saved-games database: ``$QSCORE_HOME/games.sqlite3`` or the user data folder."""

    def __init__(self, path: Path | None = None) -> None:
        self.file = GamesFile(path or paths.data_dir() / DB_NAME)
        self.written: list[Written] = []  # what this store committed, oldest first
        self.log = LogReader(self.file)
        self.kept = KeptFigures(self.file, self.log, self._transaction)

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
        from qscore.entries import Created, Entry
        from qscore.scoresheet import Game

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
            created = Entry(1, Created(config))
            entries.append(Written(name, created))
            digest = digest_add(sha256(), created.seq, created.kind, self._insert(conn, game_id, created))
            game = Game(name, [created])
            if summary is not None:
                self.kept.put_summary(conn, game_id, 1, summary, digest, summary.derive(game, None, None))
        return game

    def check_free(self, name: str) -> None:
        """Refuse a new game's name that a saved game has already (in any case), before the
        table answers anything else; ``create`` checks again as it writes."""
        name = game_name(name)
        if self.file.exists():
            _refuse_taken(name, set(self.names()))

    def load(self, name: str | None = None) -> Game:
        from qscore.scoresheet import Game

        with self.file.reading() as conn:
            game_id, found = self._resolve(conn, name)
            return Game.from_log(found, self.log.read(conn, game_id, found, self.kept.kept_of(conn, game_id))[0])

    def append(
        self, build: Builder, name: str | None = None, summary: Summary | None = None
    ) -> tuple[Game, Entry, Game]:
        """Check and append one entry in one transaction: (game before, entry, game after);
        the game's summary, if asked for, is kept in the same transaction."""
        from qscore.entries import Entry
        from qscore.scoresheet import Game

        entries: list[Written] = []
        with self.file.writing() as conn, self._transaction(conn, entries):
            game_id, found = self._resolve(conn, name)
            log, digest, kept = self.log.read(conn, game_id, found, self.kept.kept_of(conn, game_id))
            before = Game.from_log(found, log)
            entry = Entry(before.entries[-1].seq + 1, build(before))
            entries.append(Written(found, entry))
            text = self._insert(conn, game_id, entry)
            after = Game(found, [*before.entries, entry])
            if summary is not None:
                old = kept.usable(summary.version) if kept is not None else None
                new = summary.derive(after, before, old)
                self.kept.put_summary(
                    conn, game_id, entry.seq, summary, digest_add(digest, entry.seq, entry.kind, text), new
                )
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
                    name = text_of(raw, "its name")
                    found.append(
                        Game.from_log(name, self.log.read(conn, game_id, name, self.kept.kept_of(conn, game_id))[0])
                    )
                except QscoreError as exc:
                    found.append(Unreadable(shown(raw), str(exc)))
        return found

    def listing(self, kind: str, summary: Summary, needs: Callable[[dict[str, Any]], bool], fold: Fold) -> Any:
        """What ``fold`` makes of every saved game's summary, oldest first (KeptFigures.listing)."""
        return self.kept.listing(kind, summary, needs, fold)

    def rename(self, old: str, new: str) -> str:
        """Give a saved game a new name; names differ in more than case. Returns the old name."""
        new = game_name(new)
        done: list[Written] = []
        with self.file.writing() as conn, self._transaction(conn, done):
            game_id, found = self._resolve(conn, old)
            others = conn.execute("SELECT CAST(name AS BLOB) FROM games WHERE id != ?", (game_id,))
            _refuse_taken(new, {text_of(raw, "") for (raw,) in others}, "choose another name")
            if new == found:
                raise StorageError(f"game {quoted(found)} has that name already")
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
            return [text_of(raw, "") for (raw,) in rows if utf8(raw)]

    # --- rows ----------------------------------------------------------------

    def _resolve(self, conn: sqlite3.Connection, name: str | None) -> tuple[int, str]:
        # by the table, not its index of names: a damaged index must not hide a game
        if name is None:
            row = conn.execute("SELECT id, CAST(name AS BLOB) FROM games ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                raise UnknownGameError(NO_GAMES)
        else:
            name = name.strip()  # as a new game's name is kept
            row = conn.execute(
                "SELECT id, CAST(name AS BLOB) FROM games NOT INDEXED WHERE name = ?", (name,)
            ).fetchone()
            if row is None:
                rows = conn.execute("SELECT id, CAST(name AS BLOB) FROM games ORDER BY id").fetchall()
                # names differ in more than case (a new one is refused otherwise): -g friday finds Friday
                alike = [r for r in rows if utf8(r[1]) and game_key(text_of(r[1], "")) == game_key(name)]
                if len(alike) != 1:
                    known = ", ".join(shown(r[1]) for r in rows) or "none"
                    empty = f"no game named {quoted(name)}" if name else "a game's name cannot be empty"
                    raise UnknownGameError(f"{empty}: saved games are {known}")
                row = alike[0]
        return row[0], text_of(row[1], "its name")

    def _insert(self, conn: sqlite3.Connection, game_id: int | None, entry: Entry) -> str:
        text = json.dumps(entry.act.to_json(), sort_keys=True)
        conn.execute(
            "INSERT INTO entries (game_id, seq, kind, data) VALUES (?, ?, ?, ?)",
            (game_id, entry.seq, entry.kind, text),
        )
        return text


ANOTHER_NAME = Remedy("game-name")


def _refuse_taken(name: str, taken: set[str], hint: str | Remedy = ANOTHER_NAME) -> None:
    key = game_key(name)
    clash = next((t for t in taken if game_key(t) == key), None)
    if clash is not None:
        raise StorageError(f"a game named {quoted(clash)} exists already: ", hint)


def _free_name(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"
