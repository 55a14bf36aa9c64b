"""Benchmark: whole-process times of qscore now against qscore at an earlier commit, run
alternately in the same run (a refactor should cost nothing).

    ./dev python benchmarks/against_commit.py COMMIT [RUNS]

The earlier code is taken with `git archive` into a temporary folder and run with the
same interpreter and libraries, by PYTHONPATH; each side has its own QSCORE_HOME with one
game started and the word index built, so only start-up and the command's own work count.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CASES = [["check", "quiz"], ["sheet"], ["games"], ["review"], ["score", "--help"]]


def run(tree: str, args: list[str], home: str) -> float:
    env = {**os.environ, "PYTHONPATH": tree, "QSCORE_HOME": home}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "qscore", *args], env=env, capture_output=True, check=False)
    return time.perf_counter() - start


def main(commit: str, runs: int) -> None:
    with tempfile.TemporaryDirectory(prefix="qscore-then-") as then:
        archive = subprocess.run(["git", "archive", commit, "qscore"], cwd=REPO, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", then], input=archive.stdout, check=True)
        trees = {commit: then, "now": str(REPO)}
        homes = {}
        for name, tree in trees.items():
            homes[name] = tempfile.mkdtemp(prefix="qscore-bench-")
            for args in (["new", "ann", "ben", "cat"], ["check", "quiz"]):
                run(tree, args, homes[name])
        for args in CASES:
            times: dict[str, list[float]] = {name: [] for name in trees}
            for _ in range(runs):
                for name, tree in trees.items():
                    times[name].append(run(tree, args, homes[name]))
            then_ms, now_ms = (statistics.median(times[n]) * 1000 for n in trees)
            label = "qscore " + " ".join(args)
            print(f"{label:22} {commit}: {then_ms:6.1f} ms  now: {now_ms:6.1f} ms  ratio {now_ms / then_ms:.3f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20)
