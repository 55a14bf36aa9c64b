"""What the table's page shows beside the core's views, as plain data for its templates:
a laydown's outcome laid out for a page (qscore.views.outcome words it, as
qscore.views.sheet_view words the sheet), a remedy worded for the page's controls, and
the table code.

Nothing here needs the web libraries: the page's app (qscore.web.pages) renders it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from qscore.errors import QscoreError, Remedy, plain_remedy
from qscore.views.outcome import (
    OUTCOME_HEADS,
    TAKEN_BACK_HEAD,
    DoubleHint,
    Note,
    form_taken_said,
    laydown_outcome,
    refusal,
    stale_form_said,
)

if TYPE_CHECKING:
    from qscore.game.forms import FormTakenError
    from qscore.game.scoresheet import Game
    from qscore.scorekeeper import LaydownRecorded

# A table code is typed from a screen at times: no 0/O, 1/I/L, 2/Z, 5/S, 8/B to mix up.
CODE_LETTERS = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 6  # 25**6: 244 million codes; guessing one is hopeless on a table's network


def new_code() -> str:
    """A random table code, as in ``/t/K7Q3M9/``."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


# --- a laydown's outcome, worded for a page -----------------------------------


def page_remedy(r: Remedy) -> str:
    """What to do about an error, as the page does it: its Replace box, or the scorekeeper's
    terminal for what the page leaves there (an earlier round, a correction)."""
    match r.kind:
        case "replace" if r.round:
            return f"the scorekeeper can replace the laydown of round {r.round}"
        case "replace":
            return "tick Replace to change it"
        case "round":
            return f"the scorekeeper can enter it for round {r.round}"
        case "correct-round":
            return "the scorekeeper can correct one"
        case "unchecked":
            return "the scorekeeper can record it without checking the words"
    return plain_remedy(r)


def keeper_remedy(r: Remedy) -> str:
    """What to do about an error, as the scorekeeper's page does it: its Round box, its
    Replace box, its paper rulings; a terminal for what the page leaves there."""
    match r.kind:
        case "replace" if r.round:
            return f"put {r.round} in Round and tick Replace to change it"
        case "round":
            return f"put {r.round} in Round"
        case "correct-round":
            return "put the round to correct in Round"
        case "unchecked":
            return "a terminal can record it without checking the words"
        case "paper-ruling":
            return "settle it by a paper ruling: allowed or not allowed"
    return page_remedy(r)


def keeper_message(exc: QscoreError) -> str:
    """An error as the scorekeeper's page says it: its remedies in that page's words."""
    return exc.worded(keeper_remedy)


def out_again(number: int) -> str:
    """How the scorekeeper's page scores again a player who went out in round ``number``."""
    return f"lay their hand again with {number} in Round, Went out and Replace ticked"


def page_message(exc: QscoreError) -> str:
    """An error as the page says it: its remedies in the page's words, no command-line option."""
    return exc.worded(page_remedy)


@dataclass
class Outcome:
    """A laydown's outcome as the page lays it out: done or refused, its lines, and the
    page's controls (a button to replace the laydown that stands, a form a double card)."""

    done: bool
    lines: list[str]
    replace: bool = False  # the laydown stands already: the page offers to replace it
    hints: tuple[DoubleHint, ...] = ()  # double cards the player may have meant
    flagged: bool = False  # saved, with a word the game's dictionary refuses
    nobody_out: bool = False  # its round closed, and nobody went out in it

    since: tuple[str, ...] = ()  # what the log recorded after it, once the sheet moved on
    taken_back: bool = False  # saved, and taken back by the scorekeeper since

    def moved_on(self, since: list[str], now: str | None, *, taken_back: bool = False) -> Outcome:
        """A saved laydown's answer kept on its page after the sheet moved on: where its
        round stood then (its last line) gives way to what was entered since and where
        the game stands now; one taken back since is no longer headed as standing."""
        lines = self.lines[:-1] if self.done and len(self.lines) > 1 else self.lines
        return replace(self, lines=lines, since=(*since, *((now,) if now else ())), taken_back=taken_back)

    @property
    def kind(self) -> str:
        """``saved``, ``flagged`` or ``refused`` (a laydown taken back since is said as one
        that does not stand): how the page heads and colours it."""
        return "refused" if not self.done or self.taken_back else "flagged" if self.flagged else "saved"

    @property
    def head(self) -> str:
        return TAKEN_BACK_HEAD if self.taken_back else OUTCOME_HEADS[self.kind]


def page_line(note: Note) -> str:
    """A note as a paragraph of the page: its label capitalised, a sentence closed by a full stop."""
    label = f"{note.label[:1].upper()}{note.label[1:]}: " if note.label else ""
    return label + note.text + ("." if note.sentence else "")


def recorded(done: LaydownRecorded, typed: list[str]) -> Outcome:
    """A saved laydown, as the page lays out its outcome (qscore.views.outcome words it)."""
    outcome = laydown_outcome(done.saved, typed, done.refused)
    lines = [outcome.headline, *(page_line(n) for n in outcome.notes), outcome.closing]
    return Outcome(True, lines, hints=outcome.hints, flagged=bool(outcome.flagged), nobody_out=outcome.nobody_out)


def stale() -> Outcome:
    """A form this server did not sign, or signed with a key since replaced: nothing saved."""
    return Outcome(False, [stale_form_said()])


def refused(exc: QscoreError) -> Outcome:
    """A laydown not saved, and why, its remedies in the page's words; one that stands
    already is offered to be replaced."""
    said = refusal(exc)
    return Outcome(False, [said.said(page_remedy)], said.standing is not None)


def taken(exc: FormTakenError) -> Outcome:
    """A form sent again once its laydown was saved: headed as saved while that laydown
    stands (a family seeing "Not saved" would lay the hand again), as refused once taken back."""
    return Outcome(exc.standing, [form_taken_said(exc)])


def seated(game: Game) -> list[str]:
    """Who can lay down in the round being played (everyone still in, after the last)."""
    current = game.current
    return list(current.players) if current is not None else list(game.players)
