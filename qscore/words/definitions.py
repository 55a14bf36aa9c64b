"""Short meanings of words, from WordNet 3.0 and qscore's own curated meanings (the words
WordNet has none for: and, she, oops, selfie), shipped in ``qscore/data/meanings.bin``.

Nothing is read until a meaning is asked for: ``check`` and ``best`` never open the file.
The file (built by dictionaries/build_meanings.py) is a sorted list of records in
zlib-compressed blocks, with the first word of each block at its head; a look-up reads
the head once, then inflates the one block that can hold the word.

A record holds a word's meanings (up to three, each with its part of speech, plus the
first sense of any part of speech those leave out) and the inflections WordNet lists as
exceptions (went: past form of go), decided when the file is built. A regular
inflection (cats, walked, quicker) is found here by WordNet's own suffix rules, and only
when the caller says the word is one (a dictionary allowed it): the rules alone would
read quizs as a plural of quiz.
"""

from __future__ import annotations

import bisect
import re
import zlib
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import BinaryIO, NamedTuple

from qscore import paths
from qscore.errors import QscoreError

MAGIC = "qscore meanings 1"
BLOCK_END = ""  # the blank line that ends the head
MAX_SHOWN = 3
HEAD_READ = 8192  # bytes read at a time for the head: the shipped file's is about 4,300
# WordNet's four, then the kinds only the curated meanings have (dictionaries/curated-meanings.txt).
PARTS_OF_SPEECH = {
    "n": "noun",
    "v": "verb",
    "a": "adjective",
    "r": "adverb",
    "o": "pronoun",
    "d": "determiner",
    "p": "preposition",
    "c": "conjunction",
    "i": "interjection",
}
# Form code -> (what the form is, the part of speech of its base's meanings).
FORMS = {
    "p": ("plural", "n"),
    "t": ("present tense", "v"),
    "d": ("past tense", "v"),
    "P": ("past participle", "v"),
    "f": ("past form", "v"),
    "g": ("present participle", "v"),
    "c": ("comparative", "a"),
    "s": ("superlative", "a"),
    "C": ("comparative", "r"),
    "S": ("superlative", "r"),
}
# The consonants a verb doubles before -ed and -ing (stop, stopped).
DOUBLED = "bdgklmnprtvz"
# WordNet's detachment rules (its morph.c), in its order: ending -> (base ending, form code).
RULES = {
    "n": [
        ("s", "", "p"),
        ("ses", "s", "p"),
        ("xes", "x", "p"),
        ("zes", "z", "p"),
        ("ches", "ch", "p"),
        ("shes", "sh", "p"),
        ("men", "man", "p"),
        ("ies", "y", "p"),
    ],
    "v": [
        ("s", "", "t"),
        ("ies", "y", "t"),
        ("es", "e", "t"),
        ("es", "", "t"),
        ("ed", "e", "d"),
        ("ed", "", "d"),
        ("ing", "e", "g"),
        ("ing", "", "g"),
        # and a final consonant doubled (vlogged, inputting), which WordNet's own exception
        # lists give word by word (hopped, stopped): a word newer than its lists needs the rule
        *((c + c + "ed", c, "d") for c in DOUBLED),
        *((c + c + "ing", c, "g") for c in DOUBLED),
    ],
    "a": [("er", "", "c"), ("est", "", "s"), ("er", "e", "c"), ("est", "e", "s")],
}


class MeaningsError(QscoreError):
    """The shipped meanings file is missing or damaged."""


class Meaning(NamedTuple):
    word: str  # the word it is a meaning of: the word asked about, or the base of an inflection
    pos: str  # noun, verb, adjective, adverb, pronoun, determiner, preposition, conjunction, interjection
    text: str


class Form(NamedTuple):
    form: str  # plural, past tense, ...
    base: str


