"""Figures across every saved game as data: what ``stats --json`` prints."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from qscore.game.gamefigures import WordRecord
    from qscore.game.tablestats import GameTotal, PlayerStats, Records


def record_json(w: WordRecord | None, *, who: bool = False) -> dict[str, Any] | None:
    if w is None:
        return None
    out: dict[str, Any] = {"player": w.player} if who else {}
    return out | {"word": w.word, "cards": list(w.cards), "points": w.points, "game": w.game, "round": w.round}


def player_json(s: PlayerStats) -> dict[str, Any]:
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


def stats_json(chosen: list[PlayerStats], records: Records) -> dict[str, Any]:
    """The players chosen and the table's records (docs/json.md)."""
    return {"players": {s.name: player_json(s) for s in chosen}, "records": records_json(records)}
