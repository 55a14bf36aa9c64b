"""A deck the table supplies: a TOML file in the shape of data/decks.toml, read and checked.

    [junior]
    rounds = [2, 3, 4, 5, 6, 7]

    [junior.cards]
    A = [1, 10]      # card = [points, count]
    LL = [3, 2]      # a double card, laid as (ll)

One table names the deck; ``rounds`` is its usual schedule; ``cards`` gives each card's
points and how many the deck holds. Every fault is one line naming the file and the line:
TOML's own line for a fault of syntax, the line of the card, setting or table for the rest.
A value still marked ``"?"`` (what ``qscore deck junior`` leaves for the table to copy from
its cards) is refused, naming the cards still to fill in.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any, NamedTuple

from qscore.errors import CardError

if TYPE_CHECKING:
    from pathlib import Path

# A deck file is a few dozen lines: anything larger is not one (read no further).
MAX_DECK_BYTES = 64 * 1024
# The solver packs a hand's count of each card in 4 bits (hands/packing.py): 15 at most.
MAX_COUNT = 15
# The points a card may be worth: the standard deck's most is 15 (Q); a sheet's cell and a
# word's points stay short.
MAX_POINTS = 99
# The largest round: the solver holds a hand and the card drawn, 15 cards (solver.MAX_HAND).
MAX_ROUND = 14
# The most rounds a schedule gives (as rules.MAX_ROUNDS): far past any game.
MAX_ROUNDS = 100
MARKER = "?"  # a value the table is still to copy from its cards


class DeckFile(NamedTuple):
    """A table's deck as read: its name, its usual rounds, and each card as (token, points, count)."""

    name: str
    rounds: tuple[int, ...]
    cards: tuple[tuple[str, int, int], ...]


def read_deck_file(path: Path) -> DeckFile:
    """The deck in the file at ``path``, checked; CardError naming the file (and the line) if not.
    Only an ordinary file is opened (a FIFO would wait for ever), and MAX_DECK_BYTES of it."""
    from qscore.paths import file_kind, shown_path

    shown = f"deck file {shown_path(path)}"
    try:
        kind = file_kind(os.stat(path).st_mode)
        if kind != "a file":
            raise CardError(f"{shown} is {kind}: give a deck file (qscore deck junior writes one)")
        with open(path, "rb") as file:
            data = file.read(MAX_DECK_BYTES + 1)
    except FileNotFoundError:
        raise CardError(f"no {shown}: qscore deck junior writes one to fill in") from None
    except OSError as err:
        raise CardError(f"cannot read {shown}: {(err.strerror or str(err)).lower()}") from None
    if len(data) > MAX_DECK_BYTES:
        raise CardError(f"{shown} is over {MAX_DECK_BYTES // 1024} KiB: a deck file is a few dozen lines")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise CardError(f"{_named(str(path))} line {line}: not UTF-8 text") from None
    return parse_deck(text, str(path))


def parse_deck(text: str, source: str) -> DeckFile:
    """The deck a deck file's ``text`` describes, checked (``source`` names it in an error)."""
    import tomllib

    lines = _Lines(text, _named(source))
    try:
        table: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise lines.syntax(str(err)) from None
    decks = list(table.items())
    if not decks:
        raise lines.fault(1, "no deck in it: give one table named for the deck, such as [junior]")
    if len(decks) > 1 or not isinstance(decks[0][1], dict):
        name = decks[1][0] if isinstance(decks[0][1], dict) else decks[0][0]
        raise lines.fault(
            lines.key(name), "give one table, named for the deck, such as [junior], and nothing beside it"
        )
    name, deck = decks[0]
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,29}", name):
        raise lines.fault(lines.key(name), "name the deck in letters, digits, - and _ (30 at most), such as [junior]")
    for key in deck:
        if key not in ("rounds", "cards"):
            raise lines.fault(lines.key(key), f"{_shown_key(key)} is no setting of a deck: it holds rounds and cards")
    faces = _cards(deck, name, lines)
    rounds = _rounds(deck, name, lines)
    _check_deal(rounds, faces, lines)
    return DeckFile(name, rounds, faces)


def _rounds(deck: dict[str, Any], name: str, lines: _Lines) -> tuple[int, ...]:
    """The deck's usual schedule, each round a whole number of cards."""
    rounds = deck.get("rounds")
    where = lines.key("rounds") if "rounds" in deck else lines.key(name)
    if not (isinstance(rounds, list) and rounds and all(type(n) is int for n in rounds)):
        raise lines.fault(where, "rounds = [...] gives the cards dealt each round, such as [2, 3, 4, 5, 6, 7]")
    if len(rounds) > MAX_ROUNDS:
        raise lines.fault(where, f"{len(rounds)} rounds: a schedule has {MAX_ROUNDS} at most")
    for n in rounds:
        if not 1 <= n <= MAX_ROUND:
            raise lines.fault(where, f"a round of {n} cards: a round deals 1 to {MAX_ROUND}")
    return tuple(rounds)