class Definition(NamedTuple):
    """What is on file for a word: its own meanings, or those of the word it inflects."""

    word: str
    forms: tuple[Form, ...]
    meanings: tuple[Meaning, ...]

    @property
    def found(self) -> bool:
        return bool(self.meanings)

    def forms_text(self) -> str:
        """``plural of quiz``, ``plural and present tense of quiz; plural of ax``."""
        by_base: dict[str, list[str]] = {}
        for f in self.forms:
            kinds = by_base.setdefault(f.base, [])
            if f.form not in kinds:
                kinds.append(f.form)
        return "; ".join(f"{' and '.join(kinds)} of {base}" for base, kinds in by_base.items())


def pack(
    word: str,
    meanings: Sequence[tuple[str, str]],
    forms: Sequence[tuple[str, str]] = (),
    used: Mapping[str, int] | None = None,
    not_inflected: str = "",
) -> str:
    """One record, tab-separated: the word, ``n text`` for each meaning, ``=p base`` for each
    form, ``#n 12`` for how often each part of speech was used, ``!nv`` for the parts of
    speech whose suffix rules do not make the word."""
    fields = [word, *(f"{pos} {text}" for pos, text in meanings), *(f"={code} {base}" for code, base in forms)]
    fields += [f"#{pos} {count}" for pos, count in (used or {}).items()]
    if not_inflected:
        fields.append(f"!{not_inflected}")
    return "\t".join(fields)


def pack_file(records: Sequence[str], block_size: int) -> bytes:
    """The file of ``records`` (sorted, from :func:`pack`): blocks of about ``block_size``
    bytes, each zlib-compressed, after a head naming each block's first word and place."""
    blocks: list[list[str]] = [[]]
    size = 0
    for line in records:
        if size >= block_size:
            blocks.append([])
            size = 0
        blocks[-1].append(line)
        size += len(line.encode("utf-8")) + 1
    blocks = [block for block in blocks if block]
    packed = [zlib.compress(("\n".join(block) + "\n").encode("utf-8"), 9) for block in blocks]
    index, offset = [], 0
    for block, data in zip(blocks, packed, strict=True):
        index.append(f"{block[0].split(chr(9), 1)[0]}\t{offset}\t{len(data)}\n")
        offset += len(data)
    return f"{MAGIC}\n{''.join(index)}{BLOCK_END}\n".encode() + b"".join(packed)


class _Record:
    """A record as read; a plain class, read only here (a named tuple costs its module's
    load more)."""

    __slots__ = ("forms", "meanings", "not_inflected", "used")

    def __init__(
        self,
        meanings: tuple[tuple[str, str], ...],  # (part-of-speech letter, text), most used first
        forms: tuple[tuple[str, str], ...],  # (form code, base)
        used: Mapping[str, int],  # part-of-speech letter -> times the tagged texts used the word so
        not_inflected: str,  # the parts of speech whose suffix rules do not make the word
    ) -> None:
        self.meanings, self.forms, self.used, self.not_inflected = meanings, forms, used, not_inflected

    def meanings_of(self, pos: str | None = None) -> list[tuple[str, str]]:
        """The first three meanings, or the first three of one part of speech."""
        return [m for m in self.meanings if pos is None or m[0] == pos][:MAX_SHOWN]


def _unpack(line: str) -> _Record:
    meanings, forms, used, not_inflected = [], [], {}, ""
    for field in line.split("\t")[1:]:
        tag, _, rest = field.partition(" ")
        if tag.startswith("="):
            forms.append((tag[1:], rest))
        elif tag.startswith("#"):
            used[tag[1:]] = int(rest)
        elif tag.startswith("!"):
            not_inflected = tag[1:]
        else:
            meanings.append((tag, rest))
    return _Record(tuple(meanings), tuple(forms), used, not_inflected)


