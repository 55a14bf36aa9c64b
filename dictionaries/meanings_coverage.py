#!/usr/bin/env python3
"""How many of the shipped list's words have a meaning on file: the figures in README.md here.

    python3 dictionaries/meanings_coverage.py [LIST]     # LIST: everyday (default) or wordgame

First the words of the project's lists (tests/data/must-accept.txt and must-reject.txt, as
typed) that the dictionary LIST allows, and those of them with no meaning; then the whole
list, and class by class tests/data/meanings-sample.txt and countries-holdout.txt. Every
word is looked up as ``qscore define`` looks up an allowed word (its own meanings, else
its base's by WordNet's exceptions and suffix rules). The common words are
those SCOWL files at its most common size, 10 (common.tsv); that size holds some 4,000
words and ranks none above another, so the 1,000 most common are taken as 1,000 of them
drawn with a fixed seed, beside the whole size.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from qscore.game.cards import load_deck  # noqa: E402  the checkout's own qscore and its test lists
from qscore.game.spelling import unlayable_reason  # noqa: E402
from qscore.paths import package_file  # noqa: E402
from qscore.words.definitions import define  # noqa: E402
from qscore.words.dictionaries import judge, open_dictionary  # noqa: E402
from tests.wordsets import COUNTRIES_FRESH, COUNTRIES_HOLDOUT, DATA, MUST_ACCEPT, MUST_REJECT, read_classes  # noqa: E402

SEED = 15
# The British and American spellings of tests/data/must-accept.txt's two classes, paired
# (and realise/realize): a word's commonest sense comes first in either spelling.
PAIRS = """colour color favour favor honour honor labour labor neighbour neighbor harbour harbor
flavour flavor rumour rumor centre center theatre theater metre meter litre liter fibre fiber
defence defense offence offense licence license analyse analyze paralyse paralyze grey gray
jewellery jewelry travelled traveled cancelled canceled aluminium aluminum tyre tire kerb curb
cheque check manoeuvre maneuver mould mold plough plow moustache mustache pyjamas pajamas
axe ax realise realize catalogue catalog dialogue dialog programme program""".split()


def share(words: list[str]) -> str:
    found = [w for w in words if define(w).found]
    own = [w for w in words if any(m.word == w for m in define(w).meanings)]
    return (
        f"{len(found):,} of {len(words):,} ({100 * len(found) / len(words):.1f}%); "
        f"{100 * len(own) / len(words):.1f}% by meanings of their own, the rest through their base word"
    )


def by_class(path: Path, dictionary: object, deck: object) -> None:
    """Of each class of a list's words to allow, how many the dictionary allows have a meaning."""
    total, found = 0, 0
    for group in read_classes(path):
        if group.kind is None:
            allowed = [w for w in group.words if judge(w, dictionary, deck, suggest=False).allowed]
            have = [w for w in allowed if define(w).found]
            total, found = total + len(allowed), found + len(have)
            lacking = " ".join(w for w in allowed if w not in have)
            print(f"  {group.name}: {len(have)} of {len(allowed)}" + (f" (none: {lacking})" if lacking else ""))
    print(f"{path.name}: {found} of {total} allowed words have a meaning ({100 * found / max(total, 1):.1f}%)")


def main() -> int:
    name = sys.argv[1] if len(sys.argv) > 1 else "everyday"
    dictionary, deck = open_dictionary(name), load_deck()
    typed = [w for path in (MUST_ACCEPT, MUST_REJECT) for group in read_classes(path) for w in group.words]
    allowed = sorted({v.word for v in (judge(w, dictionary, deck, suggest=False) for w in typed) if v.allowed})
    print(f"the lists' words {name} allows: {share(allowed)}")
    print(f"  without a meaning: {' '.join(w for w in allowed if not define(w).found)}")
    words = package_file("wordlists", f"{name}.txt").read_text("utf-8").split()
    listed = set(words)
    sizes = dict(line.split("\t") for line in package_file("wordlists", "common.tsv").read_text("utf-8").splitlines())
    common = sorted(w for w, size in sizes.items() if size == "10" and w in listed)
    for label, some in [
        (name, words),
        ("SCOWL size 10, the most common", common),
        (f"1,000 of size 10 (seed {SEED})", random.Random(SEED).sample(common, 1000)),
    ]:
        print(f"{label}: {share(some)}")
        # a word no table can lay (demonstration: 12 cards) is refused, and WordNet's is not kept for it
        print(f"  of those a table can lay: {share([w for w in some if unlayable_reason(w) is None])}")
    pairs = list(zip(PAIRS[::2], PAIRS[1::2], strict=True))
    differ = [
        b for b, a in pairs if define(b).meanings[:1] and define(b).meanings[0].text != define(a).meanings[0].text
    ]
    print(f"British spellings whose first meaning is the American's: {len(pairs) - len(differ)} of {len(pairs)}")
    print(f"  not: {' '.join(differ)}")
    missing = [w for w in common if not define(w).found and unlayable_reason(w) is None]
    shown = ", ".join(sorted(random.Random(SEED).sample(missing, min(40, len(missing)))))
    print(f"layable words of size 10 without a meaning, a sample: {shown}")
    for path in (DATA / "meanings-sample.txt", COUNTRIES_HOLDOUT, COUNTRIES_FRESH):
        by_class(path, dictionary, deck)
    return 0


if __name__ == "__main__":
    sys.exit(main())
