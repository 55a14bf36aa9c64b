"""The figures kept beside the logs (each game's summary), made and kept as a write or a
read finds them missing, and what `games` and `stats` make of them.

Each game's figures (qscore.game.gamefigures.GameFigures) are kept beside its log, written with
every entry, so `games` and `stats` read one row a game instead of replaying it. Points
missed come from the review, which solves every hand: a write does not pay for it. An
entry that leaves the closed rounds as they were keeps the points missed already found;
one that changes them (the laydown that closes a round, a challenge, a correction)
leaves them to the next `stats`, which reviews that game and keeps what it found.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from qscore.errors import QscoreError
from qscore.game import gamelines
from qscore.game.gamelines import GameLine, reviewed
from qscore.scorekeeper.reads import missed_of
from qscore.scorekeeper.store import open_store

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game
    from qscore.game.tablestats import EveningFigures, TableStats
    from qscore.store.storage import CommittedChange as CommittedChange  # what recording() gives
    from qscore.store.storage import Pending, Summarized, Taker, UnreadableGame


class ReadProgress(NamedTuple):
    """What a long read hands up as it goes: ``done`` of ``total`` games' figures worked
    out (from their logs, their reviews too for `stats`), for a face to show."""

    done: int
    total: int


def game_summary(
    game: Game,
    before: Game | None,
    kept: str | None,
    review: bool = False,
    unreviewed: list[str] | None = None,
    *,
    earlier: tuple[int, str] | None = None,
    many: bool = False,
) -> str:
    """A game's summary, as kept: its figures, with the points missed ``kept`` of it (or
    of ``before``, the game before its last entry, if that left its closed rounds as they
    were; or ``earlier``'s, a summary of another version of the same log, from
    gamelines.MISSED_SINCE on); with ``review``, found now if not kept (why a game's
    cannot be is added to ``unreviewed``; ``many``: one of many games to review)."""
    from qscore.game.gamefigures import GameFigures, game_figures

    missed = GameFigures.from_text(kept).missed if kept is not None else None
    if missed is not None and before is not None:
        from qscore.hands.handreview import (
            reviewed_part,  # only then: a write with no points missed kept loads no review
        )

        if reviewed_part(before) != reviewed_part(game):
            missed = None
    if missed is None and earlier is not None and earlier[0] >= gamelines.MISSED_SINCE:
        missed = _missed_of(_earlier_data(earlier[1]), game.players)
    if missed is None and review:
        try:
            missed = missed_of(game, many=many)
        except QscoreError as exc:
            if unreviewed is not None:
                unreviewed.append(str(exc))
    return game_figures(game, missed).to_text()


def _earlier_data(text: str) -> dict[str, Any]:
    """What a kept summary of another version holds that may carry over (its points
    missed), as a dict; of a version from gamelines.MISSED_SINCE on, it is the text
    GameFigures.to_text writes."""
    from qscore.game.gamefigures import GameFigures

    try:
        return {"missed": GameFigures.from_text(text).missed}
    except (ValueError, TypeError, KeyError):
        return {}


def _missed_of(data: dict[str, Any], players: tuple[str, ...]) -> dict[str, int] | None:
    """The points missed a kept summary holds, if whole: a count for each of ``players``."""
    missed = data.get("missed")
    if not isinstance(missed, dict) or set(missed) != set(players):
        return None
    if not all(type(n) is int and n >= 0 for n in missed.values()):
        return None
    return missed


# what a game's summary made from its log gives back: the summary or why the log cannot be
# read, and why its points missed are left out (if they are)
Outcome = tuple[str | None, str | None, list[str]]


def summary_of(item: Pending, review: bool, many: bool) -> Outcome:
    """A pending game's summary made from its log (``game_summary``), or why it cannot be:
    plain data, as a worker process hands it back (qscore.scorekeeper.workers)."""
    from qscore.game.scoresheet import Game

    unreviewed: list[str] = []
    try:
        game = Game.from_log(item.name, item.entries)
        data = game_summary(game, None, item.kept, review, unreviewed, earlier=item.earlier, many=many)
    except QscoreError as exc:
        return None, str(exc), unreviewed
    return data, None, unreviewed


# Past this many games to review in one read, the dictionary's anagram keys are read
# whole first (about 0.1 s), so each hand looks up only the keys a word has.
MANY_GAMES = 8


def _summary_work(review: bool, total: int) -> Callable[[Pending], Outcome]:
    """What works out each of ``total`` pending games' summaries (``summary_of``)."""
    return partial(summary_of, review=review, many=total > MANY_GAMES)


