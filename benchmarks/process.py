"""Whole-process timing against a baseline, measured in the same run (machines here are noisy).

Runs the command and the baseline alternately, so both see the same load, and reports
medians and their ratio.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

BASELINE = [sys.executable, "-c", "import typer"]


def qscore_command(*args: str) -> list[str]:
    """The installed qscore script beside this interpreter, so the benchmark runs what users run."""
    script = Path(sys.executable).with_name("qscore")
    return [str(script) if script.exists() else shutil.which("qscore") or "qscore", *args]


def _once(command: list[str], env: dict[str, str] | None = None, cpu: list[float] | None = None) -> float:
    """Wall seconds of one run; its CPU seconds (user and system) go onto ``cpu``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if cpu is not None:
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall


def compile_qscore() -> None:
    """Byte-compile qscore as a wheel install does; an editable install under
    PYTHONDONTWRITEBYTECODE would otherwise recompile every module on every run,
    while the baseline's typer is compiled."""
    import compileall

    import qscore

    compileall.compile_dir(str(Path(qscore.__file__).parent), quiet=1)


def compare(
    command: list[str], runs: int = 30, env: Callable[[], dict[str, str] | None] = lambda: None
) -> dict[str, float]:
    """Median seconds of ``command`` and of the typer-import baseline, and their ratio.

    ``env`` gives the environment of each run of ``command`` (None: this process's own),
    called afresh before each: a new, empty QSCORE_HOME measures a first run.
    """
    compile_qscore()
    _once(command, env())  # warm up: builds the word index cache, fills the OS file cache
    _once(BASELINE)
    mine, base, mine_cpu, base_cpu = [], [], [], []
    for _ in range(runs):
        mine.append(_once(command, env(), mine_cpu))
        base.append(_once(BASELINE, None, base_cpu))
    m, b = statistics.median(mine), statistics.median(base)
    cpu = statistics.median(mine_cpu) / statistics.median(base_cpu)
    # the spread: quartiles of each run's ratio to the baseline run beside it
    low, _, high = statistics.quantiles([x / y for x, y in zip(mine, base, strict=True)], n=4)
    return {"command_s": m, "baseline_s": b, "ratio": m / b, "cpu_ratio": cpu, "ratio_q1": low, "ratio_q3": high}


def instructions(command: list[str], env: dict[str, str] | None = None, stdin: Path | None = None) -> int:
    """The instructions one run of ``command`` executes, counted by valgrind's callgrind:
    the same count every run, however loaded the machine (wall time on a shared machine
    moves by a third from run to run). Threads count too: work a thread overlaps with
    the main one costs instructions but no wall time on a second, idle core. ``stdin``: a
    file read as standard input (else none)."""
    with open(stdin or os.devnull, "rb") as feed:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
            stdin=feed,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            env=env,
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind counted nothing for {command}: {done.stderr[-300:]}")
    return int(found.group(1))


def report(label: str, result: dict[str, float], target: float) -> bool:
    ok = result["ratio"] <= target
    print(
        f'{label}: {result["command_s"] * 1000:.0f} ms, `python -c "import typer"`: '
        f"{result['baseline_s'] * 1000:.0f} ms, ratio {result['ratio']:.2f}x "
        f"(target <= {target}x: {'met' if ok else 'NOT met'}; CPU time {result.get('cpu_ratio', 0):.2f}x; "
        f"pairs' ratios {result.get('ratio_q1', 0):.2f}-{result.get('ratio_q3', 0):.2f}, quartiles)"
    )
    return ok
