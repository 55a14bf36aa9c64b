"""The evening's summary laid out for a terminal (views/evening_summary.py words it), for
`play` and `close` as the scorekeeper closes a game, and `sheet` of a closed game. Each
imports this module only then: it reads every saved game's figures, and openskill."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qscore import scorekeeper
from qscore.views.evening_summary import evening_summary

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game


def evening_text(game: Game) -> str | None:
    """The closed ``game``'s summary, its sentences and then the ratings, indented; None
    when the game is not closed, or its figures cannot be read."""
    figures = scorekeeper.evening_figures(game) if game.finished else None
    if figures is None:
        return None
    said = evening_summary(game.name, figures)
    lines = [f"{said.head}:", *(f"  {line}" for line in said.lines), f"{said.ratings_head}:"]
    return "\n".join(lines + [f"  {line}" for line in said.ratings])