class _Told:
    """A read's taker that hands each pending game on as its log is read, and tells the
    progress meanwhile: none of them worked out yet, but the work under way (a read of
    2,000 logs takes a second or two before the first game comes back)."""

    def __init__(self, taker: Taker, progress: Callable[[ReadProgress], None]) -> None:
        self.taker, self.progress, self.total = taker, progress, 0

    def expect(self, total: int) -> None:
        self.total = total
        self.taker.expect(total)

    def take(self, item: Pending) -> None:
        self.taker.take(item)
        self.progress(ReadProgress(0, self.total))


def _summaries(
    *,
    review: bool = False,
    unreviewed: list[str] | None = None,
    progress: Callable[[ReadProgress], None] | None = None,
) -> tuple[list[Summarized | UnreadableGame], str | None]:
    """Every saved game's summary, oldest first, or why it cannot be read, and what
    SQLite's check of the file found: read from the summaries kept beside the logs, the
    missing ones made here (``progress`` told after each) and kept. With ``review``, a
    summary without points missed is made again (with them, when the game's dictionary
    opens); why a game's cannot be is added to ``unreviewed``."""
    from qscore.scorekeeper.workers import Shared  # its pool is loaded only for many games
    from qscore.store.storage import Pending, Summarized, UnreadableGame

    store = open_store()
    # each pending game's summary, or why it cannot be made, worked out from when its log
    # is read (worker processes share them out when there are many), back in order
    with Shared(partial(_summary_work, review)) as shared:
        taker = shared if progress is None else _Told(shared, progress)
        listed = store.summaries(gamelines.FIGURES_VERSION, reviewed if review else None, taker)
        pending = [item for item in listed.found if isinstance(item, Pending)]
        total = len(pending)
        worked_out = shared.results(pending)
        found: list[Summarized | UnreadableGame] = []
        made: list[tuple[Pending, str]] = []
        done = 0
        for item in listed.found:
            if isinstance(item, Pending):
                data, reason, why_unreviewed = next(worked_out)
                done += 1
                if unreviewed is not None:
                    unreviewed.extend(why_unreviewed)
                if progress is not None:
                    progress(ReadProgress(done, total))
                if data is None:
                    found.append(UnreadableGame(item.name, str(reason)))
                    continue
                made.append((item, data))
                item = Summarized(item.name, data)
            found.append(item)
    store.keep(listed, made)
    return found, listed.damage


class GameList(NamedTuple):
    """``qscore games``: each game's line by name, oldest first, or why it cannot be read."""

    games: list[tuple[str, GameLine] | UnreadableGame]
    damage: str | None  # what SQLite's check of the file found, if anything


def game_list(progress: Callable[[ReadProgress], None] | None = None) -> GameList:
    """Every saved game's line, from the summaries kept beside the logs (those missing
    made, and kept); ``progress`` is told of each summary made."""
    from qscore.store.storage import UnreadableGame

    found, damage = _summaries(progress=progress)
    games: list[tuple[str, GameLine] | UnreadableGame] = [
        g if isinstance(g, UnreadableGame) else (g.name, GameLine.of(g.data)) for g in found
    ]
    return GameList(games, damage)


class TableFigures(NamedTuple):
    """``qscore stats``: the figures, and what was left out of them and why."""

    figures: TableStats
    unreadable: list[UnreadableGame]  # games that cannot be read
    unreviewed: list[str]  # why a game's points missed are left out
    damage: str | None  # what SQLite's check of the file found, if anything


def table_figures(progress: Callable[[ReadProgress], None] | None = None) -> TableFigures:
    """Each player's figures and the table's records, across every saved game that can be
    read, from the summaries kept beside the logs (a game whose review is not kept yet is
    reviewed now, and kept); ``progress`` is told of each summary made."""
    from qscore.game.tablestats import table_figures
    from qscore.store.storage import UnreadableGame

    unreviewed: list[str] = []
    found, damage = _summaries(review=True, unreviewed=unreviewed, progress=progress)
    games = [(g.name, g.data) for g in found if not isinstance(g, UnreadableGame)]
    unreadable = [g for g in found if isinstance(g, UnreadableGame)]
    return TableFigures(table_figures(games), unreadable, unreviewed, damage)


def evening_figures(game: Game) -> EveningFigures | None:
    """``game``'s figures beside the table's before and after it, from the summaries kept
    beside the logs (those missing made, and kept), worked out again at each call; None
    when the game is not among the games that can be read."""
    from qscore.game.gamefigures import GameFigures
    from qscore.game.tablestats import EveningFigures, table_figures
    from qscore.store.storage import UnreadableGame

    found, _ = _summaries()
    games = [(g.name, g.data) for g in found if not isinstance(g, UnreadableGame)]
    at = next((i for i, (name, _) in enumerate(games) if name == game.name), None)
    if at is None:
        return None
    return EveningFigures(
        GameFigures.from_text(games[at][1]), table_figures(games[:at]), table_figures(games[: at + 1])
    )
