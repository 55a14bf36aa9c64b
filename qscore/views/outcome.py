"""A laydown's outcome as every face says it: what was recorded and what it replaced, its
cards as laid, a word the cards dealt respelled, the double cards a word typed in letters
could have taken, the challenges a replacement took with it, the words the game's
dictionary refuses, and where the round stands; or a refusal, with what to do about it as
remedies (errors.Remedy) each face words for its own controls.

The words are written here, once: `score` and `play` lay an outcome out for a terminal
(cli/laid.py), the page for a browser (web/table.py), and neither words any of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from qscore.game.cards import format_cards, format_laid, parse_laid_word, points
from qscore.game.doubles import double_hint, double_spellings
from qscore.game.entries import Challenged, Closed, Created, Entry, LaidDown, Left, Renamed, Undone
from qscore.game.forms import FormTakenError, SheetChangedError
from qscore.game.rules import LaydownExistsError
from qscore.game.scoresheet import Laydown
from qscore.views.sheet import challenge_dropped
from qscore.views.verdict_view import maybe_meant

if TYPE_CHECKING:
    from qscore.errors import QscoreError, Remedy
    from qscore.game.cards import Deck
    from qscore.game.forms import FormTakenError, SheetChangedError
    from qscore.game.scoresheet import Challenge, Game, Laydown, RoundState
    from qscore.words.dictionaries import Verdict

    # what a presenter reads of the scorekeeper's Saved, which the core may not import: types
    # alone, for the checker
    class Written(Protocol):
        """An entry written (the scorekeeper's ``Saved``): the game after it, and its round's state."""

        @property
        def after(self) -> Game: ...

        @property
        def round_no(self) -> int | None: ...

        @property
        def closed(self) -> bool: ...

        @property
        def rescored(self) -> bool: ...

    class LaydownWritten(Written, Protocol):
        """A laydown written: what it laid, and what it replaced and took with it."""

        @property
        def act(self) -> LaidDown: ...

        @property
        def replaced(self) -> Laydown | None: ...

        @property
        def dropped(self) -> list[Challenge]: ...


# A laydown's outcome in a few words, as a page heads it: a glance across the table tells a
# refusal, and a word flagged, from a laydown saved clean
OUTCOME_HEADS = {"saved": "Saved", "flagged": "Saved, with a word flagged", "refused": "Not saved"}


class Note(NamedTuple):
    """A line said under a laydown's headline: its ``label`` (a word of qscore's that
    leads it, ``as laid``, ``flagged``; "" when a name or a typed word leads), its text,
    and whether it is a sentence (the cards as laid are a list, not one)."""

    text: str
    label: str = ""
    sentence: bool = True

    @property
    def said(self) -> str:
        """``as laid: C·L·E·F 19``: the label and the text, as one line."""
        return f"{self.label}: {self.text}" if self.label else self.text


class DoubleHint(NamedTuple):
    """Another way to lay a word just laid, with a double card: the laydown as it would
    be with the word so spelled (the unused cards as typed: a double card leaves one more
    in hand, which the player adds)."""

    text: str  # ``quit: if QU was one card: (qu)it, 14, with 1 more card left in hand``
    spelled: str  # the word as it would be laid: ``(qu)it``
    words: str  # the laydown's words with it
    unused: str
    out: bool


class LaydownOutcome(NamedTuple):
    """A laydown saved, as every face says it."""

    headline: str  # ``Recorded ann's laydown in round 1: cat (went out), replacing at (unused C).``
    as_laid: Note | None  # the cards as laid (None: no words)
    each_word: tuple[Note | DoubleHint, ...]  # a word respelled, or its double-card hints, in the order typed
    dropped: tuple[Note, ...]  # challenges a replacement took with it
    flagged: tuple[Note, ...]  # words the game's dictionary refuses: they stand until challenged
    checked: bool  # the words were judged by the game's dictionary
    closing: str  # where the round stands: ``Round 1 waits for ben.``, ``Round 1 closed.``
    closed: bool
    nobody_out: bool  # the round closed and nobody went out in it

    @property
    def hints(self) -> tuple[DoubleHint, ...]:
        return tuple(h for h in self.each_word if isinstance(h, DoubleHint))

    @property
    def notes(self) -> tuple[Note, ...]:
        """Every note in the order said, the double-card hints apart."""
        first = (self.as_laid,) if self.as_laid is not None else ()
        return (*first, *(n for n in self.each_word if isinstance(n, Note)), *self.dropped, *self.flagged)


def cards_text(deck: Deck, words: Sequence[str]) -> str:
    """``C·L·E·F 19, T·O 5``: each word's cards as laid, with its points."""
    laid = [parse_laid_word(w, deck) for w in words]
    return ", ".join(f"{format_cards(cards)} {points(cards)}" for cards in laid)


