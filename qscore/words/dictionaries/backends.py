"""The kinds of dictionary, each behind :class:`~qscore.words.dictionaries.base.Dictionary`:
a word-list file (the shipped SCOWL lists among them), a system hunspell dictionary
through pyenchant, words held in memory, and house allow/deny lists layered on any."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from qscore import paths
from qscore.game.choices import EVERYDAY, WORDGAME
from qscore.paths import shown_path
from qscore.words.dictionaries.base import AnagramKeys, Dictionary, Either, KeysWhere, word_budget
from qscore.words.dictionaries.reasons import HOUSE_DENIED, NOT_IN_DICTIONARY
from qscore.words.dictionaries.rejects import accented
from qscore.words.dictionaries.wordfiles import WORD, WordIndex, longest_word, sort_key
from qscore.words.system_dictionaries import open_hunspell

if TYPE_CHECKING:
    from qscore.words.suggestions import Budget

# The lists qscore ships (qscore/wordlists/NAME.txt), each with what it holds.
SHIPPED = {
    EVERYDAY: (
        "a desk dictionary of the UK, Ireland, the US, Canada, Australia, New Zealand and South Africa: "
        "SCOWL up to size 70, variants, today's and regional words"
    ),
    WORDGAME: "SCOWL up to size 80 and its common variants: adds the rarer words word-game players use",
}
# Source of candidate words for the solver when the dictionary cannot list words itself.
CANDIDATE_LIST = WORDGAME


# --- word lists --------------------------------------------------------------


class WordListDictionary(Dictionary):
    """A shipped SCOWL list, or a plain word-list file taken as it is."""

    def __init__(self, name: str, path: Path, source: str, *, shipped: bool) -> None:
        self.name = name
        self.source = source
        self.index = WordIndex(path, whole=shipped, built=built_indexes() if shipped else None)
        self.shipped_evidence = shipped

    def contains(self, word: str) -> bool:
        return word in self.index

    def absent(self, word: str) -> str:
        # A word the everyday list lacks and wordgame holds is mostly a rarer or a
        # regional word (skelf, rondavel, marae: dictionaries/README.md, "Every country's
        # words"): the table is told the larger list allows it.
        if self.shipped_evidence and self.name == EVERYDAY and word in shipped_list(WORDGAME).index:
            return f"not in {EVERYDAY}; {WORDGAME} allows it"
        return NOT_IN_DICTIONARY

    def capitalised(self, word: str) -> str | None:
        return None if self.shipped_evidence else self.index.capitalised(word)

    def anagrams(self, key: str) -> list[str]:
        return self.index.anagrams(key)

    def anagram_counts(self, keys: Sequence[str]) -> list[int]:
        return self.index.anagram_counts(keys)

    def anagram_prefix(self, prefix: str) -> bool:
        return self.index.anagram_prefix(prefix)

    def anagram_keys(self) -> AnagramKeys:
        return self.index.anagram_keys

    def notes(self) -> list[str]:
        n = self.index.too_long
        if not n:
            return []
        lines = "a line" if n == 1 else f"{n:,} lines"
        return [
            f"{lines} of word list {shown_path(self.index.source)} left out: longer than "
            f"{longest_word()} letters, more than any hand lays"
        ]

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        from qscore.words.suggestions import suggest_in_index

        index = self.index
        return suggest_in_index(word, index.contains, index.starts, word_budget(budget), limit, index.sounding)

    def size(self) -> int:
        if self.shipped_evidence:  # a word a line, every line a word: counted without building an index
            return self.index.source.read_bytes().count(b"\n")
        return len(self.index)


def shipped_path(name: str) -> Path:
    """The file of the shipped list ``name`` (a key of SHIPPED)."""
    return paths.package_file("wordlists", f"{name}.txt")


def built_indexes() -> Path:
    """The folder of the shipped lists' indexes, built with the package (tools/word_indexes.py)."""
    return paths.package_file("wordlists", "built")


@cache
def shipped_list(name: str) -> WordListDictionary:
    """The shipped list ``name`` (a key of SHIPPED), opened once a run."""
    return WordListDictionary(name, shipped_path(name), SHIPPED[name], shipped=True)


def _candidates() -> WordListDictionary:
    return shipped_list(CANDIDATE_LIST)


# --- system dictionaries -----------------------------------------------------


