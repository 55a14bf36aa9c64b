"""Count what one `qscore score` costs the games file: SQLite connections opened, SQLite
checks of the whole file (integrity_check, quick_check, each counted), hashes of the
game's rows whole (a read from the kept replay hashes them once; the write inside takes
the game as read) and replays of the game's whole log (a game read from its kept replay,
or folding one entry in, replays none), in one process, on a game of a few rounds. A
count, not a time: it is the same on any machine.

    ./dev python benchmarks/write_path.py
"""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
from collections import Counter
from typing import Any

from qscore.cli import app, load_commands
from qscore.game import scoresheet
from qscore.store.gamelog import LogReader


def run(*args: str) -> None:
    try:
        app(list(args), standalone_mode=False)
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise


def main() -> int:
    counts: Counter[str] = Counter()
    connect, replay, hashed = sqlite3.connect, scoresheet.Replay.of, LogReader.hashed

    def counted_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = connect(*args, **kwargs)
        counts["connections"] += 1

        def traced(statement: str) -> None:
            for check in ("integrity_check", "quick_check"):
                if check in statement:
                    counts[f"whole-file checks ({check})"] += 1

        conn.set_trace_callback(traced)
        return conn

    def counted_replay(config: Any, entries: Any) -> scoresheet.Replay:
        counts["replays"] += 1
        return replay(config, entries)

    def counted_hashed(reader: LogReader, look: Any, game_id: int) -> Any:
        counts["hashes of the game's rows"] += 1
        return hashed(reader, look, game_id)

    load_commands()
    with tempfile.TemporaryDirectory() as home:
        os.environ["QSCORE_HOME"] = home
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (the command's own output)
        run("new", "ann", "ben", "cat")
        for player, word in (("ann", "at"), ("ben", "at"), ("cat", "ox")):
            run("score", player, word, "--unused", "E", "--unchecked")
        sqlite3.connect, scoresheet.Replay.of = counted_connect, counted_replay  # type: ignore[method-assign,assignment]
        LogReader.hashed = counted_hashed  # type: ignore[method-assign]
        run("score", "ann", "cat", "--unused", "E", "--unchecked")
        sys.stdout = sys.__stdout__
    checks = ("whole-file checks (integrity_check)", "whole-file checks (quick_check)")
    for what in ("connections", *checks, "hashes of the game's rows", "replays"):
        print(f"one qscore score: {counts[what]} {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
