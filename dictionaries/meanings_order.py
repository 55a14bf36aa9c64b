#!/usr/bin/env python3
"""Which of a word's meanings comes first: the rules build_meanings.py orders them by, and their measure.

    python3 dictionaries/meanings_order.py            # the first meanings of the samples, judged
    python3 dictionaries/meanings_order.py tests/data/meanings-fresh2.txt   # another fresh sample's
    python3 dictionaries/meanings_order.py --rules [RULE ...]   # how many first meanings each rule changes

WordNet orders a word's senses by how often its tagged texts used them, and those texts
are small: peter's only lower-case sense is "obscene terms for penis", smelt's own senses
are two fishes though the texts used smell as a verb 29 times, and a sense used once
outranks one never used. Five rules, each with its counts in dictionaries/README.md
("The first meaning a family means"), and a curated file for what no rule reaches:

- **A vulgar sense last** (``Marks``, ``vulgar``): a sense WordNet files in its
  obscenity or ethnic-slur usage domain, or whose definition says so ("obscene terms
  for", "vulgar slang", "offensive term"); and, for a word both sources call profane
  (the cuss list, dictionaries/cuss, rates it; WordNet marks one of its senses, in
  build.py's MARKING_DOMAINS or by its MARKING_GLOSS), the senses WordNet marks so,
  those it shares with a word the list calls likely profane (ass with arse), and those
  naming a person or a part of the body where the list calls the word likely profane
  or the word is a synonym of the sense's own name (ass the fool) come after every
  other sense of the word: no vulgar sense first where the word has another.
- **A profanity's sense is vulgar** (``profane``, counted apart from ``vulgar``): whatever
  the word, a sense it shares with a word both sources call profane (the cuss list
  likely so, WordNet marks one of its senses: fuck, arse, cunt, piss) written before it
  in the synset is vulgar too: bonk's "have sexual intercourse with" comes after "hit
  hard" (not vomit's, where puke and barf come after the plain name).
- **A slang synonym's one use is none** (``later_synonym``): a sense in which the word
  is third or later among its synset's words (mint in "batch, deal, flock, ..., mint")
  and which the texts used once is ordered as if never used (mint: the plant first).
- **A clipped synonym's sense after** (``clipped``): such a sense where the word is a
  short form of a synonym written before it (trump in "cornet, horn, trumpet, trump")
  comes after the word's other senses used as often (trump: the card before the trumpet).
- **A past tense first** (``past_form_first``): a word WordNet lists as an irregular past
  of a verb (``verb.exc``: smelt -> smell) shows "past tense of smell" first where the
  tagged texts used the verb at least ``FORM_TIMES`` times as often as the word in all
  its own senses (and ``FORM_LEAST`` times at least: felt, fell, tore, stole), or never
  used the word's own senses and Webster (GCIDE) prints the past tense first (spelt).
- **The curated first meanings** (curated-first-meanings.txt): the WordNet sense a
  table means, put first, where no rule reaches it (jack: the lifting tool).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import NamedTuple, Protocol

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from gcide_meanings import Sense as Webster  # noqa: E402  beside this script

from qscore.words.definitions import FORMS  # noqa: E402  the checkout's own qscore

# The past-tense rule: the verb used this many times as often as the word's own senses...
FORM_TIMES = 20
# ...and this many times at least (one use of the word's own against 19 of the verb is no evidence)
FORM_LEAST = 10
# Uses in the tagged texts that are evidence of a sense's order: one is one sentence (build.py's ORDINARY_USES)
ORDINARY_USES = 2
# The usage domains (by a lemma of each, as build.py names them) and the glosses that make
# a sense vulgar, whatever the word: "obscene terms for", "(ethnic slur)", "vulgar slang".
OBSCENE_DOMAINS = ("dirty_word", "ethnic_slur")
OBSCENE_GLOSS = re.compile(r"obscene terms?\b|vulgar (slang|term)|ethnic slur|offensive term", re.I)
# For a word the cuss list rates, WordNet's files of people and of the body
PERSON_AND_BODY = ("18", "08")  # WordNet's lexicographer files noun.person and noun.body
# The sense of a later synonym, the word third or later among its synset's words (mint in
# "batch, deal, flock, good_deal, ..., mint"), used fewer than ORDINARY_USES times, is
# ordered as if never used: one tagged use of a slang synonym is no order of use
LATER_SYNONYM = 2
# the cuss list's rating of a word it calls likely profane (2), and of one it lists at all (0 unlikely)
LIKELY, LISTED = 2, 1


class Marks:
    """What marks a sense vulgar: WordNet's usage domains and glosses, and the cuss list."""

    def __init__(self, domains: dict[str, str]) -> None:
        from build import CUSS, CUSS_ENTRY, MARKING_GLOSS  # build.py imports build_meanings: here, not at the top

        self.marking_gloss = MARKING_GLOSS
        self.domains = domains  # a marking usage domain's offset -> its name
        self.cuss = {m[1]: int(m[2]) for m in CUSS_ENTRY.finditer(CUSS.read_text("utf-8"))}

    def flags(self, word: str, synset: list[str], usage: set[str], gloss: str, lexfile: str) -> Flags:
        """What marks ``word``'s sense: its synset's words, its usage domains' offsets, its
        gloss (up to its examples) and its lexicographer file."""
        named = {self.domains[u] for u in usage if u in self.domains}
        said = gloss.split('"', 1)[0]  # its examples are no part of it ("a gratuitous insult")
        obscene = bool(named & set(OBSCENE_DOMAINS)) or OBSCENE_GLOSS.search(said) is not None
        marked = bool(named) or self.marking_gloss.search(said) is not None
        if self.cuss.get(word, -1) < LISTED:
            return Flags(obscene, marked, False, False, tuple(synset))
        # for a word the cuss list calls profane: a sense it shares with a likely profanity
        # (ass with arse), and one naming a person or a part of the body, where the list
        # calls the word likely profane (ass the fool) or the word is a synonym of the
        # sense's own name (tit for nipple; not nipple itself)
        # (not the word's own longer spelling: spick beside spic in "spick-and-span, spic, spick")
        likely = any(not w.startswith(word) and self.cuss.get(w.lower(), -1) >= LIKELY for w in synset)
        body = lexfile in PERSON_AND_BODY and (self.cuss[word] >= LIKELY or synset[0] != word)
        return Flags(obscene, marked, True, likely or body, tuple(synset))