def laydown_said(d: LaidDown) -> str:
    """A laydown's entry in a few words: ``ann's laydown in round 1: cat (went out)``."""
    return f"{d.player}'s laydown in round {d.round}: {Laydown(d.player, d.words, d.unused, d.out).text()}"


def already_laid(existing: Laydown, round_no: int) -> str:
    """``ann already laid cat (went out) in round 1``: a laydown that stands, which a second
    one would replace."""
    return f"{existing.player} already laid {existing.text()} in round {round_no}"


def round_closing(written: Written) -> str:
    """Where an entry's round stands after it: ``Round 2 waits for ben, cat.``, ``Round 2
    closed.``, or ``Round 2 rescored.`` when it was closed already."""
    number = written.round_no
    assert number is not None
    return round_said(written.after.rounds[number - 1], rescored=written.rescored)


def round_said(state: RoundState, *, rescored: bool) -> str:
    """Where a round stands: waiting for those who have not laid down, closed, or (closed
    before the entry that changed it) rescored."""
    if not state.closed:
        return f"Round {state.number} waits for {', '.join(p for p in state.players if p not in state.laydowns)}."
    return f"Round {state.number} rescored." if rescored else f"Round {state.number} closed."


def each_word(game: Game, typed: Sequence[str], lay: LaidDown) -> list[Note | DoubleHint]:
    """Each word typed that the cards dealt respelled, and which spelling was taken; else
    each spelling with a double card a word typed in letters could have taken. A player who
    went out laid every card: the spelling that fits is settled, so no other is offered.
    Otherwise a double card means fewer cards in the word, and so more left in hand than
    were typed: the hint says that too."""
    size = game.rounds[lay.round - 1].hand_size
    said: list[Note | DoubleHint] = []
    for was, now in zip(typed, lay.words, strict=True):
        cards = parse_laid_word(now, game.deck)
        if parse_laid_word(was, game.deck) != cards:
            said.append(Note(f"{was} taken as {now}: the only spelling that fits the {size} cards dealt"))
        elif not lay.out:
            for alt in double_spellings(now, game.deck):
                spelled = format_laid(alt)
                more = len(cards) - len(alt)
                text = f"{now}: {double_hint(alt)}, with {more} more card{'s' if more > 1 else ''} left in hand"
                words = " ".join(spelled if w == now else w for w in lay.words)
                said.append(DoubleHint(text, spelled, words, " ".join(lay.unused), lay.out))
    return said


def laydown_outcome(saved: LaydownWritten, typed: Sequence[str], refused: Sequence[Verdict] | None) -> LaydownOutcome:
    """A laydown saved (``typed`` as the table typed its words; ``refused``: the words the
    game's dictionary refuses, None when they were not checked), as every face says it."""
    game, lay = saved.after, saved.act
    was = f", replacing {saved.replaced.text()}" if saved.replaced else ""
    state = game.rounds[lay.round - 1]
    return LaydownOutcome(
        f"Recorded {laydown_said(lay)}{was}.",
        Note(cards_text(game.deck, lay.words), "as laid", sentence=False) if lay.words else None,
        tuple(each_word(game, typed, lay)),
        tuple(Note(challenge_dropped(c)) for c in saved.dropped),
        tuple(
            Note(f"{v.word} ({v.reason}{maybe_meant(v.suggestions)}): it stands unless challenged", "flagged")
            for v in refused or ()
        ),
        refused is not None,
        round_closing(saved),
        state.closed,
        state.closed and not any(p.out for p in state.laydowns.values()),
    )


