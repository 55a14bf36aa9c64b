"""The figures kept beside the logs (each game's summary, and the listings of `games` and
`stats`), made and kept as a write or a read finds them missing.

Each game's figures (qscore.stats.GameFigures) are kept beside its log, written with
every entry, so `games` and `stats` read one row a game instead of replaying it. Points
missed come from the review, which solves every hand: a write does not pay for it. An
entry that leaves the closed rounds as they were keeps the points missed already found;
one that changes them (the laydown that closes a round, a challenge, a correction)
leaves them to the next `stats`, which reviews that game and keeps what it found.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from qscore.errors import QscoreError
from qscore.scorekeeper.reads import review_of
from qscore.scorekeeper.store import open_store

if TYPE_CHECKING:
    from qscore.gamelines import GameLine
    from qscore.scoresheet import Game
    from qscore.stats import TableStats
    from qscore.storage import Summarized, Unreadable
    from qscore.storage import Written as Written  # what recording() gives


def game_summary(
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

    store = open_store()
    listed = store.listing(kind, FIGURES_VERSION, "missed" if review else None)
    if listed.hit:
        return listed.value, None
    found: list[Summarized | Unreadable] = []
    made: list[tuple[Pending, dict[str, Any]]] = []
    for item in listed.found:
        if isinstance(item, Pending):
            try:
                data = game_summary(Game.from_log(item.name, item.entries), None, item.kept, review, unreviewed)
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
