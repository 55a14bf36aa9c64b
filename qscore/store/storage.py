"""Saved games: an append-only log of entries per game in one SQLite database.

Every write is one ``BEGIN IMMEDIATE`` transaction that reads the game, checks the new
entry against it, and appends it, so two terminals writing at once are serialised and
neither loses an entry; a crash mid-write leaves the database as it was before that
transaction (SQLite's write-ahead log, synchronous=FULL). Opening the file safely, and
telling its failures, is qscore.store.gamesfile's.

Beside each game's log its summary may be kept (qscore.store.keptfigures); every log is read
back checked (qscore.store.gamelog), so damage is never read as a smaller game, and a damaged
game is never written to.
"""

from __future__ import annotations

import difflib
import json
import sqlite3
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from qscore import paths
from qscore.errors import QscoreError, Remedy, StorageError, UnknownGameError, quoted
from qscore.store.gamelog import (
    SHARED_ID,
    KeptSummary,
    LogReader,
    UnreadableGame,
    digest_add,
    name_text,
    sha256,
    shared_ids,
    shown,
    text_of,
    utf8,
)
from qscore.store.gamesfile import NO_GAMES, Follower, GamesFile, Look
from qscore.store.keptfigures import KeptFigures, Listed, Pending, Summarized, Taker

# what the application layer takes from here: the store, and the kinds its answers come in
__all__ = [
    "DB_NAME",
    "Appending",
    "CommittedChange",
    "Follower",
    "GameStore",
    "Listed",
    "Pending",
    "Summarized",
    "Taker",
    "UnreadableGame",
    "game_name",
    "table_words",
]

if TYPE_CHECKING:
    from qscore.game.entries import Act, Entry, GameConfig
    from qscore.game.scoresheet import Game
    from qscore.store.rulings import TableWordsFile

DB_NAME = "games.sqlite3"


# what tells a game from every other through a rename: its row's number and its start
Identity = tuple[int, str]

MAX_GAME_NAME = 60  # characters: a name fits a line beside the game's figures in `games`


def game_name(name: str) -> str:
    """A new game's name as typed, trimmed and composed (an accent typed apart, a\u0301, is á);
    one short line, since messages quote it, of what a name holds (names.check_game_name).
    A saved game's name is read as it was saved: an earlier qscore took any printable text."""
    name = unicodedata.normalize("NFC", name.strip())
    if not name:
        raise StorageError("a game's name cannot be empty")
    if len(name) > MAX_GAME_NAME:
        raise StorageError(f"game name {quoted(name)} is too long: a name has {MAX_GAME_NAME} characters at most")
    from qscore.game.names import check_game_name

    check_game_name(name)  # a name as a table types it: none reads as a path or an option
    return name


def game_key(name: str) -> str:
    """What two game names must differ in: more than case (Straße and STRASSE are one) or
    how an accent was typed."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


class CommittedChange(NamedTuple):
    """One change a store committed: an entry appended to a game (``entry``), or the game
    renamed or deleted (``entry`` None; ``game`` is its new name after a rename)."""

    game: str
    entry: Entry | None
    change: str = "entry"  # "entry", "renamed" or "deleted"
    old_name: str | None = None  # the name a renamed game had


class Appending:
    """One game's write under way (``GameStore.appending``): the game as it stands inside
    the write (``game``), the summary kept of it, and ``add`` to append one entry."""

    def __init__(
        self,
        store: GameStore,
        look: Look,
        game_id: int,
        game: Game,
        digest: Any,
        kept: KeptSummary | None,
        written: list[CommittedChange],
    ) -> None:
        self.store, self.look, self.game_id = store, look, game_id
        self.name = game.name
        self.game = game  # as its log stands inside the write
        self._digest, self._kept = digest, kept
        self._last = game.last
        self.added: list[Entry] = []  # the entries added to it in this write
        self.written = written  # what the write will have saved once it commits

    @property
    def last(self) -> int:
        """The number of the game's last entry."""
        return self._last + len(self.added)

    def kept(self, version: int) -> str | None:
        """The summary kept of the game as it stands, if one of ``version`` is whole."""
        return self._kept.usable(version) if self._kept is not None else None

    def add(self, act: Act, form: str | None = None) -> Entry:
        """Append one entry after the log read, with the id of the form that asked for it, if
        any; it is saved when the write commits."""
        from qscore.game.entries import Entry

        entry = Entry(self.last + 1, act, form)
        self.written.append(CommittedChange(self.name, entry))
        text = self.store._insert(self.look.conn, self.game_id, entry)
        digest_add(self._digest, entry.seq, entry.kind, text)
        self.added.append(entry)
        return entry

    def keep_summary(self, version: int, data: str) -> None:
        """Keep the game's summary as it stands after the entries added (text of ``version``)."""
        self.store.kept.put_summary(self.look, self.game_id, self.last, version, self._digest, data)


