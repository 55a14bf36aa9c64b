"""The fixed choices a table makes, as types: the command line's parser offers them and the
scorekeeper takes them. Nothing is imported here, so a run that only parses pays nothing.

tests/test_cli_check.py holds Variant to the decks of data/decks.toml and Bonus to the
bonus rules of qscore.game.scoring.
"""

from typing import Literal

Variant = Literal["standard", "short", "junior"]  # a record of qscore.game.variants
Bonus = Literal["both", "longest", "most", "none"]  # which bonuses the rounds play
TwoBonus = Literal["longest", "most", "none"]  # what two players left with both choose
Ruling = Literal["valid", "invalid"]  # a table's paper ruling on a challenged word
# who asks for a write: the table (its page, under the table's code), which lays down in the
# round being played and nothing else, or the scorekeeper (their page, or a terminal)
Asker = Literal["table", "scorekeeper"]

# The word lists qscore ships (qscore.words.dictionaries says what each holds), and the one a
# game takes when it names none: a name the parser's help gives without loading the judge.
EVERYDAY = "everyday"
WORDGAME = "wordgame"
DEFAULT_DICTIONARY = EVERYDAY
