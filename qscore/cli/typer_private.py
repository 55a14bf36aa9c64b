"""Every part of typer that qscore uses and typer does not document, in one place.

typer (0.26 on) carries its own copy of click as ``typer._click`` and its shell completion
in ``typer._completion_classes``; neither is public, and a typer release may move either.
Nothing else in qscore imports a private typer module (tests/test_layers.py holds this),
and tests/test_typer_private.py checks each name here against the installed typer, so a
release that moves one fails there, naming it, rather than somewhere in a command.

It costs an ordinary run nothing: ``import typer`` has loaded both private modules
already, and cli/app.py and cli/shells.py import from here at their top.
"""

from typer._click.exceptions import ClickException, NoArgsIsHelpError
from typer._click.shell_completion import CompletionItem, add_completion_class
from typer._completion_classes import BashComplete, FishComplete, ZshComplete

# zsh and fish hand typer's completion classes the line being completed in this variable
# (bash uses its own COMP_WORDS and COMP_CWORD); typer's fish script sets it, qscore's zsh
# script (cli/shells.py) sets it, and cli/completion.py reads it.
COMPLETE_ARGS = "_TYPER_COMPLETE_ARGS"
# What typer's fish script asks: "get-args" (the completions) or "is-args" (are there any).
FISH_ACTION = "_TYPER_COMPLETE_FISH_ACTION"

__all__ = [
    "COMPLETE_ARGS",
    "FISH_ACTION",
    "BashComplete",
    "ClickException",
    "CompletionItem",
    "FishComplete",
    "NoArgsIsHelpError",
    "ZshComplete",
    "add_completion_class",
]
