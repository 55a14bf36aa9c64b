"""Benchmark: whole-process times of qscore now against qscore at an earlier commit, run
alternately in the same run (a refactor should cost nothing).

    ./dev python benchmarks/against_commit.py COMMIT [RUNS]
    ./dev python benchmarks/against_commit.py --lists COMMIT [RUNS]  # check - on check_inputs.py's lists

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


def list_cases(folder: Path) -> list[tuple[list[str], Path | None]]:
    """check - on the lists check_inputs.py makes, everyday and en_US."""
    from check_inputs import word_lists

    lists = word_lists(folder)
    return [
        (args, lists[name])
        for name in ("misspelt", "gibberish", "refused")
        for args in (["check", "-"], ["check", "-d", "en_US", "-"])
    ]


def run(tree: str, args: list[str], home: str, stdin: Path | None = None) -> float:
    env = {**os.environ, "PYTHONPATH": tree, "QSCORE_HOME": home}
    with open(stdin or os.devnull, "rb") as feed:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "qscore", *args], env=env, stdin=feed, capture_output=True, check=False)
        return time.perf_counter() - start


def main(commit: str, runs: int, lists: bool = False) -> None:
    with tempfile.TemporaryDirectory(prefix="qscore-then-") as then:
        archive = subprocess.run(["git", "archive", commit, "qscore"], cwd=REPO, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", then], input=archive.stdout, check=True)
        trees = {commit: then, "now": str(REPO)}
        homes = {}
        for name, tree in trees.items():
            homes[name] = tempfile.mkdtemp(prefix="qscore-bench-")
            for args in (["new", "ann", "ben", "cat"], ["check", "quiz"]):
                run(tree, args, homes[name])
        cases = list_cases(Path(then)) if lists else [(args, None) for args in CASES]
        for args, stdin in cases:
            times: dict[str, list[float]] = {name: [] for name in trees}
            for name, tree in trees.items():
                run(tree, args, homes[name], stdin)  # warm up: the index (and its sound keys) built
            for _ in range(runs):
                for name, tree in trees.items():
                    times[name].append(run(tree, args, homes[name], stdin))
            then_ms, now_ms = (statistics.median(times[n]) * 1000 for n in trees)
            label = "qscore " + " ".join(args) + (f" < {stdin.stem}" if stdin else "")
            print(f"{label:22} {commit}: {then_ms:6.1f} ms  now: {now_ms:6.1f} ms  ratio {now_ms / then_ms:.3f}")


if __name__ == "__main__":
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    rest = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(rest[0], int(rest[1]) if len(rest) > 1 else 20, lists="--lists" in flags)
