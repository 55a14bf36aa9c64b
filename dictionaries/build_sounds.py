#!/usr/bin/env python3
"""Regenerate qscore's shipped sound keys of pronunciations from Debian's ``festlex-cmu``.

    apt-get install festlex-cmu
    python3 dictionaries/build_sounds.py            # writes qscore/data/pronunciations.tsv
    python3 dictionaries/build_sounds.py --check    # exits 1 if the shipped file differs

The suggestions find a word written as it sounds through its sound key, Double
Metaphone's primary key (qscore.suggestions.sound_key), which reads a word's letters.
Where a word's letters mislead it, the key is not the word's sound: enough is ANK (gh
read as k) while enuf is ANF, should is XLT (the l sounded) while shud is XT. The CMU
Pronouncing Dictionary (version 0.4, as Festival's lexicon) says how each word is
said; this writes each pronunciation in Double Metaphone's own letters (PHONES below:
f and v are F, th and dh 0, sh and ch X, a vowel A at the start and left out elsewhere),
so that a word's pronunciation and a typed spelling's letters give one key. Only the
words of letters a-z whose pronunciation's key differs from the key of their letters
are written, each with the keys it is said with (the few of two pronunciations, two):
every other word's key is already its sound. The shipped lists' sound indexes file each
of their words under both keys (qscore.dictionaries.wordfiles).
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

from qscore.suggestions import PRONUNCIATIONS, sound_key  # noqa: E402  the checkout's own qscore

OUT = HERE.parent / "qscore" / "data"
CMU = Path("/usr/share/festival/dicts/cmu/cmudict-0.4.out")
COPYRIGHT = Path("/usr/share/doc/festlex-cmu/copyright")
# ("word" part-of-speech (((phones) stress) ((phones) stress) ...)), one entry a line
ENTRY = re.compile(r'\("([a-z]+)" \S+ \((.*)\)\)')
VOWELS = frozenset("aa ae ah ao aw ax ay eh er ey ih iy ow oy uh uw".split())
# Each consonant as Double Metaphone writes the letters that spell it most often: b as
# P, d as T, g as K, z as S (it writes no voicing); zh as S (measure: MSR, vision: FSN).
# The rest depend on where they stand (key below): vowels, w and y, hh and ng.
PHONES = {
    "b": "P", "p": "P", "d": "T", "t": "T", "g": "K", "k": "K", "f": "F", "v": "F",
    "th": "0", "dh": "0", "s": "S", "z": "S", "sh": "X", "zh": "S", "ch": "X", "jh": "J",
    "m": "M", "n": "N", "l": "L", "r": "R",
}  # fmt: skip
HEADER = (
    "# The sound keys of the CMU Pronouncing Dictionary 0.4's pronunciations (Festival's\n"
    "# festlex-cmu, notice in CMUDICT-COPYRIGHT), modified: each word's phones written as\n"
    "# a Double Metaphone key, only where that differs from its letters' key. Written by\n"
    "# dictionaries/build_sounds.py; word, tab, its keys.\n"
)


def key(phones: list[str]) -> str:
    """``phones`` (CMU's, without stress) as Double Metaphone would write their sound."""
    out = []
    for i, phone in enumerate(phones):
        after = phones[i + 1] if i + 1 < len(phones) else ""
        if phone in VOWELS:
            # a vowel is A at the start (enough: ANF), else silent to the key; er holds an r
            out.append(("A" if i == 0 else "") + ("R" if phone == "er" else ""))
        elif phone in ("w", "y"):
            out.append("A" if i == 0 else "")  # as Double Metaphone reads a first w or y
        elif phone == "hh":
            out.append("H" if after in VOWELS else "")
        elif phone == "ng":
            out.append("N" if after in ("g", "k") else "NK")  # sing: SNK, finger: FNKR
        else:
            out.append(PHONES[phone])
    return "".join(out)


def pronunciations() -> dict[str, set[str]]:
    """Each word of letters a-z CMU holds -> the keys of its pronunciations."""
    keys: dict[str, set[str]] = defaultdict(set)
    for line in CMU.read_text("latin-1").splitlines():
        entry = ENTRY.fullmatch(line)
        if entry:
            phones = re.sub(r"[0-9()]", " ", entry[2]).split()
            keys[entry[1]].add(key(phones))
    return keys


def build() -> dict[str, bytes]:
    """File name -> contents of what this writes to qscore/data/."""
    rows = []
    for word, keys in sorted(pronunciations().items()):
        other = sorted(keys - {sound_key(word), ""})
        if other:
            rows.append(f"{word}\t{' '.join(other)}\n")
    return {PRONUNCIATIONS: (HEADER + "".join(rows)).encode(), "CMUDICT-COPYRIGHT": COPYRIGHT.read_bytes()}


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
