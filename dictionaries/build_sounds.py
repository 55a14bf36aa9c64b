#!/usr/bin/env python3
"""Regenerate qscore's shipped pronunciation data from Debian's ``festlex-cmu``.

    apt-get install festlex-cmu
    python3 dictionaries/build_sounds.py            # writes qscore/data/ (the three files below)
    python3 dictionaries/build_sounds.py --check    # exits 1 if a shipped file differs

The suggestions find a word written as it sounds through its sound key, Double
Metaphone's primary key (qscore.words.sounds.sound_key), which reads a word's letters.
Where a word's letters mislead it, the key is not the word's sound: enough is ANK (gh
read as k) while enuf is ANF, should is XLT (the l sounded) while shud is XT. The CMU
Pronouncing Dictionary (version 0.4, as Festival's lexicon) says how each word is
said; this writes each pronunciation in Double Metaphone's own letters
(qscore.words.sounds.phones_key: f and v are F, th and dh 0, sh and ch X, a vowel A at
the start and left out elsewhere),
so that a word's pronunciation and a typed spelling's letters give one key. Only the
words of letters a-z whose pronunciation's key differs from the key of their letters
are written, each with the keys it is said with (the few of two pronunciations, two):
every other word's key is already its sound. The shipped lists' sound indexes file each
of their words under both keys (qscore.words.dictionaries.wordfiles): pronunciations.tsv.

The key leaves the vowels out, so fone meets fine as well as phone. The ranking compares
how words are said (qscore.words.suggestions.rank): Festival's letter-to-sound rules for CMU,
trees trained on the dictionary that say each letter by the three letters either side,
say the typed word (fone: f ow n), and a common word (qscore/wordlists/common.tsv) is
said as the rules say it or, where they miss CMU's pronunciation, as CMU says it (said.tsv;
enough: ih n ah f, which the rules say ih n f). letter-rules.bin holds the trees in a form
walked without parsing (letter_rules below).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from shipped import write_or_check  # noqa: E402  beside this script

from qscore.words.sounds import (  # noqa: E402  the checkout's own qscore
    LETTER_RULES,
    PRONUNCIATIONS,
    RULE_FEATURES,
    SAID,
    phones_key,
    read_rules,
    say,
    sound_key,
)

OUT = HERE.parent / "qscore" / "data"
CMU = Path("/usr/share/festival/dicts/cmu/cmudict-0.4.out")
RULES = Path("/usr/share/festival/dicts/cmu/cmu_lts_rules.scm")
COMMON = HERE.parent / "qscore" / "wordlists" / "common.tsv"
COPYRIGHT = Path("/usr/share/doc/festlex-cmu/copyright")
# ("word" part-of-speech (((phones) stress) ((phones) stress) ...)), one entry a line
ENTRY = re.compile(r'\("([a-z]+)" \S+ \((.*)\)\)')
HEADER = (
    "# The sound keys of the CMU Pronouncing Dictionary 0.4's pronunciations (Festival's\n"
    "# festlex-cmu, notice in CMUDICT-COPYRIGHT), modified: each word's phones written as\n"
    "# a Double Metaphone key, only where that differs from its letters' key. Written by\n"
    "# dictionaries/build_sounds.py; word, tab, its keys.\n"
)


SAID_HEADER = (
    "# The pronunciations of the CMU Pronouncing Dictionary 0.4 (Festival's festlex-cmu,\n"
    "# notice in CMUDICT-COPYRIGHT), modified: only the common words whose pronunciation\n"
    "# its letter-to-sound rules (letter-rules.bin) miss, the stress left out, ax as ah.\n"
    "# Written by dictionaries/build_sounds.py; word, tab, its pronunciations.\n"
)


def phones_of(entry: str) -> list[str]:
    """The phones of a CMU entry's syllables, without stress."""
    return re.sub(r"[0-9()]", " ", entry).split()


def said_as(phones: list[str]) -> str:
    """Phones as qscore compares them: ax (the unstressed vowel of about) as ah."""
    return " ".join("ah" if p == "ax" else p for p in phones)


