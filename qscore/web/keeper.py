"""The scorekeeper's page: everything ``qscore play`` does, on a phone, under its own code.

    GET  /k/KEEPER/              the sheet, the last action's outcome at the top, every form
    GET  /k/KEEPER/?review=N     the same, with round N's review
    POST /k/KEEPER/do/ACTION     laydown (a new one or a fix), challenge, undo, rename, leave,
                                 close, next (the next game of the same table)

Every action is a form of the page (same origin, a bounded body, a token: its id is kept
with the entry it makes, so the same form sent again, after a restart or to a second
server on the same games file, saves nothing), answered by a redirect (303)
to the page showing its outcome, so a reload never sends it again. A question the table
must answer first (an undo, a challenge of a finished game, the bonus two players keep)
comes back as the outcome with a form to answer it: the scorekeeper's question
(qscore.scorekeeper.questions), one button an answer, the form's fields sent again with
it. Every write is the scorekeeper's (qscore.scorekeeper) and every sentence the views'
(qscore.views): this module lays them out.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

import anyio.to_thread
from jinja2 import Environment, FileSystemLoader
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from qscore import scorekeeper
from qscore.errors import QscoreError
from qscore.game.cards import laid_letters
from qscore.game.entries import Challenged
from qscore.game.forms import FormTakenError
from qscore.game.scoresheet import Game
from qscore.scorekeeper.questions import Question, QuestionAsked, Reply, Unchanged
from qscore.views import keeper_said as say
from qscore.views.outcome import (
    OUTCOME_HEADS,
    control_character_said,
    form_taken_said,
    round_closing,
    since_said,
)
from qscore.views.plays_view import RoundReview, game_review
from qscore.views.standing import standing_said
from qscore.views.verdict_view import challenge_meaning, settled_note
from qscore.web.codes import hand_on
from qscore.web.guard import Forms, not_found, number, shown, unpathed
from qscore.web.picture_served import Pictures
from qscore.web.posted import HEADERS, laydown_fields, posted_form, round_of, unsafe_field
from qscore.web.table import keeper_message, out_again, recorded
from qscore.words.definitions import MeaningsError, define

HERE = Path(__file__).resolve().parent
ACTIONS = ("laydown", "challenge", "undo", "rename", "leave", "close", "next")
RULINGS = {"dictionary": None, "valid": "valid", "invalid": "invalid"}

templates = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, trim_blocks=True)


class Served(Protocol):
    """The game the server follows (qscore.web.watch.SheetWatch): read, its sheet as last rendered."""

    game: str
    identity: tuple[int, str] | None
    files: list[Path]
    last: int  # the log's last entry as last read

    def load(self) -> Game: ...

    async def refresh(self) -> None: ...

    @property
    def sheet_html(self) -> str: ...

    @property
    def sheet_version(self) -> int: ...


@dataclass(frozen=True)
class Ask:
    """A question before the action is done: the scorekeeper's question, the action its
    answer sends again (as ``answer``), and the fields sent with it (the form's as posted,
    and what the question carries)."""

    question: Question
    action: str
    fields: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Said:
    """An action's outcome: done or not, its lines, and a question if the table must answer one."""

    done: bool
    lines: tuple[str, ...]
    ask: Ask | None = None
    flagged: bool = False  # saved, with a word the game's dictionary refuses: not a plain success
    last: int = 0  # the log's last entry once the action was done: what came after is said since
    since: tuple[str, ...] = ()  # what the log recorded after it, once the sheet moved on, and where it stands
    unchanged: bool = False  # an answer that changed nothing: its form is kept as typed


@dataclass(frozen=True)
class AnsweredForm:
    """What the page keeps of a form sent, by its token: what the action said, and the form
    as typed (a refusal shows it again, so nothing is typed twice)."""

    said: Said
    action: str
    typed: dict[str, str]

    def refilled(self) -> dict[str, dict[str, str]]:
        """The fields to show again in the action's form, by action: a refusal's, a question's
        and an answer's that changed nothing (no to a replace: the hand is typed once)."""
        if self.said.done and not self.said.unchanged:
            return {}
        return {self.action: {k: shown(v) for k, v in self.typed.items() if k != "token"}}

    @property
    def head(self) -> tuple[str, str] | None:
        """How the outcome is headed (its kind, its words), as the table's page heads it: a
        refusal "Not saved", a laydown saved (with a word flagged, or not); any other
        action's success by its colour."""
        said = self.said
        kind = "refused" if not said.done and said.ask is None else "flagged" if said.flagged else None
        if kind is None and said.done and not said.unchanged and self.action == "laydown":
            kind = "saved"
        return (kind, OUTCOME_HEADS[kind]) if kind else None


def asked(question: Question, action: str, form: dict[str, str], lines: tuple[str, ...] = ()) -> Said:
    """The question an action waits on, its form's fields kept to be sent with the answer."""
    fields = {k: v for k, v in form.items() if k not in ("token", "answer")} | dict(question.carry)
    return Said(False, lines, Ask(question, action, tuple(fields.items())))


