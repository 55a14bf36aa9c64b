"""The scorekeeper's use-cases: start a game, record a laydown, settle a challenge, undo,
rename a player, a player leaves, rename or delete a game, and the reads the commands need.

This is the application layer: the only code that opens the saved games and the one
path by which anything is written. It never prints and never asks: a question the table
must answer comes back as an error carrying what to ask (BonusChoiceNeeded), and every
result is plain data for the command line (or ``qscore play``) to render.

Every write checks the entry twice: first against the game as read (so the dictionary,
which may take a while to open, is consulted outside the write), then inside the write
transaction against the game as it then stands, so two terminals never lose an entry.

Importing this module costs nothing: the store, the sheet and the dictionaries are
imported inside the functions that use them, so ``qscore check`` does not pay for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from qscore import paths
from qscore.choices import Ruling
from qscore.errors import BonusChoiceNeeded, DictionaryError, GameError, QscoreError, Remedy, quoted

if TYPE_CHECKING:
    from qscore.dictionaries import Dictionary, Verdict
    from qscore.entries import Act, Challenged, Entry, LaidDown, Left, LogLine, Renamed, Undone
    from qscore.gamelines import GameLine
    from qscore.review import HandReview
    from qscore.scoresheet import Challenge, Game, Laydown
    from qscore.stats import TableStats
    from qscore.storage import GameStore, Summarized, Unreadable
    from qscore.storage import Written as Written  # what recording() gives


# What the use-cases called inside a recording() block save (None outside one): a
# context variable, so a second thread or task keeps its own, and nothing outlives the block.
_recording: ContextVar[list[Written] | None] = ContextVar("qscore_recording", default=None)


@contextmanager
def recording() -> Iterator[list[Written]]:
    """What the use-cases called inside the block save (entries, games renamed or deleted),
    oldest first, as each write commits: after Ctrl-C it tells whether anything was saved.
    A block inside another shares its record; outside any, nothing is recorded."""
    open_already = _recording.get()
    if open_already is not None:
        yield open_already
        return
    written: list[Written] = []
    token = _recording.set(written)
    try:
        yield written
    finally:
        _recording.reset(token)


def entries_written(written: list[Written]) -> list[Entry]:
    """The entries among what was saved, oldest first."""
    return [w.entry for w in written if w.entry is not None]


def _store() -> GameStore:
    """A store for one use-case: it holds no connection between calls, and what it
    commits goes to the recording under way, if any."""
    from qscore.storage import GameStore

    return GameStore(written=_recording.get())


A = TypeVar("A", bound="Act")  # the kind of entry a use-case writes


@dataclass(frozen=True)
class Saved(Generic[A]):
    """One entry written: the game as it stood before, the entry, and the game after."""

    before: Game
    entry: Entry
    after: Game

    @property
    def act(self) -> A:
        """What the entry recorded: the kind the use-case writes (a laydown, a challenge...)."""
        return cast(A, self.entry.act)

    @property
    def round_no(self) -> int | None:
        """The round the entry belongs to, if any."""
        return self.entry.round

    @property
    def replaced(self) -> Laydown | None:
        """For a laydown: the one it replaced, if the player had laid down in that round."""
        from qscore.entries import LaidDown

        act = self.entry.act
        return self.before.rounds[act.round - 1].laydowns.get(act.player) if isinstance(act, LaidDown) else None

    @property
    def dropped(self) -> list[Challenge]:
        """The challenges of the entry's round that stood before it and stand no more: a
        laydown replaced without the word challenged takes its challenge with it."""
        number = self.round_no
        if number is None or number > len(self.before.rounds):
            return []
        now = list(self.after.rounds[number - 1].challenges)
        gone = []
        for c in self.before.rounds[number - 1].challenges:
            if c in now:
                now.remove(c)
            else:
                gone.append(c)
        return gone

    @property
    def closed(self) -> bool:
        """Whether the entry's round is closed now, every player of it laid down (and scored)."""
        number = self.round_no
        return number is not None and number <= len(self.after.rounds) and self.after.rounds[number - 1].closed

    @property
    def rescored(self) -> bool:
        """Whether the entry changed a round that was closed already: its scores are worked out again."""
        number = self.round_no
        return self.closed and number is not None and self.before.rounds[number - 1].closed