class Flags(NamedTuple):
    """What marks one sense of a word (Marks.flags)."""

    obscene: bool  # WordNet's obscenity or ethnic-slur domain, or a gloss that says so
    marked: bool  # any of build.py's MARKING_DOMAINS (slang, disparagement) or its MARKING_GLOSS
    listed: bool  # the cuss list rates the word profane (maybe or likely)
    cussed: bool  # and the sense is its profane one by the list
    synset: tuple[str, ...] = ()  # the sense's synset's words, as WordNet writes them


def profane(flags: Mapping[str, list[Flags]], cuss: Mapping[str, int]) -> set[str]:
    """The words both sources call profane: the cuss list likely so, and WordNet marks one
    of their senses (fuck, arse, cunt, piss; not bitch, which the list rates maybe, nor
    vomit, which WordNet marks in no sense)."""
    return {w for w, its in flags.items() if cuss.get(w, -1) >= LIKELY and any(f.marked or f.obscene for f in its)}


def profane_synonym(word: str, synset: Sequence[str], profanities: AbstractSet[str]) -> bool:
    """Whether a sense of ``word`` is one it shares with a word both sources call profane,
    written before it in the synset, other than its own longer spelling (bonk in "...,
    screw, fuck, ..., bonk"; not vomit in "vomit, ..., puke, barf": the word is the plain
    name where the profanity comes after it)."""
    return any(not w.startswith(word) and w in profanities for w in synset[: synset.index(word)])


