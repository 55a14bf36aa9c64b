"""System dictionaries: hunspell through enchant, opened privately, and early if asked.

Kept outside the :mod:`qscore.words.dictionaries` package (whose import loads all of it) and
light to import, so that the entry point can begin opening one before the rest of
qscore loads: it imports qscore's errors (dataclasses, inspect) and paths (pathlib) only
where it uses them, after hunspell's load has begun.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only
    from collections.abc import Iterator
    from typing import Any


def install_hint(tag: str) -> str:
    """How to find the package of ``tag``'s hunspell dictionary. Its name differs by
    language and release (Debian has hunspell-en-us and hunspell-de-de, but hunspell-fr
    and hunspell-es for every country), so the hint searches instead of guessing."""
    from qscore.errors import quoted

    language = tag.partition("_")[0]
    return (
        f"install the hunspell dictionary for {quoted(tag)} (on Debian or Ubuntu: apt-cache search hunspell-{language})"
    )


def import_enchant() -> Any | None:
    """pyenchant, or None when the enchant library cannot be loaded: not installed, or
    PYENCHANT_LIBRARY_PATH naming no file (pyenchant asserts that one, ctypes raises OSError)."""
    try:
        import enchant
    except (ImportError, OSError, AssertionError):
        return None
    return enchant


def loaded_enchant(tag: str) -> Any:
    """pyenchant, imported, or the error that says why ``tag`` cannot be opened without it."""
    enchant = import_enchant()
    if enchant is None:
        from qscore.errors import DictionaryError, quoted

        path = os.environ.get("PYENCHANT_LIBRARY_PATH")
        fix = (
            f"PYENCHANT_LIBRARY_PATH names {quoted(path)}"
            if path
            else "on Debian or Ubuntu: apt-get install libenchant-2-2"
        )
        raise DictionaryError(f"dictionary {quoted(tag)} needs the enchant library, which did not load ({fix})")
    return enchant


def _open_enchant(tag: str, enchant: Any) -> tuple[Any, Any]:
    """enchant's broker and its hunspell dictionary for ``tag``; run within :func:`private_enchant`."""
    broker = enchant.Broker()
    # Debian's enchant.ordering puts aspell first for English; pin hunspell for every tag.
    broker.set_ordering(tag, "hunspell")
    broker.set_ordering("*", "hunspell")
    held = hunspell_tags(broker)
    if tag not in held:
        from qscore.errors import DictionaryError, quoted

        kin = [other for other in held if other.partition("_")[0] == tag.partition("_")[0]]
        also = f" (hunspell has {', '.join(kin)})" if kin else ""
        raise DictionaryError(f"no system dictionary {quoted(tag)}{also}: {install_hint(tag)}")
    found = broker.request_dict(tag)
    return broker, found


def hunspell_tags(broker: Any) -> list[str]:
    """The tags of the dictionaries hunspell itself holds, sorted. enchant's own answers
    count every provider's (aspell-en brings en, en_CA and en_AU), and it answers a tag
    hunspell lacks with a dictionary of the tag's language (en opens en_GB's), so neither
    ``dict_exists`` nor a dictionary opened says that hunspell holds the tag. enchant lists
    a tag once, from the provider its ordering puts first (Debian's puts aspell first for
    en_US), so hunspell is put first for each tag before the list is read."""
    for tag, _provider in broker.list_dicts():
        broker.set_ordering(tag, "hunspell")
    return sorted({tag for tag, provider in broker.list_dicts() if provider.name == "hunspell"})


def installed_tags() -> list[str]:
    """The system dictionaries qscore opens: hunspell's, none when enchant does not load."""
    with private_enchant():
        enchant = import_enchant()
        return [] if enchant is None else hunspell_tags(enchant.Broker())


