"""The table's web page as a Starlette app: every path under ``/t/CODE/``.

    GET  /t/CODE/           the phone's page: the sheet and its chart, "who are you?" or that
                            player's laydown form, and the word box (readable without JavaScript);
                            ?sent=TOKEN shows the answer to the laydown form sent with that token
    GET  /t/CODE/tv         the TV's page: the sheet and its chart in large type, no form
    GET  /t/CODE/me?player= who holds this phone, kept in a cookie; without a player, asked again
    GET  /t/CODE/api/sheet  the sheet as ``qscore sheet --json`` prints it
    GET  /t/CODE/events     Server-Sent Events: the sheet's HTML each time it changes
    POST /t/CODE/laydown    a laydown from a phone (form fields token, player, round, words, unused,
                            out, replace), answered by a redirect (303) to ?sent=TOKEN: a reload
                            never sends it again, and the address stays the page's
    GET  /t/CODE/word?word= the word box: a word judged under the game's dictionary
    GET  /t/CODE/page.css, page.js, manifest.webmanifest, icon.svg, icon-192.png, icon-512.png
                            the page's assets, shipped in the package

Any other path, or a wrong code, is 404 Not Found: a wrong code is not told apart from
a path that does not exist, whatever the method (qscore.web.guard.TableGuard, which every
request passes first: wrong codes past a few are refused, 429). Writes must come from the
page's own origin, as a form of at most MAX_BODY bytes carrying the page's token (guard.Forms:
its id is kept with the entry it makes, so the same form sent again, after a restart too,
saves nothing), sent as the table's: a laydown in the round being played. The sheet is
the games file followed (SheetWatch): an entry saved by any terminal or phone is on every
open page within a fraction of a second, and every request is answered from a sheet read
after the last entry saved before it.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Collection
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote

import anyio
import anyio.to_thread
from jinja2 import Environment, FileSystemLoader
from sse_starlette import EventSourceResponse
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from qscore import scorekeeper
from qscore.errors import QscoreError, UnknownGameError
from qscore.web.chart import Drawing, drawing
from qscore.web.guard import Forms, TableGuard, number, shown, unpathed, unsafe
from qscore.web.posted import HEADERS, code_is, not_found, posted_form
from qscore.web.table import Outcome, page_message, recorded, refused, stale

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game
    from qscore.views.hands import RoundReview
    from qscore.views.sheet_view import SheetView
    from qscore.views.words import VerdictView

HERE = Path(__file__).resolve().parent
MAX_WORD = 40  # letters a word box takes: past every card of the largest deal as a double
POLL_SECONDS = 0.1  # how often the games file's version is looked at (one PRAGMA, no game read)
ASSETS = {
    "page.css": "text/css; charset=utf-8",
    "page.js": "text/javascript; charset=utf-8",
    "manifest.webmanifest": "application/manifest+json",
    "icon.svg": "image/svg+xml",
    "icon-192.png": "image/png",
    "icon-512.png": "image/png",
}
PLAYER_COOKIE = "qscore-player"  # who holds this phone, for the table's path only
PLAYER_DAYS = 2  # long enough for an evening and the morning after, not to name a phone for good

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


@dataclass(frozen=True)
class WordAnswer:
    """The word box's answer: the verdict and its meanings, as ``check --define`` words
    them, or why there is none."""

    word: str
    shown: VerdictView | None = None
    meanings: tuple[str, ...] = ()
    error: str | None = None
    meanings_head: str | None = None  # a refused word's: its meanings are not a sign it stands


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
        from qscore.views.chart import chart_of
        from qscore.views.outcome import round_said
        from qscore.views.sheet import sheet_json
        from qscore.views.sheet_view import sheet_view

        try:
            game = self.load()
        except QscoreError as exc:
            return Read(None, None, unpathed(page_message(exc), self.files[0]))
        self.last = game.last
        data = sheet_json(game)
        waiting = round_said(game.current, rescored=False) if game.current is not None else None
        review = self.review_of(game, data)
        return Read(data, sheet_view(game), None, review, waiting, drawing(chart_of(game)), game)

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
            from qscore.views.hands import game_review

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
            if self.snapshot.version and (got.data, got.error, got.review) == (
                self.snapshot.data,
                self.snapshot.error,
                self.snapshot.review,
            ):
                self.snapshot = replace(self.snapshot, game=got.game)  # its log, to its last entry
                self._stamp = stamp
                return
            html, text = await anyio.to_thread.run_sync(shown_sheet, got)  # a large sheet takes a while
            self.snapshot = Snapshot(
                self.snapshot.version + 1, got.data, html, got.sheet, got.error, got.review, got.waiting, got.game, text
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


def render_sheet(got: Read) -> str:
    return templates.get_template("sheet.html").render(
        sheet=got.sheet, error=got.error, review=got.review, waiting=got.waiting, chart=got.chart
    )


def shown_sheet(got: Read) -> tuple[str, str]:
    """The sheet read, as every page shows it (its HTML) and as api/sheet answers (its JSON)."""
    text = "" if got.data is None else json.dumps(got.data, indent=2, ensure_ascii=False) + "\n"
    return render_sheet(got), text


def make_app(
    game: str, code: str, keeper: str | None = None, *, key: bytes | None = None, hosts: Collection[str] | None = None
) -> Starlette:
    """The table's app for one saved game, served under ``/t/CODE/``, and the scorekeeper's
    page under ``/k/KEEPER/`` (qscore.web.keeper) when given its code; the forms of both
    signed with ``key``; a request's Host an IP address or one of ``hosts`` (guard.TableGuard;
    None: any)."""
    watch = SheetWatch(game)
    forms: Forms[tuple[Outcome, dict[str, str], int, int]] = Forms(
        key, lambda: watch.identity
    )  # each laydown form's token, its answer kept

    base = f"/t/{code}/"

    def page(
        request: Request,
        *,
        outcome: Outcome | None = None,
        form: dict[str, str] | None = None,
        answer: WordAnswer | None = None,
        status: int = 200,
        last: int = 0,
        tv: bool = False,
    ) -> Response:
        snap = watch.snapshot
        sheet = snap.sheet
        mine = holder(request, snap)
        seat = snap.game.players.index(mine) if mine and snap.game else None  # the same through a rename
        body = templates.get_template("tv.html" if tv else "page.html").render(
            base=base,
            game=watch.game,
            sheet_html=snap.html,
            version=snap.version,
            sheet=sheet,
            me=mine,
            seat=seat,
            now=next((row for row in sheet.rows if row.now), None) if sheet else None,
            outcome=outcome,
            form={k: shown(v) for k, v in (form or {}).items()},
            word=shown(request.query_params.get("word", "")[: 2 * MAX_WORD]) if form is None else "",
            answer=answer,
            token=forms.token(max(last, watch.last)),
        )
        return HTMLResponse(body, status, headers=HEADERS)

    def known(request: Request) -> bool:
        return code_is(request, code)

    async def home(request: Request) -> Response:
        """The phone's page; with ?sent=TOKEN, the answer to the form sent with it (the
        redirect after a laydown), or with ?stale, the answer to a form out of date."""
        if not known(request):
            return not_found()
        await watch.refresh()
        sent = request.query_params.get("sent", "")
        kept = forms.answered(sent)
        if kept is not None:
            outcome, form, status, last = kept
            return page(request, outcome=since(outcome, last, sent, form), form=form, status=status, last=last)
        if "stale" in request.query_params:
            return page(request, outcome=stale(), status=409)
        return page(request)

    def since(outcome: Outcome, last: int, sent: str, form: dict[str, str]) -> Outcome:
        """A saved laydown's answer as it reads now: once the log has entries after it (an
        undo, the round closed, the game over), it says them and where the game stands;
        once its round is no longer the one being played, it offers no control to lay there."""
        from qscore.views.outcome import since_said, standing_said, taken_back

        snap = watch.snapshot
        game = snap.game
        laid_in = number(form.get("round", ""), 3)  # None: a form of a page that sent no round
        if game is not None and laid_in is not None and laid_in != (game.current.number if game.current else None):
            outcome = replace(outcome, hints=(), replace=False)
        if not outcome.done or game is None or game.last <= last or forms.filled_at(sent) is None:
            return outcome  # nothing since, or a form of the game before the table's next one
        now = standing_said(game)
        return outcome.moved_on(since_said(game, last), now, taken_back=taken_back(game, last))

    async def tv(request: Request) -> Response:
        if not known(request):
            return not_found()
        await watch.refresh()
        return page(request, tv=True)

    async def me(request: Request) -> Response:
        """Who holds this phone, kept in a cookie of the table's path; without a player the
        cookie goes, and the page asks again."""
        if not known(request):
            return not_found()
        await watch.refresh()
        player = request.query_params.get("player", "")
        sheet = watch.snapshot.sheet
        answer = RedirectResponse(base + "#laydown", 303, headers=HEADERS)
        if sheet is not None and player in sheet.playing:
            held = f"{quote(player)}~{watch.last}"  # and when: a rename since is followed (holder)
            answer.set_cookie(
                PLAYER_COOKIE, held, max_age=PLAYER_DAYS * 86400, path=base, httponly=True, samesite="strict"
            )
        else:
            answer.delete_cookie(PLAYER_COOKIE, path=base, httponly=True, samesite="strict")
        return answer

    async def api_sheet(request: Request) -> Response:
        if not known(request):
            return not_found()
        await watch.refresh()
        snap = watch.snapshot
        if snap.data is None:
            return JSONResponse({"error": snap.error}, 503, headers=HEADERS)
        return Response(snap.text, media_type="application/json", headers=HEADERS)

    async def events(request: Request) -> Response:
        if not known(request):
            return not_found()

        async def stream() -> AsyncIterator[dict[str, str]]:
            seen = 0
            while (snap := await watch.after(seen)) is not None:
                seen = snap.version
                yield {"event": "sheet", "id": str(seen), "data": snap.html}

        return EventSourceResponse(stream(), ping=15, send_timeout=10, headers={"Cache-Control": "no-store"})

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if not known(request) or name not in ASSETS:
            return not_found()
        return Response((HERE / "static" / name).read_bytes(), media_type=ASSETS[name], headers=HEADERS)

    async def laydown(request: Request) -> Response:
        if not known(request):
            return not_found()
        form = await posted_form(request, "a laydown", "the table's page")
        if isinstance(form, Response):
            return form
        await watch.refresh()  # the game served, known before its forms are checked
        token = form.get("token", "")
        filled_at, form_id = forms.filled_at(token), forms.form_id(token)
        if filled_at is None or form_id is None:
            return RedirectResponse(base + "?stale#outcome", 303, headers=HEADERS)
        sent = scorekeeper.Sent("table", form_id, watch.identity)  # the table's code: the round being played
        await forms.once(token, lambda: lay_down(form, filled_at, sent))
        # the answer is kept by its token: the address after a laydown is the page's own
        return RedirectResponse(f"{base}?sent={token}#outcome", 303, headers=HEADERS)

    async def lay_down(
        form: dict[str, str], filled_at: int, sent: scorekeeper.Sent
    ) -> tuple[Outcome, dict[str, str], int, int]:
        """A laydown form sent the first time, saved or refused with why: what the page
        says of it (and says again to the same form sent again), the form's fields kept,
        the status, and the log's last entry after it."""
        player = form.get("player", "")
        # the round the page's form was for: a phone lays down in the round being played,
        # never told of an earlier one (a form without it, as before, lets the rules choose)
        round_no = number(form.get("round", ""), 3)
        typed = form.get("words", "").replace(",", " ").split()
        unused, out, replace = form.get("unused", ""), form.get("out") == "yes", form.get("replace") == "yes"
        raw = next((k for k in ("player", "words", "unused") if unsafe(form.get(k, ""))), None)

        def save() -> tuple[Outcome, int, dict[str, str]]:
            if raw is not None:
                from qscore.views.outcome import control_character_said

                return Outcome(False, [control_character_said(raw)]), 0, form
            try:
                now = watch.load()
                done = scorekeeper.record_laydown(
                    player, typed, unused, out, round_no, now.name, replace=replace, filled_at=filled_at, sent=sent
                )
            except QscoreError as exc:
                return refused(exc), 0, form | {"player": player}
            laid = done.saved.act  # for whom, and in which round: the answer's controls lay there only
            return recorded(done, typed), done.saved.after.last, {"player": laid.player, "round": str(laid.round)}

        outcome, last, kept = await anyio.to_thread.run_sync(save)
        outcome.lines = [unpathed(line, watch.files[0]) for line in outcome.lines]
        await watch.refresh()
        return outcome, kept, 200 if outcome.done else 422, last

    async def word(request: Request) -> Response:
        if not known(request):
            return not_found()
        text = request.query_params.get("word", "").strip()
        answer = await anyio.to_thread.run_sync(judged, text) if text else None
        await watch.refresh()
        return page(request, answer=answer)

    def judged(text: str) -> WordAnswer:
        """The word box's answer: a word judged under the game's rules, and its meanings."""
        from qscore.views.words import MeaningsView, verdict_meanings, verdict_view
        from qscore.words.meanings import MeaningsError

        if len(text) > MAX_WORD:
            return WordAnswer(text[:MAX_WORD] + "…", error=f"longer than {MAX_WORD} letters: no hand lays it")
        try:
            v = scorekeeper.word_verdict(watch.load(), text)
        except QscoreError as exc:
            return WordAnswer(text, error=unpathed(page_message(exc), watch.files[0]))
        meanings = MeaningsView(None, [])
        with contextlib.suppress(MeaningsError):
            meanings = verdict_meanings(v)
        return WordAnswer(v.word, verdict_view(v), tuple(meanings.lines), meanings_head=meanings.head)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(watch.watch)
            yield
            tasks.cancel_scope.cancel()

    routes = [
        Route("/t/{code}/", home),
        Route("/t/{code}/tv", tv),
        Route("/t/{code}/me", me),
        Route("/t/{code}/api/sheet", api_sheet),
        Route("/t/{code}/events", events),
        Route("/t/{code}/laydown", laydown, methods=["POST"]),
        Route("/t/{code}/word", word),
        Route("/t/{code}/{name}", asset),
    ]
    if keeper is not None:
        from qscore.web.keeper import routes as keeper_routes

        routes += keeper_routes(watch, keeper, base, key)
    guard = Middleware(TableGuard, code=code, keeper=keeper, hosts=hosts)
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[guard])
    app.router.redirect_slashes = False  # a redirect's Location would be built from the Host header
    app.state.watch = watch
    return app


def holder(request: Request, snap: Snapshot) -> str | None:
    """Who holds this phone, if they play the round being played: the player its cookie
    names, as the game's log says they are called now (``NAME~ENTRY``: the log's last entry
    when it was set; a cookie of an earlier qscore, ``NAME``, is followed from the start)."""
    name, _, since = unquote(request.cookies.get(PLAYER_COOKIE, "")).partition("~")  # no name holds a ~
    if snap.sheet is None or snap.game is None:
        return None
    player = snap.game.now_called(name, number(since, 9))
    return player if player in snap.sheet.playing else None
