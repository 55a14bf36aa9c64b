"""A word judged under a game's rules: the dictionary the table chose when the game started
(its house lists applied), the game's deck, and its largest hand. Every use-case and face
that judges a word of a game (a laydown, a challenge, the sheet's flagged words, play's
checks, the page's word box) asks a ``GameJudge``; none opens a dictionary itself.

No dictionary is kept between calls: opening the game's again costs the page's word box
under 4 ms on a shipped list and 34 ms on hunspell's en_US, no wait a table notices.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from qscore.errors import DictionaryError, QscoreError, Remedy

if TYPE_CHECKING:
    from qscore.game.cards import Deck
    from qscore.game.choices import Ruling
    from qscore.game.scoresheet import Game
    from qscore.scorekeeper.tablewords import TableWord
    from qscore.words.dictionaries import Dictionary, Verdict


class GameJudge(NamedTuple):
    """A game's words judged as the game's rules judge them: its dictionary and house lists,
    a word laid from its deck in a hand of at most its largest deal, of at least the cards
    its rules ask (``min_cards``), names allowed where they allow them (``proper_nouns``)."""

    dictionary: Dictionary
    deck: Deck
    most: int  # the largest hand the game deals
    min_cards: int = 2
    proper_nouns: bool = False

    def verdict(self, text: str, *, suggest: bool = False) -> Verdict:
        """A word as typed or laid (``(qu)iz``), judged; with what it may have meant when ``suggest``."""
        from qscore.words.dictionaries import judge

        return judge(
            text,
            self.dictionary,
            self.deck,
            max_cards=self.most,
            suggest=suggest,
            min_cards=self.min_cards,
            proper_nouns=self.proper_nouns,
        )

    def refused(self, words: Iterable[str], *, suggest: bool = False) -> list[Verdict]:
        """The verdicts on the words the game's rules refuse, in the order given."""
        return [v for v in (self.verdict(w, suggest=suggest) for w in words) if not v.allowed]

    def allows(self, word: str) -> bool:
        return self.verdict(word).allowed


def game_dictionary(game: Game) -> Dictionary:
    """The dictionary the table chose when the game started, house lists included."""
    from qscore.words.dictionaries import open_dictionary

    c = game.config
    return open_dictionary(c.dictionary, c.allow, c.deny)


def game_judge(game: Game, dictionary: Dictionary | None = None) -> GameJudge:
    """The judge of a game's words: its dictionary (``dictionary``, if open already: play
    opens it once for the evening) under its deck, largest hand and rules."""
    rules = game.config.rules
    most = max(game.config.rounds)
    return GameJudge(dictionary or game_dictionary(game), game.deck, most, rules.min_cards, rules.proper_nouns)


def challenge_verdict(
    game: Game, laid: str, ruling: Ruling | None, dictionary: Dictionary | None = None
) -> tuple[bool, str, str | None]:
    """How a challenge of the word ``laid`` is settled: whether it stands, by what (the
    game's ``dictionary`` and rules, or the ``table``'s paper ruling) and the judge's reason.
    Without a ruling the game's judge decides, before the write (opening hunspell can take
    a while, and a second terminal waits while a write is open; a game's dictionary never
    changes); one that cannot open is said with the paper ruling that settles it. A paper
    ruling letting stand a name the game's rules allow (Junior's) agrees with the rules, and
    is settled by them: it is no table's word for a game whose rules refuse names."""
    from qscore.words.dictionaries import PROPER_NOUN

    if ruling is not None:
        if ruling == "valid" and game.config.rules.proper_nouns:
            try:
                verdict = game_judge(game, dictionary).verdict(laid)
            except DictionaryError:  # the paper decides, as it was asked to
                return True, "table", None
            if verdict.allowed and verdict.reason == PROPER_NOUN:
                return True, "dictionary", verdict.reason
        return ruling == "valid", "table", None
    try:
        verdict = game_judge(game, dictionary).verdict(laid)
    except DictionaryError as exc:
        raise DictionaryError(
            "the game's dictionary cannot be opened (",
            *exc.parts,
            "): nothing was recorded; settle it with a paper dictionary: ",
            Remedy("paper-ruling"),
        ) from None
    return verdict.allowed, "dictionary", verdict.reason


def refused_words(
    game: Game, laid: list[str], dictionary: Dictionary | None = None, *, suggest: bool = False
) -> list[Verdict]:
    """The words the game's dictionary refuses, judged as laid, with what each may have
    meant when ``suggest``; the dictionary is ``dictionary`` if open already, and is not
    opened for no word."""
    return game_judge(game, dictionary).refused(laid, suggest=suggest) if laid else []


def dictionary_against(game: Game, word: str, valid: bool, dictionary: Dictionary | None = None) -> Verdict | None:
    """The game's dictionary's verdict on a word the table ruled on by paper (``valid``),
    when the two disagree; None when they agree, or when the dictionary cannot be opened
    (the paper ruled because it could not: nothing to compare)."""
    try:
        verdict = game_judge(game, dictionary).verdict(word)
    except QscoreError:
        return None
    return verdict if verdict.allowed != valid else None


def what_decided(
    game: Game, word: str, ruling: str, valid: bool, dictionary: Dictionary | None = None
) -> tuple[Verdict | None, TableWord | None]:
    """What decided a settled challenge beyond its ruling: the game's dictionary's verdict a
    paper ruling went against (dictionary_against), and the table's ruling the game recorded
    at its start for the word (tablewords.kept_rulings), if any; nothing to read for a paper
    ruling the dictionary agrees with."""
    from qscore.game.cards import laid_letters
    from qscore.scorekeeper.tablewords import kept_rulings

    against = dictionary_against(game, word, valid, dictionary) if ruling == "table" else None
    if ruling == "table" and against is None:
        return None, None
    return against, kept_rulings(game).get(laid_letters(word))


def table_ruling(v: Verdict) -> TableWord | None:
    """The table's ruling that decided a judged word, as check says it; None when none
    did, or the table's words cannot be read (the verdict stands on its own)."""
    from qscore.scorekeeper.tablewords import deciding_ruling, table_words

    try:
        return deciding_ruling(table_words().words, v)
    except QscoreError:
        return None


def word_verdict(game: Game, text: str) -> Verdict:
    """A word asked about at the table (the page's word box): judged under the game's rules,
    with what it may have meant."""
    return game_judge(game).verdict(text, suggest=True)