class EnchantDictionary(Dictionary):
    """A hunspell dictionary opened through pyenchant, held to the same rules as the lists.

    Opened with a configuration of qscore's own, kept empty: a user's personal word
    list and exclusions (~/.config/enchant/en_US.dic, .exc) never change a verdict,
    and enchant never creates or writes them on qscore's behalf.
    """

    def __init__(self, tag: str) -> None:
        self.name = tag
        self.source = f"system hunspell dictionary {tag}, through enchant"
        self._broker, self._dict = open_hunspell(tag)  # the dictionary lives only as long as its broker

    # hunspell is built from SCOWL and accepts its lowercase abbreviations (etc, kg,
    # mph): the shipped lists' evidence, the deny list first, holds here too. Its own
    # capitals are no evidence of their own: it takes YOUTUBE for YouTube and HM, and
    # Zzz, as it takes any word in capitals, so a name or an abbreviation is one only
    # where the shipped lists say so, as for them.
    shipped_evidence = True

    def contains(self, word: str) -> bool:
        """Whether hunspell holds ``word``, or one of SCOWL's accented spellings of it: a
        player types entree, and en_GB holds only entrée."""
        return bool(self._dict.check(word)) or any(self._dict.check(form) for form in accented(word))

    def absent(self, word: str) -> str:
        # An everyday word a system dictionary lacks is mostly a spelling of another
        # country's (en_US has no colour or grey, only the name Grey; en_GB no color) or a
        # newer word: the table is told the word is one, and that the dictionary refuses it.
        if word in shipped_list(EVERYDAY).index:
            return f"not in {self.name}; everyday allows it"
        return NOT_IN_DICTIONARY

    def anagrams(self, key: str) -> list[str]:
        # hunspell cannot list words; take the candidates from the largest shipped list.
        return [w for w in _candidates().anagrams(key) if self.refusal(w) is None]

    def anagram_prefix(self, prefix: str) -> bool:
        return _candidates().anagram_prefix(prefix)  # its words are among the candidates'

    def anagram_keys(self) -> AnagramKeys:
        found = _candidates().anagram_keys()
        return AnagramKeys(KeysWhere(found.keys, lambda key: bool(self.anagrams(key))))

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        from qscore.words.suggestions import suggest_in_index

        # The words near it in the largest shipped list that hunspell allows, by the same
        # bounded search as a word list's. hunspell's own search took 20 to 150 ms a word,
        # past any bound a word of a 5,000-word list can have.
        index = _candidates().index

        def allowed(w: str) -> bool:
            return w in index and self.refusal(w) is None

        return suggest_in_index(word, allowed, index.starts, word_budget(budget), limit, index.sounding)


# --- words in memory and house rules ----------------------------------------


class WordSet(Dictionary):
    """A small dictionary held in memory: a house allow list, or a test's own words."""

    def __init__(self, words: Iterable[str], name: str = "words", source: str = "a list of words") -> None:
        self.name = name
        self.source = source
        self.words = frozenset(w for w in words if WORD.fullmatch(w))
        self._by_key: dict[str, list[str]] = {}
        for w in sorted(self.words):
            self._by_key.setdefault(sort_key(w), []).append(w)

    def contains(self, word: str) -> bool:
        return word in self.words

    def anagrams(self, key: str) -> list[str]:
        return self._by_key.get(key, [])

    def anagram_prefix(self, prefix: str) -> bool:
        return prefix in self._key_prefixes

    def anagram_keys(self) -> AnagramKeys:
        return AnagramKeys(self._by_key.keys())

    @cached_property
    def _key_prefixes(self) -> frozenset[str]:
        return frozenset(p for key in self._by_key for p in (key + " ", *(key[:n] for n in range(len(key) + 1))))

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        from qscore.words.suggestions import one_edit, rank

        return rank(word, one_edit(word, self.words.__contains__, word_budget(budget)) or ())[:limit]

    def size(self) -> int:
        return len(self.words)


class HouseRules(Dictionary):
    """Extra allowed and denied words on top of another dictionary."""

    def __init__(self, inner: Dictionary, allow: set[str], deny: set[str]) -> None:
        self.inner = inner
        self.allow = WordSet(allow - deny)
        self.deny = frozenset(deny)
        self.name = inner.name
        self.source = f"{inner.source}, with house rules (+{self.allow.size()} -{len(deny)} words)"

    def contains(self, word: str) -> bool:
        return word not in self.deny and (word in self.allow.words or self.inner.contains(word))

    def refusal(self, word: str) -> str | None:
        """The table's own lists first: its deny list, then its allow list, then the
        dictionary's reason."""
        if word in self.deny:
            return HOUSE_DENIED
        if word in self.allow.words:
            return None
        return self.inner.refusal(word)

    def anagrams(self, key: str) -> list[str]:
        return sorted({*self.inner.anagrams(key), *self.allow.anagrams(key)} - self.deny)

    def anagram_prefix(self, prefix: str) -> bool:
        return self.allow.anagram_prefix(prefix) or self.inner.anagram_prefix(prefix)

    def anagram_keys(self) -> AnagramKeys | None:
        inner, allow = self.inner.anagram_keys(), self.allow.anagram_keys()
        if inner is None:
            return None
        keys = KeysWhere(Either(inner.keys, allow.keys), lambda key: bool(self.anagrams(key)))
        return AnagramKeys(keys)

    def notes(self) -> list[str]:
        return self.inner.notes()

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        from qscore.words.suggestions import rank

        budget = word_budget(budget)
        found = self.allow.suggest(word, limit, budget) + self.inner.suggest(word, limit, budget)
        return [w for w in rank(word, found) if w not in self.deny][:limit]
