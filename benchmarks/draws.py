"""Benchmark: draw advice (`best --faceup`) against plain `best` of the same cards.

    ./dev python benchmarks/draws.py [HANDS_PER_SIZE] [RUNS]

Reports, on the default dictionary:
- in-process, for fixed hands of 10 and 14 cards before the draw (11- and 15-card
  decisions), the time of `advise_draw` (the face-up card against every blind draw)
  beside `solve` of the hand with the face-up card taken, each hand timed both ways in
  turn, and their ratio;
- whole-process, `qscore best "E S T R A I N L O D" --faceup E` (issue 16's hand, the
  last round's) against `qscore best "E S T R A I N L O D E"`, run alternately.

Issue 16's targets: draw advice within 2x plain best of the same hand; a 15-card
decision under a second in-process.
"""

import statistics
import sys
import time

from process import _once, compile_qscore, qscore_command
from solver import fixed_hands, opened_dictionary

from qscore.game.spelling import _spellings
from qscore.hands.draws import advise_draw
from qscore.hands.solver import solve

HAND = "E S T R A I N L O D"
FACEUP = "E"


def timed(call) -> float:
    _spellings.cache_clear()  # as a fresh process would have it
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main() -> int:
    per_size = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    dictionary = opened_dictionary()
    ok = True
    print(f"in-process, {per_size} fixed hands a size (the face-up card is the next card dealt)")
    print("decision  best median ms  faceup median ms  faceup slowest ms  ratio of medians  median ratio")
    for size in (11, 15):
        best_s, faceup_s, ratios = [], [], []
        for cards in fixed_hands(size, per_size):
            hand, up = cards[:-1], cards[-1]
            b = timed(lambda hand=hand, up=up: solve([*hand, up], dictionary))
            f = timed(lambda hand=hand, up=up: advise_draw(hand, up, dictionary))
            best_s.append(b)
            faceup_s.append(f)
            ratios.append(f / b)
        mb, mf = statistics.median(best_s) * 1000, statistics.median(faceup_s) * 1000
        slowest = max(faceup_s) * 1000
        flag = ""
        if size == 15:
            flag = "  target slowest < 1000 ms: " + ("met" if slowest < 1000 else "NOT met")
            ok &= slowest < 1000
        print(
            f"{size:>8}  {mb:>14.1f}  {mf:>16.1f}  {slowest:>17.1f}  {mf / mb:>15.2f}x  "
            f"{statistics.median(ratios):>11.2f}x{flag}"
        )

    compile_qscore()
    faceup = qscore_command("best", HAND, "--faceup", FACEUP)
    best = qscore_command("best", f"{HAND} {FACEUP}")
    _once(faceup)
    _once(best)
    mine, base = [], []
    for _ in range(runs):
        mine.append(_once(faceup))
        base.append(_once(best))
    m, b = statistics.median(mine), statistics.median(base)
    ratio = m / b
    ok &= ratio < 2
    print(
        f'whole process, median of {runs}: qscore best "{HAND}" --faceup {FACEUP}: {m * 1000:.0f} ms, '
        f'qscore best "{HAND} {FACEUP}": {b * 1000:.0f} ms, ratio {ratio:.2f}x '
        f"(target < 2x: {'met' if ratio < 2 else 'NOT met'})"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
