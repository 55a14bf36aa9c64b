"""Every benchmark still imports: they run by hand, so a rename in qscore would otherwise
go unseen until someone measures (benchmarks/review.py once imported a helper that had gone)."""

import importlib
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.mark.parametrize("name", sorted(p.stem for p in BENCHMARKS.glob("*.py")))
def test_benchmark_imports(name, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    module = importlib.import_module(name)
    assert module.__file__ == str(BENCHMARKS / f"{name}.py")
    sys.modules.pop(name, None)
