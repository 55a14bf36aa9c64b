"""Choosing a dictionary by name: one registry of the sources a name can open.

Each source says which names it takes, opens one, says how a game remembers it, and
lists the dictionaries it knows. Opening (:func:`open_dictionary`), a game's record of
its dictionary (:func:`dictionary_name`), the listing (:func:`list_dictionaries`, which
Tab completion offers) and the message for an unknown name all read SOURCES: a new
source is one class added there.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Iterable
from difflib import get_close_matches
from pathlib import Path
from typing import NamedTuple

from qscore.errors import DictionaryError, quoted
from qscore.game.choices import DEFAULT_DICTIONARY
from qscore.paths import file_kind, printable, shown_path
from qscore.words.dictionaries.backends import (
    SHIPPED,
    EnchantDictionary,
    HouseRules,
    WordListDictionary,
    shipped_list,
)
from qscore.words.dictionaries.base import Dictionary
from qscore.words.system_dictionaries import installed_tags, system_tag


class DictionaryInfo(NamedTuple):
    name: str
    words: int | None
    source: str


class Source(ABC):
    """One kind of dictionary a name can open."""

    # How the message for an unknown name offers this source.
    offered: str

    @abstractmethod
    def takes(self, name: str) -> bool:
        """Whether ``name`` names a dictionary of this source."""

    @abstractmethod
    def open(self, name: str) -> Dictionary:
        """The dictionary ``name`` (one this source takes) names."""

    @abstractmethod
    def remembered(self, name: str) -> str:
        """How a game keeps ``name`` (one this source takes)."""

    def listed(self) -> list[DictionaryInfo]:
        """The dictionaries of this source that can be named, for a listing."""
        return []


class ShippedLists(Source):
    """The lists qscore ships, by name in any case (``Everyday``)."""

    offered = ", ".join(SHIPPED)

    def takes(self, name: str) -> bool:
        return name.lower() in SHIPPED

    def open(self, name: str) -> Dictionary:
        return shipped_list(name.lower())

    def remembered(self, name: str) -> str:
        return name.lower()

    def listed(self) -> list[DictionaryInfo]:
        return [DictionaryInfo(n, shipped_list(n).size(), SHIPPED[n]) for n in SHIPPED]


class SystemDictionaries(Source):
    """hunspell's dictionaries through enchant, by language tag in any case (en_gb: en_GB)."""

    offered = "a system tag such as en_US"

    def takes(self, name: str) -> bool:
        return system_tag(name) is not None and not _is_path(name)

    def open(self, name: str) -> Dictionary:
        return EnchantDictionary(system_tag(name) or name)

    def remembered(self, name: str) -> str:
        return system_tag(name) or name

    def listed(self) -> list[DictionaryInfo]:
        return [DictionaryInfo(tag, None, EnchantDictionary(tag).source) for tag in installed_tags()]


class WordListFiles(Source):
    """Any word-list file, one word a line, by its path; a game keeps its full path."""

    offered = "a file path"

    def takes(self, name: str) -> bool:
        return _is_path(name)

    def open(self, name: str) -> Dictionary:
        path = Path(name).expanduser()
        if path.is_dir():
            raise DictionaryError(f"{shown_path(name)} is a folder: give a word-list file, one word a line")
        if not path.is_file():
            try:  # a FIFO or a device is named, never opened: a FIFO waits forever for a writer
                kind = file_kind(path.stat().st_mode)
            except OSError:
                raise DictionaryError(f"no word-list file {shown_path(name)}") from None
            raise DictionaryError(f"{shown_path(name)} is {kind}, not a file: give a word-list file, one word a line")
        return WordListDictionary(path.name, path, f"word list {printable(str(path))}", shipped=False)

    def remembered(self, name: str) -> str:
        return str(Path(name).expanduser().resolve())


def _is_path(name: str) -> bool:
    """Whether a name that is no shipped list's names a file: it has a folder in it, or
    names a file or folder here (``-d mywords``)."""
    return os.sep in name or os.path.exists(os.path.expanduser(name))


# In the order a name is tried (a shipped list's name before a file of that name) and
# an unknown name is told what to use.
SOURCES: tuple[Source, ...] = (ShippedLists(), SystemDictionaries(), WordListFiles())


def _source(name: str) -> Source | None:
    return next((s for s in SOURCES if s.takes(name)), None)


def open_dictionary(name: str | None = None, allow: Iterable[str] = (), deny: Iterable[str] = ()) -> Dictionary:
    """The dictionary called ``name`` (shipped list, file path or enchant tag), with house lists."""
    name = name or DEFAULT_DICTIONARY
    source = _source(name)
    if source is None:
        near = get_close_matches(name.lower(), list(SHIPPED), n=1)
        meant = f" (did you mean {near[0]}?)" if near else ""
        offered = [s.offered for s in SOURCES]
        raise DictionaryError(
            f"unknown dictionary {quoted(name)}: use {', '.join(offered[:-1])}, or {offered[-1]}{meant}"
        )
    base = source.open(name)
    allow, deny = set(allow), set(deny)
    return HouseRules(base, allow, deny) if allow or deny else base


def dictionary_name(name: str | None) -> str:
    """How a game remembers its dictionary: a word-list file by its full path, a system
    dictionary by its tag as written (en_gb: en_GB)."""
    name = name or DEFAULT_DICTIONARY
    source = _source(name)
    return source.remembered(name) if source else name


def list_dictionaries() -> list[DictionaryInfo]:
    """Every dictionary the sources can name: the shipped lists, and the system
    dictionaries enchant can open with hunspell."""
    return [info for source in SOURCES for info in source.listed()]
