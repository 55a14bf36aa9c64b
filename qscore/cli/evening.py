"""``qscore play``'s decisions: given the saved game, what the table is asked next, and
what each answer means.

Nothing here reads a terminal or prints. The prompt loop (qscore/cli/play.py) reads the
saved game afresh before every step, asks what ``next_step`` says, checks each answer
with the functions below, saves through the application layer (qscore.scorekeeper) and
shows what happened.

The order is the table's: each round, who went out (their laydown comes first), then
each player's laydown in turn, then the round's challenges, then the next deal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from qscore.errors import GameError, QscoreError, quoted
from qscore.game.cards import Card, format_laid
from qscore.game.choices import Ruling
from qscore.game.doubles import fits
from qscore.game.names import names_listed
from qscore.game.rules import check_laydown, check_players, check_words, playing
from qscore.game.scoresheet import Game, Laydown, RoundState, name_key

NOBODY = ("", "nobody", "none", "-")
NO_CARDS = ("-", "none")  # no card left in hand, where a word may have taken every card


@dataclass
class Progress:
    """What the table said this session that the saved game does not hold."""

    settled: set[int] = field(default_factory=set)  # rounds whose challenges are done
    going_out: dict[int, str] = field(default_factory=dict)  # round -> who went out ("": nobody named)
    announced: int | None = None  # the round whose deal was shown last
    at_round: int = 1  # the round the table is on: its laydowns or its challenges
    # the laydowns of a round as the table last saw them: one saved from another terminal
    # meanwhile is told, not passed over in silence
    seen: dict[int, dict[str, Laydown]] = field(default_factory=dict)
    # the seats and who had gone home, as the table last saw them: a rename or a leave
    # made in another terminal is told, and what was seen follows the new names
    players: tuple[str, ...] = ()
    gone: frozenset[str] = frozenset()

    def catch_up(self, game: Game) -> list[str]:
        """Forget what the saved game has overtaken (an undo, a fix, another terminal);
        what to tell the table about it."""
        current = game.current
        # a round opened again has its challenges again
        self.settled = {r for r in self.settled if current is None or r < current.number}
        notes = self.seats(game)
        if current is not None:
            named = self.going_out.get(current.number)
            if named and named not in current.players:  # renamed or gone home, from another terminal
                notes.append(f"{named} is no longer in round {current.number}.")
                del self.going_out[current.number]
            self.seen.setdefault(current.number, dict(current.laydowns))  # a round's first look
        from qscore.views.keeper import saved_meanwhile

        for number, seen in sorted(self.seen.items()):
            state = game.rounds[number - 1]
            notes += [
                saved_meanwhile(p, number, lay) for p, lay in state.laydowns.items() if not _same(seen.get(p), lay)
            ]
            self.seen[number] = dict(state.laydowns)
        return notes

    def seats(self, game: Game) -> list[str]:
        """Renames and leaves since the table's last look, told; what the table saw and
        said is kept under the new names (a seat keeps its place when renamed)."""
        notes = []
        if len(self.players) == len(game.players):
            renamed = {old: new for old, new in zip(self.players, game.players, strict=True) if old != new}
            notes += [f"{old} is now called {new}." for old, new in renamed.items()]
            self.seen = {n: {renamed.get(p, p): lay for p, lay in laid.items()} for n, laid in self.seen.items()}
            self.going_out = {n: renamed.get(p, p) for n, p in self.going_out.items()}
            self.gone = frozenset(renamed.get(p, p) for p in self.gone)
            notes += [
                f"{p} has gone home: the game goes on without them from round {game.left[p]}."
                for p in game.players
                if p in game.left and p not in self.gone
            ]
        self.players, self.gone = game.players, frozenset(game.left)
        return notes

    def took_back(self, kind: str, number: int | None) -> None:
        """An undo took back an entry of ``kind`` in round ``number``: a challenge taken back
        opens that round's challenges again, as a laydown taken back opens its round; and
        the deal is shown again, for the table to see where it is."""
        if kind == "challenge" and number is not None:
            self.settled.discard(number)
        self.announced = None

    def saw(self, number: int, player: str, laydown: Laydown) -> None:
        """The table saved this laydown itself: nothing to tell. Only a round the table
        watches (its current one, or one it watched) keeps what was seen of it: a fix of
        an earlier round is no news of the others' laydowns in it."""
        if number in self.seen:
            self.seen[number][player] = laydown


