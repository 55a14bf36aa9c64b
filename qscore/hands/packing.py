"""A multiset of cards packed into an integer, and f, the best value of any part of it:
what the solver (qscore.hands.solver, whose docstring tells how and why) packs a hand
into, and draw advice shares.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from itertools import chain, repeat
from operator import attrgetter, itemgetter, mul
from typing import Generic, TypeVar

from qscore.game.cards import Card

BITS = 5  # bits per distinct card: counts up to 15 (the deck's largest is 12) and a guard bit
_GUARD = 1 << (BITS - 1)
_COUNT = _GUARD - 1  # a field's count, without its guard bit
_points = attrgetter("points")
_mask_points: Callable[[tuple[int, int, object]], tuple[int, int]] = itemgetter(0, 1)
# Weight of one word when plays are ranked by most words first: larger than any hand's
# points can span, so word count decides and points break ties.
_PER_WORD = 10_000
W = TypeVar("W")  # what stands for a set of cards that makes a word


class Packing(Generic[W]):
    """A multiset of cards packed into an integer, with the sets of its cards that make
    words (each with what stands for it: a word, or nothing where only points count),
    and f, the best value of any part of it."""

    def __init__(
        self,
        counts: Counter[Card],
        sets: Sequence[tuple[tuple[Card, ...], W]],
        words_in: Sequence[int] | None = None,
        points: Sequence[int] | None = None,
        *,
        unused_count: bool = True,
    ) -> None:
        """``sets``: each set of cards that makes a word, in the order its words are tried;
        ``words_in``: how many words each stands for (one each when not given); ``points``:
        each set's points, when the caller has them; ``unused_count``: whether a card left
        unused costs its points (Quiddler Junior: "neither added nor subtracted")."""
        # Field order: the cards in the fewest words first. At each state the packing
        # tries every word of its lowest card, and half of all states hold field 0, so a
        # rare card there keeps most of those lists short.
        in_words: Counter[Card] = Counter()
        distinct = map(tuple, map(dict.fromkeys, map(itemgetter(0), sets)))
        # each set's cards once, repeated for each of its words (one each when not given)
        in_words.update(chain.from_iterable(distinct if words_in is None else map(mul, distinct, words_in)))
        self.cards = sorted(counts, key=lambda c: (in_words[c], c))
        self._field = {c: i for i, c in enumerate(self.cards)}
        unit = self._unit = {c: 1 << (BITS * i) for i, c in enumerate(self.cards)}
        self.full = sum(counts[c] << (BITS * i) for i, c in enumerate(self.cards))
        self.guards = sum(_GUARD << (BITS * i) for i in range(len(self.cards)))
        # every set with its mask and points, in the order given
        cards_of = list(map(itemgetter(0), sets))
        masks = map(sum, map(partial(map, unit.__getitem__), cards_of))
        if points is None:
            points = list(map(sum, map(partial(map, _points), cards_of)))
        self.entries = list(zip(masks, points, map(itemgetter(1), sets), strict=True))
        # the sets by the field of their lowest card: where the packing tries them
        by_field: list[list[tuple[int, int, W]]] = [[] for _ in self.cards]
        for entry in self.entries:
            mask = entry[0]
            by_field[((mask & -mask).bit_length() - 1) // BITS].append(entry)
        for bucket in by_field:
            bucket.sort(key=itemgetter(1), reverse=True)  # most points first, equals kept in order
        self.by_field = by_field
        # what f needs of each bucket: each card set once (anagrams use the same cards, and
        # an 11-card hand of common letters holds about two words a set), with which of
        # them a state holds found by bit masks over the bucket (_needs)
        copies = [counts[c] for c in self.cards]
        # what each field's card costs left unused, and its bucket as f tries it (_needs)
        self.unused_count = unused_count
        self.lost = [c.points if unused_count else 0 for c in self.cards]
        self._fields: list[tuple[int, list[tuple[int, int]], int, list[tuple[int, int, int]]]] = []
        for i, bucket in enumerate(by_field):
            unique = list(dict.fromkeys(map(_mask_points, bucket)))
            self._fields.append((self.lost[i], unique, *_needs(unique, i, copies)))
        # state -> (best value, best value with _PER_WORD added a word): both at once
        self._memo: dict[int, tuple[int, int]] = {0: (0, 0)}

    def mask(self, cards: Sequence[Card]) -> int:
        """The multiset of ``cards`` (all from the hand) packed like a state."""
        return sum(map(self._unit.__getitem__, cards))

    def take(self, state: int, mask: int) -> int | None:
        """``state`` less ``mask``, or None when ``mask`` does not fit in it."""
        rest = (state | self.guards) - mask
        return rest ^ self.guards if rest & self.guards == self.guards else None

    def value(self, state: int, per_word: int = 0) -> int:
        """f(state): the best points of words less unused cards (where they count), plus
        ``per_word`` a word (0, or _PER_WORD to rank plays by word count first)."""
        found = self._memo.get(state) or self._values(state)
        return found[1] if per_word else found[0]

    def _values(self, state: int) -> tuple[int, int]:
        """Both objectives of ``state`` in one pass over the sets of its lowest card that
        it holds."""
        memo = self._memo
        i = ((state & -state).bit_length() - 1) // BITS
        lost, bucket, fit, needs = self._fields[i]
        rest = state - (1 << (BITS * i))  # a copy of the lowest card left unused
        best, most = memo.get(rest) or self._values(rest)
        best -= lost
        most -= lost + _PER_WORD  # a word's _PER_WORD is added once, below
        # the bucket's sets whose cards the state holds: all, less those that need more
        # copies of some card than it has
        for shift, copies, keep in needs:
            if (state >> shift) & _COUNT < copies:
                fit &= keep
        while fit:
            b = fit.bit_length() - 1
            fit ^= 1 << b
            mask, pts = bucket[b]
            sub_best, sub_most = memo.get(state - mask) or self._values(state - mask)
            if pts + sub_best > best:
                best = pts + sub_best
            if pts + sub_most > most:
                most = pts + sub_most
        memo[state] = found = (best, most + _PER_WORD)
        return found

    def play_of(
        self, state: int, per_word: int = 0, rank: Callable[[W], int] | None = None
    ) -> tuple[list[W], list[Card]]:
        """What stands for the sets of a packing of ``state`` that reaches ``value``, and
        its unused cards: at the lowest card, the first set in its bucket's order that
        reaches it; with ``rank`` (0 or 1 a set), of the sets there that reach it, the first
        of rank 0 where one is."""
        words: list[W] = []
        unused: list[Card] = []
        while state:
            target = self.value(state, per_word)
            i = _lowest_field(state)
            reaching = (
                (w, rest)
                for mask, pts, w in self.by_field[i]
                if (rest := self.take(state, mask)) is not None
                and pts + per_word + self.value(rest, per_word) == target
            )
            chosen = next(reaching, None)
            if rank is not None and chosen is not None and rank(chosen[0]):
                # the first of least rank: of ranks 0 and 1, the first of rank 0, if any
                chosen = next((found for found in reaching if not rank(found[0])), chosen)
            if chosen is not None:
                words.append(chosen[0])
                state = chosen[1]
            else:
                unused.append(self.cards[i])
                state -= 1 << (BITS * i)
        return words, unused


def _needs(
    bucket: Sequence[tuple[int, int]], field: int, most: Sequence[int]
) -> tuple[int, list[tuple[int, int, int]]]:
    """The sets of cards of ``field``'s bucket (masks, each holding that field), as bits
    of one integer (bit b for ``bucket[b]``), and what a state must hold for them: (the
    shift of a field, a number of copies, the sets to keep where the state holds fewer).
    A state of lowest field ``field`` holds the sets of every bit left once those whose
    need it does not meet are taken away. ``most``: the hand's copies of each field's card."""
    every = (1 << len(bucket)) - 1
    if not bucket:
        return every, []
    masks = [mask for mask, _pts in bucket]
    width = BITS * len(most)
    # each mask in binary, so that a field of one copy at most is a column of characters
    texts = list(map(format, masks, repeat(f"0{width}b")))
    needs: list[tuple[int, int, int]] = []
    for j in range(field, len(most)):
        shift = BITS * j
        for copies in range(2 if j == field else 1, most[j] + 1):
            if most[j] == 1:
                sets = int("".join(map(itemgetter(width - 1 - shift), reversed(texts))), 2)
            else:
                sets = sum(1 << b for b, mask in enumerate(masks) if (mask >> shift) & _COUNT >= copies)
            if sets:
                needs.append((shift, copies, every & ~sets))
    return every, needs


def _lowest_field(state: int) -> int:
    return ((state & -state).bit_length() - 1) // BITS
