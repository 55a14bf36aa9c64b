#!/usr/bin/env python3
"""Regenerate qscore's shipped word lists from Debian's ``scowl`` package.

    apt-get install scowl
    python3 dictionaries/build.py            # writes qscore/wordlists/
    python3 dictionaries/build.py --check    # exits 1 if the shipped lists differ

SCOWL sorts words by size (10 = most common .. 95 = rarest) and category. qscore takes
the "words" category of the english, american and british spellings, keeps entries of
letters a-z only (so no capitalised names, contractions or accented forms), and removes
the curated deny list beside this script. Names and abbreviations go into rejects.tsv so
``qscore check`` can say why such a word is refused.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "qscore" / "wordlists"
SCOWL = Path("/usr/share/dict/scowl")
COPYRIGHT = Path("/usr/share/doc/scowl/copyright")
SPELLINGS = ("english", "american", "british")
# name -> largest SCOWL size included. 70 is SCOWL's largest size meant for spell
# checking; 80 adds the rarer words word-game players reach for.
LISTS = {"everyday": 70, "wordgame": 80}
# Names and abbreviations up to this size explain refusals (no word list goes above 80).
REJECT_SIZE = 95
LETTERS = re.compile(r"[a-z]+")
NAME = re.compile(r"[A-Za-z]+")


def read_category(category: str, max_size: int, pattern: re.Pattern[str]) -> set[str]:
    """Every entry of a SCOWL category up to ``max_size`` whose text matches ``pattern`` fully."""
    entries: set[str] = set()
    for path in sorted(SCOWL.glob(f"*-{category}.*")):
        spelling, _, size = path.name.partition(f"-{category}.")
        if spelling in SPELLINGS and int(size) <= max_size:
            for line in path.read_text("latin-1").splitlines():
                if pattern.fullmatch(line):
                    entries.add(line)
    return entries


def read_curated() -> dict[str, str]:
    deny: dict[str, str] = {}
    for line in (HERE / "curated-deny.txt").read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            word, reason = line.split()
            deny[word] = reason
    return deny


def build() -> dict[str, str]:
    """File name -> contents of everything written to qscore/wordlists/."""
    curated = read_curated()
    out: dict[str, str] = {}
    lists = {name: read_category("words", size, LETTERS) - curated.keys() for name, size in LISTS.items()}
    for name, words in lists.items():
        out[f"{name}.txt"] = "".join(f"{w}\n" for w in sorted(words))
    known = set().union(*lists.values())
    # A name is explained as one wherever the smallest list lacks it (paris is a word
    # only at size 80); abbreviations only where no list has them as a word, since
    # the enchant dictionaries refuse every abbreviation listed here.
    everyday = lists[min(LISTS, key=lambda name: LISTS[name])]

    rejects = dict(curated)
    for abbr in read_category("abbreviations", REJECT_SIZE, NAME):
        if abbr.lower() not in known:
            rejects.setdefault(abbr.lower(), "abbreviation")
    names = read_category("proper-names", REJECT_SIZE, NAME) | read_category("upper", REJECT_SIZE, NAME)
    for name in names:
        if name.lower() not in everyday:
            rejects.setdefault(name.lower(), "proper noun")
    out["rejects.tsv"] = "".join(f"{w}\t{r}\n" for w, r in sorted(rejects.items()))
    out["SCOWL-COPYRIGHT"] = COPYRIGHT.read_text("utf-8")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped lists, write nothing")
    args = parser.parse_args()
    if not SCOWL.is_dir():
        print(f"build.py: {SCOWL} not found: install Debian's scowl package", file=sys.stderr)
        return 2
    files = build()
    stale = [n for n, text in files.items() if not (OUT / n).is_file() or (OUT / n).read_text("utf-8") != text]
    if args.check:
        for name in stale:
            print(f"build.py: qscore/wordlists/{name} differs from what SCOWL builds", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (OUT / name).write_text(text, "utf-8")
        print(f"wrote qscore/wordlists/{name} ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
