"""Judging a word as a player typed it or laid it: allowed or not, the reason, every
way to lay it, and what the player may have meant.

Everything that reads a typed word folds its diacritics first with
:func:`qscore.game.cards.fold`, the rule the shipped lists are built with: café is cafe.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from qscore.errors import CardError, WordError, quoted
from qscore.game.cards import Deck, fold, load_deck, parse_laid_word
from qscore.game.spelling import MIN_CARDS, Spelling, cards_reason, fewest_cards, spell_word, unlayable_reason
from qscore.words.dictionaries.base import Dictionary, word_budget
from qscore.words.dictionaries.reasons import (
    APOSTROPHE,
    BAD_CHARACTERS,
    HYPHENATED,
    LETTER_ALONE,
    ONE_CARD,
    ONE_LETTER_WORDS,
    PROPER_NOUN,
)
from qscore.words.dictionaries.rejects import REJECTS
from qscore.words.dictionaries.wordfiles import WORD

if TYPE_CHECKING:
    from qscore.words.definitions import Definition
    from qscore.words.suggestions import Budget

_CARD_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
SHOWN = 5  # the suggestions a verdict offers at most
_LAID_MARKS = frozenset("()")
_JOINERS = frozenset("-'")


class _Judged(NamedTuple):
    word: str
    allowed: bool
    reason: str | None
    spellings: tuple[Spelling, ...]
    suggestions: tuple[str, ...] = ()
    # the words meant that the deck spells but no hand holds enough cards for, where none
    # fits: refridgerator's refrigerator, shown as needing more cards than a hand holds
    too_long: tuple[str, ...] = ()


class Verdict(_Judged):
    """Whether a word is allowed, why not, and every way to lay it. A word the game's rules
    allow though the dictionary would not (a name, where names are allowed) is allowed with
    the dictionary's reason kept: ``proper noun``."""

    __slots__ = ()

    def __new__(
        cls,
        word: str,
        allowed: bool,
        reason: str | None,
        spellings: tuple[Spelling, ...],
        suggestions: tuple[str, ...] = (),
        too_long: tuple[str, ...] = (),
    ) -> Verdict:
        # The one point every suggestion passes, whatever found it and wherever it is
        # shown (check, define, score, play, the web page, --json): a word never suggested
        # (dictionaries/README.md, "Words never suggested") and one qscore never proposes,
        # which a table could not defend ("Words never proposed": zack, no meaning on file),
        # are dropped here, then the best SHOWN are kept.
        if suggestions or too_long:
            from qscore.words.dictionaries.proposed import is_proposed

            suggestions = tuple(filter(is_proposed, suggestions))[:SHOWN]
            too_long = tuple(filter(is_proposed, too_long))[:SHOWN]
        return super().__new__(cls, word, allowed, reason, spellings, suggestions, too_long)

    def definition(self) -> Definition:
        """What is on file for the word judged. The suffix rules (cats: plural of cat) are
        used only for a word the dictionary allows: alone they would read quizs as a plural."""
        from qscore.words.definitions import define

        return define(self.word, regular=self.allowed)


def typed_word(text: str) -> str:
    """A word as a player typed it, made ready to judge: trimmed, accents dropped as the
    shipped lists drop them (café is cafe), in lower case, a typographic apostrophe
    (U+2019, as phones type it) as the plain one."""
    return fold(text.strip()).lower().replace("\u2019", "'")


def read_typed(text: str, deck: Deck | None = None) -> str:
    """A typed word (or laid word, ``(qu)iz``, of ``deck``'s cards) ready to judge, or a
    WordError naming it: an empty word, or characters no card carries. A hyphen or an
    apostrophe passes: a hyphenated word or a contraction is a word the rules refuse, not a
    slip of the keys."""
    word = typed_word(text)
    if not word:
        raise WordError("empty word: give a word such as quiz")
    if _LAID_MARKS & set(word):
        parse_laid_word(word, deck)  # its errors name the word and what is wrong
        return word
    stray = sorted(set(word) - _CARD_LETTERS - _JOINERS)
    if any(c.isdigit() for c in stray):
        raise WordError(f"{quoted(text.strip())} has digits: cards carry letters only")
    if stray:
        shown = ", ".join("a space" if c.isspace() else repr(c) for c in stray)
        raise WordError(f"{quoted(text.strip())} has {shown}, which no card carries")
    if not set(word) - _JOINERS:
        raise WordError(f"{quoted(text.strip())} has no letters: give a word such as quiz")
    return word


