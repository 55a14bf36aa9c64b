"""Every test runs with its own qscore home and enchant config: nothing of the developer's is read."""

from __future__ import annotations

import functools
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.testing
from hypothesis import settings
from typer.testing import CliRunner

from qscore.cli import app, load_commands
from qscore.words.dictionaries import WordSet

# Hypothesis's per-example deadline is a timing assertion: a busy machine failed the
# two-edit walk's property test (397 ms against 200 ms). Time is the benchmarks' to measure.
settings.register_profile("qscore", deadline=None)
settings.load_profile("qscore")

# A shell starts a background job (`./dev test &`) with Ctrl-C ignored, and every process
# started from it inherits that: the Ctrl-C tests' children would never see their signal.
# A handler of pytest's own is reset to the default in a child, as at a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

load_commands()  # every command, as a run of qscore --help has them

# The one runner of qscore's commands in-process; every test file uses run and ok.
runner = CliRunner()
# typer's runner builds the click command from the app at every invoke (about 4 ms, and
# the suite invokes it thousands of times); qscore's app is the same for every test, so
# it is built once. typer.testing's name for the builder is undocumented: a typer that
# renames it fails here, at import, and this line is the one to change.
typer.testing._get_command = functools.cache(typer.testing._get_command)


def run(*args: str, input: str | bytes | None = None, env: dict[str, str] | None = None):
    """Run ``qscore ARGS...`` in-process: the click Result (exit_code, stdout, stderr, output)."""
    return runner.invoke(app, list(args), input=input, env=env, prog_name="qscore")


def ok(*args: str, input: str | None = None) -> str:
    """The command's standard output; it must have succeeded."""
    r = run(*args, input=input)
    assert r.exit_code == 0, (args, r.output)
    return r.stdout


@pytest.fixture(scope="session")
def index_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One word-index cache for the session: the shipped lists are indexed once, not per test."""
    return tmp_path_factory.mktemp("qscore-cache")


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, index_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path / "home"
    home.mkdir()
    (home / "cache").symlink_to(index_cache, target_is_directory=True)
    monkeypatch.setenv("QSCORE_HOME", str(home))
    enchant_config = tmp_path / "enchant"
    enchant_config.mkdir()
    monkeypatch.setenv("ENCHANT_CONFIG_DIR", str(enchant_config))
    yield home


# A tiny dictionary for unit tests; only a few tests touch the real word lists.
TINY_WORDS = """quiz in inn thin tin this hit his top pot opt stop tops spot post pots
cat act at as is it to so no on go ox ax zoo zoos quit quits suit tux clerk clerks
her here there three the he me we ye yes """.split()


@pytest.fixture
def tiny() -> WordSet:
    return WordSet(TINY_WORDS, name="tiny")
