"""How meanings are shown: after a verdict (``define``, ``check --define``) and after a
challenge that stands."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qscore.words.dictionaries import Verdict
    from qscore.words.meanings import Definition


def meanings_of(v: "Verdict") -> "Definition":
    """What is on file for a judged word. The suffix rules (cats: plural of cat) are used
    only for a word the dictionary allows: alone they would read quizs as a plural."""
    from qscore.words.meanings import define

    return define(v.word, regular=v.allowed)


def definition_lines(d: "Definition") -> list[str]:
    """The lines after a verdict: the form (plural of quiz), then up to three meanings.

    A meaning names its word when they come from more than one (axes: ax and axis)."""
    lines: list[str] = []
    own = any(m.word == d.word for m in d.meanings)
    if d.forms and not own:
        lines.append(f"  {d.forms_text()}")
    several = len({m.word for m in d.meanings}) > 1
    lines += [f"  {m.pos}{f' ({m.word})' if several else ''}: {m.text}" for m in d.meanings]
    if not d.meanings:
        lines.append(f"  {no_meaning(d.word)}")
    if d.forms and own:
        lines.append(f"  also {d.forms_text()}")
    return lines


def no_meaning(word: str) -> str:
    """Why a word has no meaning to show: the file keeps meanings only for words a hand of
    the standard deck can lay (bubble needs three B), and WordNet has none for the rest."""
    from qscore.game.spelling import unlayable_reason

    unlayable = word.isalpha() and word.isascii() and unlayable_reason(word) is not None
    return "no meaning kept: no hand of the standard deck can lay it" if unlayable else "no meaning on file"


def meaning_after_challenge(laid: str, valid: bool) -> str:
    """The line a challenge that stands ends with: the word's first meaning (and its form,
    for an inflection), after a newline; nothing for a word that falls or has none on file."""
    from qscore.game.cards import laid_letters
    from qscore.words.meanings import MeaningsError, define

    if not valid:
        return ""
    word = laid_letters(laid)
    try:
        d = define(word)
    except MeaningsError:
        return ""  # the challenge is settled and saved; a meaning is only an aside
    if not d.meanings:
        return ""
    first = d.meanings[0]
    if first.word == word:
        return f"\n  {word} ({first.pos}): {first.text}"
    form = " and ".join(dict.fromkeys(f.form for f in d.forms if f.base == first.word))
    return f"\n  {word}, {form} of {first.word} ({first.pos}): {first.text}"
