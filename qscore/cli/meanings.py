"""How meanings are laid out in a terminal: after a verdict (``define``, ``check --define``)
and after a challenge that stands. Their words are qscore.views.verdict_view'."""

from typing import TYPE_CHECKING

from qscore.game.cards import laid_letters

if TYPE_CHECKING:
    from qscore.words.dictionaries import Verdict


def definition_lines(v: "Verdict") -> list[str]:
    """The lines after a verdict, indented under it: a refused word's under their head."""
    from qscore.views.verdict_view import verdict_meanings

    shown = verdict_meanings(v)
    if shown.head is None:
        return [f"  {line}" for line in shown.lines]
    return [f"  {shown.head}", *(f"    {line}" for line in shown.lines)]


def meaning_after_challenge(laid: str, valid: bool) -> str:
    """The end of a challenge's line: the meaning of a word that stands on a line of its
    own, after a newline; nothing for a word that falls or has none on file."""
    from qscore.views.verdict_view import challenge_meaning
    from qscore.words.definitions import MeaningsError, define

    if not valid:
        return ""
    word = laid_letters(laid)
    try:
        meaning = challenge_meaning(word, define(word))
    except MeaningsError:
        return ""  # the challenge is settled and saved; a meaning is only an aside
    return f"\n  {meaning}" if meaning else ""
