"""The game: what lies on the table and how it scores, and a game's sheet as its log replayed.

- ``cards``, ``decks_table``: the cards and decks (``data/decks.toml``), and laid notation;
- ``spelling``, ``doubles``: every way to lay a word with cards; a typed word's double cards;
- ``scoring``: one round's scores from the hands played;
- ``choices``: the fixed choices a table makes (variant, bonus, ruling), as types;
- ``entries``: a game's log, one typed entry a kind, its stored JSON in one place;
- ``rules``: the checks an entry must pass before it is written;
- ``names``: names as qscore matches them, what a name may hold, names that look alike;
- ``closing``: the game's end, closed by the scorekeeper once the last challenges are settled;
- ``scoresheet``: a game replayed from its log: rounds, totals, leaders;
- ``gamefigures``, ``stats``, ``gamelines``: one game's figures, figures across games, and
  what ``games`` lists of a game.

It imports nothing of qscore but itself, ``qscore.errors``, ``qscore.paths`` and ``qscore.startup``
(tests/test_layers.py): the words, the hands and the store stand on it.
"""
