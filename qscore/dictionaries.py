"""Dictionaries: which words a Quiddler table allows, behind one small interface.

Backends: the shipped SCOWL lists, any word-list file, any system dictionary that
pyenchant opens (hunspell), and house allow/deny lists layered on any of them.
Word lists are read through a DAWG index built once and cached, so a run pays
about a millisecond to open one.

Everything that reads a word (typed, or from a file) folds its diacritics first with
:func:`qscore.cards.fold`, the rule the shipped lists are built with: café is cafe.
"""

from __future__ import annotations

import os
import re
import zlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from qscore import paths
from qscore.cards import Deck, fold, largest_deal, load_deck, parse_laid_word
from qscore.errors import CardError, DictionaryError, WordError, quoted
from qscore.paths import printable, shown_path
from qscore.spelling import MIN_CARDS, Spelling, cards_reason, fewest_cards, spell_word, unlayable_reason
from qscore.system_dictionaries import import_enchant, open_hunspell, private_enchant, system_tag

if TYPE_CHECKING:
    import dawg

    from qscore.suggestions import Budget

# Why a word is refused; the rule sheet's list: "proper nouns, abbreviations,
# prefixes or suffixes used alone, hyphenated words", plus the one-card rule.
NOT_IN_DICTIONARY = "not in the dictionary"
PROPER_NOUN = "proper noun"
ABBREVIATION = "abbreviation"
ROMAN_NUMERAL = "Roman numeral"
AFFIX = "prefix or suffix"
HYPHENATED = "hyphenated"
APOSTROPHE = "apostrophe"
BAD_CHARACTERS = "bad characters"
ONE_CARD = "fewer than two cards"
HOUSE_DENIED = "on the house deny list"

# denied.tsv writes reasons as one word; these are the reasons they stand for.
_REJECT_REASONS = {"affix": AFFIX, "abbreviation": ABBREVIATION, "numeral": ROMAN_NUMERAL}
# In a word-list file an entry with capitals is a name or an acronym, never a word;
# the index keeps it under a mark a-z words never carry, for the reason of a refusal.
_CAPITALISED = {"!": PROPER_NOUN, "^": ABBREVIATION}

SHIPPED = {
    "everyday": "SCOWL up to size 70, its common variants and today's words: an ordinary desk dictionary",
    "wordgame": "SCOWL up to size 80 and its common variants: adds the rarer words word-game players use",
}
DEFAULT_DICTIONARY = "everyday"
# Source of candidate words for the solver when the dictionary cannot list words itself.
CANDIDATE_LIST = "wordgame"
_WORD = re.compile(r"[a-z]+")
_CARD_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_LAID_MARKS = frozenset("()")
_JOINERS = frozenset("-'")
_INDEX_FORMAT = "4"


def sort_key(letters: str) -> str:
    """The anagram key of a word: its letters in order."""
    return "".join(sorted(letters))


class Dictionary(ABC):
    """Which lowercase a-z words are allowed, and why one is not.

    A dictionary gives evidence; :func:`dictionary_reason` turns it into the reason,
    in one order for every dictionary.
    """

    name: str
    source: str
    # Whether the shipped lists' evidence (denied.tsv, names.txt) explains its refusals:
    # true of the shipped lists and of hunspell (built from SCOWL), not of a file taken
    # as it is, whose own capitals are its only evidence.
    shipped_evidence = False

    @abstractmethod
    def contains(self, word: str) -> bool:
        """Whether it holds ``word`` (lowercase a-z) as a word."""

    def capitalised(self, word: str) -> str | None:
        """What the dictionary's own case says of a word it holds only capitalised: a
        proper noun or an abbreviation (with its wording), or None."""
        return None

    def refusal(self, word: str) -> str | None:
        """None when ``word`` (lowercase a-z) is allowed, else the reason it is not."""
        return dictionary_reason(word, self)

    @abstractmethod
    def anagrams(self, key: str) -> list[str]:
        """The allowed words whose sorted letters are ``key``: how the solver finds words."""

    @abstractmethod
    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        """Allowed words close to a likely misspelling, best first, within ``budget``
        (a fresh one when none is given)."""

    def size(self) -> int | None:
        """How many words it holds, where that is known."""
        return None

    def notes(self) -> list[str]:
        """What this run should be told about the dictionary: lines of a word list left out."""
        return []

    def anagram_prefix(self, prefix: str) -> bool:
        """Whether some allowed word's anagram key may begin with ``prefix`` (a whole key is
        followed by a space): a search for words among many cards stops where none does.
        True where that is not known."""
        return True


