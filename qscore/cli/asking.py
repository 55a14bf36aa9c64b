"""The scorekeeper's questions asked on a terminal, for the one-shot commands (new, score,
challenge, undo, leave): a use-case that asks first (qscore.scorekeeper.questions) is asked
here and called again with the answer; off a terminal its question stands as the refusal,
with the option that answers it."""

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import typer

if TYPE_CHECKING:
    from qscore.scorekeeper.questions import Answer, Question, Reply


def on_terminal() -> bool:
    """Whether a person is there to answer a question (CI and pipes are not)."""
    return sys.stdin.isatty()


T = TypeVar("T")


def answered(call: "Callable[[Reply | None], T]") -> T | None:
    """``call(None)``; when the scorekeeper asks a question first, it is asked on a
    terminal and ``call`` made again with the answer (None when the answer changes
    nothing, which is said). Off a terminal the question stands as the refusal, in one
    line with the option that answers it."""
    from qscore.scorekeeper.questions import QuestionAsked, Unchanged

    reply = None
    while True:
        try:
            return call(reply)
        except QuestionAsked as asked:
            if not on_terminal():
                raise
            reply = asked.question.reply(ask_question(asked.question))
        except Unchanged as nothing:
            print(nothing.said)
            return None


def ask_question(question: "Question") -> "Answer":
    """A question of the scorekeeper's asked on a terminal until one of its answers is given,
    an answer that is none told as play tells it (Enter too, where no answer is the default)."""
    if question.yes_or_no:
        return question.answers[0 if typer.confirm(question.words, default=question.default == "yes") else 1]
    from qscore.views.conversation import choice_refused

    suffix = prompt_suffix(question.words)
    while True:
        typed = str(typer.prompt(question.words, default="", show_default=False, prompt_suffix=suffix))
        found = question.answer(typed)
        if found is not None:
            return found
        print(choice_refused(typed.strip(), tuple(a.value for a in question.answers)))


def prompt_suffix(question: str) -> str:
    """What follows a question at its prompt: a space after a question mark, else a colon
    (no "?:")."""
    return " " if question.endswith("?") else ": "
