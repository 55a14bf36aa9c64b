"""Which letter keys are neighbours, on a computer's QWERTY keyboard and a phone's, for
the suggestions: a key hit for its neighbour is the commonest slip of a typing finger
(dpg for dog, wster for water), a letter far away a rare one.
"""

from __future__ import annotations

from functools import cache

KEY_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
# How far each row's first key's centre is from the top row's, in key widths: a computer
# staggers its rows by a quarter and three quarters of a key, a phone by a half and one and
# a half (its z under the s).
_STAGGERS = ((0.0, 0.25, 0.75), (0.0, 0.5, 1.5))
# Keys whose centres are at most this many widths apart on either layout are neighbours:
# the keys either side in the row (1) and those touching it above and below (1.03 to 1.12).
_REACH = 1.2


def _places(starts: tuple[float, ...]) -> dict[str, complex]:
    rows = enumerate(zip(KEY_ROWS, starts, strict=True))
    return {c: complex(start + x, y) for y, (row, start) in rows for x, c in enumerate(row)}


_LAYOUTS = [_places(starts) for starts in _STAGGERS]


@cache
def neighbours(a: str, b: str) -> bool:
    """Whether keys ``a`` and ``b`` touch on a computer's keyboard or a phone's."""
    return a != b and any(a in at and b in at and abs(at[a] - at[b]) <= _REACH for at in _LAYOUTS)


def neighbour_key(typed: str, word: str) -> int | None:
    """Whether ``typed`` is ``word`` with one letter's key missed for a neighbour (dpg: dog):
    0 for a neighbour in the same row, 1 for one in the row above or below (a finger slips
    along a row more often than across it: xat offers cat before sat), None for no such slip."""
    if len(typed) != len(word):
        return None
    apart = [i for i in range(len(word)) if typed[i] != word[i]]
    if len(apart) != 1 or not neighbours(hit := typed[apart[0]], meant := word[apart[0]]):
        return None
    return 0 if any(hit in row and meant in row for row in KEY_ROWS) else 1
