"""What a recorded laydown was laid with: its cards, a word the cards dealt respelled, and
a word typed in letters that a double card could have laid (qscore.game.doubles)."""

from qscore.game.cards import format_cards, parse_laid_word, points
from qscore.game.doubles import double_hint, double_spellings
from qscore.game.entries import LaidDown
from qscore.game.scoresheet import Game


def cards_text(game: Game, words: list[str]) -> str:
    """``C·L·E·F 19, T·O 5``: each word's cards as laid, with its points."""
    laid = [parse_laid_word(w, game.deck) for w in words]
    return ", ".join(f"{format_cards(cards)} {points(cards)}" for cards in laid)


def laid_lines(game: Game, typed: list[str], lay: LaidDown, *, hints: bool = True) -> list[str]:
    """The lines after "Recorded ...": the cards as laid; each word the cards dealt
    respelled, and which spelling was taken; with ``hints``, each word typed in letters
    that could have taken a double card, with the notation to type."""
    words = list(lay.words)
    if not words:
        return []
    lines = [f"  as laid: {cards_text(game, words)}"]
    size = game.rounds[lay.round - 1].hand_size
    # A player who went out laid every card: the spelling that fits is settled, so no other
    # is offered. Otherwise a double card means fewer cards in the word, and so more left
    # in hand than were typed: the hint says that too.
    hints = hints and not lay.out
    hinted = False  # a double-card spelling was offered
    for was, now in zip(typed, words, strict=True):
        cards = parse_laid_word(now, game.deck)
        if parse_laid_word(was, game.deck) != cards:
            lines.append(f"  {was} taken as {now}: the only spelling that fits the {size} cards dealt")
        elif hints:
            others = double_spellings(now, game.deck)
            lines += [f"  {now}: {double_hint(alt)}{_more_unused(len(cards) - len(alt))}" for alt in others]
            hinted |= bool(others)
    if hinted:
        lines.append("  (to lay a word another way, score the laydown again with --replace)")
    return lines


def _more_unused(extra: int) -> str:
    """What a spelling with fewer cards means for the hand: cards left that were not typed."""
    return f", with {extra} more card{'s' if extra > 1 else ''} left in hand"
