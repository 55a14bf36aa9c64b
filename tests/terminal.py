"""An interactive shell on a pseudo-terminal, typed into as a person types: for what only a
real shell shows (zsh's completion on a Tab)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import termios
import time
from pathlib import Path

# The escape sequences a line editor moves the cursor and colours with.
_ESCAPES = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|[=>])|[\x07\x08\r]")


class Terminal:
    """``argv`` running on a 200-column terminal; ``type`` keys, ``read_until`` the screen says so."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, start_new_session=True
        )
        os.close(slave)
        self.seen = ""

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def read_until(self, pattern: str, timeout: float = 10.0) -> str:
        """The text shown since the last read, without escape sequences, once it matches
        ``pattern`` (a regular expression); what was shown when ``timeout`` ran out else."""
        shown = ""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    shown += os.read(self.master, 65536).decode(errors="replace")
                except OSError:  # the shell has gone
                    break
                if re.search(pattern, _ESCAPES.sub("", shown)):
                    break
        return _ESCAPES.sub("", shown)

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        os.close(self.master)
