"""The store: the games file, each game's log read back checked, and what is kept beside it.

- ``storage``: ``GameStore``, the log of entries per game, the one way into the file;
- ``gamesfile``: the SQLite file: opened, identified, made whole;
- ``filefailures``: its failures (SQLite's and the system's errors) told as their cause;
- ``gamelog``: a game's log read back and checked;
- ``keptfigures``: each game's summary, kept beside the log;
- ``rulings``: the table's paper rulings and the table's own log, read and written;
- ``ruledcopy``: the copy of the rulings beside the logs, kept by triggers.

Only the application layer (``qscore.scorekeeper``) imports it; it imports ``qscore.game``
(the entries and the replayed game), ``qscore.errors`` and ``qscore.paths``, and nothing else
of qscore (tests/test_layers.py). ``sqlite3`` is imported here and nowhere else.
"""