def pronunciations() -> dict[str, set[str]]:
    """Each word of letters a-z CMU holds -> the keys of its pronunciations."""
    return {word: {phones_key(p) for p in said} for word, said in spoken().items()}


def spoken() -> dict[str, set[str]]:
    """Each word of letters a-z CMU holds -> its pronunciations (said_as)."""
    said: dict[str, set[str]] = defaultdict(set)
    for line in CMU.read_text("latin-1").splitlines():
        entry = ENTRY.fullmatch(line)
        if entry:
            said[entry[1]].add(said_as(phones_of(entry[2])))
    return said


def sexp(text: str) -> list:
    """The first Scheme list of ``text`` (comments dropped), as nested lists of atoms."""
    tokens = re.findall(r"\(|\)|[^\s()]+", re.sub(r";[^\n]*", "", text))
    stack: list[list] = [[]]
    for token in tokens:
        if token == "(":
            stack.append([])
        elif token == ")":
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(token)
    return stack[0]


def letter_rules() -> bytes:
    """Festival's letter-to-sound trees for CMU (one a letter, trained on the dictionary)
    as LETTER_RULES reads them: a line of the phones a leaf gives (each as said_as, a
    combined phone such as k-s as its two, "-" for none), a line of each letter's first
    node, then 4 bytes a node in order, a question's yes branch next after it: the
    feature asked (RULE_FEATURES' index) and the letter it must be, and the node of its
    no branch; a leaf is 255, its phone, 0, 0."""
    forms = sexp(RULES.read_text("latin-1"))
    trees = dict((tree[0], tree[1]) for tree in forms[0][3])  # (set! cmu_lts_rules '((a TREE) ...))
    phones: dict[str, int] = {}
    nodes: list[list[int]] = []

    def add(tree: list) -> None:
        if isinstance(tree[0][0], list):  # a leaf: (((phone probability) ...) phone)
            best = tree[0][-1]
            said = "-" if best == "_epsilon_" else said_as(phones_of(best.replace("-", " "))).replace(" ", "+")
            nodes.append([255, phones.setdefault(said, len(phones)), 0, 0])
            return
        (feature, _, value), yes, no = tree
        node = [RULE_FEATURES.index(feature), ord(value), 0, 0]
        nodes.append(node)
        add(yes)
        node[2:] = divmod(len(nodes), 256)
        add(no)

    starts = []
    for letter in "abcdefghijklmnopqrstuvwxyz":
        starts.append(len(nodes))
        add(trees[letter])
    head = f"{' '.join(phones)}\n{' '.join(map(str, starts))}\n".encode()
    return head + bytes(b for node in nodes for b in node)


def build() -> dict[str, bytes]:
    """File name -> contents of what this writes to qscore/data/."""
    rows = []
    said = spoken()
    for word, keys in sorted(pronunciations().items()):
        other = sorted(keys - {sound_key(word), ""})
        if other:
            rows.append(f"{word}\t{' '.join(other)}\n")
    files = {LETTER_RULES: letter_rules()}
    # the common words whose pronunciation the rules miss (each compared as it is ranked)
    common = [line.split("\t")[0] for line in COMMON.read_text("utf-8").splitlines()]
    rules = read_rules(files[LETTER_RULES])
    missed = [w for w in common if w in said and say(w, rules) not in said[w]]
    corrections = "".join(f"{w}\t{','.join(sorted(said[w]))}\n" for w in sorted(missed))
    files[PRONUNCIATIONS] = (HEADER + "".join(rows)).encode()
    files[SAID] = (SAID_HEADER + corrections).encode()
    files["CMUDICT-COPYRIGHT"] = COPYRIGHT.read_bytes()
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    args = parser.parse_args()
    if not CMU.is_file():
        print(f"build_sounds.py: {CMU} not found: install Debian's festlex-cmu package", file=sys.stderr)
        return 2
    return write_or_check("build_sounds.py", build(), OUT, "festlex-cmu", check=args.check)


if __name__ == "__main__":
    sys.exit(main())