def judge(
    text: str,
    dictionary: Dictionary,
    deck: Deck | None = None,
    *,
    max_cards: int | None = None,
    suggest: bool | Budget = True,
    min_cards: int = MIN_CARDS,
    proper_nouns: bool = False,
) -> Verdict:
    """Judge one word as a player typed it (any case), or as laid: ``(qu)iz`` is QU·I·Z.

    Its spellings are those a table can lay with ``deck`` in a hand of ``max_cards``
    (default: the deck's largest hand), or only the laid one. The reason of a refusal
    is :func:`refusal_reason`'s. ``suggest`` may be the budget a run's suggestions share.
    The game's rules: a word takes at least ``min_cards`` cards, and with ``proper_nouns``
    a name is allowed (the verdict keeps the dictionary's reason, "proper noun").
    """
    deck = deck or load_deck()
    most = deck.largest_hand if max_cards is None else max_cards
    word, reason, spellings = refusal_reason(typed_word(text), dictionary, deck, most, min_cards=min_cards)
    if proper_nouns and reason is not None and spellings and REJECTS.first_name(word):
        # a first name, whatever else the lists call it (Ann, Mia: abbreviations; Sam:
        # wordgame's word): where names are words, a name it is
        reason = PROPER_NOUN
    allowed = reason is None or (proper_nouns and reason == PROPER_NOUN)
    near: tuple[str, ...] = ()
    too_long: tuple[str, ...] = ()
    # a refused word's close allowed words, whatever the reason: Teh, OK, bubble, co-op
    if suggest is not False and not allowed and reason != BAD_CHARACTERS:
        budget = word_budget(None) if suggest is True else suggest
        near, too_long = _suggestions(word, dictionary, deck, most, budget, min_cards)
    return Verdict(word, allowed, reason, spellings, near, too_long)


def refusal_reason(
    word: str, dictionary: Dictionary, deck: Deck, most: int, *, min_cards: int = MIN_CARDS
) -> tuple[str, str | None, tuple[Spelling, ...]]:
    """The word judged (a laid word as its letters), why it is refused or None, and the
    spellings a table can lay. The reasons, in the one order every dictionary follows,
    each given only on its evidence:

    1. bad form: characters no card carries, or brackets round no double card;
    2. an apostrophe (don't); 3. a hyphen (co-op);
    4. fewer than ``min_cards`` cards (a, or a laid (qu), where a word takes two); where
       one card may be a word, a letter alone but a and I (b, x: the letter's name);
    5. the deck or the hand cannot supply it (bubble: 3 B; 12 cards);
    6.-9. the dictionary's reasons (:func:`dictionary_reason`): a bare prefix or
       suffix, a Roman numeral, an abbreviation, a contraction typed without its
       apostrophe or a foreign word, a proper noun, not in the dictionary.
    """
    if _LAID_MARKS & set(word):
        try:
            cards = tuple(parse_laid_word(word, deck))
        except CardError:
            return word, BAD_CHARACTERS, ()
        word = "".join(c.letters for c in cards)
        if len(cards) < min_cards:
            return word, ONE_CARD, ()
        if len(word) == 1 and word not in ONE_LETTER_WORDS:
            return word, LETTER_ALONE, ()
        short = cards_reason(cards, deck, most)
        if short:
            return word, short, ()
        return word, dictionary.refusal(word), (Spelling(cards),)
    if not WORD.fullmatch(word.replace("-", "").replace("'", "")):
        return word, BAD_CHARACTERS, ()
    if "'" in word:
        return word, APOSTROPHE, ()
    if "-" in word:
        return word, HYPHENATED, ()
    if len(word) < min_cards:
        return word, ONE_CARD, ()
    if len(word) == 1 and word not in ONE_LETTER_WORDS:
        return word, LETTER_ALONE, ()
    spellings = tuple(spell_word(word, deck, max_cards=most, min_cards=min_cards))
    if not spellings:
        return word, unlayable_reason(word, deck, max_cards=most), ()
    return word, dictionary.refusal(word), spellings


def _suggestions(
    word: str, dictionary: Dictionary, deck: Deck, most: int, budget: Budget, min_cards: int = MIN_CARDS
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Allowed words near a refused one that the table could lay, best first: the word
    without its hyphens or apostrophes first, when that is one (coop for co-op), then the
    dictionary's own. BUBBLE is no answer to BUBBEL. Where a misspelling needs more cards
    than the hand holds, what the player meant does too: those the deck spells come
    second, to be shown as such (refridgerator: refrigerator). The Verdict drops the words
    never suggested and keeps the first SHOWN of each."""
    from qscore.words.suggestions import MAX_LETTERS

    joined = word.replace("-", "").replace("'", "")
    if len(joined) > MAX_LETTERS:
        return (), ()
    known = dictionary.contains(joined)
    budget.start_word(deep=not known)  # a word the dictionary holds is no typo: one edit
    found = [joined] if joined != word and dictionary.refusal(joined) is None else []
    found += dictionary.suggest(joined, 20, budget)  # more than shown: some may need cards the deck lacks
    near = [w for w in dict.fromkeys(found) if w != word]
    fewest = fewest_cards(joined, deck)
    if fewest is not None and fewest > most:
        # a word the dictionary holds (interpretation) is meant as typed: no other offered
        return (), () if known else tuple(w for w in near if spell_word(w, deck, max_cards=len(w)))
    return tuple(w for w in near if spell_word(w, deck, max_cards=most, min_cards=min_cards)), ()
