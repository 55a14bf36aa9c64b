"""What keeps the table's page standing on a shared network: bounded connections, a table
code that cannot be guessed in an evening, each laydown form sent at most once, nothing
raw or local in an answer.

- ``GuardedProtocol``: uvicorn's own HTTP/1.1 protocol (h11) with a deadline for each
  request's headers and body, and a cap on open connections in all and per client address;
  a connection past a bound is closed (or, the total reached, one of the address holding
  the most closed for it: qscore.web.crowd), and the bound said once a minute (``Tally``),
  as is a bad request.
- ``TableGuard``: the app's outermost layer: a Host not the server's refused (421); one
  404 for every path that is not the table's, whatever the method; wrong table codes
  refused (429) past a few (``Guesses``); an address holding a control or bidi character
  refused unechoed.
- ``Forms``: the laydown form's token (the log's last entry it was filled against and the
  form's id, signed), and each token's answer kept to show it (the log says what was taken).
- ``unsafe``, ``number``, ``shown``, ``unpathed``: text from a request checked (a number
  read as ASCII digits only), and text for a page freed of raw characters and of the
  machine's paths.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import logging
import re
import secrets
import time
import unicodedata
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar
from urllib.parse import parse_qsl

import anyio
import h11
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from qscore.web.crowd import Warnings, admitted, source

A = TypeVar("A")  # what a form's answer keeps
log = logging.getLogger("uvicorn.error")  # the server's own log: one line a bound, once a minute

REQUEST_SECONDS = 5.0  # a request's headers and body arrive within this, from its connection or its last answer
MAX_CONNECTIONS = 512  # open at once: half the common limit of 1,024 open files
MAX_PER_CLIENT = 32  # from one address: a phone's browser opens 6 at most, a stream per open page
GUESS_BURST = 10  # wrong table codes answered 404 before the limit (a code mistyped, then typed again)
GUESS_SECONDS = 300.0  # then one more wrong code each 5 minutes, from all clients together; the rest 429
TOKENS_KEPT = 256  # answers kept for a second send of the same form: a table's evening of laydowns and more


class Tally:
    """A bound's refusals said in the server's log: the first at once, then a count at most
    once a minute (``clock`` is the monotonic clock, replaced in tests)."""

    every: ClassVar[weakref.WeakSet[Tally]] = weakref.WeakSet()  # each one's last count is said when the server stops

    def __init__(self, what: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.what, self.clock = what, clock
        self.count = 0
        self.said: float | None = None
        self.sources: dict[str, int] = {}
        Tally.every.add(self)

    def add(self, source: str) -> None:
        self.count += 1
        if len(self.sources) < 1000 or source in self.sources:
            self.sources[source] = self.sources.get(source, 0) + 1
        now = self.clock()
        if self.said is None or now - self.said >= 60:
            self.say(now)

    def say(self, now: float | None = None) -> None:
        """Log the count since the last line, if any."""
        if not self.count:
            return
        most = max(self.sources, key=lambda s: self.sources[s])
        since = "" if self.said is None else " since the last count"
        log.warning("%d %s%s, from %d address(es), most from %s", self.count, self.what, since, len(self.sources), most)
        self.said = self.clock() if now is None else now
        self.count, self.sources = 0, {}


def say_counts() -> None:
    """Every bound's count not yet said (the server is stopping)."""
    for tally in list(Tally.every):
        tally.say()


