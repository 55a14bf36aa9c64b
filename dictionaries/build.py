#!/usr/bin/env python3
"""Regenerate qscore's shipped word lists from Debian's ``scowl`` package.

    apt-get install scowl wordnet-base dict-gcide hunspell-en-us hunspell-en-gb hunspell-tools
    python3 dictionaries/build.py            # writes qscore/wordlists/
    python3 dictionaries/build.py --check    # exits 1 if the shipped lists differ

SCOWL sorts words by size (10 = most common .. 95 = rarest) and category. qscore takes
the "words" category of the english, american, british, australian and canadian spellings, folds diacritics
to their base letters as every word game does (café -> cafe, jalapeño -> jalapeno, with
the same fold qscore applies to what a player types), keeps entries of letters a-z only
(so no capitalised names, contractions or hyphenated forms), adds the clippings SCOWL
files as abbreviations (curated-words.txt: app, intro, maths), and removes the curated
deny list. Abbreviations and affixes go into denied.tsv, names into names.txt, so
``qscore check`` can say why such a word is refused; common.tsv records how common the
common words are, to rank suggestions, and unsuggested.txt the words never suggested
(hunspell's NOSUGGEST marks, WordNet's obscenities and ethnic slurs, the cuss list's
likely profanities, and a few curated words).
"""

from __future__ import annotations

import argparse
import importlib.resources
import importlib.util
import re
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import gcide_meanings  # noqa: E402  beside this script
import list_rules  # noqa: E402  beside this script
from build_meanings import FILES, tag_counts  # noqa: E402  beside this script

from qscore.game.cards import fold  # noqa: E402  the checkout's own qscore, whether installed or not
from qscore.words.suggestions import distance, edits  # noqa: E402

