"""The game's end: a game is over once its last round is scored and its challenges are
settled, which the scorekeeper says by closing it (RULES.md: "Before the cards are
gathered, any player may challenge a word"; after the last round no next deal gathers
them, so the table says when). A challenge after that changes a final sheet: it is made
only when the table confirms it, as an undo of a finished game is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qscore.errors import GameError, Remedy, quoted
from qscore.game.entries import Closed

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game


class FinishedGameChallengeError(GameError):
    """A challenge would change a game the scorekeeper closed, and the table did not say it
    means to: a face asks, then calls again confirming."""

    def __init__(self, game: Game) -> None:
        self.game = game.name
        super().__init__(
            f"game {quoted(game.name)} is over: a challenge would change its final sheet; ",
            Remedy("challenge-finished"),
        )


def check_close(game: Game) -> Closed:
    """The entry that closes the game: its last round scored, and not closed already."""
    if game.finished:
        raise GameError(f"game {quoted(game.name)} is closed already")
    current = game.current
    if current is not None:
        raise GameError(
            f"game {quoted(game.name)} is at round {current.number}: it closes once its last round is scored"
        )
    return Closed(len(game.rounds))


def check_challenge_allowed(game: Game, confirmed: bool) -> None:
    """A challenge of a closed game only when the table confirms it."""
    if game.finished and not confirmed:
        raise FinishedGameChallengeError(game)