# --- word lists --------------------------------------------------------------


# Bytes of a file of lower-case a-z words, one a line (the shipped lists): deleting
# them leaves nothing, and such a file is read without a look at each line.
_PLAIN_LIST = b"abcdefghijklmnopqrstuvwxyz\n"


@dataclass(frozen=True)
class WordFile:
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
# many, a list is no house rule but a dictionary (give it as --dictionary).
MAX_HOUSE_WORDS = 10_000


def read_word_list(path: Path, *, whole: bool = False) -> WordFile:
    """Read a word-list file, UTF-8 text; a file that is not (a binary, UTF-16) is an error.
    Entries longer than any hand lays are left out and counted, unless ``whole`` (the
    shipped lists and house lists, whose longest words are still judged by what they need)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DictionaryError(f"cannot read word list {shown_path(path)}: {exc.strerror}") from None
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
        if not _WORD.fullmatch(lower):
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
    found = read_word_list(path, whole=True)  # held in memory, no index: a long word is judged by what it needs
    for number, line in enumerate(path.read_text("utf-8-sig").splitlines(), 1):
        entry = fold(line.strip())
        if entry and not _WORD.fullmatch(entry.lower()):
            raise DictionaryError(
                f"house list {shown_path(path)}, line {number}: {quoted(line.strip())} is not a word of letters a-z"
            )
    words = set(found.words) | set(found.capitalised)
    if len(words) > MAX_HOUSE_WORDS:
        raise DictionaryError(
            f"house list {shown_path(path)} holds {len(words):,} words, and a house list takes at most "
            f"{MAX_HOUSE_WORDS:,} (a game keeps a copy): give a list that large as --dictionary"
        )
    return words


class WordIndex:
    """A word list as two DAWGs, cached on disk: the words, and "KEY WORD" for every
    word under its anagram key, so the words of a key are the completions of "KEY ".
    Both can say whether any entry starts with a prefix, which the suggestion search
    walks.

    Each is opened, or built, only when first asked for: ``check`` never pays for the
    anagram index, twenty times the size of the word index. The word index also keeps
    the capitalised entries of a word-list file, under a mark, to say why they fail.
    """

    def __init__(self, source: Path, *, whole: bool = False) -> None:
        self.source = source
        self.whole = whole  # keep every entry, however long: a shipped list
        self.too_long = 0  # lines left out as too long, when this run built an index

    @cached_property
    def _files(self) -> tuple[Path, Path]:
        # Keyed by the file's content, not its size and time: a list rewritten with its
        # old size and time gets a new index. CRC-32 of the largest shipped list (2.6 MB)
        # takes about 1 ms, BLAKE2b 5 ms; the cache holds one source's versions, so a
        # checksum with the size is key enough.
        try:
            data = self.source.read_bytes()
        except OSError as exc:
            raise DictionaryError(f"cannot read word list {self.source}: {exc.strerror}") from None
        stem = f"{self._prefix}{len(data)}-{zlib.crc32(data):08x}-v{_INDEX_FORMAT}"
        folder = paths.cache_dir()
        return folder / f"{stem}.words.dawg", folder / f"{stem}.anagrams.dawg"

    @cached_property
    def _prefix(self) -> str:
        """What every index of this source file is named with, whatever its version."""
        where = zlib.crc32(str(self.source.resolve()).encode())
        return f"{self.source.stem}-{where:08x}-"

    def _open(self, which: int) -> dawg.CompletionDAWG:
        import dawg

        target = self._files[which]
        try:
            return dawg.CompletionDAWG().load(str(target))
        except (OSError, ValueError, MemoryError):
            pass  # not built yet, or damaged: build it again
        found = read_word_list(self.source, whole=self.whole)
        if not found.words and not found.capitalised:
            raise DictionaryError(f"word list {shown_path(self.source)} holds no words: give one a line")
        self.too_long = found.too_long
        if which == 0:
            marks = {reason: mark for mark, reason in _CAPITALISED.items()}
            names = sorted(marks[r] + w for w, r in found.capitalised.items())
            index = dawg.CompletionDAWG([*names, *found.words])  # marks sort before letters: still in order
        else:
            index = dawg.CompletionDAWG(f"{sort_key(w)} {w}" for w in found.words)
        if _save_atomically(index, target):
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

    def __contains__(self, word: str) -> bool:
        return word in self._words

    def starts(self, prefix: str) -> bool:
        """Whether some word begins with ``prefix`` (a-z: never a marked capitalised entry)."""
        return bool(self._words.has_keys_with_prefix(prefix))

    def capitalised(self, word: str) -> str | None:
        """Why a word-list file's capitalised entry ``word`` is refused, if it lists one."""
        return next((reason for mark, reason in _CAPITALISED.items() if mark + word in self._words), None)

    def __len__(self) -> int:
        return len(self._anagrams.keys())

    def anagrams(self, key: str) -> list[str]:
        start = len(key) + 1
        return [entry[start:] for entry in self._anagrams.keys(key + " ")]

    @cached_property
    def anagram_prefix(self) -> Callable[[str], bool]:
        """Whether some word's anagram key begins with a prefix (letters in order; a whole
        key is followed by a space). The index's own test, called a hundred thousand times
        a draw advice: no Python in between."""
        return self._anagrams.has_keys_with_prefix  # type: ignore[no-any-return]


