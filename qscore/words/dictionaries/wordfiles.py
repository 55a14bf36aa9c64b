"""Word-list files and their index: reading a file of words, one a line, and the DAWG
index built from it once and cached on disk, so a run pays about a millisecond to open
one. The shipped lists' indexes are built with the package (tools/word_indexes.py, run
by the wheel's build hook) and read from it; the cache serves any other list, and a
shipped list changed after install. Every word read folds its diacritics first with
:func:`qscore.game.cards.fold`, the rule the shipped lists are built with: café is cafe."""

from __future__ import annotations

import os
import re
import zlib
from collections.abc import Callable, Sequence
from contextlib import suppress
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from qscore import paths
from qscore.errors import DictionaryError, quoted
from qscore.game.cards import fold, largest_deal
from qscore.paths import file_kind, shown_path
from qscore.words.dictionaries.base import AnagramKeys
from qscore.words.dictionaries.reasons import ABBREVIATION, PROPER_NOUN

if TYPE_CHECKING:
    import dawg

    from qscore.words.dictionaries.base import AnagramKeys

WORD = re.compile(r"[a-z]+")  # a word as a dictionary holds it: lowercase a-z
# In a word-list file an entry with capitals is a name or an acronym, never a word;
# the index keeps it under a mark a-z words never carry, for the reason of a refusal.
_CAPITALISED = {"!": PROPER_NOUN, "^": ABBREVIATION}
# What an index holds, by version: the cache's and the package's indexes are named with it,
# so a change to what build_index puts in one must come with a new version (a new
# qscore/data/pronunciations.tsv too: the sound index files words under its keys).
# 5: words under their pronunciation's sound key too.
_INDEX_FORMAT = "5"


def sort_key(letters: str) -> str:
    """The anagram key of a word: its letters in order."""
    return "".join(sorted(letters))


# Bytes of a file of lower-case a-z words, one a line (the shipped lists): deleting
# them leaves nothing, and such a file is read without a look at each line.
_PLAIN_LIST = b"abcdefghijklmnopqrstuvwxyz\n"


class WordFile(NamedTuple):
    """What a one-word-a-line file says: its words, and the entries it capitalises.

    A plain word list (/usr/share/dict/words, say) marks proper nouns and acronyms by
    their capitals: ``Paris`` and ``NATO`` are no words, ``bill`` is one even where
    ``Bill`` is listed too. ``capitalised`` maps such an entry, lower-cased, to the
    reason it is refused.
    """

    words: tuple[str, ...]  # in order, the order a DAWG is built fastest from
    capitalised: dict[str, str]
    too_long: int = 0  # entries longer than any word a hand can lay, left out


def longest_word() -> int:
    """The most letters a laid word can have: every card of the largest deal a double."""
    return 2 * largest_deal()


# A house list is the table's own words, copied into each game that uses it: past this
# many, a list is no house rule but a dictionary (give it as the game's dictionary).
MAX_HOUSE_WORDS = 10_000
# What a house list's file may hold, checked before a line of it is parsed: room for
# MAX_HOUSE_WORDS words with blank lines and repeats, and a word of two million letters;
# a list of three million lines took 6 s and 491 MiB to be refused after parsing.
MAX_HOUSE_BYTES = 4 * 1024 * 1024
MAX_HOUSE_LINES = 100_000
# A dictionary's word list, the same way: the largest English lists hold under a million
# words (SCOWL's largest, 7 MB); past these a file is no word list, or a mistake.
MAX_LIST_BYTES = 64 * 1024 * 1024
MAX_LIST_LINES = 8_000_000


class Bound(NamedTuple):
    """How much of a list file is read: at most ``size`` bytes and ``lines`` lines."""

    what: str  # the list as a message names it
    size: int
    lines: int


HOUSE_LIST = Bound("house list", MAX_HOUSE_BYTES, MAX_HOUSE_LINES)
WORD_LIST = Bound("word list", MAX_LIST_BYTES, MAX_LIST_LINES)


def read_list_file(path: Path, bound: Bound) -> bytes:
    """The bytes of a list file, refused in one line before a line is parsed: anything but
    an ordinary file (a FIFO would wait forever for a writer, a device such as /dev/zero
    never ends; neither is opened), and a file past the bound's bytes or lines (only the
    bytes the bound allows, and one more, are ever read)."""
    data = list_file_bytes(path, bound)
    if data.count(b"\n") > bound.lines:
        raise DictionaryError(
            f"{bound.what} {shown_path(path)} has over {bound.lines:,} lines: too many for a {bound.what}"
        )
    return data


