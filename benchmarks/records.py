"""Benchmark: `qscore games` and `qscore stats` over 10, 100, 500 and 2,000 saved games,
whole process, against `python -c "import typer"` measured in the same run.

    ./dev python benchmarks/records.py [RUNS]

Each saved game is a finished standard game of 4 players: hands dealt from a seeded
shuffle, each player laying the solver's best play, its most-words play or its
longest-word play, now and then with a word left in hand, so the review finds points
missed. Ten such games are made and saved over and over under new names (the figures are
worked out per game, so repeats cost what new games would). The logs are written in one
transaction; the first `stats` then works out and keeps every game's summary (its
review too): that first run is timed once ("first"), then `games` and `stats` as they
run ever after. Issue 16's target: both within 2x the baseline at 2,000 games.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from process import compare, qscore_command, report

from qscore.cards import load_deck, parse_hand
from qscore.dictionaries import open_dictionary
from qscore.entries import GameConfig
from qscore.scoring import LaidWord
from qscore.solver import solve
from qscore.storage import GameStore

SIZES = (10, 100, 500, 2000)
TARGET = 2.0


def laid(word: LaidWord) -> str:
    return "".join(c.letters.lower() if len(c.letters) == 1 else f"({c.letters.lower()})" for c in word.cards)


def played_game(seed: int) -> tuple[GameConfig, list[dict[str, object]]]:
    """A finished standard game of 4 players: its config and its laydowns."""
    deck, dictionary = load_deck(), open_dictionary()
    cards = [t for t, n in deck.counts.items() for _ in range(n)]
    rng = random.Random(seed)
    config = GameConfig(players=("ann", "ben", "cat", "dee"))
    laydowns: list[dict[str, object]] = []
    for number, size in enumerate(config.rounds, 1):
        rng.shuffle(cards)
        for i, player in enumerate(config.players):
            hand = parse_hand(cards[i * size : (i + 1) * size], deck)
            found = solve(hand, dictionary, discard=False, deck=deck)
            play = rng.choice([found.best, found.most_words, found.longest_word])
            words, unused = [laid(w) for w in play.words], [c.token for c in play.unused]
            if words and rng.random() < 0.3:  # a word kept in hand: points missed
                unused += [c.token for c in play.words[-1].cards]
                words.pop()
            laydowns.append({"round": number, "player": player, "words": words, "unused": unused, "out": not unused})
    return config, laydowns


def saved_games(home: Path, count: int, games: list[tuple[GameConfig, list[dict[str, object]]]]) -> None:
    """``count`` games in a new games file at ``home``, written in one transaction."""
    os.environ["QSCORE_HOME"] = str(home)
    store = GameStore()
    store.create(games[0][0], "game-0001")
    conn = sqlite3.connect(store.path, isolation_level=None)
    conn.execute("BEGIN")
    conn.execute("DELETE FROM entries")
    conn.execute("DELETE FROM games")
    for n in range(count):
        config, laydowns = games[n % len(games)]
        game_id = conn.execute("INSERT INTO games (name) VALUES (?)", (f"game-{n + 1:04d}",)).lastrowid
        rows = [(game_id, 1, "created", json.dumps(config.to_json(), sort_keys=True))]
        rows += [(game_id, seq, "laydown", json.dumps(d, sort_keys=True)) for seq, d in enumerate(laydowns, 2)]
        conn.executemany("INSERT INTO entries (game_id, seq, kind, data) VALUES (?, ?, ?, ?)", rows)
    conn.execute("COMMIT")
    conn.close()


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    games = [played_game(seed) for seed in range(10)]
    ok = True
    for count in SIZES:
        with tempfile.TemporaryDirectory() as folder:
            home = Path(folder)
            saved_games(home, count, games)
            env = dict(os.environ, QSCORE_HOME=str(home))
            start = time.perf_counter()
            subprocess.run(qscore_command("stats"), env=env, stdout=subprocess.DEVNULL, check=True)
            print(f"{count} games: first stats (every game reviewed and kept): {time.perf_counter() - start:.1f} s")
            for command in ("games", "stats"):
                result = compare(qscore_command(command), runs, env=lambda env=env: env)
                met = report(f"qscore {command}, {count} games", result, TARGET)
                ok &= met or count != SIZES[-1]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
