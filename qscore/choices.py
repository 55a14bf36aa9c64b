"""The fixed choices a table makes, as types: the command line's parser offers them and the
scorekeeper takes them. Nothing is imported here, so a run that only parses pays nothing.

tests/test_cli_check.py holds Variant to the decks of data/decks.toml and Bonus to the
bonus rules of qscore.scoring.
"""

from typing import Literal

Variant = Literal["standard", "short"]  # a deck of data/decks.toml
Bonus = Literal["both", "longest", "most", "none"]  # which bonuses the rounds play
TwoBonus = Literal["longest", "most", "none"]  # what two players left with both choose
Ruling = Literal["valid", "invalid"]  # a table's paper ruling on a challenged word
