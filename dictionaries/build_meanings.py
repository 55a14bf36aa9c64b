#!/usr/bin/env python3
"""Regenerate qscore's shipped word meanings from Debian's ``wordnet-base`` and ``dict-gcide`` packages.

    apt-get install wordnet-base
    python3 dictionaries/build_meanings.py            # writes qscore/data/meanings.bin
    python3 dictionaries/build_meanings.py --check    # exits 1 if the shipped file differs

WordNet 3.0 lists, for each lemma and part of speech, its senses (synsets) with a gloss.
qscore keeps, for every single-word WordNet lemma of letters a-z that a table can lay,
up to three short meanings: the senses WordNet's tagged corpus met most often first
(``cntlist.rev``), then by sense number, so a word with a noun and a verb shows both.
A sense counts for the word only where WordNet writes the word in lower case: March
the month is a name, march the walk is a word. Each gloss is cut to its first clause
(the text before the first ``;`` outside brackets), which drops WordNet's examples.
Where the top three hold no sense of a part of speech the word has, that part's first
sense is kept too, so an inflection shows meanings of its own kind: went -> go (verb).

WordNet has no function words, interjections or words newer than 2006, and lacks a few
commonest senses: curated-meanings.txt gives them (and, psst, selfie, pundit as a
commentator), each with its source, and they come before WordNet's. For a word neither
has, GCIDE's meanings are read (gcide_meanings.py: whilom, skelp); and where WordNet's
tagged texts used two senses as often, the one nearest Webster's first sense comes first
(gill: the fish's organ before the mushroom's). meanings_order.py's rules order them
further: no vulgar sense first where the word has another (peter; nor bonk's, which it
shares with a profanity), a slang synonym's one use counts for nothing (mint: the plant,
not "a great deal") and a clipped one's comes after (trump: the card), a past tense first where
the verb is far more used (smelt: past tense of smell), and curated-first-meanings.txt
names the sense a table means where no rule reaches it (jack: the lifting tool).

Inflected forms WordNet lists as exceptions (``noun.exc``, ``verb.exc``, ``adj.exc``,
``adv.exc``: quizzes -> quiz, went -> go, better -> good) are decided here, with what
form each is (plural, past tense, ...). Regular forms (cats, walked) are left to the
suffix rules WordNet's own morphology applies, at look-up (qscore.words.definitions); each word's
tagged-use count per part of speech goes with it, to choose between the bases the rules
reach (crosses: cross, not crosse), and curated-not-inflected.txt marks the few words the
rules misread (his is no plural of hi).

The output is one file, sorted by word, of zlib-compressed blocks with an index of the
first word of each at its head, so one word is found by reading one block.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import gcide_meanings  # noqa: E402  beside this script
import meanings_order  # noqa: E402
from shipped import write_or_check  # noqa: E402

from qscore.game.spelling import unlayable_reason  # noqa: E402
from qscore.words.definitions import MAX_SHOWN, PARTS_OF_SPEECH, RULES, pack, pack_file  # noqa: E402  the checkout's own qscore

OUT = HERE.parent / "qscore" / "data"
WORDNET = Path("/usr/share/wordnet")
COPYRIGHT = Path("/usr/share/doc/wordnet-base/copyright")
# GCIDE's meanings are kept for the words SCOWL lists up to the largest size a shipped list
# takes (wordgame's 80): its other headwords are names of genera, tribes and the like.
GCIDE_SIZE = 80
FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
# cntlist.rev's synset types: 5 is an adjective satellite, an adjective for qscore
SS_TYPE = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
LETTERS = re.compile(r"[a-z]+")
# Uncompressed bytes a block holds before it is closed: one look-up inflates one block.
BLOCK_SIZE = 32_768
# How the be verb's irregular forms read; every other verb exception is read from its ending.
BE_FORMS = {"am": "t", "are": "t", "is": "t", "was": "d", "were": "d", "been": "P"}


class Sense(NamedTuple):
    count: int  # times WordNet's tagged texts used the word in this sense
    number: int  # its place in WordNet's order of the word's senses, or its other spelling's
    pos: str
    gloss: str
    # a unit of measure (WordNet's lexicographer file noun.quantity): shown after the word's
    # other senses the tagged texts used as often (gill: a fish's organ before a capacity)
    unit: bool = False
    # the place of the nearest of GCIDE's senses of the word in that part of speech, in
    # Webster's order: it orders the senses the tagged texts used as often (gill: the
    # fish's organ, Webster's first, before the mushroom's, though WordNet lists it after)
    webster: int = 0
    # vulgar (meanings_order.Marks): shown after every other sense of the word (peter: to peter out)
    marked: bool = False
    # a later synonym's sense used once (meanings_order.LATER_SYNONYM): as if never used
    synonym: bool = False
    # and, where the word is a short form of an earlier synonym (trump of trumpet), shown
    # after the word's other senses used as often (trump: the card before the trumpet)
    clipped: bool = False


# WordNet's lexicographer file of nouns of quantity: units of measure (lexnames, 23)
QUANTITY_FILE = "23"


def tag_counts() -> dict[tuple[str, str, int], int]:
    """(lemma, part of speech, sense number) -> how often the tagged texts used it."""
    counts: dict[tuple[str, str, int], int] = {}
    for line in (WORDNET / "cntlist.rev").read_text("utf-8").splitlines():
        key, number, count = line.split()
        lemma, _, rest = key.partition("%")
        pos = SS_TYPE[rest.split(":", 1)[0]]
        counts[(lemma, pos, int(number))] = counts.get((lemma, pos, int(number)), 0) + int(count)
    return counts


QUOTED = re.compile(r"`([^`']*)'")


def first_clause(gloss: str) -> str:
    """The gloss up to its first ``;`` outside brackets: its first definition, without examples."""
    depth = 0
    for i, ch in enumerate(gloss):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == ";" and depth == 0:
            gloss = gloss[:i]
            break
    # an example or a list of instances after a colon is no part of the meaning
    for lead_in in (': "', ": e.g."):
        gloss = gloss.split(lead_in, 1)[0]
    # WordNet quotes a word as `good' (a grave accent, then an apostrophe): printed so, the
    # accent reads as a stray mark, so it is quoted 'good'
    return QUOTED.sub(r"'\1'", gloss).strip()


# The other country's spelling of a word, British to American, each ending or letter once:
# two words of one synset that meet here are one word spelled two ways (realise, realize).
SPELLINGS = [
    (re.compile(r"is(e|ed|es|ing|er|ers|ation|ations|able)$"), r"iz\1"),
    (re.compile(r"ys(e|ed|es|ing|er|ers)$"), r"yz\1"),
    (re.compile(r"our"), "or"),
    (re.compile(r"([^aeiou])re(s|d)?$"), r"\1er\2"),
    (re.compile(r"ence(s)?$"), r"ense\1"),
    (re.compile(r"ogue(s)?$"), r"og\1"),
    (re.compile(r"(ae|oe)"), "e"),
    (re.compile(r"ll"), "l"),
    (re.compile(r"grey"), "gray"),
    (re.compile(r"ough$"), "ow"),
    (re.compile(r"mme(s)?$"), r"m\1"),
]


def american(word: str) -> str:
    """The word with every British spelling of SPELLINGS made American: colour -> color."""
    for pattern, replacement in SPELLINGS:
        word = pattern.sub(replacement, word)
    return word


def read_senses(rules: tuple[str, ...] = meanings_order.RULES) -> dict[str, list[Sense]]:
    """Every single-word lower-case lemma of letters a-z -> its senses written in lower case.

    WordNet's tagged texts are American, so a British spelling was seldom counted (realise:
    never; realize: 95 times). A sense's use count is the word's own, added to those of the
    same synset's words that are the word spelled the other way (``american``); where the
    other spelling was used more, its order of senses (by use) breaks the ties: offence,
    like offense, shows its crime sense among its first three."""
    counts = tag_counts()
    marks = meanings_order.Marks(meanings_order.marking_domains((WORDNET / "data.noun").read_bytes()))
    senses: dict[str, list[Sense]] = defaultdict(list)
    flags: dict[str, list[meanings_order.Flags]] = defaultdict(list)
    for pos, name in FILES.items():
        data = (WORDNET / f"data.{name}").read_bytes()
        index: dict[str, list[str]] = {}
        for line in (WORDNET / f"index.{name}").read_text("utf-8").splitlines():
            if not line.startswith(" "):  # the licence at the head of the file
                fields = line.split()
                index[fields[0]] = fields[-int(fields[2]) :]
        spelled: dict[str, list[str]] = defaultdict(list)
        for lemma in index:
            spelled[american(lemma)].append(lemma)
        # lemma -> synset -> times the tagged texts used the lemma in it
        uses = {w: {o: counts.get((w, pos, n), 0) for n, o in enumerate(offs, 1)} for w, offs in index.items()}
        for lemma, offsets in index.items():
            if not LETTERS.fullmatch(lemma):
                continue
            ways = [w for w in spelled[american(lemma)] if set(index[w]) & set(offsets)]
            # the spelling the texts used most (this one, on a tie) orders the senses
            most = max((sum(uses[w].values()), w == lemma, w) for w in ways)[2]
            for number, offset in enumerate(offsets, 1):
                end = data.index(b"\n", int(offset))
                head, _, gloss = data[int(offset) : end].decode("utf-8").partition(" | ")
                parts = head.split()
                written = [re.sub(r"\(.*\)$", "", parts[4 + 2 * k]) for k in range(int(parts[3], 16))]
                if lemma not in written:
                    continue  # only a capitalised form: a name (March the month)
                text = first_clause(gloss)
                if text:
                    count = sum(uses[w][offset] for w in ways if w in written)
                    place = index[most].index(offset) + 1 if offset in index[most] else len(index[most]) + number
                    unit = pos == "n" and parts[1] == QUANTITY_FILE
                    usage = meanings_order.usage_domains(parts)
                    flags[lemma].append(marks.flags(lemma, written, usage, gloss, parts[1]))
                    rare = count < meanings_order.ORDINARY_USES and meanings_order.later_synonym(lemma, written, ways)
                    clipped = rare and "clipped" in rules and meanings_order.clipped(lemma, written)
                    rare = rare and "synonym" in rules
                    senses[lemma].append(Sense(count, place, pos, text, unit, synonym=rare, clipped=clipped))
    if "vulgar" in rules:
        profane = meanings_order.profane(flags, marks.cuss) if "profane" in rules else set()
        for lemma, its in senses.items():
            vulgar = meanings_order.vulgar(flags[lemma], lemma, profane)
            senses[lemma] = [s._replace(marked=m) for s, m in zip(its, vulgar, strict=True)]
    return senses


def chosen(senses: list[Sense], first: str | None = None) -> list[Sense]:
    """Up to three senses: the curated first sense (gloss ``first``), then the senses not
    vulgar before those that are, the most used first, a unit of measure after the senses
    used as often (WordNet lists gill's capacity first, though no text used either), and a
    clipped synonym's sense after them too (trump: the card before the trumpet); then,
    of each part of speech they leave short of three, its next senses up to three, for the
    inflections of that part of speech."""

    def order(s: Sense) -> tuple[bool, bool, int, bool, bool, int, int, int]:
        used = s.count * (not s.synonym)
        return (s.gloss != first, s.marked, -used, s.unit, s.clipped, s.webster, s.number, "nvar".index(s.pos))

    ranked = sorted(senses, key=order)
    kept: list[Sense] = []
    for sense in ranked:
        if len(kept) < MAX_SHOWN and sense.gloss not in {k.gloss for k in kept}:
            kept.append(sense)
    for sense in ranked:
        same = [k for k in kept if k.pos == sense.pos]
        if len(same) < MAX_SHOWN and sense.gloss not in {k.gloss for k in same}:
            kept.append(sense)
    return kept


def form_of(inflected: str, pos: str) -> str | None:
    """The code of the form an exception-list entry is (qscore.words.definitions.FORMS), or None to skip it."""
    if pos == "n":
        return "p"
    if pos == "v":
        if inflected in BE_FORMS:
            return BE_FORMS[inflected]
        if inflected.endswith("ing"):
            return "g"
        if inflected.endswith("ed"):
            return "d"
        if inflected.endswith("s"):
            return "t"
        return "f"  # went, gone, sang: past, tense or participle
    superlative = "s" if pos == "a" else "S"
    comparative = "c" if pos == "a" else "C"
    if inflected.endswith("st"):
        return superlative
    if inflected.endswith("er") or inflected == "worse":
        return comparative
    return None  # adv.exc's halfways


def exceptions(lemmas: set[str]) -> dict[str, list[tuple[str, str]]]:
    """Inflected form -> [(form code, base)] from WordNet's exception lists, where the base has meanings."""
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for pos, name in FILES.items():
        for line in (WORDNET / f"{name}.exc").read_text("utf-8").splitlines():
            inflected, *bases = line.split()
            if not LETTERS.fullmatch(inflected):
                continue
            code = form_of(inflected, pos)
            for base in bases:
                if code and base != inflected and base in lemmas and (code, base) not in found[inflected]:
                    found[inflected].append((code, base))
    return found


def not_inflected() -> dict[str, str]:
    """curated-not-inflected.txt: word -> the parts of speech whose suffix rules do not make it."""
    found: dict[str, str] = {}
    for line in (HERE / "curated-not-inflected.txt").read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            word, pos, _reason = line.split(maxsplit=2)
            if pos not in RULES:
                raise SystemExit(f"build_meanings.py: curated-not-inflected.txt: {word}: no suffix rules for {pos!r}")
            found[word] = "".join(sorted(found.get(word, "") + pos))
    return found


def wordnet_gloss(lemma: str, pos: str, number: int) -> str | None:
    """The first clause of the gloss of ``lemma``'s sense ``number`` in part of speech ``pos``."""
    name = FILES[pos]
    for line in (WORDNET / f"index.{name}").read_text("utf-8").splitlines():
        fields = line.split()
        if fields and fields[0] == lemma and 1 <= number <= int(fields[2]):
            offset = int(fields[-int(fields[2]) + number - 1])
            with (WORDNET / f"data.{name}").open("rb") as data:
                data.seek(offset)
                return first_clause(data.readline().decode("utf-8").partition(" | ")[2])
    return None


def curated() -> dict[str, list[tuple[str, str]]]:
    """curated-meanings.txt: word -> its (part of speech, meaning) in the file's order.

    A line is ``word | part of speech | source | meaning``. The source ``qscore`` is a
    meaning written for qscore; ``wordnet LEMMA N`` takes the gloss of WordNet's sense N of
    LEMMA in that part of speech (app: application's sense 4), and the meaning is left empty."""
    codes = {name: code for code, name in PARTS_OF_SPEECH.items()}
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for number, line in enumerate((HERE / "curated-meanings.txt").read_text("utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"build_meanings.py: curated-meanings.txt line {number}"
        fields = [f.strip() for f in line.split("|")]
        if len(fields) != 4:
            raise SystemExit(f"{where}: four fields, not {len(fields)}: {line!r}")
        word, pos_name, source, text = fields
        pos = codes.get(pos_name)
        if not (LETTERS.fullmatch(word) and layable(word)):
            raise SystemExit(f"{where}: {word!r} is no word of letters a-z a hand can lay")
        if pos is None:
            raise SystemExit(f"{where}: {pos_name!r} is no part of speech ({', '.join(codes)})")
        if source.startswith("wordnet "):
            lemma, _, sense = source.removeprefix("wordnet ").partition(" ")
            gloss = wordnet_gloss(lemma, pos, int(sense)) if pos in FILES and sense.isdigit() and not text else None
            if gloss is None:
                raise SystemExit(f"{where}: {source!r}: no such {pos_name} sense in WordNet, or a meaning beside it")
            text = gloss
        elif source != "qscore" or not text:
            raise SystemExit(f"{where}: the source is 'qscore' (with a meaning) or 'wordnet LEMMA N': {source!r}")
        if (pos, text) in found[word]:
            raise SystemExit(f"{where}: {word} has this meaning twice")
        found[word].append((pos, text))
    return found


# curated-additions.txt: "word   part of speech[, label] [(dictionaries)]: meaning", the
# meaning written for qscore in its own words; a form's line names its word instead
# (boets noun: plural of boet, tsks verb: tsk), which the suffix rules reach.
ADDITION = re.compile(r"(?P<pos>[a-z]+)[^:]*: (?P<text>.+)")
FORM_OF = re.compile(r"(plural|past|present participle|singular|past participle) of \w+")


def additions() -> dict[str, list[tuple[str, str]]]:
    """The curated additions' meanings (the words everyday takes that WordNet predates:
    arvo, braai, tradie, covidiot): word -> its (part of speech, meaning), for a word a
    hand can lay whose line gives a meaning and not a form of another word."""
    codes = {name: code for code, name in PARTS_OF_SPEECH.items()}
    found: dict[str, list[tuple[str, str]]] = {}
    for line in (HERE / "curated-additions.txt").read_text("utf-8").splitlines():
        word, _, rest = line.partition(" ")
        match = ADDITION.fullmatch(rest.strip())
        if word.startswith("#") or not match or not layable(word) or FORM_OF.fullmatch(match["text"]):
            continue
        if word.startswith(match["text"]):  # tsks verb: tsk
            continue
        pos = codes.get(match["pos"])
        if pos is not None:
            found[word] = [(pos, match["text"])]
    return found


def layable(word: str) -> bool:
    return unlayable_reason(word) is None


def inflects(word: str, senses: dict[str, list[Sense]]) -> bool:
    """Whether WordNet's suffix rules make ``word`` from a WordNet word of that part of speech
    (creeks: creek, not GCIDE's tribe): its base's meanings are shown for it at look-up."""
    for pos, rules in RULES.items():
        for ending, replacement, _code in rules:
            base = word[: -len(ending)] + replacement
            if word.endswith(ending) and len(word) > len(ending) and any(s.pos == pos for s in senses.get(base, [])):
                return True
    return False


STEM = re.compile(r"[a-z]{4,}")


def stems(text: str) -> set[str]:
    """A gloss's words of four letters or more, by their first five: respiratory meets respiration."""
    return {word[:5] for word in STEM.findall(text.lower())}


def in_webster_order(senses: list[Sense], webster: list[gcide_meanings.Sense]) -> list[Sense]:
    """The word's WordNet senses, each with the place in Webster's order of the GCIDE sense
    of its part of speech that shares the most words with it (two at least), or after
    every such place where none does."""
    places = sorted({(w.entry, w.number) for w in webster})
    ordered = []
    for sense in senses:
        shared = [
            (len(stems(sense.gloss) & stems(w.text)), -places.index((w.entry, w.number)))
            for w in webster
            if w.pos == sense.pos
        ]
        best = max(shared, default=(0, 0))
        ordered.append(sense._replace(webster=-best[1] if best[0] >= 2 else len(places)))
    return ordered


def gcide(
    senses: dict[str, list[Sense]], known: set[str], webster: dict[str, list[gcide_meanings.Sense]]
) -> dict[str, list[tuple[str, str]]]:
    """GCIDE's meanings of the words SCOWL lists that WordNet has no lemma for (not even a
    name's), with no curated meaning, no WordNet exception and no WordNet base by the
    suffix rules."""
    from build import read_category  # build.py reads this module's WordNet files: imported here, not at the top

    listed = read_category("words", GCIDE_SIZE, LETTERS, None)
    # a word WordNet writes only with a capital is a name (french, ute): GCIDE, which
    # capitalises every headword, would give it the name's meaning
    for name in FILES.values():
        lines = (WORDNET / f"index.{name}").read_text("utf-8").splitlines()
        known = known | {line.split(" ", 1)[0] for line in lines if not line.startswith(" ")}
    found = {}
    for word, its in webster.items():
        if word in listed and word not in known and layable(word) and not inflects(word, senses):
            meanings = gcide_meanings.chosen(its, MAX_SHOWN)
            if meanings:
                found[word] = meanings
    return found


def first_glosses() -> dict[str, str]:
    """curated-first-meanings.txt: word -> the gloss of the WordNet sense shown first."""
    found = {}
    for word, (pos, number) in meanings_order.curated_first().items():
        gloss = wordnet_gloss(word, pos, number)
        if gloss is None:
            raise SystemExit(f"build_meanings.py: curated-first-meanings.txt: {word}: no sense {pos} {number}")
        found[word] = gloss
    return found


def records(rules: tuple[str, ...] = meanings_order.RULES) -> list[str]:
    """The record of every word kept, in order (qscore.words.definitions.pack), ordered by
    ``rules`` (meanings_order.RULES: all, but where they are counted)."""
    senses = read_senses(rules)
    forms = {w: f for w, f in exceptions(set(senses)).items() if layable(w)}
    blocked = not_inflected()
    ours = curated()
    # a curated addition's meaning is the sense the word was taken for, where the curated
    # meanings have none: first, as theirs
    ours |= {w: m for w, m in additions().items() if w not in ours}
    keep = {w for w in senses if layable(w)} | set(forms) | {base for f in forms.values() for _, base in f}
    # GCIDE's meanings, for what neither WordNet nor the curated file has
    all_webster = gcide_meanings.read_senses()
    webster = gcide(senses, keep | set(ours), all_webster)
    firsts = first_glosses() if "curated" in rules else {}
    lines = []
    for word in sorted(keep | set(blocked) | set(ours) | set(webster)):
        counts: dict[str, int] = {}
        for sense in senses.get(word, []):
            counts[sense.pos] = counts.get(sense.pos, 0) + sense.count
        its_forms = forms.get(word, [])
        its_webster = all_webster.get(word, [])
        past = meanings_order.past_first(word, senses, its_forms, its_webster) if "past" in rules else None
        if past:  # shown as its first meaning, and named there only (smelt: past tense of smell)
            its_forms = [f for f in its_forms if f != past[0]]
        # a curated meaning is one WordNet lacks and the commonest: it comes first
        meanings = ours.get(word, []) + ([past[1]] if past else [])
        meanings += [
            (s.pos, s.gloss)
            for s in chosen(in_webster_order(senses.get(word, []), its_webster), firsts.get(word))
            if (s.pos, s.gloss) not in ours.get(word, [])
        ]
        meanings += webster.get(word, [])
        used = {pos: n for pos, n in counts.items() if n}
        lines.append(pack(word, meanings, its_forms, used, blocked.get(word, "")))
    return lines


def build() -> dict[str, bytes]:
    """File name -> contents of everything written to qscore/data/."""
    return {
        "meanings.bin": pack_file(records(), BLOCK_SIZE),
        "WORDNET-COPYRIGHT": COPYRIGHT.read_bytes(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    args = parser.parse_args()
    if not (WORDNET / "index.noun").is_file():
        print(f"build_meanings.py: {WORDNET} not found: install Debian's wordnet-base package", file=sys.stderr)
        return 2
    return write_or_check("build_meanings.py", build(), OUT, "WordNet", check=args.check)


if __name__ == "__main__":
    sys.exit(main())
