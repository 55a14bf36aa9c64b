"""The table's server: a socket on the table's network, the address phones open, and
uvicorn serving the page's app until Ctrl-C (or SIGTERM) stops it.

A write in flight when it stops is one SQLite transaction: it is saved whole or not at all.
"""

from __future__ import annotations

import socket
from typing import Any

import uvicorn

from qscore.web.app import make_app

SHUTDOWN_SECONDS = 2  # open pages' streams are closed at once; a laydown in flight finishes


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port``, listening (OSError if it cannot be)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
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


def table_address(host: str, port: int, code: str) -> str:
    return f"http://{reachable_host(host)}:{port}/t/{code}/"


def serve(sock: socket.socket, game: str, code: str) -> None:
    """Serve the table's page for ``game`` on ``sock`` until stopped."""
    app = make_app(game, code)

    class TableServer(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            app.state.watch.stopping = True  # the pages' streams end first, whole
            super().handle_exit(sig, frame)

    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
        lifespan="on",
    )
    TableServer(config).run(sockets=[sock])
