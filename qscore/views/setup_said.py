"""The questions that start a game in ``qscore play``, and what a slip at them is told: the
variant (junior among them), a Junior game's deck file, and the table's house rule on a
lost challenge below zero."""

from __future__ import annotations

from qscore.views.conversation import either

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
