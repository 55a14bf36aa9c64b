"""Plays and reviews as data: what ``best``, ``solitaire`` and ``review`` print as JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from qscore.game.scoring import LaidWord
    from qscore.hands.draws import DrawAdvice
    from qscore.hands.review import HandReview
    from qscore.hands.solver import Play


def word_json(w: LaidWord) -> dict[str, object]:
    return {"word": w.text, "cards": [c.token for c in w.cards], "points": w.points}


def play_json(p: Play) -> dict[str, object]:
    return {
        "score": p.score,
        "goes_out": p.goes_out,
        "discard": p.discard.token if p.discard else None,
        "words": [word_json(w) for w in p.words],
        "unused": [c.token for c in p.unused],
        "word_count": p.word_count,
        "longest": p.longest,
    }


def advice_json(a: DrawAdvice) -> dict[str, object]:
    return {
        "recommend": "faceup" if a.take_faceup else "draw",
        "faceup": {"card": a.faceup.token, **play_json(a.take)},
        "draw": {
            "expected_score": round(a.blind_expected, 2),
            "outcomes": [{"card": c.token, "copies": n, "score": score} for c, n, score in a.blind],
        },
    }


def review_json(r: HandReview) -> dict[str, Any]:
    return {
        "round": r.round,
        "player": r.player,
        "scored": r.scored,
        "best": r.best,
        "missed": r.missed,
        "best_play": play_json(r.best_play),
    }
