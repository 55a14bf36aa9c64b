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
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from qscore import paths
from qscore.cards import Deck, fold, largest_deal, load_deck, parse_laid_word
from qscore.errors import CardError, DictionaryError, WordError
from qscore.paths import printable, shown_path
from qscore.spelling import MIN_CARDS, Spelling, cards_reason, spell_word, unlayable_reason
from qscore.system_dictionaries import is_tag, open_hunspell, private_enchant

if TYPE_CHECKING:
    import dawg

    from qscore.suggestions import Budget

# Why a word is refused; the rule sheet's list: "proper nouns, abbreviations,
# prefixes or suffixes used alone, hyphenated words", plus the one-card rule.
NOT_IN_DICTIONARY = "not in the dictionary"
PROPER_NOUN = "proper noun"
ABBREVIATION = "abbreviation"
AFFIX = "prefix or suffix"
HYPHENATED = "hyphenated"
BAD_CHARACTERS = "bad characters"
ONE_CARD = "fewer than two cards"
HOUSE_DENIED = "on the house deny list"

# denied.tsv writes reasons as one word; these are the reasons they stand for.
_REJECT_REASONS = {"affix": AFFIX, "abbreviation": ABBREVIATION}
# In a word-list file an entry with capitals is a name or an acronym, never a word;
# the index keeps it under a mark a-z words never carry, for the reason of a refusal.
_CAPITALISED = {"!": PROPER_NOUN, "^": ABBREVIATION}

SHIPPED = {
    "everyday": "SCOWL words up to size 70: the words of an ordinary desk dictionary",
    "wordgame": "SCOWL words up to size 80: adds the rarer words word-game players use",
}
DEFAULT_DICTIONARY = "everyday"
# Source of candidate words for the solver when the dictionary cannot list words itself.
CANDIDATE_LIST = "wordgame"
_WORD = re.compile(r"[a-z]+")
_CARD_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_LAID_MARKS = frozenset("()")
_INDEX_FORMAT = "4"


def sort_key(letters: str) -> str:
    """The anagram key of a word: its letters in order."""
    return "".join(sorted(letters))


class Dictionary(ABC):
    """Which lowercase a-z words are allowed, and why one is not."""

    name: str
    source: str

    @abstractmethod
    def refusal(self, word: str) -> str | None:
        """None when ``word`` (lowercase a-z) is allowed, else the reason it is not."""

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
    table's own words, so its ``OK`` allows ok and its ``Quiz`` denies quiz."""
    found = read_word_list(path, whole=True)  # held in memory, no index: a long word is judged by what it needs
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
        stat = self.source.stat()
        stem = f"{self._prefix}{stat.st_size}-{stat.st_mtime_ns}-v{_INDEX_FORMAT}"
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
        denied = self.denied(word)
        if denied:
            return denied
        named = word in self._names_table if self._tables() else f"\n{word}\n" in self._names_text
        return PROPER_NOUN if named else None

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


