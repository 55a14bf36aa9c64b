"""Every way a table can lay a word with its cards.

Unlike a greedy split, every split matters: QUIZ laid as Q·U·I·Z scores 35, as QU·I·Z 25.
Only spellings a table can lay count: no card more often than the deck holds it, and no
more cards than the largest hand. The search keeps to those bounds as it goes: its state
is the place in the word and the cards still in the deck, a state met twice is answered
once, and a branch that cannot fit in the hand is never entered. So the work stays small
whatever is typed (a 44-letter word is answered at its first step).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from qscore.game.cards import Card, Deck, format_cards, load_deck

# "Words of one card are never allowed": QU, IN, ER, CL, TH alone are one card.
MIN_CARDS = 2


class Spelling(NamedTuple):
    cards: tuple[Card, ...]

    @property
    def points(self) -> int:
        return sum(c.points for c in self.cards)

    @property
    def tokens(self) -> list[str]:
        return [c.token for c in self.cards]

    def __str__(self) -> str:
        return format_cards(self.cards)


def spell_word(
    word: str,
    deck: Deck | None = None,
    *,
    counts: Mapping[str, int] | None = None,
    max_cards: int | None = None,
    min_cards: int = MIN_CARDS,
) -> list[Spelling]:
    """The card spellings of ``word`` a table can lay, highest points first.

    Each uses at least ``min_cards`` cards (the game's rules: two, or one where one-card
    words are allowed), at most ``max_cards`` (default: the deck's largest hand), and no
    card more often than ``counts`` gives (default: the deck's own counts; the solver
    passes the cards of a hand). A word with a character no card carries has none.
    """
    deck = deck or load_deck()
    found = _spellings(word.lower(), deck, *_limits(deck, counts, max_cards))
    spellings = [Spelling(cards) for cards in found if len(cards) >= min_cards]
    spellings.sort(key=lambda s: (-s.points, len(s.cards)))
    return spellings


def unlayable_reason(
    word: str, deck: Deck | None = None, *, counts: Mapping[str, int] | None = None, max_cards: int | None = None
) -> str | None:
    """Why no table can lay ``word`` (lowercase letters every card set carries), or None if one can.

    ``"needs 12 cards, the largest hand holds 10"`` or ``"needs 3 B, the standard deck has 2"``.
    """
    deck = deck or load_deck()
    word = word.lower()
    limits, most = _limits(deck, counts, max_cards)
    if _spellings(word, deck, limits, most):
        return None
    fewest = fewest_cards(word, deck)  # whatever the counts
    if fewest is None:
        return "no card carries some of its letters"
    if fewest > most:
        return too_many_cards(fewest, most)
    search = _Search(word, deck, limits)  # the word fits in a hand: it is short
    fewest = search.least(cost=None, free=())
    if fewest is None:
        return search.shortage()
    return too_many_cards(fewest, most)


def cards_reason(cards: Sequence[Card], deck: Deck, max_cards: int | None = None) -> str | None:
    """Why no table can lay these cards as one word, or None if one can."""
    most = deck.largest_hand if max_cards is None else max_cards
    if len(cards) > most:
        return too_many_cards(len(cards), most)
    for card, n in Counter(cards).items():
        if n > deck.counts.get(card.token, 0):
            return too_few(deck.key, card.token, n, deck.counts.get(card.token, 0))
    return None


def too_many_cards(need: int, most: int) -> str:
    return f"needs {need} cards, the largest hand holds {most}"


def too_few(deck: str, token: str, need: int, has: int) -> str:
    return f"needs {need} {token}, the {deck} deck has {has}"


def _limits(deck: Deck, counts: Mapping[str, int] | None, max_cards: int | None) -> tuple[tuple[int, ...], int]:
    """The counts in the deck's card order (hashable, for the cache) and the card limit."""
    limits = _deck_limits(deck) if counts is None else tuple(counts.get(token, 0) for token in deck.cards)
    most = deck.largest_hand if max_cards is None else max_cards
    return limits, min(most, sum(limits))


@cache
def _deck_limits(deck: Deck) -> tuple[int, ...]:
    return tuple(deck.counts[token] for token in deck.cards)


@cache
def _card_starts(deck: Deck) -> dict[str, tuple[tuple[Card, int, int], ...]]:
    """Each card by its lowercase letters, as a search move: (card, index, letters covered)."""
    return {card.letters: ((card, i, len(card.letters)),) for i, card in enumerate(deck.cards.values())}


def fewest_cards(word: str, deck: Deck) -> int | None:
    """The fewest cards that spell ``word``, whatever the counts (None: no cards can),
    in one pass from the end holding two numbers, so any length is cheap.

    When a single card carries each of its letters and the double cards are of two
    letters (every deck qscore has), the fewest cards are the letters less the most
    double cards that fit without overlap, and taking each double card as soon as it
    starts fits the most (all of one length, as in interval scheduling): one scan of
    a regular expression, in C, for the two million letters a pasted line may hold."""
    starts = _card_starts(deck)
    pairs = _double_cards(deck)
    if pairs is not None and set(word) <= starts.keys():
        return len(word) - pairs.subn("", word)[1]
    one: int | None = 0  # the fewest for what follows one letter on
    two: int | None = None  # and two letters on
    for pos in range(len(word) - 1, -1, -1):
        best = one if word[pos] in starts else None
        pair = word[pos : pos + 2]
        if len(pair) == 2 and pair in starts and two is not None and (best is None or two < best):
            best = two
        one, two = (None if best is None else best + 1), one
    return one


@cache
def _double_cards(deck: Deck) -> re.Pattern[str] | None:
    """A pattern of the deck's double cards, when each is of two letters; else None."""
    doubles = [letters for letters in _card_starts(deck) if len(letters) > 1]
    if any(len(d) != 2 for d in doubles) or not doubles:
        return None
    return re.compile("|".join(map(re.escape, sorted(doubles))))


@lru_cache(maxsize=65536)
def _spellings(word: str, deck: Deck, limits: tuple[int, ...], max_cards: int) -> tuple[tuple[Card, ...], ...]:
    starts = _card_starts(deck)
    if len(word) > max_cards * max(map(len, starts)):
        return ()  # longer than a hand of the longest cards
    if not any(word[pos : pos + 2] in starts for pos in range(len(word) - 1)):
        # no two letters a double card carries (most words): single cards or nothing
        moves = [starts.get(c) for c in word]
        if None in moves or len(word) > max_cards:
            return ()
        needs = Counter(move[0][1] for move in moves if move)
        if any(n > limits[i] for i, n in needs.items()):
            return ()
        return (tuple(move[0][0] for move in moves if move),)
    return _Search(word, deck, limits).spellings(max_cards)


class _Search:
    """The spellings of one word within given card counts.

    A state is (place in the word, counts left). Counts left follow from the place and
    the double cards used so far, so there are at most len(word) x 3^5 states for the
    standard deck, each answered once.
    """

    def __init__(self, word: str, deck: Deck, limits: tuple[int, ...]) -> None:
        self.word = word
        self.deck = deck
        starts = _card_starts(deck)
        pairs = [word[pos : pos + 2] for pos in range(len(word) - 1)]
        found = [starts.get(c, ()) + starts.get(pair, ()) for c, pair in zip(word, [*pairs, ""], strict=True)]
        # only the cards the word can use take part, numbered in deck order: short states
        used = sorted({i for here in found for _card, i, _size in here})
        local = {i: n for n, i in enumerate(used)}
        tokens = tuple(deck.cards)
        self.tokens = tuple(tokens[i] for i in used)
        self.limits = tuple(limits[i] for i in used)
        self.everything = tuple(range(len(used)))
        # the cards that can start at each place: (card, its number, letters it covers)
        self.moves = [[(card, local[i], size) for card, i, size in here] for here in found]
        # the fewest cards that can spell word[pos:], whatever the counts (None: none can)
        low: list[int | None] = [None] * len(word) + [0]
        for pos in range(len(word) - 1, -1, -1):
            known = [n for n in (low[pos + size] for _c, _i, size in self.moves[pos]) if n is not None]
            low[pos] = 1 + min(known) if known else None
        self.low = low

    def spellings(self, max_cards: int) -> tuple[tuple[Card, ...], ...]:
        if self.low[0] is None or self.low[0] > max_cards:
            return ()
        end = len(self.word)
        memo: dict[tuple[int, tuple[int, ...]], tuple[tuple[Card, ...], ...]] = {}

        def rest(pos: int, left: tuple[int, ...], laid: int) -> tuple[tuple[Card, ...], ...]:
            if pos == end:
                return ((),)
            key = (pos, left)
            if key not in memo:
                out: list[tuple[Card, ...]] = []
                for card, i, size in self.moves[pos]:
                    low = self.low[pos + size]
                    if left[i] == 0 or low is None or laid + 1 + low > max_cards:
                        continue
                    after = _take(left, i)
                    out.extend((card, *tail) for tail in rest(pos + size, after, laid + 1))
                memo[key] = tuple(out)
            return memo[key]

        return rest(0, self.limits, 0)

    def least(self, cost: int | None, free: Sequence[int]) -> int | None:
        """The least cost of any spelling whose cards keep to the counts, except the
        cards ``free`` (indexes) which are unlimited; cost is the number of cards, or
        how many of card ``cost`` it uses. None when no spelling keeps to the counts.
        Called only for words short enough to fit in a hand (the recursion is as deep
        as the word is long)."""
        start = tuple(1 if i in free else n for i, n in enumerate(self.limits))
        end = len(self.word)
        memo: dict[tuple[int, tuple[int, ...]], int | None] = {}
        price: Callable[[int], int] = (lambda i: 1) if cost is None else (lambda i: int(i == cost))

        def rest(pos: int, left: tuple[int, ...]) -> int | None:
            if pos == end:
                return 0
            key = (pos, left)
            if key not in memo:
                best: int | None = None
                for _card, i, size in self.moves[pos]:
                    if left[i] == 0:
                        continue
                    after = left if i in free else _take(left, i)
                    tail = rest(pos + size, after)
                    if tail is not None and (best is None or price(i) + tail < best):
                        best = price(i) + tail
                memo[key] = best
            return memo[key]

        return rest(0, start)

    def shortage(self) -> str:
        """The card the deck has too few of: the first whose shortfall remains when every
        other card keeps to its count, else the first short whatever the others do."""
        for i in self.everything:
            need = self.least(cost=i, free=(i,))
            if need is not None and need > self.limits[i]:
                return too_few(self.deck.key, self.tokens[i], need, self.limits[i])
        for i in self.everything:
            need = self.least(cost=i, free=self.everything)
            if need is not None and need > self.limits[i]:
                return too_few(self.deck.key, self.tokens[i], need, self.limits[i])
        return f"the {self.deck.key} deck has too few of its cards"


def _take(left: tuple[int, ...], i: int) -> tuple[int, ...]:
    """The counts left after one card ``i`` is laid."""
    out = list(left)
    out[i] -= 1
    return tuple(out)
