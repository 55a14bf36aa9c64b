"""``qscore define``: the verdict on each word and what it means."""

import typer

from qscore.cli.app import AllowOpt, DenyOpt, DictionaryOpt, JsonOpt, VariantOpt, app, reports_errors
from qscore.cli.meanings import definition_json, definition_lines, meanings_of
from qscore.cli.words import WordsArg


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
    from qscore.cli.words import judge_words

    verdicts = judge_words(words, dictionary, allow, deny, variant, suggest=False)
    found = [(v, meanings_of(v)) for v in verdicts]
    if as_json:
        from qscore.cli.app import print_json

        print_json([{"word": v.word, "allowed": v.allowed, "reason": v.reason, **definition_json(d)} for v, d in found])
    else:
        from qscore.cli.words import verdict_line

        for v, d in found:
            print("\n".join([verdict_line(v), *definition_lines(d)]))
    if not all(v.allowed for v, _ in found):
        raise typer.Exit(1)
