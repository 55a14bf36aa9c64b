"""Double cards in sight: a word typed in letters that could have been laid with a double
card (QU, IN, ER, CL, TH), and which spelling fits the cards a hand was dealt.

``clef`` typed in letters is C·L·E·F (19 points); laid with the CL card it is CL·E·F
(18). The notation the table types decides the score, so qscore says when another
spelling was possible, and when the hand size settles it (a laydown's cards must add up
to the cards dealt), takes the one spelling that fits and says which. Pure: nothing
here prints.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from typing import NamedTuple

from qscore.game.cards import Card, Deck, format_laid, laid_letters
from qscore.game.spelling import spell_word

# Respelling a laydown tries every combination of its words' spellings; a laydown of a
# dozen double-card words would be millions, so the search stops here and says nothing.
MOST_COMBINATIONS = 4096


def in_letters(text: str) -> bool:
    """Whether a word was typed in letters only: no double card named in brackets."""
    return "(" not in text


def double_spellings(text: str, deck: Deck) -> list[tuple[Card, ...]]:
    """The other ways to lay a word typed in letters, each with a double card, fewest
    double cards first; none for a word typed with brackets (the table said which)."""
    if not in_letters(text):
        return []
    found = [s.cards for s in spell_word(laid_letters(text), deck) if any(c.is_double for c in s.cards)]
    return sorted(found, key=lambda cards: (sum(c.is_double for c in cards), format_laid(cards)))


def double_hint(cards: Sequence[Card]) -> str:
    """``if CL was one card: (cl)ef, 18`` for a spelling with double cards."""
    doubles = [c.token for c in cards if c.is_double]
    said = f"{doubles[0]} was one card" if len(doubles) == 1 else f"{' and '.join(doubles)} were one card each"
    return f"if {said}: {format_laid(cards)}, {sum(c.points for c in cards)}"


class Respelled(NamedTuple):
    """A word the hand size settled: typed as ``typed``, laid as ``cards``."""

    typed: str
    cards: tuple[Card, ...]

    @property
    def laid(self) -> str:
        return format_laid(self.cards)


def fits(
    words: Sequence[str], laid: Sequence[Sequence[Card]], cards: int, deck: Deck, *, at_most: bool = False
) -> list[list[tuple[Card, ...]]]:
    """Every way to lay the words so they take exactly ``cards`` cards (with ``at_most``,
    no more than that: the cards left in hand are not known yet).

    ``laid`` is each word's cards as typed. Only words typed in letters are respelled,
    and only with double cards; none when the search would be too long.
    """
    choices = [[tuple(c), *double_spellings(w, deck)] for w, c in zip(words, laid, strict=True)]
    total = 1
    for options in choices:
        total *= len(options)
    if total > MOST_COMBINATIONS:
        return []
    taking = (lambda n: n <= cards) if at_most else (lambda n: n == cards)
    return [list(picked) for picked in product(*choices) if taking(sum(map(len, picked)))]


def respell(words: Sequence[str], laid: Sequence[Sequence[Card]], cards: int, deck: Deck) -> list[Respelled] | None:
    """The words laid so they take exactly ``cards`` cards, when only one way does."""
    found = fits(words, laid, cards, deck)
    if len(found) != 1:
        return None
    return [Respelled(w, c) for w, c in zip(words, found[0], strict=True)]


def fitting_text(
    words: Sequence[str], laid: Sequence[Sequence[Card]], cards: int, deck: Deck, *, at_most: bool = False
) -> str:
    """When several spellings fit (``fits``): ``thin could be (th)in or th(in)``, or, when
    more than one word could change, the whole laydowns: ``quiz the could be laid (qu)iz
    the or quiz (th)e``; "" when fewer than two fit."""
    found = fits(words, laid, cards, deck, at_most=at_most)
    if len(found) < 2:
        return ""
    varying = [i for i in range(len(words)) if len({f[i] for f in found}) > 1]
    if len(varying) == 1:
        (i,) = varying
        return f"{words[i]} could be {_either(format_laid(f[i]) for f in found)}"
    ways = (" ".join(format_laid(f[i]) for i in varying) for f in found)
    return f"{' '.join(words[i] for i in varying)} could be laid {_either(ways)}"


def _either(ways: Iterable[str], shown: int = 8) -> str:
    """``a or b or c``, the first ``shown`` of them and how many more (a word of three
    double-card pairs, such as clothing, has seven other spellings: all shown)."""
    listed = list(dict.fromkeys(ways))
    left = len(listed) - shown
    more = f" or {left} more way{'s' if left > 1 else ''}" if left > 0 else ""
    return " or ".join(listed[:shown]) + more


def could_drop(text: str, token: str, deck: Deck) -> tuple[Card, ...] | None:
    """A double-card spelling of a word typed in letters that takes fewer ``token`` cards
    than its letters do (``thud`` as TH·U·D needs no T card), or None."""
    if len(token) != 1:
        return None  # typed in letters, a word holds no double card to give up
    typed = laid_letters(text).count(token.lower())
    for cards in double_spellings(text, deck):
        if sum(1 for c in cards if c.token == token) < typed:
            return cards
    return None
