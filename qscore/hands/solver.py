"""The exact best play of a hand: which words to lay, which card to discard.

How it works, and why it is fast:

1. Candidate words (qscore.hands.candidates). Every sub-multiset of the hand's cards (at most
   2^n of them, fewer with repeated cards) is turned into its letters in order, an
   anagram key, and the dictionary lists the words with that key. A word counts with
   those cards only if one of its spellings uses exactly them (TH·IN and T·H·I·N are
   different card sets).
2. Packing. A hand is a multiset of cards, packed into an integer with one 5-bit field a
   distinct card (4 bits of count and a guard bit), so "does this word fit" and "take its
   cards away" are one subtraction and one mask test. The best value of a multiset S is

       f(S) = max( f(S - c) - cost(c),              the lowest card c is left unused
                   max over words w holding c, w in S: points(w) + f(S - w) )

   memoised on S, where cost(c) is the card's points, or 0 where the rules count unused
   cards for nothing (Quiddler Junior). Taking the lowest card first means every packing
   is reached, and a word is only tried at its own lowest card. There are at most 2^n
   states. A set of cards is tried once for all its anagrams, and only the sets S holds:
   each bucket's sets are the bits of one integer, and those needing a card S lacks are
   masked off.
3. Plays. A set of cards stands for its words until a play lays it: the first of its
   anagrams, in the order the words are tried, is the one laid.

The discard is one card that leaves the hand and counts for nothing, so the best play
with a discard is the best f(hand - d) over the distinct cards d.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache, cached_property
from itertools import count
from operator import itemgetter
from typing import NamedTuple

from qscore.errors import CardError
from qscore.game.cards import Card, Deck, largest_deal, load_deck
from qscore.game.scoring import BONUS_RULES, MOST_WORDS, LaidWord
from qscore.game.spelling import MIN_CARDS
from qscore.game.variants import STANDARD, Rules
from qscore.hands.candidates import groups_of, single_cards, word_groups, words_of
from qscore.hands.packing import _COUNT, _PER_WORD, BITS, Packing, _lowest_field
from qscore.words.dictionaries import ONE_LETTER_WORDS, Dictionary
from qscore.words.dictionaries.proposed import is_proposed, proposed
from qscore.words.sortedrows import Commonness, commonness


class Play(NamedTuple):
    """One way to play a hand: words laid, the discard, and the cards left unused, and
    whether those count against it (not in Quiddler Junior)."""

    words: tuple[LaidWord, ...]
    discard: Card | None
    unused: tuple[Card, ...]
    unused_count: bool = True

    @property
    def score(self) -> int:
        """Points of cards in words minus points of unused cards where they count; the
        discard counts nothing."""
        lost = sum(c.points for c in self.unused) if self.unused_count else 0
        return sum(w.points for w in self.words) - lost

    @property
    def goes_out(self) -> bool:
        return not self.unused

    @property
    def word_count(self) -> int:
        return len(self.words)

    @property
    def longest(self) -> int:
        return max((w.letters for w in self.words), default=0)


class Solution(NamedTuple):
    """The best play, and the best plays that chase the bonuses when they differ from it
    (``most_words`` None where the rules have no most-words bonus)."""

    best: Play
    most_words: Play | None
    longest_word: Play
    top: list[Play]


class Hand(Packing[int]):
    """A hand as a packed multiset, with every word it can make: its sets of cards
    (``groups``), each known by its place there, and each set's words looked up and made
    only when a play lays them."""

    def __init__(
        self,
        cards: Sequence[Card],
        dictionary: Dictionary,
        found: Sequence[LaidWord] | None = None,
        *,
        min_cards: int = MIN_CARDS,
        unused_count: bool = True,
    ) -> None:
        """``found``: the words the cards make, when the caller has them already;
        ``min_cards``: the fewest cards a word takes; ``unused_count``: whether a card left
        unused costs its points."""
        counts = Counter(cards)
        self._dictionary = dictionary
        self._found = found
        self._familiar: dict[int, int] = {}
        # longest first, then most points: the order words are tried in (equals kept in
        # the order found)
        self.groups = sorted(
            word_groups(counts, dictionary, min_cards) if found is None else groups_of(found),
            key=itemgetter(2, 1),
            reverse=True,
        )
        groups = self.groups
        super().__init__(
            counts,
            [(group[0], g) for g, group in enumerate(groups)],
            list(map(itemgetter(3), groups)),
            list(map(itemgetter(1), groups)),
            unused_count=unused_count,
        )

    def laid(self, words: Sequence[LaidWord], discard: Card | None, unused: Sequence[Card]) -> Play:
        """A play of this hand, its unused cards counted as the hand counts them."""
        return Play(tuple(words), discard, tuple(unused), self.unused_count)

    def word(self, group: int) -> LaidWord:
        """The word that stands for a set of cards: the commonest of its anagrams, the first
        in the dictionary's order of those as common (SORT, not ORTS; SCRAP, not CARPS: the
        same cards score the same, and a table trusts the word it knows)."""
        cards, _pts, _letters, _n, words = self.groups[group]
        if isinstance(words, str):
            return LaidWord(tuple(single_cards(min(self._dictionary.anagrams(words), key=commonness), cards)))
        return min(words, key=lambda w: commonness(w.text))

    @cached_property
    def words(self) -> list[tuple[int, LaidWord]]:
        """Every word the hand can make, longest first, with its cards as a mask."""
        if self._found is not None:
            longest_first = sorted(self._found, key=lambda w: (-w.letters, -w.points))
            return [(self.mask(w.cards), w) for w in longest_first]
        # each set's words were found together, so its words keep their places in that order
        return [(mask, w) for mask, _pts, g in self.entries for w in words_of(self.groups[g], self._dictionary)]

    @cached_property
    def _word_buckets(self) -> list[list[tuple[int, int, LaidWord]]]:
        """Every word by the field of its lowest card, most points first: what
        :meth:`packings` tries, anagrams apart."""
        buckets: list[list[tuple[int, int, LaidWord]]] = [[] for _ in self.cards]
        for mask, w in self.words:
            buckets[_lowest_field(mask)].append((mask, w.points, w))
        for bucket in buckets:
            bucket.sort(key=lambda entry: -entry[1])
        return buckets

    def play(self, state: int, per_word: int = 0) -> tuple[list[LaidWord], list[Card]]:
        """The words and unused cards of a packing of ``state`` that reaches ``value``: the
        first in the order words are tried, unless it lays a word that is none of SCOWL's
        common words and taking, at each card, a set whose word is one where one reaches
        the value lays fewer such words (:func:`unfamiliar`)."""
        groups, unused = self.play_of(state, per_word)
        words = [self.word(g) for g in groups]
        rare = sum(unfamiliar(w.text) for w in words)
        if rare:
            groups, other = self.play_of(state, per_word, self.familiarity)
            familiar = [self.word(g) for g in groups]
            if sum(unfamiliar(w.text) for w in familiar) < rare:
                return familiar, other
        return words, unused

    def familiarity(self, group: int) -> int:
        """Whether the word that stands for a set of cards is unfamiliar: 0 for one of
        SCOWL's common words (common.tsv), 1 for a rarer one; asked once a set."""
        found = self._familiar.get(group)
        if found is None:
            found = self._familiar[group] = unfamiliar(self.word(group).text)
        return found

    def starts(self, discard: bool) -> list[tuple[int, Card | None]]:
        """The states play starts from: the whole hand, or the hand less each distinct discard."""
        if not discard:
            return [(self.full, None)]
        return [(self.full - (1 << (BITS * i)), c) for i, c in enumerate(self.cards)]

    def packings(self, state: int, floor: list[int]) -> Iterator[tuple[int, list[LaidWord], list[Card]]]:
        """Every distinct packing of ``state`` worth at least ``floor[0]``, each once.

        ``floor`` is read as the search goes, so a caller that raises it prunes what is
        left. At the lowest card, words holding it are taken in list order (never going
        back to an earlier one), then whatever copies of it are left become unused; so no
        packing is produced twice.
        """
        yield from self._packings(state, 0, floor, -1, 0)

    def _packings(
        self, state: int, got: int, floor: list[int], field_at: int, start: int
    ) -> Iterator[tuple[int, list[LaidWord], list[Card]]]:
        if got + self.value(state) < floor[0]:
            return
        if state == 0:
            yield got, [], []
            return
        i = _lowest_field(state)
        if i != field_at:
            start = 0
        bucket = self._word_buckets[i]
        for k in range(start, len(bucket)):
            mask, pts, w = bucket[k]
            rest = self.take(state, mask)
            if rest is not None:
                for v, ws, un in self._packings(rest, got + pts, floor, i, k):
                    yield v, [w, *ws], un
        copies = (state >> (BITS * i)) & _COUNT
        lost = copies * self.lost[i]
        for v, ws, un in self._packings(state - (copies << (BITS * i)), got - lost, floor, -1, 0):
            yield v, ws, [self.cards[i]] * copies + un


