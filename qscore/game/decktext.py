"""Decks written as deck files (game/deckfile.py reads them): a shipped deck in the shape a
table edits, and Quiddler Junior's, whose values no text gives in full, with every value the
texts do give filled in and the others marked ``"?"`` for the table to copy from its cards.
The loader refuses a file still marked, naming the cards left to fill in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from qscore.game.deckfile import MARKER, MAX_COUNT
from qscore.game.variants import variant_rules

if TYPE_CHECKING:
    from qscore.game.cards import Deck

# Quiddler Junior's deck: 103 cards (the sheet's "Contents"). The points the texts give: the
# sheet's examples ("PAW: 4 + 1 + 5", "BEAT: 4 + 1 + 1 + 2": P 4, A 1, W 5, B 4, E 1, T 2)
# and a published description of the cards (B 4, A 1, N 3, and double cards LL 3 and OO 3).
# No text gives a count. The letters are the alphabet's, as the standard deck's are.
JUNIOR_CARDS = 103
JUNIOR_KNOWN = {"A": 1, "B": 4, "E": 1, "N": 3, "P": 4, "T": 2, "W": 5, "LL": 3, "OO": 3}
JUNIOR_TOKENS = (*"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "LL", "OO")

_JUNIOR_HEAD = f"""\
# Quiddler Junior's deck: each card = [points, count], as your cards show them.
# Filled in: the points Junior's rule sheet and a published description give.
# Still to fill in: each {MARKER}, copied from your cards. The counts add up to {JUNIOR_CARDS}.
# Delete the line of a card your deck lacks; add a double card as XY = [points, count].
"""


def _shipped_head(name: str, size: int) -> str:
    return (
        f"# The {name} Quiddler deck as qscore ships it: each card = [points, count].\n"
        f"# A table's own deck: edit the values (the counts add up to the deck's {size} cards).\n"
    )


def deck_file_text(variant: str) -> str:
    """The deck file of a variant: its shipped deck as a table may edit it, or, for a variant
    whose deck the table supplies (Junior), the template to fill in from its cards."""
    rules = variant_rules(variant)
    if rules.deck is None:
        cards = [(token, JUNIOR_KNOWN.get(token), None) for token in JUNIOR_TOKENS]
        return _file_text(_JUNIOR_HEAD, rules.name, rules.rounds, cards)
    from qscore.game.cards import load_deck

    deck = load_deck(rules.deck)
    shipped = [(token, card.points, deck.counts[token]) for token, card in deck.cards.items()]
    return _file_text(_shipped_head(rules.deck, deck.size), rules.deck, deck.rounds, shipped)


def _file_text(
    head: str, name: str, rounds: tuple[int, ...], cards: Sequence[tuple[str, int | None, int | None]]
) -> str:
    """A deck file: its head of comments, the deck's table and its cards, a value not known
    written as the marker."""

    def shown(value: int | None) -> str:
        return f'"{MARKER}"' if value is None else str(value)

    lines = [head, f"[{name}]", f"rounds = [{', '.join(map(str, rounds))}]", "", f"[{name}.cards]"]
    lines += [f"{token} = [{shown(points)}, {shown(count)}]" for token, points, count in cards]
    return "\n".join(lines) + "\n"


def letters_deck(variant: str) -> Deck:
    """A deck to judge a variant's words by where the table's is not given (Junior's): the
    cards its deck file lists, each worth nothing and as many as a deck may hold, so a word
    is judged by its letters, its double cards and the largest hand alone. What it says of
    points means nothing: a face shows no spelling judged by it."""
    from qscore.game.cards import table_deck

    rules = variant_rules(variant)
    return table_deck(rules.name, tuple((token, 0, MAX_COUNT) for token in JUNIOR_TOKENS), rules.rounds)
