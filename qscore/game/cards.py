"""Cards and decks: the deck tables are data (data/decks.toml, read as the module generated from
it, decks_table.py); this module parses hands and laid words."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, NamedTuple

from qscore.errors import CardError, quoted


class Card(NamedTuple):
    """One card face: its letters (one or two) and its points.

    A named tuple rather than a dataclass: the solver hashes and compares cards tens of
    thousands of times a hand, and a tuple does that in C.
    """

    letters: str
    points: int

    @property
    def token(self) -> str:
        """How the card is written in a hand: upper case, e.g. ``QU``."""
        return self.letters.upper()

    @property
    def is_double(self) -> bool:
        return len(self.letters) > 1

    def __str__(self) -> str:
        return self.token


class Deck:
    """A deck: its cards by token, how many of each it holds, and its usual round schedule.

    One object a deck (load_deck keeps it), equal only to itself, so the caches keyed by a
    deck hash it cheaply."""

    __slots__ = ("cards", "counts", "key", "rounds")

    def __init__(self, key: str, cards: dict[str, Card], counts: dict[str, int], rounds: tuple[int, ...]) -> None:
        self.key = key
        self.cards = cards
        self.counts = counts
        self.rounds = rounds

    def __repr__(self) -> str:
        return f"Deck({self.key!r})"

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    @property
    def largest_hand(self) -> int:
        """The most cards a hand holds in the deck's usual schedule: a word never needs more."""
        return max(self.rounds)

    @property
    def doubles(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards.values() if c.is_double)

    def card(self, token: str) -> Card:
        """The card written as ``token`` (any case); an unknown token is an error naming it."""
        # a card is written in ASCII: str.upper() would read a dotless i as I and a long s as S
        typed = token.strip()
        card = self.cards.get(typed.upper()) if typed.isascii() else None
        if card is None:
            apart = _apart(token.strip(), self)
            hint = f" (cards go apart: {apart})" if apart else ""
            raise CardError(
                f"unknown card {quoted(token)}: cards are single letters A-Z or {self._doubles_text()}{hint}"
            )
        return card

    def _doubles_text(self) -> str:
        return ", ".join(c.token for c in self.doubles)

    def check_counts(self, cards: Iterable[Card], what: str = "hand") -> None:
        """Refuse more copies of a card than the deck holds."""
        for card, n in Counter(cards).items():
            if n > self.counts[card.token]:
                raise CardError(
                    f"too many {card.token} cards in the {what}: {n}, the {self.key} deck has {self.counts[card.token]}"
                )


def _deck_table() -> dict[str, Any]:
    from qscore.game.decks_table import DECKS

    return DECKS


@cache
def load_deck(key: str = "standard") -> Deck:
    """Read a deck from the shipped data file."""
    table = _deck_table()
    if key not in table:
        raise CardError(f"unknown deck {quoted(key)}: choose one of {', '.join(table)}")
    entry = table[key]
    cards = {tok: Card(tok.lower(), pts) for tok, (pts, _n) in entry["cards"].items()}
    counts = {tok: n for tok, (_pts, n) in entry["cards"].items()}
    return Deck(key, cards, counts, tuple(entry["rounds"]))


@cache
def table_deck(name: str, cards: tuple[tuple[str, int, int], ...], rounds: tuple[int, ...]) -> Deck:
    """A deck the table supplied (a deck file, kept with its game): ``cards`` as (token,
    points, count). One object for the same data, as load_deck keeps a shipped deck."""
    faces = {tok.upper(): Card(tok.lower(), pts) for tok, pts, _n in cards}
    counts = {tok.upper(): n for tok, _pts, n in cards}
    return Deck(name, faces, counts, rounds)


def game_deck(deck: str, cards: tuple[tuple[str, int, int], ...] | None, rounds: tuple[int, ...]) -> Deck:
    """A game's deck: the one the table supplied and the game kept, else the shipped deck."""
    return load_deck(deck) if cards is None else table_deck(deck, cards, rounds)


def largest_deal() -> int:
    """The most cards any variant deals a player: a game's schedule never goes past its
    deck's largest round."""
    return max(max(entry["rounds"]) for entry in _deck_table().values())


_TOKEN_SPLIT = re.compile(r"[\s,]+")


def _apart(token: str, deck: Deck) -> str:
    """Letters typed together as one token (``rs``), written as the cards they are
    (``R S``); "" when they are not all cards."""
    if len(token) < 2 or not token.isalpha() or not all(ch.upper() in deck.cards for ch in token):
        return ""
    return " ".join(ch.upper() for ch in token)


def parse_hand(text: str | Sequence[str], deck: Deck | None = None, *, what: str = "hand") -> list[Card]:
    """Cards from whitespace- or comma-separated tokens in any case: ``"Q U I Z M"``, ``"qu,i,z,m"``."""
    deck = deck or load_deck()
    joined = text if isinstance(text, str) else " ".join(text)
    tokens = [t for t in _TOKEN_SPLIT.split(joined) if t]
    if not tokens:
        raise CardError(f'empty {what}: give card tokens such as "Q U I Z M"')
    cards = [_hand_card(t, deck) for t in tokens]
    deck.check_counts(cards, what)
    return cards


# no word laid, as a paper sheet says it: a dash alone (-, or the en or em dash a phone types);
# no card left in hand, where a word may have taken every card: the same, or none
_DASHES = r"[-\u2013\u2014]+"
_NO_WORDS = re.compile(_DASHES)
_NO_CARDS = re.compile(f"{_DASHES}|none", re.IGNORECASE)


