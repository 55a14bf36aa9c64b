"""Benchmark: the review of a whole 8-round game, in-process and as a whole process.

    ./dev python benchmarks/review.py [RUNS]

Deals a standard game (rounds of 3 to 10 cards) to 4 players and to 8 (the most a game
takes) from a seeded shuffle, each player laying nothing (the review solves every hand
whatever was laid), and reports:
- the median in-process time of `review_game` over the whole game, the dictionary open;
- the whole-process time of `qscore review` on the 4-player game, against
  `python -c "import typer"` measured in the same run.

Issue 9's target: a whole game's review well under a second. Here: under 250 ms
in-process, and the whole process under 5x the typer baseline (about half a second
at its usual 100 ms) and under one second outright.
"""

import os
import random
import statistics
import sys
import tempfile
import time

from process import compare, qscore_command, report

from qscore.game.cards import load_deck
from qscore.game.entries import KINDS, GameConfig, LogLine
from qscore.game.scoresheet import Game
from qscore.game.spelling import _spellings
from qscore.hands.handreview import review_game
from qscore.store.storage import GameStore
from qscore.words.dictionaries import open_dictionary

SEED = 2026
TARGET_MS = 250


def dealt_game(players: int) -> tuple[GameConfig, list[tuple[str, dict[str, object]]]]:
    """A standard game's config and its laydown entries: every card of every hand unused."""
    deck = load_deck()
    cards = [t for t, n in deck.counts.items() for _ in range(n)]
    rng = random.Random(f"{SEED}-{players}")
    config = GameConfig(players=tuple(f"p{i + 1}" for i in range(players)))
    entries: list[tuple[str, dict[str, object]]] = []
    for number, size in enumerate(config.rounds, 1):
        rng.shuffle(cards)
        for i, p in enumerate(config.players):
            hand = cards[i * size : (i + 1) * size]
            entries.append(("laydown", {"round": number, "player": p, "words": [], "unused": hand, "out": False}))
    return config, entries


def in_memory(config: GameConfig, entries: list[tuple[str, dict[str, object]]]) -> Game:
    log = [LogLine(1, "created", config.to_json())]
    log += [LogLine(seq, kind, data) for seq, (kind, data) in enumerate(entries, 2)]
    return Game.from_log("bench", log)


def time_review(game: Game) -> float:
    _spellings.cache_clear()  # as a fresh process would have it
    start = time.perf_counter()
    reviews = review_game(game, open_dictionary())
    elapsed = time.perf_counter() - start
    assert len(reviews) == len(game.players) * len(game.rounds)
    return elapsed


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    open_dictionary().anagrams("a")  # build the index cache before timing
    ok = True
    for players in (4, 8):
        game = in_memory(*dealt_game(players))
        times = [time_review(game) for _ in range(runs)]
        med, worst = statistics.median(times) * 1000, max(times) * 1000
        met = med < TARGET_MS
        ok &= met
        print(
            f"review of an 8-round game, {players} players ({players * 8} hands): median {med:.1f} ms, "
            f"slowest {worst:.1f} ms (target < {TARGET_MS} ms: {'met' if met else 'NOT met'})"
        )

    with tempfile.TemporaryDirectory() as home:
        os.environ["QSCORE_HOME"] = home
        config, entries = dealt_game(4)
        store = GameStore()
        store.create(config, "bench")
        with store.appending("bench") as write:  # every hand unused, as dealt: no rule to check
            for kind, data in entries:
                write.add(KINDS[kind].from_json(data))
        result = compare(qscore_command("review", "--game", "bench"), runs)
        ok &= report("qscore review (4 players, 8 rounds)", result, 5.0)
        under = result["command_s"] < 1.0
        ok &= under
        print(f"whole process under one second: {'met' if under else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
