"""A game's scoresheet as data: what ``sheet --json`` and ``export --format json`` print."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from qscore.game.choices import DEFAULT_DICTIONARY

if TYPE_CHECKING:
    from qscore.game.scoresheet import Challenge, Game, RoundState


def sheet_json(game: Game) -> dict[str, Any]:
    """The whole sheet as plain data (docs/json.md)."""
    totals = game.totals()
    leaders = game.leaders()
    return {
        "game": game.name,
        "players": list(game.players),
        "deck": game.config.deck,
        "bonus": game.config.bonus,
        "bonus_points": game.config.bonus_points if game.config.bonus != "none" else None,
        "dictionary": game.config.dictionary or DEFAULT_DICTIONARY,
        "rounds": [round_json(game, r, running) for r, running in zip(game.rounds, running_totals(game), strict=True)],
        "totals": totals,
        "left": game.left,
        "leaders": leaders,
        "over": game.over,
        "winner": leaders[0] if game.over and len(leaders) == 1 else None,
        "closed": game.finished,
    }


def names_said(names: list[str]) -> str:
    """Players named as a sheet's status line says them: ``ann``, ``ann and ben``, ``ann, ben and cat``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def challenge_dropped(c: Challenge) -> str:
    """A challenge a replaced laydown took with it, as every face says it: its word is no
    longer laid, so its penalty and its mark go too."""
    return f"{c.by}'s challenge of {c.player}'s {c.word} no longer stands: {c.word} is not in the laydown now"


def running_totals(game: Game) -> list[dict[str, int] | None]:
    """Each round's running totals, as a paper sheet keeps them: every player's total after
    the round (a player who left keeps theirs), or None for a round not scored yet."""
    running = dict.fromkeys(game.players, 0)
    after: list[dict[str, int] | None] = []
    for state in game.rounds:
        if state.results is None:
            after.append(None)
            continue
        running = {p: running[p] + (state.results[p].score if p in state.results else 0) for p in game.players}
        after.append(running)
    return after


def round_json(game: Game, state: RoundState, running: dict[str, int] | None = None) -> dict[str, Any]:
    """One round of the sheet: who deals, starts and plays, each laydown and its score, and
    the running totals after it (None: not scored yet)."""
    results = state.results or {}
    laid = game.laid(state) if state.closed else {}
    detail: dict[str, Any] = {}
    for p in game.players:
        lay = state.laydowns.get(p)
        if lay is None:
            detail[p] = None
            continue
        row: dict[str, Any] = {
            "words": list(lay.words),
            "unused": list(lay.unused),
            "out": lay.out,
        }
        if p in results:
            r = results[p]
            row |= {
                "struck": [text for text, w in zip(lay.words, laid[p].words, strict=True) if w.struck],
                "word_points": r.word_points,
                "unused_points": r.unused_points,
                "penalty": r.penalty,
                "hand_score": r.hand_score,
                "bonuses": list(r.bonuses),
                "score": r.score,
            }
        detail[p] = row
    return {
        "number": state.number,
        "hand_size": state.hand_size,
        "dealer": state.dealer,
        "starts": state.starts,
        "playing": list(state.players),
        "bonus": state.bonus,
        "closed": state.closed,
        "scores": {p: results[p].score if p in results else None for p in game.players},
        "running": {p: running[p] if running is not None else None for p in game.players},
        "players": detail,
        "challenges": [
            {"player": c.player, "word": c.word, "by": c.by, "valid": c.valid, "ruling": c.ruling}
            for c in state.challenges
        ],
    }