def _same(seen: Laydown | None, now: Laydown) -> bool:
    """The laydown the table saw, whatever the player is called now."""
    return seen is not None and (seen.words, seen.unused, seen.out) == (now.words, now.unused, now.out)


@dataclass(frozen=True)
class AskChallenges:
    """Ask for a challenge in the round; a blank answer settles it."""

    round: int


@dataclass(frozen=True)
class AskGoingOut:
    """Ask who went out of the round (before any laydown of it)."""

    round: int


@dataclass(frozen=True)
class AskLaydown:
    """Ask for a player's laydown; ``went_out``: the table named them as going out."""

    round: int
    player: str
    went_out: bool


@dataclass(frozen=True)
class Finish:
    """The last round is settled: the game is over."""


Step = AskChallenges | AskGoingOut | AskLaydown | Finish


def next_step(game: Game, progress: Progress) -> Step:
    """What the table is asked next, given the saved game and what it said this session."""
    current = game.current
    if current is None:
        last = game.rounds[-1]
        return Finish() if last.number in progress.settled else AskChallenges(last.number)
    previous = game.rounds[current.number - 2] if current.number > 1 else None
    if previous is not None and not current.laydowns and previous.number not in progress.settled:
        return AskChallenges(previous.number)
    gone = went_out(current)
    n = current.number
    if gone is None and n not in progress.going_out and not current.laydowns:
        return AskGoingOut(n)  # a round with laydowns and nobody out was answered: in turn
    named = "" if gone else progress.going_out.get(n, "")
    order = turn_order(current.players, gone or named or current.starts)
    player = next(p for p in order if p not in current.laydowns)
    return AskLaydown(n, player, went_out=player == named)


def went_out(state: RoundState) -> str | None:
    """Who went out of the round, by the laydowns saved."""
    return next((p for p, lay in state.laydowns.items() if lay.out), None)


def turn_order(players: tuple[str, ...], first: str) -> list[str]:
    """The players in turn order, starting with ``first`` (play passes to the left)."""
    i = players.index(first)
    return [*players[i:], *players[:i]]


NO_WORDS = re.compile(r"[-\u2013\u2014]+")  # a dash alone, as a paper sheet says "no words"


def words_of(line: str) -> list[str]:
    """The words of a typed line, between spaces or commas; quotes only keep a word from
    being read as a command. A dash alone (-, or the en or em dash a phone types) is no
    words, as on a paper sheet."""
    if NO_WORDS.fullmatch(line.strip()):
        return []
    return [w.strip("'\"") for w in re.split(r"[\s,]+", line) if w.strip("'\"")]


def players_answer(line: str) -> list[str]:
    """The players typed at the start, checked at once: names between commas when the
    line has a comma (``Mary Ann, Bob``), else between spaces (``ann ben cat``)."""
    players = names_listed([line]) if "," in line else line.split()
    check_players(players)
    return players


def going_out_answer(game: Game, state: RoundState, answer: str) -> str:
    """The player an answer to "Who went out?" names, or "" for nobody."""
    if answer.lower() in NOBODY:
        return ""
    who = game.player(answer.strip("'\""))  # a name that is also a command, in quotes
    playing(game, who, state)
    if who in state.laydowns:
        raise GameError(f"{who}'s laydown is saved, not going out: fix {who} to change it")
    return who


@dataclass(frozen=True)
class Way:
    """One way to lay the words typed: each word's cards (a word typed in letters may be
    laid with double cards)."""

    cards: tuple[tuple[Card, ...], ...]
    typed: bool = False  # the way the words were typed

    @property
    def count(self) -> int:
        return sum(len(w) for w in self.cards)

    @property
    def points(self) -> int:
        return sum(c.points for w in self.cards for c in w)

    @property
    def words(self) -> list[str]:
        return [format_laid(w) for w in self.cards]


def ways_to_lay(game: Game, state: RoundState, player: str, words: list[str], *, went_out: bool = False) -> list[Way]:
    """Every way to lay a player's typed words that the round's hand holds, the way typed
    first: for a player who went out, those taking every card, if any do. Checked against
    the deck and the deal; GameError when no way fits the hand."""
    _, _, laid = check_words(game, player, words, state.number)
    hand = state.hand_size
    typed = Way(tuple(tuple(c) for c in laid), typed=True)
    found = [
        Way(tuple(f), typed=list(f) == [tuple(c) for c in laid])
        for f in fits(words, laid, hand, game.deck, at_most=True)
    ]
    if not found and typed.count <= hand:  # too many spellings to try: the words as typed
        found = [typed]
    if not found:
        raise GameError(f"{player}'s words take {typed.count} cards, but round {state.number} is dealt {hand}")
    found.sort(key=lambda w: not w.typed)
    every = [w for w in found if w.count == hand]
    return every if went_out and every else found


