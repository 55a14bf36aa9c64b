"""The codes a served game's pages are opened by: the table's, and the scorekeeper's.

A stand-in until the codes are kept across restarts of ``qscore serve``: each call makes
two new random codes."""

from __future__ import annotations

from qscore.web.table import new_code


def codes_for(game_name: str) -> tuple[str, str]:
    """The table's code and the scorekeeper's for the game named (two new ones, for now)."""
    del game_name  # kept per game once the codes outlive a server
    return new_code(), new_code()
