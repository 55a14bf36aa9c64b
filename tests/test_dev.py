"""`./dev test` waits for the package manager's lock (tools/package_lock.py), bounded and
saying so, where apt-get alone fails at once with status 100."""

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from package_lock import held, main, wait_for_locks


class Holder:
    """Another process holding ``path``'s fcntl write lock, as apt and dpkg hold theirs."""

    def __init__(self, path: Path) -> None:
        script = (
            "import fcntl, os, sys\n"
            f"fd = os.open({str(path)!r}, os.O_RDWR | os.O_CREAT)\n"
            "fcntl.lockf(fd, fcntl.LOCK_EX)\n"
            "print('held', flush=True)\n"
            "sys.stdin.read()\n"
        )
        self.proc = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdout is not None and self.proc.stdout.readline() == b"held\n"

    def release(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


@pytest.fixture
def lock(tmp_path):
    path = tmp_path / "lock-frontend"
    holder = Holder(path)
    yield path, holder
    holder.release()


class Clock:
    """A clock that moves only when slept on, so no test waits or depends on the machine's speed."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@pytest.mark.slow
def test_a_held_lock_is_waited_for_and_the_wait_is_told(lock):
    path, holder = lock
    assert held(str(path)) and not held(str(path.with_name("absent")))
    clock, told = Clock(), []

    def sleep(seconds: float) -> None:
        clock.sleep(seconds)
        if len(clock.slept) == 3:
            holder.release()  # the other program finishes

    free = wait_for_locks([str(path)], 300, told.append, pause=1.0, clock=clock, sleep=sleep)
    assert free is None and clock.slept == [1.0, 1.0, 1.0]
    assert told == [
        f"dev: waiting for another program to finish with the package manager ({path} is held); giving up in 300 s",
        "dev: the package manager's lock is free; going on",
    ]


@pytest.mark.slow
def test_the_wait_is_bounded_and_names_the_lock_still_held(lock, capsys):
    path, _holder = lock
    clock, told = Clock(), []
    busy = wait_for_locks([str(path)], 65, told.append, pause=10.0, clock=clock, sleep=clock.sleep)
    assert busy == str(path) and clock.now == 65
    assert [line.rsplit(" ", 2)[1] for line in told] == ["65", "35", "5"]  # told again every 30 s
    assert main(["0", str(path)]) == 1
    assert capsys.readouterr().err.endswith(
        f"dev: {path} is still held after 0 s: try again when the other program is done\n"
    )


def test_free_locks_are_not_waited_for(tmp_path, capsys):
    (tmp_path / "lock").touch()
    assert main(["300", str(tmp_path / "lock"), str(tmp_path / "absent")]) == 0
    assert capsys.readouterr().err == ""
