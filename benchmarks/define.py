"""Benchmark: whole-process time of `qscore define` against `python -c "import typer"`.

    ./dev python benchmarks/define.py [RUNS]

Each case is a ratio of medians against the baseline, measured in the same run:

- `check quiz`, the start-up floor the README's other figures stand on: under 1.5x,
  and unchanged by define (nothing of the meanings is read for it);
- `define quiz`: under 1.5x;
- `define quizzes`, an inflection (the word, then its base, in another block): under 1.5x;
- `define` of 1,000 words, drawn with a fixed seed from the everyday list, so they reach
  nearly every block of the file: under 1 s.

Every run has a QSCORE_HOME of its own, so the user's cache is neither read nor touched;
each case runs once before it is timed, so the word index is built already.
"""

import os
import random
import shutil
import sys
import tempfile

from process import compare, qscore_command, report

from qscore.paths import package_file

SEED = 15


def main(runs: int) -> bool:
    home = tempfile.mkdtemp(prefix="qscore-bench-")
    env = {**os.environ, "QSCORE_HOME": home}
    words = package_file("wordlists", "everyday.txt").read_text("utf-8").split()
    thousand = random.Random(SEED).sample(words, 1000)
    cases = [
        ("qscore check quiz", ["check", "quiz"], 1.5),
        ("qscore define quiz", ["define", "quiz"], 1.5),
        ("qscore define quizzes", ["define", "quizzes"], 1.5),
    ]
    ok = True
    try:
        for label, args, target in cases:
            ok &= report(label, compare(qscore_command(*args), runs, lambda: env), target)
        result = compare(qscore_command("define", *thousand), runs, lambda: env)
        seconds = result["command_s"]
        met = seconds < 1.0
        print(
            f"qscore define, 1,000 words: {seconds * 1000:.0f} ms "
            f"({result['ratio']:.2f}x the baseline; target < 1 s: {'met' if met else 'NOT met'})"
        )
        ok &= met
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return ok


if __name__ == "__main__":
    sys.exit(0 if main(int(sys.argv[1]) if len(sys.argv) > 1 else 30) else 1)
