"""Where qscore keeps its files: ``QSCORE_HOME`` overrides both folders (tests use it)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def package_file(*parts: str) -> Path:
    """A data file shipped inside the package (deck tables, word lists).

    A plain path beside the module rather than importlib.resources: qscore never runs
    from a zip, and importing importlib.resources (zipfile, tempfile) costs every run
    about 7 ms, a tenth of qscore's start-up budget.
    """
    return PACKAGE.joinpath(*parts)


def _xdg(variable: str, default: str) -> Path:
    """A base folder by the XDG base directory spec, the convention of the systems qscore
    runs on (platformdirs would do the same there, for 10 ms more start-up a run)."""
    value = os.environ.get(variable, "")
    base = Path(value) if os.path.isabs(value) else Path.home() / default
    return base / "qscore"


def data_dir() -> Path:
    """The folder of the saved-games database."""
    home = _qscore_home()
    return home if home else _xdg("XDG_DATA_HOME", ".local/share")


def cache_dir() -> Path:
    """The folder of word indexes built from word lists; safe to delete."""
    home = _qscore_home()
    return home / "cache" if home else _xdg("XDG_CACHE_HOME", ".cache")


def _qscore_home() -> Path | None:
    """``QSCORE_HOME``, if set: a full path (``~`` is the user's home, as a shell reads it).
    A relative one is refused: it would keep the games in whatever folder qscore runs from,
    a game saved in one folder missing in the next, where a person setting it means one
    place."""
    value = os.environ.get("QSCORE_HOME")
    if not value:
        return None
    home = Path(value).expanduser() if value.startswith("~") else Path(value)
    if not home.is_absolute():
        from qscore.errors import StorageError

        raise StorageError(
            f"QSCORE_HOME is {shown_path(value)}, a relative path, which would keep the games in whatever "
            "folder qscore runs from: set it to a full path (starting with / or ~)"
        )
    return home


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on written as an escape: a
    newline as \\n, an escape code as \\x1b, a byte that was not UTF-8 as \\xff. So a
    message stays on its one line and shows what was there."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def terminal_safe(text: str) -> str:
    """Text read from a file (a game's or a player's name) as a screen may show it: lines
    (a CSV's too, ended CR LF) and tabs kept, every other character a terminal would act on (an escape code that
    clears the screen or plants a link, a carriage return) written as an escape, as
    ``printable`` writes it. The one rule for every face: the command line passes all it
    prints through it, and a web page shows the same text."""
    if text.replace("\n", "").replace("\t", "").isprintable():  # a table of lines, looked at in C
        return text
    return "\r\n".join(
        "".join(c if c.isprintable() or c in "\n\t" else _escape(c) for c in line) for line in text.split("\r\n")
    )


def _escape(c: str) -> str:
    if 0xDC80 <= ord(c) <= 0xDCFF:  # a byte Python could not decode, kept as a lone surrogate
        return f"\\x{ord(c) - 0xDC00:02x}"
    return repr(c)[1:-1] if c not in "'\"" else c


def file_kind(mode: int) -> str:
    """What a path's ``st_mode`` says it is, as a message names it: "a file" (an ordinary
    one), "a folder", "a FIFO", "a device", or "no ordinary file" (a socket). A FIFO or a
    device is never opened to read: a FIFO waits forever for a writer, /dev/zero never ends."""
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "no ordinary file"


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as every message names it: in quotes, its odd characters escaped
    (:func:`printable`), so where it begins and ends is plain whatever it holds."""
    return f"'{printable(os.fspath(path))}'"
