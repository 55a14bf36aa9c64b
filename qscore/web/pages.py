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
    GET  /t/CODE/picture.png, picture.svg
                            the evening's picture of a closed game (web/picture_served.py)
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
from collections.abc import AsyncIterator, Collection
from dataclasses import dataclass, replace
from pathlib import Path
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
from qscore.errors import QscoreError
from qscore.game.forms import FormTakenError
from qscore.scorekeeper.questions import Unchanged
from qscore.views import keeper_said as say
from qscore.views.outcome import control_character_said, since_said, taken_back
from qscore.views.standing import standing_said
from qscore.views.verdict_view import MeaningsView, VerdictView, ruled_verdict, verdict_meanings, verdict_view
from qscore.web.guard import Forms, TableGuard, not_found, number, shown, unpathed
from qscore.web.keeper import routes as keeper_routes
from qscore.web.picture_served import Pictures
from qscore.web.posted import HEADERS, laydown_fields, posted_form, round_of
from qscore.web.table import Outcome, page_message, recorded, refused, stale, taken
from qscore.web.watch import SheetWatch, Snapshot
from qscore.words.definitions import MeaningsError

HERE = Path(__file__).resolve().parent
MAX_WORD = 40  # letters a word box takes: past every card of the largest deal as a double
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
class WordAnswer:
    """The word box's answer: the verdict and its meanings, as ``check --define`` words
    them, or why there is none."""

    word: str
    shown: VerdictView | None = None
    meanings: tuple[str, ...] = ()
    error: str | None = None
    meanings_head: str | None = None  # a refused word's: its meanings are not a sign it stands


