"""What the table's page shows, as plain data for its templates (the sheet is the core's
view as it stands, qscore.views.sheet_view): a laydown's outcome worded for a page, and
the table code.

Nothing here needs the web libraries: the page's app (qscore.web.app) renders it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from qscore.errors import QscoreError, Remedy, plain_remedy
from qscore.views.sheet import challenge_dropped

if TYPE_CHECKING:
    from qscore.review import HandReview
    from qscore.scorekeeper import LaydownRecorded
    from qscore.scoresheet import Game

# A table code is typed from a screen at times: no 0/O, 1/I/L, 2/Z, 5/S, 8/B to mix up.
CODE_LETTERS = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 6  # 25**6: 244 million codes; guessing one is hopeless on a table's network


def new_code() -> str:
    """A random table code, as in ``/t/K7Q3M9/``."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def review_lines(reviews: list[HandReview]) -> list[str]:
    """A closed round's review as the page says it: each player's score beside the best
    their own cards allowed, and that best play."""
    from qscore.cards import format_cards, format_laid

    lines = []
    for r in reviews:
        play = r.best_play
        words = " · ".join(format_laid(w.cards).upper() for w in play.words) or "no word"
        unused = f" ({format_cards(play.unused)} unused)" if play.unused else ""
        verdict = ": the best the cards allowed" if not r.missed else f"; the best was {r.best}: {words}{unused}"
        lines.append(f"{r.player} scored {r.scored}{verdict}")
    return lines


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


def page_message(exc: QscoreError) -> str:
    """An error as the page says it: its remedies in the page's words, no command-line option."""
    return exc.worded(page_remedy)


@dataclass(frozen=True)
class Choice:
    """Another way to lay a laydown just saved: a word with a double card, which the page
    offers to lay instead (the laydown replaced with that word so spelled)."""

    text: str  # ``quit: if QU was one card: (qu)it, 14``
    spelled: str  # the word as it would be laid
    words: str  # the laydown's words with it
    unused: str  # the unused cards as they were; a double card leaves one more in hand
    out: bool


@dataclass
class Outcome:
    """What the page says after a laydown is sent: done or refused, and why."""

    done: bool
    lines: list[str]
    replace: bool = False  # the laydown stands already: the page offers to replace it
    hints: list[Choice] = field(default_factory=list)  # double cards the player may have meant


def recorded(done: LaydownRecorded, typed: list[str]) -> Outcome:
    """A saved laydown: the cards as laid, words the dictionary refuses (they stand until
    challenged), a word respelled to fit the cards dealt, and where the round stands."""
    from qscore.cards import format_cards, format_laid, parse_laid_word, points
    from qscore.doubles import double_hint, double_spellings

    saved = done.saved
    act = saved.act
    game = saved.after
    number = act.round
    before = saved.before.rounds[number - 1].laydowns.get(act.player)
    lay = game.rounds[number - 1].laydowns[act.player]
    was = f", replacing {before.text()}" if before else ""
    lines = [f"Recorded {act.player}'s laydown in round {number}: {lay.text()}{was}."]
    hints: list[Choice] = []
    if act.words:
        laid = [parse_laid_word(w, game.deck) for w in act.words]
        lines.append("As laid: " + ", ".join(f"{format_cards(c)} {points(c)}" for c in laid))
        size = game.rounds[number - 1].hand_size
        for was_typed, now in zip(typed, act.words, strict=True):
            if parse_laid_word(was_typed, game.deck) != parse_laid_word(now, game.deck):
                lines.append(f"{was_typed} taken as {now}: the only spelling that fits the {size} cards dealt.")
            elif not act.out:
                for alt in double_spellings(now, game.deck):
                    spelled = format_laid(alt)
                    words = " ".join(spelled if w == now else w for w in act.words)
                    more = len(parse_laid_word(now, game.deck)) - len(alt)
                    extra = f", with {more} more card{'s' if more > 1 else ''} left in hand"
                    text = f"{now}: {double_hint(alt)}{extra}"
                    hints.append(Choice(text, spelled, words, " ".join(act.unused), act.out))
    lines += [f"{challenge_dropped(c)}." for c in saved.dropped]
    for v in done.refused or []:
        maybe = f"; did you mean {' or '.join(v.suggestions[:3])}?" if v.suggestions else ""
        lines.append(f"Flagged: {v.word} ({v.reason}{maybe}): it stands unless challenged.")
    state = game.rounds[number - 1]
    if state.closed:
        lines.append(f"Round {number} rescored." if saved.rescored else f"Round {number} closed.")
    else:
        lines.append(f"Round {number} waits for {', '.join(p for p in state.players if p not in state.laydowns)}.")
    return Outcome(True, lines, hints=hints)


def refused(exc: QscoreError) -> Outcome:
    """A laydown not saved, and why; one that stands already is offered to be replaced."""
    from qscore.rules import LaydownExistsError

    if isinstance(exc, LaydownExistsError):
        return Outcome(False, [f"{exc.existing.player} already laid {exc.existing.text()} in round {exc.round}."], True)
    return Outcome(False, [page_message(exc)])


def seated(game: Game) -> list[str]:
    """Who can lay down in the round being played (everyone still in, after the last)."""
    current = game.current
    return list(current.players) if current is not None else list(game.players)
