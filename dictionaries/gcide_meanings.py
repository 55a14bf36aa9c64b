"""Short meanings from GCIDE, the GNU Collaborative International Dictionary of English
(Webster's 1913 and its additions; Debian's dict-gcide, GPL), for the words WordNet lacks:
archaic words (whilom, prithee, methinks) and the regional words Webster labelled (skelp,
Scots; larrikin, Australia). Read by build_meanings.py only.

An entry is a headword line (``Skelp \\Skelp\\, v. t.``, then its etymology in brackets),
then its senses, each ended by a blank line or its source (``[1913 Webster]``), between
quotations, notes and phrases. A meaning is kept only for the headwords an entry itself
prints in its head (dictd's index also files ``wist`` under the entry of ``wit``, and
``yclept`` under ``ycleped``); each is cleaned to one short line: GCIDE's braces and
letter codes (``[ae]``, ``[=o]``) go, and so do its citations (``--Spenser``), examples
(``as, ...``) and cross-references (``See {Me}``); its labels are named in words at the
end (``(Scots)``, ``(obsolete)``), and a sense with any markup left is not kept.
"""

from __future__ import annotations

import gzip
import re
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

GCIDE = Path("/usr/share/dictd")
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
HEAD = re.compile(r"([A-Za-z][^\\,]*?) \\([^\\]+)\\")
# the part of speech after the head, as GCIDE abbreviates it -> qscore's letter
POS = [
    (re.compile(r"\binterj\."), "i"),
    (re.compile(r"\bprep\."), "p"),
    (re.compile(r"\bconj\."), "c"),
    (re.compile(r"\bpron\."), "o"),
    (re.compile(r"\badv\."), "r"),
    (re.compile(r"\b(v\.|imp\.|p\. p\.)"), "v"),
    (re.compile(r"\b(a\.|adj\.|p\. a\.)"), "a"),
    (re.compile(r"\bn\."), "n"),
]
# GCIDE's letter codes: [ae], ["o], [=a], [a^], [imac], [thorn], ['e], [*a]
CODES = [
    (re.compile(r"\[(ae|oe|AE|OE)\]"), r"\1"),
    (re.compile(r"\[[\"=`'^~*.]([A-Za-z]{1,2})\]"), r"\1"),
    (re.compile(r"\[([a-z]{1,2})[\"=`'^~*]\]"), r"\1"),
    (re.compile(r"\[([aeiouy])(mac|breve|acute|grave|circ|uml|um|cir)\]"), r"\1"),
    (re.compile(r"\[thorn\]"), "th"),
    (re.compile(r"\[cced\]"), "c"),
    (re.compile(r"\[ntil\]"), "n"),
]
LABELS = {
    "obs": "obsolete",
    "archaic": "archaic",
    "r": "rare",
    "poetic": "poetic",
    "scot": "Scots",
    "prov. eng": "dialect",
    "dial": "dialect",
    "colloq": "informal",
    "slang": "slang",
    "u. s": "US",
    "australia": "Australia",
    "eng": "British",
    "ireland": "Irish",
    "canada": "Canada",
    "south africa": "South Africa",
    "local": "regional",
}
# the fields of play and sport a sense may name: kept before the meaning, "(golf) ..."
FIELDS = {"cricket", "golf", "tennis", "baseball", "football", "billiards", "chess", "cards", "card playing"}
FIELDS |= {"croquet", "curling", "fencing", "rowing", "hunting", "falconry", "archery", "boxing", "racing", "sports"}
# a head's next line: its etymology, or its part of speech (crannog's "n. [From Celtic ...]"
# under the headwords and their sounds), not the first sense
HEAD_GOES_ON = re.compile(r"\s*(?:\[|(?:n|a|adj|adv|v|prep|conj|interj|pron)\.(?:\s*[ti]\.)?\s*(?:\[|[;,]|$))")
SOURCE = re.compile(r"^\s*\[[^\]]*\]\s*$")  # a line that is only a source or label: [1913 Webster]
NUMBER = re.compile(r"^(\d+\.|\([a-z]\))\s*")
DOMAIN = re.compile(r"^\(([A-Za-z][A-Za-z .&]*)\)\s*")
# a sense that is another word's form: "imp. of {Speak}", "1st & 3d pers. sing. pres. of {Wit}",
# its abbreviations only up to "of" ("pl. The digest ... of the Roman jurists" is a sense of
# the plural, pandects, not the plural of a word "the")
ABBREVIATION = r"(?:\d+[a-z]*\.?|imp\.|p\.|pr\.|pres\.|pl\.|sing\.|pers\.|vb\.|n\.|a\.|obs\.|strong|&)"
FORM = re.compile(
    rf"^(?:archaic\s+|old\s+|the\s+|\[Properly\s+)?((?:{ABBREVIATION}\s*)*?\b(?:imp|p|pr|pres|pl)\.(?:\s*{ABBREVIATION})*)\s+of\s+\{{?([A-Za-z]+)\}}?"
)
FORM_NAMES = [("p. pr.", "present participle"), ("imp. & p. p.", "past tense and past participle")]
FORM_NAMES += [("imp.", "past tense"), ("p. p.", "past participle"), ("pres.", "present tense"), ("pl.", "plural")]
# an article with no word after it: a word lost from GCIDE's own text (za: "as heard in the
# or aeolian string"; queenliness: "the quality of being queenly; the; characteristic"), or
# cut with a quotation ("defended the"): the clause would read as nonsense
GAP = re.compile(r"\b(?:the|an)(?:\s+(?:or|and|nor)\b|\s*$)", re.IGNORECASE)
SHORT = 90  # a meaning keeps its clauses (GCIDE's synonyms, ``;`` apart) up to this length


