"""Where qscore keeps its files: ``QSCORE_HOME`` overrides both folders (tests use it)."""

from __future__ import annotations

import os
from pathlib import Path


PACKAGE = Path(__file__).resolve().parent


def package_file(*parts: str) -> Path:
    """A data file shipped inside the package (deck tables, word lists).

    A plain path beside the module rather than importlib.resources: qscore never runs
    from a zip, and importing importlib.resources (zipfile, tempfile) costs every run
    about 7 ms, a tenth of qscore's start-up budget.
    """
    return PACKAGE.joinpath(*parts)


def data_dir() -> Path:
    """The folder of the saved-games database."""
    home = os.environ.get("QSCORE_HOME")
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_data_dir("qscore", appauthor=False))


def cache_dir() -> Path:
    """The folder of word indexes built from word lists; safe to delete."""
    home = os.environ.get("QSCORE_HOME")
    if home:
        return Path(home) / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("qscore", appauthor=False))
