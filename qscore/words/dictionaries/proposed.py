"""The words qscore proposes: a dictionary less the words it never offers a table.

Two lists say which words qscore never proposes: unsuggested.txt, slurs and vulgar words
(dictionaries/README.md, "Words never suggested"), which a verdict's suggestions drop too
(``Verdict``); and unproposed.tsv, the words a table could not defend at a challenge: no
meaning on file, printed only with a capital by a desk dictionary, or only an abbreviation
("Words never proposed"). Every play qscore finds (best, ``--top``, a round's review,
solitaire, draw advice) is found in the dictionary this module makes, which holds the same
words less those. Such a word stays a word: a player who lays it is judged and scored by
the dictionary as it is, and only a search asked for any word (``best --any-word``) uses it.

unproposed.tsv is looked up by anagram key. A hand asks about every key its cards spell
words of (a thousand for eleven cards) and reading the list's 76,000 keys into a set
would cost a start-up 13 M instructions, and a bisection of its text (``SortedRows``) a
Python loop a key; so unproposed.idx holds the CRC-32 of every key, sorted, with where
each key's row starts: a key is bisected in the sums in C, and its row read where it
starts, the file read as bytes and never decoded whole.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from functools import cache, cached_property, lru_cache
from itertools import compress, repeat
from operator import not_
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from qscore import paths
from qscore.words.dictionaries.base import AnagramKeys, Dictionary, KeysWhere
from qscore.words.dictionaries.reasons import ONE_LETTER_WORDS
from qscore.words.dictionaries.rejects import unsuggested
from qscore.words.dictionaries.wordfiles import sort_key
from qscore.words.sortedrows import Commonness, commonness

if TYPE_CHECKING:
    from qscore.words.definitions import Definition
    from qscore.words.suggestions import Budget

# Each dictionary's proposed words, made once: a review asks for them hand after hand.
_MADE: WeakKeyDictionary[Dictionary, Proposed] = WeakKeyDictionary()


def proposed(dictionary: Dictionary) -> Dictionary:
    """``dictionary`` less the words qscore never proposes: what every search for a play
    looks words up in."""
    if isinstance(dictionary, Proposed):
        return dictionary
    made = _MADE.get(dictionary)
    if made is None:
        made = _MADE[dictionary] = Proposed(dictionary)
    return made


@cache
def never_keys() -> frozenset[str]:
    """The anagram keys of the slurs and vulgar words never proposed (unsuggested.txt)."""
    return frozenset(map(sort_key, unsuggested()))


class _Unproposed:
    """unproposed.tsv (rows ``key<TAB>word:why word:why``), read as bytes the first time a
    key is asked about, with its index, unproposed.idx: the CRC-32 of each row's key,
    sorted, then where each of those rows starts in the file."""

    @cached_property
    def _table(self) -> tuple[Sequence[int], Sequence[int], bytes]:
        data = paths.package_file("wordlists", "unproposed.idx").read_bytes()
        if sys.byteorder == "big":
            swapped = array("I", data)
            swapped.byteswap()
            data = swapped.tobytes()
        numbers = memoryview(data).cast("I")  # the file's numbers as they lie: nothing copied
        half = len(numbers) // 2
        return numbers[:half], numbers[half:], paths.package_file("wordlists", "unproposed.tsv").read_bytes()

    def row(self, key: str) -> str | None:
        """What the row of ``key`` says after its tab, or None: its CRC-32 bisected in the
        index (in C), and each row of that sum tried."""
        sums, starts, rows = self._table
        head = key.encode() + b"\t"
        found = zlib.crc32(head[:-1])
        at = bisect_left(sums, found)
        while at < len(sums) and sums[at] == found:
            start = starts[at]
            if rows.startswith(head, start):
                return rows[start + len(head) : rows.index(b"\n", start)].decode()
            at += 1
        return None

    @cached_property
    def keys(self) -> frozenset[str]:
        lines = self._table[2].decode().splitlines()
        return frozenset(line.partition("\t")[0] for line in lines if not line.startswith("#"))


_UNPROPOSED = _Unproposed()

# Where a game allows one-card words (Quiddler Junior), the letters alone but a and I: the
# word lists hold every letter's name (b, x), which the judge refuses as no word
# (reasons.LETTER_ALONE), and a search must not lay.
_LETTERS_ALONE = frozenset("abcdefghijklmnopqrstuvwxyz") - ONE_LETTER_WORDS


def indefensible(key: str) -> dict[str, str]:
    """The words of anagram key ``key`` a table could not defend at a challenge, each with
    why (``no-meaning``, ``capitalised``, ``abbreviation``: dictionaries/README.md;
    ``letter``: a letter alone, not a or i)."""
    if key in _LETTERS_ALONE:
        return {key: "letter"}
    row = _UNPROPOSED.row(key)
    return dict(entry.split(":") for entry in row.split(" ")) if row else {}


@cache
def indefensible_keys() -> frozenset[str]:
    """Every key unproposed.tsv lists, and the letters alone: read whole, for a search over many hands."""
    return _UNPROPOSED.keys | _LETTERS_ALONE


def is_proposed(word: str) -> bool:
    """Whether qscore may propose ``word`` (any word a dictionary allows): neither a slur or
    vulgar word nor one a table could not defend."""
    return word not in unsuggested() and word not in indefensible(sort_key(word))


def indefensible_only(word: str) -> bool:
    """Whether ``word`` is never proposed only because a table could not defend it (no slur
    nor vulgar word): a review may lay it again where the player laid it and it stood."""
    return word not in unsuggested() and word in indefensible(sort_key(word))


def meaning_to_show(word: str) -> Definition | None:
    """What is on file for ``word``, where it is shown beside the word as proposed: a word
    qscore proposes that a table would not know (none of SCOWL's common words). None for
    a common word (a and I too: SCOWL lists I only with its capital), for one never
    proposed, or where the meanings cannot be read."""
    if word in ONE_LETTER_WORDS or commonness(word) < Commonness.RARE or not is_proposed(word):
        return None
    from qscore.words.definitions import MeaningsError, define

    try:
        return define(word)
    except MeaningsError:
        return None


@lru_cache(maxsize=4096)  # a hand asks about a key when counting its words, then for them
def listed_never(key: str) -> list[str]:
    """The words of anagram key ``key`` unproposed.tsv lists, or a letter alone: a table
    could not defend them."""
    if key in _LETTERS_ALONE:
        return [key]
    row = _UNPROPOSED.row(key)
    return [entry.partition(":")[0] for entry in row.split(" ")] if row else []


def never_keys_among(keys: Iterable[str]) -> frozenset[str]:
    """Of :func:`never_keys`, those spelled with the letters of ``keys`` alone: the slurs and
    vulgar words of those letters picked out in C, and only their letters sorted. Sorting
    every such word's letters would cost a hand's search 6.7 M instructions."""
    letters = "".join(set("".join(keys)))
    words = unsuggested()
    return frozenset(map(sort_key, compress(words, map(not_, map(str.strip, words, repeat(letters))))))


class Proposed(Dictionary):
    """A dictionary's words less those never proposed, for the searches that offer plays.
    It judges as the dictionary does (``refusal``): a word laid is never refused here."""

    def __init__(self, inner: Dictionary) -> None:
        self.inner = inner
        self.name = inner.name
        self.source = inner.source
        self.shipped_evidence = inner.shipped_evidence

    def contains(self, word: str) -> bool:
        return self.inner.contains(word) and is_proposed(word)

    def refusal(self, word: str) -> str | None:
        return self.inner.refusal(word)

    def capitalised(self, word: str) -> str | None:
        return self.inner.capitalised(word)

    def absent(self, word: str) -> str:
        return self.inner.absent(word)

    def anagrams(self, key: str) -> list[str]:
        found = self.inner.anagrams(key)
        if not found:
            return found
        # a slur's or a vulgar word's key holds only such words' anagrams: each word of the
        # key is tested against the list itself, no key against every such word's key
        listed, never = listed_never(key), unsuggested()
        return [w for w in found if w not in never and w not in listed]

    def anagram_counts(self, keys: Sequence[str]) -> list[int]:
        counts = list(self.inner.anagram_counts(keys))  # a copy, changed below
        # the keys with words, picked out in C: each is looked up, and its words counted
        # again only where it has some never proposed
        with_words = list(compress(range(len(counts)), counts))
        slurs = never_keys_among(map(keys.__getitem__, with_words))
        for i in with_words:
            if listed_never(keys[i]) or keys[i] in slurs:
                counts[i] = len(self.anagrams(keys[i]))
        return counts

    def anagram_prefix(self, prefix: str) -> bool:
        return self.inner.anagram_prefix(prefix)

    def anagram_keys(self) -> AnagramKeys | None:
        return self._keys

    @cached_property
    def _keys(self) -> AnagramKeys | None:
        found = self.inner.anagram_keys()
        if found is None:
            return None
        if isinstance(found.keys, frozenset | set):  # a list's keys in memory: tested in C as before
            return AnagramKeys(found.keys - self._emptied(found.keys))
        listed = never_keys() | indefensible_keys()
        return AnagramKeys(KeysWhere(found.keys, lambda key: key not in listed or bool(self.anagrams(key))))

    def _emptied(self, keys: frozenset[str] | set[str]) -> frozenset[str]:
        """The keys of ``keys`` whose every word is one never proposed."""
        listed = never_keys() | indefensible_keys()
        return frozenset(k for k in listed if k in keys and not self.anagrams(k))

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        never = unsuggested()
        return [w for w in self.inner.suggest(word, limit, budget) if w not in never]

    def size(self) -> int | None:
        return self.inner.size()

    def notes(self) -> list[str]:
        return self.inner.notes()
