"""``qscore define``: the verdict on each word and what it means; the meanings ``check
--define`` and a challenge that stands show too."""

from typing import TYPE_CHECKING

import typer

from qscore.cli.app import AllowOpt, DenyOpt, DictionaryOpt, JsonOpt, PlainUsage, VariantOpt, app, reports_errors
from qscore.cli.words import WordsArg

if TYPE_CHECKING:
    from qscore.dictionaries import Verdict
    from qscore.meanings import Definition


@app.command("define", cls=PlainUsage)
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


def meanings_of(v: "Verdict") -> "Definition":
    """What is on file for a judged word. The suffix rules (cats: plural of cat) are used
    only for a word the dictionary allows: alone they would read quizs as a plural."""
    from qscore.meanings import define

    return define(v.word, regular=v.allowed)


def definition_lines(d: "Definition") -> list[str]:
    """The lines after a verdict: the form (plural of quiz), then up to three meanings.

    A meaning names its word when they come from more than one (axes: ax and axis)."""
    lines: list[str] = []
    own = any(m.word == d.word for m in d.meanings)
    if d.forms and not own:
        lines.append(f"  {d.forms_text()}")
    several = len({m.word for m in d.meanings}) > 1
    lines += [f"  {m.pos}{f' ({m.word})' if several else ''}: {m.text}" for m in d.meanings]
    if not d.meanings:
        lines.append("  no meaning on file")
    if d.forms and own:
        lines.append(f"  also {d.forms_text()}")
    return lines


def definition_json(d: "Definition") -> dict[str, object]:
    return {
        "forms": [{"form": f.form, "of": f.base} for f in d.forms],
        "meanings": [{"word": m.word, "pos": m.pos, "text": m.text} for m in d.meanings],
    }


def meaning_after_challenge(laid: str, valid: bool) -> str:
    """The line a challenge that stands ends with: the word's first meaning (and its form,
    for an inflection), after a newline; nothing for a word that falls or has none on file."""
    from qscore.cards import laid_letters
    from qscore.meanings import MeaningsError, define

    if not valid:
        return ""
    word = laid_letters(laid)
    try:
        d = define(word)
    except MeaningsError:
        return ""  # the challenge is settled and saved; a meaning is only an aside
    if not d.meanings:
        return ""
    first = d.meanings[0]
    if first.word == word:
        return f"\n  {word} ({first.pos}): {first.text}"
    form = " and ".join(dict.fromkeys(f.form for f in d.forms if f.base == first.word))
    return f"\n  {word}, {form} of {first.word} ({first.pos}): {first.text}"
