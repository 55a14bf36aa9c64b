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
- Head to head: two players' games are the finished games both finished (one who left
  did not); of those, each counts the games they finished ahead of the other, by total
  (a tie counts for neither).
- Ratings (qscore.game.ratings): every finished game in the order started rates those who
  finished it, placed by their totals.

The table's figures are plain classes, as they are changed while folding (not dataclasses:
qscore/startup.py says what that saves); a game's, which
every write works out, are in a module of their own (qscore.game.gamefigures), so a
write does not load these.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from qscore.game.gamefigures import (
    GameFigures,
    RoundScore,
    WordRecord,
    kept_parts,
    kept_word,
    kept_words,
    optional_json,
    word_record,
)
from qscore.game.names import name_key
from qscore.game.ratings import Rating, Ratings


class GameTotal(NamedTuple):
    player: str
    total: int
    game: str
    variant: str

    def to_json(self) -> dict[str, Any]:
        return self._asdict()


class PlayerStats:
    """One player's figures over every game they sat in."""

    __slots__ = (
        "best_round",
        "best_word",
        "challenges_made",
        "challenges_won",
        "finished",
        "games",
        "missed",
        "name",
        "times_out",
        "totals",
        "wins",
    )

    def __init__(
        self,
        name: str,
        games: int = 0,
        finished: int = 0,
        wins: int = 0,
        totals: dict[str, list[int]] | None = None,
        best_round: int | None = None,
        best_word: WordRecord | None = None,
        times_out: int = 0,
        challenges_made: int = 0,
        challenges_won: int = 0,
        missed: int = 0,
    ) -> None:
        self.name, self.games, self.finished, self.wins = name, games, finished, wins
        self.totals: dict[str, list[int]] = {} if totals is None else totals  # of finished games, by variant
        self.best_round, self.best_word = best_round, best_word
        self.times_out, self.challenges_made, self.challenges_won, self.missed = (
            times_out,
            challenges_made,
            challenges_won,
            missed,
        )

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


class Records:
    """The table's records: highest game total (of any variant, and of each), highest round, best word."""

    __slots__ = ("best_word", "highest_round", "highest_total", "highest_totals")

    def __init__(
        self,
        highest_total: GameTotal | None = None,
        highest_round: RoundScore | None = None,
        best_word: WordRecord | None = None,
        highest_totals: dict[str, GameTotal] | None = None,
    ) -> None:
        self.highest_total, self.highest_round, self.best_word = highest_total, highest_round, best_word
        # by variant, in order first finished
        self.highest_totals: dict[str, GameTotal] = {} if highest_totals is None else highest_totals

    def to_json(self) -> dict[str, Any]:
        return {
            "highest_total": optional_json(self.highest_total),
            "highest_round": optional_json(self.highest_round),
            "best_word": optional_json(self.best_word),
            "highest_totals": {kind: top.to_json() for kind, top in self.highest_totals.items()},
        }


class HeadToHead:
    """Two players' finished games together: how many, and how often each finished ahead."""

    __slots__ = ("first", "games", "second")

    def __init__(self, games: int = 0, first: int = 0, second: int = 0) -> None:
        self.games = games
        self.first = first  # the games the first of the pair (the first to appear) finished ahead
        self.second = second

    def ahead(self, one: int, other: int) -> None:
        """One more game, the first's total ``one`` and the second's ``other``."""
        self.games += 1
        self.first += one > other
        self.second += other > one


class TableStats:
    __slots__ = ("head_to_head", "players", "ratings", "records")

    def __init__(
        self,
        players: dict[str, PlayerStats],
        records: Records,
        head_to_head: dict[tuple[str, str], HeadToHead] | None = None,
        ratings: dict[str, Rating] | None = None,
    ) -> None:
        self.players = players  # by name_key, in order of first appearance
        self.records = records
        # by name keys, as appeared
        self.head_to_head: dict[tuple[str, str], HeadToHead] = {} if head_to_head is None else head_to_head
        # by name_key: those rated, worked out each time
        self.ratings: dict[str, Rating] = {} if ratings is None else ratings

    def player(self, name: str) -> PlayerStats | None:
        return self.players.get(name_key(name))

    def rating_of(self, name: str) -> Rating | None:
        """A player's rating (None before any finished game rated them)."""
        return self.ratings.get(name_key(name))

    def pairs(self, key: str | None = None) -> list[tuple[str, str, HeadToHead]]:
        """Each pair's head to head (the pair's name keys), in the order their players first
        appeared; only ``key``'s pairs when given (a name key), that player first."""
        at = {k: n for n, k in enumerate(self.players)}
        found = []
        for (a, b), met in self.head_to_head.items():
            if key is None or key == a:
                found.append((a, b, met))
            elif key == b:
                found.append((b, a, HeadToHead(met.games, met.second, met.first)))
        return sorted(found, key=lambda pair: (at[pair[0]], at[pair[1]]))

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


