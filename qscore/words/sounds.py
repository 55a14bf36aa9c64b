"""How a word sounds, for the suggestions: its sound key (Double Metaphone's, imported
only when a word asks), the keys of the shipped pronunciations where its letters mislead
Double Metaphone, and how the shipped letter-to-sound rules and common words say it.
The data files are written by dictionaries/build_sounds.py and read lazily.
"""

from __future__ import annotations

from functools import cache

from qscore import paths
from qscore.words.sortedrows import SortedRows


def sound_key(word: str) -> str:
    """How ``word`` sounds: Double Metaphone's primary key (kwiz and quiz are both KS,
    fone and phone FN), or "" for a word of no sounded letter. Its secondary key is not
    used: it reads th as t, and thats would offer teats before that."""
    from doublemetaphone import doublemetaphone

    return str(doublemetaphone(word)[0])


def heard_keys(word: str) -> list[str]:
    """The keys a typed word is looked up under: its letters' (:func:`sound_key`) and,
    where it differs, the key of the word as the letter-to-sound rules say it (kampaygn:
    KMPKN by its letters, the g read as k; KMPN as said, campaign's key)."""
    keys = dict.fromkeys((sound_key(word), phones_key(pronounce(word))))
    return [key for key in keys if key]


VOWELS = frozenset("aa ae ah ao aw ax ay eh er ey ih iy ow oy uh uw".split())
# Each consonant as Double Metaphone writes the letters that spell it most often: b as
# P, d as T, g as K, z as S (it writes no voicing); zh as S (measure: MSR, vision: FSN).
# The rest depend on where they stand (phones_key): vowels, w and y, hh and ng.
PHONES = {
    "b": "P", "p": "P", "d": "T", "t": "T", "g": "K", "k": "K", "f": "F", "v": "F",
    "th": "0", "dh": "0", "s": "S", "z": "S", "sh": "X", "zh": "S", "ch": "X", "jh": "J",
    "m": "M", "n": "N", "l": "L", "r": "R",
}  # fmt: skip


def phones_key(said: str) -> str:
    """Phones (CMU's, without stress, space-separated) as Double Metaphone would write
    their sound: the key of a pronunciation (dictionaries/build_sounds.py) and of a typed
    word as the letter-to-sound rules say it."""
    phones = said.split()
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


# The words whose pronunciation's sound key is not their letters' (enough: ANF, said as
# enuf, where its letters give ANK), from the CMU Pronouncing Dictionary: written by
# dictionaries/build_sounds.py, read when a word list's sound index is built.
PRONUNCIATIONS = "pronunciations.tsv"


# Festival's letter-to-sound rules for CMU and the common words' pronunciations they
# miss (dictionaries/build_sounds.py): how a typed word and a common word are said, so
# that fone is said as phone (f ow n) and not as fine (f ay n).
LETTER_RULES = "letter-rules.bin"
SAID = "said.tsv"
# The questions a rule asks: the letter this many places before (-) or after the one said.
RULE_FEATURES = ("p.p.p.name", "p.p.name", "p.name", "n.name", "n.n.name", "n.n.n.name")
_RULE_PLACES = (-3, -2, -1, 1, 2, 3)
_LEAF = 255


Rules = tuple[bytes, list[str], list[int]]


def read_rules(data: bytes) -> Rules:
    """The letter-to-sound rules of a file as LETTER_RULES holds them: their nodes, the
    phones of their leaves, and each letter's first node."""
    phones, starts, nodes = data.split(b"\n", 2)
    said = [p.replace("+", " ").replace("-", "") for p in phones.decode().split(" ")]
    return nodes, said, [int(n) for n in starts.split()]


def say(word: str, rules: Rules) -> str:
    """How ``rules`` say ``word`` (a-z): CMU's phones without stress, space-separated, ax
    as ah (fone: f ow n). Each letter's tree asks about the letters up to three either
    side (# the word's edge, 0 beyond it) down to the phone it says, or none."""
    nodes, phones, starts = rules
    padded = b"000#" + word.encode() + b"#000"
    said = []
    for at in range(4, len(word) + 4):
        node = starts[padded[at] - 97]
        while (feature := nodes[4 * node]) != _LEAF:
            asked = padded[at + _RULE_PLACES[feature]]
            node = node + 1 if asked == nodes[4 * node + 1] else nodes[4 * node + 2] * 256 + nodes[4 * node + 3]
        said.append(phones[nodes[4 * node + 1]])
    return " ".join(p for p in said if p)


@cache
def pronounce(word: str) -> str:
    """How the shipped letter-to-sound rules say ``word`` (:func:`say`)."""
    return say(word, _letter_rules())


@cache
def _letter_rules() -> Rules:
    return read_rules(paths.package_file("data", LETTER_RULES).read_bytes())


class SaidLookup:
    """How a common word is said: CMU's pronunciations where the letter-to-sound rules
    miss them (enough: ih n ah f, where the rules say ih n f), else the rules'. said.tsv
    is looked up in its sorted rows."""

    def __init__(self) -> None:
        self._rows = SortedRows("data", SAID)

    def __call__(self, word: str) -> list[str]:
        said = self._rows.get(word)
        return [pronounce(word)] if said is None else said.split(",")


said = SaidLookup()


def pronounced_keys() -> dict[str, list[str]]:
    """Each word of the shipped pronunciations -> the sound keys it is said with, where
    they are not :func:`sound_key`'s: a word list's sound index files a word under these
    too, so that enuf (ANF) meets enough and shud (XT) should."""
    text = paths.package_file("data", PRONUNCIATIONS).read_text("utf-8")
    rows = (line.split("\t") for line in text.splitlines() if not line.startswith("#"))
    return {word: keys.split() for word, keys in rows}
