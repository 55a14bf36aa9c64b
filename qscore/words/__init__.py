"""The words: which words a Quiddler table allows, what they mean, and what a slip meant.

- ``dictionaries``: the word judge behind one small interface (its ``__init__`` names what
  the rest of qscore uses);
- ``system_dictionaries``: hunspell through enchant, light to import, so the entry point
  begins opening one before the rest loads;
- ``suggestions``: suggestions for a misspelling, by edits and by sound;
- ``meanings``: short meanings, read lazily from ``data/meanings.bin``.

It imports ``qscore.game`` (cards and spellings, for a word's points), ``qscore.errors`` and
``qscore.paths``, and nothing else of qscore (tests/test_layers.py). This ``__init__``
imports nothing: the entry point imports ``system_dictionaries`` alone, early.
"""
