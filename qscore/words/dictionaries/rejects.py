"""What the shipped lists say beyond their words: the words left out on purpose and why
(denied.tsv, names.txt), SCOWL's accented spellings (accents.tsv), and the words never
offered as a suggestion (unsuggested.txt). dictionaries/README.md tells how each is made."""

from __future__ import annotations

from functools import cache, cached_property

from qscore import paths
from qscore.words.dictionaries.reasons import (
    ABBREVIATION,
    AFFIX,
    APOSTROPHE,
    CHAT_ABBREVIATION,
    NOT_ENGLISH,
    NOT_IN_DICTIONARY,
    PROPER_NOUN,
    ROMAN_NUMERAL,
    UNIT_SYMBOL,
    apostrophe_left_out,
)

# denied.tsv writes reasons as one word; these are the reasons they stand for. A row may
# name the word meant after a second tab: a contraction's, with its apostrophe (im: I'm).
_REJECT_REASONS = {
    "affix": AFFIX,
    "abbreviation": ABBREVIATION,
    "numeral": ROMAN_NUMERAL,
    "apostrophe": APOSTROPHE,
    "foreign": NOT_ENGLISH,
    "phrase": NOT_IN_DICTIONARY,
    "form": NOT_IN_DICTIONARY,  # a regular form of an irregular word: winned, oxes
    "unit": UNIT_SYMBOL,
    "chat": CHAT_ABBREVIATION,
}


class Rejects:
    """Words the shipped lists leave out on purpose, with the reason: abbreviations and
    affixes (denied.tsv, which every dictionary refuses), and names (names.txt).

    The first few look-ups search the files' text: a run that asks about a word or two
    pays a millisecond, not the ~15 ms of building tables. A run that asks about more
    (a list checked from standard input) builds them once, after which a look-up is a
    hash.
    """

    SEARCHES = 16  # look-ups answered by searching the text before the tables are built

    def __init__(self) -> None:
        self._asked = 0

    @cached_property
    def _denied_text(self) -> str:
        return "\n" + paths.package_file("wordlists", "denied.tsv").read_text("utf-8")

    @cached_property
    def _names_text(self) -> str:
        return "\n" + paths.package_file("wordlists", "names.txt").read_text("utf-8")

    @cached_property
    def _denied_table(self) -> dict[str, str]:
        rows = (line.partition("\t") for line in self._denied_text.split("\n") if line)
        return {word: _reason(fields) for word, _, fields in rows}

    @cached_property
    def _names_table(self) -> frozenset[str]:
        return frozenset(self._names_text.split())

    def _tables(self) -> bool:
        """Whether to answer from the tables: once enough has been asked."""
        self._asked += 1
        return self._asked > self.SEARCHES

    def reason(self, word: str) -> str | None:
        """The reason ``word`` (lowercase a-z) is left out, or None. A curated or SCOWL
        abbreviation or affix comes before a name: ing is a suffix first, though Ing is
        a name too. Only SCOWL's common names are listed (see dictionaries/README.md)."""
        return self.denied(word) or (PROPER_NOUN if self.named(word) else None)

    def named(self, word: str) -> bool:
        """Whether ``word`` is one of SCOWL's common proper nouns that no everyday word spells."""
        return word in self._names_table if self._tables() else f"\n{word}\n" in self._names_text

    @cached_property
    def _first_names(self) -> frozenset[str]:
        return frozenset(paths.package_file("wordlists", "first-names.txt").read_text("utf-8").split())

    def first_name(self, word: str) -> bool:
        """Whether ``word`` is a first name everyday does not hold as a word (Ann, Sam, Di),
        for a game that allows names: read only by one."""
        return word in self._first_names

    def denied(self, word: str) -> str | None:
        """Why ``word`` is refused by every dictionary, enchant's too: an abbreviation or an
        affix, never a proper noun (the system dictionaries know their own names)."""
        if self._tables():
            return self._denied_table.get(word)
        text = self._denied_text
        at = text.find(f"\n{word}\t")
        if at < 0:
            return None
        start = at + len(word) + 2
        return _reason(text[start : text.index("\n", start)])


def _reason(fields: str) -> str:
    """The reason a row of denied.tsv gives after its word: ``apostrophe\tI'm`` is "I'm: a
    word with its apostrophe left out"; a reason alone, the reason it stands for."""
    reason, _, meant = fields.partition("\t")
    return apostrophe_left_out(meant) if meant else _REJECT_REASONS[reason]


REJECTS = Rejects()


def accented(word: str) -> list[str]:
    """SCOWL's accented spellings of ``word`` as typed (entree: entrée), from accents.tsv,
    read when a system dictionary first lacks a word."""
    found = _accents().get(word)
    return found.split() if found else []


@cache
def _accents() -> dict[str, str]:
    rows = paths.package_file("wordlists", "accents.tsv").read_text("utf-8").splitlines()
    return dict(row.split("\t") for row in rows)


@cache
def unsuggested() -> frozenset[str]:
    """Words never offered as a suggestion: obscenities and ethnic slurs by WordNet's usage
    labels, with their inflections (unsuggested.txt, dictionaries/README.md). Still words."""
    return frozenset(paths.package_file("wordlists", "unsuggested.txt").read_text("utf-8").split())