def came_in(question: Question, reply: Reply | None, served: Served) -> tuple[str, ...]:
    """An undo answered yes and asked again about another entry: the entry that came in
    since, said above the new question, so a quick second tap knows what it takes back."""
    was, now = (reply.number("entry") if reply else 0), Reply("", question.carry).number("entry")
    if question.kind != "undo" or not was or not now or was == now:
        return ()
    return (say.another_entry_said(served.load().entries[now - 1]),)


def reply_of(form: dict[str, str]) -> Reply | None:
    """The answer a question's form sent back, with its fields; None for an action not asked yet."""
    answer = form.get("answer")
    return None if answer is None else Reply(answer, tuple(form.items()))


def act(action: str, form: dict[str, str], served: Served, form_id: str) -> Said:
    """One action of the scorekeeper's, done (or asked about first), and what it says. The
    form's id is kept with the entry it makes: sent again, whatever process or restart
    takes it, it is found in the log and nothing more is done."""
    sent = scorekeeper.Sent("scorekeeper", form_id, served.identity)
    reply = reply_of(form)
    try:
        name = served.load().name  # a game deleted or a file damaged since: said in one line
        match action:
            case "laydown":
                return laid_down(form, name, sent, reply)
            case "challenge":
                return challenge(form, name, sent, reply)
            case "undo":
                undone = scorekeeper.undo(name, sent=sent, ask=True, reply=reply)
                return Said(True, (say.undo_said(scorekeeper.undone(undone), undone.after),))
            case "rename":
                renamed = scorekeeper.rename_player(form.get("old", ""), form.get("new", ""), name, sent)
                return Said(True, (say.renamed_said(renamed.act, renamed.after),))
            case "leave":
                gone = scorekeeper.leave(form.get("player", ""), None, name, sent, reply)
                return Said(True, tuple(say.left_said(gone.act, gone.after).splitlines()))
            case "close":
                closed = scorekeeper.close_game(name, sent)
                return Said(True, (say.closed_said(closed.after),))
            case "next":
                started = scorekeeper.start_next_game(name, sent)
                served.game, served.identity = started.name, None  # every page follows the new game
                hand_on(name, started.name)  # and a later serve keeps the evening's address
                return Said(True, (say.started_said(started),))
    except QuestionAsked as question:
        return asked(question.question, action, form, came_in(question.question, reply, served))
    except Unchanged as nothing:
        return Said(True, (nothing.said,), unchanged=True)
    except FormTakenError as exc:
        if action == "next":  # started by another server, or before a restart: every page follows it
            served.game, served.identity = exc.game, None
        return Said(exc.standing, (form_taken_said(exc),))
    except QscoreError as exc:
        return Said(False, (keeper_message(exc),))
    return Said(False, ())


def laid_down(form: dict[str, str], name: str, sent: scorekeeper.Sent, reply: Reply | None) -> Said:
    """A laydown, a new one or a fix of one that stands, saved (its errors are the caller's;
    a second laydown where one stands is asked about first: QuestionAsked)."""
    laid = laydown_fields(form)
    done = laid.record(name, sent=sent, ask=True, reply=reply)
    shown = recorded(done, laid.words)
    number = done.saved.act.round
    note = (say.nobody_out_said(number, out_again(number)),) if shown.nobody_out else ()
    return Said(True, (*shown.lines, *note), flagged=bool(done.refused))


def challenge(form: dict[str, str], name: str, sent: scorekeeper.Sent, reply: Reply | None) -> Said:
    """A challenge settled by the game's dictionary or a paper ruling (a finished game's
    asked about first: QuestionAsked)."""
    ruling = RULINGS.get(form.get("ruling", "dictionary"))
    saved = scorekeeper.settle_challenge(
        form.get("player", ""),
        form.get("word", ""),
        form.get("by", ""),
        ruling,  # type: ignore[arg-type]  # one of RULINGS' values: valid, invalid or None
        round_of(form),
        name,
        sent=sent,
        reply=reply,
    )
    c = saved.act
    overruled = ""
    with contextlib.suppress(QscoreError):
        against, kept = scorekeeper.what_decided(saved.after, c.word, c.ruling, c.valid)
        overruled = settled_note(c.ruling, c.valid, kept, against)
    said = say.challenge_said(saved.after, c, saved.before, overruled)
    return Said(True, (said, *meaning_of(c), round_closing(saved)))


def meaning_of(c: Challenged) -> tuple[str, ...]:
    """What a word that stands means, as ``qscore challenge`` and play say it after the
    challenge's line; nothing for a word that falls or has no meaning on file."""
    if not c.valid:
        return ()
    word = laid_letters(c.word)
    with contextlib.suppress(MeaningsError):  # the challenge is settled and saved: a meaning is an aside
        meaning = challenge_meaning(word, define(word))
        return (meaning,) if meaning else ()
    return ()