def list_file_bytes(path: Path, bound: Bound) -> bytes:
    """The bytes of a list file, refused as :func:`read_list_file` refuses them, but for its
    lines, which are not counted: what names a list's index (counting the lines of the
    everyday list costs more than its checksum) reads no line, and the list is read again,
    its lines counted, before an index is built from it."""
    shown = f"{bound.what} {shown_path(path)}"
    try:
        kind = file_kind(os.stat(path).st_mode)
        if kind != "a file":
            raise DictionaryError(f"{shown} is {kind}, not a file: give a file of words, one a line")
        with open(path, "rb", buffering=0) as file:
            found = os.fstat(file.fileno())
            kind = file_kind(found.st_mode)  # replaced between the look and the open
            if kind != "a file":
                raise DictionaryError(f"{shown} is {kind}, not a file: give a file of words, one a line")
            # as many bytes as the file holds, and one more to see it grew meanwhile
            data = b"" if found.st_size > bound.size else file.read(found.st_size + 1)
            if len(data) > found.st_size:
                data += file.read(bound.size + 1 - len(data))
    except OSError as exc:
        raise DictionaryError(f"cannot read {shown}: {(exc.strerror or str(exc)).lower()}") from None
    if found.st_size > bound.size or len(data) > bound.size:
        raise DictionaryError(f"{shown} is over {bound.size // 2**20} MiB: too large for a {bound.what}")
    return data


class HouseListTooLarge(DictionaryError):
    """A house list past MAX_HOUSE_WORDS: ``what`` says so, and a face adds how to give
    such a list as the dictionary itself (the command line names its option)."""

    def __init__(self, path: Path, words: int) -> None:
        self.path, self.words = path, words
        self.what = (
            f"house list {shown_path(path)} holds {words:,} words, and a house list takes at most "
            f"{MAX_HOUSE_WORDS:,} (a game keeps a copy)"
        )
        super().__init__(f"{self.what}: give a list that large as the game's dictionary")


def read_word_list(path: Path, *, whole: bool = False) -> WordFile:
    """Read a word-list file, UTF-8 text; a file that is not (a binary, UTF-16) is an error.
    Entries longer than any hand lays are left out and counted, unless ``whole`` (the
    shipped lists and house lists, whose longest words are still judged by what they need)."""
    return parse_word_list(path, read_list_file(path, WORD_LIST), whole=whole)


def parse_word_list(path: Path, data: bytes, *, whole: bool = False) -> WordFile:
    """The words of a word-list file's bytes (read_word_list)."""
    longest = len(data) if whole else longest_word()
    if not data.translate(None, _PLAIN_LIST):
        plain = data.decode("ascii").split()
        if max(map(len, plain), default=0) <= longest:
            return WordFile(tuple(plain), {})
        kept = tuple(w for w in plain if len(w) <= longest)
        return WordFile(kept, {}, len(plain) - len(kept))
    try:
        text: str | None = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = None
    if text is None or "\0" in text:
        raise DictionaryError(f"word list {shown_path(path)} is not UTF-8 text, one word a line")
    words: set[str] = set()
    capitalised: dict[str, str] = {}
    too_long = 0
    for line in fold(text).split("\n"):
        entry = line.strip()
        lower = entry.lower()
        if not WORD.fullmatch(lower):
            continue
        if len(lower) > longest:  # never laid; and a line of 60,000 letters crashed the index builder
            too_long += 1
            continue
        if entry == lower:
            words.add(lower)
        else:
            acronym = len(entry) > 1 and entry.isupper()
            capitalised.setdefault(lower, ABBREVIATION if acronym else PROPER_NOUN)
    if not words:
        # No entry in lower case (a tournament list in capitals): case says nothing here.
        return WordFile(tuple(sorted(capitalised)), {}, too_long)
    return WordFile(tuple(sorted(words)), {w: r for w, r in capitalised.items() if w not in words}, too_long)


