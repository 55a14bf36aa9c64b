"""Where a game stands, in a line: what an answer kept on the scorekeeper's page ends with
once the sheet has moved on. Beside both views it words from (a round's state, outcome.py;
the sheet's status lines, sheet_view.py), so that neither loads the other: a laydown's
outcome is said without the sheet's view, and the sheet without an outcome's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qscore.views.outcome import round_said
from qscore.views.sheet_view import status_lines

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game


def standing_said(game: Game) -> str:
    """Where the game stands now, as an answer kept on a page ends once the sheet has moved
    on: who the round being played waits for, or the sheet's last status line (the game
    over, the last round scored)."""
    return round_said(game.current, rescored=False) if game.current is not None else status_lines(game)[-1]
