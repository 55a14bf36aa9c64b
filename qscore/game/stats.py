"""The table's statistics and records across saved games, worked out from their logs.

Each game's part is worked out once (qscore.game.gamefigures: what `stats` and `games` need
of it, as plain data that the scorekeeper keeps beside the log and rebuilds from it), and
the table's figures are those parts folded together in the order the games were started
(``table_figures``).
- A player is the same person in every game whose name matches without regard to case
  or accents; they are shown by the name their latest game gives them.
- Totals (average, best, the table's highest) count finished games only, each variant
  apart (a Short game's total is no standard game's: ``variant``): a game in progress
  has no total yet, and a player who left before the end has not finished it. A win is
  being the sole leader, among those who finished, of a finished game.
- Rounds count once closed (every player laid down): round scores (bonuses included),
  words laid, going out, challenges and points missed. A word counts for the best word
  unless a challenge struck it; its points are its cards' values.
- Records go to the first to reach them (a later tie does not take one over), and need
  more than zero points.

The table's figures are dataclasses, as they are changed while folding; a game's, which
every write works out, are named tuples in a module of their own (qscore.game.gamefigures
says why), so a write does not load these.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from qscore.game.gamefigures import RoundScore, WordRecord, optional_json, word_record

if TYPE_CHECKING:
    from qscore.game.gamefigures import GameFigures


class GameTotal(NamedTuple):
    player: str
    total: int
    game: str
    variant: str

    def to_json(self) -> dict[str, Any]:
        return self._asdict()


@dataclass
class PlayerStats:
    """One player's figures over every game they sat in."""

    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    totals: dict[str, list[int]] = field(default_factory=dict)  # of finished games, by variant
    best_round: int | None = None
    best_word: WordRecord | None = None
    times_out: int = 0
    challenges_made: int = 0
    challenges_won: int = 0
    missed: int = 0

    @property
    def average_total(self) -> float | None:
        """Over the finished games, when they are all of one variant (None otherwise)."""
        return average(self.only_totals)

    @property
    def best_total(self) -> int | None:
        """Of the finished games, when they are all of one variant (None otherwise)."""
        return max(self.only_totals, default=None)

    @property
    def only_totals(self) -> list[int]:
        return next(iter(self.totals.values())) if len(self.totals) == 1 else []

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "games": self.games,
            "finished": self.finished,
            "wins": self.wins,
            "totals": {kind: list(totals) for kind, totals in self.totals.items()},
            "best_round": self.best_round,
            "best_word": optional_json(self.best_word),
            "times_out": self.times_out,
            "challenges_made": self.challenges_made,
            "challenges_won": self.challenges_won,
            "missed": self.missed,
        }


def average(totals: list[int]) -> float | None:
    return sum(totals) / len(totals) if totals else None


@dataclass
class Records:
    """The table's records: highest game total (of any variant, and of each), highest round, best word."""

    highest_total: GameTotal | None = None
    highest_round: RoundScore | None = None
    best_word: WordRecord | None = None
    highest_totals: dict[str, GameTotal] = field(default_factory=dict)  # by variant, in order first finished

    def to_json(self) -> dict[str, Any]:
        return {
            "highest_total": optional_json(self.highest_total),
            "highest_round": optional_json(self.highest_round),
            "best_word": optional_json(self.best_word),
            "highest_totals": {kind: top.to_json() for kind, top in self.highest_totals.items()},
        }


@dataclass
class TableStats:
    players: dict[str, PlayerStats]  # by name_key, in order of first appearance
    records: Records

    def player(self, name: str) -> PlayerStats | None:
        from qscore.game.scoresheet import name_key

        return self.players.get(name_key(name))

    def to_json(self) -> dict[str, Any]:
        return {"players": {key: p.to_json() for key, p in self.players.items()}, "records": self.records.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableStats:
        players = {
            key: PlayerStats(**{**p, "best_word": word_record(p["best_word"])}) for key, p in data["players"].items()
        }
        r = data["records"]
        return cls(
            players,
            Records(
                None if r["highest_total"] is None else GameTotal(**r["highest_total"]),
                None if r["highest_round"] is None else RoundScore(**r["highest_round"]),
                word_record(r["best_word"]),
                {variant: GameTotal(**top) for variant, top in r["highest_totals"].items()},
            ),
        )


def table_figures(games: Iterable[tuple[str, GameFigures]]) -> TableStats:
    """The table's figures from each game's, by game name, oldest first."""
    from qscore.game.scoresheet import name_key

    players: dict[str, PlayerStats] = {}
    records = Records()
    keys: dict[str, str] = {}  # each name as spelled, keyed once: a table has a few names over thousands of games
    for name, game in games:
        leaders = game.leaders()
        for p in game.players:
            key = keys.get(p.name)
            if key is None:
                key = keys[p.name] = name_key(p.name)
            s = players.get(key)
            if s is None:
                s = players[key] = PlayerStats(p.name)
            s.name = p.name  # the latest game's spelling
            s.games += 1
            s.missed += (game.missed or {}).get(p.name, 0)
            if game.over and p.finished:
                s.finished += 1
                s.totals.setdefault(game.variant, []).append(p.total)
                s.wins += leaders == [p.name]
                total = GameTotal(p.name, p.total, name, game.variant)
                if p.total > (records.highest_total.total if records.highest_total else 0):
                    records.highest_total = total
                held = records.highest_totals.get(game.variant)
                if p.total > (held.total if held else 0):
                    records.highest_totals[game.variant] = total
            if p.best_round is not None and (s.best_round is None or p.best_round > s.best_round):
                s.best_round = p.best_round
            if p.best_word is not None and (s.best_word is None or p.best_word.points > s.best_word.points):
                s.best_word = p.best_word._replace(game=name)
            s.times_out += p.times_out
            s.challenges_made += p.challenges_made
            s.challenges_won += p.challenges_won
        top = game.highest_round
        if top is not None and top.score > (records.highest_round.score if records.highest_round else 0):
            records.highest_round = top._replace(game=name)
        word = game.best_word
        if word is not None and (records.best_word is None or word.points > records.best_word.points):
            records.best_word = word._replace(game=name)
    return _named(TableStats(players, records))


def _named(found: TableStats) -> TableStats:
    """Records and best words under each player's shown name (as their latest game gives it)."""
    from qscore.game.scoresheet import name_key

    def name(item: Any) -> Any:
        return None if item is None else item._replace(player=found.players[name_key(item.player)].name)

    for s in found.players.values():
        s.best_word = name(s.best_word)
    r = found.records
    tops = {kind: name(top) for kind, top in r.highest_totals.items()}
    found.records = Records(name(r.highest_total), name(r.highest_round), name(r.best_word), tops)
    return found
