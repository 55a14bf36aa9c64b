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
    VariantOpt,
    app,
    dictionary_from,
    print_json,
    reports_errors,
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


@app.command(short_help="Judge words: allowed or not, why, every way to lay them")
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
    verdicts = judge_words(words, dictionary, allow, deny, variant, suggest=False if no_suggest else budget)
    refused = False
    if define:
        from qscore.cli.meanings import definition_json, definition_lines, meanings_of
    if as_json:
        answers = list(verdicts)
        refused = not all(v.allowed for v in answers)
        print_json([verdict_json(v) | (definition_json(meanings_of(v)) if define else {}) for v in answers])
    else:
        for v in verdicts:
            refused |= not v.allowed
            print("\n".join([verdict_text(v), *(definition_lines(meanings_of(v)) if define else [])]))
    if budget.spent_out:
        warn("suggestions were cut short to keep the answer quick (--no-suggest skips them)")
    if refused:
        raise typer.Exit(1)


def judge_words(
    words: list[str],
    dictionary: str | None,
    allow: Path | None,
    deny: Path | None,
    variant: str,
    suggest: "bool | Budget",
) -> Iterator[Verdict]:
    """The verdicts on the words typed (``-`` reads standard input), one at a time.

    The words are all read before the dictionary opens, so bad input judges nothing."""
    from qscore.cards import load_deck

    deck = load_deck(variant.strip().lower())
    typed = list(words_given(words))
    judge_with = dictionary_from(dictionary, allow, deny)
    return (judge(w, judge_with, deck, suggest=suggest) for w in typed)


def words_given(words: list[str]) -> Iterator[str]:
    """The words to judge, each checked as typed; ``-`` stands for standard input's lines.

    Every word is checked before any is judged, so bad input judges nothing.
    """
    found: list[str] = []
    read_stdin = False
    for given in words:
        if given != STDIN:
            found.append(read_typed(given))
            continue
        if read_stdin:
            continue  # standard input is read once
        read_stdin = True
        if sys.stdin is None:
            raise WordError("no standard input to read words from")
        # a byte-order mark, as some editors write, is no part of the first word
        lines = sys.stdin.buffer.read().decode("utf-8-sig", errors="replace").splitlines()
        if not any(line.strip() for line in lines):
            raise WordError("no words on standard input: give one a line")
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue  # blank lines between words are no word
            try:
                found.append(read_typed(line))
            except QscoreError as exc:
                raise WordError(f"line {number} of standard input: {exc}") from None
    return iter(found)


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


@app.command(short_help="List the dictionaries qscore can use")
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