def no_words(text: str) -> bool:
    """Whether words typed say no word was laid: a dash alone (play, the pages and score alike)."""
    return bool(_NO_WORDS.fullmatch(text.strip()))


def no_cards(text: str) -> bool:
    """Whether unused cards typed say no card was left: blank, a dash alone, or none."""
    return not text.strip() or bool(_NO_CARDS.fullmatch(text.strip()))


def parse_unused(text: str, deck: Deck | None = None) -> list[Card]:
    """The cards a player left in hand, as a hand's cards (no card: see ``no_cards``), in
    every face and command alike."""
    return [] if no_cards(text) else parse_hand(text, deck, what="unused cards")


def _hand_card(token: str, deck: Deck) -> Card:
    """The card of a hand's token: ``QU``, or ``(qu)`` as a laid word writes it."""
    inner = token[1:-1] if len(token) > 2 and token[0] == "(" and token[-1] == ")" else None
    if inner is None and "(" not in token:
        return deck.card(token)
    card = deck.cards.get((inner or "").upper())
    if card is None or not card.is_double:
        apart = _laid_apart(token, deck)
        raise CardError(f"unknown card {quoted(token)}: brackets hold a double card, {deck._doubles_text()}{apart}")
    return card


def _laid_apart(token: str, deck: Deck) -> str:
    """A laid word typed as one token, ``(qu)iz`` or ``(qu)(qu)``: the cards it is, apart."""
    try:
        cards = parse_laid_word(token, deck)
    except CardError:
        return ""
    return f" (cards go apart: {' '.join(c.token for c in cards)})" if len(cards) > 1 else ""


# Letters NFKD does not take apart, written as word games write them.
_LIGATURES = str.maketrans({"æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ß": "ss"})


def fold(text: str) -> str:
    """Text with its diacritics dropped, as every word game plays them: café -> cafe,
    jalapeño -> jalapeno, naïve -> naive. Case is kept. The one rule for words typed
    by a player, read from a word-list file, and built into the shipped lists.
    """
    if text.isascii():
        return text
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_LAID = re.compile(r"\(([A-Za-z]+)\)|([A-Za-z])|(.)")


_APOSTROPHE, _HYPHEN = ("an apostrophe", "contractions"), ("a hyphen", "hyphenated words")
_JOINED = {"'": _APOSTROPHE, "\u2019": _APOSTROPHE, "-": _HYPHEN}  # the mark, and the words it makes


def _not_a_card(character: str, text: str, deck: Deck) -> str:
    """Why a laid word cannot hold ``character``: the rules' reason for an apostrophe or a
    hyphen (no card carries either, and the words are not allowed), else a slip."""
    if character in _JOINED:
        mark, kind = _JOINED[character]
        return f"{mark} in laid word {quoted(text)}: no card carries one, and {kind} are not allowed"
    double = _a_double(deck)
    doubles = f", and ({double.letters}) for a double card" if double else ""
    return f"bad character {quoted(character)} in laid word {quoted(text)}: use letters{doubles}"


def _a_double(deck: Deck) -> Card | None:
    """The double card an example names: QU where the deck has it, else its first (a
    table's deck: LL), or None."""
    return deck.cards.get("QU") or next(iter(deck.doubles), None)


def _laid_example(deck: Deck) -> str:
    """A word as laid, for the deck's cards: (qu)iz, or a table's deck's double card alone."""
    double = _a_double(deck)
    return "(qu)iz" if double is not None and double.token == "QU" else f"({double.letters})" if double else "ox"


def parse_laid_word(text: str, deck: Deck | None = None) -> list[Card]:
    """The cards of a word as laid down: letters are single cards, ``(qu)`` is the QU card.

    ``(qu)iz`` is QU·I·Z and ``quiz`` is Q·U·I·Z.
    """
    deck = deck or load_deck()
    cards: list[Card] = []
    for m in _LAID.finditer(fold(text).strip()):
        double, single, other = m.groups()
        if other is not None:
            raise CardError(_not_a_card(other, text, deck))
        token = double or single
        card = deck.cards.get(token.upper())
        if card is None:
            raise CardError(f"no card ({token}) in laid word {quoted(text)}: double cards are {deck._doubles_text()}")
        if double is not None and not card.is_double:
            raise CardError(
                f"({token}) in laid word {quoted(text)} is a single card: "
                f"brackets hold a double card, {deck._doubles_text()}"
            )
        cards.append(card)
    if not cards:
        raise CardError(f"empty word: write the word as laid, e.g. {_laid_example(deck)}")
    return cards


def format_laid(cards: Sequence[Card]) -> str:
    """The laid-word notation of a card sequence: the inverse of :func:`parse_laid_word`."""
    return "".join(f"({c.letters})" if c.is_double else c.letters for c in cards)


def laid_letters(laid: str) -> str:
    """The word a laid notation spells: ``(qu)iz`` -> ``quiz``, ``café`` -> ``cafe``."""
    return fold(laid).replace("(", "").replace(")", "").lower()


def format_cards(cards: Iterable[Card]) -> str:
    """Cards joined with a middle dot, as the rule texts write them: QU·I·Z."""
    return "·".join(c.token for c in cards)


def points(cards: Iterable[Card]) -> int:
    return sum(c.points for c in cards)
