#!/usr/bin/env python3
"""Measure the suggestions on the project's lists of slips: for how many the word meant
comes first, and for how many it is offered at all, on each dictionary.

    ./dev python dictionaries/suggestion_figures.py              # everyday, wordgame, en_US, en_GB
    ./dev python dictionaries/suggestion_figures.py --misses     # and each slip whose word meant is not first
    ./dev python dictionaries/suggestion_figures.py --no-sound   # without the sound-alike step and saying words
    ./dev python dictionaries/suggestion_figures.py --no-keyboard  # without the neighbour keys' step (as before it)
    ./dev python dictionaries/suggestion_figures.py -d everyday  # one dictionary (any -d qscore takes)

The lists are tests/data/typos.tsv (slips of the keys and common misspellings),
tests/data/sounds.tsv (slips made by ear) and tests/data/typos-fresh.tsv (both kinds, written
for issue 37 and never used to choose how suggestions rank: the measure) and
tests/data/typos-fresh2.tsv (slips as a family types them, neighbour keys most, written
before the ranking weighed the keyboard: its measure). A system dictionary that is not installed is
left out, and said so. The table prints as Markdown, as dictionaries/README.md shows it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# the checkout's own qscore and its test lists, whether installed or not
from qscore.errors import DictionaryError  # noqa: E402
from qscore.words import suggestions  # noqa: E402
from qscore.words.dictionaries import judge, open_dictionary  # noqa: E402

DICTIONARIES = ("everyday", "wordgame", "en_US", "en_GB")
LISTS = {
    "typos.tsv": "slips of the keys",
    "sounds.tsv": "slips made by ear",
    "typos-fresh.tsv": "fresh slips, the measure",
    "typos-fresh2.tsv": "fresh slips as typed",
}


def pairs(name: str) -> list[tuple[str, str]]:
    lines = (ROOT / "tests" / "data" / name).read_text("utf-8").splitlines()
    return [(typo, meant) for typo, meant in (line.split("\t") for line in lines if not line.startswith("#"))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-d", "--dictionary", action="append", help="a dictionary (default: the four)")
    parser.add_argument("--misses", action="store_true", help="list each slip whose word meant is not first")
    parser.add_argument("--no-sound", action="store_true", help="leave out the sound-alike step")
    parser.add_argument("--no-keyboard", action="store_true", help="leave out the neighbour keys' step")
    args = parser.parse_args()
    if args.no_sound:
        suggestions.sound_alikes = lambda *_: []  # type: ignore[assignment]
        suggestions.said = lambda _word: []  # type: ignore[assignment]  # and no word said alike
    if args.no_keyboard:
        suggestions._keyed_first = lambda _typed, ranked, _heard: ranked  # type: ignore[assignment]
    heads = (f"{label} ({len(pairs(name))}): first / offered" for name, label in LISTS.items())
    print("| dictionary | " + " | ".join(heads) + " |")
    print("| --- | " + " | ".join("---" for _ in LISTS) + " |")
    misses = []
    for name in args.dictionary or DICTIONARIES:
        try:
            dictionary = open_dictionary(name)
        except DictionaryError as exc:
            print(f"| {name} | left out: {exc} |")
            continue
        cells = []
        for listed in LISTS:
            first = offered = 0
            for typo, meant in pairs(listed):
                near = judge(typo, dictionary).suggestions
                first += near[:1] == (meant,)
                offered += meant in near
                if near[:1] != (meant,):
                    misses.append(f"{name}: {typo} -> {meant}: {', '.join(near) or '(none)'}")
            cells.append(f"{first} / {offered}")
        print(f"| {name} | " + " | ".join(cells) + " |")
    if args.misses:
        print("\n".join(["", *misses]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
