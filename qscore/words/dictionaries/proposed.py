"""The words qscore proposes: a dictionary less the words it never offers a table.

One list says which words qscore never proposes (unsuggested.txt: slurs and vulgar words,
dictionaries/README.md, "Words never suggested"). A verdict's suggestions drop them
(``Verdict``); every play qscore finds (best, ``--top``, a round's review, solitaire, draw
advice) is found in the dictionary this module makes, which holds the same words less
those. Such a word stays a word: a player who lays it is judged and scored by the
dictionary as it is, and only a search asked for any word (``best --any-word``) uses it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, cached_property
from itertools import compress
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from qscore.words.dictionaries.base import AnagramKeys, Dictionary, KeysWhere
from qscore.words.dictionaries.rejects import unsuggested
from qscore.words.dictionaries.wordfiles import sort_key

if TYPE_CHECKING:
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
    """The anagram keys of the words never proposed: the only keys whose words differ."""
    return frozenset(map(sort_key, unsuggested()))


class Proposed(Dictionary):
    """A dictionary's words less those never proposed, for the searches that offer plays.
    It judges as the dictionary does (``refusal``): a word laid is never refused here."""

    def __init__(self, inner: Dictionary) -> None:
        self.inner = inner
        self.name = inner.name
        self.source = inner.source
        self.shipped_evidence = inner.shipped_evidence

    def contains(self, word: str) -> bool:
        return self.inner.contains(word) and word not in unsuggested()

    def refusal(self, word: str) -> str | None:
        return self.inner.refusal(word)

    def capitalised(self, word: str) -> str | None:
        return self.inner.capitalised(word)

    def absent(self, word: str) -> str:
        return self.inner.absent(word)

    def anagrams(self, key: str) -> list[str]:
        found = self.inner.anagrams(key)
        if key not in never_keys():
            return found
        never = unsuggested()
        return [w for w in found if w not in never]

    def anagram_counts(self, keys: Sequence[str]) -> list[int]:
        counts = self.inner.anagram_counts(keys)
        # the keys with words are few, and those of a word never proposed fewer still: a
        # test in C of the keys found, and a look-up only where one is such a key
        if never_keys().isdisjoint(compress(keys, counts)):
            return counts
        listed = never_keys()
        return [len(self.anagrams(k)) if n and k in listed else n for k, n in zip(keys, counts, strict=True)]

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
        listed = never_keys()
        return AnagramKeys(KeysWhere(found.keys, lambda key: key not in listed or bool(self.anagrams(key))))

    def _emptied(self, keys: frozenset[str] | set[str]) -> frozenset[str]:
        """The keys of ``keys`` whose every word is one never proposed."""
        return frozenset(k for k in never_keys() if k in keys and not self.anagrams(k))

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        never = unsuggested()
        return [w for w in self.inner.suggest(word, limit, budget) if w not in never]

    def size(self) -> int | None:
        return self.inner.size()

    def notes(self) -> list[str]:
        return self.inner.notes()