def _append(build: Callable[[Game], A], game: str | None, read: Game | None = None) -> Saved[A]:
    """Check and save one entry in one write: ``build`` checks it against the game as it
    stands inside the write (``read``, the game as read before the write, is taken as it if
    no entry was added meanwhile, so it is not replayed again), and the game's summary is
    kept with it."""
    from qscore.gamelines import FIGURES_VERSION
    from qscore.scoresheet import Game

    with _store().appending(game) as write:
        same = read is not None and read.name == write.name and _same_log(read, write.log)
        before = read if same and read is not None else Game.from_log(write.name, write.log)
        entry = write.add(build(before))
        after = Game(write.name, [*before.entries, entry])
        write.keep_summary(FIGURES_VERSION, _figures(after, before, write.kept(FIGURES_VERSION)))
    return Saved(before, entry, after)


def _same_log(game: Game, log: list[LogLine]) -> bool:
    """Whether ``game`` was replayed from this log (its entries read alike: no replay needed)."""
    from qscore.entries import read_entries

    return len(game.entries) == len(log) and read_entries(game.name, log) == game.entries


# --- the summaries kept beside the logs ---------------------------------------
#
# Each game's figures (qscore.stats.GameFigures) are kept beside its log, written with
# every entry, so `games` and `stats` read one row a game instead of replaying it. Points
# missed come from the review, which solves every hand: a write does not pay for it. An
# entry that leaves the closed rounds as they were keeps the points missed already found;
# one that changes them (the laydown that closes a round, a challenge, a correction)
# leaves them to the next `stats`, which reviews that game and keeps what it found.


def _figures(
    game: Game,
    before: Game | None,
    kept: dict[str, Any] | None,
    review: bool = False,
    unreviewed: list[str] | None = None,
) -> dict[str, Any]:
    """A game's summary, as kept: its figures, with the points missed ``kept`` of it (or
    of ``before``, the game before its last entry, if that left its closed rounds as they
    were); with ``review``, found now if not kept (why a game's cannot be is added to
    ``unreviewed``)."""
    from qscore.review import missed_totals, reviewed_part  # not needed by a read of kept figures
    from qscore.stats import game_figures

    missed = kept.get("missed") if kept is not None else None
    if missed is not None and before is not None and reviewed_part(before) != reviewed_part(game):
        missed = None
    if missed is None and review:
        try:
            missed = missed_totals(game, review_of(game))
        except QscoreError as exc:
            if unreviewed is not None:
                unreviewed.append(str(exc))
    return game_figures(game, missed).to_json()


def _listing(
    kind: str,
    fold: Callable[[list[Summarized | Unreadable]], tuple[Any, bool]],
    *,
    review: bool = False,
    unreviewed: list[str] | None = None,
) -> tuple[Any, str | None]:
    """What ``fold`` makes of every saved game's summary, oldest first, and what SQLite's
    check of the file found: the listing kept beside the logs, or made from the summaries
    kept beside them, the missing ones made here; what was made is kept. ``fold`` says
    whether its value may be kept; with ``review``, a summary without points missed is
    made again (with them, when the game's dictionary opens)."""
    from qscore.gamelines import FIGURES_VERSION
    from qscore.scoresheet import Game
    from qscore.storage import Pending, Summarized, Unreadable

    store = _store()
    listed = store.listing(kind, FIGURES_VERSION, "missed" if review else None)
    if listed.hit:
        return listed.value, None
    found: list[Summarized | Unreadable] = []
    made: list[tuple[Pending, dict[str, Any]]] = []
    for item in listed.found:
        if isinstance(item, Pending):
            try:
                data = _figures(Game.from_log(item.name, item.entries), None, item.kept, review, unreviewed)
            except QscoreError as exc:
                found.append(Unreadable(item.name, str(exc)))
                continue
            made.append((item, data))
            item = Summarized(item.name, data)
        found.append(item)
    value, keepable = fold(found)
    store.keep(listed, made, value if keepable else None)
    return value, listed.damage


