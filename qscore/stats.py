"""The table's statistics and records across saved games, worked out from their logs.

Nothing here is stored: every figure is read from the games' sheets as they stand.
- A player is the same person in every game whose name matches without regard to case
  or accents; they are shown by the name their latest game gives them.
- Totals (average, best, the table's highest) count finished games only: a game in
  progress has no total yet. A win is being the sole leader of a finished game.
- Rounds count once closed (every player laid down): round scores (bonuses included),
  words laid, going out, challenges and points missed. A word counts for the best word
  unless a challenge struck it; its points are its cards' values.
- Records go to the first to reach them (a later tie does not take one over), and need
  more than zero points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from qscore.scoresheet import Game, name_key


@dataclass(frozen=True)
class WordRecord:
    """A word on the table, where it was laid."""

    player: str
    word: str
    cards: tuple[str, ...]
    points: int
    game: str
    round: int


@dataclass(frozen=True)
class RoundScore:
    player: str
    score: int
    game: str
    round: int


@dataclass(frozen=True)
class GameTotal:
    player: str
    total: int
    game: str


@dataclass
class PlayerStats:
    """One player's figures over every game they sat in."""

    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    totals: list[int] = field(default_factory=list)  # of finished games
    best_round: int | None = None
    best_word: WordRecord | None = None
    times_out: int = 0
    challenges_made: int = 0
    challenges_won: int = 0
    missed: int = 0

    @property
    def average_total(self) -> float | None:
        return sum(self.totals) / len(self.totals) if self.totals else None

    @property
    def best_total(self) -> int | None:
        return max(self.totals, default=None)


@dataclass
class Records:
    """The table's records: highest game total, highest round, best word."""

    highest_total: GameTotal | None = None
    highest_round: RoundScore | None = None
    best_word: WordRecord | None = None


@dataclass
class TableStats:
    players: dict[str, PlayerStats]  # by name_key, in order of first appearance
    records: Records

    def player(self, name: str) -> PlayerStats | None:
        return self.players.get(name_key(name))


def table_stats(games: Iterable[Game], missed: Mapping[str, Mapping[str, int]]) -> TableStats:
    """The figures of ``games`` (oldest first); ``missed`` gives each game's points missed
    by player, from its review (a game left out of it counts none)."""
    players: dict[str, PlayerStats] = {}
    records = Records()
    for game in games:
        over = game.over
        totals = game.totals()
        leaders = game.leaders()
        for p in game.players:
            s = players.setdefault(name_key(p), PlayerStats(p))
            s.name = p  # the latest game's spelling
            s.games += 1
            s.missed += missed.get(game.name, {}).get(p, 0)
            if over:
                s.finished += 1
                s.totals.append(totals[p])
                s.wins += leaders == [p]
                if totals[p] > (records.highest_total.total if records.highest_total else 0):
                    records.highest_total = GameTotal(p, totals[p], game.name)
        for state in game.rounds:
            if state.results is None:
                continue
            laid = game.laid(state)
            for p, result in state.results.items():
                s = players[name_key(p)]
                if s.best_round is None or result.score > s.best_round:
                    s.best_round = result.score
                if result.score > (records.highest_round.score if records.highest_round else 0):
                    records.highest_round = RoundScore(p, result.score, game.name, state.number)
                s.times_out += state.laydowns[p].out
                for w in laid[p].words:
                    if w.struck:
                        continue
                    word = WordRecord(p, w.text, tuple(c.token for c in w.cards), w.points, game.name, state.number)
                    if s.best_word is None or word.points > s.best_word.points:
                        s.best_word = word
                    if records.best_word is None or word.points > records.best_word.points:
                        records.best_word = word
            for ch in state.challenges:
                s = players[name_key(ch.by)]
                s.challenges_made += 1
                s.challenges_won += not ch.valid  # the word was not allowed: the challenger was right
    return _named(TableStats(players, records))


def _named(found: TableStats) -> TableStats:
    """Records and best words under each player's shown name (as their latest game gives it)."""

    def name(item: Any) -> Any:
        return None if item is None else replace(item, player=found.players[name_key(item.player)].name)

    for s in found.players.values():
        s.best_word = name(s.best_word)
    r = found.records
    found.records = Records(name(r.highest_total), name(r.highest_round), name(r.best_word))
    return found
