"""A laydown's outcome laid out for a terminal (qscore.views.outcome words it): the
headline, then each note indented, and the terminal's own control for a double card's
other spelling, its option."""

from qscore.views.outcome import DoubleHint, LaydownOutcome, Note

REPLACE_TO_RESPELL = "  (to lay a word another way, score the laydown again with --replace)"


def laid_lines(outcome: LaydownOutcome, *, hints: bool = True) -> list[str]:
    """The lines after the headline: the cards as laid; each word the cards dealt
    respelled; with ``hints``, each word typed in letters that could have taken a double
    card, and the option that lays it so."""
    lines = [f"  {outcome.as_laid.said}"] if outcome.as_laid is not None else []
    for said in outcome.each_word:
        if isinstance(said, DoubleHint):
            if hints:
                lines.append(f"  {said.text}")
        else:
            lines.append(f"  {said.said}")
    if hints and outcome.hints:
        lines.append(REPLACE_TO_RESPELL)
    return lines


def notes_lines(notes: tuple[Note, ...]) -> list[str]:
    """Notes as the terminal shows them: a line each, indented."""
    return [f"  {n.said}" for n in notes]
