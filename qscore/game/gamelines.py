"""What `qscore games` lists of a saved game, read from its kept figures without
building the rest of them (qscore.game.gamefigures.GameFigures), and the version of those figures'
format: `games` reads both on every run, so this module stays small to import.

A game's kept figures are three lines of compact JSON arrays (GameFigures.to_text): first
what `games` lists (``GameLine.to_json``), then what `stats` folds, then the word records,
which the fold reads only for a word that beats the best it holds. At 2,000 games `games`
parses the short first line only, and neither command parses a key.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

# of gamefigures.GameFigures.to_text: a kept summary of another version is rebuilt
# (2: a game's variant, who finished; 3: points missed against the play the review calls best;
# 5: the best play lays no word qscore never proposes, and the figures are kept as lines of
# arrays in place of one JSON object, so a read parses no keys; 6: `games`'s line says
# whether the game is closed and who left)
FIGURES_VERSION = 6
# The first FIGURES_VERSION whose kept points missed ("missed") are the review as qscore
# works it out now: a summary of another version, from this version on and of the same
# log, hands its points missed over to the rebuilt one, so an upgrade that changes other
# figures does not review every game again. Raise it to FIGURES_VERSION when the review
# itself changes what it finds.
MISSED_SINCE = 5


class GameLine(NamedTuple):
    """What `games` lists of one game: its players' totals, the round reached, whether every
    round is scored (``over``) and whether the scorekeeper closed it, and who left."""

    totals: dict[str, int]  # by player, in seating order
    round: int
    rounds: int
    over: bool
    closed: bool = False
    left: tuple[str, ...] = ()

    def leaders(self) -> list[str]:
        """The leaders among those still in (Game.leaders: a player who left keeps their total, and leads nothing)."""
        among = {p: t for p, t in self.totals.items() if p not in self.left} or self.totals
        top = max(among.values())
        return [p for p, total in among.items() if total == top]

    def to_json(self) -> list[Any]:
        return [list(self.totals.items()), self.round, self.rounds, self.over, self.closed, list(self.left)]

    @classmethod
    def from_json(cls, data: list[Any]) -> GameLine:
        totals, round_no, rounds, over, closed, left = data
        return cls(dict(totals), round_no, rounds, over, closed, tuple(left))

    @classmethod
    def of(cls, text: str) -> GameLine:
        """From a game's figures as kept (GameFigures.to_text), its first line alone."""
        return cls.from_json(read_json(text)[0])


# Each kept line is read where it starts, by the decoder's raw_decode: json.loads would
# cut the line out first, check its type and look for white space around it, about 1 µs a
# call where the parse of a game's line itself takes 0.6 µs.
_DECODER = json.JSONDecoder()


def read_json(text: str, start: int = 0) -> tuple[Any, int]:
    """The JSON value at ``start`` in ``text``, and where it ends."""
    return _DECODER.raw_decode(text, start)


def reviewed(text: str) -> bool:
    """Whether a game's figures as kept (GameFigures.to_text) hold its points missed: its
    second line begins with them."""
    return not text.startswith("[null,", text.index("\n") + 1)