def _cards(deck: dict[str, Any], name: str, lines: _Lines) -> tuple[tuple[str, int, int], ...]:
    """Each card as (token, points, count), checked, in the file's order."""
    cards = deck.get("cards")
    if not isinstance(cards, dict) or not cards:
        where = lines.key("cards") if "cards" in deck else lines.key(name)
        raise lines.fault(where, f"a [{name}.cards] table gives each card as CARD = [points, count]")
    seen: dict[str, str] = {}
    marked: list[tuple[str, int, str]] = []
    faces: list[tuple[str, int, int]] = []
    for token, value in cards.items():
        line = lines.key(token)
        if not (token.isascii() and token.isalpha() and 1 <= len(token) <= 2):
            raise lines.fault(
                line, f"{_shown_key(token)} is no card: a card is one letter, or two (a double card, as LL)"
            )
        upper = token.upper()
        if upper in seen:
            raise lines.fault(
                line, f"{token} is {seen[upper]} again (line {lines.key(seen[upper])}): give each card once"
            )
        seen[upper] = token
        if isinstance(value, list) and len(value) == 2 and MARKER in value:
            marked.append((upper, line, _marked_part(value)))
            continue
        faces.append((upper, *_value(upper, value, line, lines)))
    if marked:
        raise lines.fault(marked[0][1], _still_marked(marked))
    if not any(len(token) == 1 for token, _p, _n in faces):
        raise lines.fault(
            lines.key("cards") if "cards" in deck else lines.key(name),
            "no single letter among the cards: give each letter as A = [points, count]",
        )
    return tuple(faces)


def _value(token: str, value: object, line: int, lines: _Lines) -> tuple[int, int]:
    """A card's [points, count], each a whole number within its bounds."""
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise lines.fault(line, f"{token}: give [points, count], two whole numbers, such as [3, 4]")
    points, count = value
    if not 1 <= points <= MAX_POINTS:
        raise lines.fault(line, f"{token} is worth {points} points: a card is worth 1 to {MAX_POINTS}")
    if not 1 <= count <= MAX_COUNT:
        raise lines.fault(
            line, f"{count} {token} cards: a deck holds 1 to {MAX_COUNT} of a card (delete the line of a card it lacks)"
        )
    return points, count


def _marked_part(value: list[Any]) -> str:
    """Which of a card's values is still marked: "points", "count", or "both"."""
    if value[0] == MARKER and value[1] == MARKER:
        return "both"
    return "points" if value[0] == MARKER else "count"


def _still_marked(marked: list[tuple[str, int, str]]) -> str:
    """What the table is still to copy from its cards: ``C is still marked ?: copy its points
    and count from your cards``, or the cards, several named."""
    if len(marked) == 1:
        token, _line, part = marked[0]
        if part == "both":
            return f"{token} is still marked ?: copy its points and count from your cards"
        if part == "points":
            return f"{token}'s points are still marked ?: copy them from your cards"
        return f"{token}'s count is still marked ?: copy it from your cards"
    named = [token for token, _line, _part in marked]
    shown = ", ".join(named) if len(named) <= 6 else f"{', '.join(named[:5])} and {len(named) - 5} more"
    parts = {part for _token, _line, part in marked}
    copy = {"points": "their points", "count": "their counts"}.get(parts.pop(), "") if len(parts) == 1 else ""
    copy = copy or "their points and counts"
    return f"{len(named)} cards are still marked ? ({shown}): copy {copy} from your cards"


def _check_deal(rounds: tuple[int, ...], faces: tuple[tuple[str, int, int], ...], lines: _Lines) -> None:
    """The largest round dealt to two players, with a card turned up for the discard pile."""
    size = sum(n for _t, _p, n in faces)
    largest = max(rounds)
    if 2 * largest + 1 > size:
        raise lines.fault(
            lines.key("rounds"),
            f"a round of {largest} cards needs {2 * largest + 1} for two players and the discard pile; "
            f"the deck holds {size}",
        )


def _named(source: str) -> str:
    from qscore.paths import printable

    return printable(source)


def _shown_key(key: str) -> str:
    from qscore.errors import quoted

    return quoted(key)


class _Lines:
    """The file's lines, to name the line of a fault: each key's first line, as written."""

    def __init__(self, text: str, source: str) -> None:
        self.lines = text.splitlines()
        self.source = source

    def fault(self, line: int, what: str) -> CardError:
        return CardError(f"{self.source} line {line}: {what}")

    def syntax(self, message: str) -> CardError:
        """TOML's own error, which says its line: ``Invalid value (at line 3, column 5)``."""
        found = re.fullmatch(r"(.*) \(at line (\d+), column (\d+)\)", message, re.DOTALL)
        if found is None:  # "(at end of document)"
            what = re.sub(r" \(at end of document\)$", "", message)
            return self.fault(max(len(self.lines), 1), f"{what[:1].lower()}{what[1:]} (at the end of the file)")
        what, line, column = found.groups()
        return self.fault(int(line), f"{what[:1].lower()}{what[1:]} (column {column})")

    def key(self, key: str) -> int:
        """The line where ``key`` is set or its table begins (``A = ...``, ``"a" = ...``,
        ``cards.A = ...``, ``[junior]``), or in an inline table; line 1 if not found."""
        bare = re.escape(key)
        quoted = rf"(?:{bare}|\"{bare}\"|'{bare}')"
        patterns = (
            rf"\s*\[\s*(?:[^\]]*\.\s*)?{quoted}\s*\]",  # [junior], [junior.cards]
            rf"\s*(?:[\w\"'-]+\s*\.\s*)*{quoted}\s*=",  # A = ..., cards.A = ...
            rf".*[{{,]\s*{quoted}\s*=",  # cards = {{A = [1, 2], ...}}
        )
        for pattern in patterns:
            for number, line in enumerate(self.lines, 1):
                if re.match(pattern, line):
                    return number
        return 1
