"""Every test runs with its own qscore home and enchant config: nothing of the developer's is read."""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.main
from hypothesis import settings
from typer.testing import CliRunner, Result

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

# The click command of qscore's app, built once with typer's public get_command: typer's
# runner builds it again at every invoke (the suite's quick loop took 73 s that way, 20 s
# with it built once), and qscore's app is the same for every test.
COMMAND = typer.main.get_command(app)
# The isolation of qscore's commands in-process (standard streams, input, environment).
runner = CliRunner()


def run(*args: str, input: str | bytes | None = None, env: dict[str, str] | None = None) -> Result:
    """Run ``qscore ARGS...`` in-process, as typer's ``CliRunner.invoke`` runs an app: the
    Result (exit_code, stdout, stderr, output; ``exception``: an exit other than 0, or
    what escaped the command)."""
    exit_code, exception, exc_info = 0, None, None
    with runner.isolation(input=input, env=env) as (stdout, stderr, output):
        try:
            COMMAND.main(args=list(args), prog_name="qscore")
        except SystemExit as e:
            exc_info = sys.exc_info()
            code = 0 if e.code is None else e.code
            if code != 0:
                exception = e
            if not isinstance(code, int):
                sys.stdout.write(f"{code}\n")
                code = 1
            exit_code = code
        except Exception as e:
            exception, exit_code, exc_info = e, 1, sys.exc_info()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            written = stdout.getvalue(), stderr.getvalue(), output.getvalue()
    return Result(
        runner=runner,
        stdout_bytes=written[0],
        stderr_bytes=written[1],
        output_bytes=written[2],
        return_value=None,
        exit_code=exit_code,
        exception=exception,
        exc_info=exc_info,
    )


def named_as_before(name: str, earlier: str) -> None:
    """The saved game ``name`` given a name an earlier qscore took (any printable text, as
    ../evil or <script>) and this one refuses for a new game: such a name is still read."""
    import sqlite3

    from qscore import scorekeeper

    with sqlite3.connect(scorekeeper.games_file()) as conn:
        assert conn.execute("UPDATE games SET name = ? WHERE name = ?", (earlier, name)).rowcount == 1
    conn.close()


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
