"""The questions that start a game in ``qscore play``, and what a slip at them is told: the
variant (junior among them), a Junior game's deck file, and the table's house rule on a
lost challenge below zero."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qscore.views.conversation import either

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game

VARIANTS = ("standard", "short", "junior")


def variant_question() -> str:
    """The variant asked for, standard unless the table says otherwise."""
    return f"Variant: {either(list(VARIANTS))} [standard]"


def deck_question() -> str:
    """A Junior game's deck file: no deck of Junior's has every value in a text, so the table
    supplies its own."""
    return "Deck file (the cards' points and counts; qscore deck junior writes one to fill in)"


def no_deck_said() -> str:
    """A blank answer to the deck file's question."""
    return "a Junior game needs its deck file: type its path (qscore deck junior writes one to fill in)"


def below_zero_question(standard: bool) -> str:
    """The table's house rule: whether a lost challenge's cost may take a round below zero
    (``standard``: what the variant's own sheet says, the default)."""
    return f"May a lost challenge take a round below zero? (the sheet: {'yes' if standard else 'no'})"


def deck_size_note(game: Game) -> str | None:
    """A table's deck that holds other than the rule sheet's count of cards (a count
    mistyped, most likely: 107 where Junior's box holds 103), or None. A note, not a
    refusal: a deck that lost a card plays as it is."""
    expected, held = game.rules.cards, game.deck.size
    if game.config.cards is None or expected is None or held == expected:
        return None
    return (
        f"the deck file's cards add up to {held}, and {game.rules.name}'s deck holds {expected}: "
        "a count may be mistyped (a deck that lost a card plays as it is)"
    )
