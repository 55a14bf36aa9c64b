"""Rules that keep out what a Quiddler table refuses though a source files it as a word,
each on evidence from a second source (dictionaries/README.md, "The rules on every
dictionary", has what each removes and what it would wrongly remove):

- names SCOWL files in lower case only at its size 80 (paris, sophia, steven; canada,
  cañada folded), where SCOWL files the capitalised word among its common names and
  WordNet prints no lower-case sense, nor a list's word is its base;
- run-together forms (wellknown, runnerup, inlaws) of what the en_GB hunspell dictionary
  prints as a hyphenated entry (well-known, runner-up, in-laws), where no other source
  holds the letters as one word and the first part is no bound prefix (co-chair, non-use,
  re-let: American dictionaries print those closed);
- regular forms of irregular common words (winned, oxes, womans, tooths, gooder), where
  WordNet's exception lists give the word an irregular form of that kind and no list,
  WordNet or GCIDE headword holds the regular one;
- initialisms a hunspell dictionary lists (bcc, gpm, ppb, jpg): an entry of no vowel
  that no other source holds.

Read by build.py only.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

HUNSPELL = Path("/usr/share/hunspell")
LETTERS = re.compile(r"[a-z]+")
HYPHENATED = re.compile(r"[a-z]+(?:-[a-z]+)+")
VOWEL = re.compile(r"[aeiouy]")
PREFIX_ENTRY = re.compile(r"\b(prefix|combining form)\b", re.I)
OBSOLETE = re.compile(r"\b[Oo]bs\.")
PREFIX_FIRST = re.compile(r"^[^\n]*\n\s*A prefix\b")
# the kinds of form a word's irregular inflection can be, by WordNet's part of speech, and
# the regular endings of that kind (ending, what it replaces): a noun's plural, a verb's
# past (its -s and -ing are regular even where its past is not: wins, winning), an
# adjective's comparative and superlative
KINDS = {
    "noun": (("s", ""), ("es", ""), ("ies", "y")),
    "verb": (("ed", ""), ("d", ""), ("ied", "y")),
    "adj": (("er", ""), ("est", ""), ("r", ""), ("st", ""), ("ier", "y"), ("iest", "y")),
}
# the form codes of qscore.words.definitions each kind stands for
KIND_CODES = {"noun": "p", "verb": "d", "adj": "cs"}
DOUBLING = "bdgklmnprtvz"
SIBILANTS = ("s", "x", "z", "ch", "sh")
CONSONANT_Y = re.compile(r"[^aeiou]y$")
SHORT_SYLLABLE = re.compile(rf"[^aeiouy]*[aeiou][{DOUBLING}]")  # stop: stopped; win: winned
# A noun's plural of its own language (datum: data, vertigo: vertigines, axis: axes): the
# English -s plural is printed beside it (datums, vertigos, latexes, irises), so it is no
# reason to refuse that one; only a native irregular plural is (oxen, teeth, women, wives).
FOREIGN_PLURAL = ("a", "i", "ae", "ces", "ines", "im", "oth", "x", "oes")


def regular_forms(base: str, part: str) -> set[str]:
    """The forms ``base`` would have if it were regular in ``part``, spelled by the rules:
    womans, tooths, oxes (the noun's plural); winned, stealed (the verb's past); gooder,
    goodest (the adjective's comparison); and picnicked, talcked (a c takes a k)."""
    if part == "noun":
        if CONSONANT_Y.search(base):
            return {base[:-1] + "ies"}
        return {base + ("es" if base.endswith(SIBILANTS) else "s")}
    endings = ("ed",) if part == "verb" else ("er", "est")
    if base.endswith("e"):
        return {base + ending[1:] for ending in endings}
    if CONSONANT_Y.search(base):
        return {base[:-1] + "i" + ending for ending in endings}
    if SHORT_SYLLABLE.fullmatch(base):
        return {base + base[-1] + ending for ending in endings}
    if base.endswith("c"):
        return {base + ending for ending in endings} | {base + "k" + ending for ending in endings}
    return {base + ending for ending in endings}


def spellings(base: str, part: str) -> set[str]:
    """Every spelling the regular endings of ``part`` give ``base``, its last consonant
    doubled or not, a c with its k or not (canaled and canalled, picnicked): none is an
    irregular form, whichever a dictionary prefers."""
    found = regular_forms(base, part)
    for ending, replaced in KINDS[part]:
        stem = base[: len(base) - len(replaced)] if replaced else base
        found |= {stem + ending, base + base[-1] + ending, base + "k" + ending}
    return found


def irregular_kinds(wordnet: Any, words: set[str]) -> dict[str, dict[str, set[str]]]:
    """Base -> part of speech -> its irregular forms of that kind, from WordNet's exception
    lists (a form is no irregular one where the suffix rules make it from the base, nor a
    noun's plural of its own language: data; nor a verb's past participle alone: sawn) and
    its -men plurals of ``words``."""
    found: dict[str, dict[str, set[str]]] = {}
    for part in KINDS:
        for form, bases in wordnet.irregular[part].items():
            if part == "verb" and form.endswith(("ing", "s")):
                continue  # a present participle or present tense: the past is what is asked
            for base in bases:
                if form == base or form in spellings(base, part):
                    continue
                if part == "noun" and (form.endswith(FOREIGN_PLURAL) or base.endswith("is")):
                    continue
                if part == "noun" and base.endswith("i") and form == base[:-1] + "ies":
                    continue  # chillies beside chillis: a spelling, no irregular plural
                found.setdefault(base, {}).setdefault(part, set()).add(form)
    # a verb whose only irregular forms are past participles (sawn, sewn, hacksawn, proven)
    # has a regular past tense (sawed, hacksawed)
    for base, parts in found.items():
        if all(form in (base + "n", base + "en") for form in parts.get("verb", {"-"})):
            del parts["verb"]
    # WordNet's own rule, no exception: a noun in -man has its plural in -men (woman: women),
    # where the lists hold that plural (not shaman: shamans)
    for base in wordnet.lemmas["noun"]:
        if base.endswith("man") and base[:-3] + "men" in words:
            found.setdefault(base, {}).setdefault("noun", set()).add(base[:-3] + "men")
    return {base: parts for base, parts in found.items() if parts}


def wrong_forms(
    wordnet: Any, bases: Iterable[str], words: set[str], headwords: set[str], listed: set[str]
) -> dict[str, tuple[str, str]]:
    """Regular forms of ``bases`` whose real form of that kind is irregular (winned: won,
    oxes: oxen, gooder: better), with their base and part of speech: where WordNet's
    exceptions give the base an irregular form of that kind and neither ``words`` (the
    everyday list), WordNet (a lemma or an exception form) nor GCIDE (``headwords``: builded,
    an archaic past it prints) holds the regular one. A form another part of speech makes
    regularly is kept (foots: the verb foot; gooses: to goose), and so is one whose own
    forms ``listed`` (every list's words) holds (overseed: overseeds, overseeding)."""
    irregular = irregular_kinds(wordnet, words)
    lemmas = set().union(*wordnet.lemmas.values())
    exceptions = set().union(*(set(wordnet.irregular[p]) for p in wordnet.irregular))
    found: dict[str, tuple[str, str]] = {}
    for base in sorted(set(bases) & irregular.keys()):
        for part in irregular[base]:
            for form in sorted(regular_forms(base, part)):
                if form in words or form in lemmas or form in exceptions or form in headwords:
                    continue
                if any(form + ending in listed for ending in ("s", "ing")):
                    continue  # a word with forms of its own: overseed, overseeds, overseeding
                if not regular_elsewhere(form, wordnet, irregular):
                    found.setdefault(form, (base, part))
    return found


def regular_elsewhere(form: str, wordnet: Any, irregular: dict[str, dict[str, set[str]]]) -> bool:
    """Whether a part of speech makes ``form`` regularly from a lemma of its own that has no
    irregular form of that kind (foots: the verb foot, whose past is footed)."""
    for part, endings in KINDS.items():
        for ending, replaced in endings:
            if form.endswith(ending):
                base = form[: len(form) - len(ending)] + replaced
                for stem in {base, base[:-1]} if len(base) > 2 and base[-1] == base[-2] else {base}:
                    if stem in wordnet.lemmas[part] and part not in irregular.get(stem, {}):
                        return True
    if form.endswith(("s", "es")):  # a verb's present tense is regular even where its past is not
        stem = form[:-2] if form.endswith("es") else form[:-1]
        return form[:-1] in wordnet.lemmas["verb"] or stem in wordnet.lemmas["verb"]
    return False


def irregular_table(wordnet: Any, words: set[str]) -> dict[str, str]:
    """Base -> the form codes (qscore.words.definitions.FORMS) its suffix rules must not gloss:
    the kinds WordNet gives it an irregular form of, where no form of that kind the suffix
    rules would make is a word of ``words`` (dreamed and learned are words: dream and learn
    keep their suffix glosses)."""
    table: dict[str, str] = {}
    for base, parts in sorted(irregular_kinds(wordnet, words).items()):
        if not LETTERS.fullmatch(base):
            continue
        codes = "".join(KIND_CODES[p] for p in sorted(parts) if not regular_forms(base, p) & words)
        if codes:
            table[base] = codes
    return table


def lowercase_names(
    candidates: set[str], names: set[str], wordnet: Any, words: set[str], held: Callable[[str], bool]
) -> set[str]:
    """Of ``candidates`` (the words only the largest list holds), those SCOWL files as common
    names (``names``, lower-cased: Paris, Sophia, Steven, Canada) that WordNet prints in no
    lower-case sense, that are no regular form of a word of ``words`` (psalters: psalter) and
    that hunspell (``held``) holds in no lower-case entry (guernsey, jacobin, rubicon)."""
    lowercase = set().union(*wordnet.lemmas.values())
    return {
        w
        for w in candidates & names
        if w not in lowercase and not wordnet.inflects(w, lowercase) and not suffixed(w, words) and not held(w)
    }


def suffixed(word: str, words: set[str], endings: tuple[str, ...] = ("s", "es", "ed", "ing", "er", "est")) -> bool:
    """Whether ``word`` is a word of ``words`` with one of ``endings`` (an inflection's)."""
    return any(word.endswith(e) and word[: -len(e)] in words for e in endings)


# the endings of an inflection or a derivative: cockeyedness is cockeyed's, pigstickers pigsticker's
DERIVED = ("s", "es", "ed", "ing", "er", "ers", "est", "ness", "nesses", "ly")


def hyphenated_entries(tag: str = "en_GB") -> dict[str, str]:
    """The letters of each hyphenated form the hunspell dictionary ``tag`` lists (its entries
    and the forms its affixes make of them: in-laws, runner-up, well-known) -> that form."""
    dic, aff = HUNSPELL / f"{tag}.dic", HUNSPELL / f"{tag}.aff"
    entries = [line.split()[0] for line in dic.read_text("utf-8").splitlines()[1:] if "-" in line.partition("/")[0]]
    with tempfile.NamedTemporaryFile("w", suffix=".dic", encoding="utf-8") as listed:
        listed.write(f"{len(entries)}\n" + "".join(f"{e}\n" for e in entries))
        listed.flush()
        done = subprocess.run(["unmunch", listed.name, str(aff)], capture_output=True, check=True)
    found: dict[str, str] = {}
    for form in sorted(done.stdout.decode("utf-8").split()):
        if HYPHENATED.fullmatch(form):
            found.setdefault(form.replace("-", ""), form)
    return found


def run_togethers(
    candidates: set[str],
    hyphenated: dict[str, str],
    prefixes: set[str],
    phrases: set[str],
    words: set[str],
    common: set[str],
    held: Callable[[str], bool],
) -> dict[str, str]:
    """Of ``candidates``, the letters of a form ``hyphenated`` holds (wellknown: well-known),
    with that form, where nothing else holds the letters as a word (``held``: WordNet, GCIDE,
    hunspell), nor it is an inflection or a derivative of a word of ``words`` (cockeyedness,
    simplemindedness: everyday holds cockeyed and simpleminded closed), its parts are not one
    word said twice (ha-ha, tom-tom), and its first part
    is no bound prefix (``prefixes``: co-chair, non-use), unless WordNet prints the form as
    a lemma of two words (``phrases``) and the prefix is a common word too (``common``:
    in-laws, in-law; not co-opt, de-emphasize)."""
    found = {}
    for w in sorted(candidates & hyphenated.keys()):
        form = hyphenated[w]
        first, _, rest = form.partition("-")
        lemma = form[:-1] if form[:-1] in phrases else form
        if (
            held(w)
            or suffixed(w, words, DERIVED)
            or first == rest
            or (first in prefixes and not (lemma in phrases and first in common))
        ):
            continue
        found[w] = form
    return found


def gcide_headwords(
    index: list[tuple[str, int, int]], text: bytes, fold: Callable[[str], str]
) -> tuple[set[str], set[str]]:
    """GCIDE's headwords of letters only, lower-cased, but those whose every entry Webster
    marks obsolete (fone, rong: Chaucer's and Spenser's; not catched, "rarely used"), and
    its bound prefixes: a headword with a hyphen after it (Co-, Non-, In-) whose entry
    calls it a prefix or combining form."""
    words, prefixes = set(), set()
    for headword, start, length in index:
        lower = fold(headword).lower()
        if LETTERS.fullmatch(lower):
            entry = text[start : start + length].decode("utf-8", "replace")
            if not OBSOLETE.search("\n".join(entry.splitlines()[:3])):  # its head and first sense
                words.add(lower)
            if PREFIX_FIRST.search(entry):
                prefixes.add(lower)  # Anti: "A prefix meaning against"
        elif lower.endswith("-") and LETTERS.fullmatch(lower[:-1]):
            entry = text[start : start + length].decode("utf-8", "replace")
            if PREFIX_ENTRY.search(entry):
                prefixes.add(lower[:-1])
    return words, prefixes


def wordnet_phrases(folder: Path) -> set[str]:
    """WordNet's lemmas of two words or more, as it prints them (in-law, fish_tank), lower case."""
    found = set()
    for part in ("noun", "verb", "adj", "adv"):
        for line in (folder / f"index.{part}").read_text("latin-1").splitlines():
            lemma = line.partition(" ")[0]
            if not line.startswith(" ") and re.fullmatch(r"[a-z]+(?:[-_][a-z]+)+", lemma):
                found.add(lemma)
    return found


def initialisms(tags: Iterable[str], held: Callable[[str], bool]) -> set[str]:
    """Lower-case entries of the hunspell dictionaries ``tags`` of no vowel (bcc, gpm, ppb,
    jpg, xlsx) that nothing else holds as a word (``held``)."""
    found = set()
    for tag in tags:
        for line in (HUNSPELL / f"{tag}.dic").read_text("utf-8").splitlines()[1:]:
            entry = line.partition("/")[0].strip()
            if LETTERS.fullmatch(entry) and not VOWEL.search(entry) and not held(entry):
                found.add(entry)
    return found


def hunspell_holds(tags: Iterable[str] = ("en_US", "en_GB")) -> Callable[[str], bool]:
    """Whether one of the hunspell dictionaries ``tags`` accepts a word (through enchant,
    configured as qscore opens it)."""
    from qscore.words.system_dictionaries import open_hunspell

    opened = [open_hunspell(tag) for tag in tags]  # (broker, dictionary): the broker keeps it open
    return lambda word: any(dictionary.check(word) for _broker, dictionary in opened)


def ruled_out(
    lists: dict[str, set[str]],
    everyday: set[str],
    names: set[str],
    common: set[str],
    wordnet: Any,
    gcide: tuple[set[str], set[str]],
    wordnet_folder: Path,
) -> dict[str, str]:
    """Word -> the kind of reason it is refused (denied.tsv's: proper noun, phrase, form,
    abbreviation) for every word the rules above keep out: what the lists hold beyond
    ``everyday`` and hunspell's say-so alike. ``names``: SCOWL's common names, lower-cased;
    ``common``: SCOWL's common words; ``gcide``: GCIDE's headwords and bound prefixes."""
    headwords, prefixes = gcide
    beyond = set().union(*lists.values()) - everyday
    lemmas = set().union(*wordnet.lemmas.values())
    hunspell = hunspell_holds()

    def held(word: str) -> bool:
        return (
            word in everyday or word in lemmas or wordnet.inflects(word, lemmas) or word in headwords or hunspell(word)
        )

    found: dict[str, str] = dict.fromkeys(
        sorted(lowercase_names(beyond, names, wordnet, everyday, hunspell)), "proper noun"
    )
    phrases = wordnet_phrases(wordnet_folder)
    for word in run_togethers(beyond, hyphenated_entries(), prefixes, phrases, everyday, common, held):
        found.setdefault(word, "phrase")
    listed = set().union(*lists.values())
    for word in wrong_forms(wordnet, common, everyday, headwords, listed):
        if word in beyond or hunspell(word):
            found.setdefault(word, "form")
    for word in sorted(initialisms(("en_US", "en_GB"), lambda w: w in listed or w in lemmas or w in headwords)):
        found.setdefault(word, "abbreviation")
    return found
