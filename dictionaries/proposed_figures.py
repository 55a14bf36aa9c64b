#!/usr/bin/env python3
"""Measures what qscore proposes: of the words ``best`` proposes for a list of hands (its
best play, and the most-words and longest-word plays it prints), how many a table could
not defend at a challenge: no meaning on file (``qscore define`` finds none, inflections
included), printed only capitalised by a desk dictionary (WordNet has the lemma only with
a capital, or SCOWL files it only as a proper name), or only an abbreviation (SCOWL files
it among abbreviations, never among words). dictionaries/README.md, "Words never proposed".

    ./dev python dictionaries/proposed_figures.py [HANDS_FILE...] [--dictionary NAME]
    ./dev python dictionaries/proposed_figures.py --deal     # writes tests/data/hands-fresh.txt

A hands file holds one hand a line, its card tokens apart (``A QU E T``); ``#`` starts a
comment. The fresh list is dealt from the standard deck's own counts (qscore/data/decks.toml),
15 hands of each round's size, 3 to 10 cards, with a fixed seed: the same on every run.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from qscore.game.cards import load_deck, parse_hand  # noqa: E402  the checkout's own qscore

FRESH = HERE.parent / "tests" / "data" / "hands-fresh.txt"
SEED = "hands-fresh-2026"
PER_SIZE = 15
SCOWL = Path("/usr/share/dict/scowl")
WORDNET = Path("/usr/share/wordnet")
NAME = re.compile(r"[A-Za-z]+")


def deal() -> str:
    """The fresh list: PER_SIZE hands of each of the standard deck's round sizes."""
    deck = load_deck()
    pack = [token for token, n in deck.counts.items() for _ in range(n)]
    rng = random.Random(SEED)
    lines = [
        "# Hands dealt from the standard deck's counts (qscore/data/decks.toml), 15 of each",
        "# round's size, 3 to 10 cards, by dictionaries/proposed_figures.py --deal (a fixed seed).",
    ]
    for size in deck.rounds:
        for _ in range(PER_SIZE):
            rng.shuffle(pack)
            lines.append(" ".join(sorted(pack[:size], key=lambda t: (len(t), t))))
    return "\n".join(lines) + "\n"


def read_hands(path: Path) -> list[str]:
    lines = (line.split("#", 1)[0].strip() for line in path.read_text("utf-8").splitlines())
    return [line for line in lines if line]


@cache
def wordnet_cases() -> tuple[frozenset[str], frozenset[str]]:
    """WordNet's single-word lemmas printed in lower case, and those printed with a capital."""
    lower: set[str] = set()
    capital: set[str] = set()
    for part in ("noun", "verb", "adj", "adv"):
        for line in (WORDNET / f"data.{part}").read_text("latin-1").splitlines():
            if line.startswith("  "):
                continue
            fields = line.split()
            for i in range(int(fields[3], 16)):
                lemma = re.sub(r"\(.*\)$", "", fields[4 + 2 * i])
                if NAME.fullmatch(lemma):
                    (lower if lemma == lemma.lower() else capital).add(lemma.lower())
    return frozenset(lower), frozenset(capital)


@cache
def scowl(category: str) -> frozenset[str]:
    """Every entry of a SCOWL category, any size, spelling or variant, as printed."""
    found: set[str] = set()
    for path in SCOWL.glob(f"*-{category}.*"):
        found.update(path.read_text("utf-8").split())
    return frozenset(found)


def indefensible(word: str) -> str | None:
    """Why a table could not defend ``word``, or None: the evidence of the rule, read here
    from the sources themselves (the shipped list is build.py's)."""
    from qscore.words.definitions import define

    lower, capital = wordnet_cases()
    if word in scowl("abbreviations") and word not in scowl("words"):
        return "abbreviation"
    if word not in lower and (word in capital or (word.capitalize() in scowl("proper-names") and word not in scowl("words"))):
        return "capitalised"
    if not define(word).found:
        return "no meaning"
    return None


def proposed_words(hands: list[str], dictionary_name: str) -> list[str]:
    """Every word best proposes for each hand: its best, most-words and longest-word plays."""
    from qscore.hands.solver import solve
    from qscore.words.dictionaries import open_dictionary

    dictionary = open_dictionary(dictionary_name)
    words: list[str] = []
    for hand in hands:
        solution = solve(parse_hand(hand), dictionary)
        plays = [solution.best]
        if solution.most_words.word_count > solution.best.word_count:
            plays.append(solution.most_words)
        if solution.longest_word.longest > solution.best.longest:
            plays.append(solution.longest_word)
        words += [w.text for p in plays for w in p.words]
    return words


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hands", nargs="*", type=Path, default=[FRESH])
    parser.add_argument("--dictionary", default="everyday")
    parser.add_argument("--deal", action="store_true", help=f"write {FRESH.name} and stop")
    args = parser.parse_args()
    if args.deal:
        FRESH.write_text(deal(), "utf-8")
        print(f"wrote {FRESH}")
        return 0
    for path in args.hands:
        hands = read_hands(path)
        words = proposed_words(hands, args.dictionary)
        why = {w: indefensible(w) for w in dict.fromkeys(words)}
        bad = [w for w in words if why[w]]
        print(f"{path.name}, {args.dictionary}: {len(hands)} hands, {len(words)} words proposed, {len(bad)} indefensible")
        for reason in ("no meaning", "capitalised", "abbreviation"):
            listed = sorted({w for w in bad if why[w] == reason})
            print(f"  {reason}: {sum(why[w] == reason for w in bad)} ({' '.join(listed)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