class TablePage:
    """The table's paths under ``/t/CODE/``, one method each (the guard has checked the
    code): the game followed (``watch``) and each laydown form's token, its answer kept."""

    def __init__(self, game: str, code: str, key: bytes | None) -> None:
        self.watch = watch = SheetWatch(game)
        self.forms: Forms[tuple[Outcome, dict[str, str], int, int]] = Forms(key, lambda: watch.identity)
        self.base = f"/t/{code}/"

    def routes(self) -> list[Route]:
        return [
            Route("/t/{code}/", self.home),
            Route("/t/{code}/tv", self.tv),
            Route("/t/{code}/me", self.me),
            Route("/t/{code}/api/sheet", self.api_sheet),
            Route("/t/{code}/events", self.events),
            Route("/t/{code}/laydown", self.laydown, methods=["POST"]),
            Route("/t/{code}/word", self.word),
            Route("/t/{code}/picture.{kind}", Pictures(self.watch).answer),
            Route("/t/{code}/{name}", self.asset),
        ]

    def page(
        self,
        request: Request,
        *,
        outcome: Outcome | None = None,
        form: dict[str, str] | None = None,
        answer: WordAnswer | None = None,
        status: int = 200,
        last: int = 0,
        tv: bool = False,
    ) -> Response:
        watch = self.watch
        snap = watch.snapshot
        sheet = snap.sheet
        mine = holder(request, snap)
        seat = snap.game.players.index(mine) if mine and snap.game else None  # the same through a rename
        body = templates.get_template("tv.html" if tv else "page.html").render(
            base=self.base,
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
            token=self.forms.token(max(last, watch.last)),
            double_help=say.double_card_help(snap.game),
            words_example=say.words_placeholder(snap.game),
        )
        return HTMLResponse(body, status, headers=HEADERS)

    async def home(self, request: Request) -> Response:
        """The phone's page; with ?sent=TOKEN, the answer to the form sent with it (the
        redirect after a laydown), or with ?stale, the answer to a form out of date."""
        await self.watch.refresh()
        sent = request.query_params.get("sent", "")
        kept = self.forms.answered(sent)
        if kept is not None:
            outcome, form, status, last = kept
            return self.page(
                request, outcome=self.since(outcome, last, sent, form), form=form, status=status, last=last
            )
        if "stale" in request.query_params:
            return self.page(request, outcome=stale(), status=409)
        return self.page(request)

    def since(self, outcome: Outcome, last: int, sent: str, form: dict[str, str]) -> Outcome | None:
        """A saved laydown's answer as it reads now: once the log has entries after it (an
        undo, the round closed, the game over), it says them and where the game stands;
        once its round is no longer the one being played, it offers no control to lay there."""
        game = self.watch.snapshot.game
        laid_in = round_of(form)  # None: a form of a page that sent no round
        if game is not None and laid_in is not None and laid_in != (game.current.number if game.current else None):
            outcome = replace(outcome, hints=(), replace=False)
        if game is not None and self.forms.filled_at(sent) is None:
            return None  # a form of the game before the table's next one: old news, the sheet is the new game's
        if not outcome.done or game is None or game.last <= last:
            return outcome  # nothing since
        since = since_said(game, last)
        if since is None:
            return None  # old news: the sheet says where the game stands
        return outcome.moved_on(since, standing_said(game), taken_back=taken_back(game, last))

    async def tv(self, request: Request) -> Response:
        await self.watch.refresh()
        return self.page(request, tv=True)

    async def me(self, request: Request) -> Response:
        """Who holds this phone, kept in a cookie of the table's path; without a player the
        cookie goes, and the page asks again."""
        watch, base = self.watch, self.base
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

    async def api_sheet(self, request: Request) -> Response:
        await self.watch.refresh()
        snap = self.watch.snapshot
        if snap.data is None:
            return JSONResponse({"error": snap.error}, 503, headers=HEADERS)
        return Response(snap.text, media_type="application/json", headers=HEADERS)

    async def events(self, request: Request) -> Response:
        watch = self.watch

        async def stream() -> AsyncIterator[dict[str, str]]:
            seen = 0
            while (snap := await watch.after(seen)) is not None:
                seen = snap.version
                yield {"event": "sheet", "id": str(seen), "data": snap.html}

        return EventSourceResponse(stream(), ping=15, send_timeout=10, headers={"Cache-Control": "no-store"})

    async def asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return not_found()
        return Response((HERE / "static" / name).read_bytes(), media_type=ASSETS[name], headers=HEADERS)

    async def laydown(self, request: Request) -> Response:
        form = await posted_form(request, "a laydown", "the table's page")
        if isinstance(form, Response):
            return form
        watch, forms, base = self.watch, self.forms, self.base
        await watch.refresh()  # the game served, known before its forms are checked
        token = form.get("token", "")
        filled_at, form_id = forms.filled_at(token), forms.form_id(token)
        if filled_at is None or form_id is None:
            return RedirectResponse(base + "?stale#outcome", 303, headers=HEADERS)
        sent = scorekeeper.Sent("table", form_id, watch.identity)  # the table's code: the round being played
        await forms.send(token, lambda: self.lay_down(form, filled_at, sent))
        # the answer is kept by its token: the address after a laydown is the page's own
        return RedirectResponse(f"{base}?sent={token}#outcome", 303, headers=HEADERS)

    async def lay_down(
        self, form: dict[str, str], filled_at: int, sent: scorekeeper.Sent
    ) -> tuple[Outcome, dict[str, str], int, int]:
        """A laydown form sent, saved or refused with why (sent again: taken already, as
        the log says): what the page says of it, the form's fields kept, the status, and
        the log's last entry after it."""
        outcome, last, kept = await anyio.to_thread.run_sync(self.save, form, filled_at, sent)
        outcome.lines = [unpathed(line, self.watch.files[0]) for line in outcome.lines]
        await self.watch.refresh()
        return outcome, kept, 200 if outcome.done else 422, last

    def save(self, form: dict[str, str], filled_at: int, sent: scorekeeper.Sent) -> tuple[Outcome, int, dict[str, str]]:
        """The laydown written, or why not (in a worker thread): its outcome, the log's last
        entry after it, and the form's fields to keep on the page."""
        # the round the page's form was for: a phone lays down in the round being played,
        # never told of an earlier one (a form without it, as before, lets the rules choose)
        laid = laydown_fields(form)
        if laid.raw is not None:
            return Outcome(False, [control_character_said(laid.raw)]), 0, form
        try:
            now = self.watch.load()
            done = laid.record(now.name, filled_at=filled_at, sent=sent)
        except FormTakenError as exc:  # sent before a restart, or to another server: said as it stands
            return taken(exc), now.last, form | {"player": laid.player}
        except Unchanged as same:  # the laydown that stands, typed again: nothing to save or replace
            return Outcome(True, [same.said]), now.last, {"player": laid.player}
        except QscoreError as exc:
            return refused(exc), 0, form | {"player": laid.player}
        act = done.saved.act  # for whom, and in which round: the answer's controls lay there only
        return recorded(done, laid.words), done.saved.after.last, {"player": act.player, "round": str(act.round)}

    async def word(self, request: Request) -> Response:
        text = request.query_params.get("word", "").strip()
        answer = await anyio.to_thread.run_sync(self.judged, text) if text else None
        await self.watch.refresh()
        return self.page(request, answer=answer)

    def judged(self, text: str) -> WordAnswer:
        """The word box's answer: a word judged under the game's rules, and its meanings."""
        if len(text) > MAX_WORD:
            return WordAnswer(text[:MAX_WORD] + "…", error=f"longer than {MAX_WORD} letters: no hand lays it")
        try:
            v = scorekeeper.word_verdict(self.watch.load(), text)
        except QscoreError as exc:
            return WordAnswer(text, error=unpathed(page_message(exc), self.watch.files[0]))
        meanings = MeaningsView(None, [])
        with contextlib.suppress(MeaningsError):
            meanings = verdict_meanings(v)
        shown = ruled_verdict(verdict_view(v), scorekeeper.table_ruling(v))
        return WordAnswer(v.word, shown, tuple(meanings.lines), meanings_head=meanings.head)

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(self.watch.watch)
            yield
            tasks.cancel_scope.cancel()


def make_app(
    game: str, code: str, keeper: str | None = None, *, key: bytes | None = None, hosts: Collection[str] | None = None
) -> Starlette:
    """The table's app for one saved game, served under ``/t/CODE/``, and the scorekeeper's
    page under ``/k/KEEPER/`` (qscore.web.keeper) when given its code; the forms of both
    signed with ``key``; a request's Host an IP address or one of ``hosts`` (guard.TableGuard;
    None: any). The guard checks every code before a handler runs."""
    table = TablePage(game, code, key)
    routes = table.routes()
    if keeper is not None:
        routes += keeper_routes(table.watch, keeper, table.base, key)
    guard = Middleware(TableGuard, code=code, keeper=keeper, hosts=hosts)
    app = Starlette(routes=routes, lifespan=table.lifespan, middleware=[guard])
    app.router.redirect_slashes = False  # a redirect's Location would be built from the Host header
    app.state.watch = table.watch
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
