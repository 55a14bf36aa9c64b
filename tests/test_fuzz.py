"""A quick run of benchmarks/fuzz_cli.py and benchmarks/kill_loop.py: random command
lines and the huge-input set (smaller), each answered without a traceback or signal,
within 200 MB or refused in one line; a few runs killed mid-write, after which
nothing is lost or doubled; and a few bytes of benchmarks/hostile_trial.py's games file
flipped, none showing a game as another or printing a raw control character. The time
bound, a second, is the benchmark's alone (``./dev python benchmarks/fuzz_cli.py``): a
test must pass on a busy machine. Marked slow (about
fifteen seconds): ``./dev test -m "not slow"`` leaves it out."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from fuzz_cli import fuzz, qscore, run_huge
from kill_loop import kill_loop

UNTIMED = None  # no time bound: see the docstring


@pytest.mark.slow
def test_random_command_lines_are_answered_or_refused_in_one_line():
    bad = fuzz(60, seed=16)
    assert [(o.problem(UNTIMED), o.args, o.stderr[-300:]) for o in bad if o.problem(UNTIMED)] == []


@pytest.mark.slow
def test_huge_inputs_are_answered_or_refused_in_one_line():
    # at a tenth of issue 16's sizes: 100,000-word house lists, 10,000 lines to check
    results = run_huge(scale=0.1)
    assert [(name, o.problem(UNTIMED), o.stderr[-300:]) for name, o in results if o.problem(UNTIMED)] == []


@pytest.mark.slow
def test_kills_mid_write_lose_and_double_nothing():
    killed, _ended, problems = kill_loop(10, seed=9)
    assert problems == []
    assert killed  # the loop did kill runs before they ended: it tested something


@pytest.mark.slow
def test_a_run_is_measured_by_its_own_peak_memory_not_the_callers(tmp_path):
    """Linux carries the peak of the process that forks over to its child: a pytest process
    grown large by the tests before must not lend qscore its size (205 MiB was measured)."""
    ballast = bytearray(300 * 1024 * 1024)
    ballast[::4096] = b"\1" * len(range(0, len(ballast), 4096))  # touched, so it is resident
    run = qscore(["--version"], tmp_path)
    assert run.status == 0 and 1 < run.mib < 150
    del ballast


@pytest.mark.slow
def test_a_few_flipped_bytes_show_no_game_as_another_and_no_raw_byte():
    from hostile_trial import trial

    found = trial(12, seed=27)
    assert found.failures == [] and not found.failed, (found.failures, found.odd)
    assert sum(found.by_kind.values()) == 12 and found.by_kind["named"]  # damage was found and told
