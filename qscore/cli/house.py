"""``qscore house``: the table's own words (its paper rulings, remembered) with the house lists."""

from typing import Annotated, Literal

import typer

from qscore.cli.app import app, print_json, reports_errors, warn, warn_if_empty
from qscore.cli.options import AllowOpt, DenyOpt, JsonOpt
from qscore.errors import WordError
from qscore.views.house_view import HOUSE_HEADERS, NO_HOUSE_WORDS, forgot_said, house_rows
from qscore.views.verdict_view import unreadable_said

Way = Literal["allowed", "refused"]  # which words of the one list an export prints


@app.command(short_help="The table's own words: its paper rulings, remembered")
@reports_errors
def house(
    forget: Annotated[
        str | None, typer.Option("--forget", help="take back the table's ruling on this word", metavar="WORD")
    ] = None,
    allow: AllowOpt = None,
    deny: DenyOpt = None,
    export: Annotated[
        Way | None,
        typer.Option(
            "--export",
            case_sensitive=False,
            help="print the allowed or refused words alone, one a line: a house list for --allow or --deny",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """List the table's own words: each challenge settled by a paper dictionary (--ruling
    valid or invalid) that let a word stand or struck it, with when and in which game.
    check judges by them, and every game started since records them.

    With --allow and --deny, the house lists' words too: one list, as the judge sees it (a
    house list given has the last say on a word it names). --forget takes a word back.
    """
    from qscore import scorekeeper

    if forget is not None:
        if allow or deny or export or as_json:
            raise WordError("--forget takes back one word, and is given alone")
        print(forgot_said(scorekeeper.forget_word(forget)))
        return
    if export is not None and as_json:
        raise WordError("--export and --json go one at a time")
    from qscore.words.dictionaries import read_word_file

    lists = {path: read_word_file(path) for path in (allow, deny) if path}
    for path, words in lists.items():
        warn_if_empty(path, words)
    allowed, denied = lists.get(allow, set()) if allow else set(), lists.get(deny, set()) if deny else set()
    found = scorekeeper.table_words()
    if found.unreadable:
        warn(unreadable_said(found.unreadable))
    rows = house_rows(scorekeeper.counted(found.words, allowed, denied), allowed, denied, allow, deny)
    if export is not None:
        for word in sorted(r.word for r in rows if r.allowed == (export.lower() == "allowed")):
            print(word)
    elif as_json:
        print_json([r.to_json() for r in rows])
    elif not rows:
        print(NO_HOUSE_WORDS)
    else:
        from qscore.cli.tables import plain_table

        print(plain_table([r.cells for r in rows], HOUSE_HEADERS))
