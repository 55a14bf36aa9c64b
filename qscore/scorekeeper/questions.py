"""The questions the table answers before a use-case is done, as data every face asks
the same way: undoing an entry (a finished game's, or any on the scorekeeper's page),
challenging in a finished game, the bonus two players keep (a game of two starting, or a
leave), a laydown replacing the one that stands, and, when play starts again after a
finished game, whether to go back to it or start the next game set up as it was
(``qscore.scorekeeper.evening.after_finished`` says which are asked).

A use-case called without the answer raises ``QuestionAsked``, carrying the ``Question``:
its kind, its words (worded in qscore.views.keeper_said), its answers (the value sent back,
how it is said, and for an answer that changes nothing, what it says), the answer a bare
Enter gives, and what must be sent back with the answer (the undo's entry: another entry
meanwhile is asked about again). Called again with a ``Reply``, it does what the answer
says, or raises ``Unchanged`` with the line an answer of no says. Off a terminal the
error is the refusal: the question and a ``Remedy`` naming what answers it, which each
face words (the command line names its flag).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from qscore.errors import GameError, Remedy, RemedyKind
from qscore.views import conversation
from qscore.views import keeper_said as say

if TYPE_CHECKING:
    from collections.abc import Sequence

    from qscore.game.entries import Entry
    from qscore.game.scoresheet import Game, Laydown

QuestionKind = Literal["undo", "challenge", "bonus", "replace", "replace-finished", "back-to-finished", "next-game"]

# what answers each kind in words of its own, as each face words a remedy (play's own two,
# back-to-finished and next-game, are only ever asked at its prompt)
ANSWERED_BY: dict[QuestionKind, RemedyKind] = {
    "undo": "undo-finished",
    "challenge": "challenge-finished",
    "bonus": "choose-bonus",
    "replace": "replace",
    "replace-finished": "replace-finished",
}


class Answer:
    """One answer to a question: the value sent back, how it is said, and, for an answer
    that changes nothing, what it says (``""``: the use-case is done)."""

    __slots__ = ("said", "unchanged", "value")

    def __init__(self, value: str, said: str, unchanged: str = "") -> None:
        self.value, self.said, self.unchanged = value, said, unchanged

    def __repr__(self) -> str:
        return f"Answer({self.value!r}, {self.said!r}, {self.unchanged!r})"


class Question:
    """What the table is asked before a use-case is done: its kind, its words, its answers,
    the answer a bare Enter gives (None: Enter answers nothing), and what is sent back with
    the answer."""

    __slots__ = ("answers", "carry", "default", "kind", "words")

    def __init__(
        self,
        kind: QuestionKind,
        words: str,
        answers: tuple[Answer, ...],
        default: str | None = None,
        carry: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.kind, self.words, self.answers, self.default, self.carry = kind, words, answers, default, carry

    def __repr__(self) -> str:
        return f"Question({self.kind!r}, {self.words!r})"

    @property
    def yes_or_no(self) -> bool:
        return tuple(a.value for a in self.answers) == (say.YES, say.NO)

    def answer(self, typed: str) -> Answer | None:
        """The answer typed (its value, or y or n for yes or no), Enter the default; None for none."""
        typed = typed.strip().lower() or (self.default or "")
        for a in self.answers:
            if typed in (a.value, a.said) or (self.yes_or_no and typed == a.value[0]):
                return a
        return None

    def says_yes(self, answer: Answer) -> bool:
        """Whether ``answer`` is this yes-or-no question's yes."""
        return self.yes_or_no and answer.value == say.YES

    def reply(self, answer: Answer) -> Reply:
        """What a face sends back: the answer, and what the question carries."""
        return Reply(answer.value, self.carry)


class Reply:
    """An answer sent back to the use-case that asked, with what its question carried."""

    __slots__ = ("answer", "carried")

    def __init__(self, answer: str, carried: tuple[tuple[str, str], ...] = ()) -> None:
        self.answer, self.carried = answer, carried

    def get(self, name: str) -> str | None:
        return dict(self.carried).get(name)

    def number(self, name: str) -> int:
        """A number carried (an entry's), as ASCII digits; 0, which names nothing, for any other text."""
        text = self.get(name) or ""
        return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else 0


class QuestionAsked(GameError):
    """A use-case waits for the table's answer to ``question``. As an error (off a
    terminal), it says the question and what answers it (``refusal``, when the words of
    the refusal are not the question's own)."""

    def __init__(self, question: Question, *refusal: str | Remedy) -> None:
        if not refusal:
            refusal = (question.words[:1].lower() + question.words[1:], " ", Remedy(ANSWERED_BY[question.kind]))
        super().__init__(*refusal)
        self.question = question


class Unchanged(Exception):
    """An answer that changes nothing, and what it says (``Nothing taken back.``)."""

    def __init__(self, said: str) -> None:
        super().__init__(said)
        self.said = said


def yes_no(unchanged: str) -> tuple[Answer, ...]:
    return (Answer(say.YES, say.YES), Answer(say.NO, say.NO, unchanged))


def agreed(reply: Reply, unchanged: str) -> bool:
    """Whether a reply to a yes-or-no question says yes; no raises Unchanged (its line)."""
    if reply.answer == say.YES:
        return True
    if reply.answer == say.NO:
        raise Unchanged(unchanged)
    raise GameError(f"answer yes or no, not {reply.answer!r}")


def undo_asked(game: Game, entry: Entry) -> QuestionAsked:
    """Take back ``entry``? Its number goes back with the answer."""
    words = say.undo_question(game, entry)
    return QuestionAsked(Question("undo", words, yes_no(say.NOTHING_TAKEN_BACK), say.NO, (("entry", str(entry.seq)),)))


def challenge_asked(game: Game, player: str, word: str, by: str, number: int) -> QuestionAsked:
    """Settle a challenge of a finished game?"""
    words = say.finished_challenge_question(game.name, player, word, by, number)
    return QuestionAsked(Question("challenge", words, yes_no(say.NOTHING_CHANGED), say.NO))


def bonus_asked(words: str) -> QuestionAsked:
    """Which one bonus do two players keep? Enter answers nothing: the table says which."""
    answers = tuple(Answer(b, b) for b in say.BONUSES)
    return QuestionAsked(Question("bonus", words, answers))


def replace_asked(existing: Laydown, number: int, new: Laydown) -> QuestionAsked:
    """Replace the laydown that stands with ``new``? (Off a terminal: the question, its
    player's name as written, and what answers it.)"""
    words = say.replace_question(existing, number, new)
    question = Question("replace", words, yes_no(say.kept_said(existing)), say.NO)
    return QuestionAsked(question, words, " ", Remedy(ANSWERED_BY["replace"]))


def finished_replace_asked(game: Game, existing: Laydown, number: int, new: Laydown) -> QuestionAsked:
    """Replace a laydown of a game the scorekeeper closed, changing its final sheet?"""
    words = say.finished_replace_question(game.name, existing, number, new)
    return QuestionAsked(Question("replace-finished", words, yes_no(say.kept_said(existing)), say.NO))


def back_to_finished_asked() -> Question:
    """Go back to this evening's finished game, for a late challenge or undo? Enter: no,
    the table that plays again goes on to the next game (a late challenge is typed y)."""
    return Question("back-to-finished", conversation.back_to_finished_question(), yes_no(""), say.NO)


def next_game_asked(players: Sequence[str]) -> Question:
    """Start the next game set up as the finished one, with the players still in? Enter: yes."""
    return Question("next-game", conversation.next_game_question(players), yes_no(""), say.YES)
