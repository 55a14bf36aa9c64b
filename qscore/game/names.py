"""Players' and games' names as qscore reads them: ``name_key``, how two names are matched,
and the rules a name is held to: what it may hold, how long it is, and when two names look
alike (a table could type them apart but never read them apart). `stats` matches every
player of every saved game through it without loading the scoresheet.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from difflib import get_close_matches

from qscore.errors import GameError, quoted
from qscore.game.cards import fold

MAX_NAME = 30  # characters: a name fits a column of the sheet


def look_alike_key(name: str) -> str:
    """A name as it looks: its name_key after every letter from another script that looks
    like a letter a-z (Cyrillic a, Greek O) is taken as that letter, by Unicode's data on
    confusable characters (UTS #39, through confusable_homoglyphs). Two names a table
    could type apart but never read apart (ann, and ann with a Cyrillic a) have the same key. Letters a-z,
    digits and the characters no plain letter resembles are kept as they are: ann and amm,
    or Zoë and Zoe, are told apart by name_key, not here."""
    return name_key(plain_letters(fold(name)))


def plain_letters(text: str) -> str:
    """Text as it looks: each letter from another script that looks like a letter a-z (or
    a digit) taken as that letter, the rest kept (a game's name, friday with a
    Cyrillic i, reads friday; in full-width letters or small capitals too)."""
    if text.isascii():  # Zoë too, folded: the data (a fifth of a second to load) is read only beyond a-z
        return text
    from confusable_homoglyphs.confusables import confusables_data

    # NFKC first: a full-width letter, a ligature or a superscript is the letter it stands for
    return "".join(_plain_letter(c, confusables_data) for c in unicodedata.normalize("NFKC", text))


MAX_MARKS = 3  # marks on one letter: Vietnamese sets two (ệ), Indic scripts a few; more is a pile


def piled_marks(name: str) -> str | None:
    """The first letter of ``name`` carrying more than MAX_MARKS combining marks (written
    apart, as NFD writes them), with its marks; or None. A pile of marks draws over the
    lines around it and moves the columns of a sheet."""
    run = 0
    decomposed = unicodedata.normalize("NFD", name)
    for i, c in enumerate(decomposed):
        run = run + 1 if unicodedata.category(c)[0] == "M" else 0
        if run > MAX_MARKS:
            start = i - run
            return decomposed[max(start, 0) : i + 1]
    return None


SMALL_CAPITAL = "LATIN LETTER SMALL CAPITAL "  # ʀ, ꜰ, ᴅ: Unicode's confusables data leaves most of them out


def _plain_letter(c: str, confusables: dict[str, list[dict[str, str]]]) -> str:
    """The letters a-z (or digit) ``c`` looks like, or ``c`` itself."""
    if c.isascii():
        return c
    name = unicodedata.name(c, "")
    if name.startswith(SMALL_CAPITAL) and len(name) == len(SMALL_CAPITAL) + 1:
        return name[-1].lower()  # a small capital reads as its letter: ʀ is r
    for glyph in confusables.get(c, ()):
        plain = fold(glyph["c"])
        if plain.isascii() and plain.isalnum():
            return plain
    return c


TOLD = 3  # letters named in a message: a whole name in full-width letters would fill lines


def letters_told(*names: str) -> str:
    """The letters of ``names`` that look like others, named: `` (\u0430 is CYRILLIC SMALL LETTER A)``
    (TOLD of them, and how many more)."""
    odd = {c for name in names for c in fold(name) if not c.isascii() and look_alike_key(c) != name_key(c)}
    odd |= {c for name in names for c in name if not c.isascii() and unicodedata.normalize("NFKC", c).isascii()}
    told = [f"{c} is {unicodedata.name(c, 'an unnamed character')}" for c in sorted(odd)]
    more = f", and {len(told) - TOLD} more" if len(told) > TOLD else ""
    return f" ({', '.join(told[:TOLD])}{more})" if told else ""


# A name's characters besides letters, marks and digits of any script: as tables write
# names (O'Neil, Mary-Ann, Mary Ann, J.R.). Nothing a spreadsheet reads as a
# formula (=, +, @) nor a mark Markdown or CSV gives a meaning to can start a cell.
_NAME_JOINERS = frozenset(" '\u2019-.")


def check_player_name(name: str) -> None:
    """A name as a table writes it (O'Neil, Mary-Ann, Mary Ann, J.R., Zoë, 李): letters, marks
    and digits of any script, spaces, apostrophes, hyphens and full stops, 30 at most, the
    first a letter or a digit."""
    if not name_key(name):
        raise GameError(f"player name {quoted(name)}: a name needs a letter or a digit")
    if len(name) > MAX_NAME:
        raise GameError(f"player name {quoted(name)} is {len(name)} characters: a name has {MAX_NAME} at most")
    _check_characters(name, "player name")


def check_game_name(name: str) -> None:
    """A game's name, trimmed, held to a player's name's characters (friday, Friday at
    D'Arcy's, 2026-11-28-2, Ngày hội): a name a table types, so none reads as a path
    (../friday, fri/sat) or as an option (-x) wherever it is shown or typed again."""
    _check_characters(name, "game name")


# Letters and marks that show nothing (Unicode's Default_Ignorable_Code_Point, those a
# name's letters and marks would let in): the Hangul fillers, variation selectors, the
# combining grapheme joiner, the Khmer inherent vowels and the Mongolian selectors. A
# name of them reads as a blank; beside a letter, the same name as without them.
SHOW_NOTHING = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)


def _check_characters(name: str, what: str) -> None:
    """Refuse a name holding anything but letters, marks, digits and ``_NAME_JOINERS``, or
    a character that shows nothing, or not starting with a letter or a digit; ``what``
    names it in the message."""
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in name):
        raise GameError(f"{what} {quoted(name)}: a name is one line of printable characters")
    blank = next((c for c in name if c in SHOW_NOTHING), None)
    if blank is not None:
        shown = f"U+{ord(blank):04X} ({unicodedata.name(blank, 'unnamed')})"
        raise GameError(f"{what} {quoted(name)} holds {shown}, which shows nothing: write the name in letters")
    if name != name.strip():
        raise GameError(f"{what} {quoted(name)}: a name starts and ends with a letter, digit or mark")
    if piled_marks(name) is not None:
        raise GameError(f"{what} {quoted(name)}: a letter carries {MAX_MARKS} accents or marks at most")
    other = sorted({c for c in name if c not in _NAME_JOINERS and unicodedata.category(c)[0] not in "LMN"})
    if other or unicodedata.category(name[0])[0] not in "LN":
        shown = ", ".join(repr(c) for c in other) or repr(name[0])
        raise GameError(
            f"{what} {quoted(name)} has {shown}: a name holds letters, digits, spaces, apostrophes, "
            "hyphens and full stops, and starts with a letter or a digit"
        )


def names_listed(parts: Iterable[str]) -> list[str]:
    """Names as a table lists them: a comma always parts two (no name holds one), so
    ``ann,ben`` is two players as ``ann, ben`` and ``ann ben`` are; a name between commas
    keeps its spaces (``Mary Ann, Bob``), and an empty one is no name."""
    return [n.strip() for part in parts for n in part.split(",") if n.strip()]


def name_key(name: str) -> str:
    """A player's name as qscore matches it: without regard to case, accents or
    punctuation (Zoë, zoe and ZOE are one player; so are O'Neil and oneil, Mary-Ann and
    Mary Ann)."""
    return "".join(c for c in fold(name.strip()).casefold() if c.isalnum())


def nearest_name(name: str, names: Iterable[str]) -> str | None:
    """The name ``name`` misspells (bne: ben), found as a misspelt command is (difflib), or
    the one name it is a word of (joe: Grandpa Joe, as the family calls him); or None."""
    keys = {name_key(n): n for n in names}
    near = get_close_matches(name_key(name), list(keys), n=1, cutoff=0.6)
    if near:
        return keys[near[0]]
    holding = [n for n in keys.values() if name_key(name) in {name_key(w) for w in n.split()}]
    return holding[0] if len(holding) == 1 else None
