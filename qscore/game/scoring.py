"""Scoring one round: pure functions from laydowns and challenges to each player's result.

The rules, from RULES.md "Scoring a round" and "Challenges", under the game's record
(qscore.game.variants.Rules: the standard game's unless it says otherwise):
- word points: the card values of every word that stands;
- unused points: cards left in hand (none under Junior's rules: they count nothing), plus
  the cards of a word ruled not allowable;
- hand score = word points - unused points - challenge penalties, never below zero
  ("no player can score less than zero in any hand"); where the rules let a challenge's
  cost take a round below zero (Junior's, or the house rule), only the cards left in hand
  are floored: a struck word and a lost challenge are subtracted past zero;
- bonuses on top: most words and longest word (letters, not cards), +10 each (the game's
  points) to the single player who has it; a tie gives it to nobody; a player with no
  word wins neither.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from qscore.game.cards import Card
from qscore.game.variants import STANDARD, Rules

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


class LaidWord:
    """A word as laid, on the table or in a play the solver finds: its cards, and whether
    a challenge struck it out. (A plain class with slots, its letters worked out once when
    asked, not a frozen dataclass: every command loads it, and a frozen dataclass costs
    some 4 M instructions to make.)"""

    __slots__ = ("_text", "cards", "struck")

    def __init__(self, cards: tuple[Card, ...], struck: bool = False) -> None:
        self.cards, self.struck = cards, struck
        self._text: str | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LaidWord) and (self.cards, self.struck) == (other.cards, other.struck)

    def __hash__(self) -> int:
        return hash((self.cards, self.struck))

    def __repr__(self) -> str:
        return f"LaidWord(cards={self.cards!r}, struck={self.struck!r})"

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = "".join(c.letters for c in self.cards)
        return self._text

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
    # the part of unused_points a struck word makes, and whether it and the penalty may take
    # the hand below zero (Rules.penalty_past_zero: only the cards left in hand are floored)
    struck_points: int = 0
    past_zero: bool = False

    @property
    def hand_score(self) -> int:
        if self.past_zero:
            held = max(0, self.word_points - (self.unused_points - self.struck_points))
            return held - self.struck_points - self.penalty
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
    hands: Mapping[str, PlayedHand],
    bonuses: Sequence[str],
    bonus_points: int | None = BONUS_POINTS,
    rules: Rules = STANDARD,
) -> dict[str, RoundResult]:
    """Every player's result for a round, bonuses included, under ``rules`` (whether unused
    cards count, whether a challenge's cost may go below zero); each bonus is worth
    ``bonus_points`` (None: the rules' own)."""
    worth = rules.bonus_points if bonus_points is None else bonus_points
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
        held = sum(c.points for c in hand.unused) if rules.unused_count else 0
        results[player] = RoundResult(
            word_points=sum(w.points for w in standing[player]),
            unused_points=held + struck_points,
            penalty=hand.penalty,
            bonuses=won,
            bonus_points=worth * len(won),
            word_count=counts[player],
            longest=longest[player],
            struck_points=struck_points,
            past_zero=rules.penalty_past_zero,
        )
    return results
