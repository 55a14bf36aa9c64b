"""The options and arguments commands share, each declared once (its flags, its metavar,
its completion); a command that words an option's help its own way passes the help.

Fixed choices are the parser's: --help shows them, the shell completes them, any case is
taken, and anything else is a usage error naming them (qscore.game.choices declares them).
"""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from qscore.cli.completion import dictionary_names, game_names
from qscore.game.choices import DEFAULT_DICTIONARY, WORDGAME, Ruling, Variant

if TYPE_CHECKING:
    from qscore.game.cards import Deck
    from qscore.game.variants import Rules


def game_option(help: str, *, complete: bool = True) -> Any:
    """``--game NAME``: a saved game (completed), or a name for a new one (not)."""
    return typer.Option("--game", "-g", help=help, metavar="NAME", autocompletion=game_names if complete else None)


def round_option(help: str) -> Any:
    """``--round N``: the round a command works on."""
    return typer.Option("--round", "-r", help=help, metavar="N")


def bonus_option(help: str) -> Any:
    """``--bonus``: which bonuses the rounds play."""
    return typer.Option("--bonus", case_sensitive=False, help=help)


GameOpt = Annotated[str | None, game_option("the game's name (default: the game most recently started)")]
NewGameOpt = Annotated[
    str | None,
    game_option("a name for the game (default: today's date, e.g. 2026-11-20, or 2026-11-20-2)", complete=False),
]
PlayerOpt = Annotated[str | None, typer.Option("--player", "-p", help="only this player", metavar="PLAYER")]
RulingOpt = Annotated[
    Ruling | None,
    typer.Option("--ruling", case_sensitive=False, help="valid or invalid, when the table used a paper dictionary"),
]
DictionaryOpt = Annotated[
    str | None,
    typer.Option(
        "--dictionary",
        "-d",
        help=f"{DEFAULT_DICTIONARY} (default), {WORDGAME}, a system tag such as en_US, or a word-list file",
        metavar="NAME",
        autocompletion=dictionary_names,
    ),
]
AllowOpt = Annotated[
    Path | None, typer.Option("--allow", help="house rules: a file of extra allowed words, one a line", metavar="FILE")
]
DenyOpt = Annotated[
    Path | None, typer.Option("--deny", help="house rules: a file of denied words, one a line", metavar="FILE")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="print JSON instead of text")]
NoSuggestOpt = Annotated[bool, typer.Option("--no-suggest", help="no did-you-mean for misspellings")]
VariantOpt = Annotated[
    Variant,
    typer.Option(
        "--variant",
        case_sensitive=False,
        help="standard (8 rounds, 3-10 cards), short (4 rounds, 3-6) or junior (6 rounds, 2-7; needs --deck)",
    ),
]
# a hand's rules (best, solitaire): the choices said in the help, the column kept narrow
PlayVariantOpt = Annotated[
    Variant,
    typer.Option(
        "--variant",
        case_sensitive=False,
        metavar="NAME",
        help="the rules: standard, short or junior (one-card words, unused cards count nothing; needs --deck)",
    ),
]
RoundsOpt = Annotated[
    str | None, typer.Option("--rounds", help="the cards dealt each round: 3-10, or 3,4,5", metavar="SIZES")
]
DeckOpt = Annotated[
    Path | None,
    typer.Option("--deck", help="a deck file of the table's cards (qscore deck junior writes one)", metavar="FILE"),
]
PenaltyPastZeroOpt = Annotated[
    bool | None,
    typer.Option(
        "--penalty-past-zero/--penalty-floored",
        help="house rule: a challenge's cost may take a round below zero, or the round stops at zero "
        "(default: the variant's own; Junior's goes past zero)",
        show_default=False,
    ),
]


def variant_deck(variant: str, deck: Path | None) -> "tuple[Rules, Deck]":
    """The rules of ``--variant`` and the deck they play, as a game would (``--deck``'s
    file, else the variant's shipped deck; junior, which has none, refused without it)."""
    from qscore.game.cards import game_deck
    from qscore.game.variants import played_deck, variant_rules

    rules = variant_rules(variant)
    name, rounds, cards = played_deck(rules, deck)
    return rules, game_deck(name, cards, rounds)
