"""The command line: with qscore.__main__, the only part of qscore that imports typer or prints.

A run loads the module of the one command it runs: `qscore sheet` does not pay for
play's prompts or check's judge. Help, Tab completion and a name no command has load
them all, in the order --help lists them.
"""

import importlib
import os

from qscore.cli.app import app
from qscore.cli.shells import COMPLETE_VAR

# Each module registers its commands; --help lists them in this order.
COMMANDS = {
    "words": ("check", "dictionaries"),
    "define": ("define",),
    "hands": ("best", "solitaire"),
    "games": ("new", "score", "challenge", "sheet", "export", "undo", "games"),
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


def command_named(args: list[str]) -> str | None:
    """The command a command line runs, or None when it starts with an option (--help,
    --version, --install-completion) or the shell is asking for completions."""
    if not args or args[0].startswith("-") or COMPLETE_VAR in os.environ:
        return None
    return args[0]


def main() -> None:
    import sys

    load_commands(command_named(sys.argv[1:]))
    app()
