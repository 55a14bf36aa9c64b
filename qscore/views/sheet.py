"""A game's scoresheet as data: what ``sheet --json`` and ``export --format json`` print."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from qscore.dictionaries import DEFAULT_DICTIONARY

if TYPE_CHECKING:
    from qscore.scoresheet import Game, RoundState


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
        "rounds": [round_json(game, r) for r in game.rounds],
        "totals": totals,
        "left": game.left,
        "leaders": leaders,
        "over": game.over,
        "winner": leaders[0] if game.over and len(leaders) == 1 else None,
    }


def round_json(game: Game, state: RoundState) -> dict[str, Any]:
    """One round of the sheet: who deals, starts and plays, each laydown and its score."""
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
        "players": detail,
        "challenges": [
            {"player": c.player, "word": c.word, "by": c.by, "valid": c.valid, "ruling": c.ruling}
            for c in state.challenges
        ],
    }
