"""The words a hand's cards can make: every sub-multiset of the cards that spells an
allowed word exactly, found through the dictionary's anagram keys (TH·IN and T·H·I·N are
different card sets, so a word counts with a set of cards only if one of its spellings
uses exactly them). The solver packs these sets into plays; draws and wordsets ask for
them too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import compress, product
from operator import attrgetter

from qscore.game.cards import Card
from qscore.game.scoring import LaidWord
from qscore.game.spelling import MIN_CARDS
from qscore.words.dictionaries import Dictionary

_points = attrgetter("points")

# A set of cards that makes words: (cards, points, letters, how many words, its words),
# the words as the anagram key to look them up by where the cards are all single (they
# spell any word of their letters, in its own order), else as laid.
Group = tuple[tuple[Card, ...], int, int, int, "str | list[LaidWord]"]


def groups_of(found: Sequence[LaidWord]) -> list[Group]:
    """``found``'s words as sets of cards, each set where its first word is."""
    by_cards: dict[tuple[Card, ...], list[LaidWord]] = {}
    for w in found:
        by_cards.setdefault(tuple(sorted(w.cards)), []).append(w)
    return [(words[0].cards, words[0].points, words[0].letters, len(words), words) for words in by_cards.values()]


def words_of(group: Group, dictionary: Dictionary) -> list[LaidWord]:
    """Every word of a set of cards, as laid."""
    cards, _pts, _letters, _n, words = group
    if isinstance(words, str):
        return [LaidWord(tuple(single_cards(text, cards))) for text in dictionary.anagrams(words)]
    return words


def word_groups(counts: Counter[Card], dictionary: Dictionary, min_cards: int = MIN_CARDS) -> list[Group]:
    """Each sub-multiset of at least ``min_cards`` cards that spells an allowed word exactly,
    with its words: the double cards' sub-multisets in turn (the order of
    :func:`sub_multisets`), with each of the single cards' in the same order."""
    singles = sorted((c for c in counts if not c.is_double), key=lambda c: c.letters)
    of_letter = {c.letters: c for c in singles}
    # every sub-multiset of the single cards as its letters, which in alphabetical order
    # spell its anagram key: each card taken 0, 1... times, the first card's the slowest to change
    spelled = list(map("".join, product(*[[c.letters * k for k in range(counts[c] + 1)] for c in singles])))
    words_in = dictionary.anagram_counts(spelled)
    found: list[Group] = []
    for letters, n in compress(zip(spelled, words_in, strict=True), words_in):
        if len(letters) >= min_cards:
            chosen = tuple(map(of_letter.__getitem__, letters))
            found.append((chosen, sum(map(_points, chosen)), len(letters), n, letters))
    for extra, with_doubles, extra_pts in sub_multisets([c for c in counts if c.is_double], counts)[1:]:
        tried = [letters for letters in spelled if len(letters) + len(with_doubles) >= min_cards]
        keys = ["".join(sorted(letters + extra)) for letters in tried]
        for letters, key in compress(zip(tried, keys, strict=True), dictionary.anagram_counts(keys)):
            chosen = tuple(map(of_letter.__getitem__, letters))
            laid = list(spelled_exactly(dictionary.anagrams(key), chosen, with_doubles))
            if laid:
                found.append((chosen + with_doubles, sum(map(_points, chosen)) + extra_pts, len(key), len(laid), laid))
    return found


def candidate_words(counts: Counter[Card], dictionary: Dictionary, min_cards: int = MIN_CARDS) -> list[LaidWord]:
    """Every allowed word that some sub-multiset of at least ``min_cards`` cards spells exactly."""
    return [w for group in word_groups(counts, dictionary, min_cards) for w in words_of(group, dictionary)]


def spelled_exactly(words: Iterable[str], singles: tuple[Card, ...], doubles: tuple[Card, ...]) -> Iterator[LaidWord]:
    """Each of ``words`` (all of the same letters as the cards) as laid with exactly the
    cards ``singles`` plus ``doubles``, where it can be."""
    if not doubles:
        # single-letter cards spell any word of the same letters, in its own order
        yield from (LaidWord(tuple(single_cards(text, singles))) for text in words)
        return
    left = Counter(singles + doubles)
    by_letters = {c.letters: c for c in left}
    for text in words:
        cards = _exact_spelling(text, 0, by_letters, left)
        if cards is not None:
            yield LaidWord(cards)


def _exact_spelling(text: str, pos: int, by_letters: dict[str, Card], left: Counter[Card]) -> tuple[Card, ...] | None:
    """``text[pos:]`` laid within the cards ``left``, or None; when the text has the cards'
    letters, a spelling within them uses each exactly. A single card is tried before a
    double card at each place, the order of spell_word's spellings, so the same one is
    found first. ``left`` is as it was when this returns."""
    if pos == len(text):
        return ()
    for size in (1, 2):
        card = by_letters.get(text[pos : pos + size]) if pos + size <= len(text) else None
        if card is None or not left[card]:
            continue
        left[card] -= 1
        tail = _exact_spelling(text, pos + size, by_letters, left)
        left[card] += 1
        if tail is not None:
            return (card, *tail)
    return None


def sub_multisets(cards: Sequence[Card], counts: Counter[Card]) -> list[tuple[str, tuple[Card, ...], int]]:
    """(letters, cards, points) of every sub-multiset of ``cards``, letters in the order given."""
    subsets: list[tuple[str, tuple[Card, ...], int]] = [("", (), 0)]
    for card in cards:
        subsets = [
            (letters + card.letters * k, chosen + (card,) * k, points + card.points * k)
            for letters, chosen, points in subsets
            for k in range(counts[card] + 1)
        ]
    return subsets


def single_cards(text: str, chosen: tuple[Card, ...]) -> Iterator[Card]:
    by_letter = {c.letters: c for c in chosen}
    return (by_letter[ch] for ch in text)