# The most cards solved at once. No game deals more than largest_deal() cards (10), one
# more with the draw; larger hands are solved for house games up to this bound, past which
# the work (doubling with each card) would take seconds and then minutes.
MAX_HAND = 15


def check_hand(
    cards: Sequence[Card], deck: Deck | None = None, *, drawing: bool = False, min_cards: int = MIN_CARDS
) -> None:
    """Refuse a hand no table holds: fewer cards than a word takes (``min_cards``), more
    than the deck has, or more than MAX_HAND (counting the card still to draw when
    ``drawing``)."""
    deck = deck or load_deck()
    held = len(cards) + drawing
    if held < min_cards:
        raise CardError(f"a hand needs at least {min_cards} cards, got {len(cards)}")
    if held > MAX_HAND:
        deal = largest_deal()
        what = f"{len(cards)} cards and the draw" if drawing else f"{len(cards)} cards"
        raise CardError(
            f"a hand of {what} is more than qscore solves: at most {MAX_HAND} cards "
            f"(no game deals more than {deal}, {deal + 1} with the draw)"
        )
    deck.check_counts(cards)


def solve(
    cards: Sequence[Card],
    dictionary: Dictionary,
    *,
    discard: bool = True,
    top: int = 0,
    deck: Deck | None = None,
    found: Sequence[LaidWord] | None = None,
    any_word: bool = False,
    rules: Rules = STANDARD,
) -> Solution:
    """The exact best play of ``cards``, the best plays for each bonus ``rules`` play, and
    the ``top`` best plays; ``found``: the words to play with, when not every word the
    cards make. Every play lays only words qscore proposes
    (:mod:`~qscore.words.dictionaries.proposed`), unless ``any_word``: then any word the
    dictionary allows. ``rules``: the fewest cards a word takes, and whether unused cards
    count against a play."""
    check_hand(cards, deck, min_cards=rules.min_cards)
    if not any_word:
        dictionary = proposed(dictionary)
        if found is not None:
            found = [w for w in found if is_proposed(w.text)]
    hand = Hand(cards, dictionary, found, min_cards=rules.min_cards, unused_count=rules.unused_count)
    best, longest = _best(hand, discard, 0), _longest(hand, discard)
    most = _best(hand, discard, _PER_WORD) if MOST_WORDS in BONUS_RULES[rules.bonus] else None
    best = _undominated(best, *[p for p in (most, longest) if p is not None])
    return Solution(best, most, longest, _best_first(best, top_plays(hand, discard, top)))


