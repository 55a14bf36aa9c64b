"""Suggestions for a likely misspelling, found with bounded work.

Words one edit away (a deletion, swap, replacement or insertion) are looked up one by
one; only when there are none does a search walk the word index for words two edits
away, a letter at a time, leaving every branch that is already more than two edits off.
A swap of two neighbouring letters counts as one edit. The words that sound like it
(Double Metaphone's key, kept in the word index, and the key of a word's pronunciation
where its letters mislead Double Metaphone) are added, up to three edits off, so that
kwiz offers quiz and enuf enough, and so is any word said as the letter-to-sound rules say
the typed one, however far off, under that key or the key of what the rules say (fizix:
physics; kampaygn: campaign). What is found is ranked by its edits, the kind of slip,
whether it is said as the letters typed are, and how common the word is, so that "teh"
offers "the" first and "fone" "phone", and by the keyboard: a common word with one key
hit for its neighbour goes first where it is common enough (dpg: dog) (:func:`rank`).
Every look-up is counted against a word's budget, the same for a word alone and in a
list, so a long word stays quick and a list of 5,000 answers within a second or so: the
search stops at the bound and offers what it found. A word longer than MAX_LETTERS gets
no suggestions.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import NamedTuple

from qscore.words.keyboard import neighbour_key
from qscore.words.sortedrows import Commonness, commonness
from qscore.words.sounds import heard_keys, pronounce, said, sound_key

# The longest word a hand can hold is 20 letters (ten cards, each of two letters);
# a misspelling of one may be a little longer.
MAX_LETTERS = 24
# The budget's unit is one look-up of a word in the index (about 0.3 us). A step of the
# two-edit walk also works out a row of distances: about four look-ups' worth.
WALK_STEP = 4
# What one word's search may spend, the same for a word alone and for each word of a
# list, so that every word of a list gets the suggestions it gets alone. On the 140
# misspellings of tests/data/typos.tsv, 8,000 look-ups (a few milliseconds) find the
# word meant as often as 250,000 did (first for 136, offered for 139); 4,000 lose one.
PER_WORD = 8_000

LETTERS = string.ascii_lowercase
# One edit finding fewer words than this, the search goes on to two edits: for words
# of up to DEEP_LETTERS letters (longer ones have few neighbours, and a long walk).
# Else only when one edit finds none.
FEW = 3
DEEP_LETTERS = 7


class Budget:
    """How many look-ups the current word's suggestions may still make."""

    def __init__(self, per_word: int = PER_WORD) -> None:
        self.per_word = per_word
        self.word_left = 0
        self.deep = True  # whether the current word may be searched two edits deep

    def start_word(self, *, deep: bool = True) -> None:
        """Start a word's share; ``deep`` False keeps to one edit (a word the
        dictionary holds, refused for its cards, is no typo)."""
        self.word_left = self.per_word
        self.deep = deep

    def spend(self, n: int) -> bool:
        """Take ``n`` look-ups; False (and nothing taken) when they are not there."""
        if n > self.word_left:
            return False
        self.word_left -= n
        return True


def edits(word: str, reach: int | None = None) -> set[str]:
    """Every string one deletion, swap, replacement or insertion away from ``word``, and
    every one with a letter moved two places (tounge, tongue): a slip as common as a swap.
    ``reach``: only those changed at or before that place (the rest keep ``word[:reach + 1]``)."""
    ends = len(word) if reach is None else min(reach, len(word))
    near: set[str] = set()
    for i in range(ends + 1):
        kept, rest = word[:i], word[i:]
        near.update([kept + c + rest for c in LETTERS])  # a letter put in
        if rest:
            after = rest[1:]
            near.add(kept + after)  # a letter left out
            near.update([kept + c + after for c in LETTERS])  # a letter changed
            if after:
                near.add(kept + after[0] + rest[0] + after[1:])  # two neighbours swapped
    near.update(moves(word, ends))
    near.discard(word)
    return near


def edit_count(word: str) -> int:
    """How many strings :func:`edits` finds for ``word``, without making them (the budget's
    count of a word's look-ups): a letter left out makes one string a run of equal letters,
    one put in (len + 1) * 26 less one a letter (before or after its equal, the same), one
    changed 25 a letter, and the swaps and moves are counted as made."""
    if not set(word) <= _LETTER_SET:
        return len(edits(word))
    n = len(word)
    runs = sum(1 for i in range(n) if i == 0 or word[i] != word[i - 1])
    swaps = [word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(n - 1) if word[i] != word[i + 1]]
    return runs + (n + 1) * len(LETTERS) - n + n * (len(LETTERS) - 1) + len(set(swaps + moves(word)) - {word})