class Guesses:
    """Wrong table codes, from every client together: GUESS_BURST at once, then one each
    GUESS_SECONDS (a token bucket). So an evening of 12 hours allows at most
    10 + 43,200 / 300 = 154 guesses of 25**6 = 244,140,625 codes: one chance in 1.58 million."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.left = float(GUESS_BURST)
        self.at = clock()
        self.tally = Tally("wrong table codes answered", clock)
        self.refused = Tally("wrong table codes refused (429: too many guesses)", clock)

    def allow(self, source: str) -> bool:
        now = self.clock()
        self.left = min(float(GUESS_BURST), self.left + (now - self.at) / GUESS_SECONDS)
        self.at = now
        if self.left >= 1:
            self.left -= 1
            self.tally.add(source)
            return True
        self.refused.add(source)
        return False


class GuardedProtocol(H11Protocol):
    """uvicorn's h11 protocol, bounded: a request's headers and body must arrive within
    REQUEST_SECONDS of its first byte (or of the connection, if nothing comes), and a connection past
    MAX_PER_CLIENT from one address is closed as it is accepted; past MAX_CONNECTIONS, one
    from an address holding fewer than another takes the place of one of that one's
    (qscore.web.crowd), else it is closed. A bad request's warning is counted (``warned``).
    uvicorn alone keeps a connection that never finishes its headers open for ever."""

    over_cap: Tally | None = None  # one per server: set by the server before it accepts (``bounded``)
    late: Tally | None = None
    made_room: Tally | None = None
    warned: ClassVar[dict[str, Tally | None]] = {}

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self.opened = time.monotonic()
        host = self.client[0] if self.client else ""
        self.logger = Warnings(self.logger, self.warned, host)  # type: ignore[assignment]
        stays, giving_way = admitted(self, self.connections, MAX_CONNECTIONS, MAX_PER_CLIENT)  # type: ignore[arg-type]
        if not stays:
            if self.over_cap is not None:
                self.over_cap.add(host)
            transport.abort()  # no answer: a flood is not worth one, and the file is freed at once
            return
        if giving_way is not None:
            if self.made_room is not None:
                self.made_room.add(source(giving_way))
            giving_way.transport.abort()
        self._arm()

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(REQUEST_SECONDS, self._past_deadline)

    def _past_deadline(self) -> None:
        """Close the connection if a request is still arriving (or none came): headers or a
        body not whole. A request read whole (an answer on its way, a stream) stays."""
        self._deadline = None
        if self.transport.is_closing() or self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            return
        if self.cycle is not None and not self.cycle.response_complete:
            if self.conn.their_state is h11.SEND_BODY and self.late is not None:
                self.late.add(self.client[0] if self.client else "")
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        elif self.conn.their_state is h11.IDLE and self.conn.trailing_data[0] and self.late is not None:
            self.late.add(self.client[0] if self.client else "")
        self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE and not self.conn.trailing_data[0]:
            self._arm()  # a request begins: its deadline runs from its first byte
        super().data_received(data)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this connection has its own deadline

    def connection_lost(self, exc: Exception | None) -> None:
        deadline = getattr(self, "_deadline", None)
        if deadline is not None:
            deadline.cancel()
        super().connection_lost(exc)


NO_WEBSOCKETS = (
    "No supported WebSocket library detected. Please use \"pip install 'uvicorn[standard]'\", "
    "or install 'websockets' or 'wsproto' manually."
)


def bounded(protocol: type[GuardedProtocol] = GuardedProtocol) -> type[GuardedProtocol]:
    """The protocol class for one server, with its own tallies."""
    return type(
        "TableProtocol",
        (protocol,),
        {
            "over_cap": Tally("connections refused past the cap (in all or from one address)"),
            "late": Tally(f"connections closed: a request not whole within {REQUEST_SECONDS:g} s"),
            "made_room": Tally("connections closed, the cap reached, for an address holding fewer"),
            "warned": {
                "Invalid HTTP request received.": Tally("invalid HTTP requests answered 400"),
                "Unsupported upgrade request.": Tally("requests for an upgrade not offered (answered as HTTP)"),
                NO_WEBSOCKETS: None,  # follows the one before, each time
            },
        },
    )


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> None:
    """asyncio logs a traceback each time accept() fails (out of open files, say), many a
    second under a flood: said instead once a minute as a count; other errors as before."""
    failed = Tally("connections not accepted (out of system resources)")

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if "accept" in str(context.get("message", "")):
            failed.add(str(context.get("exception", "")))
            return
        loop.default_exception_handler(context)

    loop.set_exception_handler(handler)


# --- the app's outermost layer ----------------------------------------------------


def not_found() -> Response:
    """The one Not Found of the app: a wrong code, a path that does not exist, an asset or
    an action not served under the right code, all alike."""
    return PlainTextResponse("Not Found", 404, headers=PLAIN_HEADERS)


PLAIN_HEADERS = {"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}


class TableGuard:
    """Every request passes here first: a Host that is not the server's is refused (421);
    a path not under ``/t/CODE/`` (or the scorekeeper's
    ``/k/KEEPER/``, when there is one) is 404 whatever its
    method (no redirect: the Host header names no address the answer builds); a wrong code
    counts as a guess, refused 429 past the limit; an address holding a control or bidi
    character is refused, and not echoed.

    The server's Host is an IP address (the address printed, or another of the machine's)
    or one of ``hosts``, its names (qscore.web.server.served_names): a page of another
    site whose name was pointed at the table's server (DNS rebinding) sends its own name,
    and its forms would pass the origin check. ``hosts`` None takes any Host: an app not
    behind serve's socket (the tests' client is ``testserver``)."""

    def __init__(
        self,
        app: ASGIApp,
        code: str,
        guesses: Guesses | None = None,
        keeper: str | None = None,
        hosts: Collection[str] | None = None,
    ) -> None:
        self.app, self.code = app, code
        self.codes = {"t": code} | ({"k": keeper} if keeper else {})
        self.guesses = guesses or Guesses()
        self.hosts = None if hosts is None else {h.lower().rstrip(".") for h in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        answer = self.refusal(scope)
        if answer is None:
            await self.app(scope, receive, send)
        else:
            await answer(scope, receive, send)

    def refusal(self, scope: Scope) -> Response | None:
        if not self.served_host(scope):
            return PlainTextResponse(
                "Refused: this is not the address of the table's server. Open the address the table's screen shows.",
                421,
                headers=PLAIN_HEADERS,
            )
        path: str = scope["path"]
        parts = path.split("/", 3)
        if len(parts) < 4 or parts[0] or parts[1] not in self.codes:
            return not_found()
        if not hmac.compare_digest(parts[2].encode(), self.codes[parts[1]].encode()):
            client = scope.get("client")
            if self.guesses.allow(client[0] if client else ""):
                return not_found()
            return PlainTextResponse(
                "Too many wrong table codes: open the address the table's screen shows.",
                429,
                headers=PLAIN_HEADERS | {"Retry-After": str(int(GUESS_SECONDS))},
            )
        query = scope.get("query_string", b"").decode("latin-1")
        if unsafe(path) or any(unsafe(k) or unsafe(v) for k, v in parse_qsl(query, keep_blank_values=True)):
            return PlainTextResponse(
                "Refused: the address holds a control character. Type the word again, or open the table's address.",
                400,
                headers=PLAIN_HEADERS,
            )
        return None

    def served_host(self, scope: Scope) -> bool:
        """Whether the request's Host names this server: an IP address, or one of its names
        (no Host at all, as HTTP/1.0 allows, is no browser's request: taken)."""
        if self.hosts is None:
            return True
        host = next((v for k, v in scope.get("headers", ()) if k == b"host"), None)
        if host is None:
            return True
        name = host.decode("latin-1").lower()
        if name.startswith("["):  # an IPv6 address, [::1]:8765
            name = name[1 : name.find("]")] if "]" in name else name
        elif ":" in name:
            name = name.rpartition(":")[0]
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return name.rstrip(".") in self.hosts
        return True


# --- text in and out ------------------------------------------------------------


def unsafe(text: str) -> str | None:
    """The first control or bidi character of text (a tab or newline included: no field of
    the page takes one), or None."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch != " ":
            return ch
    return None


def number(text: str, digits: int) -> int | None:
    """``text`` as a whole number of 1 to ``digits`` ASCII digits, or None (blank, signed,
    spaced, too long, or a digit of another script: '²'.isdigit() is true, and int('²')
    fails). Every number read from a request is read here."""
    if not 0 < len(text) <= digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def shown(text: str) -> str:
    """Text for a page with its control and bidi characters written as escapes (``\\x00``)."""
    return "".join(ch.encode("unicode_escape").decode("ascii") if unsafe(ch) else ch for ch in text)


def unpathed(text: str, games: Path) -> str:
    """A message for a phone without the machine's paths: the games file named as such,
    any other absolute path by its file name."""
    for form in (str(games), str(games.resolve())):
        text = text.replace(form, "the games file")
    return ABSOLUTE.sub(lambda m: Path(m.group(0)).name or "a folder", text)


# An absolute path as a message writes one: at the start, or after a space, a quote, a
# bracket, = , or ; and not running on into a tag (``</script>`` is a word typed, no path)
ABSOLUTE = re.compile(r"(?<![^\s'\"\x60(\[=,;\u201c\u2018\u00ab])/(?:[\w.~+-]+/)*[\w.~+-]+/?(?![\w.~+/>-])")


# --- each form sent at most once ------------------------------------------------


class Forms(Generic[A]):
    """The laydown form's token: the log's last entry when the page was made and the form's
    id, signed with this server's key; and the answer to each token sent, kept (TOKENS_KEPT,
    the oldest dropped), to be shown on the page the form's redirect opens; a form sent
    again is answered again, one sending at a time. Whether a form was taken is the log's to
    say (its id is kept with the entry it made: ``form_id``), whatever process or restart
    sends it. The answer kept is what the page said, not the page: it is shown again on
    the sheet as it stands, and a hundred pages of a long game would hold megabytes."""

    def __init__(self, key: bytes | None = None, game: Callable[[], object] = lambda: None) -> None:
        self.key = key or secrets.token_bytes(16)  # a key kept across restarts (web.codes): old forms still count
        # the game served (its identity, through a rename): a form made for the game before
        # the table's next one is no form of this game, whatever its entry's number
        self.game = game
        self.answers: OrderedDict[str, A] = OrderedDict()
        self.sending: dict[str, anyio.Event] = {}

    def token(self, last: int) -> str:
        nonce = secrets.token_urlsafe(9)
        return f"{last}.{nonce}.{self._sign(last, nonce)}"

    def _sign(self, last: int, nonce: str) -> str:
        signed = f"{self.game()}.{last}.{nonce}".encode()
        return hmac.new(self.key, signed, hashlib.sha256).hexdigest()[:24]

    def filled_at(self, token: str) -> int | None:
        """The log's last entry the form was filled against, or None: no token of this server."""
        last, _, rest = token.partition(".")
        nonce, _, mac = rest.partition(".")
        at = number(last, 9)
        if at is None or not hmac.compare_digest(mac.encode(), self._sign(at, nonce).encode()):
            return None
        return at

    def form_id(self, token: str) -> str | None:
        """The form's id, kept with the entry it makes (its token's nonce), or None: no token
        of this server. The log, not this memory, says whether a form was taken."""
        return token.split(".")[1] if self.filled_at(token) is not None else None

    def answered(self, token: str) -> A | None:
        """The answer kept for a token sent, or None (never sent, or dropped as the oldest)."""
        return self.answers.get(token)

    async def send(self, token: str, answer: Callable[[], Awaitable[A]]) -> A:
        """The form's answer, made each time the token is sent, one sending at a time, and
        kept for the page the sender is sent to: the log says whether the form was taken,
        so a form sent again is answered as after a restart or by a second server ("This
        form was taken already"), never as if it had been saved again."""
        while token in self.sending:  # the same form sent twice at once: the second waits for the first
            await self.sending[token].wait()
        self.sending[token] = done = anyio.Event()
        try:
            made = await answer()
            self.answers[token] = made
            self.answers.move_to_end(token)
            while len(self.answers) > TOKENS_KEPT:
                self.answers.popitem(last=False)
            return made
        finally:
            del self.sending[token]
            done.set()
