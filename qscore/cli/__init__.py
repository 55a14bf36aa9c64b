"""The command line: with qscore.__main__, the only part of qscore that imports typer or prints.

A run loads the module of the one command it runs, and gives typer that command alone
to build: `qscore sheet` does not pay for play's prompts or check's judge, nor for typer
reading the parameters of the six other commands of its module (about 6% of a run).
Help, Tab completion and a name no command has load them all, in the order --help lists
them.
"""

import importlib
import os
import sys

from typer.models import CommandInfo

from qscore.cli.app import app
from qscore.cli.shells import COMPLETE_VAR
from qscore.startup import collect_from_here

# Each module registers its commands; --help lists them in this order.
COMMANDS = {
    "words": ("check", "dictionaries"),
    "house": ("house",),
    "define": ("define",),
    "hands": ("best", "solitaire"),
    "decks": ("deck",),
    "games": ("new", "score", "challenge", "sheet", "export", "undo", "close", "games"),
    "players": ("rename", "leave"),
    "play": ("play",),
    "review": ("review",),
    "stats": ("stats",),
    "serve": ("serve",),
}


def load_commands(name: str | None = None) -> None:
    """Register the command called ``name`` (its module's), or, for None or a name no
    command has, every command."""
    modules = [module for module, names in COMMANDS.items() if name in names] or list(COMMANDS)
    for module in modules:
        importlib.import_module(f"qscore.cli.{module}")


def only_command(name: str | None) -> None:
    """Keep ``name`` alone of the commands registered, when some command has that name: a run
    of one command builds no other (a group's own options and its errors do not name them)."""
    chosen = [info for info in app.registered_commands if command_name(info) == name]
    if chosen:
        app.registered_commands[:] = chosen


def command_name(info: CommandInfo) -> str | None:
    """The name a registered command is run by, as typer gives it."""
    if info.name:
        return info.name
    return None if info.callback is None else info.callback.__name__.lower().replace("_", "-")


def command_named(args: list[str]) -> str | None:
    """The command a command line runs, or None when it starts with an option (--help,
    --version, --install-completion) or the shell is asking for completions."""
    if not args or args[0].startswith("-") or COMPLETE_VAR in os.environ:
        return None
    return args[0]


def main() -> None:
    name = command_named(sys.argv[1:])
    load_commands(name)
    only_command(name)
    collect_from_here()
    app()
