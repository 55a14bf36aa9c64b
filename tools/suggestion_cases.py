"""Write tests/data/suggestions.tsv: what the suggestion search offers for a few hundred
seeded misspellings, as it offers them when this is run.

    python tools/suggestion_cases.py    # only after a change meant to change suggestions

The test that reads it (tests/test_suggestions.py) holds a change to how the search is done
to the same words in the same order, the bound's cut included, for every case: one and
two letters changed, letters added, left out or swapped, gibberish, long words. A change
meant to offer other words is its own commit, with its counts on tests/data/typos.tsv and
sounds.tsv (dictionaries/README.md), and this file written again in that commit.
"""

import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from qscore.words.dictionaries import open_dictionary  # noqa: E402

TARGET = REPO / "tests" / "data" / "suggestions.tsv"
SEED = 23
LETTERS = "abcdefghijklmnopqrstuvwxyz"
DICTIONARIES = ("everyday", "wordgame")
SHOWN = 20  # the ranked words the search returns to a verdict


def slip(word: str, rng: random.Random) -> str:
    """``word`` with one random edit: a letter changed, added, left out, or two swapped."""
    at = rng.randrange(len(word))
    kind = rng.choice("cals")
    if kind == "c":
        return word[:at] + rng.choice(LETTERS) + word[at + 1 :]
    if kind == "a":
        return word[:at] + rng.choice(LETTERS) + word[at:]
    if kind == "l" and len(word) > 2:
        return word[:at] + word[at + 1 :]
    at = min(at, len(word) - 2)
    return word[:at] + word[at + 1] + word[at] + word[at + 2 :]


def cases() -> list[str]:
    everyday = open_dictionary()
    words = sorted(everyday.index.source.read_text("utf-8").split())
    rng = random.Random(SEED)
    picked: list[str] = []
    for edits, count in ((1, 150), (2, 150), (3, 40)):
        wanted = len(picked) + count
        while len(picked) < wanted:
            typed = rng.choice(words)
            for _ in range(edits):
                typed = slip(typed, rng)
            if len(typed) >= 2 and not everyday.contains(typed) and typed not in picked:
                picked.append(typed)
    while len(picked) < 400:  # gibberish, 4 to 14 letters: the walks the bound cuts short
        typed = "".join(rng.choice(LETTERS) for _ in range(rng.randint(4, 14)))
        if not everyday.contains(typed):
            picked.append(typed)
    return picked


def main() -> None:
    lines = ["# dictionary, tab, a typed word, tab, its suggestions best first (tools/suggestion_cases.py)"]
    typed_words = cases()
    for name in DICTIONARIES:
        dictionary = open_dictionary(name)
        for typed in typed_words:
            lines.append(f"{name}\t{typed}\t{' '.join(dictionary.suggest(typed, SHOWN))}")
    TARGET.write_text("\n".join(lines) + "\n", "utf-8")


if __name__ == "__main__":
    main()