@dataclass
class GameList:
    """``qscore games``: each game's line by name, oldest first, or why it cannot be read."""

    games: list[tuple[str, GameLine] | Unreadable]
    damage: str | None  # what SQLite's check of the file found, if anything


def game_list() -> GameList:
    """Every saved game's line, from the listing kept beside the logs, or made from the
    summaries kept beside them (and kept)."""
    from qscore.gamelines import GameLine
    from qscore.storage import Unreadable

    def fold(found: list[Summarized | Unreadable]) -> tuple[Any, bool]:
        lines = [
            [g.name, None, g.reason] if isinstance(g, Unreadable) else [g.name, GameLine.of(g.data).to_json(), None]
            for g in found
        ]
        return lines, True

    lines, damage = _listing("games", fold)
    games: list[tuple[str, GameLine] | Unreadable] = [
        Unreadable(name, reason) if line is None else (name, GameLine.from_json(line)) for name, line, reason in lines
    ]
    return GameList(games, damage)


# --- reads -------------------------------------------------------------------


def load_game(name: str | None = None) -> Game:
    """The game of that name, or the one most recently started."""
    return _store().load(name)


def _game_to_write(name: str | None) -> Game:
    """The game a write is about to change, read to check the entry before the write: the
    write itself runs SQLite's check of the file, so this read does not."""
    return _store().load(name, check=False)


def games_file() -> Path:
    """The file the games are saved in: ``qscore serve`` watches it for entries saved by any
    terminal or phone (in its write-ahead log, beside it with ``-wal`` added)."""
    from qscore.storage import DB_NAME

    return paths.data_dir() / DB_NAME


def check_new_name(name: str) -> None:
    """Refuse a name no new game can take (too long, not one line, or a saved game's),
    before the table answers anything else."""
    _store().check_free(name)


def game_names() -> list[str]:
    """The saved games' names, oldest first, without reading their logs."""
    return _store().names()


def saved_games() -> list[Game | Unreadable]:
    """Every saved game, oldest first; one whose log cannot be read is named, not fatal."""
    return _store().games()


def game_dictionary(game: Game) -> Dictionary:
    """The dictionary the table chose when the game started, house lists included."""
    from qscore.dictionaries import open_dictionary

    c = game.config
    return open_dictionary(c.dictionary, c.allow, c.deny)


def refused_words(
    game: Game, laid: list[str], dictionary: Dictionary | None = None, *, suggest: bool = False
) -> list[Verdict]:
    """The words the game's dictionary refuses, judged as laid (with the game's deck and
    largest hand), with what each may have meant when ``suggest``; the dictionary is
    ``dictionary`` if open already."""
    from qscore.dictionaries import judge

    if not laid:
        return []
    most = max(game.config.rounds)
    dictionary = dictionary or game_dictionary(game)
    verdicts = [judge(w, dictionary, game.deck, max_cards=most, suggest=suggest) for w in laid]
    return [v for v in verdicts if not v.allowed]


def review_of(game: Game, rounds: list[int] | None = None, players: list[str] | None = None) -> list[HandReview]:
    """The reviews of a game's closed rounds, under the dictionary and house lists it was played with."""
    from qscore.review import review_game

    if not any(r.closed for r in game.rounds):
        return []  # nothing to review: the dictionary need not open
    try:
        dictionary = game_dictionary(game)
    except DictionaryError as exc:
        raise DictionaryError(f"cannot review game {quoted(game.name)} without its dictionary: ", *exc.parts) from None
    return review_game(game, dictionary, rounds=rounds, players=players)


@dataclass
class TableFigures:
    """``qscore stats``: the figures, and what was left out of them and why."""

    figures: TableStats
    unreadable: list[Unreadable] = field(default_factory=list)  # games that cannot be read
    unreviewed: list[str] = field(default_factory=list)  # why a game's points missed are left out
    damage: str | None = None  # what SQLite's check of the file found, if anything


