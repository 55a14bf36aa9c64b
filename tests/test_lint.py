"""The code stays as the project keeps it: ruff's lint and format, and mypy on the package."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
SOURCES = ["qscore", "tests", "benchmarks", "dictionaries", "tools", "hatch_build.py"]


@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", *SOURCES],
        ["ruff", "format", "--check", *SOURCES],
        ["mypy"],
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_tool_passes(command):
    done = subprocess.run([sys.executable, "-m", *command], cwd=REPO, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