_LETTER_SET = frozenset(LETTERS)


def moves(word: str, reach: int | None = None) -> list[str]:
    """``word`` with one letter moved two places, either way (``reach``: from at or
    before that place)."""
    out = []
    for i in range(len(word) - 2 if reach is None else min(len(word) - 2, reach + 1)):
        out.append(word[:i] + word[i + 1 : i + 3] + word[i] + word[i + 3 :])  # tounge -> tongue
        out.append(word[:i] + word[i + 2] + word[i : i + 2] + word[i + 3 :])  # tongue -> tounge
    return out


def distance(a: str, b: str) -> int:
    """The edits between ``a`` and ``b``: deletions, insertions, replacements, and a swap
    of two neighbouring letters counted as one (hte is one edit from the): the optimal
    string alignment distance. Worked out a letter of ``a`` at a time on bit vectors, one
    bit a letter of ``b`` (Hyyro's bit-parallel method, 2003): a whole column of the table
    of distances in a few operations on ints, where a ranking asks for thousands."""
    if not b:
        return len(a)
    full = (1 << len(b)) - 1
    top = 1 << (len(b) - 1)
    where: dict[str, int] = {}  # each letter of b: the bits of its places
    for i, c in enumerate(b):
        where[c] = where.get(c, 0) | 1 << i
    up, down, score = full, 0, len(b)  # the column's steps up and down, its last entry
    diagonal = matched_before = 0
    for c in a:
        matched = where.get(c, 0)
        swapped = ((~diagonal & matched) << 1) & matched_before
        diagonal = ((((matched & up) + up) ^ up) | matched | down | swapped) & full
        rise = down | ~(diagonal | up) & full
        fall = diagonal & up
        if rise & top:
            score += 1
        elif fall & top:
            score -= 1
        rise = (rise << 1 | 1) & full
        up = (fall << 1) & full | ~(diagonal | rise) & full
        down = rise & diagonal
        matched_before = matched
    return score


# A word that sounds like the one typed is offered up to this many edits off (dawter:
# daughter), and ranked with the words one edit off when it is among SCOWL's commonest
# (its sizes 10 and 20: kwiz offers quiz before wiz; thats offers that before thuds, size 35).
SOUND_EDITS = 3
COMMON_SOUND = 20


class Heard(NamedTuple):
    """The words that sound like a typed one: ``alike``, of its letters' sound key, and
    ``otherwise``, of the key of the typed word as the letter-to-sound rules say it."""

    alike: list[str]
    otherwise: list[str]


def sound_alikes(
    word: str, sounding: Callable[[str], list[str]], contains: Callable[[str], bool], budget: Budget
) -> Heard:
    """The words that sound like ``word`` and that ``contains`` allows (``sounding`` lists
    a sound key's words): those of its letters' key at most SOUND_EDITS edits off, and any
    said as the letter-to-sound rules say ``word``, however far off (fizix: physics), found
    under either of its keys (:func:`qscore.words.sounds.heard_keys`: kampaygn, KMPKN by
    its letters, KMPN as said, campaign's key). None when the budget does not cover them."""
    keys = heard_keys(word)
    first = sounding(keys[0]) if keys else []
    words = list(dict.fromkeys([*first, *(w for key in keys[1:] for w in sounding(key))]))
    # a key's words are a look-up, each one's distance (or what it is said as) about a
    # walk step's work
    if not budget.spend(len(keys) + WALK_STEP * len(words)):
        return Heard([], [])
    size, letters, typed = len(word), set(word), pronounce(word)
    first_keyed = set(first)
    heard = Heard([], [])
    for w in words:
        if w == word or not contains(w):
            continue
        near = (
            w in first_keyed
            and abs(len(w) - size) <= SOUND_EDITS
            and len(set(w) - letters) <= SOUND_EDITS  # cheap bounds first: each letter lacked is an edit
            and distance(word, w) <= SOUND_EDITS
        )
        if near or typed in said(w):
            (heard.alike if w in first_keyed else heard.otherwise).append(w)
    return heard


