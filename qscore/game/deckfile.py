"""A deck the table supplies: a TOML file in the shape of data/decks.toml, read and checked.

    [junior]
    rounds = [2, 3, 4, 5, 6, 7]

    [junior.cards]
    A = [1, 10]      # card = [points, count]
    LL = [3, 2]      # a double card, laid as (ll)

One table names the deck; ``rounds`` is its usual schedule; ``cards`` gives each card's
points and how many the deck holds. Every fault is one line naming the file and the line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from qscore.errors import CardError, quoted


class DeckFile(NamedTuple):
    """A table's deck as read: its name, its usual rounds, and each card as (token, points, count)."""

    name: str
    rounds: tuple[int, ...]
    cards: tuple[tuple[str, int, int], ...]


def read_deck_file(path: Path) -> DeckFile:
    """The deck in the file at ``path``, checked; CardError naming the file (and the line) if not."""
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        raise CardError(f"no deck file {quoted(str(path))}") from None
    except (OSError, UnicodeDecodeError) as err:
        raise CardError(
            f"deck file {quoted(str(path))} cannot be read: {getattr(err, 'strerror', None) or err}"
        ) from None
    return parse_deck(text, str(path))


def parse_deck(text: str, source: str) -> DeckFile:
    """The deck a deck file's ``text`` describes, checked (``source`` names it in an error)."""
    import tomllib

    try:
        table: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise CardError(f"deck file {quoted(source)}: {err}") from None
    if len(table) != 1 or not isinstance(next(iter(table.values())), dict):
        raise CardError(f"deck file {quoted(source)}: give one table named for the deck, such as [junior]")
    name, deck = next(iter(table.items()))
    rounds = deck.get("rounds")
    if not isinstance(rounds, list) or not rounds or not all(type(n) is int and n >= 1 for n in rounds):
        raise CardError(
            f"deck file {quoted(source)}: rounds = [...] gives the cards dealt each round, such as [2, 3, 4]"
        )
    cards = deck.get("cards")
    if not isinstance(cards, dict) or not cards:
        raise CardError(f"deck file {quoted(source)}: a [{name}.cards] table gives each card as CARD = [points, count]")
    faces = []
    for token, value in cards.items():
        if not (token.isascii() and token.isalpha() and len(token) <= 2):
            raise CardError(f"deck file {quoted(source)}: card {quoted(token)}: a card is one or two letters")
        if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int and v >= 0 for v in value)):
            raise CardError(
                f"deck file {quoted(source)}: card {token.upper()}: give [points, count], two whole numbers"
            )
        faces.append((token.upper(), value[0], value[1]))
    return DeckFile(name, tuple(rounds), tuple(faces))
