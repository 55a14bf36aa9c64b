"""What `qscore games` lists of a saved game, read from its kept figures without
building the rest of them (qscore.game.gamefigures.GameFigures), and the version of those figures'
format: `games` reads both on every run, so this module stays small to import."""

from __future__ import annotations

from typing import Any, NamedTuple

# of gamefigures.GameFigures.to_json: a kept summary of another version is rebuilt
# (2: a game's variant, who finished; 3: points missed against the play the review calls best;
# 4: the best play lays no word qscore never proposes)
FIGURES_VERSION = 4
# The first FIGURES_VERSION whose kept points missed ("missed") are the review as qscore
# works it out now: a summary of another version, from this version on and of the same
# log, hands its points missed over to the rebuilt one, so an upgrade that changes other
# figures does not review every game again. Raise it to FIGURES_VERSION when the review
# itself changes what it finds.
MISSED_SINCE = 4


class GameLine(NamedTuple):
    """What `games` lists of one game: its players' totals, the round reached, whether it is over."""

    totals: dict[str, int]  # by player, in seating order
    round: int
    rounds: int
    over: bool

    def leaders(self) -> list[str]:
        top = max(self.totals.values())
        return [p for p, total in self.totals.items() if total == top]

    def to_json(self) -> list[Any]:
        return [list(self.totals.items()), self.round, self.rounds, self.over]

    @classmethod
    def from_json(cls, data: list[Any]) -> GameLine:
        totals, round_no, rounds, over = data
        return cls(dict(totals), round_no, rounds, over)

    @classmethod
    def of(cls, figures: dict[str, Any]) -> GameLine:
        """From a game's figures as kept (GameFigures.to_json), without reading the rest of them."""
        totals = {p["name"]: p["total"] for p in figures["players"]}
        return cls(totals, figures["round"], figures["rounds"], figures["over"])
