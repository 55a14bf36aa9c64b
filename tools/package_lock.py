"""Wait, within a bound, for the package manager's locks to be free: ``./dev test`` runs this
before apt-get, so a fresh machine busy with its unattended upgrade is waited for, with a
message, instead of failing at once (apt-get exits 100 on a held lock).

    python tools/package_lock.py SECONDS [LOCK...]

The locks are apt's and dpkg's (the LOCKS below) unless named. dpkg and apt hold them as
fcntl write locks; a lock this process can take and at once let go of is free. Exit status
0 when every lock is free (at once or after waiting), 1 when one is still held after
SECONDS, saying which. A lock file that does not exist or cannot be opened is free to this
check: apt-get itself then says what is wrong.
"""

import fcntl
import os
import sys
import time
from collections.abc import Callable, Sequence

LOCKS = (
    "/var/lib/dpkg/lock-frontend",
    "/var/lib/dpkg/lock",
    "/var/lib/apt/lists/lock",
    "/var/cache/apt/archives/lock",
)
PAUSE = 1.0  # seconds between looks


def held(path: str) -> bool:
    """Whether another process holds ``path``'s fcntl write lock."""
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        return False
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # closing lets go of the lock, if it was taken
    return False


def wait_for_locks(
    locks: Sequence[str],
    seconds: float,
    say: Callable[[str], None],
    pause: float = PAUSE,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> str | None:
    """Wait until no lock of ``locks`` is held, at most ``seconds``; None when they are free,
    else the lock still held. ``say`` is told once when the wait begins, and every 30 s."""
    end = clock() + seconds
    told = None
    while True:
        busy = next((lock for lock in locks if held(lock)), None)
        if busy is None:
            if told is not None:
                say("dev: the package manager's lock is free; going on")
            return None
        left = end - clock()
        if left <= 0:
            return busy
        if told is None or told - left >= 30:
            say(
                f"dev: waiting for another program to finish with the package manager ({busy} is held);"
                f" giving up in {left:.0f} s"
            )
            told = left
        sleep(min(pause, left))


def main(argv: list[str]) -> int:
    seconds = float(argv[0])
    busy = wait_for_locks(argv[1:] or LOCKS, seconds, lambda line: print(line, file=sys.stderr, flush=True))
    if busy is not None:
        print(
            f"dev: {busy} is still held after {seconds:.0f} s: try again when the other program is done",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
