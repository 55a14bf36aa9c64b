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

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from qscore import paths
from qscore.choices import Ruling
from qscore.errors import BonusChoiceNeeded, DictionaryError, GameError, QscoreError, Remedy, quoted

if TYPE_CHECKING:
    from qscore.dictionaries import Dictionary, Verdict
    from qscore.entries import Act, Challenged, Entry, LaidDown, Left, Renamed, Undone
    from qscore.gamelines import GameLine
    from qscore.review import HandReview
    from qscore.scoresheet import Game, Laydown
    from qscore.stats import TableStats
    from qscore.storage import GameStore, Summary, Unreadable
    from qscore.storage import Written as Written  # what changes_written() gives


# The stores the running command opened: after Ctrl-C they tell whether an entry was saved.
_stores: list[GameStore] = []


def open_store() -> GameStore:
    from qscore.storage import GameStore

    store = GameStore()
    _stores.append(store)
    return store


def begin_command() -> None:
    """Forget the entries an earlier command wrote (a test runs many commands in one process)."""
    _stores.clear()


def entries_written() -> list[Entry]:
    """The entries this command has saved so far, oldest first."""
    return [w.entry for w in changes_written() if w.entry is not None]


def changes_written() -> list[Written]:
    """What this command has saved so far (entries, and games renamed or deleted), oldest first."""
    return [w for store in _stores for w in store.written]


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
    def closed(self) -> bool:
        """Whether the entry's round is closed now, every player of it laid down (and scored)."""
        number = self.round_no
        return number is not None and number <= len(self.after.rounds) and self.after.rounds[number - 1].closed

    @property
    def rescored(self) -> bool:
        """Whether the entry changed a round that was closed already: its scores are worked out again."""
        number = self.round_no
        return self.closed and number is not None and self.before.rounds[number - 1].closed


def _append(build: Callable[[Game], A], game: str | None) -> Saved[A]:
    return Saved(*open_store().append(build, game, _summary()))


# --- the summaries kept beside the logs ---------------------------------------
#
# Each game's figures (qscore.stats.GameFigures) are kept beside its log, written with
# every entry, so `games` and `stats` read one row a game instead of replaying it. Points
# missed come from the review, which solves every hand: a write does not pay for it. An
# entry that leaves the closed rounds as they were keeps the points missed already found;
# one that changes them (the laydown that closes a round, a challenge, a correction)
# leaves them to the next `stats`, which reviews that game and keeps what it found.


def _summary(review: bool = False, unreviewed: list[str] | None = None) -> Summary:
    """How a game's summary is made; with ``review``, its points missed are found if not kept
    (why a game's cannot be is added to ``unreviewed``)."""
    from qscore.gamelines import FIGURES_VERSION
    from qscore.storage import Summary

    def derive(game: Game, before: Game | None, kept: dict[str, Any] | None) -> dict[str, Any]:
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

    return Summary(FIGURES_VERSION, derive)


@dataclass
class GameList:
    """``qscore games``: each game's line by name, oldest first, or why it cannot be read."""

    games: list[tuple[str, GameLine] | Unreadable]
    damage: str | None  # what SQLite's check of the file found, if anything


def game_list() -> GameList:
    """Every saved game's line, from the listing kept beside the logs, or made from the
    summaries kept beside them (and kept)."""
    from qscore.gamelines import GameLine
    from qscore.storage import Summarized, Unreadable

    def fold(found: list[Summarized | Unreadable]) -> tuple[Any, bool]:
        lines = [
            [g.name, None, g.reason] if isinstance(g, Unreadable) else [g.name, GameLine.of(g.data).to_json(), None]
            for g in found
        ]
        return lines, True

    store = open_store()
    lines = store.listing("games", _summary(), lambda data: False, fold)
    games: list[tuple[str, GameLine] | Unreadable] = [
        Unreadable(name, reason) if line is None else (name, GameLine.from_json(line)) for name, line, reason in lines
    ]
    return GameList(games, store.file.damage)


# --- reads -------------------------------------------------------------------


def load_game(name: str | None = None) -> Game:
    """The game of that name, or the one most recently started."""
    return open_store().load(name)


def games_file() -> Path:
    """The file the games are saved in: ``qscore serve`` watches it for entries saved by any
    terminal or phone (in its write-ahead log, beside it with ``-wal`` added)."""
    from qscore.storage import DB_NAME

    return paths.data_dir() / DB_NAME


def check_new_name(name: str) -> None:
    """Refuse a name no new game can take (too long, not one line, or a saved game's),
    before the table answers anything else."""
    open_store().check_free(name)


def game_names() -> list[str]:
    """The saved games' names, oldest first, without reading their logs."""
    return open_store().names()


def saved_games() -> list[Game | Unreadable]:
    """Every saved game, oldest first; one whose log cannot be read is named, not fatal."""
    return open_store().games()


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
    from qscore.storage import Summarized, Unreadable

    unreviewed: list[str] = []

    def fold(found: list[Summarized | Unreadable]) -> tuple[Any, bool]:
        games = [(g.name, GameFigures.from_json(g.data)) for g in found if not isinstance(g, Unreadable)]
        unreadable = [[g.name, g.reason] for g in found if isinstance(g, Unreadable)]
        value = {"stats": table_figures(games).to_json(), "unreadable": unreadable, "unreviewed": unreviewed}
        return value, not unreviewed  # a game whose review is left out is reviewed next time

    store = open_store()
    value = store.listing("stats", _summary(True, unreviewed), lambda d: d.get("missed") is None, fold)
    unreadable = [Unreadable(name, reason) for name, reason in value["unreadable"]]
    return TableFigures(TableStats.from_json(value["stats"]), unreadable, value["unreviewed"], store.file.damage)


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
    from qscore.entries import GameConfig
    from qscore.rules import TWO_PLAYERS_CHOOSE, check_config, check_players, parse_rounds
    from qscore.scoresheet import name_key
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
    return open_store().create(config, name, _summary())


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

    current = load_game(game)
    _, lay = check_laydown(current, player, words, unused, out, round_no, replace=replace)
    refused = None
    if not unchecked:
        try:
            refused = refused_words(current, list(lay.words), suggest=True)
        except DictionaryError as exc:
            raise DictionaryError(
                "the game's dictionary cannot be opened (", *exc.parts, "): nothing was recorded; ", Remedy("unchecked")
            ) from None
    return LaydownRecorded(save_laydown(player, words, unused, out, round_no, current.name, replace=replace), refused)


def save_laydown(
    player: str, words: list[str], unused: str, out: bool, round_no: int | None, game: str | None, *, replace: bool
) -> Saved[LaidDown]:
    """Save a laydown, checked inside the write against the game as it then stands.
    A laydown there already stands (LaydownExistsError) unless ``replace``."""
    from qscore.rules import laid_down

    return _append(lambda g: laid_down(g, player, words, unused, out, round_no, replace=replace), game)


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

    current = load_game(game)
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

    return _append(lambda g: challenge_settled(g, player, word, by, round_no, valid, how, reason), current.name)


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
    return open_store().rename(old, new)


def delete_game(name: str) -> str:
    """Remove a saved game and its whole sheet; returns its name."""
    return open_store().delete(name)
