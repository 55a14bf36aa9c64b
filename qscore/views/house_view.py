"""The table's own words as `qscore house` words them: its list with the house lists (and
as JSON), and what a forget did (a ruling as `check` says it: views/verdict_view.py)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, NamedTuple

from qscore.errors import quoted
from qscore.paths import shown_path
from qscore.views.verdict_view import ruling_said

if TYPE_CHECKING:
    from pathlib import Path

    from qscore.views.verdict_view import RuledWord

HOUSE_HEADERS = ("word", "ruling", "when", "where")
NO_HOUSE_WORDS = (
    "The table has no words of its own: a challenge the table settles by a paper dictionary is remembered here."
)


class HouseRow(NamedTuple):
    """A word of the table's one list: allowed or refused, when (a ruling's day; "" for a
    house list's word) and where (a game's ruling, or a house list)."""

    word: str
    allowed: bool
    when: str
    game: str | None
    house_list: str | None

    @property
    def cells(self) -> tuple[str, str, str, str]:
        where = (
            f"game {quoted(self.game)}" if self.game is not None else f"house list {shown_path(self.house_list or '')}"
        )
        return self.word, "allowed" if self.allowed else "refused", self.when, where

    def to_json(self) -> dict[str, object]:
        return {
            "word": self.word,
            "allowed": self.allowed,
            "date": self.when or None,
            "game": self.game,
            "house_list": self.house_list,
        }


def house_rows(
    table: Mapping[str, RuledWord],
    allow: Collection[str] = (),
    deny: Collection[str] = (),
    allow_file: Path | None = None,
    deny_file: Path | None = None,
) -> list[HouseRow]:
    """The one list: the table's words that count (``table``), in the order ruled, then the
    house lists' other words, alphabetical (a word on both lists is denied, as judged)."""
    rows = [HouseRow(t.word, t.allowed, t.date, t.game, None) for t in table.values()]
    listed = [(w, False, deny_file) for w in deny] + [(w, True, allow_file) for w in allow if w not in deny]
    for word, allowed, path in sorted(listed):
        if word not in table:
            rows.append(HouseRow(word, allowed, "", None, str(path) if path else None))
    return rows


def forgot_said(t: RuledWord) -> str:
    """What taking a word back did."""
    way = "allowed" if t.allowed else "refused"
    return (
        f"Took back {t.word} ({way} by {ruling_said(t)}): the dictionary judges it again, "
        "in check and in the games started from now on."
    )