class Sense(NamedTuple):
    pos: str
    text: str
    obsolete: bool
    entry: int  # the entry's place among the word's entries, in GCIDE's order
    number: int  # the sense's place in its entry


def read_index(folder: Path = GCIDE) -> tuple[bytes, list[tuple[str, int, int]]]:
    """The dictionary's text, and each headword of its index with its entry's place and length."""
    with gzip.open(folder / "gcide.dict.dz") as dz:  # dictzip is gzip to a plain reader
        text = dz.read()

    def number(digits: str) -> int:  # dictd's index writes places in base 64
        value = 0
        for digit in digits:
            value = value * 64 + BASE64.index(digit)
        return value

    index = []
    for line in (folder / "gcide.index").read_text("utf-8").splitlines():
        headword, offset, length = line.split("\t")
        index.append((headword, number(offset), number(length)))
    return text, index


def read_entries(folder: Path = GCIDE) -> list[str]:
    """Every entry of the dictionary, once each, in the dictionary's order."""
    text, index = read_index(folder)
    spans = {(start, length) for headword, start, length in index if not headword.startswith("00-")}
    return [text[start : start + length].decode("utf-8", "replace") for start, length in sorted(spans)]


def headwords(head: str) -> list[str]:
    """The words an entry's head prints (``Gray \\Gray\\, Grey \\Grey\\``), lower case, letters only."""
    found = []
    for shown, _spelled in HEAD.findall(head):
        word = shown.strip().lower()
        if word.isascii() and word.isalpha() and word not in found:
            found.append(word)
    return found


def split_head(lines: list[str]) -> tuple[str, list[str]]:
    """The head (headwords, their sounds in brackets, part of speech, etymology in brackets)
    and the lines after it."""
    depth, end = 0, 0
    for end, line in enumerate(lines):
        depth += line.count("[") - line.count("]") + line.count("(") - line.count(")")
        going_on = end + 1 < len(lines) and HEAD_GOES_ON.match(lines[end + 1])
        if depth <= 0 and not going_on:
            break
    return " ".join(lines[: end + 1]), lines[end + 1 :]


def chunks(lines: list[str]) -> list[str]:
    """The body's paragraphs: text between blank lines and source lines, each as one line,
    quotations (indented further than a sense) left out."""
    found, current = [], []
    for line in [*lines, ""]:
        if not line.strip() or SOURCE.match(line):
            if current:
                found.append(" ".join(current))
            current = []
        elif current or len(line) - len(line.lstrip()) <= 6:
            current.append(line.strip())
    return found


def labels(text: str) -> tuple[list[str], bool]:
    """The labels of a sense's brackets in words (Scots, dialect), and whether it is obsolete."""
    named, obsolete = [], False
    for group in re.findall(r"\[([^\[\]]*)\]", text):
        for part in re.split(r"\s*(?:&|,|\bor\b|\band\b)\s*", group.strip().rstrip(".").lower()):
            name = LABELS.get(part.strip().rstrip("."))
            if name == "obsolete":
                obsolete = True
            if name and name not in named:
                named.append(name)
    return named, obsolete