def table_figures() -> TableFigures:
    """Each player's figures and the table's records, across every saved game that can be
    read, from the summaries kept beside the logs (a game whose review is not kept yet is
    reviewed now, and kept)."""
    from qscore.stats import GameFigures, TableStats, table_figures
    from qscore.storage import Unreadable

    unreviewed: list[str] = []

    def fold(found: list[Summarized | Unreadable]) -> tuple[Any, bool]:
        games = [(g.name, GameFigures.from_json(g.data)) for g in found if not isinstance(g, Unreadable)]
        unreadable = [[g.name, g.reason] for g in found if isinstance(g, Unreadable)]
        value = {"stats": table_figures(games).to_json(), "unreadable": unreadable, "unreviewed": unreviewed}
        return value, not unreviewed  # a game whose review is left out is reviewed next time

    value, damage = _listing("stats", fold, review=True, unreviewed=unreviewed)
    unreadable = [Unreadable(name, reason) for name, reason in value["unreadable"]]
    return TableFigures(TableStats.from_json(value["stats"]), unreadable, value["unreviewed"], damage)


# --- starting a game ---------------------------------------------------------


def start_game(
    players: list[str],
    *,
    variant: str = "standard",
    rounds: str | None = None,
    bonus: str | None = None,
    dealer: str | None = None,
    dictionary: str | None = None,
    allow: Path | None = None,
    deny: Path | None = None,
    name: str | None = None,
    bonus_points: int | None = None,
    review: bool = True,
) -> Game:
    """Check the table's choices and save the new game. Two players with no bonus named
    raise BonusChoiceNeeded: the table must choose one."""
    from qscore.cards import load_deck
    from qscore.dictionaries import dictionary_name, open_dictionary, read_word_file
    from qscore.entries import Created, Entry, GameConfig
    from qscore.gamelines import FIGURES_VERSION
    from qscore.rules import TWO_PLAYERS_CHOOSE, check_config, check_players, parse_rounds
    from qscore.scoresheet import Game, name_key
    from qscore.scoring import BONUS_POINTS

    players = [p.strip() for p in players]  # names as the table wrote them, trimmed
    check_players(players)  # before the dictionary: a wrong list is told first
    if name is not None:
        check_new_name(name)  # said first: a taken name is no reason to answer the rest
    deck = load_deck(variant.strip().lower())
    allowed = tuple(sorted(read_word_file(allow))) if allow else ()
    denied = tuple(sorted(read_word_file(deny))) if deny else ()
    open_dictionary(dictionary, allowed, denied)  # fails now, not mid-game, if it cannot open
    if bonus is None:
        if len(players) == 2:
            raise BonusChoiceNeeded(*TWO_PLAYERS_CHOOSE, players=tuple(players))
        bonus = "both"
    bonus = bonus.strip().lower()
    if bonus == "none" and bonus_points is not None:
        raise GameError(Remedy("bonus-points"), " with ", Remedy("no-bonus"), ": the game plays no bonus")
    first = 0
    if dealer is not None:
        keys = [name_key(p) for p in players]
        if name_key(dealer) not in keys:
            raise GameError(f"dealer {quoted(dealer)} is not a player: players are {', '.join(players)}")
        first = keys.index(name_key(dealer))
    config = GameConfig(
        players=tuple(players),
        deck=deck.key,
        rounds=deck.rounds if rounds is None else parse_rounds(rounds),
        bonus=bonus,
        dictionary=dictionary_name(dictionary),
        allow=allowed,
        deny=denied,
        first_dealer=first,
        bonus_points=BONUS_POINTS if bonus_points is None else bonus_points,
        review=review,
    )
    check_config(config)
    figures = _figures(Game("", [Entry(1, Created(config))]), None, None)  # the name is not in them
    return _store().create(config, name, (FIGURES_VERSION, figures))


# --- entries -----------------------------------------------------------------


@dataclass(frozen=True)
class LaydownRecorded:
    """A laydown saved, and the words the game's dictionary refuses (None: not checked)."""

    saved: Saved[LaidDown]
    refused: list[Verdict] | None


