"""A game's log: one typed entry for each thing the table did.

Nothing typed is ever changed or deleted: a game is the list of what happened, and its
sheet is replayed from it (qscore.game.scoresheet). Each kind of entry is a small frozen value
with its JSON form, as stored in the games file, in one place: ``to_json`` and
``from_json``. ``KINDS`` names every kind this qscore reads, the one place a kind's name is
given; an older qscore refuses a log holding a kind it does not know, rather than misread it.

The values are named tuples (qscore.startup says why): immutable, equal when their
fields are and hashable; as tuples they also equal a plain tuple of the same fields,
which qscore never makes of an entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from qscore.errors import GameError
from qscore.game.scoring import BONUS_POINTS
from qscore.game.variants import RULES, Rules


class GameConfig(NamedTuple):
    """What the table agreed before the first deal; the game remembers it."""

    players: tuple[str, ...]
    deck: str = "standard"
    rounds: tuple[int, ...] = (3, 4, 5, 6, 7, 8, 9, 10)
    bonus: str = "both"
    dictionary: str | None = None
    allow: tuple[str, ...] = ()
    deny: tuple[str, ...] = ()
    first_dealer: int = 0
    bonus_points: int = BONUS_POINTS
    review: bool = True  # the guided mode shows what each round's cards allowed
    # the rules (qscore.game.variants): None for the deck's own (standard, short), else "junior"
    variant: str | None = None
    # a deck the table supplied (--deck FILE), each card as (token, points, count): kept with
    # the game, so it replays the same if the file changes or goes; None for a shipped deck
    cards: tuple[tuple[str, int, int], ...] | None = None
    # the house rule on a lost challenge's cost below zero; None: the variant's own
    penalty_past_zero: bool | None = None

    def to_json(self) -> dict[str, Any]:
        data = self._asdict()
        if self.review:
            del data["review"]  # left out when on, as it always was: older qscores read the game
        for newer in ("variant", "cards", "penalty_past_zero"):
            if data[newer] is None:
                del data[newer]  # a game that names none is written as before
        if self.cards is not None:
            data["cards"] = [list(card) for card in self.cards]
        return data

    @property
    def rules(self) -> Rules:
        """The game's rules: its variant's record, with the table's house rule."""
        rules = RULES[self.variant or self.deck] if (self.variant or self.deck) in RULES else RULES["standard"]
        if self.penalty_past_zero is not None:
            rules = rules._replace(penalty_past_zero=self.penalty_past_zero)
        return rules

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameConfig:
        known = set(cls._fields)
        newer = sorted(data.keys() - known)
        if newer:
            raise GameError(f"this game has settings a newer qscore wrote ({', '.join(newer)}): upgrade qscore")
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        if values.get("cards") is not None:
            values["cards"] = tuple((str(t), int(p), int(n)) for t, p, n in values["cards"])
        typed_names(values.get("players", ()))
        return cls(**values)


class Created(NamedTuple):
    """The game started, with the table's settings."""

    config: GameConfig

    def to_json(self) -> dict[str, Any]:
        return self.config.to_json()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Created:
        return cls(GameConfig.from_json(data))


class LaidDown(NamedTuple):
    """A player's laydown in a round: words in laid notation, unused card tokens. A second
    one for the same player and round replaces the first."""

    round: int
    player: str
    words: tuple[str, ...]
    unused: tuple[str, ...]
    out: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "player": self.player,
            "words": list(self.words),
            "unused": list(self.unused),
            "out": self.out,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LaidDown:
        return cls(data["round"], data["player"], tuple(data["words"]), tuple(data["unused"]), data["out"])


class Challenged(NamedTuple):
    """A challenge of a laid word, settled: ``valid`` when the word is allowable, by the
    game's ``dictionary`` or the ``table``'s ruling; ``reason`` the dictionary's, if it refused."""

    round: int
    player: str  # whose word
    word: str  # laid notation, as in the laydown
    by: str
    valid: bool
    ruling: str  # "dictionary" or "table"
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "player": self.player,
            "word": self.word,
            "by": self.by,
            "valid": self.valid,
            "ruling": self.ruling,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Challenged:
        d = data
        return cls(d["round"], d["player"], d["word"], d["by"], d["valid"], d["ruling"], d.get("reason"))