def clean(text: str) -> str | None:
    """A sense's text as one short line, or None if it is only a cross-reference or keeps markup."""
    for pattern, replacement in CODES:
        text = pattern.sub(replacement, text)
    text = text.replace("{", "").replace("}", "")
    text = re.split(r"\s--|\[|\bSee\b|\bCf\.", text)[0]  # citations, labels, cross-references
    text = re.split(r"\.\s+(?=[A-Z\"])|,?\s+\"[A-Z]", text)[0]  # its first sentence: the next is a note or an example
    clauses = []
    for clause in text.split(";"):
        clause = clause.strip().rstrip(".:,").strip()
        if not clause or (clause.lower().startswith(("as,", "e. g.", "--", "same as")) and clauses):
            break
        if clauses and len("; ".join([*clauses, clause])) > SHORT:
            break
        if GAP.search(clause):  # a word the text lost (za's "heard in the or aeolian string"): not shown
            break
        clauses.append(clause)
    line = "; ".join(clauses).strip()
    if len(line) < 2 or re.search(r"[\\\[\]{}?|<>]", line) or line.count("(") != line.count(")"):
        return None
    return line[0].lower() + line[1:] if not line[1:2].isupper() else line


def senses_of(entry: str, place: int) -> tuple[list[str], list[Sense]]:
    """The headwords an entry prints and its senses, cleaned."""
    lines = entry.splitlines()
    head, body = split_head(lines)
    words = headwords(head)
    # the part of speech: after the headwords and their sounds, before the etymology
    after = re.sub(r"\[.*", "", re.sub(r"^\s*\([^)]*\)", "", HEAD.sub("", head)))
    pos = next((code for pattern, code in POS if pattern.search(after)), "n")
    field = re.search(r"\(([A-Z][a-z]+)\)\s*$", head)  # the field of every sense: (Cricket)
    found: list[Sense] = []
    for chunk in chunks(body):
        if chunk.startswith(("Note:", "Syn:", "{", "Usage:")):
            continue
        numbered = NUMBER.match(chunk)
        if found and not numbered:
            continue  # a second paragraph of a sense, or a note
        text = NUMBER.sub("", chunk)
        form = FORM.match(text)
        if form:  # spake: past tense of speak
            name = next((n for a, n in FORM_NAMES if a in form[1]), None)
            if name:
                archaic = " (archaic)" if "archaic" in head + text else ""
                found.append(
                    Sense(
                        "n" if name == "plural" else "v",
                        f"{name} of {form[2].lower()}{archaic}",
                        False,
                        place,
                        len(found),
                    )
                )
            continue
        text = re.sub(r"^pl\.\s*", "", text)
        domain = DOMAIN.match(text) or field
        text = DOMAIN.sub("", text)
        named, obsolete = labels(text)
        line = clean(text)
        if line is None:
            continue
        if domain and domain[1].lower() in FIELDS:  # a field of play: (Cricket), (Golf)
            line = f"({domain[1].lower()}) {line}"
        if named:
            line += f" ({' or '.join(named)})"
        found.append(Sense(pos, line, obsolete, place, len(found)))
    return words, found


def read_senses(folder: Path = GCIDE) -> dict[str, list[Sense]]:
    """Word -> its GCIDE senses, from the entries that print the word as a headword."""
    senses: dict[str, list[Sense]] = defaultdict(list)
    entries: dict[str, int] = defaultdict(int)
    for entry in read_entries(folder):
        words, found = senses_of(entry, 0)
        for word in words:
            place = entries[word]
            entries[word] += 1
            senses[word] += [s._replace(entry=place) for s in found]
    return senses


def chosen(senses: list[Sense], most: int) -> list[tuple[str, str]]:
    """Up to ``most`` meanings: the senses no label calls obsolete first, each entry's first
    sense before any entry's second (skelp: the iron plate, the blow, to slap), then the
    obsolete ones; and the first sense of each part of speech they leave out."""
    ranked = sorted(senses, key=lambda s: (s.obsolete, s.number, s.entry))
    kept: list[tuple[str, str]] = []
    for sense in ranked:
        if len(kept) < most and (sense.pos, sense.text) not in kept:
            kept.append((sense.pos, sense.text))
    for sense in ranked:
        if sense.pos not in {pos for pos, _ in kept}:
            kept.append((sense.pos, sense.text))
    return kept
