"""A game's rules as data: what differs between Quiddler's games is one record a game keeps,
not branches in the scoring.

The standard and Short games (rule sheets 000 and 001) play the same rules on two decks;
Quiddler Junior (rule sheet 002) plays its own: rounds of 2 to 7 cards, unused cards neither
added nor subtracted, one-card words and proper nouns allowed, one bonus of 5 points for the
longest word, and a challenge's cost subtracted from the score (RULES.md, "Variants").

``RULES`` holds each variant's record; ``variant_rules`` gives one by name, and
``played_deck`` the deck a game of it plays (GameConfig.rules gives a game's, with the house
rule the table chose).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from qscore.errors import GameError, Remedy, quoted
from qscore.game.cards import load_deck

if TYPE_CHECKING:
    from pathlib import Path


class Rules(NamedTuple):
    """What a variant's rule sheet says, as data.

    - ``deck``: the shipped deck it plays (data/decks.toml), or None when the table supplies
      its own (``--deck FILE``: no text gives every value of Junior's cards);
    - ``rounds``: the cards dealt each round, the usual schedule;
    - ``unused_count``: whether cards left in hand count against the hand;
    - ``min_cards``: the fewest cards a word takes (2: "no one-card words"; Junior: 1);
    - ``proper_nouns``: whether names are allowed words;
    - ``bonus``: the bonus the rounds play when the table names none (a key of
      scoring.BONUS_RULES), and ``bonus_points`` what each is worth;
    - ``penalty_past_zero``: whether a lost challenge's cost (the challenger's, and the
      struck word's for its owner) may take a round below zero: the standard sheet floors a
      hand at zero; Junior's says the points are subtracted from the score;
    - ``cards``: how many cards the rule sheet's deck holds (Junior's box: 103), which a
      table's deck file is held to, with a note only (a deck may have lost a card).

    A challenge costs the same in every sheet: a word that stands costs its challenger its
    points; a word struck out costs its owner its points, and counts for no bonus.
    """

    name: str
    deck: str | None
    rounds: tuple[int, ...]
    unused_count: bool = True
    min_cards: int = 2
    proper_nouns: bool = False
    bonus: str = "both"
    bonus_points: int = 10
    penalty_past_zero: bool = False
    cards: int | None = None


STANDARD = Rules("standard", "standard", (3, 4, 5, 6, 7, 8, 9, 10), cards=118)
SHORT = Rules("short", "short", (3, 4, 5, 6), cards=59)
JUNIOR = Rules(
    "junior",
    None,
    (2, 3, 4, 5, 6, 7),
    unused_count=False,
    min_cards=1,
    proper_nouns=True,
    bonus="longest",
    bonus_points=5,
    penalty_past_zero=True,
    cards=103,
)

RULES: dict[str, Rules] = {r.name: r for r in (STANDARD, SHORT, JUNIOR)}


def variant_rules(name: str) -> Rules:
    """The record of a variant named as a table types it (any case); an unknown one is an
    error naming the choices."""
    rules = RULES.get(name.strip().lower())
    if rules is None:
        raise GameError(f"unknown variant {quoted(name)}: choose {', '.join(RULES)}")
    return rules


def played_deck(
    rules: Rules, path: Path | None
) -> tuple[str, tuple[int, ...], tuple[tuple[str, int, int], ...] | None]:
    """The deck a game under ``rules`` plays, as its GameConfig keeps it: its name, its usual
    rounds, and its cards when the table supplied it (the deck file at ``path``, kept with
    the game), None for the rules' shipped deck. A variant with no shipped deck (Junior)
    needs the table's: refused without it."""
    if path is not None:
        from qscore.game.deckfile import read_deck_file  # only a game started on a deck file reads one

        table = read_deck_file(path)
        return table.name, table.rounds, table.cards
    if rules.deck is None:
        raise GameError(f"a {rules.name} game is played with the table's own deck: ", Remedy("table-deck"))
    shipped = load_deck(rules.deck)
    return shipped.key, shipped.rounds, None
