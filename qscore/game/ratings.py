"""Ratings across games: each player's skill as the openskill library's Plackett-Luce model
rates it, from every finished game in the order the games were started.

A game rates the players who finished it (one who left did not), placed by their totals,
tied totals sharing a place (openskill's ``rate(teams, scores=...)``); a game that fewer
than two players finished rates nobody. The ratings are worked out from the games each
time they are asked for, never kept beside them. A rating is openskill's ``mu`` (every
player starts at 25) with its ``sigma``, how unsure the model still is of it (25/3 at the
start, shrinking with each game rated): a face shows them as ``27.4 ± 6.1``.

Only `stats` and a closed game's summary load this module (qscore.game.tablestats), and
with it openskill.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from openskill.models import PlackettLuce


class Rating(NamedTuple):
    """A player's rating: the model's estimate of their skill and how unsure it is."""

    mu: float
    sigma: float

    def to_json(self) -> dict[str, float]:
        return self._asdict()


class Ratings:
    """The ratings of every player rated so far, by name key, updated a game at a time."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.held: dict[str, Any] = {}  # openskill's rating of each player, by name key

    def rate(self, finished: Sequence[tuple[str, int]]) -> None:
        """One more game: each player who finished it (name key) with their total."""
        if len(finished) < 2:
            return
        teams = [[self.held.get(key) or self.model.rating()] for key, _ in finished]
        rated = self.model.rate(teams, scores=[total for _, total in finished])
        for (key, _), (rating,) in zip(finished, rated, strict=True):
            self.held[key] = rating

    def of(self, key: str) -> Rating | None:
        """A player's rating (by name key), or None before any game rated them."""
        held = self.held.get(key)
        return None if held is None else Rating(held.mu, held.sigma)

    def all(self) -> dict[str, Rating]:
        return {key: Rating(r.mu, r.sigma) for key, r in self.held.items()}