def glob_escape(text: str) -> str:
    """``text`` matched literally by a glob pattern."""
    return re.sub(r"([*?[])", r"[\1]", text)


def _save_atomically(index: dawg.CompletionDAWG, target: Path) -> bool:
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


class Rejects:
    """Words the shipped lists leave out on purpose, with the reason: abbreviations and
    affixes (denied.tsv, which every dictionary refuses), and names (names.txt).

    The first few look-ups search the files' text: a run that asks about a word or two
    pays a millisecond, not the ~15 ms of building tables. A run that asks about more
    (a list checked from standard input) builds them once, after which a look-up is a
    hash.
    """

    SEARCHES = 16  # look-ups answered by searching the text before the tables are built

    def __init__(self) -> None:
        self._asked = 0

    @cached_property
    def _denied_text(self) -> str:
        return "\n" + paths.package_file("wordlists", "denied.tsv").read_text("utf-8")

    @cached_property
    def _names_text(self) -> str:
        return "\n" + paths.package_file("wordlists", "names.txt").read_text("utf-8")

    @cached_property
    def _denied_table(self) -> dict[str, str]:
        rows = (line.split("\t") for line in self._denied_text.split("\n") if line)
        return {word: _REJECT_REASONS[reason] for word, reason in rows}

    @cached_property
    def _names_table(self) -> frozenset[str]:
        return frozenset(self._names_text.split())

    def _tables(self) -> bool:
        """Whether to answer from the tables: once enough has been asked."""
        self._asked += 1
        return self._asked > self.SEARCHES

    def reason(self, word: str) -> str | None:
        """The reason ``word`` (lowercase a-z) is left out, or None. A curated or SCOWL
        abbreviation or affix comes before a name: ing is a suffix first, though Ing is
        a name too. Only SCOWL's common names are listed (see dictionaries/README.md)."""
        return self.denied(word) or (PROPER_NOUN if self.named(word) else None)

    def named(self, word: str) -> bool:
        """Whether ``word`` is one of SCOWL's common proper nouns that no everyday word spells."""
        return word in self._names_table if self._tables() else f"\n{word}\n" in self._names_text

    def denied(self, word: str) -> str | None:
        """Why ``word`` is refused by every dictionary, enchant's too: an abbreviation or an
        affix, never a proper noun (the system dictionaries know their own names)."""
        if self._tables():
            return self._denied_table.get(word)
        text = self._denied_text
        at = text.find(f"\n{word}\t")
        if at < 0:
            return None
        start = at + len(word) + 2
        return _REJECT_REASONS[text[start : text.index("\n", start)]]


_REJECTS = Rejects()


