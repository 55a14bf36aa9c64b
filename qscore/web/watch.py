"""The game's sheet as every page of ``qscore serve`` shows it: ``SheetWatch`` follows the
games file's log (``scorekeeper.follow_games``: SQLite's version of the file, no game read
while nothing was saved), reads the served game again, by its identity, whenever an entry
can be read that the sheet does not hold, and tells every open page's stream of each new
version. A sheet is never kept once the log has a newer entry: the version is taken before
the read and kept only with the sheet read after it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread
from jinja2 import Environment, FileSystemLoader

from qscore import scorekeeper
from qscore.errors import QscoreError, UnknownGameError
from qscore.views.chart_drawing import Drawing, drawing
from qscore.views.evening_summary import EveningSummary, evening_summary
from qscore.views.outcome import round_said
from qscore.views.plays_view import game_review
from qscore.views.sheet import sheet_json
from qscore.views.sheet_view import sheet_view
from qscore.views.totals_chart import chart_of
from qscore.web.guard import unpathed
from qscore.web.table import page_message

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game
    from qscore.views.plays_view import RoundReview
    from qscore.views.sheet_view import SheetView

HERE = Path(__file__).resolve().parent
POLL_SECONDS = 0.1  # how often the games file's version is looked at (one PRAGMA, no game read)

templates = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, trim_blocks=True)


@dataclass(frozen=True)
class Snapshot:
    """The sheet as last read: its version (one up at each change), its JSON, as shown, its HTML."""

    version: int
    data: dict[str, Any] | None  # None: the game cannot be read (error says why)
    html: str
    sheet: SheetView | None = None
    error: str | None = None
    review: RoundReview | None = None  # the last closed round's review, if the game shows one
    waiting: str | None = None  # who the round being played waits for, as play says it
    game: Game | None = None  # as last read: whose phone a cookie names (holder)
    text: str = ""  # api/sheet's answer: the JSON as `qscore sheet --json` prints it, made once a version
    summary: EveningSummary | None = None  # a closed game's: the evening's summary


class SheetWatch:
    """The game's sheet, read again whenever anything saved to the games file (any
    terminal's write or a phone's) can be read, and every open page's stream told of each
    new version."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.files = [scorekeeper.games_file()]
        self.snapshot = Snapshot(0, None, "")
        self._follower: scorekeeper.Follower | None = None  # the games file followed, opened at the first look
        self._stamp: object = None  # the stamp the snapshot was read after
        self._changed = anyio.Event()
        self._lock = anyio.Lock()
        self._reviewed: tuple[str, RoundReview] | None = None
        self.stopping = False  # set when the server is told to stop: every stream then ends
        self.last = 0  # the log's last entry as last read: a laydown form is filled against it
        self.identity: tuple[int, str] | None = None  # the game's, through a rename (at the first read)
        self.closed = False

    @property
    def sheet_html(self) -> str:
        return self.snapshot.html

    @property
    def sheet_version(self) -> int:
        return self.snapshot.version

    def stamp(self) -> object:
        """The game served and the games file's version (scorekeeper.follow_games): it
        changes once anything saved since the last stamp can be read, and only then, so a
        sheet read after a stamp is kept only until the stamp changes. No game is read."""
        if self._follower is None:
            self._follower = scorekeeper.follow_games()
        return self.game, self.identity, self._follower.version()

    def read(self) -> Read:
        try:
            game = self.load()
        except QscoreError as exc:
            return Read(None, None, unpathed(page_message(exc), self.files[0]))
        self.last = game.last
        data = sheet_json(game)
        waiting = round_said(game.current, rescored=False) if game.current is not None else None
        review = self.review_of(game, data)
        chart = drawing(chart_of(game))
        return Read(data, sheet_view(game), None, review, waiting, chart, game, summary_of(game))

    def load(self) -> Game:
        """The game served, read by its identity: under its new name if it was renamed since;
        a game deleted is said so, with no other game's name, and a game that took its name
        is never served in its place."""
        try:
            if self.identity is None:
                self.identity = scorekeeper.game_identity(self.game)
            game = scorekeeper.load_identified(self.identity, self.game)
        except UnknownGameError:  # never another game's name: a phone is no list of the saved games
            raise UnknownGameError(
                f"the game {self.game!r} was deleted: nothing more can be laid here. "
                "The scorekeeper can serve another game."
            ) from None
        self.game = game.name
        return game

    def review_of(self, game: Game, data: dict[str, Any]) -> RoundReview | None:
        """The last closed round's review (made again only when that round changes), or None:
        the game plays without review, no round has closed, or its dictionary cannot open."""
        number = scorekeeper.last_closed_round(game)
        if not game.config.review or number is None:
            return None
        key = json.dumps(data["rounds"][number - 1], sort_keys=True)
        if self._reviewed is None or self._reviewed[0] != key:
            try:
                shown = game_review(game, scorekeeper.review_of(game, [number]))
            except QscoreError:
                return None
            self._reviewed = (key, shown.rounds[0])
        return self._reviewed[1]

    async def refresh(self) -> None:
        """Read the sheet again if anything was saved since it was read (each poll and
        each request asks); a new version if the sheet changed. The stamp is taken before
        the read and kept with what was read only once it is the snapshot, so the sheet
        served is never older than the file was when refresh began."""
        async with self._lock:
            stamp = self.stamp()
            if stamp == self._stamp and self.snapshot.version:
                return
            got = await anyio.to_thread.run_sync(self.read)
            if self.snapshot.version and (got.data, got.error, got.review, got.summary) == (
                self.snapshot.data,
                self.snapshot.error,
                self.snapshot.review,
                self.snapshot.summary,
            ):
                self.snapshot = replace(self.snapshot, game=got.game)  # its log, to its last entry
                self._stamp = stamp
                return
            html, text = await anyio.to_thread.run_sync(shown_sheet, got)  # a large sheet takes a while
            self.snapshot = Snapshot(
                self.snapshot.version + 1,
                got.data,
                html,
                got.sheet,
                got.error,
                got.review,
                got.waiting,
                got.game,
                text,
                got.summary,
            )
            self._stamp = stamp
            changed, self._changed = self._changed, anyio.Event()
            changed.set()

    async def watch(self) -> None:
        """The stamp looked at every POLL_SECONDS until the server stops; the games file's
        follower closed then."""
        try:
            while not self.closed:
                if self.stopping:
                    self.closed = True  # the open streams end, so the server stops without cutting them
                    changed, self._changed = self._changed, anyio.Event()
                    changed.set()
                    return
                await self.refresh()
                await anyio.sleep(POLL_SECONDS)
        finally:
            if self._follower is not None:
                self._follower.close()

    async def after(self, version: int) -> Snapshot | None:
        """The first snapshot newer than the version given, as soon as there is one; None
        once the server stops."""
        while self.snapshot.version <= version and not self.closed:
            await self._changed.wait()
        return None if self.closed else self.snapshot


