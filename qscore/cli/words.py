"""``qscore check`` and ``qscore dictionaries``: the word judge."""

import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer

from qscore import scorekeeper
from qscore.cli.app import (
    app,
    dictionary_from,
    print_json,
    reports_errors,
    say_error,
    tell_notes,
    warn,
)
from qscore.cli.options import (
    AllowOpt,
    DeckOpt,
    DenyOpt,
    DictionaryOpt,
    JsonOpt,
    NoSuggestOpt,
    VariantOpt,
    variant_deck,
)
from qscore.errors import QscoreError, StorageError, WordError
from qscore.views.verdict_view import (
    VerdictView,
    definition_json,
    ruled_verdict,
    ruling_json,
    unread_said,
    unreadable_said,
    verdict_json,
    verdict_view,
)
from qscore.words.dictionaries import Verdict, judge, list_dictionaries, read_typed

if TYPE_CHECKING:
    from qscore.game.cards import Deck
    from qscore.scorekeeper import TableWord
    from qscore.words.dictionaries import Dictionary
    from qscore.words.suggestions import Budget

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
    deck: DeckOpt = None,
    no_suggest: NoSuggestOpt = False,
    define: Annotated[bool, typer.Option("--define", help="each word's meanings too, as define gives them")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Say whether each word is allowed, why not, and every way the deck can lay it.

    The table's own words (its paper rulings at challenges: qscore house) count with the
    house lists, and a word one decided says so. Under --variant junior a name and a word of
    one card (a, I) are allowed; its spellings are shown with --deck FILE, the table's cards.

    Exit status 0 when every word is allowed, 1 when any is not, 2 for bad input.
    """
    if define:
        from qscore.cli.meanings import definition_lines
    table = read_table_words()

    def ruled(v: Verdict) -> "TableWord | None":
        return scorekeeper.deciding_ruling(table, v)

    def text(v: Verdict) -> str:
        return "\n".join([verdict_text(v, ruled(v)), *(definition_lines(v) if define else [])])

    def json_item(v: Verdict) -> dict[str, object]:
        return verdict_json(v) | ruling_json(ruled(v)) | (definition_json(v.definition()) if define else {})

    options = JudgeOptions(dictionary, allow, deny, variant, suggest=not no_suggest, table=table, deck=deck)
    judge_and_tell(words, options, None if as_json else text, json_item)


def read_table_words() -> "dict[str, TableWord]":
    """The table's own words, as check judges by them: warned of, and judged without, if
    they cannot be read; a game whose rulings cannot be read is named and left out."""
    from qscore import paths

    paths.data_dir()  # a QSCORE_HOME no command can use is an error, here as for them
    try:
        found = scorekeeper.table_words()
    except StorageError as exc:
        warn(unread_said(exc))
        return {}
    if found.unreadable:
        warn(unreadable_said(found.unreadable))
    return found.words


class JudgeOptions(NamedTuple):
    """The options that choose how words are judged: the dictionary, its house lists, the
    deck, and whether refused words get a did-you-mean."""

    dictionary: str | None
    allow: Path | None
    deny: Path | None
    variant: str
    suggest: bool = True
    table: "Mapping[str, TableWord] | None" = None  # the table's own words, judged with the house lists
    deck: Path | None = None  # a deck file of the table's cards, in place of the variant's deck
    spellings: bool = True  # whether the command shows the spellings (define shows none)


def judge_and_tell(
    words: list[str],
    options: JudgeOptions,
    text: "Callable[[Verdict], str] | None",
    json_item: "Callable[[Verdict], dict[str, object]]",
) -> None:
    """The judge's loop, as check and define tell it: each verdict shown as it is reached
    (``text``, or with ``text`` None an item of a JSON array), a bad word's error in its
    place on standard error, the dictionary's notes; then the exit status: 2 for bad
    input, 1 when any word is refused. A list of a million words needs no more memory than one."""
    from qscore.words.suggestions import Budget

    budget = Budget()
    refused = bad = False
    o = options
    judge_with, verdicts = judge_words(
        words, o.dictionary, o.allow, o.deny, o.variant, budget if o.suggest else False, o.table, o.deck, o.spellings
    )
    json_array = JsonArray() if text is None else None
    for item in verdicts:
        if isinstance(item, WordError):
            bad = True
            sys.stdout.flush()  # the error in its place among the verdicts
            say_error(f"qscore: error: {item}")
            continue
        refused |= not item.allowed
        if json_array is not None:
            json_array.add(json_item(item))
        else:
            assert text is not None
            print(text(item))
    if json_array is not None:
        json_array.close()
    tell_notes(judge_with)
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
    table: "Mapping[str, TableWord] | None" = None,
    deck_file: Path | None = None,
    spellings: bool = True,
) -> "tuple[Dictionary, Iterator[Verdict | WordError]]":
    """The dictionary the options name, and the verdicts on the words typed (``-`` reads
    standard input) with the table's own words (``table``) beside the house lists, one at a
    time as they are read, or in place of a word that is bad
    input, the error naming it: a list is judged to its end (or MAX_WORDS), in constant memory.
    The variant's rules judge them, with the deck the file gives, else the variant's own; a
    variant with none (Junior) judges its cards' letters, and its spellings, whose points
    only the table's cards know, are not shown (and said so, where ``spellings`` are shown)."""
    from qscore.game.variants import variant_rules

    rules = variant_rules(variant)
    if deck_file is None and rules.deck is None:
        from qscore.game.decktext import letters_deck

        deck = letters_deck(rules.name)
        if spellings:
            warn(f"no spellings shown: the {rules.name} deck's points are your cards' (--deck FILE gives them)")
    else:
        rules, deck = variant_deck(variant, deck_file)  # the deck file's, else the variant's shipped deck
    unvalued = deck_file is None and rules.deck is None
    judge_with = dictionary_from(dictionary, allow, deny, table)

    def verdict(word: str) -> Verdict:
        v = judge(word, judge_with, deck, suggest=suggest, min_cards=rules.min_cards, proper_nouns=rules.proper_nouns)
        return v._replace(spellings=()) if unvalued else v

    verdicts = (w if isinstance(w, WordError) else verdict(w) for w in words_given(words, deck))
    return judge_with, verdicts


# The most words one check judges: 5,000 take 0.3 s to 0.9 s (hunspell, suggestions and
# meanings the slowest), so any run answers within a second; a longer list is split.
MAX_WORDS = 5_000
# What is read of standard input, blank lines too, and of one line: /dev/zero was one endless
# line read until memory ran out, and endless blank lines (yes '') never ended. A line holds
# what a house list's file may (a word of two million letters is judged, however long).
MAX_STDIN_LINES = 100_000
MAX_STDIN_LINE = 4 * 1024 * 1024


def words_given(words: list[str], deck: "Deck | None" = None) -> Iterator[str | WordError]:
    """The words to judge, each checked as typed, or the error that names a bad one, to
    MAX_WORDS of them; then an error says the rest were not judged."""
    for n, given in enumerate(_words_read(words, deck)):
        if n == MAX_WORDS:
            yield WordError(
                f"more than {MAX_WORDS:,} words: the first {MAX_WORDS:,} were judged, the rest not "
                f"(split the list, e.g. split -l {MAX_WORDS})"
            )
            return
        yield given


def _words_read(words: list[str], deck: "Deck | None") -> Iterator[str | WordError]:
    """The words typed, ``-`` standing for standard input's lines, read one at a time."""
    read_stdin = False
    for given in words:
        if given != STDIN:
            yield _typed(given, "", deck)
            continue
        if read_stdin:
            continue  # standard input is read once
        read_stdin = True
        if sys.stdin is None:
            yield WordError("no standard input to read words from")
            continue
        found = False
        for number, raw in enumerate(iter(lambda: sys.stdin.buffer.readline(MAX_STDIN_LINE + 1), b""), 1):
            if number > MAX_STDIN_LINES or len(raw) > MAX_STDIN_LINE:
                found = True
                yield WordError(
                    f"line {number} of standard input is over {MAX_STDIN_LINE // 2**20} MiB: the rest was not read"
                    if number <= MAX_STDIN_LINES
                    else f"standard input has over {MAX_STDIN_LINES:,} lines: the rest was not read"
                )
                break
            if not raw.strip():
                continue  # blank lines between words are no word
            found = True
            try:
                # a byte-order mark, as some editors write, is no part of the first word
                line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError:
                yield WordError(f"line {number} of standard input is not UTF-8 text")
                continue
            yield _typed(line, f"line {number} of standard input: ", deck)
        if not found:
            yield WordError("no words on standard input: give one a line")


def _typed(text: str, where: str, deck: "Deck | None") -> str | WordError:
    try:
        return read_typed(text, deck)
    except QscoreError as exc:
        return WordError(where, *exc.parts)


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


def verdict_text(v: Verdict, ruled: "TableWord | None" = None) -> str:
    """A verdict laid out for a terminal: its line (saying the table's ruling that decided
    it, ``ruled``), each spelling in a column with its points, then what the word may have meant."""
    shown = ruled_verdict(verdict_view(v), ruled)
    width = max((len(cards) for cards, _ in shown.spellings), default=0)
    spellings = [f"  {cards:<{width}}  {points:>10}" for cards, points in shown.spellings]
    return "\n".join([shown.line, *spellings, *suggestion_lines(shown)])


def suggestion_lines(shown: VerdictView) -> list[str]:
    """``  did you mean: weird, wider`` under a refused word with words near it."""
    return [f"  {shown.suggestions}"] if shown.suggestions else []


@app.command(short_help="List the dictionaries qscore can use")
@reports_errors
def dictionaries(as_json: JsonOpt = False) -> None:
    """List the dictionaries qscore can use, their sizes and where each comes from."""
    found = list_dictionaries()
    if as_json:
        print_json([{"name": d.name, "words": d.words, "source": d.source} for d in found])
        return
    from qscore.cli.tables import tabulate

    rows = [(d.name, "" if d.words is None else f"{d.words:,}", d.source) for d in found]
    print(tabulate(rows, headers=["name", "words", "source"]))
