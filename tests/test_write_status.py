"""The exit status tells the truth about the write: output that cannot be written after
an entry was saved is a warning naming what was saved, with status 0, never an error that
invites the table to enter it again."""

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from qscore.store.storage import GameStore
from tests.conftest import ok

pytestmark = [
    pytest.mark.slow,  # each run is a process
    pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full"),
]


def to_full_disk(*args: str) -> subprocess.CompletedProcess[str]:
    with open("/dev/full", "w") as full:
        return subprocess.run(
            [sys.executable, "-m", "qscore", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            env=os.environ.copy(),
        )


def saved_games() -> list[tuple[str, int]]:
    """Each saved game's name and the number of entries in its log."""
    return [(g.name, len(g.entries)) for g in GameStore().games()]


@pytest.mark.parametrize(
    ("args", "saved"),
    [
        (["score", "ben", "cat", "--out", "-g", "fri"], "ben's laydown in round 1: cat (went out), in game 'fri'"),
        (["undo", "-g", "fri"], "the undo of entry 2 in game 'fri'"),
        (["new", "dee", "eve", "fay", "-g", "sat"], "game 'sat' started"),
        (["games", "--rename", "fri", "sun"], "game 'fri' renamed 'sun'"),
        (["games", "--delete", "fri", "--yes"], "game 'fri' deleted"),
    ],
)
def test_a_full_disk_after_the_write_is_a_warning_naming_what_was_saved(args, saved):
    ok("new", "ann", "ben", "cat", "-g", "fri")
    ok("score", "ann", "at", "--unused", "Z", "-g", "fri")
    before = saved_games()
    done = to_full_disk(*args)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("qscore: warning: cannot write the output (No space left on device)")
    assert f"but this was saved: {saved}" in done.stderr and done.stderr.count("\n") == 1
    assert "do not enter it again" in done.stderr
    assert saved_games() != before  # it was saved indeed


def test_a_full_disk_with_nothing_saved_is_still_an_error():
    ok("new", "ann", "ben", "cat", "-g", "fri")
    done = to_full_disk("score", "nobody", "cat", "-g", "fri")  # refused: nothing saved, nothing to write
    assert done.returncode == 2 and "no player 'nobody'" in done.stderr
    done = to_full_disk("sheet", "-g", "fri")
    assert done.returncode == 2
    assert done.stderr == "qscore: error: cannot write the output: No space left on device\n"


def test_the_sheet_to_see_is_named_so_it_can_be_pasted():
    """A game name with spaces and an apostrophe is quoted as the shell needs it."""
    ok("new", "ann", "ben", "cat", "-g", "Friday at D'Arcy's")
    done = to_full_disk("score", "ann", "at", "--unused", "Z", "-g", "Friday at D'Arcy's")
    assert done.returncode == 0, done.stderr
    assert "(see qscore sheet -g 'Friday at D'\"'\"'Arcy'\"'\"'s')" in done.stderr


def closed(redirect: str, *args: str) -> subprocess.CompletedProcess[str]:
    """qscore run with a standard stream closed by the shell (``>&-``, ``<&-``)."""
    line = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "qscore", *args])
    return subprocess.run(["bash", "-c", f"{line} {redirect}"], capture_output=True, text=True, env=os.environ.copy())


def test_a_closed_standard_output_is_told_as_a_full_disk_is():
    """With standard output closed, score saved, then failed with a traceback and status 1."""
    ok("new", "ann", "ben", "cat", "-g", "fri")
    done = closed(">&-", "score", "ann", "cat", "--out", "-g", "fri")
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("qscore: warning: cannot write the output (standard output is closed), but")
    assert done.stderr.count("\n") == 1 and saved_games() == [("fri", 2)]
    done = closed(">&-", "sheet", "-g", "fri")
    assert (done.returncode, done.stderr) == (2, "qscore: error: cannot write the output: standard output is closed\n")


def test_play_with_standard_input_closed_stops_as_at_its_end():
    ok("new", "ann", "ben", "cat", "-g", "fri")
    done = closed("<&-", "play", "-g", "fri")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "Stopped. Game 'fri' is saved" in done.stdout


def test_a_run_ends_at_once_only_with_nothing_left_to_do_at_exit():
    """qscore ends without the interpreter's tidy exit (qscore.startup.exit_at_once) only
    when that exit would do nothing but free memory: not while an exit handler is
    registered, nor while another thread runs. In a process of its own, as pytest's
    may hold either."""
    code = (
        "import atexit, threading\n"
        "from qscore.startup import nothing_left_at_exit as nothing_left\n"
        "print(nothing_left())\n"
        "release = threading.Event()\n"
        "other = threading.Thread(target=release.wait)\n"
        "other.start()\n"
        "print(nothing_left())\n"
        "release.set()\n"
        "other.join()\n"
        "print(nothing_left())\n"
        "atexit.register(print, 'handler ran')\n"
        "print(nothing_left())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n") == ["True", "False", "True", "False", "handler ran", ""]


def test_where_exit_handlers_cannot_be_counted_the_ordinary_exit_runs(monkeypatch):
    """The count of exit handlers is CPython's own (atexit._ncallbacks): on an interpreter
    without it, qscore takes the ordinary exit, which runs whatever was registered."""
    import atexit

    from qscore.startup import nothing_left_at_exit

    monkeypatch.delattr(atexit, "_ncallbacks")
    assert nothing_left_at_exit() is False


def test_an_exit_handler_still_runs_after_a_command():
    """A handler registered before the command (as a library may) runs at qscore's exit,
    and the entry the command saved is there."""
    ok("new", "ann", "ben", "cat", "-g", "fri")
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('handler ran', file=sys.stderr))\n"
        "sys.argv = ['qscore', 'score', 'ann', 'at', '--unused', 'Z', '-g', 'fri']\n"
        "from qscore.__main__ import main\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stderr == "handler ran\n", done.stderr
    assert saved_games() == [("fri", 2)]