def rank(word: str, near: Iterable[str], alike: Iterable[str] = (), otherwise: Iterable[str] = ()) -> list[str]:
    """Best first, by the slips people make, ``alike`` the words that sound like ``word``
    by its letters' sound key, ``otherwise`` those said as it is under another key only
    (:class:`Heard`; measured on tests/data/typos.tsv and sounds.tsv, dictionaries/README.md):

    1. fewest edits from ``word`` (a letter moved two places counts as one: tounge), a
       common word that sounds alike and holds the vowels typed counted as one (kwiz:
       quiz, dawter: daughter);
    2. the slip (SLIPS): a letter doubled or left single (realy: really), two neighbours
       swapped (teh: the), a sound-alike with a letter left out (anser: answer before
       saner), a common word said as the letters typed are (fone: phone, said f ow n,
       before fine; counted as one edit), letters in another order, letters left out
       (qeen: queen), a sound-alike one edit off, a sound-alike further off, a word said
       alike under another key (nacher: nature, of its letters' key, before knacker, said
       as the rules say nacher), any other edit;
    3. the edits themselves, then a sound-alike met by its pronunciation's key alone
       first (shure: sure before share);
    4. the first letter kept (qeen: queen before been; tiem: time before item), but for
       a sound-alike further off or under another key: by ear the first letter is as
       likely wrong as any;
    5. the most common word (SCOWL's sizes), then alphabetical;

    and then a common word one key's neighbour away is moved first where it is common
    enough against the first (:func:`_keyed_first`: dpg, dog before debug).
    """
    heard = dict.fromkeys(otherwise, HEARD_OTHERWISE) | dict.fromkeys(alike, HEARD)
    typed = _Typed(word)
    ranked = sorted(set(near) | set(heard), key=lambda w: _closeness(typed, w, heard.get(w, NOT_HEARD)))
    return _keyed_first(typed, ranked, heard)


# SCOWL's sizes as common.tsv files them, the commonest first (a word not in it is rare)
SIZES = (10, 20, 35, Commonness.RARE)
# the slips likelier than a neighbour key's: a common word so slipped goes before them
# only two sizes commoner (fone: phone before fine, both of size 10)
LIKELIER = ("doubled", "swapped", "heard, left out", "said alike")


def _keyed_first(typed: _Typed, ranked: list[str], heard: dict[str, int]) -> list[str]:
    """``ranked`` with the common words a neighbour key makes of the typed word (dpg: dog:
    :func:`qscore.words.keyboard.neighbour_key`) moved before its first, the nearest key
    first, then the commonest, where common enough against the first by SCOWL's sizes: two
    sizes commoner than a LIKELIER slip, one than another slip one edit off (eind: end
    before wind), as common as a word a neighbour key makes too (xat: cat, then sat), at
    most one size rarer than a word further off (bresd: bread, 20, before pressed, 10)."""
    keyed = {w: row for w in ranked if (row := neighbour_key(typed.word, w)) is not None}
    if not keyed:
        return ranked
    first = ranked[0]
    size = SIZES.index(commonness(first))
    if first in keyed:
        most = size
    elif SLIPS[_closeness(typed, first, heard.get(first, NOT_HEARD))[1]] in LIKELIER:
        most = size - 2
    else:
        most = size - 1 if distance(typed.word, first) == 1 else size + 1
    most = min(most, SIZES.index(Commonness.RARE) - 1)  # a rare word is never moved
    ahead = [w for w in keyed if SIZES.index(commonness(w)) <= most]
    ahead.sort(key=lambda w: (keyed[w], commonness(w), ranked.index(w)))
    return ahead + [w for w in ranked if w not in ahead]


SLIPS = (
    "doubled",
    "swapped",
    "heard, left out",
    "said alike",
    "reordered",
    "left out",
    "heard",
    "heard, further",
    "heard otherwise",
    "other",
)
# how a word was met by the sound step (rank's alike and otherwise)
NOT_HEARD, HEARD, HEARD_OTHERWISE = 0, 1, 2


class _Typed:
    """A typed word and what ranking asks of it for every word it is set against."""

    def __init__(self, word: str) -> None:
        self.word = word
        self.letters = sorted(word)
        self.moved = set(moves(word))
        self.vowels = _vowels(word)

    @cached_property
    def key(self) -> str:
        return sound_key(self.word)

    @cached_property
    def said(self) -> str:
        return pronounce(self.word)


