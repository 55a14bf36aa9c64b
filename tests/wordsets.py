"""Hand-picked words for the dictionary tests: each list is what a table would agree on."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from qscore.words import dictionaries as d

ORDINARY = """quiz quizzes quizzed quizzing cat cats running ran jumped jumps happier happiest
boxes went children mice geese walked walking talks beautiful quickly zebra zebras jukebox
xylophone queen queens thinking clothes clever player players winner dealt dealing words
card cards scoring scored bonus bonuses longest wrote written swimming swam tried tries
flies knives wolves oxen teeth feet women better best worse worst thin this that there
clerk clerks inner error errors quilt quilts thistle in at""".split()

# Capitalised in every dictionary; none has a lowercase sense (unlike john, boston, paris).
PROPER_NOUNS = """steve london mary america england chicago tuesday january
christmas europe africa germany microsoft elizabeth beethoven""".split()

ABBREVIATIONS = """etc dr mr mrs nato usa fbi nasa approx dept govt tv dvd
cpu html asap mlb intl pda sms bce ppe tbd""".split()

# Each its own reason, the same on every dictionary (curated-units.txt, curated-chat.txt).
UNIT_SYMBOLS = "kg cm mm km lb oz mph kph kwh ghz kbps mbps".split()
CHAT_ABBREVIATIONS = "smh lol omg brb imo tbh idk btw fyi ttyl".split()

# Contractions typed without their apostrophe: refused for it, as typed with it.
BARE_CONTRACTIONS = ["dont", "isnt", "theyre", "twas", "whats", "wheres", "heres", "im", "ive"]

# Foreign words SCOWL lists that no other English source holds.
FOREIGN = ["oui", "voiture"]

# the last six are bound forms GCIDE or a desk dictionary prints with their hyphen (-ize, tri-)
AFFIXES = "pre un ment ous ance mis non ish ful tion ity ible ize ette cide tri hemi ics".split()

HYPHENATED = ["co-op", "mother-in-law", "self-esteem", "x-ray", "well-being"]

ONE_CARD = ["a", "i", "o", "x"]

APOSTROPHE = ["don't", "it's", "o'clock", "rock'n'roll", "can\u2019t"]

BAD_CHARACTERS = ["r2d2", "hello!", "two words", "naïve!", "don't!"]

# More copies of a card than the standard deck has, or more cards than the largest hand.
DECK = ["bubble", "pepper", "mammal", "(qu)(qu)(qu)", "interpretation", "refrigerator"]

ROMAN_NUMERALS = ["ii", "iv", "ix", "xiv", "xxiv", "clii", "mmx", "xlii", "mcmxc", "cdxliv"]

# In no dictionary, and no name or abbreviation in the shipped evidence.
NOT_WORDS = ["zqxjv", "teh", "recieve", "adn", "blergh"]


# --- the project's must-accept and must-reject lists (tests/data) ----------------

DATA = Path(__file__).resolve().parent / "data"
MUST_ACCEPT = DATA / "must-accept.txt"
MUST_REJECT = DATA / "must-reject.txt"
# The second lists, in the classes of every English-speaking table: the one the rules and
# curated additions were chosen from, and one written apart to measure them on.
COUNTRIES_ACCEPT = DATA / "countries-accept.txt"
COUNTRIES_REJECT = DATA / "countries-reject.txt"
COUNTRIES_HOLDOUT = DATA / "countries-holdout.txt"
# A third, written after the held-out one had been curated from: the fresh measure.
COUNTRIES_FRESH = DATA / "countries-fresh.txt"
# Entries to refuse that a careless list might allow (names a huge list files in lower
# case, run-togethers, regular forms of irregular words, misspellings by ear, joins a
# spell checker compounds), written before the rules for them were made: their measure.
MUST_REJECT_FRESH = DATA / "must-reject-fresh.txt"
# World Englishes, children's and sound words, written before the rule that adds them.
ENGLISHES_FRESH = DATA / "englishes-fresh.txt"
# Each set of lists by name: its file of words to allow and its file of entries to refuse
# (a file may hold both: its classes with a kind are the refusals).
LISTS = {
    "must": (MUST_ACCEPT, MUST_REJECT),
    "countries": (COUNTRIES_ACCEPT, COUNTRIES_REJECT),
    "holdout": (COUNTRIES_HOLDOUT, COUNTRIES_HOLDOUT),
    "fresh": (COUNTRIES_FRESH, COUNTRIES_FRESH),
    "must-fresh": (MUST_ACCEPT, MUST_REJECT_FRESH),
    "englishes": (ENGLISHES_FRESH, ENGLISHES_FRESH),
}
ANY = "any"  # a must-reject class that takes a refusal of any kind


@dataclass(frozen=True)
class WordClass:
    """One class of a must-accept or must-reject list: its name, the kind of refusal
    its words must get (must-reject only), and its words as typed."""

    name: str
    kind: str | None
    words: tuple[str, ...]


def read_classes(path: Path) -> list[WordClass]:
    """The classes of a list file: ``[name]`` or ``[name: kind]`` starts one, then its
    words, any number a line; ``#`` starts a comment line."""
    found: list[WordClass] = []
    for line in path.read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            name, _, kind = line.strip("[]").partition(":")
            found.append(WordClass(name.strip(), kind.strip() or None, ()))
        else:
            last = found[-1]
            found[-1] = WordClass(last.name, last.kind, last.words + tuple(line.split()))
    return found


def reason_kind(reason: str | None) -> str | None:
    """The kind of a refusal's reason, the same on every dictionary, or None when the
    word is allowed: the deck's "needs 3 B, ..." and "needs 12 cards, ..." are both
    "deck"; hunspell's "not in en_US; everyday allows it" is "not in the dictionary"; "don't:
    a word with its apostrophe left out" is "apostrophe"."""
    if reason is None:
        return None
    if reason.startswith("needs "):
        return "deck"
    if reason.startswith("not in "):
        return d.NOT_IN_DICTIONARY
    if reason.endswith(f": {d.APOSTROPHE_LEFT_OUT}"):
        return d.APOSTROPHE  # "I'm: a word with its apostrophe left out"
    return reason


def read_lists(name: str) -> tuple[list[WordClass], list[WordClass]]:
    """The classes of words to allow and of entries to refuse of the lists ``name`` (a key of LISTS)."""
    accept, reject = LISTS[name]
    return [c for c in read_classes(accept) if c.kind is None], [c for c in read_classes(reject) if c.kind is not None]
