"""The evening's picture from the command line (``export --format svg`` and ``png``), and an
export written to a file (``-o``). views/picture.py draws the SVG; resvg rasterises the PNG
with the font shipped in the package, imported only when a PNG is asked for.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from qscore.cli.app import fail
from qscore.paths import shown_path
from qscore.views.picture import FONTS, picture_svg

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game


def picture(game: Game, fmt: str) -> str | bytes:
    """The game's picture: the SVG's text, or the PNG's bytes."""
    svg = picture_svg(game)
    if fmt == "svg":
        return svg
    import resvg_py

    return bytes(resvg_py.svg_to_bytes(svg_string=svg, font_files=FONTS, skip_system_fonts=True))


def put_out(data: str | bytes, output: Path | None) -> None:
    """An export written to the file named, or to standard output; a PNG goes to a terminal
    never (its bytes would garble it): there the file is asked for."""
    if output is not None:
        try:
            if isinstance(data, bytes):
                output.write_bytes(data)
            else:
                output.write_text(data, "utf-8")
        except OSError as exc:
            fail(f"cannot write {shown_path(output)}: {exc.strerror}")
    elif isinstance(data, str):
        sys.stdout.write(data)
    elif sys.stdout.isatty():
        fail("a PNG is not for a terminal: name its file with -o, e.g. -o evening.png")
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
