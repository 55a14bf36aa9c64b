"""The saved games as ``qscore games`` lists them: a row a game, as data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from qscore.game.gamelines import GameLine


class Unreadable(Protocol):
    """A game that cannot be read: its name and why (read-only, as storage's frozen record holds them)."""

    @property
    def name(self) -> str: ...

    @property
    def reason(self) -> str: ...


def game_rows(games: Sequence[tuple[str, GameLine] | Unreadable]) -> list[dict[str, Any]]:
    """Each game's row (docs/json.md, ``games --json``): players, round reached, leaders; or
    its name and why it cannot be read."""
    rows: list[dict[str, Any]] = []
    for g in games:
        if not isinstance(g, tuple):
            rows.append({"game": g.name, "error": g.reason})
            continue
        name, f = g
        totals = f.totals
        leaders = f.leaders()
        rows.append(
            {
                "game": name,
                "players": list(totals),
                "round": f.round,
                "rounds": f.rounds,
                "over": f.over,
                "closed": f.closed,
                "leaders": leaders if any(totals.values()) else [],
                "leader_total": totals[leaders[0]],
            }
        )
    return rows


def played_said(row: dict[str, Any]) -> str:
    """How far a game has come, in rounds played: ``3 of 8`` (round 4 is under way), ``8 of
    8, every round scored`` (the last round's challenges may still come), ``8 of 8, over``
    (the scorekeeper closed it)."""
    played = row["rounds"] if row["over"] else row["round"] - 1
    where = ", over" if row["closed"] else ", every round scored" if row["over"] else ""
    return f"{played} of {row['rounds']}{where}"