def _best_first(best: Play, top: list[Play]) -> list[Play]:
    """The ``top`` list led by the best play as shown (of plays worth as much, the one no
    bonus play beats), so the list's first is the best play and is not shown twice."""
    if not top:
        return top
    key = cards_used(best)
    return [best, *[p for p in top if cards_used(p) != key]][: len(top)]


def cards_used(play: Play) -> tuple[object, ...]:
    """What tells two plays apart at the table: the cards of each word, the discard and
    the unused cards. Anagrams of the same cards (AT and TA, EAT and TEA) are one play."""
    return (
        tuple(sorted(tuple(sorted(c.token for c in w.cards)) for w in play.words)),
        play.discard,
        tuple(sorted(c.token for c in play.unused)),
    )


def _undominated(best: Play, *others: Play) -> Play:
    """The best play, unless a bonus play worth as much has as many words and as long a
    word, and more of one (SLEAZIER LINT against INSTILLER AZO, both 46): that one."""
    better = [
        p
        for p in others
        if p.score == best.score
        and p.word_count >= best.word_count
        and p.longest >= best.longest
        and (p.word_count, p.longest) != (best.word_count, best.longest)
    ]
    return max(better, key=lambda p: (p.word_count, p.longest), default=best)


def _best(hand: Hand, discard: bool, per_word: int) -> Play:
    """The best play; of the discards that reach it, the one whose play lays the most
    familiar words (:func:`familiar_first`), the first of those."""
    starts = hand.starts(discard)
    values = [hand.value(state, per_word) for state, _card in starts]
    top = max(values)
    tied = [start for start, value in zip(starts, values, strict=True) if value == top]

    def play(state: int, card: Card | None) -> Play:
        words, unused = hand.play(state, per_word)
        return hand.laid(words, card, unused)

    best = play(*tied[0])
    for start in tied[1:]:  # the first of fewest rarer words: stop at one of none
        if not familiar_first(best):
            break
        other = play(*start)
        if familiar_first(other) < familiar_first(best):
            best = other
    return best


