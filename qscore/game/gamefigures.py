"""One game's figures, worked out from its log: what `stats` and `games` need of it.

Every write works them out and keeps them beside the game's log as plain data
(``GameFigures.to_text``), and a read of many games reads them back rather than replaying
each (qscore.game.tablestats folds them into the table's figures; qscore.game.gamelines reads what
`games` lists of them). The rules they follow are the table's, in qscore.game.tablestats; the
table's figures, which `stats` alone folds, are kept apart there, out of a write's way.
Named tuples, as qscore/startup.py says of what every write loads.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from qscore.game.gamelines import GameLine, read_json

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game


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


def optional_json(value: NamedTuple | None) -> dict[str, Any] | None:
    """A record's JSON form (a word, a round score, a game total), or None for none."""
    return None if value is None else value._asdict()


def word_record(w: dict[str, Any] | None) -> WordRecord | None:
    return None if w is None else WordRecord(**{**w, "cards": tuple(w["cards"])})


# the version of GameFigures.to_text's format is qscore.game.gamelines.FIGURES_VERSION (`games` reads it)


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
    closed: bool = False  # the scorekeeper closed the game (``over``: every round is scored)

    @property
    def totals(self) -> dict[str, int]:
        return {p.name: p.total for p in self.players}

    def leaders(self) -> list[str]:
        """The leaders among the players who finished (everyone left: nobody)."""
        stayed = [p for p in self.players if p.finished]
        top = max((p.total for p in stayed), default=None)
        return [p.name for p in stayed if p.total == top]

    def to_text(self) -> str:
        """The figures as kept (gamelines.FIGURES_VERSION), three lines of JSON arrays:
        `games`'s line (GameLine); the figures `stats` folds, the points missed first
        (gamelines.reviewed looks for them there) and each word record by its points
        alone; then the word records, which the fold reads only for a word that beats the
        best it holds."""
        left = tuple(p.name for p in self.players if not p.finished)
        line = GameLine(self.totals, self.round, self.rounds, self.over, self.closed, left).to_json()
        missed = None if self.missed is None else [self.missed.get(p.name, 0) for p in self.players]
        top = None if self.highest_round is None else [*self.highest_round[:2], self.highest_round.round]
        players = [
            [p.best_round, _points(p.best_word), p.times_out, p.challenges_made, p.challenges_won, p.finished]
            for p in self.players
        ]
        figures = [missed, self.variant, top, _points(self.best_word), players]
        words = [*(_word_list(p.best_word) for p in self.players), _word_list(self.best_word)]
        return "\n".join(map(_compact, (line, figures, words)))

    @classmethod
    def from_text(cls, text: str) -> GameFigures:
        """The figures kept as ``to_text`` writes them."""
        (totals, round_no, rounds, over, closed, _), (missed, kind, top, _, figures), words_at = kept_parts(text)
        *words, best = kept_words(text, words_at)
        players = tuple(
            PlayerFigures(name, total, best_round, kept_word(word), out, made, won, finished)
            for (name, total), (best_round, _, out, made, won, finished), word in zip(
                totals, figures, words, strict=True
            )
        )
        return cls(
            players,
            round_no,
            rounds,
            over,
            kind,
            None if top is None else RoundScore(top[0], top[1], "", top[2]),
            kept_word(best),
            None if missed is None else {name: n for (name, _), n in zip(totals, missed, strict=True)},
            closed,
        )


def kept_parts(text: str) -> tuple[list[Any], list[Any], int]:
    """A game's figures as kept (``GameFigures.to_text``), its first two lines parsed:
    `games`'s line (totals, round, rounds, over, closed, who left) and the figures (points missed, variant,
    highest round, best word's points, and each player's best round, best word's points,
    times out, challenges made and won, and whether they finished); and where the line of
    word records starts (``kept_words``)."""
    line, end = read_json(text)
    figures, end = read_json(text, end + 1)
    return line, figures, end + 1


def kept_words(text: str, start: int) -> list[list[Any] | None]:
    """The word records of a game's figures as kept, from ``start`` (``kept_parts``): each
    player's best word, then the game's, each as ``_word_list`` writes it (``kept_word``)."""
    words: list[list[Any] | None] = read_json(text, start)[0]
    return words


def _points(w: WordRecord | None) -> int | None:
    return None if w is None else w.points


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _word_list(w: WordRecord | None) -> list[Any] | None:
    return None if w is None else [w.player, w.word, list(w.cards), w.points, w.round]


def kept_word(w: list[Any] | None, game: str = "") -> WordRecord | None:
    """A word record as kept (``_word_list``), laid in ``game``."""
    return None if w is None else WordRecord(w[0], w[1], tuple(w[2]), w[3], game, w[4])


def variant(deck: str, rounds: tuple[int, ...], usual: tuple[int, ...]) -> str:
    """Which games' totals compare: the deck's name (``standard``, ``short``; the rules' for a
    game naming them, ``junior``), with the cards dealt each round when they are not its
    usual schedule (``standard 3-6``, ``standard 3,4``), as ``qscore new --rounds`` takes them."""
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
    c = game.config  # a game naming its rules (Junior, a table's deck) is of its rules' kind
    usual = game.deck.rounds if c.variant is None else game.rules.rounds
    kind = variant(c.variant or c.deck, c.rounds, usual)
    return GameFigures(
        players, game.round_reached(), len(game.rounds), game.over, kind, top_round, top_word, kept, game.finished
    )