def dictionary_reason(word: str, dictionary: Dictionary) -> str | None:
    """Why ``dictionary`` refuses ``word`` (lowercase a-z), or None: the dictionary's
    part of :func:`refusal_reason`'s order, each reason given only on its evidence.

    1. the shipped deny list, where the dictionary takes the shipped evidence: a bare
       prefix or suffix, a Roman numeral (xiv), an abbreviation (hunspell accepts etc,
       kg and xiv);
    2. a word the dictionary holds is allowed;
    3. the dictionary's own case: a file's capitalised entry (Paris, NATO), or a word
       hunspell knows only as a name (Grey);
    4. a proper noun of the shipped names (SCOWL's common sizes: Paris, Steve);
    5. else not in the dictionary.
    """
    denied = _REJECTS.denied(word) if dictionary.shipped_evidence else None
    if denied:
        return denied
    if dictionary.contains(word):
        return None
    own = dictionary.capitalised(word)
    if own:
        return own
    if dictionary.shipped_evidence and _REJECTS.named(word):
        return PROPER_NOUN
    return NOT_IN_DICTIONARY


class WordListDictionary(Dictionary):
    """A shipped SCOWL list, or a plain word-list file taken as it is."""

    def __init__(self, name: str, path: Path, source: str, *, shipped: bool) -> None:
        self.name = name
        self.source = source
        self.index = WordIndex(path, whole=shipped)
        self.shipped_evidence = shipped

    def contains(self, word: str) -> bool:
        return word in self.index

    def capitalised(self, word: str) -> str | None:
        return None if self.shipped_evidence else self.index.capitalised(word)

    def anagrams(self, key: str) -> list[str]:
        return self.index.anagrams(key)

    def anagram_prefix(self, prefix: str) -> bool:
        return self.index.anagram_prefix(prefix)

    def notes(self) -> list[str]:
        n = self.index.too_long
        if not n:
            return []
        lines = "a line" if n == 1 else f"{n:,} lines"
        return [
            f"{lines} of word list {shown_path(self.index.source)} left out: longer than "
            f"{longest_word()} letters, more than any hand lays"
        ]

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        from qscore.suggestions import suggest_in_index

        index = self.index
        return suggest_in_index(word, index.__contains__, index.starts, _budget(budget), limit)

    def size(self) -> int:
        if self.shipped_evidence:  # a word a line, every line a word: counted without building an index
            return self.index.source.read_bytes().count(b"\n")
        return len(self.index)


def _budget(budget: Budget | None) -> Budget:
    """The budget a word's suggestions spend: the one given (its word share started by
    the caller), or one of their own."""
    from qscore.suggestions import Budget

    if budget is None:
        budget = Budget()
        budget.start_word()
    return budget


# --- system dictionaries -----------------------------------------------------


class EnchantDictionary(Dictionary):
    """A hunspell dictionary opened through pyenchant, held to the same rules as the lists.

    Opened with a configuration of qscore's own, kept empty: a user's personal word
    list and exclusions (~/.config/enchant/en_US.dic, .exc) never change a verdict,
    and enchant never creates or writes them on qscore's behalf.
    """

    def __init__(self, tag: str) -> None:
        self.name = tag
        self.source = f"system hunspell dictionary {tag}, through enchant"
        self._broker, self._dict = open_hunspell(tag)  # the dictionary lives only as long as its broker

    # hunspell is built from SCOWL and accepts its lowercase abbreviations (etc, kg,
    # mph): the shipped lists' evidence, the deny list first, holds here too. Its own
    # capitals are no evidence of their own: it takes YOUTUBE for YouTube and HM, and
    # Zzz, as it takes any word in capitals, so a name or an abbreviation is one only
    # where the shipped lists say so, as for them.
    shipped_evidence = True

    def contains(self, word: str) -> bool:
        """Whether hunspell holds ``word``, or one of SCOWL's accented spellings of it: a
        player types entree, and en_GB holds only entrée."""
        return bool(self._dict.check(word)) or any(self._dict.check(form) for form in _accented(word))

    def capitalised(self, word: str) -> str | None:
        # grey is an everyday word that en_US knows only as the name Grey: say both.
        if word in _shipped(DEFAULT_DICTIONARY).index and self._dict.check(word.capitalize()):
            return f"not in {self.name}; {word.capitalize()} is a proper noun"
        return None

    def anagrams(self, key: str) -> list[str]:
        # hunspell cannot list words; take the candidates from the largest shipped list.
        return [w for w in _candidates().anagrams(key) if self.refusal(w) is None]

    def anagram_prefix(self, prefix: str) -> bool:
        return _candidates().anagram_prefix(prefix)  # its words are among the candidates'

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        from qscore.suggestions import MAX_LETTERS, SYSTEM_SEARCH, one_edit, rank

        # First the words one edit away in the largest shipped list that hunspell allows,
        # at a look-up each; then hunspell's own search, 20 to 150 ms a word, counted
        # against the budget.
        budget = _budget(budget)
        index = _candidates().index
        near = [w for w in one_edit(word, index.__contains__, budget) or () if self.refusal(w) is None]
        if near:
            return rank(word, near)[:limit]
        if len(word) > MAX_LETTERS or not budget.spend(SYSTEM_SEARCH):
            return []
        folded = dict.fromkeys(fold(w) for w in self._dict.suggest(word))  # souffle for soufflé
        return [w for w in folded if _WORD.fullmatch(w) and self.refusal(w) is None][:limit]