def vulgar(flags: list[Flags], word: str = "", profanities: AbstractSet[str] = frozenset()) -> list[bool]:
    """Which of a word's senses are vulgar: WordNet's obscene ones; and where both sources
    call the word profane (the cuss list rates it, WordNet marks one of its senses), those
    WordNet marks and those the cuss list makes profane (not vomit's, slave's or
    kumquat's, which the list rates likely profane and WordNet marks in no sense); and,
    whatever the word, a sense it shares with a word both sources call profane (``profanities``)."""
    both = any(f.listed for f in flags) and any(f.marked or f.obscene for f in flags)
    return [
        f.obscene or (both and (f.marked or f.cussed)) or profane_synonym(word, f.synset, profanities) for f in flags
    ]


def marking_domains(noun_data: bytes) -> dict[str, str]:
    """WordNet's usage-domain synsets that mark a sense (build.py's MARKING_DOMAINS:
    obscenity, ethnic slur, disparagement, slang), from data.noun: offset -> the name."""
    from build import MARKING_DOMAINS  # build.py imports build_meanings: here, not at the top

    found = {}
    for line in noun_data.decode("utf-8").splitlines():
        fields = line.split()
        if fields and not line.startswith(" "):
            words = fields[4 : 4 + 2 * int(fields[3], 16) : 2]
            for name in set(MARKING_DOMAINS) & set(words):
                found[fields[0]] = name
    return found


def later_synonym(word: str, synset: list[str], spellings: list[str]) -> bool:
    """Whether ``word`` comes LATER_SYNONYM or more places down its synset's words of one
    word, its other spellings not counted (mint in "batch, deal, flock, ..., mint"; not
    offence in "crime, offense, criminal_offense, offence")."""
    before = synset[: synset.index(word)]
    return len([w for w in before if "_" not in w and w not in spellings]) >= LATER_SYNONYM


def clipped(word: str, synset: list[str]) -> bool:
    """Whether ``word`` is a short form of a synonym written before it in its synset
    (trump of trumpet in "cornet, horn, trumpet, trump")."""
    return any(w != word and w.startswith(word) for w in synset[: synset.index(word)])


def usage_domains(parts: list[str]) -> set[str]:
    """The offsets of the usage domains a synset's line (split at blanks) files it in (``;u``)."""
    at = 4 + 2 * int(parts[3], 16)
    pointers = parts[at + 1 : at + 1 + 4 * int(parts[at])]
    return {pointers[i + 1] for i in range(0, len(pointers), 4) if pointers[i] == ";u"}


def past_form_first(
    word: str, forms: list[tuple[str, str]], own_uses: int, verb_uses: dict[str, int], webster: list[Webster]
) -> tuple[str, str] | None:
    """(form code, base) of the past tense to show first for ``word``, or None.

    ``forms`` are its exception forms, ``own_uses`` the tagged texts' uses of its own
    senses, ``verb_uses`` each base's uses as a verb, ``webster`` GCIDE's senses of it."""
    for code, base in forms:
        if code not in "dfP":
            continue
        uses = verb_uses.get(base, 0)
        if uses >= FORM_LEAST and uses >= FORM_TIMES * own_uses:
            return code, base
        first = min(webster, key=lambda s: (s.entry, s.number), default=None)
        if own_uses == 0 and first is not None and form_text(first.text, base):
            return code, base
    return None


class Used(Protocol):
    """What past_first reads of a WordNet sense (build_meanings.Sense)."""

    @property
    def count(self) -> int: ...
    @property
    def pos(self) -> str: ...


def past_first(
    word: str, senses: Mapping[str, Sequence[Used]], forms: list[tuple[str, str]], webster: list[Webster]
) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """The past form of ``word`` shown as its first meaning (past_form_first), read from
    every word's WordNet ``senses``: (its form code and base, its meaning), or None."""
    own = sum(s.count for s in senses.get(word, []))
    verbs = {base: sum(s.count for s in senses.get(base, []) if s.pos == "v") for _, base in forms}
    form = past_form_first(word, forms, own, verbs, webster) if senses.get(word) else None
    if form is None:
        return None
    return form, ("v", past_meaning(*form, webster, FORMS[form[0]][0]))


