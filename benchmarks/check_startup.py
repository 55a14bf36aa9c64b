"""Benchmark: whole-process time of `qscore check` against `python -c "import typer"`.

    ./dev python benchmarks/check_startup.py [RUNS]

Each case is a ratio of medians against the baseline, measured in the same run:

- `check quiz` on the default list (everyday), and on wordgame: under 1.5x;
- `check -d en_US quiz`, through enchant and hunspell: under 2x;
- `check quiz` as the first run after install, with an empty index cache: under 3x.

Every run has a QSCORE_HOME of its own (one per case, or a new one per run for the
first-run case), so the user's cache is neither read nor touched.
"""

import os
import shutil
import sys
import tempfile

from process import compare, qscore_command, report


def main(runs: int) -> bool:
    homes: list[str] = []

    def home() -> dict[str, str]:
        homes.append(tempfile.mkdtemp(prefix="qscore-bench-"))
        return {**os.environ, "QSCORE_HOME": homes[-1]}

    def kept(env: dict[str, str]):
        return lambda: env

    cases = [
        ("qscore check quiz", ["check", "quiz"], 1.5, kept(home())),
        ("qscore check -d wordgame quiz", ["check", "-d", "wordgame", "quiz"], 1.5, kept(home())),
        ("qscore check -d en_US quiz", ["check", "-d", "en_US", "quiz"], 2.0, kept(home())),
        ("qscore check quiz, first run (empty cache)", ["check", "quiz"], 3.0, home),
    ]
    ok = True
    try:
        for label, args, target, env in cases:
            ok &= report(label, compare(qscore_command(*args), runs, env), target)
    finally:
        for folder in homes:
            shutil.rmtree(folder, ignore_errors=True)
    return ok


if __name__ == "__main__":
    sys.exit(0 if main(int(sys.argv[1]) if len(sys.argv) > 1 else 30) else 1)
