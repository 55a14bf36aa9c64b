"""Shell completion of what only qscore knows: game, player and dictionary names.

Typer completes command names and options itself; these callbacks run only when the
shell asks (``_QSCORE_COMPLETE`` is set), so they import what they need inside and cost
an ordinary run nothing. A completion never fails loudly: with no saved games, or a
damaged file, it offers nothing.
"""

import os
from typing import TYPE_CHECKING

import typer

from qscore.errors import QscoreError

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game


def _matching(names: "list[str] | tuple[str, ...]", incomplete: str) -> list[str]:
    return [n for n in names if n.startswith(incomplete)]


def _player_names(names: "list[str] | tuple[str, ...]", incomplete: str) -> list[str]:
    """Player names match without regard to case, as qscore reads them: what was typed is
    kept and the rest completed (the shell and typer keep only what starts with it)."""
    start = incomplete.lower()
    return [incomplete + n[len(incomplete) :] for n in names if n.lower().startswith(start)]


def game_names(incomplete: str) -> list[str]:
    from qscore.scorekeeper import game_names as saved

    try:
        return _matching(saved(), incomplete)
    except QscoreError:
        return []


def _command_line() -> list[str]:
    """The words being completed, as the shell passes them (bash: COMP_WORDS; zsh, fish and
    PowerShell: _TYPER_COMPLETE_ARGS). While an option's value is completed the options
    before it are not parsed (the option lacks its value), so they are read from here."""
    import shlex

    text = os.environ.get("_TYPER_COMPLETE_ARGS") or os.environ.get("COMP_WORDS", "")
    try:
        return shlex.split(text)
    except ValueError:  # an unclosed quote mid-typing
        return text.split()


def _positionals(words: list[str], command: str) -> list[str]:
    """The words after ``command`` that are neither options nor an option's value."""
    found = words[words.index(command) + 1 :] if command in words else []
    return [w for i, w in enumerate(found) if not w.startswith("-") and (i == 0 or not found[i - 1].startswith("-"))]


def _game(ctx: typer.Context) -> "Game | None":
    """The game the command line names with --game, or the one most recently started."""
    from qscore.scorekeeper import load_game

    name = ctx.params.get("game")
    words = _command_line()
    for i, w in enumerate(words[:-1]):
        if w in ("--game", "-g"):
            name = words[i + 1]
        elif w.startswith("--game="):
            name = w.split("=", 1)[1]
    try:
        return load_game(name)
    except QscoreError:
        return None


def players(ctx: typer.Context, incomplete: str) -> list[str]:
    """Everyone on the current game's sheet (for a rename)."""
    game = _game(ctx)
    return _player_names(game.players, incomplete) if game else []


def players_still_in(ctx: typer.Context, incomplete: str) -> list[str]:
    """The current game's players who have not left (for a laydown, a challenge, a leave)."""
    game = _game(ctx)
    return _player_names(game.still_in, incomplete) if game else []


def new_players(ctx: typer.Context, incomplete: str) -> list[str]:
    """The players named so far on a ``new`` command line (for --dealer)."""
    from qscore.game.names import names_listed

    named = names_listed(ctx.params.get("players") or _positionals(_command_line(), "new"))
    return _player_names(named, incomplete)


def dictionary_names(incomplete: str) -> list[str]:
    """Dictionary names; a path is left to the shell, which completes file names."""
    if "/" in incomplete:
        return []
    from qscore.words.dictionaries import list_dictionaries

    return _matching([d.name for d in list_dictionaries()], incomplete)


def shell_names(incomplete: str) -> list[str]:
    """The shells --install-completion and --show-completion know."""
    return _matching(("bash", "zsh", "fish"), incomplete)
