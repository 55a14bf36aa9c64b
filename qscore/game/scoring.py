"""Scoring one round: pure functions from laydowns and challenges to each player's result.

The rules, from RULES.md "Scoring a round" and "Challenges":
- word points: the card values of every word that stands;
- unused points: cards left in hand, plus the cards of a word ruled not allowable;
- hand score = word points - unused points - challenge penalties, never below zero
  ("no player can score less than zero in any hand");
- bonuses on top: most words and longest word (letters, not cards), +10 each to the
  single player who has it; a tie gives it to nobody; a player with no word wins neither.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from qscore.game.cards import Card

MOST_WORDS = "most words"
LONGEST_WORD = "longest word"
# --bonus choices and the bonuses each one plays with.
BONUS_RULES: dict[str, tuple[str, ...]] = {
    "both": (MOST_WORDS, LONGEST_WORD),
    "most": (MOST_WORDS,),
    "longest": (LONGEST_WORD,),
    "none": (),
}
BONUS_POINTS = 10


@dataclass(frozen=True)
class LaidWord:
    """A word as laid, on the table or in a play the solver finds: its cards, and whether
    a challenge struck it out."""

    cards: tuple[Card, ...]
    struck: bool = False

    @cached_property
    def text(self) -> str:
        return "".join(c.letters for c in self.cards)

    @property
    def points(self) -> int:
        return sum(c.points for c in self.cards)

    @property
    def letters(self) -> int:
        """Length in letters, which the longest-word bonus counts (QU is two)."""
        return len(self.text)


class PlayedHand(NamedTuple):
    """What one player put down in a round: words, unused cards, penalties owed."""

    words: tuple[LaidWord, ...]
    unused: tuple[Card, ...]
    penalty: int = 0  # points lost for challenging words that stood


class RoundResult(NamedTuple):
    """One player's score for one round, with the parts that make it."""

    word_points: int
    unused_points: int
    penalty: int
    bonuses: tuple[str, ...]
    bonus_points: int
    word_count: int
    longest: int

    @property
    def hand_score(self) -> int:
        return max(0, self.word_points - self.unused_points - self.penalty)

    @property
    def score(self) -> int:
        return self.hand_score + self.bonus_points


def _single_best(values: Mapping[str, int]) -> str | None:
    """The one player with the highest value above zero; a tie for first gives nobody."""
    if not values:
        return None
    top = max(values.values())
    leaders = [p for p, v in values.items() if v == top]
    return leaders[0] if top > 0 and len(leaders) == 1 else None


def score_round(
    hands: Mapping[str, PlayedHand], bonuses: Sequence[str], bonus_points: int = BONUS_POINTS
) -> dict[str, RoundResult]:
    """Every player's result for a round, bonuses included."""
    standing = {p: [w for w in h.words if not w.struck] for p, h in hands.items()}
    counts = {p: len(ws) for p, ws in standing.items()}
    longest = {p: max((len(w.text) for w in ws), default=0) for p, ws in standing.items()}
    winners = {
        MOST_WORDS: _single_best(counts) if MOST_WORDS in bonuses else None,
        LONGEST_WORD: _single_best(longest) if LONGEST_WORD in bonuses else None,
    }
    results = {}
    for player, hand in hands.items():
        struck_points = sum(w.points for w in hand.words if w.struck)
        won = tuple(b for b, who in winners.items() if who == player)
        results[player] = RoundResult(
            word_points=sum(w.points for w in standing[player]),
            unused_points=sum(c.points for c in hand.unused) + struck_points,
            penalty=hand.penalty,
            bonuses=won,
            bonus_points=bonus_points * len(won),
            word_count=counts[player],
            longest=longest[player],
        )
    return results
