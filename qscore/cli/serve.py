"""serve: the table's live scoresheet on every phone and the TV (qscore/web/)."""

import contextlib
import errno
from typing import Annotated

import typer

from qscore.cli.app import app, reports_errors
from qscore.cli.options import GameOpt
from qscore.errors import QscoreError

# The web page's libraries come with the `serve` extra; a plain install has none of them.
SERVE_LIBRARIES = {"starlette", "uvicorn", "sse_starlette", "jinja2", "segno", "anyio", "markupsafe"}
INSTALL = "pip install 'qscore[serve]'"


@app.command(short_help="Show the live scoresheet on every phone and the TV")
@reports_errors
def serve(
    game: GameOpt = None,
    host: Annotated[
        str,
        typer.Option("--host", help="the address to listen on (default: every address of this machine)", metavar="IP"),
    ] = "0.0.0.0",
    port: Annotated[int, typer.Option("--port", help="the port (default: 8765)", metavar="N")] = 8765,
) -> None:
    """Serve the game's sheet to the table: every phone and the TV see it live, check words
    and lay down their hands. Open the address printed (or scan its QR code); Ctrl-C stops it."""
    from qscore import scorekeeper

    name = scorekeeper.load_game(game).name
    try:
        import segno

        from qscore.web import server
        from qscore.web.codes import codes_for
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.partition(".")[0] not in SERVE_LIBRARIES:
            raise
        raise QscoreError(f"qscore serve needs its web libraries ({exc.name} is missing): {INSTALL}") from None
    if not 0 <= port < 65536:
        raise QscoreError(f"--port {port} is no port: choose one from 1 to 65535 (0: any free one)")
    try:
        sock = server.listen(host, port)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise QscoreError(f"port {port} is taken (another qscore serve?): choose another with --port") from None
        raise QscoreError(f"cannot listen on {host} port {port}: {exc.strerror or exc}") from None
    code, keeper = codes_for(name)
    address = server.table_address(host, sock.getsockname()[1], code)
    print(address)
    print(f"Game {name!r}: open the address above on every phone and the TV, or scan this code:")
    segno.make(address, error="m").terminal(compact=True)
    print(server.table_address(host, sock.getsockname()[1], keeper, "k"))
    print(
        "The scorekeeper's page, above: challenges, undo, fixes, renames, leaving, the next game. Keep it to yourself."
    )
    print("Laydowns from the phones appear in qscore play and qscore sheet too. Ctrl-C stops the server.", flush=True)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a table stops it
        server.serve(sock, name, code, keeper)
    print("Stopped: every laydown sent was saved whole, or not at all.")