class WordListDictionary(Dictionary):
    """A shipped SCOWL list, or a plain word-list file taken as it is."""

    def __init__(self, name: str, path: Path, source: str, *, shipped: bool) -> None:
        self.name = name
        self.source = source
        self.index = WordIndex(path, whole=shipped)
        self.shipped = shipped

    def refusal(self, word: str) -> str | None:
        if word in self.index:
            return None
        reason = _REJECTS.reason(word) if self.shipped else self.index.capitalised(word)
        return reason or NOT_IN_DICTIONARY

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
        if self.shipped:  # a word a line, every line a word: counted without building an index
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

    def refusal(self, word: str) -> str | None:
        # hunspell is built from SCOWL and accepts its lowercase abbreviations (etc, kg,
        # mph): the shipped deny list, the one the word lists use, refuses them here too.
        denied = _REJECTS.denied(word)
        if denied:
            return denied
        if self._dict.check(word):
            return None
        # "a word only counts in lower case": Steve and NATO are known only capitalised.
        if self._dict.check(word.capitalize()):
            # grey is a word that en_US knows only as the name Grey: say both.
            return (
                f"not in {self.name}; {word.capitalize()} is a proper noun"
                if word in _candidates().index
                else PROPER_NOUN
            )
        if self._dict.check(word.upper()):
            return ABBREVIATION
        return NOT_IN_DICTIONARY

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

    def refusal(self, word: str) -> str | None:
        return None if word in self.words else NOT_IN_DICTIONARY

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

    def refusal(self, word: str) -> str | None:
        if word in self.deny:
            return HOUSE_DENIED
        if self.allow.refusal(word) is None:
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
    elif is_tag(name):
        base = EnchantDictionary(name)
    else:
        raise DictionaryError(
            f"unknown dictionary {name!r}: use {', '.join(SHIPPED)}, a system tag such as en_US, or a file path"
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
    """How a game remembers its dictionary: a word-list file by its full path."""
    name = _shipped_name(name or DEFAULT_DICTIONARY)
    return str(Path(name).expanduser().resolve()) if _is_path(name) and name not in SHIPPED else name


@dataclass(frozen=True)
class DictionaryInfo:
    name: str
    words: int | None
    source: str


def list_dictionaries() -> list[DictionaryInfo]:
    """The shipped lists and the system dictionaries enchant can open with hunspell."""
    found = [DictionaryInfo(n, _shipped(n).size(), SHIPPED[n]) for n in SHIPPED]
    with private_enchant():
        try:
            import enchant
        except ImportError:
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
    shipped lists drop them (café is cafe), and in lower case."""
    return fold(text.strip()).lower()


def read_typed(text: str) -> str:
    """A typed word (or laid word, ``(qu)iz``) ready to judge, or a WordError naming it:
    an empty word, or characters no card carries. A hyphen passes: a hyphenated word is
    a word the rules refuse, not a slip of the keys."""
    word = typed_word(text)
    if not word:
        raise WordError("empty word: give a word such as quiz")
    if _LAID_MARKS & set(word):
        parse_laid_word(word)  # its errors name the word and what is wrong
        return word
    stray = sorted(set(word) - _CARD_LETTERS - {"-"})
    if any(c.isdigit() for c in stray):
        raise WordError(f"{text.strip()!r} has digits: cards carry letters only")
    if stray:
        shown = ", ".join("a space" if c.isspace() else repr(c) for c in stray)
        raise WordError(f"{text.strip()!r} has {shown}, which no card carries")
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
    (default: the deck's largest hand), or only the laid one; a word in the dictionary
    that no table can lay is refused with what it lacks. ``suggest`` may be the budget
    a run's suggestions share.
    """
    deck = deck or load_deck()
    most = deck.largest_hand if max_cards is None else max_cards
    word = typed_word(text)
    reason: str | None = None
    refused: str | None = None  # the dictionary's reason, when it refuses the word
    spellings: tuple[Spelling, ...] = ()
    if _LAID_MARKS & set(word):
        try:
            cards = tuple(parse_laid_word(word, deck))
        except CardError:
            return Verdict(word, False, BAD_CHARACTERS, ())
        word = "".join(c.letters for c in cards)
        short = cards_reason(cards, deck, most)
        spellings = () if short or len(cards) < MIN_CARDS else (Spelling(cards),)
        refused = None if len(cards) < MIN_CARDS else dictionary.refusal(word)
        reason = ONE_CARD if len(cards) < MIN_CARDS else refused or short
    elif "-" in word:
        reason = HYPHENATED
    elif not _WORD.fullmatch(word):
        reason = BAD_CHARACTERS
    elif len(word) < MIN_CARDS:
        reason = ONE_CARD
    else:
        spellings = tuple(spell_word(word, deck, max_cards=most))
        reason = refused = dictionary.refusal(word)
        if reason is None and not spellings:
            reason = unlayable_reason(word, deck, max_cards=most)
    near: tuple[str, ...] = ()
    # a refused word's close allowed words, whatever the reason: Teh or OK as much as teh
    if suggest is not False and refused is not None:
        budget = None if suggest is True else suggest
        if budget is not None:
            budget.start_word()
        # only words the table could lay: BUBBLE is no answer to BUBBEL
        near = tuple(w for w in dictionary.suggest(word, budget=budget) if spell_word(w, deck, max_cards=most))
    return Verdict(word, reason is None, reason, spellings, near)
