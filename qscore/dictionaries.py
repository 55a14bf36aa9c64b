"""Dictionaries: which words a Quiddler table allows, behind one small interface.

Backends: the shipped SCOWL lists, any word-list file, any system dictionary that
pyenchant opens (hunspell), and house allow/deny lists layered on any of them.
Word lists are read through a DAWG index built once and cached, so a run pays
about a millisecond to open one.
"""

from __future__ import annotations

import os
import re
import zlib
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from qscore import paths
from qscore.cards import Deck, load_deck, parse_laid_word
from qscore.errors import CardError, DictionaryError, WordError
from qscore.spelling import MIN_CARDS, Spelling, cards_reason, spell_word, unlayable_reason

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

# rejects.tsv writes reasons as one word; these are the reasons they stand for.
_REJECT_REASONS = {"affix": AFFIX, "abbreviation": ABBREVIATION, "proper noun": PROPER_NOUN}

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
_ENCHANT_TAG = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")
_INDEX_FORMAT = "3"


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


# --- word lists --------------------------------------------------------------


def read_word_file(path: Path) -> set[str]:
    """Words of a one-word-a-line file, lower-cased; lines that are not letters a-z never count."""
    try:
        text = path.read_text("utf-8", errors="replace")
    except OSError as exc:
        raise DictionaryError(f"cannot read word list {path}: {exc.strerror}") from None
    words = {line.strip().lower() for line in text.splitlines()}
    return {w for w in words if _WORD.fullmatch(w)}


class WordIndex:
    """A word list as two DAWGs, cached on disk: the words, and "KEY WORD" for every
    word under its anagram key, so the words of a key are the completions of "KEY ".
    Both can say whether any entry starts with a prefix, which the suggestion search
    walks.

    Each is opened only when first asked for: ``check`` never pays for the anagram
    index, twenty times the size of the word index.
    """

    def __init__(self, source: Path) -> None:
        self.source = source

    @cached_property
    def _files(self) -> tuple[Path, Path]:
        stat = self.source.stat()
        where = zlib.crc32(f"{_INDEX_FORMAT}|{self.source.resolve()}".encode())
        stem = f"{self.source.stem}-{stat.st_size}-{stat.st_mtime_ns}-{where:08x}"
        folder = paths.cache_dir()
        return folder / f"{stem}.words.dawg", folder / f"{stem}.anagrams.dawg"

    def _open(self, which: int) -> dawg.CompletionDAWG:
        import dawg

        try:
            return dawg.CompletionDAWG().load(str(self._files[which]))
        except (OSError, ValueError, MemoryError):
            pass  # not built yet, or damaged: build both again
        words = read_word_file(self.source)
        built = dawg.CompletionDAWG(words), dawg.CompletionDAWG(f"{sort_key(w)} {w}" for w in words)
        for index, target in zip(built, self._files, strict=True):
            _save_atomically(index, target)
        return built[which]

    @cached_property
    def _words(self) -> dawg.CompletionDAWG:
        return self._open(0)

    @cached_property
    def _anagrams(self) -> dawg.CompletionDAWG:
        return self._open(1)

    def __contains__(self, word: str) -> bool:
        return word in self._words

    def starts(self, prefix: str) -> bool:
        """Whether some word begins with ``prefix``."""
        return bool(self._words.has_keys_with_prefix(prefix))

    def __len__(self) -> int:
        return len(self._anagrams.keys())

    def anagrams(self, key: str) -> list[str]:
        start = len(key) + 1
        return [entry[start:] for entry in self._anagrams.keys(key + " ")]


def _save_atomically(index: dawg.CompletionDAWG, target: Path) -> None:
    """Write an index so that a reader never sees half of it; a read-only cache is no error."""
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
        return  # a cache folder qscore cannot write: this run uses the index it built in memory


class Rejects:
    """Words the shipped lists leave out on purpose, with the reason: names, abbreviations, affixes."""

    @cached_property
    def _table(self) -> dict[str, str]:
        text = paths.package_file("wordlists", "rejects.tsv").read_text("utf-8")
        rows = (line.split("\t") for line in text.splitlines())
        return {word: _REJECT_REASONS[reason] for word, reason in rows}

    def reason(self, word: str) -> str | None:
        return self._table.get(word)

    def denied(self) -> dict[str, str]:
        """The entries that are no proper noun: what an enchant dictionary must refuse too."""
        return {w: r for w, r in self._table.items() if r != PROPER_NOUN}


_REJECTS = Rejects()