def either(numbers: list[int] | list[str]) -> str:
    """``3``, ``3 or 4``, ``3, 4 or 5`` (or ``CL, IN or TH``)."""
    shown = list(map(str, numbers))
    return " or ".join(shown) if len(shown) < 3 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def unused_counts(state: RoundState, ways: list[Way]) -> list[int]:
    """How many cards the ways to lay the words leave in hand, fewest first."""
    return sorted({state.hand_size - w.count for w in ways})


def check_unused(game: Game, state: RoundState, player: str, ways: list[Way], unused: str) -> list[Way]:
    """The cards a player says were left in hand (``-`` or none: no card): as many as a way
    to lay the words leaves, from the deck. The ways that leave that many, the way typed
    first when it is one of them: the cards counted may settle a double card."""
    from qscore.game.cards import parse_hand

    cards = [] if unused.strip().lower() in NO_CARDS else parse_hand(unused, game.deck, what="unused cards")
    given, hand = len(cards), state.hand_size
    fitting = [w for w in ways if w.count + given == hand]
    if not fitting:
        lefts = unused_counts(state, ways)
        # er typed for E R is the ER card: say so when the count is short by the doubles
        doubles = [c.token for c in cards if c.is_double]
        apart = (
            f" ({', '.join(doubles)} {'is one card' if len(doubles) == 1 else 'are one card each'}: "
            "for single letters put spaces between them)"
            if doubles and given + len(doubles) in lefts
            else ""
        )
        taken = sorted(hand - left for left in lefts)
        raise GameError(
            f"{player}'s words take {either(taken)} of the {hand} cards dealt, "
            f"so {either(lefts)} {'is' if lefts == [1] else 'are'} unused, but {given} given{apart}"
        )
    # whether a saved laydown is replaced is decided when it is saved
    text = unused if cards else ""
    checked, refusal = [], None
    for way in fitting:
        try:
            check_laydown(game, player, way.words, text, False, state.number, replace=True)
        except GameError as exc:
            refusal = refusal or exc
            continue
        checked.append(way)
    if refusal is not None and not checked:
        raise refusal
    return checked


def worth_asking(ways: list[Way]) -> bool:
    """Whether the table must say which way the words were laid: they differ in points."""
    return len({w.points for w in ways}) > 1


def is_laid(
    game: Game, player: str, words: list[str], unused: str, out: bool, round_no: int, existing: Laydown
) -> bool:
    """Whether ``existing`` (saved meanwhile from another terminal) is the very laydown typed,
    as laid, in the same notation: then there is nothing to ask."""
    try:
        typed = check_laydown(game, player, words, unused, out, round_no, replace=True)[1]
    except QscoreError:
        return False
    return typed == existing


@dataclass(frozen=True)
class ChallengeLine:
    player: str
    word: str
    by: str
    ruling: Ruling | None  # a paper ruling; None: the game's dictionary decides
    round: int | None = None  # a word of an earlier round (--round N); None: the round asked


_NUMBER = re.compile(r"-?[0-9]{1,6}")  # a round typed: ASCII digits (int() would take ¹ for a digit and fail)


CHALLENGE_FORM = (
    "PLAYER WORD by CHALLENGER (ann steve by ben), then valid or invalid for a paper ruling, "
    "and --round N for a word of an earlier round"
)


def challenge_answer(line: str) -> ChallengeLine:
    """A challenge as the table types it: ``ann steve by ben``, ``ann steve by ben invalid``,
    ``ann cat by ben --round 1``; a name may have spaces (``Mary Ann steve by Bob``): the
    word is the one before the last ``by``."""
    parts = line.split()
    said, number = None, None
    for _ in range(2):  # the ruling and the round, in either order
        if said is None and parts and parts[-1].lower() in ("valid", "invalid"):
            said = parts.pop().lower()
        elif number is None and len(parts) > 2 and parts[-2] == "--round" and _NUMBER.fullmatch(parts[-1]):
            number = int(parts.pop())  # the round's own check refuses 0, -1 and past the last
            parts.pop()
    ruling: Ruling | None = "valid" if said == "valid" else "invalid" if said == "invalid" else None
    at = next((i for i in range(len(parts) - 2, 1, -1) if parts[i].lower() == "by"), None)
    if at is None:
        slip = next((w for w in parts[2:-1] if _slip_of_by(w.lower())), None)
        meant = f" ({quoted(slip)}: did you mean by?)" if slip else ""
        raise GameError(f"write a challenge as {CHALLENGE_FORM}{meant}")
    return ChallengeLine(" ".join(parts[: at - 1]), parts[at - 1], " ".join(parts[at + 1 :]), ruling, number)