class Refusal(NamedTuple):
    """A laydown not saved: the error, its remedies for each face to word, and the laydown
    that stands when the remedy is to replace it (a face offers that as a control)."""

    error: QscoreError
    standing: Laydown | None = None
    round: int | None = None
    changed: str | None = None  # the sheet changed under a page's form: what changed, worded

    def said(self, remedy: Callable[[Remedy], str]) -> str:
        """Why, in a line, each remedy worded by ``remedy``; a laydown that stands is said
        alone, the face offering to replace it."""
        if self.standing is not None and self.round is not None:
            return f"{already_laid(self.standing, self.round)}."
        return self.changed or self.error.worded(remedy)


def refusal(exc: QscoreError) -> Refusal:
    """A laydown refused, as every face says it."""
    if isinstance(exc, LaydownExistsError):
        return Refusal(exc, exc.existing, exc.round)
    if isinstance(exc, SheetChangedError):
        return Refusal(exc, changed=sheet_changed(exc))
    if isinstance(exc, FormTakenError):
        return Refusal(exc, changed=form_taken_said(exc))
    return Refusal(exc)


def sheet_changed(exc: SheetChangedError) -> str:
    """A laydown filled in on a page the sheet has changed under since it was loaded."""
    if exc.undone:
        what = f"The sheet changed since this page was loaded: the scorekeeper took back {entry_text(exc.entry)}."
    else:
        what = f"{entry_text(exc.entry)} was entered since this page was loaded."
    return f"{what} Nothing was saved: look at the sheet, then lay down again."


def form_taken_said(exc: FormTakenError) -> str:
    """A page's form sent again once its entry was saved (before a restart, or by another
    server on the same games file): what it made then, and that nothing more is made."""
    if isinstance(exc.entry.act, Created):
        return f"This form started game {exc.game!r} already: no other game was started."
    since = "" if exc.standing else ", taken back since"
    return f"This form was taken already: {entry_text(exc.entry)}{since}. Nothing more was saved."


def entry_text(entry: Entry) -> str:
    """One line a person reads: what an entry recorded."""
    match entry.act:
        case LaidDown() as d:
            return laydown_said(d)
        case Challenged() as c:
            verdict = "allowed" if c.valid else "not allowed"
            return f"{c.by}'s challenge of {c.player}'s {c.word} in round {c.round} ({verdict})"
        case Renamed() as r:
            return f"the renaming of {r.old} to {r.new}"
        case Left() as gone:
            return f"{gone.player}'s leaving before round {gone.round}"
        case Closed() as closed:
            return f"the closing of the game after round {closed.round}"
        case Undone() as undone:
            return f"the taking back of entry {undone.undoes}"
    return f"{entry.kind} entry {entry.seq}"


def stale_form_said() -> str:
    """A page's form that this server did not sign, or signed with a key since replaced."""
    return "This page is out of date: nothing was saved. Reload it, then lay down again."


def control_character_said(field: str) -> str:
    """A page's form whose ``field`` box holds a control character: nothing is saved."""
    return f"The {field} box holds a control character: nothing was saved. Type it again."


SINCE_SHOWN = 3  # the entries since an answer that it names; past these, it gives way to the sheet
TAKEN_BACK_HEAD = "Saved, then taken back"  # a saved answer whose entry the scorekeeper undid since


def taken_back(game: Game, seq: int) -> bool:
    """Whether the scorekeeper has taken entry ``seq`` back since it was saved."""
    return any(isinstance(e.act, Undone) and e.act.undoes == seq for e in game.entries)


def since_said(game: Game, after: int) -> list[str] | None:
    """What the log recorded after entry ``after`` (an answer's), as an answer kept on a
    page says it once the sheet has moved on: ``Since then, the scorekeeper took back ann's
    laydown in round 5: cat (went out).``, ``Since then, ben's laydown in round 5: it was
    entered.``; None past SINCE_SHOWN entries: the answer is old news, and gives way to the
    sheet (a box of what came since would push the sheet off a phone's first screen)."""
    later = [e for e in game.entries if e.seq > after]
    if len(later) > SINCE_SHOWN:
        return None
    lines = []
    for entry in later[:SINCE_SHOWN]:
        if isinstance(entry.act, Undone):
            taken = next((e for e in game.entries if e.seq == entry.act.undoes), None)
            what = entry_text(taken) if taken is not None else f"entry {entry.act.undoes}"
            lines.append(f"Since then, the scorekeeper took back {what}.")
        else:
            lines.append(f"Since then, {entry_text(entry)} was entered.")
    return lines
