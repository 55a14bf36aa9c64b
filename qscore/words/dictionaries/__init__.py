"""Dictionaries: which words a Quiddler table allows, behind one small interface.

The judge's parts, one job a module:

- ``reasons``: why a word is refused, as shown;
- ``base``: the interface every dictionary implements, and the one order in which its
  evidence becomes a reason;
- ``wordfiles``: word-list files and the DAWG index each is read through;
- ``rejects``: what the shipped lists say beyond their words (the words left out and
  why, accented spellings, the words never suggested);
- ``backends``: the kinds of dictionary (a word list, a system hunspell dictionary,
  words in memory, house lists on any of them) and the shipped lists;
- ``proposed``: a dictionary less the words qscore never proposes, for every search
  that offers a play;
- ``sources``: choosing one by name, through one registry of sources (a new source
  goes there);
- ``verdicts``: judging a word as typed or laid.

What the rest of qscore uses is named here.
"""

from qscore.game.choices import DEFAULT_DICTIONARY
from qscore.words.dictionaries.backends import (
    CANDIDATE_LIST,
    EVERYDAY,
    SHIPPED,
    WORDGAME,
    EnchantDictionary,
    HouseRules,
    WordListDictionary,
    WordSet,
)
from qscore.words.dictionaries.base import Dictionary
from qscore.words.dictionaries.reasons import (
    ABBREVIATION,
    AFFIX,
    APOSTROPHE,
    APOSTROPHE_LEFT_OUT,
    BAD_CHARACTERS,
    CHAT_ABBREVIATION,
    HOUSE_DENIED,
    HYPHENATED,
    LETTER_ALONE,
    NOT_ENGLISH,
    NOT_IN_DICTIONARY,
    ONE_CARD,
    ONE_LETTER_WORDS,
    PROPER_NOUN,
    ROMAN_NUMERAL,
    UNIT_SYMBOL,
)
from qscore.words.dictionaries.sources import DictionaryInfo, dictionary_name, list_dictionaries, open_dictionary
from qscore.words.dictionaries.verdicts import Verdict, judge, read_typed, refusal_reason, typed_word
from qscore.words.dictionaries.wordfiles import MAX_HOUSE_WORDS, HouseListTooLarge, read_word_file

__all__ = [
    "ABBREVIATION",
    "AFFIX",
    "APOSTROPHE",
    "APOSTROPHE_LEFT_OUT",
    "BAD_CHARACTERS",
    "CANDIDATE_LIST",
    "CHAT_ABBREVIATION",
    "DEFAULT_DICTIONARY",
    "EVERYDAY",
    "HOUSE_DENIED",
    "HYPHENATED",
    "LETTER_ALONE",
    "MAX_HOUSE_WORDS",
    "NOT_ENGLISH",
    "NOT_IN_DICTIONARY",
    "ONE_CARD",
    "ONE_LETTER_WORDS",
    "PROPER_NOUN",
    "ROMAN_NUMERAL",
    "SHIPPED",
    "UNIT_SYMBOL",
    "WORDGAME",
    "Dictionary",
    "DictionaryInfo",
    "EnchantDictionary",
    "HouseListTooLarge",
    "HouseRules",
    "Verdict",
    "WordListDictionary",
    "WordSet",
    "dictionary_name",
    "judge",
    "list_dictionaries",
    "open_dictionary",
    "read_typed",
    "read_word_file",
    "refusal_reason",
    "typed_word",
]
