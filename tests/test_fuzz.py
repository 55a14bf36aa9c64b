"""A quick run of benchmarks/fuzz_cli.py and benchmarks/kill_loop.py: random command
lines and the huge-input set (smaller), each answered without a traceback or signal,
within 200 MB or refused in one line; and a few runs killed mid-write, after which
nothing is lost or doubled. The time bound, a second, is the benchmark's alone
(``./dev python benchmarks/fuzz_cli.py``): a test must pass on a busy machine. Marked
slow (about fifteen seconds): ``./dev test -m "not slow"`` leaves it out."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from kill_loop import kill_loop

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def problems(call: str) -> list[list[str]]:
    """The runs with a problem, time not counted, of ``call`` (fuzz_cli's ``fuzz(...)`` or
    ``run_huge(...)``), made from a fresh process: Linux carries the peak memory of a
    process over to each child it starts, so qscore's runs, started from pytest (hundreds
    of MiB by the end of the suite), each measured 205 MiB. The benchmark's own process
    stays small, as this one does."""
    script = (
        f"import json, sys; sys.path.insert(0, {str(BENCHMARKS)!r}); from fuzz_cli import fuzz, run_huge\n"
        f"found = {call}\n"
        "runs = [o if hasattr(o, 'problem') else o[1] for o in found]\n"
        "print(json.dumps([[o.problem(None), repr(o.args), o.stderr[-300:]] for o in runs if o.problem(None)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.slow
def test_random_command_lines_are_answered_or_refused_in_one_line():
    assert problems("fuzz(60, seed=16)") == []


@pytest.mark.slow
def test_huge_inputs_are_answered_or_refused_in_one_line():
    # at a tenth of issue 16's sizes: 100,000-word house lists, 10,000 lines to check
    assert problems("run_huge(scale=0.1)") == []


@pytest.mark.slow
def test_kills_mid_write_lose_and_double_nothing():
    killed, _ended, problems = kill_loop(10, seed=9)
    assert problems == []
    assert killed  # the loop did kill runs before they ended: it tested something
