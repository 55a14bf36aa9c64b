"""Players' names as qscore matches them (``name_key``), apart from the scoresheet so that
`stats`, which matches every player of every saved game, does not load the scoresheet and
its rules (about 21 M instructions, a tenth of `python -c "import typer"`)."""

from __future__ import annotations

from qscore.game.cards import fold


def name_key(name: str) -> str:
    """A player's name as qscore matches it: without regard to case, accents or
    punctuation (Zoë, zoe and ZOE are one player; so are O'Neil and oneil, Mary-Ann and
    Mary Ann)."""
    return "".join(c for c in fold(name.strip()).casefold() if c.isalnum())
