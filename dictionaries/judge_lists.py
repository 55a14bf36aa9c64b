#!/usr/bin/env python3
"""Measure the word judge on the project's own lists: false accepts and false rejects
per class, on each dictionary.

    ./dev python dictionaries/judge_lists.py              # everyday, wordgame, en_US, en_GB
    ./dev python dictionaries/judge_lists.py --words      # and the words behind each figure
    ./dev python dictionaries/judge_lists.py -d everyday  # one dictionary (any -d qscore takes)
    ./dev python dictionaries/judge_lists.py --lists holdout  # the second lists' held-out one
    ./dev python dictionaries/judge_lists.py --lists fresh    # the third, written after that one was curated from
    ./dev python dictionaries/judge_lists.py --lists must-fresh  # must-accept, and must-reject-fresh.txt
    ./dev python dictionaries/judge_lists.py --lists englishes  # world Englishes, written before their rule

The lists are tests/data/must-accept.txt and tests/data/must-reject.txt (classes of
hand-picked words; see their heads), or with --lists the second lists, of every
English-speaking table: countries (countries-accept.txt and countries-reject.txt, which
the rules and curated additions were chosen from) and holdout (countries-holdout.txt,
written apart to measure them on). A false reject is a word to allow refused (a word no
hand can lay is left out); a false accept an entry to refuse allowed; a wrong reason an
entry refused for another kind of reason than its class's (tests/wordsets.py's
``reason_kind``).
A system dictionary that is not installed is left out, and said so. The tables print
as Markdown, as dictionaries/README.md shows them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# the checkout's own qscore and its test lists, whether installed or not
from qscore.errors import DictionaryError
from qscore.game.cards import load_deck
from qscore.words.dictionaries import Dictionary, judge, open_dictionary
from tests.wordsets import ANY, LISTS, WordClass, read_lists, reason_kind

DICTIONARIES = ("everyday", "wordgame", "en_US", "en_GB")


def kinds(words: tuple[str, ...], dictionary: Dictionary) -> dict[str, str | None]:
    """Each word's kind of refusal on ``dictionary`` (None: allowed), judged as typed."""
    deck = load_deck()
    return {w: reason_kind(judge(w, dictionary, deck, suggest=False).reason) for w in words}


def false_rejects(group: WordClass, dictionary: Dictionary) -> list[str]:
    """A must-accept class's words refused, but those no hand can lay (a list of words from
    a desk dictionary may hold one: bubbler needs three B)."""
    return [w for w, kind in kinds(group.words, dictionary).items() if kind not in (None, "deck")]


def misjudged(group: WordClass, dictionary: Dictionary) -> tuple[list[str], list[str]]:
    """A must-reject class's false accepts, and its entries refused for another kind of
    reason (a refusal by the deck, before any other, is none: xxxix needs four X)."""
    got = kinds(group.words, dictionary)
    accepted = [w for w, kind in got.items() if kind is None]
    wrong = [w for w, kind in got.items() if kind not in (None, "deck") and group.kind not in (ANY, kind)]
    return accepted, wrong


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = [header, ["---"] * len(header), *rows]
    return "\n".join("| " + " | ".join(cells) + " |" for cells in lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-d", "--dictionary", action="append", help="a dictionary to measure (default: the four)")
    parser.add_argument("--words", action="store_true", help="list the words behind each figure")
    parser.add_argument("--lists", choices=sorted(LISTS), default="must", help="which lists (default: must)")
    args = parser.parse_args()
    opened: dict[str, Dictionary] = {}
    for name in args.dictionary or DICTIONARIES:
        try:
            opened[name] = open_dictionary(name)
        except DictionaryError as exc:
            print(f"left out {name}: {exc}\n")
    accept, reject = read_lists(args.lists)
    details: list[str] = []

    rows, totals = [], [0] * len(opened)
    for group in accept:
        row = [group.name, str(len(group.words))]
        for i, (name, dictionary) in enumerate(opened.items()):
            refused = false_rejects(group, dictionary)
            totals[i] += len(refused)
            row.append(str(len(refused)))
            if refused:
                details.append(f"- {name}, {group.name}, refused: {' '.join(refused)}")
        rows.append(row)
    rows.append(["**all**", str(sum(len(g.words) for g in accept)), *map(str, totals)])
    print(f"Must-accept words refused (false rejects), {len(accept)} classes:\n")
    print(table(["class", "words", *opened], rows))

    rows, accepted_totals, wrong_totals = [], [0] * len(opened), [0] * len(opened)
    for group in reject:
        row = [f"{group.name} ({group.kind})", str(len(group.words))]
        for i, (name, dictionary) in enumerate(opened.items()):
            accepted, wrong = misjudged(group, dictionary)
            accepted_totals[i] += len(accepted)
            wrong_totals[i] += len(wrong)
            row.append(f"{len(accepted)} / {len(wrong)}")
            if accepted:
                details.append(f"- {name}, {group.name}, allowed: {' '.join(accepted)}")
            if wrong:
                details.append(f"- {name}, {group.name}, refused for another reason: {' '.join(wrong)}")
        rows.append(row)
    total = [f"{a} / {w}" for a, w in zip(accepted_totals, wrong_totals, strict=True)]
    rows.append(["**all**", str(sum(len(g.words) for g in reject)), *total])
    print(f"\nMust-reject entries allowed (false accepts) / refused for another reason, {len(reject)} classes:\n")
    print(table(["class (its reason)", "entries", *opened], rows))
    if args.words and details:
        print("\nThe words:\n")
        print("\n".join(details))
    return 0


if __name__ == "__main__":
    sys.exit(main())