def _accented(word: str) -> list[str]:
    """SCOWL's accented spellings of ``word`` as typed (entree: entrée), from accents.tsv,
    read when a system dictionary first lacks a word."""
    found = _accents().get(word)
    return found.split() if found else []


@cache
def _accents() -> dict[str, str]:
    rows = paths.package_file("wordlists", "accents.tsv").read_text("utf-8").splitlines()
    return dict(row.split("\t") for row in rows)


def _candidates() -> WordListDictionary:
    return _shipped(CANDIDATE_LIST)


_SHIPPED_CACHE: dict[str, WordListDictionary] = {}


def _shipped(name: str) -> WordListDictionary:
    if name not in _SHIPPED_CACHE:
        path = paths.package_file("wordlists", f"{name}.txt")
        _SHIPPED_CACHE[name] = WordListDictionary(name, path, SHIPPED[name], shipped=True)
    return _SHIPPED_CACHE[name]


# --- words in memory and house rules ----------------------------------------


class WordSet(Dictionary):
    """A small dictionary held in memory: a house allow list, or a test's own words."""

    def __init__(self, words: Iterable[str], name: str = "words", source: str = "a list of words") -> None:
        self.name = name
        self.source = source
        self.words = frozenset(w for w in words if _WORD.fullmatch(w))
        self._by_key: dict[str, list[str]] = {}
        for w in sorted(self.words):
            self._by_key.setdefault(sort_key(w), []).append(w)

    def contains(self, word: str) -> bool:
        return word in self.words

    def anagrams(self, key: str) -> list[str]:
        return self._by_key.get(key, [])

    def anagram_prefix(self, prefix: str) -> bool:
        return prefix in self._key_prefixes

    @cached_property
    def _key_prefixes(self) -> frozenset[str]:
        return frozenset(p for key in self._by_key for p in (key + " ", *(key[:n] for n in range(len(key) + 1))))

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        from qscore.suggestions import one_edit, rank

        return rank(word, one_edit(word, self.words.__contains__, _budget(budget)) or ())[:limit]

    def size(self) -> int:
        return len(self.words)


class HouseRules(Dictionary):
    """Extra allowed and denied words on top of another dictionary."""

    def __init__(self, inner: Dictionary, allow: set[str], deny: set[str]) -> None:
        self.inner = inner
        self.allow = WordSet(allow - deny)
        self.deny = frozenset(deny)
        self.name = inner.name
        self.source = f"{inner.source}, with house rules (+{self.allow.size()} -{len(deny)} words)"

    def contains(self, word: str) -> bool:
        return word not in self.deny and (word in self.allow.words or self.inner.contains(word))

    def refusal(self, word: str) -> str | None:
        """The table's own lists first: its deny list, then its allow list, then the
        dictionary's reason."""
        if word in self.deny:
            return HOUSE_DENIED
        if word in self.allow.words:
            return None
        return self.inner.refusal(word)

    def anagrams(self, key: str) -> list[str]:
        return sorted({*self.inner.anagrams(key), *self.allow.anagrams(key)} - self.deny)

    def anagram_prefix(self, prefix: str) -> bool:
        return self.allow.anagram_prefix(prefix) or self.inner.anagram_prefix(prefix)

    def notes(self) -> list[str]:
        return self.inner.notes()

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        from qscore.suggestions import rank

        budget = _budget(budget)
        found = self.allow.suggest(word, limit, budget) + self.inner.suggest(word, limit, budget)
        return [w for w in rank(word, found) if w not in self.deny][:limit]


# --- choosing one ------------------------------------------------------------