class GameStore:
    """The saved-games database: ``$QSCORE_HOME/games.sqlite3`` or the user data folder.

    A store holds no connection between calls: each read and each write opens its own and
    closes it. What it commits is added to ``written`` (a list of the caller's, to tell
    after Ctrl-C what was saved; a list of its own if none is given)."""

    def __init__(self, path: Path | None = None, written: list[CommittedChange] | None = None) -> None:
        self.file = GamesFile(path or paths.data_dir() / DB_NAME)
        self.written: list[CommittedChange] = [] if written is None else written
        self.log = LogReader(self.file)
        self.kept = KeptFigures(self.file, self.log, self._transaction)

    @property
    def path(self) -> Path:
        return self.file.path

    @contextmanager
    def _transaction(self, look: Look, entries: list[CommittedChange], *, fully: bool = True) -> Iterator[None]:
        """One write, begun after SQLite's check found the file whole (its full check unless
        not ``fully``: GameStore.appending); ``entries`` (the changes it makes, filled in as
        they are made) count as written once (and only once) the commit went through, and
        the table's paper rulings are kept beside the logs (store/rulings.py).
        Ctrl-C may land anywhere in here: after the COMMIT returned, the changes are
        saved and recorded in ``written``; before it, they are rolled back."""
        conn = look.conn
        conn.execute("BEGIN IMMEDIATE")
        committing = False
        try:
            self.file.refuse_damaged(look, fully=fully)
            self.file.mark(look)  # a file an earlier qscore made, known by its tables
            self.file.retire(look)  # what an earlier release kept beside the log
            _keep_rulings(conn)
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

    def create(
        self,
        config: GameConfig,
        name: str | None = None,
        summary: tuple[int, str] | None = None,
        form: str | None = None,
    ) -> Game:
        """Start a game (its settings checked already: qscore.game.rules.check_config), with its
        summary (version and data) if given; without a name it is called after today's date.
        A page's form (``form``, its id kept with the start) starts one game at most: a game
        it started already, found inside the write, is FormTakenError and nothing is made."""
        from qscore.game.entries import Created, Entry
        from qscore.game.scoresheet import Game

        if name is not None:
            name = game_name(name)
        entries: list[CommittedChange] = []
        with self.file.writing(create=True) as look, self._transaction(look, entries):
            conn = look.conn
            if form is not None:
                _refuse_started(conn, form)
            taken = {row[0] for row in conn.execute("SELECT name FROM games")}
            if name is None:
                name = _free_name(date.today().isoformat(), taken)
            else:
                _refuse_taken(name, taken)
            cur = conn.execute("INSERT INTO games (name, started) VALUES (?, ?)", (name, _started_now()))
            game_id = int(cur.lastrowid or 0)
            created = Entry(1, Created(config), form)
            entries.append(CommittedChange(name, created))
            digest = digest_add(sha256(), created.seq, created.kind, self._insert(conn, game_id, created))
            if summary is not None:
                self.kept.put_summary(look, game_id, 1, summary[0], digest, summary[1])
        return Game(name, [created])

    def check_free(self, name: str) -> None:
        """Refuse a new game's name that a saved game has already (in any case), before the
        table answers anything else; ``create`` checks again as it writes."""
        name = game_name(name)
        if self.file.exists():
            _refuse_taken(name, set(self.names()))

    def load(self, name: str | None = None, *, check: bool = True, identity: Identity | None = None) -> Game:
        """The game of that name, or the one most recently started; with ``identity``, the game it
        tells and never another (one deleted is UnknownGameError, naming it ``name``). Without
        ``check`` SQLite's check of the file is left to the write that follows (it runs one)."""
        with self.file.reading(check=check) as look:
            return self._game(look, name, identity)[0]

    def _game(
        self, look: Look, name: str | None, identity: Identity | None = None
    ) -> tuple[Game, int, Any, KeptSummary | None]:
        """The game ``name`` finds (or ``identity`` tells), replayed from its log read checked;
        its id, the digest of its log and the summary kept of it, if any."""
        from qscore.game.scoresheet import Game

        game_id, found = self._resolve(look.conn, name, identity)
        log, digest, kept = self.log.read(look, game_id, found, self.kept.kept_of(look, game_id))
        return Game.from_log(found, log), game_id, digest, kept

    def saved_name(self, name: str) -> str:
        """The saved name of the game ``name`` finds, its log unread (a damaged log still has one)."""
        with self.file.reading() as look:
            return self._resolve(look.conn, name)[1]

    def identity(self, name: str) -> tuple[int, str]:
        """What tells the game ``name`` finds from every other, through a rename: its row's
        number and when it was started (a number a deleted game had can be given again)."""
        with self.file.reading(check=False) as look:
            game_id = self._resolve(look.conn, name)[0]
            (started,) = look.conn.execute("SELECT started FROM games WHERE id = ?", (game_id,)).fetchone()
            return game_id, str(started)

    def name_of(self, identity: tuple[int, str]) -> str | None:
        """The saved name now of the game ``identity`` told, or None: it was deleted."""
        with self.file.reading(check=False) as look:
            row = look.conn.execute(
                "SELECT CAST(name AS BLOB) FROM games WHERE id = ? AND started = ?", identity
            ).fetchone()
        return None if row is None else name_text(row[0])

    @contextmanager
    def appending(self, name: str | None = None, identity: Identity | None = None) -> Iterator[Appending]:
        """One write to a game, in one transaction on one connection, begun once SQLite's
        check found the file whole: the game is read inside it (with ``identity``, the game
        it tells and no other: one deleted is UnknownGameError), the caller checks its entry
        against it and ``add``s it, and it commits when the block ends (an error raised in
        the block leaves the game as it was)."""
        written: list[CommittedChange] = []
        # SQLite's quick check, not its full one: what the full check adds (that each index
        # holds its table's rows, no more, no fewer) is held here for this game by the read
        # inside the write, and the write touches nothing else an index is kept of
        with self.file.writing() as look, self._transaction(look, written, fully=False):
            game, game_id, digest, kept = self._game(look, name, identity)
            yield Appending(self, look, game_id, game, digest, kept, written)

    def games(self) -> list[Game | UnreadableGame]:
        """Every saved game, oldest first; a game whose log cannot be read is named, not fatal."""
        from qscore.game.scoresheet import Game

        if not self.file.exists():
            return []
        found: list[Game | UnreadableGame] = []
        with self.file.reading() as look:
            shared = shared_ids(look.conn)
            for game_id, raw in look.conn.execute("SELECT id, CAST(name AS BLOB) FROM games ORDER BY id").fetchall():
                try:
                    name = name_text(raw)
                    if game_id in shared:
                        raise self.log.damaged_game(name, SHARED_ID)
                    found.append(
                        Game.from_log(name, self.log.read(look, game_id, name, self.kept.kept_of(look, game_id))[0])
                    )
                except QscoreError as exc:
                    found.append(UnreadableGame(shown(raw), str(exc)))
        return found

    def summaries(
        self, version: int, wanting: Callable[[str], bool] | None = None, taker: Taker | None = None
    ) -> Listed:
        """Every saved game's summary, oldest first, and the games whose summaries the
        caller is to make, each handed to ``taker`` as its log is read (KeptFigures.look_up)."""
        return self.kept.look_up(version, wanting, taker)

    def keep(self, listed: Listed, made: list[tuple[Pending, str]]) -> None:
        """Keep the summaries made for a read's pending games (KeptFigures.keep)."""
        self.kept.keep(listed, made)

    def rename(self, old: str, new: str) -> str:
        """Give a saved game a new name; names differ in more than case. Returns the old name."""
        new = game_name(new)
        done: list[CommittedChange] = []
        with self.file.writing() as look, self._transaction(look, done):
            conn = look.conn
            game_id, found = self._resolve(conn, old)
            others = conn.execute("SELECT CAST(name AS BLOB) FROM games WHERE id != ?", (game_id,))
            _refuse_taken(new, {text_of(raw, "") for (raw,) in others}, "choose another name")
            if new == found:
                raise StorageError(f"game {quoted(found)} has that name already")
            conn.execute("UPDATE games SET name = ? WHERE id = ?", (new, game_id))
            done.append(CommittedChange(new, None, "renamed", found))
        return found

    def delete(self, name: str) -> str:
        """Remove a saved game and its whole log (readable or not); returns its name."""
        done: list[CommittedChange] = []
        with self.file.writing() as look, self._transaction(look, done):
            conn = look.conn
            game_id, found = self._resolve(conn, name)
            conn.execute("DELETE FROM entries WHERE game_id = ?", (game_id,))
            conn.execute("DELETE FROM games WHERE id = ?", (game_id,))  # its summary goes too (a trigger)
            done.append(CommittedChange(found, None, "deleted"))
        return found

    def names(self) -> list[str]:
        """The saved games' names, oldest first, without reading their logs (for completion);
        a name that is not UTF-8 text is left out."""
        if not self.file.exists():
            return []
        with self.file.reading() as look:
            rows = look.conn.execute("SELECT CAST(name AS BLOB) FROM games ORDER BY id")
            return [text_of(raw, "") for (raw,) in rows if utf8(raw) and text_of(raw, "").isprintable()]

    # --- rows ----------------------------------------------------------------

    def _resolve(self, conn: sqlite3.Connection, name: str | None, identity: Identity | None = None) -> tuple[int, str]:
        # by the table, not its index of names: a damaged index must not hide a game
        if identity is not None:
            row = _identified(conn, identity, name)
        elif name is None:
            row = conn.execute("SELECT id, CAST(name AS BLOB) FROM games ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                raise UnknownGameError(*NO_GAMES)
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
                    listed = [shown(r[1]) for r in rows]
                    meant = "".join(f" (did you mean {n}?)" for n in difflib.get_close_matches(name, listed, 1, 0.8))
                    empty = f"no game named {quoted(name)}" if name else "a game's name cannot be empty"
                    raise UnknownGameError(f"{empty}: saved games are {', '.join(listed) or 'none'}{meant}")
                row = alike[0]
        try:
            found = name_text(row[1])
        except StorageError as exc:
            typed = bytes(row[1]).decode("utf-8", "replace")
            raise StorageError(f"game {quoted(typed)} cannot be read: {exc}") from None
        if row[0] in shared_ids(conn):
            raise self.log.damaged_game(found, SHARED_ID)
        return row[0], found

    def _insert(self, conn: sqlite3.Connection, game_id: int | None, entry: Entry) -> str:
        text = json.dumps(entry.to_json(), sort_keys=True)
        conn.execute(
            "INSERT INTO entries (game_id, seq, kind, data) VALUES (?, ?, ?, ?)",
            (game_id, entry.seq, entry.kind, text),
        )
        return text


def table_words(store: GameStore) -> TableWordsFile:
    """The table's own words in the store's file (store/rulings.py), read and written as its games are."""
    from qscore.store.rulings import TableWordsFile

    return TableWordsFile(store.file, store._transaction)


def _keep_rulings(conn: sqlite3.Connection) -> None:
    """The table's paper rulings kept beside the logs, at this qscore's first write to a file."""
    from qscore.store.ruledcopy import add_rulings

    add_rulings(conn)


def _refuse_started(conn: sqlite3.Connection, form: str) -> None:
    """FormTakenError if a saved game was started by the form ``form``, whichever process took it."""
    from qscore.game.entries import LogLine, entry_of
    from qscore.game.forms import FormTakenError

    row = conn.execute(
        # each game's first entry, found by its key (CROSS JOIN keeps the games the outer loop)
        "SELECT CAST(g.name AS BLOB), e.data FROM games g CROSS JOIN entries e ON e.game_id = g.id AND e.seq = 1 "
        "WHERE (CASE WHEN json_valid(e.data) THEN json_extract(e.data, '$.form') END) = ?",
        (form,),
    ).fetchone()
    if row is not None:
        raise FormTakenError(text_of(row[0], ""), entry_of(LogLine(1, "created", json.loads(row[1]))))


def _started_now() -> str:
    """A new game's start, to the microsecond (UTC, as SQLite's datetime('now') gives it): a
    game's number and start tell it from every other (``Identity``), and a game made where
    one was just deleted takes its number again, within the same second in a test or a script."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


def _identified(conn: sqlite3.Connection, identity: Identity, name: str | None) -> Any:
    """The row of the game ``identity`` tells (its number and start: a number a deleted game
    had is given again, its start never), or UnknownGameError naming it ``name``: deleted."""
    row = conn.execute("SELECT id, CAST(name AS BLOB) FROM games WHERE id = ? AND started = ?", identity).fetchone()
    if row is None:
        raise UnknownGameError(f"game {quoted(name or '')} was deleted: nothing more is saved to it")
    return row


ANOTHER_NAME = Remedy("game-name")


def _refuse_taken(name: str, taken: set[str], hint: str | Remedy = ANOTHER_NAME) -> None:
    """Refuse a name a saved game has, in any case, or that reads as one (friday with a
    Cyrillic i beside friday): the same look-alike rule as players' names."""
    from qscore.game.names import letters_told, plain_letters

    key = game_key(name)
    clash = next((t for t in taken if game_key(t) == key), None)
    if clash is not None:
        raise StorageError(f"a game named {quoted(clash)} exists already: ", hint)
    looks = plain_letters(key)
    alike = next((t for t in taken if plain_letters(game_key(t)) == looks), None)
    if alike is not None:
        raise StorageError(
            f"a game named {quoted(alike)} exists already, and {quoted(name)} looks the same"
            f"{letters_told(alike, name)}: ",
            hint,
        )


def _free_name(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"