class Renamed(NamedTuple):
    """A player's name put right on the whole sheet, from here on."""

    old: str
    new: str

    def to_json(self) -> dict[str, Any]:
        return {"old": self.old, "new": self.new}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Renamed:
        return cls(data["old"], *typed_names([data["new"]]))


class Left(NamedTuple):
    """A player went home before ``round``; ``under_way``: others had laid down in it, so
    they were dealt in. ``bonus``: the one bonus two players left chose, from then on."""

    player: str
    round: int
    under_way: bool
    bonus: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "round": self.round, "under_way": self.under_way}
        return data | ({"bonus": self.bonus} if self.bonus else {})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Left:
        return cls(data["player"], data["round"], data["under_way"], data.get("bonus") or None)


class Undone(NamedTuple):
    """The entry numbered ``undoes`` taken back (``round``: its round, if it had one)."""

    undoes: int
    round: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"undoes": self.undoes} | ({"round": self.round} if self.round is not None else {})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Undone:
        return cls(data["undoes"], data.get("round"))


class Closed(NamedTuple):
    """The scorekeeper closed the game after its last round (``round``): that round's
    challenges are settled, the cards gathered. Until then the game is scored, not over."""

    round: int

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Closed:
        return cls(data["round"])


Act = Created | LaidDown | Challenged | Renamed | Left | Undone | Closed  # what an entry records

# each kind by the name the games file keeps it under
KINDS: dict[str, type[Act]] = {
    "created": Created,
    "laydown": LaidDown,
    "challenge": Challenged,
    "rename": Renamed,
    "leave": Left,
    "undo": Undone,
    "close": Closed,
}
KIND_OF: dict[type[Act], str] = {kind: name for name, kind in KINDS.items()}


class Entry(NamedTuple):
    """One line of a game's log: its number (1, 2, 3...), what the table did, and the id of
    the page's form that asked for it, if one did (so a form is taken once, whatever
    process or restart sends it again)."""

    seq: int
    act: Act
    form: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The entry's data as the games file keeps it: its act's, and its form's id under
        ``form`` (left out when there is none: an entry typed at a terminal is stored as it
        always was). An older qscore reads every kind with one but a game's start, whose
        settings it holds to the keys it knows: a game the page's "next game" started is
        refused there as holding settings a newer qscore wrote."""
        data = self.act.to_json()
        return data if self.form is None else data | {FORM_KEY: self.form}

    @property
    def kind(self) -> str:
        return KIND_OF[type(self.act)]

    @property
    def round(self) -> int | None:
        """The round the entry belongs to, if any."""
        return getattr(self.act, "round", None)


FORM_KEY = "form"  # where an entry's stored JSON keeps the id of the form that asked for it


def entry_of(line: LogLine) -> Entry:
    """An entry from its stored line: its act, and the form's id kept beside it (a text, or damaged)."""
    data = dict(line.data)
    form = data.pop(FORM_KEY, None)
    if form is not None and not isinstance(form, str):
        raise ValueError(f"a form's id that is not text: {form!r}")
    return Entry(line.seq, KINDS[line.kind].from_json(data), form)


class LogLine(NamedTuple):
    """An entry as the games file keeps it: its number, kind and JSON data."""

    seq: int
    kind: str
    data: Any


def typed_names(names: Any) -> Any:
    """Players' names as read from a log, each one a name could have been typed as: one
    holding a line break or an escape code is a damaged entry (ValueError), never shown."""
    for name in names:
        if not (isinstance(name, str) and name.isprintable()):
            raise ValueError(f"a player's name holds a control character: {name!r}")
    return names


def read_entries(name: str, lines: list[LogLine]) -> list[Entry]:
    """The entries of game ``name`` from its log as stored, or the GameError that names what
    is wrong with it: a kind a newer qscore wrote, no start, or a damaged entry."""
    unknown = sorted({line.kind for line in lines} - KINDS.keys())
    if unknown:
        raise GameError(f"game {name!r} holds entries a newer qscore wrote ({', '.join(unknown)}): upgrade qscore")
    if not lines or lines[0].kind != KIND_OF[Created]:
        raise GameError(f"game {name!r} has no start entry")
    try:
        return [entry_of(line) for line in lines]
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise GameError(f"game {name!r} has a damaged entry ({exc!r}): its log cannot be read") from None