class EveningFigures(NamedTuple):
    """A closed game's part in the table's history: its own figures, and the table's
    figures (records, ratings) from the games started before it, and with it."""

    game: GameFigures
    before: TableStats
    after: TableStats


def table_figures(games: Iterable[tuple[str, str]]) -> TableStats:
    """The table's figures from each game's as kept (GameFigures.to_text), by game name,
    oldest first. It reads the kept arrays as they are and makes a record only when it
    beats the one held: at 2,000 games, building each game's GameFigures first took the
    fold three times as long."""
    players: dict[str, PlayerStats] = {}
    records = Records()
    met: dict[tuple[str, str], HeadToHead] = {}
    ratings = Ratings()
    keys: dict[str, str] = {}  # each name as spelled, keyed once: a table has a few names over thousands of games
    for name, text in games:
        (totals, _, _, over, *_), (missed, kind, top, best, figures), words_at = kept_parts(text)
        words: list[Any] | None = None  # the game's word records, read if one beats the best held
        finished_by: list[tuple[str, int]] = []  # who finished (name key) with their total
        if over:  # the sole leader among those who finished wins
            stayed = [total for (_, total), f in zip(totals, figures, strict=True) if f[5]]
            high = max(stayed, default=None)
            winner = stayed.count(high) == 1
        for i, ((player, total), (best_round, points, out, made, won, finished)) in enumerate(
            zip(totals, figures, strict=True)
        ):
            key = keys.get(player)
            if key is None:
                key = keys[player] = name_key(player)
            s = players.get(key)
            if s is None:
                s = players[key] = PlayerStats(player)
            s.name = player  # the latest game's spelling
            s.games += 1
            if missed is not None:
                s.missed += missed[i]
            if over and finished:
                finished_by.append((key, total))
                s.finished += 1
                s.totals.setdefault(kind, []).append(total)
                s.wins += winner and total == high
                held = records.highest_totals.get(kind)
                highest = records.highest_total
                if total > (held.total if held else 0) or total > (highest.total if highest else 0):
                    record = GameTotal(player, total, name, kind)
                    if total > (highest.total if highest else 0):
                        records.highest_total = record
                    if total > (held.total if held else 0):
                        records.highest_totals[kind] = record
            if best_round is not None and (s.best_round is None or best_round > s.best_round):
                s.best_round = best_round
            if points is not None and (s.best_word is None or points > s.best_word.points):
                words = words or kept_words(text, words_at)
                s.best_word = kept_word(words[i], name)
            s.times_out += out
            s.challenges_made += made
            s.challenges_won += won
        _met(met, finished_by, players)
        ratings.rate(finished_by)
        if top is not None and top[1] > (records.highest_round.score if records.highest_round else 0):
            records.highest_round = RoundScore(top[0], top[1], name, top[2])
        if best is not None and (records.best_word is None or best > records.best_word.points):
            words = words or kept_words(text, words_at)
            records.best_word = kept_word(words[-1], name)
    return _named(TableStats(players, records, met, ratings.all()))


def _met(met: dict[tuple[str, str], HeadToHead], finished: list[tuple[str, int]], players: dict[str, Any]) -> None:
    """Each pair of a game's players who finished it, counted: the pair keyed by the
    order its players first appeared (``players``)."""
    order = {key: n for n, key in enumerate(players)} if len(finished) > 1 else {}
    for i, one in enumerate(finished):
        for other in finished[i + 1 :]:
            (a, total_a), (b, total_b) = (one, other) if order[one[0]] < order[other[0]] else (other, one)
            pair = met.get((a, b))
            if pair is None:
                pair = met[a, b] = HeadToHead()
            pair.ahead(total_a, total_b)


def _named(found: TableStats) -> TableStats:
    """Records and best words under each player's shown name (as their latest game gives it)."""

    def name(item: Any) -> Any:
        return None if item is None else item._replace(player=found.players[name_key(item.player)].name)

    for s in found.players.values():
        s.best_word = name(s.best_word)
    r = found.records
    tops = {kind: name(top) for kind, top in r.highest_totals.items()}
    found.records = Records(name(r.highest_total), name(r.highest_round), name(r.best_word), tops)
    return found