def read_word_file(path: Path) -> set[str]:
    """The words of a house list, every entry lower-cased: a house list states the
    table's own words, so its ``OK`` allows ok and its ``Quiz`` denies quiz.

    Every entry is judged as a word form, as a typed word is: letters a-z once accents
    are dropped. An entry with anything else (``q(u)iz``, ``3d``, ``well-known``, a
    Cyrillic letter that looks like a Latin one) is a DictionaryError naming the file
    and the line: a house list is the table's ruling, and a mistyped one must not
    quietly rule nothing. A file with no entries gives an empty set.
    """
    data = read_list_file(path, HOUSE_LIST)
    found = parse_word_list(path, data, whole=True)  # held in memory, no index: a long word is judged by what it needs
    for number, line in enumerate(data.decode("utf-8-sig").splitlines(), 1):
        entry = fold(line.strip())
        if entry and not WORD.fullmatch(entry.lower()):
            raise DictionaryError(
                f"house list {shown_path(path)}, line {number}: {quoted(line.strip())} is not a word of letters a-z"
            )
    words = set(found.words) | set(found.capitalised)
    if len(words) > MAX_HOUSE_WORDS:
        raise HouseListTooLarge(path, len(words))
    return words


# The indexes of a list, each a file: the words, "KEY WORD" under every word's anagram
# key, and "KEY WORD" under every word's sound key.
INDEX_KINDS = ("words", "anagrams", "sounds")


def index_key(data: bytes) -> str:
    """What the indexes of a list with the bytes ``data`` are named by: its size and CRC-32,
    and the index format. Keyed by the content, not the size and time: a list rewritten
    with its old size and time gets a new index. CRC-32 of the largest shipped list (2.6 MB)
    takes about 1 ms, BLAKE2b 5 ms; a folder holds one list's versions, so a checksum with
    the size is key enough."""
    return f"{len(data)}-{zlib.crc32(data):08x}-v{_INDEX_FORMAT}"


def built_name(source: Path, key: str, kind: str) -> str:
    """The file name of a shipped list's index ``kind`` as the package's build writes it."""
    return f"{source.stem}-{key}.{kind}.dawg"


def build_index(kind: str, found: WordFile) -> dawg.CompletionDAWG:
    """The index ``kind`` (one of INDEX_KINDS) of a list's words."""
    import dawg

    if kind == "words":
        marks = {reason: mark for mark, reason in _CAPITALISED.items()}
        names = sorted(marks[r] + w for w, r in found.capitalised.items())
        return dawg.CompletionDAWG([*names, *found.words])  # marks sort before letters: still in order
    if kind == "anagrams":
        return dawg.CompletionDAWG(f"{sort_key(w)} {w}" for w in found.words)
    from qscore.words.sounds import pronounced_keys, sound_key

    said = pronounced_keys()  # a word's keys: its letters', and its pronunciation's where they differ
    keyed = ((key, w) for w in found.words for key in {sound_key(w), *said.get(w, ())})
    return dawg.CompletionDAWG(f"{key} {w}" for key, w in keyed if key)


