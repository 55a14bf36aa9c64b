"""The table's statistics and records across saved games, worked out from their logs.

Each game's part is worked out once (``game_figures``: what `stats` and `games` need of
it, as plain data that the scorekeeper keeps beside the log and rebuilds from it), and
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

A game's figures and the records in them are named tuples, not frozen dataclasses: every
write works a game's figures out and keeps them (``to_json``), and a frozen dataclass
compiles six methods as its module loads (3.4 M instructions a class), where a named
tuple compiles one. The table's figures, folded together from them by `stats` alone, are
dataclasses, as they are changed while folding.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from qscore.scoresheet import Game


class WordRecord(NamedTuple):
    """A word on the table, where it was laid."""

    player: str
    word: str
    cards: tuple[str, ...]
    points: int
    game: str
    round: int

    def to_json(self) -> dict[str, Any]:
        return self._asdict()


class RoundScore(NamedTuple):
    player: str
    score: int
    game: str
    round: int

    def to_json(self) -> dict[str, Any]:
        return self._asdict()


class GameTotal(NamedTuple):
    player: str
    total: int
    game: str
    variant: str

    def to_json(self) -> dict[str, Any]:
        return self._asdict()


def _json(value: WordRecord | RoundScore | GameTotal | None) -> dict[str, Any] | None:
    return None if value is None else value.to_json()


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
            "best_word": _json(self.best_word),
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
            "highest_total": _json(self.highest_total),
            "highest_round": _json(self.highest_round),
            "best_word": _json(self.best_word),
            "highest_totals": {kind: top.to_json() for kind, top in self.highest_totals.items()},
        }


@dataclass
class TableStats:
    players: dict[str, PlayerStats]  # by name_key, in order of first appearance
    records: Records

    def player(self, name: str) -> PlayerStats | None:
        from qscore.scoresheet import name_key

        return self.players.get(name_key(name))

    def to_json(self) -> dict[str, Any]:
        return {"players": {key: p.to_json() for key, p in self.players.items()}, "records": self.records.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableStats:
        players = {key: PlayerStats(**{**p, "best_word": _word(p["best_word"])}) for key, p in data["players"].items()}
        r = data["records"]
        return cls(
            players,
            Records(
                None if r["highest_total"] is None else GameTotal(**r["highest_total"]),
                None if r["highest_round"] is None else RoundScore(**r["highest_round"]),
                _word(r["best_word"]),
                {variant: GameTotal(**top) for variant, top in r["highest_totals"].items()},
            ),
        )


def _word(w: dict[str, Any] | None) -> WordRecord | None:
    return None if w is None else WordRecord(**{**w, "cards": tuple(w["cards"])})


# the version of GameFigures.to_json's format is qscore.gamelines.FIGURES_VERSION (`games` reads it)


class PlayerFigures(NamedTuple):
    """One player's figures in one game (records name no game here: see GameFigures)."""

    name: str
    total: int
    best_round: int | None
    best_word: WordRecord | None
    times_out: int
    challenges_made: int
    challenges_won: int
    finished: bool  # played to the end of the game: did not leave

    def to_json(self) -> dict[str, Any]:
        return {**self._asdict(), "best_word": _json(self.best_word)}