OUT = HERE.parent / "qscore" / "wordlists"
SCOWL = Path("/usr/share/dict/scowl")
COPYRIGHT = Path("/usr/share/doc/scowl/copyright")
SPELLINGS = ("english", "american", "british")
# The words SCOWL files under Australia's and Canada's own spellings that the three above
# lack: their spellings, and words of their own (arvo, brekkie, dunny, doona, rort, sook,
# toonie is not among them). Taken into the lists; common.tsv keeps to SPELLINGS.
COUNTRY_SPELLINGS = ("australian", "canadian")
# SCOWL's variant level 3 ("seldom used and may not even be considered correct") holds
# some words a desk dictionary prints as they are (loch, kirk, blether, annexe): taken
# where WordNet, written apart from SCOWL, prints the word in lower case.
SELDOM_VARIANTS = ("variant_3",)
# The words of world Englishes and of every country's desk dictionary that SCOWL files
# only at size 80 (raita, nullah, kurta, brinjal, ackee, jammies, vroom, qat): taken into
# every list where WordNet, written apart from SCOWL, prints the word as a lemma in lower
# case (so every one has a meaning on file to read out at a challenge), and SCOWL and
# WordNet print it nowhere with a capital. dictionaries/README.md, "World Englishes in
# everyday", has what each rule measured added and would wrongly add: size 95 reached none
# of the lists' words more and brought WordNet's symbols (mcg, meq, dkg); hunspell en_GB's
# entries reached 4 more and brought 7,000 words with no meaning on file.
WORLD_SIZE = 80
# A rarer spelling of a common word is not taken (publically, supercede, humourous): one
# WordNet files under the first sense of a word up to this SCOWL size, within this many
# edits of it (qat is a sense of cat, but not its first), or one its gloss calls a variant.
RESPELLED_SIZE = 50
RESPELLED_EDITS = 2
CALLED_VARIANT = re.compile(r"`([a-z]+)' is an? [a-z ]*variant of `")
# SCOWL's variant spellings that "are also generally considered acceptable": levels 1
# and 2 of each country (donut, hurray, archeology, bingeing). Level 3 is left out:
# SCOWL calls it "seldom used and may not even be considered correct" (gaol, waggon,
# advertize). See dictionaries/README.md for what each level adds.
VARIANTS = tuple(
    f"{country}variant_{level}" for country in ("", "british_", "canadian_", "australian_") for level in (1, 2)
)
WORDNET = Path("/usr/share/wordnet")
WORDNET_PARTS = ("noun", "verb", "adj", "adv")
# WordNet's usage domains of words a family table is not offered as a suggestion: the
# obscenity synset (named by its lemma dirty_word) and ethnic_slur; and, where the
# maintained list calls a common word profane too, disparagement (faggot, gook).
OFFENSIVE_DOMAINS = ("dirty_word", "ethnic_slur")
DISPARAGING_DOMAINS = (*OFFENSIVE_DOMAINS, "disparagement")
# A sense a table would not mean by an ordinary word: filed in one of these domains, or
# its gloss saying so (WordNet writes "obscene terms for", "(ethnic slur)", "a disparaging
# term", "terms of abuse", "vulgar slang for" where it files no domain).
MARKING_DOMAINS = (*DISPARAGING_DOMAINS, "slang")
MARKING_GLOSS = re.compile(r"obscen|vulgar|offensive|slur|disparag|derogat|insult|abuse|contempt|\bslang\b", re.I)
# Uses in WordNet's tagged texts that make an ordinary sense a word's commonest: at least
# two (one is one sentence), and more than of its marked senses.
ORDINARY_USES = 2
# hunspell's own dictionaries mark the words their spell checker must never offer with
# the affix file's NOSUGGEST flag (Debian's hunspell-en-us, hunspell-en-gb); unmunch
# (hunspell-tools) expands each marked entry into its forms.
HUNSPELL = Path("/usr/share/hunspell")
NOSUGGEST_DICTIONARIES = ("en_US", "en_GB")
# The maintained list of profanities and slurs (dictionaries/cuss/README.md): word ->
# sureness, 2 "likely" used as a profanity, 1 "maybe", 0 "unlikely".
CUSS = HERE / "cuss" / "index.js"
CUSS_ENTRY = re.compile(r"^  '?([^':]+)'?: ([012]),?$", re.M)
# WordNet's own rules for an inflection's base form (its "morphy"), by part of speech.
INFLECTIONS = {
    "noun": (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "verb": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adv": (),
}
# GCIDE, the GNU Collaborative International Dictionary of English (Debian's dict-gcide,
# read by the build only): it prints bound prefixes and suffixes as entries of their own,
# with the hyphen where they join (-ize, Tri-, Hemi-), and says in the entry what each is.
GCIDE = Path("/usr/share/dictd")
GCIDE_COPYRIGHT = Path("/usr/share/doc/dict-gcide/copyright")
AFFIX_HEADWORD = re.compile(r"-([A-Za-z]+)-?|([A-Za-z]+)-")
AFFIX_ENTRY = re.compile(r"\b(prefix|suffix|combining form)\b", re.I)
# A contraction as SCOWL files it: in lower case, or one of the pronoun I's (I'm, I've).
CONTRACTION = re.compile(r"(I')?[a-z']+")
MAIN_SPELLINGS = ("english", "american", "british", "british_z", "canadian", "australian")
# name -> largest SCOWL size included. 70 is SCOWL's largest size meant for spell
# checking; 80 adds the rarer words word-game players reach for.
LISTS = {"everyday": 70, "wordgame": 80}
# Abbreviations up to the largest list's size explain refusals; names only up to
# SCOWL's common size 50 (Paris, Steve): a surname filed at 95 (Teh, Thier) is no
# reason to call a plain misspelling a proper noun, nor Zzz (60) the word zzz.
ABBREVIATION_SIZE = 80
NAME_SIZE = 50
# Words up to this size are common: suggestions rank them first (common.tsv).
COMMON_SIZE = 35
LETTERS = re.compile(r"[a-z]+")
NAME = re.compile(r"[A-Za-z]+")
# Rarer names (SCOWL's proper names above NAME_SIZE, up to this size) are proper nouns too
# where no common word is one slip away: Siobhan and Skoda are names, Teh and Thier slips.
RARE_NAME_SIZE = 95
# First names given in Great Britain, Ireland and the United States: Jörg Michael's
# dictionary of first names (nam_dict.txt, GNU FDL 1.2 or later, as PyPI's gender-guesser
# ships it; read by the build only), which gives each name how common it is in each
# country, 1 (rare) to D; a name with a figure for one of the three English-speaking
# columns, the first three.
FIRST_NAMES_PACKAGE = "gender_guesser"
FIRST_NAME_COUNTRIES = 3
GFDL = Path("/usr/share/common-licenses/GFDL-1.2")
# The Roman numerals in standard form, 1 to 3999: thousands, hundreds, tens, units.
ROMAN_PLACES = (
    ("", "m", "mm", "mmm"),
    ("", "c", "cc", "ccc", "cd", "d", "dc", "dcc", "dccc", "cm"),
    ("", "x", "xx", "xxx", "xl", "l", "lx", "lxx", "lxxx", "xc"),
    ("", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"),
)


def read_sized(
    category: str, max_size: int, pattern: re.Pattern[str], spellings: tuple[str, ...] | None = SPELLINGS
) -> dict[str, int]:
    """Every entry of a SCOWL category up to ``max_size``, folded, whose text matches
    ``pattern`` fully, with the smallest size it is filed at. ``spellings`` None takes
    every spelling and variant SCOWL has."""
    entries: dict[str, int] = {}
    for path in sorted(SCOWL.glob(f"*-{category}.*")):
        spelling, _, size = path.name.partition(f"-{category}.")
        if (spellings is None or spelling in spellings) and int(size) <= max_size:
            for line in path.read_text("utf-8").splitlines():
                entry = fold(line)
                if pattern.fullmatch(entry):
                    entries[entry] = min(int(size), entries.get(entry, int(size)))
    return entries


def read_category(
    category: str, max_size: int, pattern: re.Pattern[str], spellings: tuple[str, ...] | None = SPELLINGS
) -> set[str]:
    return set(read_sized(category, max_size, pattern, spellings))


def read_curated(name: str) -> dict[str, str]:
    """A curated file: one entry a line, the word and then its reason; # starts a comment."""
    entries: dict[str, str] = {}
    for line in (HERE / name).read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            word, reason = line.split(maxsplit=1)
            entries[word] = reason
    return entries


def additions() -> dict[str, str]:
    """The curated words neither SCOWL (up to size 70) nor WordNet settles (umami, tsk):
    none may be what SCOWL files as an abbreviation in lower case, unless
    curated-words.txt says why it is a word too (dal, perp). SCOWL's capitals name
    something else (BAE, VAX: no abbreviation of bae or vax)."""
    added = read_curated("curated-additions.txt")
    vouched = read_curated("curated-words.txt")
    filed = read_category("abbreviations", 95, LETTERS, None) - vouched.keys()
    wrong = sorted(w for w in added if w in filed or not LETTERS.fullmatch(w))
    if wrong:
        raise SystemExit(f"build.py: curated-additions.txt lists what SCOWL files as an abbreviation: {wrong}")
    return added


def clippings() -> dict[str, int]:
    """The curated words SCOWL files only as abbreviations, with the size it files each at."""
    filed = read_sized("abbreviations", 95, LETTERS, None)
    curated = read_curated("curated-words.txt")
    unknown = sorted(w for w in curated if w not in filed)
    if unknown:
        raise SystemExit(f"build.py: curated-words.txt lists words SCOWL files as no abbreviation: {unknown}")
    return {w: filed[w] for w in curated}


class WordNet:
    """What the build reads of WordNet 3.0 (Debian's wordnet-base): its single-word
    lemmas as it prints them, by part of speech; which of them occur in its
    sense-tagged texts; and its list of irregular inflections."""

    def __init__(self, folder: Path = WORDNET) -> None:
        self.lemmas: dict[str, set[str]] = {part: set() for part in WORDNET_PARTS}
        self.capitalised: set[str] = set()  # printed with a capital somewhere: Paris, Easter
        self.tagged: dict[str, set[str]] = {part: set() for part in WORDNET_PARTS}
        self.irregular: dict[str, dict[str, list[str]]] = {}
        self.usage: dict[tuple[str, str], set[str]] = {}  # (part, synset) -> its usage domains' synsets
        self.domain_lemmas: dict[str, set[str]] = {}  # a usage domain's synset -> its lemmas
        self.senses: dict[str, list[tuple[str, str]]] = {}  # lemma -> its (part, synset)s
        self.marked_gloss: set[tuple[str, str]] = set()  # (part, synset)s whose gloss marks them
        self.uses: dict[tuple[str, str, str], int] = {}  # (lemma, part, synset) -> uses in the tagged texts
        counts = tag_counts()
        for part in WORDNET_PARTS:
            for line in (folder / f"data.{part}").read_text("latin-1").splitlines():
                if line.startswith("  "):
                    continue  # the licence at the top of the file
                # offset lex_filenum ss_type w_cnt [word lex_id]... p_cnt [ptr offset pos source/target]...
                fields = line.split()
                count = int(fields[3], 16)
                at = 4 + 2 * count
                pointers = fields[at + 1 : at + 1 + 4 * int(fields[at])]
                domains = {pointers[i + 1] for i in range(0, len(pointers), 4) if pointers[i] == ";u"}
                if domains:
                    self.usage[(part, fields[0])] = domains
                if part == "noun" and set(MARKING_DOMAINS) & set(fields[4:at:2]):
                    self.domain_lemmas[fields[0]] = set(fields[4:at:2])
                if MARKING_GLOSS.search(line.partition(" | ")[2]):
                    self.marked_gloss.add((part, fields[0]))
                for i in range(count):
                    lemma = re.sub(r"\(.*\)$", "", fields[4 + 2 * i])  # drop a marker such as (a)
                    if LETTERS.fullmatch(lemma):
                        self.lemmas[part].add(lemma)
                    elif NAME.fullmatch(lemma):
                        self.capitalised.add(lemma.lower())
            for line in (folder / f"index.{part}").read_text("latin-1").splitlines():
                if line.startswith("  "):
                    continue
                # lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offsets...
                fields = line.split()
                if int(fields[5 + int(fields[3])]) > 0:
                    self.tagged[part].add(fields[0])
                synsets = fields[-int(fields[2]) :]
                self.senses.setdefault(fields[0], []).extend((part, s) for s in synsets)
                short = next(k for k, v in FILES.items() if v == part)
                for number, synset in enumerate(synsets, 1):
                    self.uses[(fields[0], part, synset)] = counts.get((fields[0], short, number), 0)
            self.irregular[part] = {
                f[0]: f[1:] for f in map(str.split, (folder / f"{part}.exc").read_text("latin-1").splitlines())
            }

    def everyday_lemmas(self) -> set[str]:
        """Lemmas WordNet prints only in lower case and finds in its sense-tagged texts."""
        tagged = set().union(*(self.lemmas[p] & self.tagged[p] for p in WORDNET_PARTS))
        return tagged - self.capitalised

    def offensive(self, domains: tuple[str, ...] = OFFENSIVE_DOMAINS) -> set[str]:
        """Lemmas of which some sense WordNet files in one of the usage ``domains`` (named
        by a lemma of each: its obscenity and ethnic-slur domains unless told)."""
        wanted = {synset for synset, lemmas in self.domain_lemmas.items() if lemmas & set(domains)}
        return {
            lemma
            for lemma, senses in self.senses.items()
            if any(self.usage.get(sense, set()) & wanted for sense in senses)
        }

    def ordinary_first(self) -> set[str]:
        """Lemmas a table means in an ordinary sense: none of their senses is marked (in a
        domain of MARKING_DOMAINS or by its gloss), or the tagged texts used them in
        unmarked senses ORDINARY_USES times or more, and more often than in marked ones
        (pansy the flower, ass the animal, nip a pinch; not spic, used once as spick-and-span)."""
        wanted = {synset for synset, lemmas in self.domain_lemmas.items() if lemmas & set(MARKING_DOMAINS)}
        found = set()
        for lemma, senses in self.senses.items():
            marked = [s in self.marked_gloss or bool(self.usage.get(s, set()) & wanted) for s in senses]
            uses = [self.uses[(lemma, *s)] for s in senses]
            plain = sum(u for u, m in zip(uses, marked, strict=True) if not m)
            rude = sum(uses) - plain
            if not any(marked) or plain >= max(ORDINARY_USES, rude + 1):
                found.add(lemma)
        return found

    def inflects(self, word: str, bases: set[str]) -> bool:
        """Whether ``word`` is an inflection of one of ``bases``, by WordNet's own rules."""
        for part in WORDNET_PARTS:
            forms = [word[: -len(end)] + base for end, base in INFLECTIONS[part] if word.endswith(end)]
            forms += self.irregular[part].get(word, [])
            if any(form in bases and form in self.lemmas[part] for form in forms):
                return True
        return False


def todays_words(base: set[str], refused: set[str], wordnet: WordNet) -> tuple[set[str], set[str]]:
    """The words SCOWL files only at size 80 that WordNet settles as everyday words
    (dictionaries/README.md): the lemmas, and their inflections SCOWL lists."""
    candidates = words_up_to(max(LISTS.values())) - base - refused
    lemmas = candidates & wordnet.everyday_lemmas()
    inflections = {w for w in candidates - lemmas if wordnet.inflects(w, lemmas)}
    return lemmas, inflections


def words_up_to(size: int) -> set[str]:
    """SCOWL's words up to ``size`` in the spellings taken, every country's, variants
    included, less the variant entries SCOWL files as abbreviations too (awol, sos, wysiwyg)."""
    main = read_category("words", size, LETTERS) | read_category("words", size, LETTERS, COUNTRY_SPELLINGS)
    variants = read_category("words", size, LETTERS, VARIANTS) - main
    return main | (variants - abbreviations(ABBREVIATION_SIZE))


def seldom_variants(wordnet: WordNet) -> set[str]:
    """SCOWL's level-3 variants that WordNet prints in lower case (loch, kirk, annexe),
    with their inflections of that level (lochs, kirks), less those SCOWL files as
    abbreviations."""
    seldom = read_category("words", max(LISTS.values()), LETTERS, SELDOM_VARIANTS) - abbreviations(ABBREVIATION_SIZE)
    lemmas = seldom & set().union(*wordnet.lemmas.values())
    return lemmas | {w for w in seldom - lemmas if wordnet.inflects(w, lemmas)}


def world_words(base: set[str], refused: set[str], wordnet: WordNet) -> set[str]:
    """The words SCOWL files up to WORLD_SIZE, beyond ``base``, that WordNet prints as
    lemmas in lower case (raita, kurta, ackee, jammies): less those SCOWL or WordNet prints
    with a capital anywhere, ``refused``, GCIDE's bound affixes (intra, omni), the curated
    unit symbols and chat abbreviations and the respellings of common words; with their
    inflections SCOWL files, by WordNet's rules."""
    scowl = read_category("words", WORLD_SIZE, LETTERS, None)
    capitalised = {w.lower() for w in read_category("words", WORLD_SIZE, NAME, None) if not w.islower()}
    bound = gcide_affixes() | read_curated("curated-units.txt").keys() | read_curated("curated-chat.txt").keys()
    candidates = scowl - base - refused - capitalised - wordnet.capitalised - bound
    common = read_category("words", RESPELLED_SIZE, LETTERS) & base
    lemmas = candidates & set().union(*wordnet.lemmas.values())
    lemmas -= respellings(lemmas, common, wordnet) | called_variants()
    return lemmas | {w for w in candidates - lemmas if wordnet.inflects(w, lemmas)}


def respellings(words: set[str], common: set[str], wordnet: WordNet) -> set[str]:
    """The ``words`` WordNet files under the first sense (of a part of speech) of one of
    ``common`` within RESPELLED_EDITS edits of it: publically under publicly, supercede
    under supersede; not qat, filed under cat's sense of a shrub, not its first."""
    firsts: dict[tuple[str, str], list[str]] = {}  # a sense -> the common words it is the first of
    for other in common:
        for part in dict.fromkeys(part for part, _ in wordnet.senses.get(other, [])):
            first = next(s for s in wordnet.senses[other] if s[0] == part)
            firsts.setdefault(first, []).append(other)
    return {
        w
        for w in words
        if any(distance(w, other) <= RESPELLED_EDITS for s in wordnet.senses.get(w, []) for other in firsts.get(s, []))
    }


def called_variants(folder: Path = WORDNET) -> set[str]:
    """The lemmas WordNet's own glosses call a variant of another word ("`het' is a
    dialectal variant of `heated'"): a spelling, not a word of its own."""
    found: set[str] = set()
    for part in WORDNET_PARTS:
        found |= set(CALLED_VARIANT.findall((folder / f"data.{part}").read_text("latin-1")))
    return found


def accented(size: int) -> dict[str, set[str]]:
    """SCOWL's lower-case words up to ``size`` written with accents (entrée, émigré), every
    spelling and variant, under the letters a player types (entree, emigre)."""
    forms: dict[str, set[str]] = {}
    for path in sorted(SCOWL.glob("*-words.*")):
        if int(path.name.rpartition(".")[2]) <= size:
            for line in path.read_text("utf-8").splitlines():
                typed = fold(line)
                if line != typed and line == line.lower() and LETTERS.fullmatch(typed):
                    forms.setdefault(typed, set()).add(line)
    return forms


def abbreviations(size: int) -> set[str]:
    return {w.lower() for w in read_category("abbreviations", size, NAME, None)}


def gcide_affixes(folder: Path = GCIDE) -> set[str]:
    """The bound prefixes and suffixes GCIDE prints as such, lower-cased: a headword of
    letters with a hyphen where it joins (-ize, Tri-) whose entry calls it a prefix, a
    suffix or a combining form (not -cropped, a form listed under its verb)."""
    text, index = gcide_meanings.read_index(folder)
    found: set[str] = set()
    for headword, start, length in index:
        match = AFFIX_HEADWORD.fullmatch(headword)
        if match:
            entry = text[start : start + length].decode("utf-8", "replace")
            if AFFIX_ENTRY.search(entry):
                found.add((match[1] or match[2]).lower())
    return found


def first_names_file() -> Path:
    return Path(str(importlib.resources.files(FIRST_NAMES_PACKAGE) / "data" / "nam_dict.txt"))


def first_names() -> set[str]:
    """The first names of letters a-z given in Great Britain, Ireland or the United States,
    lower-cased (callum, niamh, saoirse, jayden): a line's name sits in columns 3 to 29,
    its countries' figures from column 30; a '+' in column 30 marks a second copy of a
    name with umlauts, which the file asks a reader to skip."""
    found: set[str] = set()
    for line in first_names_file().read_text("utf-8").splitlines():
        if line[:1] in ("#", "=") or len(line) < 31 or line[29] == "+":
            continue
        name = line[3:29].strip()
        if NAME.fullmatch(name) and line[30 : 30 + FIRST_NAME_COUNTRIES].strip():
            found.add(name.lower())
    return found


def first_names_notice() -> str:
    """The first names' notice: the file's own head (its author and licence), then the
    GNU FDL it is released under (Debian's copy of the text)."""
    head = []
    for line in first_names_file().read_text("utf-8").splitlines():
        if not line.startswith("#"):
            break
        head.append(line.rstrip("$ ").rstrip())
        if "list of countries" in line:
            break
    return "\n".join(head[:-2]) + "\n\n" + GFDL.read_text("utf-8")


def contractions(size: int) -> set[str]:
    """SCOWL's contractions up to ``size`` (don't, 'twas, o'clock, I'm), every spelling and
    variant, as typed without their apostrophes (dont, twas, oclock, im)."""
    return set(contracted(size))


def contracted(size: int) -> dict[str, str]:
    """SCOWL's contractions up to ``size`` under the letters typed without their
    apostrophes (im: I'm, dont: don't), the commonest where two share them (SCOWL's
    smaller size, then the first in order: bosn is bo's'n before bos'n)."""
    filed = read_sized("contractions", size, CONTRACTION, None)
    found: dict[str, str] = {}
    for contraction in sorted(filed, key=lambda w: (filed[w], w)):
        found.setdefault(contraction.replace("'", "").lower(), contraction)
    return found


def denied_rows(rejects: dict[str, str], size: int) -> str:
    """denied.tsv: a word, its reason, and for a contraction typed without its apostrophe
    the contraction meant (``im\tapostrophe\tI'm``), so the judge can name it: SCOWL's, or
    the one curated-deny.txt writes after the reason (``twas apostrophe 'twas``)."""
    meant = contracted(size)
    rows = []
    for word, said in sorted(rejects.items()):
        reason, _, curated = said.partition(" ") if said.startswith("apostrophe") else (said, "", "")
        if reason != "proper noun":
            spelled = f"\t{curated or meant[word]}" if reason == "apostrophe" and (curated or word in meant) else ""
            rows.append(f"{word}\t{reason}{spelled}\n")
    return "".join(rows)


def roman_numerals() -> set[str]:
    """Every Roman numeral from 1 to 3999 in its standard form, in lower case (xiv, mmx,
    mcmxc): SCOWL files only some (up to clii and a few years), and hunspell allows others."""
    thousands, hundreds, tens, units = ROMAN_PLACES
    return {m + c + x + i for m in thousands for c in hundreds for x in tens for i in units} - {""}


def names(size: int) -> set[str]:
    return {
        w.lower() for w in read_category("proper-names", size, NAME, None) | read_category("upper", size, NAME, None)
    }


def build(wordnet: WordNet | None = None) -> dict[str, str | bytes]:
    """File name -> contents of everything written to qscore/wordlists/."""
    wordnet = wordnet or WordNet()
    curated = read_curated("curated-deny.txt")
    clipped = clippings()
    added = additions()
    out: dict[str, str | bytes] = {}
    lists = {name: words_up_to(size) | {w for w, at in clipped.items() if at <= size} for name, size in LISTS.items()}
    everyday_name = min(LISTS, key=lambda name: LISTS[name])
    # SCOWL files as abbreviation or name, at any size: never a "today's word".
    refused = abbreviations(95) | names(95) | curated.keys()
    lemmas, inflections = todays_words(lists[everyday_name], refused, wordnet)
    lists[everyday_name] |= lemmas | inflections
    # a name too (Kirk, Loch) where WordNet prints the word in lower case: a word
    seldom = seldom_variants(wordnet) - curated.keys()
    lists = {name: words | seldom for name, words in lists.items()}
    needless = sorted(added.keys() & lists[everyday_name])
    if needless:
        raise SystemExit(f"build.py: curated-additions.txt lists words the rules add already: {needless}")
    # raita, kurta, ackee: in every list (after the check: a curated line keeps its meaning)
    world = world_words(lists[everyday_name], refused, wordnet)
    lists = {name: words | world for name, words in lists.items()}
    lists = {name: (words | added.keys()) - curated.keys() for name, words in lists.items()}
    ruled = ruled_out(lists, lists[everyday_name], wordnet)  # list_rules.py: names, run-togethers, forms
    lists = {name: words - ruled.keys() for name, words in lists.items()}
    for name, words in lists.items():
        out[f"{name}.txt"] = "".join(f"{w}\n" for w in sorted(words))
    known = set().union(*lists.values())
    # A name is explained as one wherever the smallest list lacks it (paris is a word
    # only at size 80). An abbreviation only where nothing says it is a word: no list,
    # no spelling or variant of SCOWL's words up to the largest list's size (size 95
    # holds junk such as aclu; a variant SCOWL files as an abbreviation too, such as
    # awol, is no evidence), no curated clipping. The
    # enchant dictionaries refuse every abbreviation listed here, and hunspell (built
    # from SCOWL) accepts etc and kg, so its say-so is no evidence.
    everyday = lists[everyday_name]
    largest = max(LISTS.values())
    words_anywhere = read_category("words", largest, LETTERS, None) - (
        abbreviations(ABBREVIATION_SIZE) - read_category("words", largest, LETTERS, MAIN_SPELLINGS)
    )

    rejects = dict(curated)
    # Unit symbols and chat abbreviations, each its own reason before any other (kg is a
    # unit, smh a chat abbreviation, whatever else SCOWL or the curated list files them
    # as), where no list holds the letters as a word (psi, ma, um stay words).
    for reason, entries in (("unit", read_curated("curated-units.txt")), ("chat", read_curated("curated-chat.txt"))):
        for symbol in sorted(entries):
            if symbol in rejects and rejects[symbol] in ("unit", "chat"):
                raise SystemExit(f"build.py: {symbol} is both a unit symbol and a chat abbreviation")
            if symbol in curated or (symbol not in known and symbol not in words_anywhere):
                rejects[symbol] = reason
    # Brands (tesco, lidl, spotify): proper nouns before any other reason (ikea, which SCOWL
    # files in capitals, is no abbreviation), where no list holds the letters as a word.
    for brand in sorted(read_curated("curated-brands.txt")):
        if brand not in known and brand not in words_anywhere and rejects.get(brand) not in ("unit", "chat"):
            rejects[brand] = "proper noun"
    # Roman numerals (ii, xiv, mmx): numbers in letters, no words, which hunspell accepts,
    # every one in standard form and SCOWL's. Where a list holds one as a word (x, xi, mix,
    # mi: letters) it stays a word; a unit symbol is read as one (cm, mm, ml).
    scowl_numerals = {n.lower() for n in read_category("roman-numerals", largest, NAME, ("special",))}
    for lower in sorted(scowl_numerals | roman_numerals()):
        if lower not in known and lower not in words_anywhere:
            rejects.setdefault(lower, "numeral")
    # A contraction typed without its apostrophe (dont, isnt, theyre): the word is the
    # one with it, which the rules refuse.
    for letters in sorted(contractions(largest)):
        if letters not in known and letters not in words_anywhere:
            rejects.setdefault(letters, "apostrophe")
    for abbr in read_category("abbreviations", ABBREVIATION_SIZE, NAME, None):
        lower = abbr.lower()
        if lower not in known and lower not in words_anywhere and lower not in clipped:
            rejects.setdefault(lower, "abbreviation")
    # Bound prefixes and suffixes GCIDE prints as such (-ize, tri-, hemi-, -ics), where no
    # list holds the letters as a word (ante, ism, ness and ultra stay words); after
    # SCOWL's abbreviations (co, ic and est are abbreviations first).
    for affix in sorted(gcide_affixes()):
        if affix not in known and affix not in words_anywhere:
            rejects.setdefault(affix, "affix")
    # A word with a lower-case sense is never a proper noun: WordNet prints kirk, easter
    # and bearnaise in lower case, a desk dictionary joe and holland (curated-lowercase.txt),
    # and such a word the lists lack is "not in the dictionary".
    lowercase = set().union(*wordnet.lemmas.values()) | read_curated("curated-lowercase.txt").keys()
    common_words = {w for w in read_category("words", COMMON_SIZE, LETTERS) if w in everyday}
    for name in sorted(read_category("proper-names", NAME_SIZE, NAME) | read_category("upper", NAME_SIZE, NAME)):
        lower = name.lower()
        if lower in everyday:
            continue
        if len(name) > 1 and name.isupper():
            # all capitals (NATO, OK) is an acronym, not a name; ZZZ is a word at size 80
            if lower not in words_anywhere and lower not in clipped:
                rejects.setdefault(lower, "abbreviation")
        elif lower not in lowercase:
            rejects.setdefault(lower, "proper noun")
    # SCOWL's rarer names (Siobhan, Hamish, Skoda: sizes 55 to 95), where nothing says they
    # are a word (no list or SCOWL word up to the largest list's size, no lower-case
    # sense) and no common word is one slip away (Teh: the, Thier: their, Wich: which).
    for name in sorted(read_category("proper-names", RARE_NAME_SIZE, NAME, None)):
        lower = name.lower()
        if name.isupper() or lower in rejects or lower in known or lower in words_anywhere or lower in lowercase:
            continue
        if not edits(lower) & common_words:
            rejects[lower] = "proper noun"
    # First names given in Great Britain, Ireland or the United States that SCOWL lacks
    # or keeps as a likely slip (Callum, Niamh, Saoirse, Jayden; Seamus): a name by a
    # source of first names, where nothing says it is a word.
    for lower in sorted(first_names()):
        if lower in rejects or lower in known or lower in words_anywhere or lower in lowercase:
            continue
        rejects[lower] = "proper noun"
    for word, kind in ruled.items():
        rejects.setdefault(word, kind)
    out["irregular.tsv"] = "".join(f"{b}\t{c}\n" for b, c in list_rules.irregular_table(wordnet, known).items())
    # Apart, because every enchant-backed check reads the small denied list and only a
    # refusal by a shipped list reads the names.
    out["denied.tsv"] = denied_rows(rejects, largest)
    out["names.txt"] = "".join(f"{w}\n" for w, r in sorted(rejects.items()) if r == "proper noun")
    # The first names everyday does not hold as words, whatever else refuses them (Ann, Mia:
    # abbreviations; Sam, Dan: wordgame's words; Di: a numeral): a game that allows names
    # (Quiddler Junior) takes them as names; no other game reads this list.
    out["first-names.txt"] = "".join(f"{w}\n" for w in sorted(first_names()) if w not in everyday)
    # How common each common word is (SCOWL's size: 10 the most common), for ranking
    # suggestions: "the" before "tee" for a typed "teh".
    common = read_sized("words", COMMON_SIZE, LETTERS)
    out["common.tsv"] = "".join(f"{w}\t{at}\n" for w, at in sorted(common.items()) if w in everyday)
    out["unsuggested.txt"] = "".join(f"{w}\n" for w in sorted(unsuggested(known, common.keys(), wordnet)))
    out["unproposed.tsv"] = unproposed = unproposed_file(known, wordnet)
    out["unproposed.idx"] = unproposed_index(unproposed)
    # The accented spellings of the words a player types without them: a hunspell
    # dictionary that holds only entrée (en_GB) allows entree through them.
    out["accents.tsv"] = "".join(f"{w}\t{' '.join(sorted(f))}\n" for w, f in sorted(accented(largest).items()))
    out["SCOWL-COPYRIGHT"] = COPYRIGHT.read_text("utf-8")
    # WordNet's notice, which the words taken from it ask for too, is the one beside the
    # meanings (qscore/data/WORDNET-COPYRIGHT, build_meanings.py): one copy in the package
    out["CUSS-LICENSE"] = (CUSS.parent / "license").read_text("utf-8")
    # GCIDE's notice (GPL, version 2 or later), for the affixes denied.tsv takes from it
    out["GCIDE-COPYRIGHT"] = GCIDE_COPYRIGHT.read_text("utf-8")
    # the first names' notice (GNU FDL), for the names names.txt takes from them
    out["FIRSTNAMES-COPYRIGHT"] = first_names_notice()
    return out


def ruled_out(lists: dict[str, set[str]], everyday: set[str], wordnet: WordNet) -> dict[str, str]:
    """What list_rules.py keeps out of the lists and refuses on every dictionary, word -> the
    kind of reason (dictionaries/README.md, "The rules on every dictionary")."""
    text, index = gcide_meanings.read_index()
    common = read_category("words", COMMON_SIZE, LETTERS)
    gcide = list_rules.gcide_headwords(index, text, fold)
    # a word a desk dictionary prints in lower case (curated-lowercase.txt: joe, holland) is
    # never a proper noun, whatever names SCOWL files it among
    not_names = read_curated("curated-lowercase.txt").keys()
    return list_rules.ruled_out(lists, everyday, names(NAME_SIZE) - not_names, common, wordnet, gcide, WORDNET)


def unsuggestion_rules(known: set[str], common: set[str], wordnet: WordNet) -> dict[str, set[str]]:
    """Each rule's words never offered as a suggestion nor proposed, with their inflections
    among ``known`` (dictionaries/README.md has what each adds and would wrongly add). A
    rule's words bring their inflections (WordNet's rules) with them; they stay words,
    judged as ever.

    - hunspell's NOSUGGEST marks, every form (its lexicographers' own judgement);
    - WordNet's obscenity and ethnic-slur domains, but for SCOWL's common words (boy,
      screw, tool, spade: an everyday sense is the one meant);
    - the cuss list's "likely" profanities, but for SCOWL's common words (chunky, loser,
      idiot: ordinary first);
    - a common word both sources call offensive: cuss "likely", and WordNet's obscenity,
      ethnic-slur or disparagement domain (prick, faggot, chink);
    - the curated words no rule reaches (curated-unsuggested.txt).

    Of the three rules after hunspell's, a word WordNet says is ordinary first
    (``WordNet.ordinary_first``: kumquat, beanbag, niggle, pansy, nip) is left out, with
    its inflections: the sources call it profane for a slang sense a table does not mean.
    """
    cuss = {m[1]: int(m[2]) for m in CUSS_ENTRY.finditer(CUSS.read_text("utf-8"))}
    likely = {w for w, sure in cuss.items() if sure == 2}
    curated = read_curated("curated-unsuggested.txt")
    named = {
        "WordNet obscenity or ethnic slur, not common": wordnet.offensive() - common,
        "cuss likely, not common": likely - common,
        "common, and offensive to both cuss and WordNet": wordnet.offensive(DISPARAGING_DOMAINS) & likely & common,
    }
    ordinary = set().union(*named.values()) & wordnet.ordinary_first()
    bases = {"hunspell NOSUGGEST": nosuggest()}
    bases |= {name: {w for w in words - ordinary if not wordnet.inflects(w, ordinary)} for name, words in named.items()}
    rules = {name: words_and_inflections(words, known, wordnet) for name, words in bases.items()}
    reached = sorted(curated.keys() & set().union(*rules.values()))
    if reached:
        raise SystemExit(f"build.py: curated-unsuggested.txt lists words a rule keeps out already: {reached}")
    rules["curated"] = words_and_inflections(set(curated), known, wordnet)
    return rules


def words_and_inflections(words: set[str], known: set[str], wordnet: WordNet) -> set[str]:
    """``words`` (those of letters a-z, listed or not: a word-list file or hunspell may hold
    one SCOWL lacks) and the words of ``known`` that inflect one of them."""
    return {w for w in words if LETTERS.fullmatch(w)} | {w for w in known if wordnet.inflects(w, words)}


def unsuggested(known: set[str], common: set[str], wordnet: WordNet) -> set[str]:
    """The words of ``known`` never offered as a suggestion: every rule's."""
    return set().union(*unsuggestion_rules(known, common, wordnet).values())


# Why qscore never proposes a word a table could not defend at a challenge (unproposed.tsv):
# SCOWL files it only as an abbreviation (li, ar), a desk dictionary prints it only with a
# capital (goth, baptist), or no meaning is on file for it (tyg, cig).
UNPROPOSED_REASONS = ("abbreviation", "capitalised", "no-meaning")


def unproposed(known: set[str], wordnet: WordNet) -> dict[str, str]:
    """The words of ``known`` (the lists' words and hunspell's) a hand of the standard deck
    can lay that qscore never proposes, each with why (UNPROPOSED_REASONS, the first that
    holds): SCOWL files it among abbreviations and never among words, and it is no curated
    clipping (li, ar; not app or rec); WordNet prints it only with a capital, or
    SCOWL only as a name, and no meaning of qscore's own is on file for it (goth, jew; not
    zen, whose lower-case sense the curated meanings give); no meaning is on file, an
    inflection's included (what ``qscore define`` finds). Reads qscore/data/meanings.bin:
    build_meanings.py runs first. They stay words; only what qscore proposes leaves them."""
    from build_meanings import layable  # beside this script; it reads WordNet's files when asked

    from qscore.words.definitions import define

    scowl_words = read_category("words", 95, NAME, None)
    # of the curated words SCOWL files only as abbreviations, the clippings of a word a
    # table knows (app, intro, maths, and abs, the plural of one) are words a table can
    # defend; the rest a family reads as abbreviations first (li, ar, el, psi)
    vouched = read_curated("curated-words.txt")
    clipped = {w for w, why in vouched.items() if "clipped from" in why}
    clipped |= {w for w, why in vouched.items() if any(why.endswith(f"plural of {c}") for c in clipped)}
    abbreviated = read_category("abbreviations", 95, LETTERS, None) - scowl_words - clipped
    lower = set().union(*wordnet.lemmas.values())
    named = {n.lower() for n in read_category("proper-names", 95, NAME, None) | read_category("upper", 95, NAME, None)}
    capitalised = (wordnet.capitalised - lower) | (named - {w.lower() for w in scowl_words} - lower)
    found: dict[str, str] = {}
    for word in sorted(known):
        if not layable(word):
            continue  # no meaning is kept for it, and no hand of the deck lays it
        if word in abbreviated:
            found[word] = "abbreviation"
        elif not define(word).found:
            found[word] = "capitalised" if word in capitalised else "no-meaning"
    return found


def unproposed_file(known: set[str], wordnet: WordNet) -> str:
    """unproposed.tsv: the words never proposed by their anagram key (what a search looks
    them up by), a row a key: the key, a tab, each word with why (``word:reason``)."""
    by_key: dict[str, list[str]] = {}
    for w, why in sorted(unproposed(known | hunspell_forms(), wordnet).items()):
        by_key.setdefault("".join(sorted(w)), []).append(f"{w}:{why}")
    head = '# the words qscore never proposes, by anagram key (dictionaries/README.md, "Words never proposed")\n'
    return head + "".join(f"{key}\t{' '.join(words)}\n" for key, words in sorted(by_key.items()))


def unproposed_index(text: str) -> bytes:
    """unproposed.idx, the index of unproposed.tsv's ``text`` that a search reads
    (``qscore.words.dictionaries.proposed``): the CRC-32 of each row's key, sorted, then
    where each of those rows starts in the file, as little-endian 32-bit numbers."""
    starts, at = [], 0
    for line in text.splitlines(keepends=True):
        if not line.startswith("#"):
            starts.append((zlib.crc32(line.partition("\t")[0].encode("ascii")), at))
        at += len(line.encode("utf-8"))
    starts.sort()
    return b"".join(n.to_bytes(4, "little") for n in [crc for crc, _ in starts] + [start for _, start in starts])


def hunspell_forms() -> set[str]:
    """Every lower-case a-z form of hunspell's English dictionaries, accents folded: what
    ``--dictionary en_US`` or ``en_GB`` may propose beside the lists' words."""
    forms: set[str] = set()
    for tag in NOSUGGEST_DICTIONARIES:
        done = subprocess.run(
            ["unmunch", str(HUNSPELL / f"{tag}.dic"), str(HUNSPELL / f"{tag}.aff")], capture_output=True, check=True
        )
        forms |= {w for w in fold(done.stdout.decode("utf-8")).split() if LETTERS.fullmatch(w)}
    return forms


def nosuggest() -> set[str]:
    """Every lower-case a-z form of the entries hunspell's English dictionaries mark
    NOSUGGEST, accents folded: each marked entry expanded by unmunch with its affix file."""
    forms: set[str] = set()
    for tag in NOSUGGEST_DICTIONARIES:
        affixes = HUNSPELL / f"{tag}.aff"
        flag = re.search(r"^NOSUGGEST (\S+)", affixes.read_text("utf-8"), re.M)
        if flag is None:
            continue
        entries = [line.split()[0] for line in (HUNSPELL / f"{tag}.dic").read_text("utf-8").splitlines()[1:]]
        marked = [e for e in entries if flag[1] in e.partition("/")[2]]
        with tempfile.NamedTemporaryFile("w", suffix=".dic", encoding="utf-8") as dic:
            dic.write(f"{len(marked)}\n" + "".join(f"{e}\n" for e in marked))
            dic.flush()
            done = subprocess.run(["unmunch", dic.name, str(affixes)], capture_output=True, check=True)
        forms |= {w for w in fold(done.stdout.decode("utf-8")).split() if LETTERS.fullmatch(w)}
    return forms


def shipped(path: Path, like: str | bytes) -> str | bytes:
    """A shipped file's contents, as bytes or text as ``like`` is."""
    return path.read_bytes() if isinstance(like, bytes) else path.read_text("utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped lists, write nothing")
    args = parser.parse_args()
    for need, package in (
        (SCOWL, "scowl"),
        (WORDNET, "wordnet-base"),
        (GCIDE / "gcide.index", "dict-gcide"),
        (HUNSPELL / "en_US.dic", "hunspell-en-us"),
        (HUNSPELL / "en_GB.dic", "hunspell-en-gb"),
        (Path("/usr/bin/unmunch"), "hunspell-tools"),
    ):
        if not need.exists():
            print(f"build.py: {need} not found: install Debian's {package} package", file=sys.stderr)
            return 2
    if importlib.util.find_spec(FIRST_NAMES_PACKAGE) is None:
        print("build.py: the first names' package is missing: ./dev test installs it (gender-guesser)", file=sys.stderr)
        return 2
    files = build()
    stale = [n for n, text in files.items() if not (OUT / n).is_file() or shipped(OUT / n, text) != text]
    stale += sorted(p.name for p in OUT.iterdir() if p.name not in files and p.is_file())  # built/: the indexes
    if args.check:
        for name in stale:
            print(f"build.py: qscore/wordlists/{name} differs from what SCOWL builds", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for old in sorted(OUT.iterdir()):
        if old.name not in files and old.is_file():
            old.unlink()
            print(f"removed qscore/wordlists/{old.name}")
    for name, text in files.items():
        (OUT / name).write_bytes(text) if isinstance(text, bytes) else (OUT / name).write_text(text, "utf-8")
        size = f"{len(text):,} bytes" if isinstance(text, bytes) else f"{text.count(chr(10))} lines"
        print(f"wrote qscore/wordlists/{name} ({size})")
    # the lists' indexes, as the wheel's build makes them, so that the checkout reads them too
    return subprocess.run([sys.executable, str(HERE.parent / "tools" / "word_indexes.py")], check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