class WordIndex:
    """A word list as DAWGs, cached on disk: the words, "KEY WORD" for every word under
    its anagram key, so the words of a key are the completions of "KEY ", and the same
    under its sound key. Each can say whether any entry starts with a prefix, which the suggestion search
    walks.

    Each is opened, or built, only when first asked for: ``check`` never pays for the
    anagram index, twenty times the size of the word index. The word index also keeps
    the capitalised entries of a word-list file, under a mark, to say why they fail.

    ``built`` is the folder where the package's build put the indexes of a shipped list
    (tools/word_indexes.py): an index of the list as it is now is read from there, and
    nothing is built; a list changed since (a dictionary rebuilt in a checkout) has its
    indexes built into the cache as any other list's.
    """

    def __init__(self, source: Path, *, whole: bool = False, built: Path | None = None) -> None:
        self.source = source
        self.whole = whole  # keep every entry, however long: a shipped list
        self.built = built
        self.too_long = 0  # lines left out as too long, when this run built an index

    @cached_property
    def _key(self) -> str:
        return index_key(list_file_bytes(self.source, WORD_LIST))

    @cached_property
    def _files(self) -> tuple[Path, ...]:
        folder = paths.cache_dir()
        return tuple(folder / f"{self._prefix}{self._key}.{kind}.dawg" for kind in INDEX_KINDS)

    @cached_property
    def _prefix(self) -> str:
        """What every index of this source file is named with, whatever its version."""
        where = zlib.crc32(str(self.source.resolve()).encode())
        return f"{self.source.stem}-{where:08x}-"

    def _open(self, which: int) -> dawg.CompletionDAWG:
        import dawg

        kind = INDEX_KINDS[which]
        if self.built is not None:
            with suppress(OSError, ValueError, MemoryError):  # none of this list as it is now, or damaged
                return dawg.CompletionDAWG().load(str(self.built / built_name(self.source, self._key, kind)))
        target = self._files[which]
        try:
            return dawg.CompletionDAWG().load(str(target))
        except (OSError, ValueError, MemoryError):
            pass  # not built yet, or damaged: build it again
        found = read_word_list(self.source, whole=self.whole)
        if not found.words and not found.capitalised:
            raise DictionaryError(f"word list {shown_path(self.source)} holds no words: give one a line")
        self.too_long = found.too_long
        index = build_index(kind, found)
        if save_atomically(index, target):
            self._remove_stale()
        return index

    def _remove_stale(self) -> None:
        """Delete the indexes of this source's earlier versions: the cache only grows otherwise."""
        for old in self._files[0].parent.glob(f"{glob_escape(self._prefix)}*.dawg"):
            if old not in self._files:
                with suppress(OSError):  # gone already (another run), or not ours to delete
                    old.unlink()

    @cached_property
    def _words(self) -> dawg.CompletionDAWG:
        return self._open(0)

    @cached_property
    def _anagrams(self) -> dawg.CompletionDAWG:
        return self._open(1)

    @cached_property
    def _sounds(self) -> dawg.CompletionDAWG:
        return self._open(2)

    def __contains__(self, word: str) -> bool:
        return word in self._words

    def sounding(self, key: str) -> list[str]:
        """The words whose sound key (:func:`qscore.words.sounds.sound_key`) is ``key``."""
        start = len(key) + 1
        return [entry[start:] for entry in self._sounds.keys(key + " ")]

    @cached_property
    def contains(self) -> Callable[[str], bool]:
        """``word in self`` as the index's own test: the suggestion search asks it
        thousands of times a list, with no Python in between."""
        return self._words.__contains__  # type: ignore[no-any-return]

    @cached_property
    def starts(self) -> Callable[[str], bool]:
        """Whether some word begins with a prefix (a-z: never a marked capitalised entry).
        The index's own test, called a million times by a list's suggestions: no Python
        in between."""
        return self._words.has_keys_with_prefix  # type: ignore[no-any-return]

    def capitalised(self, word: str) -> str | None:
        """Why a word-list file's capitalised entry ``word`` is refused, if it lists one."""
        return next((reason for mark, reason in _CAPITALISED.items() if mark + word in self._words), None)

    def __len__(self) -> int:
        return len(self._anagrams.keys())

    def anagrams(self, key: str) -> list[str]:
        start = len(key) + 1
        return [entry[start:] for entry in self._anagrams.keys(key + " ")]

    def anagram_counts(self, keys: Sequence[str]) -> list[int]:
        """How many words each of ``keys`` has, counted by the index itself (no Python
        between the calls)."""
        return list(map(len, map(self._anagrams.keys, [key + " " for key in keys])))

    @cached_property
    def anagram_keys(self) -> AnagramKeys:
        """Every anagram key of the list, read whole from the index (about 0.15 s for the
        largest shipped list)."""
        return AnagramKeys(frozenset({entry[: entry.index(" ")] for entry in self._anagrams.keys("")}))

    @cached_property
    def anagram_prefix(self) -> Callable[[str], bool]:
        """Whether some word's anagram key begins with a prefix (letters in order; a whole
        key is followed by a space). The index's own test, called a hundred thousand times
        a draw advice: no Python in between."""
        return self._anagrams.has_keys_with_prefix  # type: ignore[no-any-return]


def glob_escape(text: str) -> str:
    """``text`` matched literally by a glob pattern."""
    return re.sub(r"([*?[])", r"[\1]", text)


def save_atomically(index: dawg.CompletionDAWG, target: Path) -> bool:
    """Write an index so that a reader never sees half of it; a read-only cache is no error.
    Whether it was written."""
    import tempfile

    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
        os.close(fd)
        try:
            index.save(tmp)
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError:
        return False  # a cache folder qscore cannot write: this run uses the index it built in memory
    return True
