"""serve: the table's live scoresheet on every phone and the TV (qscore/web/)."""

import contextlib
import errno
import sys
from collections.abc import Iterable
from typing import Annotated

import typer

from qscore.cli.app import SafeOutput, app, reports_errors
from qscore.cli.options import GameOpt
from qscore.errors import QscoreError

QUIET_ZONE = 4  # light modules around the code, as the QR standard asks (ISO/IEC 18004)
# The code in explicit colours, black on white (xterm's 256-colour palette, fixed RGB, where the
# 16 named colours follow the theme), so it reads the same on a light terminal and a dark one:
# drawn in the terminal's own colours, it came out inverted on one of them.
DARK_ON_LIGHT = "\x1b[38;5;16;48;5;231m"
RESET = "\x1b[0m"
HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


@app.command(short_help="Show the live scoresheet on every phone and the TV")
@reports_errors
def serve(
    game: GameOpt = None,
    host: Annotated[
        str,
        typer.Option("--host", help="the address to listen on (default: every address of this machine)", metavar="IP"),
    ] = "0.0.0.0",
    port: Annotated[int, typer.Option("--port", help="the port (default: 8765)", metavar="N")] = 8765,
    new_codes: Annotated[
        bool,
        typer.Option("--new-codes", help="give the game new codes (the old addresses stop working)"),
    ] = False,
) -> None:
    """Serve the game's sheet to the table: every phone and the TV see it live, check words
    and lay down their hands. Open the address printed (or scan its QR code); Ctrl-C stops it.
    The address stays the same each time the game is served, until --new-codes."""
    from qscore import scorekeeper

    name = scorekeeper.load_game(game).name
    import segno  # the web libraries are imported here only: check and best never load them

    from qscore.web import server
    from qscore.web.codes import kept_codes

    if not 0 <= port < 65536:
        raise QscoreError(f"--port {port} is no port: choose one from 1 to 65535 (0: any free one)")
    try:
        sock = server.listen(host, port)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise QscoreError(f"port {port} is taken (another qscore serve?): choose another with --port") from None
        raise QscoreError(f"cannot listen on {host} port {port}: {exc.strerror or exc}") from None
    kept = kept_codes(name, new=new_codes)
    if kept.said:
        print(kept.said, file=sys.stderr)
    port = sock.getsockname()[1]
    address = server.table_address(host, port, kept.table)
    with server.signals_noted() as noted:  # from here a signal stops the server, which says so
        print(address)
        print(f"Game {name!r}: open the address above on every phone and the TV, or scan this code:")
        # the code's colours are qscore's own escape codes, nothing read from the games file: they
        # go past SafeOutput, which shows any other control character rather than obey it
        terminal = sys.stdout.stream if isinstance(sys.stdout, SafeOutput) else sys.stdout
        modules = segno.make(address, error="m").matrix_iter(border=QUIET_ZONE)
        terminal.write("".join(line + "\n" for line in qr_lines(modules)))
        print(server.table_address(host, port, kept.keeper, "k"))
        print(
            "The scorekeeper's page, above: challenges, undo, fixes, renames, leaving, the next game. "
            "Keep it to yourself."
        )
        print(
            "Laydowns from the phones appear in qscore play and qscore sheet too. Ctrl-C stops the server.", flush=True
        )
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a table stops it
            server.serve(sock, name, kept.table, kept.keeper, kept.key, noted)
        print("Stopped: every laydown sent was saved whole, or not at all.")


def qr_lines(rows: Iterable[Iterable[int]]) -> list[str]:
    """The QR code's modules (truthy: dark) as terminal lines, two rows a line (half blocks),
    black on white whatever the terminal's colours."""
    matrix = [[bool(m) for m in row] for row in rows]
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    return [
        DARK_ON_LIGHT + "".join(HALF_BLOCKS[top, bottom] for top, bottom in zip(upper, lower, strict=True)) + RESET
        for upper, lower in zip(matrix[::2], matrix[1::2], strict=True)
    ]