class MeaningsFile:
    """The shipped file, read a block at a time; blocks once read are kept, as their text:
    a word is found in its block's text (in C), no block split into its records."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.package_file("data", "meanings.bin")
        try:
            with self.path.open("rb") as f:
                if f.readline().decode("utf-8", "replace").rstrip("\n") != MAGIC:
                    raise MeaningsError(f"{self.path} is not a qscore meanings file: reinstall qscore")
                at = f.tell()
                rows = self._head(f)
                self._start = at + len(rows) + 1 + bool(rows)  # the head's rows and the blank line after them
                fields = [line.decode("utf-8").split("\t") for line in rows.split(b"\n")] if rows else []
                spans = [(int(offset), int(length)) for _first, offset, length in fields]
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            raise MeaningsError(f"cannot read the meanings file {self.path}: {exc}") from None
        self._firsts = [row[0] for row in fields]
        self._spans = spans
        self._blocks: dict[int, str] = {}

    @staticmethod
    def _head(f: BinaryIO) -> bytes:
        """The head's rows (``first<TAB>offset<TAB>length``, a line each, without the last
        newline), read from ``f`` where they start: a read or two, not a read a row."""
        read = b"\n" + f.read(HEAD_READ)  # a newline before the first row: the blank line is "\n\n"
        while (end := read.find(b"\n\n")) < 0:
            more = f.read(HEAD_READ)
            if not more:  # the file ends in its head: every row to its end
                end = len(read) - read.endswith(b"\n")
                break
            read += more
        return read[1:end] if end > 0 else b""

    def _block(self, i: int) -> str:
        """Block ``i``'s records, each after a newline."""
        if i not in self._blocks:
            offset, length = self._spans[i]
            try:
                with self.path.open("rb") as f:
                    f.seek(self._start + offset)
                    text = zlib.decompress(f.read(length)).decode("utf-8")
            except (OSError, zlib.error, UnicodeDecodeError) as exc:
                raise MeaningsError(f"cannot read the meanings file {self.path}: {exc}") from None
            self._blocks[i] = "\n" + text
        return self._blocks[i]

    def record(self, word: str) -> _Record | None:
        i = bisect.bisect_right(self._firsts, word) - 1
        if i < 0:
            return None
        text = self._block(i)
        # the line of ``word``: its record, fields after a tab, or the word alone
        at = min((found for found in (text.find(f"\n{word}\t"), text.find(f"\n{word}\n")) if found >= 0), default=-1)
        if at < 0:
            return None
        end = text.find("\n", at + 1)
        return _unpack(text[at + 1 : end if end >= 0 else len(text)])


_file: MeaningsFile | None = None


def _shipped() -> MeaningsFile:
    global _file
    if _file is None:
        _file = MeaningsFile()
    return _file


# A base the suffix rules would end with a letter their spelling changes (box: boxes; try:
# tried, tries; hope: hoping; stop: stopped): the endings that may not be added as they are.
SIBILANT_END = re.compile(r"(s|x|z|ch|sh)$")
CONSONANT_Y = re.compile(r"[^aeiou]y$")
# one vowel between consonants, the last one doubled before -ed, -ing, -er, -est (stop, big)
SHORT_SYLLABLE = re.compile(rf"[^aeiouy]*[aeiou][{DOUBLED}]")


def spelled_by_rule(base: str, ending: str) -> bool:
    """Whether ``base`` + ``ending`` (an ending added whole) is how English spells that form:
    not boxs (boxes), citys, tryed (tries, tried), hopeing (hoping), stoped, runing (stopped,
    running: a one-syllable word's last consonant doubles)."""
    if ending == "s":
        return not (SIBILANT_END.search(base) or CONSONANT_Y.search(base))
    if ending in ("ed", "er", "est") and CONSONANT_Y.search(base):
        return False
    if ending[0] == "e" and base.endswith("e"):
        return False
    if ending == "ing" and base.endswith("e") and not base.endswith(("ee", "oe", "ye")):
        return False
    return not (ending in ("ed", "ing", "er", "est") and SHORT_SYLLABLE.fullmatch(base))


@cache
def _irregular() -> dict[str, str]:
    rows = paths.package_file("wordlists", "irregular.tsv").read_text("utf-8").splitlines()
    return dict(row.split("\t") for row in rows)


