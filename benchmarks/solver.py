"""Benchmark: the hand solver on fixed hands, in-process and as a whole process.

    ./dev python benchmarks/solver.py [HANDS_PER_SIZE]

Reports, on the default dictionary:
- the median in-process time of `solve` (best play, both bonus plays, default discard)
  per hand size, 3 to 11 cards, and for a 12-15 card stress set;
- the whole-process time of `qscore best` on an 11-card hand against
  `python -c "import typer"`, as a ratio measured in the same run;
- peak memory: Python allocations while solving the largest hand, and the peak RSS of
  the whole `qscore best` process.

Issue 3's targets: 11 cards under 30 ms (median), the process under 2x the baseline,
15 cards under one second.
"""

import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc

from process import compare, qscore_command, report

from qscore.game.cards import load_deck
from qscore.game.spelling import _spellings
from qscore.hands.solver import solve
from qscore.words.dictionaries import open_dictionary

SEED = 2026


def fixed_hands(size: int, count: int) -> list[list]:
    """``count`` hands of ``size`` cards dealt from a shuffled deck; the same every run."""
    deck = load_deck()
    cards = [deck.cards[t] for t, n in deck.counts.items() for _ in range(n)]
    rng = random.Random(f"{SEED}-{size}")
    hands = []
    for _ in range(count):
        rng.shuffle(cards)
        hands.append(sorted(cards[:size]))
    return hands


def time_solve(hand, dictionary) -> float:
    _spellings.cache_clear()  # as a fresh process would have it
    start = time.perf_counter()
    solve(hand, dictionary)
    return time.perf_counter() - start


def opened_dictionary():
    """The default dictionary with its anagram index open, so no timing pays for opening it."""
    dictionary = open_dictionary()
    dictionary.anagrams("a")
    return dictionary


def main() -> int:
    per_size = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    dictionary = opened_dictionary()
    ok = True
    print(f"in-process median of {per_size} fixed hands per size (solve: best, most words, longest word)")
    print("cards  median ms  max ms")
    for size in range(3, 16):
        times = [time_solve(h, dictionary) for h in fixed_hands(size, per_size)]
        med, worst = statistics.median(times) * 1000, max(times) * 1000
        flag = ""
        if size == 11:
            flag = "  target < 30 ms: " + ("met" if med < 30 else "NOT met")
            ok &= med < 30
        if size == 15:
            flag = "  target < 1000 ms: " + ("met" if worst < 1000 else "NOT met")
            ok &= worst < 1000
        print(f"{size:>5}  {med:>9.1f}  {worst:>6.1f}{flag}")

    largest = fixed_hands(15, 1)[0]
    tracemalloc.start()
    solve(largest, dictionary)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"peak Python allocations solving a 15-card hand: {peak / 2**20:.1f} MiB")

    hand = " ".join(c.token for c in fixed_hands(11, 1)[0])
    command = qscore_command("best", hand)
    ok &= report(f'qscore best "{hand}"', compare(command), 2.0)
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"peak RSS of a qscore process: {rss / 1024:.0f} MiB")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
