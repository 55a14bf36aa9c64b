"""``qscore check`` and ``qscore dictionaries``: the word judge."""

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from qscore.cli.app import (
    AllowOpt,
    DenyOpt,
    DictionaryOpt,
    JsonOpt,
    PlainUsage,
    VariantOpt,
    app,
    dictionary_from,
    print_json,
    reports_errors,
    say_error,
    warn,
)
from qscore.dictionaries import Verdict, judge, list_dictionaries, read_typed
from qscore.errors import QscoreError, WordError

if TYPE_CHECKING:
    from qscore.suggestions import Budget

STDIN = "-"
WordsArg = Annotated[
    list[str],
    typer.Argument(
        metavar="WORDS...",
        help="the words, in any case; (qu)iz as laid; - reads them from standard input, one a line",
    ),
]


@app.command(cls=PlainUsage)
@reports_errors
def check(
    words: WordsArg,
    dictionary: DictionaryOpt = None,
    allow: AllowOpt = None,
    deny: DenyOpt = None,
    variant: VariantOpt = "standard",
    no_suggest: Annotated[bool, typer.Option("--no-suggest", help="no did-you-mean for misspellings")] = False,
    define: Annotated[bool, typer.Option("--define", help="each word's meanings too, as define gives them")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Say whether each word is allowed, why not, and every way the deck can lay it.

    Exit status 0 when every word is allowed, 1 when any is not, 2 for bad input.
    """
    from qscore.suggestions import Budget

    budget = Budget()
    if define:
        from qscore.cli.meanings import definition_json, definition_lines, meanings_of
    refused = bad = False
    answers = []
    for item in judge_words(words, dictionary, allow, deny, variant, suggest=False if no_suggest else budget):
        if isinstance(item, WordError):
            bad = True
            sys.stdout.flush()  # the error in its place among the verdicts
            say_error(f"qscore: error: {item}")
            continue
        refused |= not item.allowed
        if as_json:
            answers.append(verdict_json(item) | (definition_json(meanings_of(item)) if define else {}))
        else:
            print("\n".join([verdict_text(item), *(definition_lines(meanings_of(item)) if define else [])]))
    if as_json:
        print_json(answers)
    if budget.spent_out:
        warn("suggestions were cut short to keep the answer quick (--no-suggest skips them)")
    if bad:
        raise typer.Exit(2)
    if refused:
        raise typer.Exit(1)


def judge_words(
    words: list[str],
    dictionary: str | None,
    allow: Path | None,
    deny: Path | None,
    variant: str,
    suggest: "bool | Budget",
) -> Iterator[Verdict | WordError]:
    """The verdicts on the words typed (``-`` reads standard input), one at a time, or
    in place of a word that is bad input, the error naming it: a list is judged to its end."""
    from qscore.cards import load_deck

    deck = load_deck(variant.strip().lower())
    typed = list(words_given(words))
    judge_with = dictionary_from(dictionary, allow, deny)
    return (w if isinstance(w, WordError) else judge(w, judge_with, deck, suggest=suggest) for w in typed)


def words_given(words: list[str]) -> Iterator[str | WordError]:
    """The words to judge, each checked as typed, or the error that names a bad one
    (a list is judged to its end, never aborted); ``-`` stands for standard input's lines.
    """
    read_stdin = False
    for given in words:
        if given != STDIN:
            yield _typed(given, "")
            continue
        if read_stdin:
            continue  # standard input is read once
        read_stdin = True
        if sys.stdin is None:
            raise WordError("no standard input to read words from")
        lines = sys.stdin.buffer.read().split(b"\n")
        if not any(line.strip() for line in lines):
            raise WordError("no words on standard input: give one a line")
        for number, raw in enumerate(lines, 1):
            if not raw.strip():
                continue  # blank lines between words are no word
            try:
                # a byte-order mark, as some editors write, is no part of the first word
                line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError:
                yield WordError(f"line {number} of standard input is not UTF-8 text")
                continue
            yield _typed(line, f"line {number} of standard input: ")


def _typed(text: str, where: str) -> str | WordError:
    try:
        return read_typed(text)
    except QscoreError as exc:
        return WordError(f"{where}{exc}")


def verdict_json(v: Verdict) -> dict[str, object]:
    return {
        "word": v.word,
        "allowed": v.allowed,
        "reason": v.reason,
        "spellings": [{"cards": s.tokens, "points": s.points} for s in v.spellings],
        "suggestions": list(v.suggestions),
    }


def verdict_line(v: Verdict) -> str:
    """``quiz: allowed``, ``steve: not allowed (proper noun)``."""
    return f"{v.word}: allowed" if v.allowed else f"{v.word}: not allowed ({v.reason})"


def verdict_text(v: Verdict) -> str:
    lines = [verdict_line(v)]
    shown = [str(s) for s in v.spellings]
    width = max(map(len, shown), default=0)
    lines += [f"  {text:<{width}}  {s.points:>3} points" for text, s in zip(shown, v.spellings, strict=True)]
    if v.suggestions:
        lines.append(f"  did you mean: {', '.join(v.suggestions)}")
    return "\n".join(lines)


@app.command()
@reports_errors
def dictionaries(as_json: JsonOpt = False) -> None:
    """List the dictionaries qscore can use, their sizes and where each comes from."""
    found = list_dictionaries()
    if as_json:
        print_json([{"name": d.name, "words": d.words, "source": d.source} for d in found])
        return
    from tabulate import tabulate

    rows = [(d.name, "" if d.words is None else f"{d.words:,}", d.source) for d in found]
    print(tabulate(rows, headers=["name", "words", "source"]))
