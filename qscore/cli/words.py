"""``qscore check`` and ``qscore dictionaries``: the word judge."""

import sys
from collections.abc import Iterable, Iterator
from typing import IO, Annotated

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
    tell_notes,
    warn,
)
from qscore.dictionaries import Verdict, judge, list_dictionaries, read_typed
from qscore.errors import QscoreError, WordError

STDIN = "-"


@app.command(cls=PlainUsage)
@reports_errors
def check(
    words: Annotated[
        list[str],
        typer.Argument(
            metavar="WORDS...",
            help="the words to judge, in any case; (qu)iz as laid; - reads them from standard input, one a line",
        ),
    ],
    dictionary: DictionaryOpt = None,
    allow: AllowOpt = None,
    deny: DenyOpt = None,
    variant: VariantOpt = "standard",
    no_suggest: Annotated[bool, typer.Option("--no-suggest", help="no did-you-mean for misspellings")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Say whether each word is allowed, why not, and every way the deck can lay it.

    Exit status 0 when every word is allowed, 1 when any is not, 2 for bad input.
    """
    from qscore.cards import load_deck
    from qscore.suggestions import Budget

    deck = load_deck(variant.strip().lower())
    typed = words_given(words)
    judge_with = dictionary_from(dictionary, allow, deny)
    budget = Budget()
    refused = False
    # each verdict is printed as it is reached: a list of a million words needs no more memory than one
    json_array = JsonArray() if as_json else None
    for w in typed:
        v = judge(w, judge_with, deck, suggest=False if no_suggest else budget)
        refused |= not v.allowed
        if json_array is None:
            print(verdict_text(v))
        else:
            json_array.add(verdict_json(v))
    if json_array is not None:
        json_array.close()
    tell_notes(judge_with)
    if budget.spent_out:
        warn("suggestions were cut short to keep the answer quick (--no-suggest skips them)")
    if refused:
        raise typer.Exit(1)


def words_given(words: list[str]) -> Iterator[str]:
    """The words to judge, each checked as typed; ``-`` stands for standard input's lines.

    Every word is checked before any is judged, so bad input judges nothing. Standard
    input's words wait in a temporary file meanwhile, so a list of any length is held
    in constant memory.
    """
    import tempfile

    # closed by _unspool, once the words are judged
    spool = tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8")  # noqa: SIM115
    read_stdin = False
    for given in words:
        if given != STDIN:
            spool.write(read_typed(given) + "\n")
            continue
        if read_stdin:
            continue  # standard input is read once
        read_stdin = True
        if sys.stdin is None:
            raise WordError("no standard input to read words from")
        if not _spool_stdin(sys.stdin.buffer, spool):
            raise WordError("no words on standard input: give one a line")
    return _unspool(spool)


def _unspool(spool: IO[str]) -> Iterator[str]:
    with spool:
        spool.seek(0)
        for line in spool:
            yield line.rstrip("\n")


def _spool_stdin(lines: Iterable[bytes], spool: IO[str]) -> bool:
    """Check standard input's words a line at a time onto ``spool``; whether there were any."""
    found = False
    for number, raw in enumerate(lines, 1):
        # a byte-order mark, as some editors write, is no part of the first word
        line = raw.decode("utf-8-sig" if number == 1 else "utf-8", errors="replace")
        if not line.strip():
            continue  # blank lines between words are no word
        try:
            spool.write(read_typed(line) + "\n")
        except QscoreError as exc:
            raise WordError(f"line {number} of standard input: {exc}") from None
        found = True
    return found


class JsonArray:
    """A JSON array printed an item at a time, as ``print_json`` prints a whole list."""

    def __init__(self) -> None:
        self._first = True

    def add(self, item: object) -> None:
        import json

        text = json.dumps(item, indent=2, ensure_ascii=False).replace("\n", "\n  ")
        print("[\n  " + text if self._first else ",\n  " + text, end="")
        self._first = False

    def close(self) -> None:
        print("[]" if self._first else "\n]")


def verdict_json(v: Verdict) -> dict[str, object]:
    return {
        "word": v.word,
        "allowed": v.allowed,
        "reason": v.reason,
        "spellings": [{"cards": s.tokens, "points": s.points} for s in v.spellings],
        "suggestions": list(v.suggestions),
    }


def verdict_text(v: Verdict) -> str:
    head = f"{v.word}: allowed" if v.allowed else f"{v.word}: not allowed ({v.reason})"
    lines = [head]
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