class WordListDictionary(Dictionary):
    """A shipped SCOWL list, or a plain word-list file taken as it is."""

    def __init__(self, name: str, path: Path, source: str, *, shipped: bool) -> None:
        self.name = name
        self.source = source
        self.index = WordIndex(path)
        self.shipped = shipped

    def refusal(self, word: str) -> str | None:
        if word in self.index:
            return None
        return (_REJECTS.reason(word) if self.shipped else None) or NOT_IN_DICTIONARY

    def anagrams(self, key: str) -> list[str]:
        return self.index.anagrams(key)

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        from qscore.suggestions import suggest_in_index

        index = self.index
        return suggest_in_index(word, index.__contains__, index.starts, _budget(budget), limit)

    def size(self) -> int:
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
    """A hunspell dictionary opened through pyenchant, held to the same rules as the lists."""

    def __init__(self, tag: str) -> None:
        self.name = tag
        self.source = f"system hunspell dictionary {tag}, through enchant"
        package = f"hunspell-{tag.lower().replace('_', '-')}"
        try:
            import enchant
        except ImportError:
            raise DictionaryError(
                f"dictionary {tag!r} needs the enchant library: apt-get install libenchant-2-2 {package}"
            ) from None
        broker = enchant.Broker()
        # Debian's enchant.ordering puts aspell first for English; pin hunspell for every tag.
        broker.set_ordering(tag, "hunspell")
        broker.set_ordering("*", "hunspell")
        if not broker.dict_exists(tag):
            raise DictionaryError(f"no system dictionary {tag!r}: apt-get install {package}")
        self._dict = broker.request_dict(tag)
        if self._dict.provider.name != "hunspell":
            raise DictionaryError(
                f"system dictionary {tag!r} comes from {self._dict.provider.name}, not hunspell: "
                f"apt-get install {package}"
            )
        self._broker = broker  # the dictionary lives only as long as its broker
        self._denied = _REJECTS.denied()

    def refusal(self, word: str) -> str | None:
        # hunspell accepts lowercase abbreviations (etc, kg, cm): refuse them by list.
        if word in self._denied:
            return self._denied[word]
        if self._dict.check(word):
            return None
        # "a word only counts in lower case": Steve and NATO are known only capitalised.
        if self._dict.check(word.capitalize()):
            return PROPER_NOUN
        if self._dict.check(word.upper()):
            return ABBREVIATION
        return NOT_IN_DICTIONARY

    def anagrams(self, key: str) -> list[str]:
        # hunspell cannot list words; take the candidates from the largest shipped list.
        return [w for w in _candidates().anagrams(key) if self.refusal(w) is None]

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
        found = (w for w in self._dict.suggest(word) if _WORD.fullmatch(w))
        return [w for w in found if self.refusal(w) is None][:limit]


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

    def suggest(self, word: str, limit: int = 5, budget: Budget | None = None) -> list[str]:
        budget = _budget(budget)
        found = self.allow.suggest(word, limit, budget) + self.inner.suggest(word, limit, budget)
        return [w for w in dict.fromkeys(found) if w not in self.deny][:limit]


# --- choosing one ------------------------------------------------------------


def open_dictionary(name: str | None = None, allow: Iterable[str] = (), deny: Iterable[str] = ()) -> Dictionary:
    """The dictionary called ``name`` (shipped list, file path or enchant tag), with house lists."""
    name = _shipped_name(name or DEFAULT_DICTIONARY)
    base: Dictionary
    if name in SHIPPED:
        base = _shipped(name)
    elif _is_path(name):
        path = Path(name).expanduser()
        if not path.is_file():
            raise DictionaryError(f"no word-list file {name!r}")
        base = WordListDictionary(path.name, path, f"word list {path}", shipped=False)
    elif _ENCHANT_TAG.fullmatch(name):
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
    return os.sep in name or Path(name).is_file()


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
    try:
        import enchant
    except ImportError:
        return found
    for tag in sorted(enchant.Broker().list_languages()):
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
    """A word as a player typed it, made ready to judge: trimmed and in lower case."""
    return text.strip().lower()


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
    spellings: tuple[Spelling, ...] = ()
    if _LAID_MARKS & set(word):
        try:
            cards = tuple(parse_laid_word(word, deck))
        except CardError:
            return Verdict(word, False, BAD_CHARACTERS, ())
        word = "".join(c.letters for c in cards)
        short = cards_reason(cards, deck, most)
        spellings = () if short or len(cards) < MIN_CARDS else (Spelling(cards),)
        reason = ONE_CARD if len(cards) < MIN_CARDS else dictionary.refusal(word) or short
    elif "-" in word:
        reason = HYPHENATED
    elif not _WORD.fullmatch(word):
        reason = BAD_CHARACTERS
    elif len(word) < MIN_CARDS:
        reason = ONE_CARD
    else:
        spellings = tuple(spell_word(word, deck, max_cards=most))
        reason = dictionary.refusal(word)
        if reason is None and not spellings:
            reason = unlayable_reason(word, deck, max_cards=most)
    near: tuple[str, ...] = ()
    if suggest is not False and reason == NOT_IN_DICTIONARY:
        budget = None if suggest is True else suggest
        if budget is not None:
            budget.start_word()
        # only words the table could lay: BUBBLE is no answer to BUBBEL
        near = tuple(w for w in dictionary.suggest(word, budget=budget) if spell_word(w, deck, max_cards=most))
    return Verdict(word, reason is None, reason, spellings, near)
