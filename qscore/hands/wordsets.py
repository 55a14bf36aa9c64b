"""The value of a hand, for a review of many hands: no play is made, only values found.

The review of every saved game (handreview.missed_in) asks two numbers of each hand: the
best value of its cards, and the best value of the words a table can check. The solver
(qscore.hands.solver) finds plays, with their words; here a set of cards stands for its words,
and a hand is worked out lean, since a rebuild reviews tens of thousands of hands:

1. Word sets. With the dictionary's anagram keys held in memory
   (``Dictionary.anagram_keys``), every sub-multiset of the hand's cards is tested as
   its letters in order: for each choice of double cards, the letters each choice of
   single cards adds to theirs, in alphabetical order, are spelled in C
   (``itertools.product``) and tested against the keys in C. A set with double cards
   counts only if one of its words is laid with exactly those cards (TH·IN is not
   T·H·I·N). Each set is packed as it is found: its mask and points, no card tuple.
2. The value. f over the packed multiset as the solver's ``Packing`` has it, one
   objective only and nothing worked out ahead per bucket: a review visits some tens of
   states a hand, where precomputing each bucket's needs cost more than it saved.

The field order (highest points first, the rarest letters) changes how much work the
search does, never a value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import compress, product
from operator import attrgetter, itemgetter

from qscore.game.cards import Card
from qscore.game.scoring import LaidWord
from qscore.game.spelling import MIN_CARDS
from qscore.hands.candidates import spelled_exactly, sub_multisets, word_groups
from qscore.hands.solver import BITS
from qscore.words.dictionaries import Dictionary
from qscore.words.dictionaries.base import AnagramKeys

_GUARD = 1 << (BITS - 1)
_COUNT = _GUARD - 1


# A set of cards that makes a word, as found: its anagram key, its single cards and its
# double cards (none: the key's letters are its single cards); or, found as laid, no key,
# its cards and its words.
Found = tuple[str, tuple[Card, ...], "tuple[Card, ...] | list[LaidWord]"]


class WordSets:
    """A hand packed as the solver packs it (one field of BITS bits a distinct card), with
    every set of its cards that makes a word, by the field of its lowest card: each as
    (mask, points, its place in ``sets``), most points first. Made from the anagram keys
    held in memory (``of_keys``), or from the dictionary's own look-ups (``looked_up``)."""

    def __init__(self, counts: Counter[Card], dictionary: Dictionary, *, unused_count: bool = True) -> None:
        """``unused_count``: whether a card left unused costs its points."""
        self.cards = sorted(counts, key=lambda c: (-c.points, c.letters))
        self._unit = {c: 1 << (BITS * i) for i, c in enumerate(self.cards)}
        self.full = sum(counts[c] << (BITS * i) for i, c in enumerate(self.cards))
        self.guards = sum(_GUARD << (BITS * i) for i in range(len(self.cards)))
        self._points = [c.points for c in self.cards]
        self._lost = self._points if unused_count else [0] * len(self.cards)  # a field's card left unused
        self._dictionary = dictionary
        self.sets: list[Found] = []
        self.by_field: list[list[tuple[int, int, int]]] = [[] for _ in self.cards]
        self._memo: dict[int, int] = {0: 0}

    @classmethod
    def of_keys(
        cls,
        cards: Sequence[Card],
        dictionary: Dictionary,
        keys: AnagramKeys,
        *,
        min_cards: int = MIN_CARDS,
        unused_count: bool = True,
    ) -> WordSets:
        """Every set of ``min_cards`` of ``cards`` or more that makes a word, the keys tested in memory."""
        counts = Counter(cards)
        hand = cls(counts, dictionary, unused_count=unused_count)
        singles = sorted((c for c in counts if not c.is_double), key=attrgetter("letters"))
        of_letter = {c.letters: c for c in singles}
        unit_of, letter_unit = hand._unit.__getitem__, {c.letters: hand._unit[c] for c in singles}.__getitem__
        points_of = {c.letters: c.points for c in singles}.__getitem__
        contains = keys.keys.__contains__
        found: list[tuple[int, int, Found]] = []
        for _letters, doubles, double_points in sub_multisets([c for c in counts if c.is_double], counts):
            if not doubles:  # each choice of single cards, in alphabetical order, spells its key
                spelled = list(
                    map("".join, product(*[[ch * k for k in range(counts[c] + 1)] for ch, c in of_letter.items()]))
                )
                for key in compress(spelled, map(contains, spelled)):
                    if len(key) >= min_cards:
                        found.append((sum(map(letter_unit, key)), sum(map(points_of, key)), (key, (), ())))
                continue
            # each letter's run (the double cards' copies of it, and 0, 1... of its single
            # card), alphabetically: each choice spells an anagram key as it is
            forced = Counter("".join(c.letters for c in doubles))
            runs = [
                [ch * (forced[ch] + k) for k in range(counts[of_letter[ch]] + 1 if ch in of_letter else 1)]
                for ch in sorted({*of_letter, *forced})
            ]
            spelled = list(map("".join, product(*runs)))
            double_mask = sum(map(unit_of, doubles))
            for key in compress(spelled, map(contains, spelled)):
                rest = key  # the single cards' letters
                for ch, n in forced.items():
                    rest = rest.replace(ch, "", n)
                if len(rest) + len(doubles) < min_cards:
                    continue
                chosen = tuple(map(of_letter.__getitem__, rest))
                if _spelled_by(dictionary.anagrams(key), chosen, doubles):
                    mask = sum(map(letter_unit, rest)) + double_mask
                    found.append((mask, sum(map(points_of, rest)) + double_points, (key, chosen, doubles)))
        hand._packed(found)
        return hand

    @classmethod
    def looked_up(
        cls, cards: Sequence[Card], dictionary: Dictionary, *, min_cards: int = MIN_CARDS, unused_count: bool = True
    ) -> WordSets:
        """Every set of ``min_cards`` of ``cards`` or more that makes a word, each looked up
        in the dictionary (one hand: no anagram keys read)."""
        counts = Counter(cards)
        hand = cls(counts, dictionary, unused_count=unused_count)
        unit_of = hand._unit.__getitem__
        hand._packed(
            [
                (
                    sum(map(unit_of, chosen)),
                    points,
                    (words, chosen, ()) if isinstance(words, str) else ("", chosen, words),
                )
                for chosen, points, _letters, _n, words in word_groups(counts, dictionary, min_cards)
            ]
        )
        return hand

    def _packed(self, found: list[tuple[int, int, Found]]) -> None:
        """The sets ``found`` (each its mask, points and what it is), each in the bucket of its lowest card."""
        for place, (mask, points, _what) in enumerate(found):
            self.by_field[((mask & -mask).bit_length() - 1) // BITS].append((mask, points, place))
        for bucket in self.by_field:
            bucket.sort(key=itemgetter(1), reverse=True)  # most points first, equals kept in order
        self.sets = [what for _mask, _points, what in found]

    def bound(self) -> int:
        """No play is worth more: every card some set holds laid, the rest unused (costing
        what an unused card costs)."""
        some = 0  # a field is not 0 where some set holds its card
        for bucket in self.by_field:
            for mask, _points, _i in bucket:
                some |= mask
        return sum(
            (self.full >> (BITS * i) & _COUNT) * (points if some >> (BITS * i) & _COUNT else -lost)
            for i, (points, lost) in enumerate(zip(self._points, self._lost, strict=True))
        )

    def words(self, i: int) -> list[str]:
        """The allowed words of ``sets[i]``, laid with exactly its cards."""
        key, chosen, doubles = self.sets[i]
        if isinstance(doubles, list):
            return [w.text for w in doubles]  # found as laid
        texts = self._dictionary.anagrams(key)
        if not doubles:
            return texts  # single cards spell any word of their letters
        return [w.text for w in spelled_exactly(texts, chosen, doubles)]

    def value(self, state: int) -> int:
        """f(state): the best points of sets laid less unused cards."""
        found = self._memo.get(state)
        return found if found is not None else self._value(state)

    def _value(self, state: int) -> int:
        memo, guards = self._memo, self.guards
        i = ((state & -state).bit_length() - 1) // BITS
        rest = state - (1 << (BITS * i))  # a copy of the lowest card left unused
        best = memo.get(rest)
        best = (self._value(rest) if best is None else best) - self._lost[i]
        held = state | guards
        for mask, points, _i in self.by_field[i]:
            left = held - mask
            if left & guards == guards:  # the state holds the set's cards
                left ^= guards
                found = memo.get(left)
                found = (self._value(left) if found is None else found) + points
                if found > best:
                    best = found
        memo[state] = best
        return best

    def best_where(self, keep: Callable[[int], bool], floor: int) -> int | None:
        """The best value of the whole hand laid as only the sets whose ``keep`` holds (by
        their place in ``sets``), if it is at least ``floor``; else None. ``keep`` is asked
        of a set only where the search reaches it, bounded by f over every set: when the
        top plays lay sets kept, it asks of those few, not of every set the cards make."""
        best = floor - 1
        guards = self.guards

        def search(state: int, got: int, field_at: int, start: int) -> None:
            # each packing once, as the solver's Hand.packings makes them: the lowest
            # card's sets in bucket order, never an earlier one again, then its copies
            # left all unused
            nonlocal best
            if got + self.value(state) <= best:
                return
            if state == 0:
                best = got
                return
            i = ((state & -state).bit_length() - 1) // BITS
            bucket = self.by_field[i]
            for k in range(start if i == field_at else 0, len(bucket)):
                mask, points, which = bucket[k]
                left = (state | guards) - mask
                if left & guards != guards:
                    continue
                left ^= guards
                if got + points + self.value(left) > best and keep(which):
                    search(left, got + points, i, k)
            copies = (state >> (BITS * i)) & _COUNT
            search(state - (copies << (BITS * i)), got - copies * self._lost[i], -1, 0)

        search(self.full, 0, -1, 0)
        return best if best >= floor else None


def _spelled_by(words: list[str], singles: tuple[Card, ...], doubles: tuple[Card, ...]) -> bool:
    """Whether one of ``words`` (all of the cards' letters) is laid with exactly the cards
    ``singles`` plus ``doubles``, without laying it where one double card settles it."""
    pairs = [c.letters for c in doubles]
    if len(pairs) == 1:
        # one double card: laid where its letters stand side by side, the rest of the
        # word's letters are the single cards' own (a space parts the words: no pair of
        # letters stands across it)
        return pairs[0] in " ".join(words)
    # a double card's letters stand side by side in a word it lays
    fitting = [text for text in words if all(pair in text for pair in pairs)]
    return next(spelled_exactly(fitting, singles, doubles), None) is not None