def familiar_first(play: Play) -> int:
    """What orders plays of equal score, the least first: how many of their words are not
    among SCOWL's common words (common.tsv). Of plays of common words only, none is
    preferred: TOAD and AT·DO are both a table's words."""
    return sum(unfamiliar(w.text) for w in play.words)


@cache
def unfamiliar(word: str) -> int:
    """1 for a word that is none of SCOWL's common words, 0 for one that is (and for a and
    I, which SCOWL lists only with its capital)."""
    return int(word not in ONE_LETTER_WORDS and commonness(word) >= Commonness.RARE)


def _longest(hand: Hand, discard: bool) -> Play:
    """The best play among those whose longest word is as long as the hand allows."""
    best: tuple[int, int, int, Card | None, int] | None = None
    for mask, pts, group in hand.entries:  # longest first
        letters = hand.groups[group][2]
        if best is not None and letters < best[0]:
            break
        for state, card in hand.starts(discard):
            rest = hand.take(state, mask)
            if rest is not None:
                value = pts + hand.value(rest)
                if best is None or value > best[1]:
                    best = (letters, value, rest, card, group)
    if best is None:
        return _best(hand, discard, 0)
    _letters, _value, rest, card, group = best
    words, unused = hand.play(rest)
    return hand.laid((hand.word(group), *words), card, unused)


def top_plays(hand: Hand, discard: bool, n: int) -> list[Play]:
    """The ``n`` best distinct plays (by :func:`cards_used`: an anagram of a play found
    already is passed over), best first: branch and bound, f(S) as the bound."""
    if n <= 0:
        return []
    heap: list[tuple[int, int, Play]] = []  # the n best so far; heap[0] is the worst of them
    order = count()
    floor = [-(10**9)]
    seen: set[tuple[object, ...]] = set()
    for state, card in sorted(hand.starts(discard), key=lambda s: -hand.value(s[0])):
        for v, words, unused in hand.packings(state, floor):
            play = hand.laid(words, card, unused)
            if (key := cards_used(play)) in seen:
                continue
            seen.add(key)
            entry = (v, -next(order), play)
            if len(heap) < n:
                heapq.heappush(heap, entry)
            elif entry > heap[0]:
                heapq.heapreplace(heap, entry)
            if len(heap) == n:
                # a play enters only by beating the worst kept (a tie comes later in order,
                # so ranks after it): ties are pruned
                floor[0] = heap[0][0] + 1
    return [play for _v, _o, play in sorted(heap, reverse=True)]


# --- solitaire -----------------------------------------------------------------


def solitaire_words(
    faceup: Sequence[Card],
    dictionary: Dictionary,
    deck: Deck | None = None,
    *,
    any_word: bool = False,
    rules: Rules = STANDARD,
) -> list[LaidWord]:
    """The words the face-up cards make, highest points first, longest on ties: those
    qscore proposes, or any the dictionary allows with ``any_word``; of ``rules``'s
    fewest cards a word takes at least."""
    check_hand(faceup, deck, min_cards=rules.min_cards)
    found = Hand(faceup, dictionary if any_word else proposed(dictionary), min_cards=rules.min_cards)
    words = [w for _mask, w in found.words]
    return sorted(words, key=lambda w: (-w.points, -w.letters, w.text))
