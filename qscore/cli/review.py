"""``qscore review``: the best play each player's cards allowed, round by round."""

from typing import TYPE_CHECKING, Annotated

from qscore.choices import DEFAULT_DICTIONARY
from qscore.cli.app import app, print_json, reports_errors, worded
from qscore.cli.options import GameOpt, JsonOpt, PlayerOpt, round_option
from qscore.errors import QscoreError

if TYPE_CHECKING:
    from qscore.review import HandReview
    from qscore.scoresheet import Game
    from qscore.scoring import RoundResult
    from qscore.solver import Play


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
        from qscore.views.hands import review_json

        print_json([review_json(r) for r in reviews])
    else:
        print(review_text(g, reviews))


def play_words(play: "Play") -> str:
    """A play in a few words, in the notation the table types: ``(qu)iz · to (E unused)``;
    a letter is one card, a double card in brackets (in capitals, er read as the ER card)."""
    from qscore.cards import format_cards, format_laid

    words = " · ".join(format_laid(w.cards) for w in play.words) or "no word"
    return words + (f" ({format_cards(play.unused)} unused)" if play.unused else "")


def penalty_note(r: "HandReview") -> str:
    """What "possible" counts when a challenge cost the player: `` (48 less 12 for a challenge)``."""
    lost = r.best_play.score - r.best
    return f" ({r.best_play.score} less {lost} for a challenge)" if r.best > 0 and lost > 0 else ""


def hand_line(r: "HandReview", result: "RoundResult") -> str:
    """``ann: 23 of a possible 31, missed 8: quiz · to``; a hand a challenge zeroed
    whatever was laid says so, and what its cards allowed before the challenge:
    ``ben: 0 of a possible 0 (7 less 19 for a challenge); before it, missed 4: ate``."""
    if r.best == 0 and result.penalty and r.best_play.score > 0:
        line = f"{r.player}: {r.scored} of a possible 0 ({r.best_play.score} less {result.penalty} for a challenge)"
        before = r.best_play.score - max(0, result.word_points - result.unused_points)
        return line + (f"; before it, missed {before}: {play_words(r.best_play)}" if before > 0 else "")
    line = f"{r.player}: {r.scored} of a possible {r.best}{penalty_note(r)}"
    return line + (f", missed {r.missed}: {play_words(r.best_play)}" if r.missed else "")


def review_text(game: "Game", reviews: list["HandReview"]) -> str:
    if not reviews:
        return f"No round of game {game.name!r} has closed yet: nothing to review."
    lines = [f"Game {game.name!r}, dictionary {game.config.dictionary or DEFAULT_DICTIONARY}"]
    for number in dict.fromkeys(r.round for r in reviews):
        state = game.rounds[number - 1]
        lines.append(f"Round {number} ({state.hand_size} cards):")
        results = state.results or {}
        lines += [f"  {hand_line(r, results[r.player])}" for r in reviews if r.round == number]
    if len({r.round for r in reviews}) > 1:
        lines.append(missed_line(game, reviews))
    return "\n".join(lines)


def missed_line(game: "Game", reviews: list["HandReview"]) -> str:
    """``Missed in all: ann 8, ben 31, cat 0.``"""
    from qscore.review import missed_totals

    seen = {r.player for r in reviews}
    totals = missed_totals(game, reviews)
    return "Missed in all: " + ", ".join(f"{p} {n}" for p, n in totals.items() if p in seen) + "."


# --- for the guided mode ------------------------------------------------------


def round_miss_text(game: "Game", number: int) -> str:
    """After a round's table: its biggest missed chance in one line."""
    from qscore import scorekeeper
    from qscore.review import biggest_miss

    try:
        top = biggest_miss(scorekeeper.review_of(game, [number]))
    except QscoreError as exc:
        return f"Review: not available ({worded(exc)})."
    if top is None:
        return f"Review: nobody could have scored more in round {number}."
    return (
        f"Review: the biggest miss of round {number}: {top.player} scored {top.scored} "
        f"of a possible {top.best}{penalty_note(top)} with {play_words(top.best_play)}."
    )


def game_missed_text(game: "Game") -> str:
    """At the end of a game: each player's points missed over every round."""
    from qscore import scorekeeper

    try:
        reviews = scorekeeper.review_of(game)
    except QscoreError as exc:
        return f"Review: not available ({worded(exc)})."
    return missed_line(game, reviews)
