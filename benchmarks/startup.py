"""Benchmark: whole-process time of each command a table runs, against `python -c "import typer"`.

    ./dev python benchmarks/startup.py [RUNS] [TEXT]     # TEXT: only the cases whose label holds it
    ./dev python benchmarks/startup.py --instructions [TEXT]   # instructions counted, not time (valgrind)

Every command is timed twice: as a run after others (the game's summary kept) and as
the first run after install (the same game, an empty index cache: the shipped lists'
indexes come built with the package, so a first run reads them as any other run does).
Each case is a ratio of medians against the baseline, run alternately with it in the
same run (A/B), with the spread of the pairs' ratios (their quartiles): the target is
1.5x for each. The load average is printed before and after: wall figures from a
loaded machine are not a quiet machine's. With --instructions each case runs once under
valgrind's callgrind instead, and its instructions are set against the baseline's: the
same figures on a busy machine as on a quiet one, which time is not.

The game is a 3-player standard game: round 1 laid and closed, ann's laydown in round 2;
before it, a 3-player game played to its end and closed ('friday'), whose sheet shows the
evening's summary (the table's figures and ratings before and after).
`score` records ben's round-2 laydown and `undo` takes back ann's, each on a fresh copy
of the game, so every run does the same work. Every run has a QSCORE_HOME of its own,
so the user's games and cache are neither read nor touched.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from process import BASELINE, compare, compile_qscore, instructions, qscore_command, report

TARGET = 1.5


def closed_game() -> list[list[str]]:
    """A 3-player game played to its end and closed: each player's cards unused every round."""
    rounds = []
    for dealt in range(3, 11):
        first, second = " ".join("ABCDEFGHIJ"[:dealt]), " ".join("KLMNOPRSTU"[:dealt])
        rounds += [["score", "ann", "-u", first], ["score", "ben", "-u", second], ["score", "cat", "-u", first]]
    return [["new", "ann", "ben", "cat", "--game", "friday"], *rounds, ["close"]]


GAME = [
    *closed_game(),
    ["new", "ann", "ben", "cat"],
    ["score", "ann", "quiz", "--out"],
    ["score", "ben", "cat"],
    ["score", "cat", "-u", "A B C"],
    ["score", "ann", "tire"],
]
CASES = [
    ("sheet", ["sheet"]),
    ("sheet of a closed game (its evening's summary)", ["sheet", "--game", "friday"]),
    ("best, 11 cards", ["best", "E S T R A I N L O D Q"]),
    ("score", ["score", "ben", "note"]),
    ("review", ["review"]),
    ("undo", ["undo"]),
    ("check quiz", ["check", "quiz"]),
    ("check kwiz (suggestions, by sound too)", ["check", "kwiz"]),
    ("check -d en_US quiz", ["check", "-d", "en_US", "quiz"]),
]
WRITES = {"score", "undo"}  # a fresh copy of the game for every run


def counted(command: list[str], env: dict[str, str], baseline: int, label: str) -> bool:
    """Print and judge one case's instructions against the baseline's."""
    mine = instructions(command, env)
    ratio = mine / baseline
    ok = ratio <= TARGET
    print(
        f'{label}: {mine / 1e6:.0f} M instructions, `python -c "import typer"`: {baseline / 1e6:.0f} M, '
        f"ratio {ratio:.2f}x (target <= {TARGET}x: {'met' if ok else 'NOT met'})"
    )
    return ok


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(runs: int, count: bool = False, only: str = "") -> bool:
    work = Path(tempfile.mkdtemp(prefix="qscore-bench-"))
    made = iter(range(1_000_000))
    last: list[Path] = []

    def environment(home: Path) -> dict[str, str]:
        return {**os.environ, "QSCORE_HOME": str(home)}

    def copy_of(template: Path, with_cache: bool) -> Callable[[], dict[str, str]]:
        def fresh() -> dict[str, str]:
            for done in last:  # the run before is over: its copy can go
                shutil.rmtree(done, ignore_errors=True)
            last[:] = [home := work / f"run-{next(made)}"]
            shutil.copytree(template, home, ignore=None if with_cache else shutil.ignore_patterns("cache"))
            return environment(home)

        return fresh

    try:
        template = work / "template"
        for args in GAME:
            subprocess.run(qscore_command(*args), env=environment(template), capture_output=True, check=True)
        for _, args in CASES:  # every index and kept figure a command reads, built once
            if args[0] not in WRITES:
                subprocess.run(qscore_command(*args), env=environment(template), capture_output=True, check=False)
        ok = True
        print(f"before: {load()} ({os.cpu_count()} cores)")
        if count:
            compile_qscore()  # as compare() does: an installed qscore is compiled
        baseline = instructions(BASELINE) if count else 0
        for label, args in CASES:
            if only not in label:
                continue
            kept = copy_of(template, True) if args[0] in WRITES else (lambda: environment(template))
            first = copy_of(template, False)
            if count:
                ok &= counted(qscore_command(*args), kept(), baseline, f"qscore {label}")
                ok &= counted(qscore_command(*args), first(), baseline, f"qscore {label}, first run (empty cache)")
                continue
            ok &= report(f"qscore {label}", compare(qscore_command(*args), runs, kept), TARGET)
            result = compare(qscore_command(*args), runs, first)
            ok &= report(f"qscore {label}, first run (empty cache)", result, TARGET)
        print(f"after: {load()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return ok


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--instructions"]
    runs = int(arguments.pop(0)) if arguments and arguments[0].isdigit() else 20
    sys.exit(0 if main(runs, "--instructions" in sys.argv[1:], " ".join(arguments)) else 1)