@dataclass(frozen=True)
class Read:
    """The game as read for its sheet: its JSON, as shown, why it could not be read, the
    last closed round's review, who the round waits for, the chart of running totals, the game."""

    data: dict[str, Any] | None
    sheet: SheetView | None
    error: str | None
    review: RoundReview | None = None
    waiting: str | None = None
    chart: Drawing | None = None
    game: Game | None = None
    summary: EveningSummary | None = None


def summary_of(game: Game) -> EveningSummary | None:
    """A closed game's summary, from the figures of every saved game as the logs hold them
    now (none while the game is open, or when its figures cannot be read)."""
    if not game.finished:
        return None
    try:
        figures = scorekeeper.evening_figures(game)
    except QscoreError:
        return None
    return None if figures is None else evening_summary(game.name, figures)


def render_sheet(got: Read) -> str:
    return templates.get_template("sheet.html").render(
        sheet=got.sheet,
        error=got.error,
        review=got.review,
        waiting=got.waiting,
        chart=got.chart,
        closed=got.game is not None and got.game.finished,  # its picture offered (web/picture_served.py)
        summary=got.summary,
    )


def shown_sheet(got: Read) -> tuple[str, str]:
    """The sheet read, as every page shows it (its HTML) and as api/sheet answers (its JSON)."""
    text = "" if got.data is None else json.dumps(got.data, indent=2, ensure_ascii=False) + "\n"
    return render_sheet(got), text
