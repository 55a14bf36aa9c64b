"""``qscore rename`` and ``qscore leave``: the table changes mid-evening."""

from typing import TYPE_CHECKING, Annotated

import typer

from qscore.cli.app import app, reports_errors
from qscore.cli.asking import answered
from qscore.cli.completion import players, players_still_in
from qscore.cli.options import GameOpt, bonus_option
from qscore.game.choices import TwoBonus

if TYPE_CHECKING:
    from qscore.game.entries import Left, Renamed
    from qscore.scorekeeper import Saved


@app.command(short_help="Put a player's name right on the whole sheet")
@reports_errors
def rename(
    old: Annotated[str, typer.Argument(help="the player's name as on the sheet", autocompletion=players)],
    new: Annotated[str, typer.Argument(help="the name it should be")],
    game: GameOpt = None,
) -> None:
    """Put a player's name right on the whole sheet (undo takes it back)."""
    from qscore import scorekeeper
    from qscore.cli.sheets import standing_text

    saved = scorekeeper.rename_player(old, new, game)
    print(rename_text(saved))
    print(standing_text(saved.after))


def rename_text(saved: "Saved[Renamed]") -> str:
    """What a rename did, in a line."""
    from qscore.views.keeper_said import renamed_said

    return renamed_said(saved.act, saved.after)


@app.command(short_help="A player goes home; the game goes on without them")
@reports_errors
def leave(
    player: Annotated[str, typer.Argument(help="who goes home", autocompletion=players_still_in)],
    bonus: Annotated[
        TwoBonus | None,
        bonus_option("when two players are left: the one bonus they play on with, longest or most, or none"),
    ] = None,
    game: GameOpt = None,
) -> None:
    """A player goes home: later rounds are dealt and scored without them; their total stands.

    A player who has laid down in the round under way leaves after it; one who has not
    sits it out, and it closes when the others have laid down.
    """
    from qscore import scorekeeper
    from qscore.cli.sheets import standing_text

    saved = answered(lambda reply: scorekeeper.leave(player, bonus, game, reply=reply))
    if saved is not None:
        print(leave_text(saved))
        print(standing_text(saved.after))


def leave_text(saved: "Saved[Left]") -> str:
    """What a leave did: the total that stands, and who plays on from which round."""
    from qscore.views.keeper_said import left_said

    return left_said(saved.act, saved.after)
