"""``qscore review``: the best play each player's cards allowed, round by round."""

from typing import TYPE_CHECKING, Annotated

from qscore.cli.app import app, print_json, reports_errors, worded
from qscore.cli.options import GameOpt, JsonOpt, PlayerOpt, round_option
from qscore.errors import QscoreError

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game
    from qscore.hands.handreview import HandReview


@app.command(short_help="Each player's score beside the best their cards allowed")
@reports_errors
def review(
    game: GameOpt = None,
    round_no: Annotated[int | None, round_option("only this round")] = None,
    player: PlayerOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show, for every closed round, each player's score beside the best their cards allowed."""
    from qscore import scorekeeper

    g = scorekeeper.load_game(game)
    who = g.player(player) if player is not None else None
    reviews = scorekeeper.review_of(g, [round_no] if round_no is not None else None, [who] if who is not None else None)
    if as_json:
        from qscore.views.plays_view import review_json

        print_json([review_json(r) for r in reviews])
    else:
        print(review_text(g, reviews))


def review_text(game: "Game", reviews: list["HandReview"]) -> str:
    """The review laid out for a terminal: its title, each round's heading and lines indented."""
    from qscore.views.plays_view import game_review

    shown = game_review(game, reviews)
    lines = [shown.title]
    for r in shown.rounds:
        lines += [f"{r.heading}:", *(f"  {line}" for line in r.lines)]
    return "\n".join(lines + ([shown.missed] if shown.missed else []))


# --- for the guided mode ------------------------------------------------------


def round_miss_text(game: "Game", number: int) -> str:
    """After a round's table: its biggest missed chance in one line."""
    from qscore import scorekeeper
    from qscore.views.plays_view import review_unavailable, round_miss_line

    try:
        return round_miss_line(number, scorekeeper.review_of(game, [number]))
    except QscoreError as exc:
        return review_unavailable(worded(exc))


def game_missed_text(game: "Game") -> str:
    """At the end of a game: each player's points missed over every round."""
    from qscore import scorekeeper
    from qscore.views.plays_view import missed_line, review_unavailable

    try:
        reviews = scorekeeper.review_of(game)
    except QscoreError as exc:
        return review_unavailable(worded(exc))
    return missed_line(game, reviews)
