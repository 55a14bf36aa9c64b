"""The table's server: a socket on the table's network, the address phones open, and
uvicorn serving the page's app, bounded (qscore.web.guard), until Ctrl-C or SIGTERM stops it.

A write in flight when it stops is one SQLite transaction: it is saved whole or not at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
import signal
import socket
import threading
from collections.abc import Iterator
from typing import Any

import uvicorn
from sse_starlette.sse import AppStatus
from starlette.applications import Starlette

from qscore.web.guard import bounded, quiet_accept_errors, say_counts
from qscore.web.pages import make_app

BACKLOG = 128  # connections accepted at each turn of the loop, each then counted against the caps
QUEUE = 4096  # connections the kernel holds until they are accepted (Linux caps it at net.core.somaxconn)
SHUTDOWN_SECONDS = 2  # open pages' streams are closed at once; a laydown in flight finishes


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port``, listening (OSError if it cannot be)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    return sock


def reachable_host(host: str) -> str:
    """The address a phone on the table's network opens: the host given, or for the
    wildcard this machine's address on its local network (no packet is sent to find it)."""
    if host not in ("0.0.0.0", "", "::"):
        return f"[{host}]" if ":" in host else host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))  # a UDP connect only picks the route
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def table_address(host: str, port: int, code: str, face: str = "t") -> str:
    """The address a phone opens: the table's page (``t``), or the scorekeeper's (``k``)."""
    return f"http://{reachable_host(host)}:{port}/{face}/{code}/"


STOPS = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def signals_noted() -> Iterator[list[int]]:
    """SIGINT and SIGTERM noted, not obeyed, until the server takes them: one sent as the
    address is printed (before uvicorn's handlers are in place, SIGTERM's default ended the
    process) stops the server as soon as it starts, and the command still says it stopped."""
    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread():  # only the main thread takes signals
        yield noted
        return
    before = {sig: signal.signal(sig, lambda sig, frame: noted.append(sig)) for sig in STOPS}
    try:
        yield noted
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def serve(
    sock: socket.socket,
    game: str,
    code: str,
    keeper: str | None = None,
    key: bytes | None = None,
    noted: list[int] | None = None,
) -> None:
    """Serve the table's page for ``game`` on ``sock`` (and the scorekeeper's, under its own
    code) until SIGINT or SIGTERM stops it (or one ``noted`` before it started); the forms
    of both signed with ``key``, kept across restarts (qscore.web.codes)."""
    more_open_files()
    app = make_app(game, code, keeper, key=key, hosts=served_names())
    TableServer(app, noted).run(sockets=[sock])


def served_names() -> set[str]:
    """The names a phone may know this machine by, besides its IP addresses: localhost, its
    host name, and that name on the local network (``.local``, as mDNS answers it)."""
    name = socket.gethostname().lower().rstrip(".")
    return {"localhost", name, name.partition(".")[0] + ".local"}


class TableServer(uvicorn.Server):
    """uvicorn's server for the table's app: its connections bounded (guard.GuardedProtocol),
    stopped by SIGINT or SIGTERM alike, its open streams ended first."""

    def __init__(self, app: Starlette, noted: list[int] | None = None) -> None:
        self.app = app
        self.noted = noted if noted is not None else []  # signals come before the server took them
        super().__init__(
            uvicorn.Config(
                app,
                http=bounded(),
                # asyncio accepts up to this many connections at each turn before any is
                # seen: uvicorn's 2,048 ran out of files before the cap could close one
                backlog=BACKLOG,
                log_level="warning",
                access_log=False,
                timeout_graceful_shutdown=SHUTDOWN_SECONDS,
                lifespan="on",
            )
        )
        drain = getattr(AppStatus, "disable_automatic_graceful_drain", None)  # sse-starlette 3.x
        if drain is not None:
            drain()

    def handle_exit(self, sig: int, frame: Any) -> None:
        self.app.state.watch.stopping = True  # the pages' streams end first, whole
        # sse-starlette's own stop (its AppStatus, set by its patch of this method) cuts
        # every stream unfinished, and uvicorn then logs an error a stream; the app ends
        # them itself, each whole, as soon as the server is told to stop. Its 2.x patch
        # also wakes every stream through its event: that event is kept out of its reach
        # while the patched method runs, or the streams it wakes race the app's own end
        event = getattr(AppStatus, "should_exit_event", None)  # sse-starlette 2.x
        if event is not None:
            setattr(AppStatus, "should_exit_event", None)  # noqa: B010 (not an attribute of 3.x)
        try:
            super().handle_exit(sig, frame)
        finally:
            if event is not None:
                setattr(AppStatus, "should_exit_event", event)  # noqa: B010
            AppStatus.should_exit = False

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        """SIGINT and SIGTERM both stop the server, which then returns: uvicorn's own raises
        the signal again once stopped, and SIGTERM's default then ends the process with
        status 143 before the command can say it stopped."""
        if threading.current_thread() is not threading.main_thread():  # only the main thread takes signals
            yield
            return
        handled = {sig: signal.signal(sig, self.handle_exit) for sig in STOPS}
        try:
            yield
        finally:
            for sig, handler in handled.items():
                signal.signal(sig, handler)

    async def main_loop(self) -> None:
        """The server's loop, told first of a signal sent before it started: it stops as
        soon as it has, shutting the app down whole (older uvicorns, 0.34 among them,
        skipped the app's shutdown for a stop asked before the loop, and logged the cut)."""
        for sig in self.noted:
            self.handle_exit(sig, None)
        await super().main_loop()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        for sock in sockets or []:
            # the queue the kernel keeps of connections not yet accepted: long, so a flood
            # does not crowd out a phone's (its connection would wait a second for a retry)
            sock.listen(QUEUE)

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        quiet_accept_errors(asyncio.get_running_loop())
        try:
            await super().serve(sockets)
        finally:
            say_counts()


def more_open_files() -> None:
    """The soft limit of open files raised to the hard one (up to 4,096): the cap on
    connections (guard.MAX_CONNECTIONS) then leaves room for the games file and the rest."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