def moved_on(said: Said, game: Game) -> Said | None:
    """An action's answer as it reads once the log has entries after it (a phone's laydown,
    the round closed, an undo from a terminal): those entries, and where the game stands
    now; past a few, none: the answer gives way to the sheet."""
    since = since_said(game, said.last)
    return None if since is None else replace(said, since=(*since, standing_said(game)))


def word_owners(game: Game) -> list[str]:
    """Whose word a challenge may name: every player who laid a word in the game, those who
    left since too (the rules take a challenge of any round they laid in)."""
    laid = [p for p in game.players if any(r.laydowns.get(p) and r.laydowns[p].words for r in game.rounds)]
    return laid or list(game.still_in)


def review(served: Served, number: int) -> tuple[RoundReview | None, str | None]:
    """Round ``number``'s review, or why there is none."""
    try:
        game = served.load()
        shown = game_review(game, scorekeeper.review_of(game, [number]))
    except QscoreError as exc:
        return None, keeper_message(exc)
    return (shown.rounds[0], None) if shown.rounds else (None, shown.title)


def unreadable(line: str, served: Served, table_base: str) -> Response:
    """The page when the game cannot be read: its one line in place of the sheet, no form
    (the live sheet follows the file, and the forms come back with a reload)."""
    sheet = templates.get_template("sheet.html").render(error=line)
    body = templates.get_template("base.html").render(
        base=table_base, game=served.game, sheet_html=sheet, version=served.sheet_version
    )
    return HTMLResponse(body, headers=HEADERS)


def routes(served: Served, code: str, table_base: str, key: bytes | None = None) -> list[Route]:
    """The scorekeeper's paths, under ``/k/CODE/``; the page's assets and live sheet are the
    table's. Its forms are signed with ``key``, kept across restarts (qscore.web.codes)."""
    forms: Forms[AnsweredForm] = Forms(key, lambda: served.identity)
    base = f"/k/{code}/"

    async def home(request: Request) -> Response:
        await served.refresh()
        kept = forms.answers.get(request.query_params.get("said", ""))
        if request.query_params.get("stale") == "yes":
            kept = AnsweredForm(Said(False, (say.stale_page(),)), "", {})
        elif request.query_params.get("unchanged") == "yes":  # a question left unanswered
            kept = AnsweredForm(Said(True, (say.NOTHING_CHANGED,)), "", {})
        said = kept.said if kept is not None else None
        try:
            game = await anyio.to_thread.run_sync(served.load)
        except QscoreError as exc:  # a damaged games file, the game deleted: one line, as the table's page says it
            return unreadable(unpathed(keeper_message(exc), served.files[0]), served, table_base)
        if said is not None and said.done and 0 < said.last < game.last:
            said = moved_on(said, game)
        asked = number(request.query_params.get("review", ""), 3)
        reviewed, why = await anyio.to_thread.run_sync(review, served, asked) if asked is not None else (None, None)
        body = templates.get_template("keeper.html").render(
            base=base,
            table=table_base,
            game=game,
            sheet_html=served.sheet_html,
            version=served.sheet_version,
            said=said,
            head=kept.head if kept is not None else None,
            typed=kept.refilled() if kept is not None else {},
            review=reviewed,
            review_error=why,
            token=forms.token(game.last),
            rulings=list(RULINGS),
            closed_rounds=[r.number for r in game.rounds if r.closed],
            owners=word_owners(game),
            leave_it=say.LEAVE_IT,
            double_help=say.double_card_help(game),
            words_example=say.words_placeholder(game),
        )
        return HTMLResponse(body, headers=HEADERS)

    async def do(request: Request) -> Response:
        action = request.path_params["action"]
        if action not in ACTIONS:
            return not_found()
        form = await posted_form(request, "an action", "the scorekeeper's page")
        if isinstance(form, Response):
            return form
        await served.refresh()  # the game served, known before its forms are checked
        token = form.get("token", "")
        form_id = forms.form_id(token)
        if form_id is None:  # a page of an earlier start of the server: it is made again
            return RedirectResponse(f"{base}?stale=yes#outcome", 303, headers=HEADERS)

        async def answer() -> AnsweredForm:
            raw = unsafe_field(form, form)
            if raw is not None:
                return AnsweredForm(Said(False, (control_character_said(raw),)), action, form)
            said = await anyio.to_thread.run_sync(lambda: act(action, form, served, form_id))
            await served.refresh()
            lines = tuple(unpathed(line, served.files[0]) for line in said.lines)
            return AnsweredForm(replace(said, lines=lines, last=served.last), action, form)

        await forms.send(token, answer)
        return RedirectResponse(f"{base}?said={token}#outcome", 303, headers=HEADERS)

    pictures = Route("/k/{code}/picture.{kind}", Pictures(served).answer)  # the sheet's link, as the table's
    return [Route("/k/{code}/", home), Route("/k/{code}/do/{action}", do, methods=["POST"]), pictures]
