"""The evening's picture served: ``picture.png`` and ``picture.svg`` under the table's code
and the scorekeeper's, once the scorekeeper has closed the game (before, Not Found, as any
path that is not there). Drawn from the game as last read (views/picture.py), the PNG by
resvg with the font shipped in the package, and kept until the sheet changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import anyio.to_thread
import resvg_py
from starlette.requests import Request
from starlette.responses import Response

from qscore.errors import QscoreError
from qscore.views.picture import FONTS, picture_file, picture_svg
from qscore.web.guard import not_found
from qscore.web.posted import HEADERS

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game

TYPES = {"png": "image/png", "svg": "image/svg+xml"}


class Followed(Protocol):
    """The game the server follows (qscore.web.watch.SheetWatch)."""

    @property
    def sheet_version(self) -> int: ...

    def load(self) -> Game: ...

    async def refresh(self) -> None: ...


class Pictures:
    """The closed game's picture, made once a version of the sheet and a kind."""

    def __init__(self, watch: Followed) -> None:
        self.watch = watch
        self.kept: tuple[int, str, tuple[bytes, str] | None] | None = None

    def made(self, kind: str) -> tuple[bytes, str] | None:
        """The picture of the game served and its file's name, or None: it is not closed,
        or cannot be read."""
        try:
            game = self.watch.load()
        except QscoreError:
            return None
        if not game.finished:
            return None
        svg, named = picture_svg(game), picture_file(game.name, kind)
        if kind == "svg":
            return svg.encode(), named
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, font_files=FONTS, skip_system_fonts=True)), named

    async def answer(self, request: Request) -> Response:
        kind = request.path_params["kind"]
        if kind not in TYPES:
            return not_found()
        await self.watch.refresh()
        version = self.watch.sheet_version
        if self.kept is None or self.kept[:2] != (version, kind):
            self.kept = (version, kind, await anyio.to_thread.run_sync(self.made, kind))
        if self.kept[2] is None:
            return not_found()
        picture, named = self.kept[2]
        disposition = {"Content-Disposition": f'inline; filename="{named}"'}
        return Response(picture, media_type=TYPES[kind], headers=HEADERS | disposition)
