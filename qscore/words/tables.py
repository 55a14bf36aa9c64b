"""A shipped table of words, one row a line (the word, a tab, what is known of it), its
rows sorted: looked up by bisection in the file's lines, so that a refusal's first look-ups
cost a split of the text (a millisecond or two) and no table built. common.tsv (how common
each word is, 40,227 rows) and said.tsv (how a common word is said) are read so."""

from __future__ import annotations

from bisect import bisect_left
from functools import cached_property

from qscore import paths


class SortedRows:
    """The rows of qscore/``folder``/``name``, read the first time a word is asked for;
    the lines of ``#`` at its head are its notes."""

    def __init__(self, folder: str, name: str) -> None:
        self.folder, self.name = folder, name

    @cached_property
    def rows(self) -> list[str]:
        lines = paths.package_file(self.folder, self.name).read_text("utf-8").split("\n")
        start = 0
        while start < len(lines) and lines[start].startswith("#"):
            start += 1
        return lines[start:] if lines[-1] else lines[start:-1]

    def get(self, word: str) -> str | None:
        """What the row of ``word`` says after its tab, or None when it has none."""
        head = word + "\t"
        rows = self.rows
        at = bisect_left(rows, head)
        return rows[at][len(head) :] if at < len(rows) and rows[at].startswith(head) else None
