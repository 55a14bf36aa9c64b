"""What every write of the table's and the scorekeeper's pages passes: the page's own
origin, a URL-encoded body of at most MAX_BODY bytes, and the headers every answer carries;
and a laydown form's fields, read once for both pages."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import ClientDisconnect, Request
from starlette.responses import PlainTextResponse, Response

from qscore import scorekeeper
from qscore.scorekeeper.answers import words_of
from qscore.web.guard import number, unsafe

MAX_BODY = 4096  # a laydown's form is a few hundred bytes; anything larger is refused unread
HEADERS = {
    # the page's own scripts and styles only; no framing; the code in the address stays on the page
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


def same_origin(request: Request) -> bool:
    """Whether a write comes from the page itself: its Origin (or, without one, its Referer)
    is the address the request was sent to. A page elsewhere cannot send the table's forms."""
    host = request.headers.get("host")
    if not host:
        return False
    own = f"{request.url.scheme}://{host}"
    origin = request.headers.get("origin")
    if origin is not None:
        return origin == own
    referer = request.headers.get("referer", "")
    return referer.startswith(own + "/")


async def bounded_form(request: Request) -> dict[str, str] | None:
    """The form's fields (URL-encoded), or None for a body over MAX_BODY bytes (never read whole)."""
    declared = request.headers.get("content-length")
    size = number(declared, 9) if declared is not None else 0
    if size is None or size > MAX_BODY:
        return None
    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return None
    except ClientDisconnect:  # the body not whole by its deadline (guard.REQUEST_SECONDS): no one to answer
        return None
    try:
        fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True, max_num_fields=20)
    except ValueError:  # more fields than any form of the page has
        return None
    return {k: v[0] for k, v in fields.items()}


async def posted_form(request: Request, what: str, page: str) -> dict[str, str] | Response:
    """The fields of ``what`` (a laydown, an action) sent by ``page``'s form, or the refusal:
    from elsewhere (403), not a form (415), too large (413)."""
    if not same_origin(request):
        return PlainTextResponse(f"Refused: {what} is sent from {page}.", 403, headers=HEADERS)
    if request.headers.get("content-type", "").partition(";")[0].strip() != "application/x-www-form-urlencoded":
        return PlainTextResponse(f"Refused: {what} is sent by {page} form.", 415, headers=HEADERS)
    form = await bounded_form(request)
    if form is None:
        return PlainTextResponse("Refused: too large.", 413, headers=HEADERS)
    return form


@dataclass(frozen=True)
class LaydownFields:
    """A laydown form's fields as the table's and the scorekeeper's pages send them."""

    player: str
    words: list[str]  # as typed, split at spaces and commas
    unused: str
    out: bool
    round: int | None  # None: blank (the rules choose), or not a number
    replace: bool
    raw: str | None  # the first of player, words and unused holding a control character: nothing is laid

    def record(self, game: str, **how: Any) -> scorekeeper.LaydownRecorded:
        """The laydown recorded in ``game`` as the form gives it (``how``: who sent it, when
        it was filled in, whether a question may be asked and its answer)."""
        return scorekeeper.record_laydown(
            self.player, self.words, self.unused, self.out, self.round, game, replace=self.replace, **how
        )


def laydown_fields(form: dict[str, str]) -> LaydownFields:
    """A laydown form read: its words split as play splits them (a dash alone is no words,
    as on a paper sheet), its round a number, its raw text found."""
    return LaydownFields(
        form.get("player", ""),
        words_of(form.get("words", "")),
        form.get("unused", ""),
        form.get("out") == "yes",
        round_of(form),
        form.get("replace") == "yes",
        unsafe_field(form, ("player", "words", "unused")),
    )


def round_of(form: dict[str, str]) -> int | None:
    """A form's round: a number of up to 3 digits, or None."""
    return number(form.get("round", "").strip(), 3)


def unsafe_field(form: dict[str, str], names: Iterable[str]) -> str | None:
    """The first of ``names`` whose field holds a control or bidi character, or None."""
    return next((name for name in names if unsafe(form.get(name, ""))), None)
