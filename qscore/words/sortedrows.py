"""A shipped table of words, one row a line (the word, a tab, what is known of it), its
rows sorted: a word is looked up by bisection in the file's text itself, a line found
around each halfway point, so that no look-up splits the text (a split of common.tsv's
lines costs some 8 M instructions, more than a review's handful of look-ups) and no table
is built. common.tsv (how common each word is, 40,227 rows) and said.tsv (how a common
word is said) are read so."""

from __future__ import annotations

from functools import cached_property

from qscore import paths


class SortedRows:
    """The rows of qscore/``folder``/``name``, read the first time a word is asked for;
    the lines of ``#`` at its head are its notes."""

    def __init__(self, folder: str, name: str) -> None:
        self.folder, self.name = folder, name

    @cached_property
    def _text(self) -> tuple[str, int]:
        """The file's text, without its last newline, and where its first row starts."""
        text = paths.package_file(self.folder, self.name).read_text("utf-8").rstrip("\n")
        first = 0
        while text.startswith("#", first):
            first = text.index("\n", first) + 1
        return text, first

    @cached_property
    def rows(self) -> list[str]:
        text, first = self._text
        return text[first:].split("\n") if first < len(text) else []

    def get(self, word: str) -> str | None:
        """What the row of ``word`` says after its tab, or None when it has none: the first
        row not before ``word`` + tab (as bisect_left finds it in the rows), if it is the word's."""
        head = word + "\t"
        text, lo = self._text
        hi = len(text)
        while lo < hi:  # lo is always a row's start; the row found starts in [lo, hi]
            start = max(lo, text.rfind("\n", lo, (lo + hi) // 2 + 1) + 1)  # the row holding the midpoint
            end = text.find("\n", start)
            end = len(text) if end < 0 else end
            if text[start:end] < head:
                lo = end + 1
            else:
                hi = start
        if not text.startswith(head, lo):
            return None
        end = text.find("\n", lo)
        return text[lo + len(head) : len(text) if end < 0 else end]


class Commonness:
    """How common a word is, by SCOWL's size (10 the most common, 35 still common; the
    rest count as rare): the shipped common.tsv. Here, not with the suggestions, so that
    best and the review, which ask it of a play's words, load no suggestion search."""

    RARE = 100

    def __init__(self) -> None:
        self._rows = SortedRows("wordlists", "common.tsv")
        # each word's answer, once looked up: a bisection is a Python loop of some 100,000
        # instructions, and best asks of a hand's twenty words ninety times
        self._known: dict[str, int] = {}

    def __call__(self, word: str) -> int:
        found = self._known.get(word)
        if found is None:
            size = self._rows.get(word)
            found = self._known[word] = self.RARE if size is None else int(size)
        return found


commonness = Commonness()
