"""A judged word as data, worded once: what ``check`` and ``define`` print (and as JSON),
what the page's word box shows, the meaning a challenge that stands ends with, and a word
the table's own ruling decided, as check says it (``ruled_verdict``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from qscore.errors import quoted
from qscore.game.spelling import unlayable_reason

if TYPE_CHECKING:
    from qscore.words.definitions import Definition
    from qscore.words.dictionaries import Verdict

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


def verdict_json(v: Verdict) -> dict[str, object]:
    return {
        "word": v.word,
        "allowed": v.allowed,
        "reason": v.reason,
        "spellings": [{"cards": s.tokens, "points": s.points} for s in v.spellings],
        "suggestions": list(v.suggestions),
    }


def definition_json(d: Definition) -> dict[str, object]:
    return {
        "forms": [{"form": f.form, "of": f.base} for f in d.forms],
        "meanings": [{"word": m.word, "pos": m.pos, "text": m.text} for m in d.meanings],
    }


class VerdictView(NamedTuple):
    """A verdict in words: the terminal lays it out in lines, the page in elements."""

    word: str
    allowed: bool
    said: str  # ``allowed``, ``not allowed (proper noun)``
    spellings: tuple[tuple[str, str], ...]  # each way to lay it and its points: ``Q·U·I·Z``, ``35 points``
    suggestions: str | None  # ``did you mean: weird, wider``, for a refused word with words near it

    @property
    def line(self) -> str:
        """``quiz: allowed``, ``steve: not allowed (proper noun)``."""
        return f"{self.word}: {self.said}"


def maybe_meant(suggestions: Sequence[str]) -> str:
    """``; did you mean quiz or qi?`` (up to three words a refused word may have meant), or ""."""
    return f"; did you mean {' or '.join(suggestions[:3])}?" if suggestions else ""


def refused_line(v: Verdict, typed: str) -> str:
    """A word just typed that the game's dictionary refuses, said before the table decides to
    keep it: ``zxq: not allowed (not in the dictionary); did you mean zax or zap?``."""
    return f"{typed}: {verdict_view(v).said}{maybe_meant(v.suggestions)}"


# What a word the game's rules allow though the dictionary would not is, as its verdict
# says it: a name, which Junior's rules alone allow (game/variants.py).
ALLOWED_THOUGH = {"proper noun": "a name, as Junior allows"}


def verdict_view(v: Verdict) -> VerdictView:
    if v.allowed:
        said = f"allowed ({ALLOWED_THOUGH.get(v.reason, v.reason)})" if v.reason else "allowed"
    else:
        said = f"not allowed ({v.reason})"
    spellings = tuple((str(s), f"{s.points} point{'' if s.points == 1 else 's'}") for s in v.spellings)
    suggestions = f"did you mean: {', '.join(v.suggestions)}" if v.suggestions else None
    if v.too_long and not v.suggestions:
        suggestions = f"did you mean: {', '.join(v.too_long)} (more cards than a hand holds)"
    return VerdictView(v.word, v.allowed, said, spellings, suggestions)


class MeaningsView(NamedTuple):
    """What is said of a judged word's meaning after its verdict: for a refused word, a head
    first (its meanings are what it means elsewhere, not a sign it stands), then the lines."""

    head: str | None  # ``what za means, though not allowed here:``
    lines: list[str]


def verdict_meanings(v: Verdict) -> MeaningsView:
    """A judged word's meanings as ``check --define``, ``define`` and the page's word box say
    them: a word the dictionary refuses shows its meanings under a head that says so, never
    as if it stood (za: not allowed, then "noun: an old solfeggio name")."""
    d = v.definition()
    head = f"what {v.word} means, though not allowed here:" if d.found and not v.allowed else None
    return MeaningsView(head, meaning_lines(d))


def meaning_lines(d: Definition) -> list[str]:
    """What is said of a word's meaning after its verdict: the form (plural of quiz), then
    up to three meanings (``noun: a test``); one names its word when they come from more
    than one (axes: ax and axis)."""
    lines: list[str] = []
    own = any(m.word == d.word for m in d.meanings)
    if d.forms and not own:
        lines.append(d.forms_text())
    several = len({m.word for m in d.meanings}) > 1
    lines += [f"{m.pos}{f' ({m.word})' if several else ''}: {m.text}" for m in d.meanings]
    if not d.meanings:
        lines.append(no_meaning(d.word))
    if d.forms and own:
        lines.append(f"also {d.forms_text()}")
    return lines


def no_meaning(word: str) -> str:
    """Why a word has no meaning to show: the file keeps meanings only for words a hand of
    the standard deck can lay (bubble needs three B), and WordNet has none for the rest."""
    unlayable = word.isalpha() and word.isascii() and unlayable_reason(word) is not None
    return "no meaning kept: no hand of the standard deck can lay it" if unlayable else "no meaning on file"


def overruled_note(v: Verdict, kept: RuledWord | None = None) -> str:
    """What the game's dictionary said of a word a table's paper ruling went against:
    `` (the game's dictionary allows it)``, `` (the game's dictionary does not: proper noun)``;
    where the table's earlier ruling, recorded by the game at its start, decided it (``kept``),
    that ruling: `` (the game's dictionary allows it: the table's ruling of ...)``."""
    if v.allowed:
        return f" (the game's dictionary allows it{f': {kept_said(kept)}' if kept else ''})"
    return f" (the game's dictionary does not: {kept_said(kept) if kept else v.reason})"


def settled_note(ruling: str, valid: bool, kept: RuledWord | None, against: Verdict | None = None) -> str:
    """What decided a settled challenge, after its ``allowed``: for one the game's dictionary
    settled by the table's words the game recorded at its start (``kept``), `` by the table's
    ruling of 2026-12-02 in game 'fam1'``; for a paper ruling against the game's dictionary
    (``against``), what the dictionary said (overruled_note); else nothing."""
    if ruling == "dictionary":
        return f" by {kept_said(kept)}" if kept is not None and kept.allowed == valid else ""
    if against is None:
        return ""
    return overruled_note(against, kept if kept is not None and kept.allowed == against.allowed else None)


def challenge_meaning(word: str, d: Definition) -> str | None:
    """What a challenge that stands ends with: the word's first meaning (and its form, for
    an inflection); None for a word with no meaning on file."""
    if not d.meanings:
        return None
    first = d.meanings[0]
    if first.word == word:
        return f"{word} ({first.pos}): {first.text}"
    form = " and ".join(dict.fromkeys(f.form for f in d.forms if f.base == first.word))
    return f"{word}, {form} of {first.word} ({first.pos}): {first.text}"


# --- the table's own words, as check says them (scorekeeper.tablewords) ---------------


def ruling_said(t: RuledWord) -> str:
    """``the table's ruling of 2026-12-02 in game 'friday'``."""
    return f"the table's ruling of {t.date} in game {quoted(t.game)}"


def kept_said(t: RuledWord) -> str:
    """The table's ruling a game recorded at its start, as check says it; ``the table's
    words`` for one taken back since (its date and game gone with it)."""
    return ruling_said(t) if t.game else "the table's words"


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


def unreadable_said(games: Collection[str]) -> str:
    """The games whose rulings could not be read, as a warning says it."""
    named = ", ".join(quoted(g) for g in games)
    return f"the table's rulings in game{'s' if len(games) > 1 else ''} {named} cannot be read: they were left out"


def unread_said(error: object) -> str:
    """Why `check` judged without the table's words."""
    return f"the table's own words cannot be read ({error}): judged without them"