def form_text(text: str, base: str) -> bool:
    """Whether a GCIDE sense is the past form of ``base`` (past tense and past participle of smell)."""
    return re.fullmatch(rf"past (tense|participle)( and past participle)? of {base}", text) is not None


def past_meaning(code: str, base: str, webster: list[Webster], name: str) -> str:
    """The meaning shown for a past form: GCIDE's words for it (past tense and past
    participle of smell), else the form's name (past form of feel)."""
    said = [s.text for s in webster if s.pos == "v" and form_text(s.text, base)]
    return said[0] if said else f"{name} of {base}"


def curated_first() -> dict[str, tuple[str, int]]:
    """curated-first-meanings.txt: word -> (part of speech letter, WordNet sense number) to show first."""
    letters = {"noun": "n", "verb": "v", "adjective": "a", "adverb": "r"}
    found: dict[str, tuple[str, int]] = {}
    for number, line in enumerate((HERE / "curated-first-meanings.txt").read_text("utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        word, pos, sense, *why = line.split()
        if pos not in letters or not sense.isdigit() or not why or word in found:
            raise SystemExit(f"build_meanings.py: curated-first-meanings.txt line {number}: word, pos, sense, why")
        found[word] = (letters[pos], int(sense))
    return found


# --- the measure ----------------------------------------------------------------


def read_judged(path: Path) -> list[tuple[str, str, str]]:
    """The words of a sample of first meanings: (class, word, what follows the word)."""
    found, group = [], ""
    for line in path.read_text("utf-8").splitlines():
        if line.startswith("["):
            group = line.strip("[]")
        elif line.strip() and not line.startswith("#"):
            word, _, said = line.partition(":" if path.suffix == ".txt" else "\t")
            found.append((group, word.strip(), said.strip()))
    return found


RULES = ("vulgar", "profane", "synonym", "clipped", "past", "curated")


def rule_counts(counted: tuple[str, ...]) -> int:
    """Build the records with every rule, then with each left out: the words whose first
    meaning each rule changes, and a sample of them (seed 42) to read."""
    import random

    import build_meanings

    def firsts(rules: tuple[str, ...]) -> dict[str, str]:
        return {r.split("\t")[0]: r.split("\t")[1] for r in build_meanings.records(rules) if "\t" in r}

    every = firsts(RULES)
    listed = set((HERE.parent / "qscore" / "wordlists" / "everyday.txt").read_text("utf-8").split())
    for rule in counted:
        without = firsts(tuple(r for r in RULES if r != rule))
        changed = sorted(w for w in every if w in listed and every[w] != without.get(w))
        print(f"{rule}: changes the first meaning of {len(changed)} of everyday's words")
        for word in sorted(random.Random(42).sample(changed, min(30, len(changed)))):
            print(f"  {word}: {without.get(word)}  ->  {every[word]}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("sample", nargs="?", type=Path, help="a fresh sample to print (tests/data/meanings-fresh.txt)")
    parser.add_argument("--rules", nargs="*", choices=RULES, help="count what each rule changes")
    args = parser.parse_args()
    if args.rules is not None:
        return rule_counts(tuple(args.rules) or RULES)
    from qscore.words.definitions import define  # the checkout's own qscore and data

    data = HERE.parent / "tests" / "data"
    sample = args.sample or data / "meanings-fresh.txt"
    if not sample.is_file():
        raise SystemExit(f"meanings_order.py: no sample at {sample}")
    for group, word, meant in read_judged(sample):
        first = define(word).meanings[:1]
        shown = f"{first[0].pos}: {first[0].text}" if first else "(none)"
        print(f"[{group}] {word}\n   means: {meant}\n   first: {shown}")
    wrong = []
    for _group, word, start in read_judged(data / "meanings-first.tsv"):
        first = define(word).meanings[:1]
        if not (first and f"{first[0].pos}: {first[0].text}".startswith(start)):
            wrong.append(word)
    print(f"meanings-first.tsv: {len(wrong)} first meanings not as held" + (f": {' '.join(wrong)}" if wrong else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
