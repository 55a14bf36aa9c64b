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
import json
import random
import re
import sys
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from qscore.game.cards import Card, load_deck, parse_hand, parse_laid_word  # noqa: E402  the checkout's own qscore
from qscore.game.spelling import MIN_CARDS  # noqa: E402

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


def read_hands(path: Path) -> list[tuple[list[Card], bool]]:
    """Each hand of a file, and whether it is held before its discard: a hands file's lines
    (dealt, ``best`` discards one), or each laydown of a sheet's JSON (``sheet --json``, as
    tests/data/release-games holds: its words' cards and its unused cards, what the
    review solves, nothing discarded)."""
    if path.suffix == ".json":
        sheet, deck = json.loads(path.read_text("utf-8")), load_deck()
        laid = [hand for r in sheet["rounds"] for hand in r["players"].values() if hand]
        cards = [
            [c for w in hand["words"] for c in parse_laid_word(w)] + list(map(deck.card, hand["unused"]))
            for hand in laid
        ]
        return [(hand, False) for hand in cards if len(hand) >= MIN_CARDS]
    lines = (line.split("#", 1)[0].strip() for line in path.read_text("utf-8").splitlines())
    return [(parse_hand(line), True) for line in lines if line]


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


@cache
def clippings() -> frozenset[str]:
    """The curated words SCOWL files only as abbreviations that are clippings of a word a
    table knows (app, intro; abs, a clipping's plural): dictionaries/curated-words.txt."""
    rows = [line.split(None, 1) for line in (HERE / "curated-words.txt").read_text("utf-8").splitlines()]
    vouched = {row[0]: row[1] for row in rows if len(row) == 2 and not row[0].startswith("#")}
    clipped = {w for w, why in vouched.items() if "clipped from" in why}
    return frozenset(
        clipped | {w for w, why in vouched.items() if any(why.endswith(f"plural of {c}") for c in clipped)}
    )


def indefensible(word: str) -> str | None:
    """Why a table could not defend ``word``, or None, read here from the sources themselves
    (build.py writes the shipped list by the same rule): SCOWL files it only among
    abbreviations, and no curated clipping; WordNet prints it only with a capital (or SCOWL
    only as a name) and no meaning is on file; or no meaning is on file."""
    from qscore.words.definitions import define

    lower, capital = wordnet_cases()
    if word in scowl("abbreviations") and word not in scowl("words") and word not in clippings():
        return "abbreviation"
    if define(word).found:
        return None
    named = word.capitalize() in scowl("proper-names") | scowl("upper") and word not in scowl("words")
    return "capitalised" if word not in lower and (word in capital or named) else "no meaning"


def proposed_words(hands: list[tuple[list[Card], bool]], dictionary_name: str) -> list[str]:
    """Every word best proposes for each hand: its best, most-words and longest-word plays."""
    from qscore.hands.solver import solve
    from qscore.words.dictionaries import open_dictionary

    dictionary = open_dictionary(dictionary_name)
    words: list[str] = []
    for cards, discard in hands:
        solution = solve(cards, dictionary, discard=discard)
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
        print(
            f"{path.name}, {args.dictionary}: {len(hands)} hands, {len(words)} words proposed, {len(bad)} indefensible"
        )
        for reason in ("no meaning", "capitalised", "abbreviation"):
            listed = sorted({w for w in bad if why[w] == reason})
            print(f"  {reason}: {sum(why[w] == reason for w in bad)} ({' '.join(listed)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