class GameFigures(NamedTuple):
    """What `stats` and `games` need of one game, worked out once from its log.

    The game's name is not part of it (a game renamed keeps its figures): the records
    here carry an empty ``game``, filled in when the figures are folded.
    """

    players: tuple[PlayerFigures, ...]  # in seating order, by their current names
    round: int  # the round reached
    rounds: int
    over: bool
    variant: str  # whose totals compare with this game's (``variant``)
    highest_round: RoundScore | None  # the game's first highest round score above zero
    best_word: WordRecord | None  # the game's first best word
    missed: dict[str, int] | None = None  # points missed by player, from the review; None: not reviewed

    @property
    def totals(self) -> dict[str, int]:
        return {p.name: p.total for p in self.players}

    def leaders(self) -> list[str]:
        """The leaders among the players who finished (everyone left: nobody)."""
        stayed = [p for p in self.players if p.finished]
        top = max((p.total for p in stayed), default=None)
        return [p.name for p in stayed if p.total == top]

    def to_json(self) -> dict[str, Any]:
        return {
            **self._asdict(),
            "players": tuple(p.to_json() for p in self.players),
            "highest_round": _json(self.highest_round),
            "best_word": _json(self.best_word),
            "missed": None if self.missed is None else dict(self.missed),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameFigures:
        word = _word
        players = tuple(PlayerFigures(**{**p, "best_word": word(p["best_word"])}) for p in data["players"])
        top = data["highest_round"]
        return cls(
            players,
            data["round"],
            data["rounds"],
            data["over"],
            data["variant"],
            None if top is None else RoundScore(**top),
            word(data["best_word"]),
            data["missed"],
        )


def variant(deck: str, rounds: tuple[int, ...], usual: tuple[int, ...]) -> str:
    """Which games' totals compare: the deck's name (``standard``, ``short``), with the
    cards dealt each round when they are not its usual schedule (``standard 3-6``,
    ``standard 3,4``), as ``qscore new --rounds`` takes them."""
    if rounds == usual:
        return deck
    first = rounds[0]
    if len(rounds) > 2 and rounds == tuple(range(first, first + len(rounds))):
        return f"{deck} {first}-{rounds[-1]}"
    return f"{deck} {','.join(map(str, rounds))}"


def game_figures(game: Game, missed: Mapping[str, int] | None = None) -> GameFigures:
    """One game's figures; ``missed``, its points missed by player from its review (None:
    not reviewed; a game with no closed round has missed nothing, reviewed or not)."""
    if missed is None and not any(r.closed for r in game.rounds):
        missed = dict.fromkeys(game.players, 0)
    totals = game.totals()
    best_round: dict[str, int | None] = dict.fromkeys(game.players)
    best_word: dict[str, WordRecord | None] = dict.fromkeys(game.players)
    out = dict.fromkeys(game.players, 0)
    made = dict.fromkeys(game.players, 0)
    won = dict.fromkeys(game.players, 0)
    top_round: RoundScore | None = None
    top_word: WordRecord | None = None
    for state in game.rounds:
        if state.results is None:
            continue
        laid = game.laid(state)
        for p, result in state.results.items():
            mine = best_round[p]
            if mine is None or result.score > mine:
                best_round[p] = result.score
            if result.score > (top_round.score if top_round else 0):
                top_round = RoundScore(p, result.score, "", state.number)
            out[p] += state.laydowns[p].out
            for w in laid[p].words:
                if w.struck:
                    continue
                word = WordRecord(p, w.text, tuple(c.token for c in w.cards), w.points, "", state.number)
                held = best_word[p]
                if held is None or word.points > held.points:
                    best_word[p] = word
                if top_word is None or word.points > top_word.points:
                    top_word = word
        for ch in state.challenges:
            made[ch.by] += 1
            won[ch.by] += not ch.valid  # the word was not allowed: the challenger was right
    players = tuple(
        PlayerFigures(p, totals[p], best_round[p], best_word[p], out[p], made[p], won[p], p not in game.left)
        for p in game.players
    )
    kept = None if missed is None else {p: missed.get(p, 0) for p in game.players}
    kind = variant(game.config.deck, game.config.rounds, game.deck.rounds)
    return GameFigures(players, game.round_reached(), len(game.rounds), game.over, kind, top_round, top_word, kept)


def table_figures(games: Iterable[tuple[str, GameFigures]]) -> TableStats:
    """The table's figures from each game's, by game name, oldest first."""
    from qscore.scoresheet import name_key

    players: dict[str, PlayerStats] = {}
    records = Records()
    for name, game in games:
        leaders = game.leaders()
        for p in game.players:
            s = players.setdefault(name_key(p.name), PlayerStats(p.name))
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
    from qscore.scoresheet import name_key

    def name(item: Any) -> Any:
        return None if item is None else item._replace(player=found.players[name_key(item.player)].name)

    for s in found.players.values():
        s.best_word = name(s.best_word)
    r = found.records
    tops = {kind: name(top) for kind, top in r.highest_totals.items()}
    found.records = Records(name(r.highest_total), name(r.highest_round), name(r.best_word), tops)
    return found
