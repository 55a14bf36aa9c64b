"""What went wrong with the saved-games file, told as its cause in one line.

SQLite's and the system's errors (a read-only folder or file, a full disk, a lock held
too long, a damaged file, another program's database) become one StorageError each,
worded by what the user can do, and saying whether anything was saved. The file itself
is qscore.store.gamesfile's business; this module only looks at it to explain a failure.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from qscore.errors import QscoreError, StorageError
from qscore.paths import file_kind

_FULL_BELOW = 64 * 1024  # free bytes under which a failed write is put down to a full disk


class FileFailures:
    """The failures of the games file at ``path``, each told as its cause."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @property
    def folder(self) -> Path:
        return self.path.parent

    @property
    def wal(self) -> Path:
        return Path(f"{self.path}-wal")

    def check_folder(self) -> None:
        """Refuse a qscore home that is a file, or lies under one, or under a link to nothing
        (a folder on a drive not mounted): making it would fail, or make the wrong folder."""
        for p in (self.folder, *self.folder.parents):
            if p.exists():
                break
            if p.is_symlink():
                gone = f"is a link to {os.readlink(p)}, which is not there"
                if p == self.folder:
                    raise StorageError(f"the qscore home {p} {gone}: qscore left it as it is")
                raise StorageError(
                    f"{p} {gone}, so the qscore home {self.folder} cannot be made: qscore left it as it is"
                )
        first = next((p for p in (self.folder, *self.folder.parents) if p.exists()), self.folder)
        if first.exists() and not first.is_dir():
            hint = "point QSCORE_HOME at a folder" if os.environ.get("QSCORE_HOME") else "qscore keeps its games there"
            kind = file_kind(first.stat().st_mode)  # a file, or a FIFO or a device
            if first == self.folder:
                raise StorageError(f"the qscore home {first} is {kind}, not a folder: {hint}")
            raise StorageError(
                f"{first} is {kind}, not a folder, so the qscore home {self.folder} cannot be made: {hint}"
            )

    def unreachable(self, exc: OSError) -> StorageError:
        """A folder on the way to the games that cannot be looked into, told as its cause."""
        why = "permission denied" if exc.errno in (errno.EACCES, errno.EPERM) else (exc.strerror or str(exc)).lower()
        where = f" ({exc.filename})" if exc.filename and str(exc.filename) != str(self.path) else ""
        return StorageError(f"cannot reach the saved games at {self.path}: {why}{where}")

    def disk_full(self) -> bool:
        try:
            space = os.statvfs(self.folder)
            return space.f_bavail * space.f_frsize < _FULL_BELOW
        except OSError:
            return False

    @contextmanager
    def explained(self, *, writing: bool, waited_ms: int) -> Iterator[None]:
        """SQLite's and the system's errors, told as their real cause in one line; a lock
        was waited for ``waited_ms``."""
        try:
            yield
        except QscoreError:
            raise
        except (sqlite3.Error, OSError) as exc:
            raise self.explain(exc, writing, waited_ms) from None
        except UnicodeDecodeError as exc:  # SQLite's message quoted a damaged name in the schema
            raise self.damaged(exc.object.decode("utf-8", errors="backslashreplace")) from None

    def explain(self, exc: sqlite3.Error | OSError, writing: bool, waited_ms: int) -> StorageError:
        nothing = "; nothing was saved" if writing else ""
        cannot = "cannot save to" if writing else "cannot read"
        if isinstance(exc, OSError):
            if exc.errno == errno.ENOSPC:
                return StorageError(f"{cannot} {self.path}: the disk is full{nothing}")
            if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                why = self.read_only_part() or f"permission denied ({exc.filename})"
                return StorageError(f"{cannot} {self.path}: {why}{nothing}")
            where = exc.filename or self.path
            return StorageError(f"cannot use the saved games at {where}: {exc.strerror or exc}{nothing}")
        code = error_code(exc)
        if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return StorageError(
                f"the saved games at {self.path} stayed locked by another process for "
                f"{waited_ms / 1000:g} seconds{nothing}: try again when it is done"
            )
        if code.startswith("SQLITE_READONLY") or (code.startswith("SQLITE_CANTOPEN") and self.read_only_part()):
            return StorageError(f"{cannot} {self.path}: {self.read_only_part() or 'it is read-only'}{nothing}")
        if code == "SQLITE_FULL" or (code.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN")) and self.disk_full()):
            return StorageError(f"{cannot} {self.path}: the disk is full{nothing}")
        if code == "SQLITE_NOTADB":
            return StorageError(
                f"cannot read the saved games at {self.path}: it is not an SQLite database (damaged, "
                "or another program's file); qscore left it as it is"
            )
        if code.startswith("SQLITE_CORRUPT"):
            return self.damaged(str(exc))
        if code.startswith("SQLITE_IOERR"):
            return StorageError(f"cannot read or write the saved games at {self.path}: input/output error{nothing}")
        if code.startswith("SQLITE_CANTOPEN"):
            return StorageError(f"cannot open the saved games at {self.path}: {exc}{nothing}")
        return StorageError(f"cannot use the saved games at {self.path}: {exc}{nothing}")

    def read_only_part(self) -> str:
        """Why this folder or file cannot be written, or "" if it can."""
        folder = next((p for p in (self.folder, *self.folder.parents) if p.exists()), self.folder)
        if not writable(folder):
            return f"the folder {folder} is read-only"
        if self.path.exists() and not os.access(self.path, os.R_OK):
            return "permission denied"
        for path in (self.path, self.wal, Path(f"{self.path}-shm")):
            if path.exists() and not writable(path):
                return "the file is read-only" if path == self.path else f"{path.name} beside it is read-only"
        return ""

    def damaged(self, detail: str) -> StorageError:
        return StorageError(
            f"cannot read the saved games at {self.path}: the file is damaged ({detail}); qscore left it as it is"
        )


def error_code(exc: sqlite3.Error) -> str:
    return str(getattr(exc, "sqlite_errorname", ""))


def writable(path: Path) -> bool:
    return os.access(path, os.W_OK)


def nonempty(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False
