"""``qscore play``'s next step: given the saved game and what the table said this session
(TableMemory), what the table is asked next (``next_step``; ``after_finished`` when play
starts again after a finished game), and whom a command at a prompt names (fix, leave,
rename PLAYER). What an answer means is qscore.scorekeeper.answers.

Nothing here reads a terminal or prints. The prompt loop (qscore/cli/play.py) reads the
saved game afresh before every step, asks what ``next_step`` says, checks each answer,
saves through the application layer (qscore.scorekeeper) and shows what happened.

The order is the table's: each round, who went out (their laydown comes first), then
each player's laydown in turn, then the round's challenges, then the next deal.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from qscore.errors import GameError
from qscore.game.entries import Challenged, Entry, LaidDown
from qscore.game.scoresheet import Game, Laydown, RoundState, name_key
from qscore.scorekeeper.answers import ROUND_NUMBER
from qscore.scorekeeper.questions import Question, back_to_finished_asked, next_game_asked
from qscore.views.conversation import gone_home_said, no_longer_in, nothing_to_fix, renamed_said
from qscore.views.keeper_said import saved_meanwhile


@dataclass
class TableMemory:
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
                notes.append(no_longer_in(named, current.number))
                del self.going_out[current.number]
            self.seen.setdefault(current.number, dict(current.laydowns))  # a round's first look
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
            notes += [renamed_said(old, new) for old, new in renamed.items()]
            self.seen = {n: {renamed.get(p, p): lay for p, lay in laid.items()} for n, laid in self.seen.items()}
            self.going_out = {n: renamed.get(p, p) for n, p in self.going_out.items()}
            self.gone = frozenset(renamed.get(p, p) for p in self.gone)
            notes += [gone_home_said(p, game.left[p]) for p in game.players if p in game.left and p not in self.gone]
        self.players, self.gone = game.players, frozenset(game.left)
        return notes

    def took_back(self, undone: Entry, after: Game) -> None:
        """The table's own undo took back ``undone``, leaving ``after``: what it restored
        is no news (a laydown standing again, a name or a seat back), a challenge taken
        back opens that round's challenges again, as a laydown taken back opens its round,
        and a round left with no laydown asks again who went out; and the deal is shown
        again, for the table to see where it is."""
        act = undone.act
        if isinstance(act, Challenged):
            self.settled.discard(act.round)
        if isinstance(act, LaidDown) and not after.rounds[act.round - 1].laydowns:
            self.going_out.pop(act.round, None)  # the round as dealt again: who went out is asked again
        if isinstance(act, LaidDown) and act.round in self.seen:
            back = after.rounds[act.round - 1].laydowns.get(act.player)
            seen = self.seen[act.round]
            seen.pop(act.player, None)
            if back is not None:
                seen[act.player] = back
        self.seats(after)
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


def next_step(game: Game, progress: TableMemory) -> Step:
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


EVENING = timedelta(hours=12)  # a game started this long ago is of an earlier evening


def of_this_evening(started: str, now: datetime | None = None) -> bool:
    """Whether a game started at ``started`` (as the games file keeps it: UTC,
    ``2026-12-02 19:05:00.123456``) is of the table's evening, so that play, started again
    once it is finished, offers it first for a late challenge or undo."""
    begun = datetime.fromisoformat(started).replace(tzinfo=UTC)
    return (now or datetime.now(UTC)) - begun < EVENING


def after_finished(game: Game, started: str, now: datetime | None = None) -> tuple[Question, ...]:
    """What play asks, in order, when it starts again with no game named and the last one,
    ``game`` (started at ``started``), is finished; the first yes is taken, and none sets
    up a new game. A game of this evening is offered first, for a late challenge or undo;
    then the next game set up as it was, with the players still in (two at least)."""
    asked = [back_to_finished_asked()] if of_this_evening(started, now) else []
    if len(game.still_in) >= 2:
        asked.append(next_game_asked(game.still_in))
    return tuple(asked)


def went_out(state: RoundState) -> str | None:
    """Who went out of the round, by the laydowns saved."""
    return next((p for p, lay in state.laydowns.items() if lay.out), None)


def turn_order(players: tuple[str, ...], first: str) -> list[str]:
    """The players in turn order, starting with ``first`` (play passes to the left)."""
    i = players.index(first)
    return [*players[i:], *players[:i]]


def fix_target(game: Game | None, parts: list[str]) -> tuple[str, int | None] | None:
    """The player and round of ``fix PLAYER [N]``; None when the line is not that."""
    if game is None or len(parts) < 2:
        return None
    numbered = len(parts) > 2 and bool(ROUND_NUMBER.fullmatch(parts[-1]))
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
    raise GameError(nothing_to_fix(player, n))


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
    if game is None or len(words) < 2 or words[0].lower() not in NAMED_COMMANDS:
        return None
    command = words[0].lower()
    targets = {"fix": fix_target, "leave": leave_target, "rename": rename_target}
    if targets[command](game, words) is not None:
        return None
    keys = {name_key(p): p for p in game.players}
    numbered = command == "fix" and len(words) > 2 and bool(ROUND_NUMBER.fullmatch(words[-1]))
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
