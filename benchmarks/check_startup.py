"""Benchmark: whole-process time of `qscore check quiz` against `python -c "import typer"`.

    ./dev python benchmarks/check_startup.py [RUNS]

Issue 2's target: under 1.5x the baseline.
"""

import sys

from process import compare, qscore_command, report

if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    ok = report("qscore check quiz", compare(qscore_command("check", "quiz"), runs), 1.5)
    sys.exit(0 if ok else 1)