def irregular_codes(base: str) -> str:
    """The form codes whose real form of ``base`` is irregular (woman: p, the plural women;
    win: d; good: c and s), from the shipped irregular.tsv (dictionaries/build.py writes it
    from WordNet's exception lists, leaving out a base whose regular form is a word too:
    dreamed, learned)."""
    return _irregular().get(base, "")


def regular_forms(word: str, lookup: MeaningsFile) -> list[tuple[str, str]]:
    """(form code, base) for each part of speech whose suffix rules make ``word`` from a word on file.

    As WordNet's morphology, for a word with no meaning of its own: a part of speech it has
    an exception in is not tried, nor nouns ending in ss or of two letters. Where several
    rules reach a base, the base used most in that part of speech wins (crosses: cross,
    not crosse), then the longer ending (pinches: pinch, not pinche); an adjective that
    takes back an e wins over one that does not (cutest: cute, not cut), and a doubled
    consonant is undone only where no other rule reaches a base (vlogged: vlog; putted:
    putt, not put).
    """
    own = lookup.record(word)
    if own and own.meanings:
        return []
    found: list[tuple[str, str]] = []
    for pos, rules in RULES.items():
        if own and (pos in own.not_inflected or any(FORMS[code][1] == pos for code, _ in own.forms)):
            continue
        if pos == "n" and (word.endswith("ss") or len(word) <= 2):
            continue
        reached = []
        for ending, replacement, code in rules:
            if word.endswith(ending) and len(word) > len(ending):
                base = word[: -len(ending)] + replacement
                if not replacement and not spelled_by_rule(base, ending):
                    continue  # boxs, tryed, hopeing, stoped: no form of box, try, hope, stop
                if code in irregular_codes(base):
                    continue  # womans, tooths, winned: woman's plural is women
                record = lookup.record(base)
                if record and record.meanings_of(pos):
                    takes_e = pos == "a" and replacement == "e"
                    undoubled = (
                        len(ending) > 3 and ending[0] == ending[1]
                    )  # the last resort: putted is putt's, not put's
                    reached.append(((takes_e, not undoubled, record.used.get(pos, 0), len(ending)), code, base))
        if reached:
            _, code, base = max(reached, key=lambda r: r[0])
            found.append((code, base))
    return found


def define(word: str, *, regular: bool = True, lookup: MeaningsFile | None = None) -> Definition:
    """The meanings on file for ``word`` (lower case, letters a-z).

    A word with meanings of its own shows them, and names any word it also inflects
    (saw: also the past form of see). Otherwise the meanings are its bases', of the part
    of speech its form is (went, past form of go: go's verb senses), three at most, taken
    in turn from each base. ``regular`` allows WordNet's suffix rules (cats -> cat): give
    it only for a word a dictionary allows.
    """
    if not (word.isascii() and word.isalpha() and word.islower()):
        return Definition(word, (), ())  # only words of letters a-z are on file
    lookup = lookup or _shipped()
    record = lookup.record(word)
    forms = list(record.forms) if record else []
    if regular:
        forms += [f for f in regular_forms(word, lookup) if f not in forms]
    shown_forms = tuple(Form(FORMS[code][0], base) for code, base in forms)
    if record and record.meanings:
        own = tuple(Meaning(word, PARTS_OF_SPEECH[pos], text) for pos, text in record.meanings_of())
        return Definition(word, shown_forms, own)
    per_base: list[list[Meaning]] = []
    for code, base in forms:
        base_record = lookup.record(base)
        if base_record:
            pos = FORMS[code][1]
            per_base.append([Meaning(base, PARTS_OF_SPEECH[p], text) for p, text in base_record.meanings_of(pos)])
    meanings: list[Meaning] = []
    for rank in range(MAX_SHOWN):
        meanings += [m[rank] for m in per_base if rank < len(m) and m[rank] not in meanings]
    return Definition(word, shown_forms, tuple(meanings[:MAX_SHOWN]))