class _Opening:
    """A system dictionary being opened in a thread of its own.

    hunspell takes about 30 ms to load en_US (45 ms en_GB), in C, without Python's lock:
    begun when the command line names the dictionary, it loads while typer and the
    command load. pyenchant is imported before the thread starts, by the caller: the
    load can begin only once it is, and imported in the thread it would share Python's
    lock with typer's import, which would put off the load's start by as long again.
    """

    def __init__(self, tag: str, enchant: Any | None) -> None:
        self._handles: tuple[Any, Any] | None = None
        self._error: BaseException | None = None
        self._private = private_enchant(tag)
        self._private.__enter__()  # set here: a thread must not change the environment
        self._thread = threading.Thread(target=self._run, args=(tag, enchant), name=f"open {tag}", daemon=True)
        self._thread.start()

    def _run(self, tag: str, enchant: Any | None) -> None:
        try:
            self._handles = _open_enchant(tag, enchant or loaded_enchant(tag))
        except BaseException as exc:  # handed to whoever asks for the dictionary
            self._error = exc

    def result(self) -> tuple[Any, Any]:
        self.wait()
        if self._error is not None:
            raise self._error
        assert self._handles is not None
        return self._handles

    def wait(self) -> None:
        self._thread.join()
        self._private.__exit__(None, None, None)


_OPENING: dict[str, _Opening] = {}


def system_tag(name: str) -> str | None:
    """The language tag ``name`` spells, in any case (en_gb, EN_GB: en_GB), or None
    when it has no tag's shape: a language of 2-3 letters, and a country of 2."""
    language, _, country = name.partition("_")
    if not (2 <= len(language) <= 3 and language.isascii() and language.isalpha()):
        return None
    if _ and not (len(country) == 2 and country.isascii() and country.isalpha()):
        return None
    return f"{language.lower()}_{country.upper()}" if _ else language.lower()


_LOADED: list[str] = []
# The dictionaries begun early, held to the end of the process. Only the command line's
# entry point begins one, and its process ends with the command: were the command's
# dictionary freed when the command returns, freeing hunspell's tables would cost about
# 10 ms, a tenth of a run, for memory the system takes back at exit anyway.
_KEPT: list[tuple[Any, Any]] = []


def open_hunspell(tag: str) -> tuple[Any, Any]:
    """enchant's broker and its hunspell dictionary for ``tag``, privately configured:
    the one begun early, if any, else opened now."""
    opening = _OPENING.pop(tag, None)
    if opening is not None:
        handles = opening.result()
        _KEPT.append(handles)
    else:
        with private_enchant(tag):
            handles = _open_enchant(tag, loaded_enchant(tag))
    _LOADED.append(tag)
    return handles


def loaded() -> bool:
    """Whether this process holds a hunspell dictionary (which takes ~20 ms to free at exit)."""
    return bool(_LOADED)


def open_early(name: str) -> None:
    """Begin opening ``name`` in the background if it is a system dictionary's tag (not a
    word-list file); :func:`open_hunspell` takes it over."""
    tag = system_tag(name)
    if tag is None or os.path.exists(name) or tag in _OPENING:
        return
    enchant = import_enchant()  # first, here: see _Opening
    try:
        _OPENING[tag] = _Opening(tag, enchant)
    except Exception as refused:
        from qscore.errors import QscoreError

        if not isinstance(refused, QscoreError):
            raise
        # no folder for its configuration (a QSCORE_HOME refused): the command tells why, in one line


def finish_early() -> None:
    """Wait for dictionaries begun early and not asked for (a command that failed first)."""
    while _OPENING:
        _OPENING.popitem()[1].wait()


@contextmanager
def private_enchant(tag: str | None = None) -> Iterator[None]:
    """Run enchant with a configuration folder of qscore's own, emptied of word lists.

    enchant-2 reads its per-user configuration (provider ordering, the personal word
    list ``TAG.dic`` and exclusions ``TAG.exc``, user hunspell dictionaries) from
    $ENCHANT_CONFIG_DIR, else ~/.config/enchant, and creates the word lists there when
    a dictionary opens. It reads the variable when a broker starts and a dictionary
    opens, so it is set for those moments only and put back after.
    """
    from qscore import paths

    folder = paths.cache_dir() / "enchant"
    for name in (f"{tag}.dic", f"{tag}.exc") if tag else ():
        with suppress(OSError):  # not there, the usual case
            if (folder / name).stat().st_size:
                (folder / name).unlink()  # words put there never count: start empty
    before = os.environ.get("ENCHANT_CONFIG_DIR")
    os.environ["ENCHANT_CONFIG_DIR"] = str(folder)
    try:
        yield
    finally:
        if before is None:
            del os.environ["ENCHANT_CONFIG_DIR"]
        else:
            os.environ["ENCHANT_CONFIG_DIR"] = before
