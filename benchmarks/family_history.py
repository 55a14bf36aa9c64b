"""Benchmark: a family table's history, ten years of weekly evenings (500 finished games of
4 players), and what its first and its everyday `qscore stats` cost, whole process, as a
ratio to `python -c "import typer"` measured in the same run (alternately, a pair at a time).

    ./dev python benchmarks/family_history.py [RUNS] [--games N] [--keep DIR]

The history is saved through the scorekeeper's use-cases, as a table saves it (each game
started, each laydown saved: a seeded deal, each hand laid as the solver's best, most-words
or longest-word play, a word now and then kept in hand: records.played_game), into a temp
games file; ``--keep DIR`` keeps it there (and reads it from there the next time: saving
500 games takes a few minutes). Then every kept summary is deleted, as after an upgrade
from a release that kept none, or one whose summaries this release cannot use (another
figures version, another row checksum): the first `stats` reviews every game again.

Timed, each on a fresh copy of that file, RUNS times against the baseline:

- the first `stats`, as qscore ships, and with each of its aids for many games taken out
  by a patch (the worker pool: POOL_FROM; the anagram keys read whole: MANY_GAMES), where
  this qscore still has them;
- the first `stats` after a new figures version (FIGURES_VERSION one higher), where the
  summaries are there but of another version;
- the warm `stats`, every summary kept, as it runs ever after.

The question each answers: would a table wait over 2 s without that aid?
"""

from __future__ import annotations

import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from process import BASELINE, compile_qscore
from records import played_game

REPO = Path(__file__).resolve().parent.parent
GAMES = 500
WAIT = 2.0  # seconds: what a table would not wait for

# patches run before qscore's entry point: an aid taken out, where this qscore has it
NO_POOL = """
try:
    import qscore.scorekeeper.workers as w
    w.POOL_FROM = 10**9
except ImportError:
    pass
"""
NO_KEYS = """
import qscore.scorekeeper.figures as f
if hasattr(f, "MANY_GAMES"):
    f.MANY_GAMES = 10**9
"""
UPGRADE = "import qscore.game.gamelines as g; g.FIGURES_VERSION += 1"

# the history saved through whichever qscore PYTHONPATH holds
SAVE = """
import json, sys
from qscore import scorekeeper
for number, (players, laydowns) in enumerate(json.load(sys.stdin), 1):
    name = f"evening-{number:03d}"
    scorekeeper.start_game(players, name=name)
    for d in laydowns:
        unused = " ".join(d["unused"])
        scorekeeper.save_laydown(d["player"], d["words"], unused, d["out"], d["round"], name, replace=False)
"""


def env(home: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO), "QSCORE_HOME": str(home)}


def stats_command(patch: str = "") -> list[str]:
    run = f"{patch}\nimport sys\nsys.argv = ['qscore', 'stats']\nfrom qscore.__main__ import main\nmain()"
    return [sys.executable, "-c", run]


def saved_history(home: Path, count: int) -> None:
    """``count`` games saved into a new games file at ``home``, through the use-cases."""
    import json

    games = []
    for seed in range(count):
        config, laydowns = played_game(seed)
        games.append([list(config.players), laydowns])
    home.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-c", SAVE], env=env(home), input=json.dumps(games).encode(), check=True)


def unkept(home: Path) -> None:
    """Every kept summary deleted: the first `stats` makes each again, its review too."""
    conn = sqlite3.connect(home / "games.sqlite3", isolation_level=None)
    conn.execute("DELETE FROM summaries")
    conn.execute("VACUUM")
    conn.close()


def timed(command: list[str], home: Path, cpu: list[float] | None = None) -> float:
    """Wall seconds of one run; its CPU seconds (user and system, its workers' too) go onto ``cpu``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env(home), capture_output=True, check=False, cwd=REPO)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if cpu is not None:
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise RuntimeError(f"stats failed: {done.stderr.decode()[-500:]}")
    return took


def against_baseline(label: str, command: list[str], home: Path, runs: int, fresh: bool) -> None:
    """``command`` RUNS times, each after a run of the baseline; on a fresh copy of the
    file at ``home`` each time when ``fresh`` (what it keeps would spare the next run)."""
    took: list[float] = []
    base: list[float] = []
    cpu: list[float] = []
    with tempfile.TemporaryDirectory() as scratch:
        for n in range(runs):
            base.append(timed_baseline())
            where = Path(shutil.copytree(home, Path(scratch) / str(n))) if fresh else home
            took.append(timed(command, where, cpu))
    seconds, baseline = statistics.median(took), statistics.median(base)
    wait = "over" if seconds > WAIT else "under"
    print(
        f"{label:44} {seconds:6.2f} s {seconds / baseline:6.1f}x  CPU {statistics.median(cpu):6.2f} s"
        f"  ({wait} {WAIT:.0f} s; runs {min(took):.2f}-{max(took):.2f} s; baseline {baseline * 1000:.0f} ms;"
        f" load {os.getloadavg()[0]:.1f})",
        flush=True,
    )


def timed_baseline() -> float:
    start = time.perf_counter()
    subprocess.run(BASELINE, capture_output=True, check=False)
    return time.perf_counter() - start


def main() -> int:
    args = sys.argv[1:]
    count = int(args[args.index("--games") + 1]) if "--games" in args else GAMES
    keep = Path(args[args.index("--keep") + 1]) if "--keep" in args else None
    runs = int(next((a for i, a in enumerate(args) if a.isdigit() and args[i - 1] != "--games"), "3"))
    compile_qscore()
    with tempfile.TemporaryDirectory(prefix="qscore-family-") as folder:
        saved = keep if keep is not None else Path(folder) / "saved"
        if not (saved / "games.sqlite3").exists():
            start = time.perf_counter()
            saved_history(saved, count)
            print(f"{count} games saved through the use-cases in {time.perf_counter() - start:.0f} s", flush=True)
        home = Path(shutil.copytree(saved, Path(folder) / "history"))
        unkept(home)
        timed(stats_command(), Path(shutil.copytree(home, Path(folder) / "warm-up")))  # the word index built
        (games,) = sqlite3.connect(home / "games.sqlite3").execute("SELECT count(*) FROM games").fetchone()
        print(f"{games} saved games of 4 players, no summary kept; load {os.getloadavg()[0]:.1f}", flush=True)
        against_baseline("first stats", stats_command(), home, runs, fresh=True)
        against_baseline("first stats, no worker pool", stats_command(NO_POOL), home, runs, fresh=True)
        against_baseline("first stats, no anagram keys read whole", stats_command(NO_KEYS), home, runs, fresh=True)
        against_baseline("first stats, neither", stats_command(NO_POOL + NO_KEYS), home, runs, fresh=True)
        timed(stats_command(), home)  # every summary kept, as after a first stats
        against_baseline("first stats after a new figures version", stats_command(UPGRADE), home, runs, fresh=True)
        against_baseline("stats, every summary kept", stats_command(), home, max(runs, 10), fresh=False)
        print(f"load {os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
