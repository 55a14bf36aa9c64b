"""Count what one `qscore score` costs the games file: SQLite connections opened, SQLite
checks of the whole file (integrity_check, quick_check, each counted) and replays of the
game's log (the read that checks the laydown, the read inside the write, the game after
it), in one process, on a game of a few rounds. A count, not a time: it is the same on
any machine.

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


def run(*args: str) -> None:
    try:
        app(list(args), standalone_mode=False)
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise


def main() -> int:
    counts: Counter[str] = Counter()
    connect = sqlite3.connect

    def counted_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = connect(*args, **kwargs)
        counts["connections"] += 1

        def traced(statement: str) -> None:
            for check in ("integrity_check", "quick_check"):
                if check in statement:
                    counts[f"whole-file checks ({check})"] += 1

        conn.set_trace_callback(traced)
        return conn

    class CountedReplay(scoresheet.Replay):
        def __init__(self, *args: Any) -> None:
            counts["replays"] += 1
            super().__init__(*args)

    load_commands()
    with tempfile.TemporaryDirectory() as home:
        os.environ["QSCORE_HOME"] = home
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (the command's own output)
        run("new", "ann", "ben", "cat")
        for player, word in (("ann", "at"), ("ben", "at"), ("cat", "ox")):
            run("score", player, word, "--unused", "E", "--unchecked")
        sqlite3.connect, scoresheet.Replay = counted_connect, CountedReplay  # type: ignore[misc]
        run("score", "ann", "cat", "--unused", "E", "--unchecked")
        sys.stdout = sys.__stdout__
    checks = ("whole-file checks (integrity_check)", "whole-file checks (quick_check)")
    for what in ("connections", *checks, "replays"):
        print(f"one qscore score: {counts[what]} {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
