"""A quick run of benchmarks/fuzz_cli.py and benchmarks/kill_loop.py: random command
lines and the huge-input set (smaller), each answered without a traceback or signal,
within a second and 200 MB or refused in one line (the time bound is the benchmark's;
here, on a machine that may be busy, a run must be over five seconds to count); and a
few runs killed mid-write, after which nothing is lost or doubled. Marked slow (about
fifteen seconds): ``./dev test -m "not slow"`` leaves it out."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from fuzz_cli import fuzz, run_huge
from kill_loop import kill_loop

BUSY = 5.0  # seconds


@pytest.mark.slow
def test_random_command_lines_are_answered_or_refused_in_one_line():
    bad = fuzz(60, seed=16)
    assert [(o.problem(BUSY), o.args, o.stderr[-300:]) for o in bad if o.problem(BUSY)] == []


@pytest.mark.slow
def test_huge_inputs_are_answered_or_refused_in_one_line():
    # at a tenth of issue 16's sizes: 100,000-word house lists, 10,000 lines to check
    results = run_huge(scale=0.1)
    assert [(name, o.problem(BUSY), o.stderr[-300:]) for name, o in results if o.problem(BUSY)] == []


@pytest.mark.slow
def test_kills_mid_write_lose_and_double_nothing():
    killed, _ended, problems = kill_loop(10, seed=9)
    assert problems == []
    assert killed  # the loop did kill runs before they ended: it tested something
