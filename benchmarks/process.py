"""Whole-process timing against a baseline, measured in the same run (machines here are noisy).

Runs the command and the baseline alternately, so both see the same load, and reports
medians and their ratio.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

BASELINE = [sys.executable, "-c", "import typer"]


def qscore_command(*args: str) -> list[str]:
    """The installed qscore script beside this interpreter, so the benchmark runs what users run."""
    script = Path(sys.executable).with_name("qscore")
    return [str(script) if script.exists() else shutil.which("qscore") or "qscore", *args]


def _once(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def compile_qscore() -> None:
    """Byte-compile qscore as a wheel install does; an editable install under
    PYTHONDONTWRITEBYTECODE would otherwise recompile every module on every run,
    while the baseline's typer is compiled."""
    import compileall

    import qscore

    compileall.compile_dir(str(Path(qscore.__file__).parent), quiet=1)


def compare(command: list[str], runs: int = 30) -> dict[str, float]:
    """Median seconds of ``command`` and of the typer-import baseline, and their ratio."""
    compile_qscore()
    _once(command)  # warm up: builds the word index cache, fills the OS file cache
    _once(BASELINE)
    mine, base = [], []
    for _ in range(runs):
        mine.append(_once(command))
        base.append(_once(BASELINE))
    m, b = statistics.median(mine), statistics.median(base)
    return {"command_s": m, "baseline_s": b, "ratio": m / b}


def report(label: str, result: dict[str, float], target: float) -> bool:
    ok = result["ratio"] < target
    print(
        f'{label}: {result["command_s"] * 1000:.0f} ms, `python -c "import typer"`: '
        f"{result['baseline_s'] * 1000:.0f} ms, ratio {result['ratio']:.2f}x "
        f"(target < {target}x: {'met' if ok else 'NOT met'})"
    )
    return ok