def record_laydown(
    player: str,
    words: list[str],
    unused: str,
    out: bool,
    round_no: int | None,
    game: str | None,
    *,
    replace: bool = False,
    unchecked: bool = False,
) -> LaydownRecorded:
    """Check and save a laydown.

    Everything that can fail is decided before the write (the laydown against the game
    as read, the dictionary opened and the words judged), and the laydown is checked
    again inside the write, against the game as it then stands: a laydown recorded
    meanwhile from another terminal raises LaydownExistsError unless ``replace``.
    """
    from qscore.rules import check_laydown

    current = _game_to_write(game)
    _, lay = check_laydown(current, player, words, unused, out, round_no, replace=replace)
    refused = None
    if not unchecked:
        try:
            refused = refused_words(current, list(lay.words), suggest=True)
        except DictionaryError as exc:
            raise DictionaryError(
                "the game's dictionary cannot be opened (", *exc.parts, "): nothing was recorded; ", Remedy("unchecked")
            ) from None
    return LaydownRecorded(
        save_laydown(player, words, unused, out, round_no, current.name, replace=replace, read=current), refused
    )


def save_laydown(
    player: str,
    words: list[str],
    unused: str,
    out: bool,
    round_no: int | None,
    game: str | None,
    *,
    replace: bool,
    read: Game | None = None,
) -> Saved[LaidDown]:
    """Save a laydown, checked inside the write against the game as it then stands (``read``:
    the game as read just before, if it was). A laydown there already stands
    (LaydownExistsError) unless ``replace``."""
    from qscore.rules import laid_down

    return _append(lambda g: laid_down(g, player, words, unused, out, round_no, replace=replace), game, read)


def settle_challenge(
    player: str,
    word: str,
    by: str,
    ruling: Ruling | None,
    round_no: int | None,
    game: str | None,
    dictionary: Dictionary | None = None,
) -> Saved[Challenged]:
    """Settle a challenge by the game's dictionary (``dictionary``, if open already) or a
    table's ruling (``valid`` or ``invalid``, as the command line and play take it), and save it."""
    from qscore.dictionaries import judge
    from qscore.rules import challenge_settled, check_challenge

    current = _game_to_write(game)
    if ruling is None:
        # Judge before the write: opening a dictionary (hunspell, say) can take a while,
        # and a second terminal waits while a write is open. A game's dictionary never
        # changes, and the challenged word is matched by these same letters.
        # a wrong challenge is told before the dictionary; the word is judged as it was laid
        laid = check_challenge(current, player, word, by, round_no)[2]
        most = max(current.config.rounds)
        try:
            verdict = judge(laid, dictionary or game_dictionary(current), current.deck, max_cards=most, suggest=False)
        except DictionaryError as exc:
            raise DictionaryError(
                "the game's dictionary cannot be opened (",
                *exc.parts,
                "): nothing was recorded; settle it with a paper dictionary: ",
                Remedy("paper-ruling"),
            ) from None
        valid, how, reason = verdict.allowed, "dictionary", verdict.reason
    else:
        valid, how, reason = ruling == "valid", "table", None

    return _append(
        lambda g: challenge_settled(g, player, word, by, round_no, valid, how, reason), current.name, current
    )


def undo(game: str | None) -> Saved[Undone]:
    """Take back the game's last standing entry; ``undone(saved)`` is the entry taken back."""
    from qscore.rules import check_undo

    return _append(check_undo, game)


def undone(saved: Saved[Undone]) -> Entry:
    """The entry an undo took back."""
    return saved.before.entries[saved.act.undoes - 1]


def rename_player(old: str, new: str, game: str | None) -> Saved[Renamed]:
    """Put a player's name right on the whole sheet."""
    from qscore.rules import check_rename

    return _append(lambda g: check_rename(g, old, new), game)


def leave(player: str, bonus: str | None, game: str | None) -> Saved[Left]:
    """A player goes home. When two would be left playing both bonuses and none is named,
    BonusChoiceNeeded says who plays on: nothing is saved until the table chooses."""
    from qscore.rules import check_leave

    return _append(lambda g: check_leave(g, player, bonus), game)


def rename_game(old: str, new: str) -> str:
    """Give a saved game a new name; returns the old one."""
    return _store().rename(old, new)


def delete_game(name: str) -> str:
    """Remove a saved game and its whole sheet; returns its name."""
    return _store().delete(name)
