"""Every way a word can be laid with cards.

Unlike a greedy split, every split matters: QUIZ laid as Q·U·I·Z scores 35, as QU·I·Z 25.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from qscore.cards import Card, Deck, format_cards, load_deck

# "Words of one card are never allowed": QU, IN, ER, CL, TH alone are one card.
MIN_CARDS = 2


@dataclass(frozen=True)
class Spelling:
    cards: tuple[Card, ...]

    @property
    def points(self) -> int:
        return sum(c.points for c in self.cards)

    @property
    def tokens(self) -> list[str]:
        return [c.token for c in self.cards]

    def __str__(self) -> str:
        return format_cards(self.cards)


def spell_word(word: str, deck: Deck | None = None) -> list[Spelling]:
    """All card spellings of ``word`` of at least two cards, highest points first.

    A word with a character no card carries has none.
    """
    deck = deck or load_deck()
    found = _splits(word.lower(), deck)
    spellings = [Spelling(cards) for cards in found if len(cards) >= MIN_CARDS]
    spellings.sort(key=lambda s: (-s.points, len(s.cards)))
    return spellings


@lru_cache(maxsize=65536)
def _splits(word: str, deck: Deck) -> tuple[tuple[Card, ...], ...]:
    if not word:
        return ((),)
    out: list[tuple[Card, ...]] = []
    for size in (1, 2):
        head = deck.cards.get(word[:size].upper()) if len(word) >= size else None
        if head is not None:
            out.extend((head, *rest) for rest in _splits(word[size:], deck))
    return tuple(out)
