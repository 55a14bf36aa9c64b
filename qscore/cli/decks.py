"""``qscore deck``: a deck file to edit, or for Quiddler Junior to fill in from the cards."""

from pathlib import Path
from typing import Annotated

import typer

from qscore.cli.app import app, fail, reports_errors
from qscore.game.choices import Variant


@app.command("deck", short_help="Write a deck file: a shipped deck, or Junior's to fill in")
@reports_errors
def deck(
    variant: Annotated[
        Variant,
        typer.Argument(case_sensitive=False, metavar="VARIANT", help="standard, short or junior"),
    ] = "junior",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", metavar="FILE", help="write to this new file (default: standard output)"),
    ] = None,
) -> None:
    """Write a variant's deck as a deck file, for a game's --deck FILE.

    junior: Quiddler Junior's cards, each value a text gives filled in and the others
    marked ? to copy from your cards (no game starts from a file still marked).
    standard, short: the shipped deck, for a table whose cards differ to edit.
    """
    from qscore.game.decktext import deck_file_text
    from qscore.paths import printable, shown_path

    text = deck_file_text(variant)
    if output is None:
        print(text, end="")
        return
    try:
        with open(output, "x", encoding="utf-8") as file:
            file.write(text)
    except FileExistsError:
        fail(f"{shown_path(output)} is there already: nothing written (name a new file)")
    except OSError as exc:
        fail(f"cannot write {shown_path(output)}: {(exc.strerror or str(exc)).lower()}")
    then = "fill in each ? from your cards" if "?" in text else "edit it to your cards"
    print(
        f"wrote {shown_path(output)}: {then}, then qscore new --variant {variant} --deck {printable(str(output))} ..."
    )
