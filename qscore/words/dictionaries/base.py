"""What every dictionary is: the interface a source implements, and the one order in
which a dictionary's evidence becomes the reason a word is refused."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Container, Sequence
from typing import TYPE_CHECKING

from qscore.words.dictionaries.reasons import NOT_IN_DICTIONARY, PROPER_NOUN
from qscore.words.dictionaries.rejects import REJECTS

if TYPE_CHECKING:
    from qscore.words.suggestions import Budget


class AnagramKeys:
    """A dictionary's anagram keys, tested in memory: ``keys`` holds exactly the keys of
    its allowed words. Read whole once a run, about 0.15 s for a shipped list: for a
    search over many hands (a review of every saved game), not for one."""

    def __init__(self, keys: Container[str]) -> None:
        self.keys = keys


class KeysWhere:
    """The keys of ``within`` that ``test`` holds of: a superset narrowed to the exact keys."""

    def __init__(self, within: Container[str], test: Callable[[str], bool]) -> None:
        self.within, self.test = within, test

    def __contains__(self, key: object) -> bool:
        return key in self.within and isinstance(key, str) and self.test(key)


class Either:
    """What is in either of two containers, without copying them."""

    def __init__(self, first: Container[str], second: Container[str]) -> None:
        self.first, self.second = first, second

    def __contains__(self, key: object) -> bool:
        return key in self.first or key in self.second


class Dictionary(ABC):
    """Which lowercase a-z words are allowed, and why one is not.

    A dictionary gives evidence; :func:`dictionary_reason` turns it into the reason,
    in one order for every dictionary.
    """

    name: str
    source: str
    # Whether the shipped lists' evidence (denied.tsv, names.txt) explains its refusals:
    # true of the shipped lists and of hunspell (built from SCOWL), not of a file taken
    # as it is, whose own capitals are its only evidence.
    shipped_evidence = False

    @abstractmethod
    def contains(self, word: str) -> bool:
        """Whether it holds ``word`` (lowercase a-z) as a word."""

    def capitalised(self, word: str) -> str | None:
        """What the dictionary's own case says of a word it holds only capitalised: a
        proper noun or an abbreviation (with its wording), or None."""
        return None

    def absent(self, word: str) -> str:
        """The reason for a word it does not hold, and no other reason refuses."""
        return NOT_IN_DICTIONARY

    def refusal(self, word: str) -> str | None:
        """None when ``word`` (lowercase a-z) is allowed, else the reason it is not."""
        return dictionary_reason(word, self)

    @abstractmethod
    def anagrams(self, key: str) -> list[str]:
        """The allowed words whose sorted letters are ``key``: how the solver finds words."""

    @abstractmethod
    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        """Allowed words close to a likely misspelling, best first, within ``budget``
        (a fresh one when none is given)."""

    def size(self) -> int | None:
        """How many words it holds, where that is known."""
        return None

    def notes(self) -> list[str]:
        """What this run should be told about the dictionary: lines of a word list left out."""
        return []

    def anagram_keys(self) -> AnagramKeys | None:
        """Its anagram keys as containers, for a search over many hands; None where that
        is not known (the search looks up each key instead)."""
        return None

    def anagram_counts(self, keys: Sequence[str]) -> list[int]:
        """How many allowed words each of ``keys`` has: the solver's test of every set of
        a hand's cards, thousands a hand, before it looks up the words of any."""
        return [len(self.anagrams(key)) for key in keys]

    def anagram_prefix(self, prefix: str) -> bool:
        """Whether some allowed word's anagram key may begin with ``prefix`` (a whole key is
        followed by a space): a search for words among many cards stops where none does.
        True where that is not known."""
        return True


def dictionary_reason(word: str, dictionary: Dictionary) -> str | None:
    """Why ``dictionary`` refuses ``word`` (lowercase a-z), or None: the dictionary's
    part of :func:`refusal_reason`'s order, each reason given only on its evidence.

    1. the shipped deny list, where the dictionary takes the shipped evidence: a bare
       prefix or suffix, a Roman numeral (xiv), an abbreviation (hunspell accepts etc,
       kg and xiv), a contraction typed without its apostrophe (dont, twas), a foreign
       word (oui);
    2. a word the dictionary holds is allowed;
    3. the dictionary's own case: a file's capitalised entry (Paris, NATO);
    4. a proper noun of the shipped names (SCOWL's common sizes: Paris, Steve);
    5. else not in the dictionary, as the dictionary words it (:meth:`Dictionary.absent`).
    """
    denied = REJECTS.denied(word) if dictionary.shipped_evidence else None
    if denied:
        return denied
    if dictionary.contains(word):
        return None
    own = dictionary.capitalised(word)
    if own:
        return own
    if dictionary.shipped_evidence and REJECTS.named(word):
        return PROPER_NOUN
    return dictionary.absent(word)


def word_budget(budget: Budget | None) -> Budget:
    """The budget a word's suggestions spend: the one given (its word share started by
    the caller), or one of their own."""
    from qscore.words.suggestions import Budget

    if budget is None:
        budget = Budget()
        budget.start_word()
    return budget