def _slip(typed: _Typed, word: str, letters: bool, edits: int, heard: int) -> str:
    sound = heard == HEARD
    left_out = len(word) > len(typed.word) and _within(typed.word, word)
    if _doubling(typed.word, word) or _doubling(word, typed.word):
        return "doubled"
    if letters and word not in typed.moved:
        return "swapped"
    if sound and edits == 1:
        return "heard, left out" if left_out else "heard" if not letters else "reordered"
    if letters:
        return "reordered"
    if left_out:
        return "left out"
    return "heard, further" if sound else "heard otherwise" if heard else "other"


def _closeness(typed: _Typed, word: str, heard: int) -> tuple[int, int, int, bool, bool, int, str]:
    letters = typed.letters == sorted(word)
    edits = 1 if letters and word in typed.moved else distance(typed.word, word)
    slip = _slip(typed, word, letters, edits, heard)
    sound = heard != NOT_HEARD
    common = commonness(word)
    first_kept = slip not in ("heard, further", "heard otherwise") and word[:1] != typed.word[:1]
    # the key leaves the vowels out: a word further off is as near as one edit only where
    # the vowels typed are heard in it too (kwiz: quiz; wierd: not word)
    vowels_heard = sound and common <= COMMON_SOUND and _within(typed.vowels, _vowels(word))
    tier = 1 if vowels_heard else edits
    by_letters = slip != "heard otherwise"
    if (
        by_letters
        and common < Commonness.RARE
        and SLIPS.index(slip) > SLIPS.index("said alike")
        and typed.said in said(word)
    ):
        # a common word said as the letters typed are: after the slips of the keys and a
        # letter left out of a word that sounds alike, before the rest (fone: phone, not fine)
        tier, slip = 1, "said alike"
    # a word met through its pronunciation alone, its letters keyed otherwise, is what a
    # slip by ear writes (shure: sure before share, both one edit and both XR)
    letters_keyed = not sound or sound_key(word) == typed.key
    return tier, SLIPS.index(slip), edits, letters_keyed, first_kept, common, word


def _vowels(word: str) -> str:
    return "".join(c for c in word if c in "aeiou")


def _within(short: str, long: str) -> bool:
    """Whether ``short`` is ``long`` with letters left out."""
    rest = iter(long)
    return all(c in rest for c in short)


def _doubling(short: str, long: str) -> bool:
    """Whether ``long`` is ``short`` with one letter doubled (realy, really)."""
    return len(long) == len(short) + 1 and any(
        long[i] == long[i + 1] and long[:i] + long[i + 1 :] == short for i in range(len(long) - 1)
    )


def one_edit(
    word: str, contains: Callable[[str], bool], budget: Budget, starts: Callable[[str], bool] | None = None
) -> list[str] | None:
    """The words one edit from ``word``; None when the budget does not cover the look-ups.
    ``starts`` (whether some word begins with a prefix) spares the look-ups of the strings
    that keep a beginning of ``word`` no word has: they are counted all the same."""
    if len(word) > MAX_LETTERS:
        return None
    if not budget.spend(edit_count(word)):
        return None
    reach = 0
    while reach < len(word) and (starts is None or starts(word[: reach + 1])):
        reach += 1
    return [w for w in edits(word, reach) if contains(w)]


def suggest_in_index(
    word: str,
    contains: Callable[[str], bool],
    starts: Callable[[str], bool],
    budget: Budget,
    limit: int,
    sounding: Callable[[str], list[str]] | None = None,
) -> list[str]:
    """Words of an index one edit from ``word``, and two when one edit finds fewer than
    FEW (lisence: licence, and license two edits off), best first."""
    near = one_edit(word, contains, budget, starts)
    if near is None:
        return []
    heard = sound_alikes(word, sounding, contains, budget) if sounding and budget.deep else Heard([], [])
    if not budget.deep:
        pass  # a word the dictionary holds: its neighbours one edit off, or none
    elif len(near) < (FEW if len(word) <= DEEP_LETTERS else 1):
        near += _two_edits(word, contains, starts, budget)
    return rank(word, near, *heard)[:limit]


Row = tuple[int, ...]  # a prefix's edit distances to each prefix of the typed word