def open_dictionary(name: str | None = None, allow: Iterable[str] = (), deny: Iterable[str] = ()) -> Dictionary:
    """The dictionary called ``name`` (shipped list, file path or enchant tag), with house lists."""
    name = _shipped_name(name or DEFAULT_DICTIONARY)
    base: Dictionary
    if name in SHIPPED:
        base = _shipped(name)
    elif _is_path(name):
        path = Path(name).expanduser()
        if path.is_dir():
            raise DictionaryError(f"{shown_path(name)} is a folder: give a word-list file, one word a line")
        if not path.is_file():
            raise DictionaryError(f"no word-list file {shown_path(name)}")
        base = WordListDictionary(path.name, path, f"word list {printable(str(path))}", shipped=False)
    elif system_tag(name):
        base = EnchantDictionary(system_tag(name) or name)
    else:
        from difflib import get_close_matches

        near = get_close_matches(name.lower(), list(SHIPPED), n=1)
        meant = f" (did you mean {near[0]}?)" if near else ""
        raise DictionaryError(
            f"unknown dictionary {quoted(name)}: use {', '.join(SHIPPED)}, a system tag such as en_US, "
            f"or a file path{meant}"
        )
    allow, deny = set(allow), set(deny)
    return HouseRules(base, allow, deny) if allow or deny else base


def _shipped_name(name: str) -> str:
    """A shipped list's name in any case (``Everyday``); other names as given."""
    return name.lower() if name.lower() in SHIPPED else name


def _is_path(name: str) -> bool:
    """Whether a name that is no shipped list's names a file: it has a folder in it, or
    names a file or folder here (``-d mywords``)."""
    return os.sep in name or os.path.exists(os.path.expanduser(name))


def dictionary_name(name: str | None) -> str:
    """How a game remembers its dictionary: a word-list file by its full path, a system
    dictionary by its tag as written (en_gb: en_GB)."""
    name = _shipped_name(name or DEFAULT_DICTIONARY)
    if name in SHIPPED:
        return name
    if _is_path(name):
        return str(Path(name).expanduser().resolve())
    return system_tag(name) or name


@dataclass(frozen=True)
class DictionaryInfo:
    name: str
    words: int | None
    source: str


def list_dictionaries() -> list[DictionaryInfo]:
    """The shipped lists and the system dictionaries enchant can open with hunspell."""
    found = [DictionaryInfo(n, _shipped(n).size(), SHIPPED[n]) for n in SHIPPED]
    with private_enchant():
        enchant = import_enchant()
        if enchant is None:
            return found
        tags = sorted(enchant.Broker().list_languages())
    for tag in tags:
        try:
            system = EnchantDictionary(tag)
        except DictionaryError:
            continue  # known to another provider only
        found.append(DictionaryInfo(tag, None, system.source))
    return found


# --- judging a word ----------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """Whether a word is allowed, why not, and every way to lay it."""

    word: str
    allowed: bool
    reason: str | None
    spellings: tuple[Spelling, ...]
    suggestions: tuple[str, ...] = ()


def typed_word(text: str) -> str:
    """A word as a player typed it, made ready to judge: trimmed, accents dropped as the
    shipped lists drop them (café is cafe), in lower case, a typographic apostrophe
    (U+2019, as phones type it) as the plain one."""
    return fold(text.strip()).lower().replace("\u2019", "'")


def read_typed(text: str) -> str:
    """A typed word (or laid word, ``(qu)iz``) ready to judge, or a WordError naming it:
    an empty word, or characters no card carries. A hyphen or an apostrophe passes: a
    hyphenated word or a contraction is a word the rules refuse, not a slip of the keys."""
    word = typed_word(text)
    if not word:
        raise WordError("empty word: give a word such as quiz")
    if _LAID_MARKS & set(word):
        parse_laid_word(word)  # its errors name the word and what is wrong
        return word
    stray = sorted(set(word) - _CARD_LETTERS - _JOINERS)
    if any(c.isdigit() for c in stray):
        raise WordError(f"{quoted(text.strip())} has digits: cards carry letters only")
    if stray:
        shown = ", ".join("a space" if c.isspace() else repr(c) for c in stray)
        raise WordError(f"{quoted(text.strip())} has {shown}, which no card carries")
    if not set(word) - _JOINERS:
        raise WordError(f"{quoted(text.strip())} has no letters: give a word such as quiz")
    return word


