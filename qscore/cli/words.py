"""``qscore check`` and ``qscore dictionaries``: the word judge."""

from typing import Annotated

import typer

from qscore.cli.app import (
    AllowOpt,
    DenyOpt,
    DictionaryOpt,
    JsonOpt,
    app,
    dictionary_from,
    print_json,
    reports_errors,
)
from qscore.dictionaries import Verdict, judge, list_dictionaries


@app.command()
@reports_errors
def check(
    words: Annotated[list[str], typer.Argument(help="the words to judge, in any case")],
    dictionary: DictionaryOpt = None,
    allow: AllowOpt = None,
    deny: DenyOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Say whether each word is allowed, why not, and every way to lay it with cards.

    Exit status 0 when every word is allowed, 1 when any is not.
    """
    judge_with = dictionary_from(dictionary, allow, deny)
    verdicts = [judge(w, judge_with) for w in words]
    if as_json:
        print_json([verdict_json(v) for v in verdicts])
    else:
        for v in verdicts:
            print(verdict_text(v))
    if not all(v.allowed for v in verdicts):
        raise typer.Exit(1)


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
    width = max((len(str(s)) for s in v.spellings), default=0)
    lines += [f"  {s!s:<{width}}  {s.points:>3} points" for s in v.spellings]
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