def _two_edits(word: str, contains: Callable[[str], bool], starts: Callable[[str], bool], budget: Budget) -> list[str]:
    """A depth-first walk of the index's prefixes, keeping for each its row of edit
    distances to the prefixes of ``word`` (a swap of neighbours is one edit); a prefix
    whose row holds nothing within two edits ends its branch. Each letter tried is a
    WALK_STEP of the budget, counted here and taken from it once the walk ends.

    A row follows from its parent's row and the letter alone (and from the row before
    for a swap), and the walk meets the same rows again and again, a few hundred distinct
    ones in thousands of prefixes: each is kept once, so that its id names it, and each
    step from one row to the next is worked out once a walk."""
    size = len(word)
    in_word = set(word)
    found: list[str] = []
    steps = budget.word_left // WALK_STEP
    taken = 0
    orders: dict[tuple[int, bool], tuple[str, ...]] = {}  # the letters tried, in order, at a depth
    rows: dict[tuple[int, tuple[int, ...]], Row] = {}  # each distinct row of a depth, once
    others: dict[int, tuple[Row, int]] = {}  # a row's id: the next row for a letter not in the word
    steps_from: dict[tuple[object, ...], tuple[Row, int]] = {}  # (row's id, [parent's,] letter): the next
    # the letter pairs a swap can take: with such a last letter and next letter the next
    # row depends on the parent's row as well
    swaps = {word[j - 1] + word[j - 2] for j in range(2, size + 1)}
    first = _kept(rows, 0, [min(j, _FAR) for j in range(size + 1)])
    # (prefix, its row, its parent's row); a row's j-th entry is the distance to word[:j]
    stack: list[tuple[str, Row, Row | None]] = [("", first, None)]
    while stack and taken < steps:
        prefix, row, parent = stack.pop()
        last = prefix[-1:]
        depth = len(prefix)
        # a letter the word does not hold matches nothing: one row serves them all, and
        # when it is already too far off only the word's own letters are tried
        other = others.get(id(row))
        if other is None:
            new, low = _next_row(word, depth, row, parent, last, "")
            other = others[id(row)] = _kept(rows, depth + 1, new), low
        near = other[1] <= _MOST
        letters = orders.get((depth, near))
        if letters is None:  # the same at every node of a depth: worked out once
            ahead = word[max(depth - _MOST, 0) : depth + _MOST + 1]
            letters = orders[depth, near] = tuple(dict.fromkeys(ahead + word + LETTERS if near else ahead + word))
        if taken + len(letters) > steps:
            letters = letters[: steps - taken]
        taken += len(letters)
        children = []
        for c in [c for c in letters if starts(prefix + c)]:
            if c in in_word:
                key = (id(row), id(parent), c) if last + c in swaps else (id(row), c)
                step = steps_from.get(key)
                if step is None:
                    new, low = _next_row(word, depth, row, parent, last, c)
                    step = steps_from[key] = _kept(rows, depth + 1, new), low
            else:
                step = other
            grown_row, low = step
            if low > _MOST:
                continue
            grown = prefix + c
            if grown_row[size] <= _MOST and contains(grown):
                found.append(grown)
            children.append((grown, grown_row, row))
        # the word's own next letters first, so near words are met before the budget ends
        stack.extend(reversed(children))
    budget.word_left -= taken * WALK_STEP
    return found


def _kept(rows: dict[tuple[int, Row], Row], depth: int, new: list[int]) -> Row:
    """The one copy of row ``new`` at ``depth`` a walk keeps."""
    row = tuple(new)
    return rows.setdefault((depth, row), row)


_MOST = 2  # edits
_FAR = _MOST + 1  # any distance beyond reach


def _next_row(word: str, depth: int, row: Row, parent: Row | None, last: str, c: str) -> tuple[list[int], int]:
    """The edit distances of a prefix of ``depth`` letters plus ``c`` to each prefix of
    ``word``, from the prefix's ``row`` (and its parent's, for a swap of ``last`` and
    ``c``), and the least of them. Only entries within two of the diagonal can be near;
    the rest stay _FAR. Called a hundred thousand times a list: plain comparisons, not min()."""
    size = len(word)
    new = [_FAR] * (size + 1)
    low = new[0] = depth + 1 if depth + 1 < _FAR else _FAR
    start = max(1, depth + 1 - _MOST)
    left = new[start - 1]
    for j in range(start, min(size, depth + 1 + _MOST) + 1):
        wj = word[j - 1]
        d = row[j - 1] + (wj != c)
        if row[j] + 1 < d:
            d = row[j] + 1
        if left + 1 < d:
            d = left + 1
        if parent is not None and j > 1 and last == wj and c == word[j - 2] and parent[j - 2] + 1 < d:
            d = parent[j - 2] + 1
        if d > _FAR:
            d = _FAR
        new[j] = left = d
        if d < low:
            low = d
    return new, low