def judge(
    text: str,
    dictionary: Dictionary,
    deck: Deck | None = None,
    *,
    max_cards: int | None = None,
    suggest: bool | Budget = True,
) -> Verdict:
    """Judge one word as a player typed it (any case), or as laid: ``(qu)iz`` is QU·I·Z.

    Its spellings are those a table can lay with ``deck`` in a hand of ``max_cards``
    (default: the deck's largest hand), or only the laid one. The reason of a refusal
    is :func:`refusal_reason`'s. ``suggest`` may be the budget a run's suggestions share.
    """
    deck = deck or load_deck()
    most = deck.largest_hand if max_cards is None else max_cards
    word, reason, spellings = refusal_reason(typed_word(text), dictionary, deck, most)
    near: tuple[str, ...] = ()
    # a refused word's close allowed words, whatever the reason: Teh, OK, bubble, co-op
    if suggest is not False and reason is not None and reason != BAD_CHARACTERS:
        near = tuple(_suggestions(word, dictionary, deck, most, _budget(None) if suggest is True else suggest))
    return Verdict(word, reason is None, reason, spellings, near)


def refusal_reason(
    word: str, dictionary: Dictionary, deck: Deck, most: int
) -> tuple[str, str | None, tuple[Spelling, ...]]:
    """The word judged (a laid word as its letters), why it is refused or None, and the
    spellings a table can lay. The reasons, in the one order every dictionary follows,
    each given only on its evidence:

    1. bad form: characters no card carries, or brackets round no double card;
    2. an apostrophe (don't); 3. a hyphen (co-op);
    4. fewer than two cards (a, or a laid (qu));
    5. the deck or the hand cannot supply it (bubble: 3 B; 12 cards);
    6.-9. the dictionary's reasons (:func:`dictionary_reason`): a bare prefix or
       suffix, a Roman numeral or an abbreviation, a proper noun, not in the dictionary.
    """
    if _LAID_MARKS & set(word):
        try:
            cards = tuple(parse_laid_word(word, deck))
        except CardError:
            return word, BAD_CHARACTERS, ()
        word = "".join(c.letters for c in cards)
        if len(cards) < MIN_CARDS:
            return word, ONE_CARD, ()
        short = cards_reason(cards, deck, most)
        if short:
            return word, short, ()
        return word, dictionary.refusal(word), (Spelling(cards),)
    if not _WORD.fullmatch(word.replace("-", "").replace("'", "")):
        return word, BAD_CHARACTERS, ()
    if "'" in word:
        return word, APOSTROPHE, ()
    if "-" in word:
        return word, HYPHENATED, ()
    if len(word) < MIN_CARDS:
        return word, ONE_CARD, ()
    spellings = tuple(spell_word(word, deck, max_cards=most))
    if not spellings:
        return word, unlayable_reason(word, deck, max_cards=most), ()
    return word, dictionary.refusal(word), spellings


def _suggestions(word: str, dictionary: Dictionary, deck: Deck, most: int, budget: Budget) -> list[str]:
    """Allowed words near a refused one that the table could lay: the word without its
    hyphens or apostrophes first, when that is one (coop for co-op), then the
    dictionary's own. BUBBLE is no answer to BUBBEL."""
    from qscore.suggestions import MAX_LETTERS

    joined = word.replace("-", "").replace("'", "")
    if len(joined) > MAX_LETTERS:
        return []
    fewest = fewest_cards(joined, deck)
    if fewest is not None and fewest > most:
        return []  # too long for the hand: what the player meant is too long as well
    known = dictionary.contains(joined)
    budget.start_word(deep=not known)  # a word the dictionary holds is no typo: one edit
    found = [joined] if joined != word and dictionary.refusal(joined) is None else []
    found += dictionary.suggest(joined, 20, budget)  # more than shown: some may need cards the deck lacks
    unsuggested = _unsuggested()
    layable = (w for w in dict.fromkeys(found) if w != word and spell_word(w, deck, max_cards=most))
    return [w for w in layable if w not in unsuggested][:5]


@cache
def _unsuggested() -> frozenset[str]:
    """Words never offered as a suggestion: obscenities and ethnic slurs by WordNet's usage
    labels, with their inflections (unsuggested.txt, dictionaries/README.md). Still words."""
    return frozenset(paths.package_file("wordlists", "unsuggested.txt").read_text("utf-8").split())
