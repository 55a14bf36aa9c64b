"""The table's own words, worded once: a ruling as `check` says it (and its JSON field),
the list `qscore house` shows with the house lists (and as JSON), what a forget did, and
the games whose rulings could not be read."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, NamedTuple, Protocol

from qscore.errors import quoted
from qscore.paths import shown_path

if TYPE_CHECKING:
    from pathlib import Path

    from qscore.views.verdict_view import VerdictView

    class RuledWord(Protocol):  # only named: a Protocol class costs every check run 1 M instructions
        """A word the table ruled on, as the application layer gives it (scorekeeper.tablewords)."""

        @property
        def word(self) -> str: ...
        @property
        def allowed(self) -> bool: ...
        @property
        def game(self) -> str: ...
        @property
        def date(self) -> str: ...


HOUSE_HEADERS = ("word", "ruling", "when", "where")
NO_HOUSE_WORDS = (
    "The table has no words of its own: a challenge the table settles by a paper dictionary is remembered here."
)


def ruling_said(t: RuledWord) -> str:
    """``the table's ruling of 2026-12-02 in game 'friday'``."""
    return f"the table's ruling of {t.date} in game {quoted(t.game)}"


def ruled_verdict(view: VerdictView, t: RuledWord | None) -> VerdictView:
    """A verdict the table's word decided, its line saying so: ``zax: allowed (the table's
    ruling of 2026-12-02 in game 'friday')``; unchanged when no ruling decided it."""
    if t is None:
        return view
    return view._replace(said=f"{'allowed' if view.allowed else 'not allowed'} ({ruling_said(t)})")


def ruling_json(t: RuledWord | None) -> dict[str, object]:
    """check's ``table_ruling`` field: the table's ruling that decided the word, or null; a
    word it refused has it for its ``reason`` too, as the line says."""
    if t is None:
        return {"table_ruling": None}
    reason = {} if t.allowed else {"reason": ruling_said(t)}
    return reason | {"table_ruling": {"allowed": t.allowed, "date": t.date, "game": t.game}}


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


def unreadable_said(games: Collection[str]) -> str:
    """The games whose rulings could not be read, as a warning says it."""
    named = ", ".join(quoted(g) for g in games)
    return f"the table's rulings in game{'s' if len(games) > 1 else ''} {named} cannot be read: they were left out"


def unread_said(error: object) -> str:
    """Why `check` judged without the table's words."""
    return f"the table's own words cannot be read ({error}): judged without them"