def _slip_of_by(word: str) -> bool:
    """A two-letter word one key from "by" (bt, vy, bu, yb), as a tired hand types it."""
    return len(word) == 2 and word != "by" and (word[0] == "b" or word[1] == "y" or word == "yb")


def fix_target(game: Game | None, parts: list[str]) -> tuple[str, int | None] | None:
    """The player and round of ``fix PLAYER [N]``; None when the line is not that."""
    if game is None or len(parts) < 2:
        return None
    numbered = len(parts) > 2 and bool(_NUMBER.fullmatch(parts[-1]))
    name = " ".join(parts[1:-1] if numbered else parts[1:])
    if name_key(name) not in [name_key(p) for p in game.players]:
        return None
    return name, int(parts[-1]) if numbered else None


def leave_target(game: Game | None, words: list[str]) -> str | None:
    """The player ``leave PLAYER`` names (words as typed); None when the line is not that."""
    if game is None or len(words) < 2:
        return None
    name = " ".join(words[1:])
    return next((p for p in game.players if name_key(p) == name_key(name)), None)


def rename_target(game: Game | None, words: list[str]) -> tuple[str, str] | None:
    """The player and the new name of ``rename PLAYER NEW NAME`` (words as typed): the
    longest run of words after rename that names a player, then the rest; None when the
    line is not that."""
    if game is None:
        return None
    keys = {name_key(p): p for p in game.players}
    for end in range(len(words) - 1, 1, -1):
        old = keys.get(name_key(" ".join(words[1:end])))
        if old is not None:
            return old, " ".join(words[end:])
    return None


def fix_round(game: Game, player: str, at_round: int) -> int:
    """The round ``fix PLAYER`` means: the table's round, or the one before it."""
    n = at_round
    if player in game.rounds[n - 1].laydowns:
        return n
    if n > 1 and player in game.rounds[n - 2].laydowns:
        return n - 1
    rounds = f"round {n - 1} or {n}" if n > 1 else f"round {n}"
    raise GameError(f"{player} has no laydown in {rounds} to fix")


@dataclass(frozen=True)
class Misnamed:
    """A line that reads as fix, leave or rename but names no player: the name typed, the
    player it is nearest (None: none is near), and the line with that player in its place."""

    typed: str
    nearest: str | None
    meant: str


NAMED_COMMANDS = ("fix", "leave", "rename")


def misnamed(game: Game | None, words: list[str]) -> Misnamed | None:
    """``fix pa``, ``leave Benn``, ``rename Bne Benjamin`` (words as typed): the command's
    player mistyped, or a laydown such as ``fix it``; only the table can say which. None
    when the line is no such command, or names a player."""
    import difflib

    if game is None or len(words) < 2 or words[0].lower() not in NAMED_COMMANDS:
        return None
    command = words[0].lower()
    targets = {"fix": fix_target, "leave": leave_target, "rename": rename_target}
    if targets[command](game, words) is not None:
        return None
    keys = {name_key(p): p for p in game.players}
    numbered = command == "fix" and len(words) > 2 and bool(_NUMBER.fullmatch(words[-1]))
    ends = [len(words) - 1 if numbered else len(words)]  # fix and leave: the rest is the name
    if command == "rename":  # the longest run of words that is near a player, then the new name
        ends = list(range(len(words) - 1, 1, -1)) or [2]
    for end in ends:
        typed = " ".join(words[1:end])
        if name_key(typed) in keys:  # the player is named (rename dad, no new name): the usage is what is wrong
            return None
        near = difflib.get_close_matches(name_key(typed), keys, n=1, cutoff=0.6)
        if near:
            return Misnamed(typed, keys[near[0]], " ".join([words[0], keys[near[0]], *words[end:]]))
    return Misnamed(" ".join(words[1 : ends[-1]]), None, "")
