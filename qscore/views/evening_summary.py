"""The evening's summary, once the scorekeeper closes a game: the winner and the margin, the
evening's best word and best round, the table's records broken tonight and each player's
rating before and after, worded once here for every face (`play` and `close` as the game
closes, `sheet` of a closed game, and every page of `qscore serve`).

It is made from the figures the scorekeeper works out from the logs each time
(scorekeeper.evening_figures: the table's before the game and with it), so a page after a
restart shows what the game's log holds. A record broken is one the table held before
tonight: the first game of a table breaks none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from qscore.views.sheet import names_said
from qscore.views.stats_view import laid_word, rating_said

if TYPE_CHECKING:
    from qscore.game.gamefigures import GameFigures
    from qscore.game.tablestats import EveningFigures, Records, TableStats

HEAD = "The evening"
RATINGS_HEAD = "Ratings, before and after (openskill; ± how unsure it still is)"


class EveningSummary(NamedTuple):
    """A closed game's summary as every face shows it: its sentences, then each player's rating."""

    head: str
    lines: tuple[str, ...]
    ratings_head: str
    ratings: tuple[str, ...]


def evening_summary(name: str, figures: EveningFigures) -> EveningSummary:
    """The summary of the closed game ``name`` (its figures among the table's)."""
    game = figures.game
    lines = [result_said(game)]
    if game.best_word is not None:
        w = game.best_word
        lines.append(f"Best word: {w.player}'s {laid_word(w)}, {w.points} points (round {w.round}).")
    if game.highest_round is not None:
        r = game.highest_round
        also = [p.name for p in game.players if p.best_round == r.score and p.name != r.player]
        equalled = f", equalled by {' and '.join(also)}" if also else ""  # a child whose 19 matched sees it
        lines.append(f"Best round: {r.player}'s {r.score} (round {r.round}){equalled}.")
    broken = records_broken(name, figures.before.records, figures.after.records)
    if broken:
        lines.append("Broken tonight: " + "; ".join(broken) + ".")
    return EveningSummary(HEAD, tuple(lines), RATINGS_HEAD, ratings_said(game, figures.before, figures.after))


def result_said(game: GameFigures) -> str:
    """Who won and by how much, among the players who finished (one who left finished nothing)."""
    stayed = sorted((p for p in game.players if p.finished), key=lambda p: -p.total)
    leaders = game.leaders()
    if not stayed:
        return "Nobody finished the game."
    top = stayed[0].total
    if len(leaders) > 1:
        return f"A tie for first: {names_said(leaders)} on {top}."
    if len(stayed) == 1:
        return f"{leaders[0]} won on {top}, the only one to finish."
    second = stayed[1]
    return f"{leaders[0]} won by {top - second.total}: {top} to {second.name}'s {second.total}."


def records_broken(name: str, before: Records, after: Records) -> list[str]:
    """The table's records the game ``name`` took from an earlier one."""
    broken = []
    apart = len(after.highest_totals) > 1  # the variants' totals are told apart
    for kind, top in after.highest_totals.items():
        if top.game == name and kind in before.highest_totals:
            what = f"highest {kind} game total" if apart else "highest game total"
            broken.append(f"{top.player}'s {top.total} is the table's {what}")
    r = after.highest_round
    if r is not None and r.game == name and before.highest_round is not None:
        broken.append(f"{r.player}'s {r.score} is the table's best round")
    w = after.best_word
    if w is not None and w.game == name and before.best_word is not None:
        broken.append(f"{w.player}'s {laid_word(w)} ({w.points}) is the table's best word")
    return broken


def ratings_said(game: GameFigures, before: TableStats, after: TableStats) -> tuple[str, ...]:
    """Each player's rating before the game and after it; one who left was not rated by it."""
    said = []
    for p in game.players:
        was, now = before.rating_of(p.name), after.rating_of(p.name)
        if not p.finished:
            kept = "" if now is None else f" ({rating_said(now)})"
            said.append(f"{p.name}: left, not rated by this game{kept}")
        elif was is None:
            said.append(f"{p.name}: first rated game, now {rating_said(now)}")
        else:
            said.append(f"{p.name}: {rating_said(was)} → {rating_said(now)}")
    return tuple(said)
