"""Figures across every saved game as data: what ``stats --json`` prints."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from qscore.game.gamefigures import WordRecord
    from qscore.game.ratings import Rating
    from qscore.game.tablestats import GameTotal, PlayerStats, Records, TableStats

# what a rating means, as `stats` heads its ratings and the guide explains them
RATINGS_HEAD = "Ratings (openskill, from every finished game; ± how unsure it still is, 25 ± 8.3 to start)"
HEAD_TO_HEAD = "Head to head (games both finished; how often each finished ahead: a tie counts for neither)"


def laid_word(w: WordRecord) -> str:
    """A word record as it was laid, so QU·I·Z and Q·U·I·Z differ: ``(QU)IZ``; from its
    cards' tokens, as a table's deck may hold double cards no shipped deck has (LL, OO)."""
    return "".join(f"({t})" if len(t) > 1 else t for t in w.cards).upper()


def rating_said(r: Rating | None) -> str:
    """A rating as a family reads it: ``27.4 ± 6.1``; ``-`` before any finished game."""
    return "-" if r is None else f"{r.mu:.1f} ± {r.sigma:.1f}"


def record_json(w: WordRecord | None, *, who: bool = False) -> dict[str, Any] | None:
    if w is None:
        return None
    out: dict[str, Any] = {"player": w.player} if who else {}
    return out | {"word": w.word, "cards": list(w.cards), "points": w.points, "game": w.game, "round": w.round}


def player_json(s: PlayerStats, rating: Rating | None = None) -> dict[str, Any]:
    average = s.average_total
    by_variant = {
        kind: {"finished": len(totals), "average_total": round(sum(totals) / len(totals), 1), "best_total": max(totals)}
        for kind, totals in s.totals.items()
    }
    return {
        "games": s.games,
        "finished": s.finished,
        "wins": s.wins,
        "average_total": round(average, 1) if average is not None else None,
        "best_total": s.best_total,
        "best_round": s.best_round,
        "best_word": record_json(s.best_word),
        "times_out": s.times_out,
        "challenges_made": s.challenges_made,
        "challenges_won": s.challenges_won,
        "missed": s.missed,
        "totals_by_variant": by_variant,
        "rating": None if rating is None else {"mu": rating.mu, "sigma": rating.sigma},
    }


def total_json(t: GameTotal | None) -> dict[str, Any] | None:
    return None if t is None else {"player": t.player, "total": t.total, "game": t.game, "variant": t.variant}


def records_json(r: Records) -> dict[str, Any]:
    top = r.highest_round
    return {
        "highest_total": total_json(r.highest_total),
        "highest_round": (
            {"player": top.player, "score": top.score, "game": top.game, "round": top.round} if top else None
        ),
        "best_word": record_json(r.best_word, who=True),
        "highest_totals": {kind: total_json(t) for kind, t in r.highest_totals.items()},
    }


def head_to_head_json(figures: TableStats, key: str | None = None) -> list[dict[str, Any]]:
    """Each pair's games both finished and how often each finished ahead; ``key``'s pairs alone, if given."""
    found = []
    for a, b, met in figures.pairs(key):
        one, other = figures.players[a].name, figures.players[b].name
        found.append({"players": [one, other], "games": met.games, "wins": {one: met.first, other: met.second}})
    return found


def stats_json(chosen: list[PlayerStats], figures: TableStats, key: str | None = None) -> dict[str, Any]:
    """The players chosen, the table's records and the head to head of every pair, or of
    one player's (``key``, a name key) (docs/json.md)."""
    return {
        "players": {s.name: player_json(s, figures.rating_of(s.name)) for s in chosen},
        "records": records_json(figures.records),
        "head_to_head": head_to_head_json(figures, key),
    }
