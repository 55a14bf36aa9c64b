"""``qscore define``: the verdict on each word and what it means."""

import sys

import typer

from qscore.cli.app import app, reports_errors
from qscore.cli.meanings import definition_lines, meanings_of
from qscore.cli.options import AllowOpt, DenyOpt, DictionaryOpt, JsonOpt, VariantOpt
from qscore.cli.words import WordsArg
from qscore.views.words import definition_json


@app.command("define", short_help="Judge words and say what they mean")
@reports_errors
def define_words(
    words: WordsArg,
    dictionary: DictionaryOpt = None,
    allow: AllowOpt = None,
    deny: DenyOpt = None,
    variant: VariantOpt = "standard",
    as_json: JsonOpt = False,
) -> None:
    """Say whether each word is allowed, and what it means: up to three short meanings (WordNet 3.0).

    An inflected form is found through its base word (quizzes: plural of quiz). Exit
    status 0 when every word is allowed, 1 when any is not, 2 for bad input.
    """
    from qscore.cli.app import print_json, say_error, tell_notes, warn
    from qscore.cli.words import judge_words, suggestion_lines, verdict_line
    from qscore.errors import WordError
    from qscore.suggestions import Budget

    refused = bad = False
    answers = []
    budget = Budget()
    judge_with, verdicts = judge_words(words, dictionary, allow, deny, variant, suggest=budget)
    for item in verdicts:
        if isinstance(item, WordError):
            bad = True
            sys.stdout.flush()  # the error in its place among the verdicts
            say_error(f"qscore: error: {item}")
            continue
        refused |= not item.allowed
        found = meanings_of(item)
        near = [] if found.meanings else list(item.suggestions)  # a word with a meaning is no typo
        if as_json:
            answers.append(
                {"word": item.word, "allowed": item.allowed, "reason": item.reason}
                | {"suggestions": near}
                | definition_json(found)
            )
        else:
            print("\n".join([verdict_line(item), *suggestion_lines(near), *definition_lines(found)]))
    if as_json:
        print_json(answers)
    tell_notes(judge_with)
    if budget.spent_out:
        warn("suggestions were cut short to keep the answer quick")
    if bad:
        raise typer.Exit(2)
    if refused:
        raise typer.Exit(1)
