"""``qscore play``'s prompts: a line from the table, the commands any prompt takes, and what
one guided session holds beside the saved game.

A command that ends the question asked (quit, an undo, fix PLAYER) is raised by the
prompt as a ``Turn``, which only the evening's loop (qscore/cli/play.py) catches: the steps
between the prompt and the loop neither see nor pass it on.
"""

import difflib
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn, TypeVar

import typer

from qscore.cli.asking import prompt_suffix
from qscore.cli.games import undo_text
from qscore.cli.wording import worded
from qscore.errors import QscoreError, quoted

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game, RoundState
    from qscore.scorekeeper.evening import Misnamed
    from qscore.scorekeeper.questions import Answer, Question, Reply
    from qscore.words.dictionaries import Dictionary

COMMANDS = """At any prompt you can type:
  sheet           the scoresheet so far, with every word laid
  review          the best each player's cards allowed in the last round closed
  undo            take back the last entry (a laydown, a challenge, a rename or a leave)
  fix PLAYER      re-enter PLAYER's laydown for this round, or for the previous round
                  if they have none in this one (fix PLAYER N: round N)
  leave PLAYER    PLAYER goes home: later rounds are played without them; their total stands
  rename OLD NEW  put a player's name right on the whole sheet
  help            this list
  quit            stop here; everything entered is saved
At a player's words, a command that is also a word (quit, undo, sheet, review, help) is asked
about: Enter lays it as a word where the player could lay it, else takes the command; a y holds
for the evening, an n for that player's laydown. fix, leave or rename naming no player is asked
about each time. A word or a name in quotes is never a command: 'undo'."""
WORD_COMMANDS = ("help", "quit", "review", "sheet", "undo")
COMMAND_NAMES = (*WORD_COMMANDS, "fix", "leave", "rename")
USAGE = {
    "fix": "Write fix PLAYER, or fix PLAYER ROUND.",
    "leave": "Write leave PLAYER, a player of the game.",
    "rename": "Write rename PLAYER NEW NAME, PLAYER as the sheet has it.",
}


class Turn(Exception):
    """An answer that ends the question asked: raised at the prompt, acted on by the evening's loop."""


class Quit(Turn):
    """The table stops (quit, end of input, Ctrl-C: ``interrupted``); everything saved stays saved."""

    def __init__(self, interrupted: bool = False) -> None:
        super().__init__()
        self.interrupted = interrupted


class Restart(Turn):
    """The saved game changed under the current prompt (undo): work out the next step afresh."""


class Fix(Turn):
    """The table asked to re-enter a player's laydown (of ``round_no``, or the one fix_round finds)."""

    def __init__(self, player: str, round_no: int | None) -> None:
        super().__init__()
        self.player, self.round_no = player, round_no


T = TypeVar("T")


def taken_as(typed: list[str], laid: list[str], hand: int, *, only: bool = True) -> list[str]:
    """Say which words the cards dealt settled as laid with a double card (``only``: the one
    way that fits; else one of ways that score the same); the words to save."""
    fit = f"the {hand} cards dealt"
    why = f"the only spelling that fits {fit}" if only else f"the spellings that fit {fit} score the same"
    for was, now in zip(typed, laid, strict=True):
        if was.lower() != now:  # OX typed in capitals is ox as laid, the same cards
            print(f"{was} taken as {now}: {why}.")
    return laid


def not_taken(reason: object, typed: str = "") -> None:
    """An answer the table gave that cannot go in, and why: said as a reply to the prompt,
    which comes again (nothing failed; nothing was saved). A ``typed`` answer that reads
    as a misspelt command is told the command, as the command line does."""
    text = worded(reason) if isinstance(reason, QscoreError) else str(reason)
    near = meant_command(typed)
    hint = f" Did you mean {near!r}?" if near else ""
    print(f"Not taken: {text}" + ("" if text.endswith(".") else ".") + hint)


def meant_command(typed: str) -> str | None:
    """The command a line's first word misspells (shet: sheet, fxi ben: fix), found as the
    command line finds a misspelt command (difflib); None for a command or no near one."""
    parts = typed.lower().split()
    # a command is letters alone: quoted, or written with its cards (q(u)it, (qu)it), a
    # laydown is never a command
    if not parts or parts[0] in COMMAND_NAMES or not parts[0].isalpha():
        return None
    one_word = [c for c in COMMAND_NAMES if (c in WORD_COMMANDS) == (len(parts) == 1)]
    # a word alone is held closer than difflib's default (0.6), which takes steve for sheet;
    # fix, leave and rename are followed by a name, as no word is
    near = difflib.get_close_matches(parts[0], one_word, n=1, cutoff=0.75 if len(parts) == 1 else 0.6)
    return near[0] if near else None


def choice_not_taken(answer: str, choices: tuple[str, ...]) -> None:
    """An answer that is none of a question's ``choices``, told what answers it."""
    from qscore.views.conversation import choice_refused

    print(choice_refused(answer, choices))


def after_round(game: "Game", state: "RoundState") -> None:
    """What the table sees after a round's table: the running totals and, unless the table
    turned it off, the round's biggest missed chance."""
    if not any(lay.out for lay in state.laydowns.values()):  # kept, as house rules differ; fix PLAYER marks one
        print(f"Nobody went out in round {state.number}: if someone did, fix them and say they went out.")
    print(totals_line(game, state))
    if game.config.review:
        from qscore.cli.review import round_miss_text

        print(round_miss_text(game, state.number))


def totals_line(game: "Game", state: "RoundState") -> str:
    """The running totals: after this round, or, when later rounds have scores (an earlier
    round rescored), as they stand now."""
    totals = game.totals()
    later = any(r.results is not None for r in game.rounds[state.number :])
    head = "Totals now" if later else f"Totals after round {state.number}"
    return f"{head}: " + ", ".join(f"{p} {totals[p]}" for p in game.players) + "."


class Session:
    """What one guided session holds beside the saved game: its name, the game's
    dictionary once open, and what the table said (qscore.scorekeeper.evening.TableMemory)."""

    def __init__(self) -> None:
        from qscore.scorekeeper.evening import TableMemory

        self.name: str | None = None  # the game, once it exists
        self.commands: set[str] = set()  # commands that are also words, said to be commands at a player's words
        # at a player's words (the question), the commands said to be words laid: not asked
        # again while that laydown is typed
        self.laid_words: dict[str, set[str]] = {}
        self.dictionary: Dictionary | None = None
        self.progress: TableMemory = TableMemory()

    def game(self) -> "Game | None":
        """The saved game as it stands now, or None before it starts."""
        from qscore import scorekeeper

        return None if self.name is None else scorekeeper.load_game(self.name)

    def show_rescored(self, game: "Game", number: int) -> None:
        """A round the table had seen settled, shown again when an entry changes it."""
        from qscore.cli.sheets import round_text
        from qscore.views.outcome import round_said

        state = game.rounds[number - 1]
        # settled this session, or before the round the table is on (a fix after a resume)
        if state.closed and (number in self.progress.settled or number < self.progress.at_round):
            print(round_said(state, rescored=True))
            print(round_text(game, state, self.dictionary))
            after_round(game, state)


class Prompts:
    """The table's answers, a line at a time; the commands any prompt takes are carried
    out here (sheet, help) or raised as a Turn (quit, undo, fix) for the evening's loop."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def ask(self, question: str, hint: str = "", *, words: "Callable[[str], bool] | None" = None) -> str:
        """One line from the table; the commands are carried out here, the rest returned.
        ``words``: the question asks for a player's words, and says whether a word could be
        their laydown (a command that is one is asked about, Enter laying it)."""
        from qscore.scorekeeper.evening import NAMED_COMMANDS, fix_target, leave_target, misnamed, rename_target

        while True:
            try:
                line = str(
                    typer.prompt(question, default="", show_default=False, prompt_suffix=prompt_suffix(question))
                ).strip()
            except typer.Abort as exc:  # end of input, or Ctrl-C (what the prompt was stopped by)
                raise Quit(interrupted=isinstance(exc.__context__, KeyboardInterrupt)) from None
            parts = line.lower().split()
            command = parts[0] if parts else ""
            confirmed = False  # the table said a line naming no player is the command
            if words and command in NAMED_COMMANDS and (slip := misnamed(self.session.game(), line.split())):
                if not self.name_meant(line, slip):
                    return line  # the words, laid (the dictionary's refusal is told next)
                confirmed, line = True, slip.meant or line  # the player it is nearest, or the usage
                parts = line.lower().split()
            elif words and (near := meant_command(line)) in WORD_COMMANDS and self.refused(line):
                # a slip is no command unless the table says so: Enter lays it (quit is not undone)
                if not self.yes_no(f"{line}: the command {near}? (n: {line} is a word laid)"):
                    return line  # the word, laid (the dictionary's refusal is told next)
                command, parts = str(near), [str(near)]
            elif words and len(parts) == 1 and command in WORD_COMMANDS and command not in self.session.commands:
                laid = self.session.laid_words.setdefault(question, set())
                if command in laid:
                    return line  # said to be a word laid at this laydown already: not asked again
                if not self.command_meant(command, default=not words(command)):
                    laid.add(command)
                    return line  # the word, laid
                self.session.commands.add(command)  # asked once: from now on the command, as 'undo' lays the word
            if len(parts) == 1 and command == "help":
                print(COMMANDS + (f"\nHere: {hint}" if hint else ""))
            elif len(parts) == 1 and command == "quit":
                raise Quit()
            elif len(parts) == 1 and command == "sheet":
                self.show_sheet()
            elif len(parts) == 1 and command == "review":
                self.show_review()
            elif len(parts) == 1 and command == "undo":
                self.undo()
            elif command == "fix" and (target := fix_target(self.session.game(), parts)):
                raise Fix(*target)
            elif command == "leave" and (who := leave_target(self.session.game(), line.split())):
                self.leave(who)
            elif command == "rename" and (names := rename_target(self.session.game(), line.split())):
                self.rename(*names)
            elif command in NAMED_COMMANDS and (confirmed or not words):
                slip = None if confirmed else misnamed(self.session.game(), line.split())
                if self.session.name is None:
                    print(f"There is no game yet to {command}.")
                elif slip is not None and slip.nearest is not None:  # leave cta, where no word is laid
                    print(f"No player {quoted(slip.typed)} in the game: did you mean {slip.meant}?")
                elif slip is not None and slip.typed:
                    print(f"No player {quoted(slip.typed)} in the game. {USAGE[command]}")
                else:
                    print(USAGE[command])
            else:
                return line

    def command_meant(self, command: str, *, default: bool) -> bool:
        """At a player's words, a command that is also a word (quit, undo, sheet, review,
        help) is asked about: no laid word is taken for a command unasked. Enter (``default``)
        takes the command only where the word could not be the player's laydown: Enter is
        what a tired table types, and quit or undo taken for a word laid costs a session or
        an entry, a word taken for the command costs typing it again."""
        return self.yes_no(f"{command}: the command {command}? (n: {command} is a word laid)", default=default)

    def name_meant(self, line: str, slip: "Misnamed") -> bool:
        """At a player's words, fix, leave or rename naming no player is asked about, told
        the player nearest the name typed: no laid words are taken for a command unasked,
        nor a mistyped command for words."""
        command = line.split()[0].lower()
        if slip.nearest is not None:
            question = f"{line}: no player {slip.typed!r}: did you mean {slip.nearest}?"
        else:
            question = f"{line}: the command {command}? There is no player {slip.typed!r}"
        return self.yes_no(f"{question} (n: the words laid are {line})", default=True)

    def yes_no(self, question: str, hint: str = "", *, default: bool = False) -> bool:
        choices = "[Y/n]" if default else "[y/N]"
        while True:
            answer = self.ask(f"{question} {choices}", hint).lower()
            if not answer:
                return default
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            not_taken(f"{answer!r}: answer y or n", answer)

    def show_sheet(self) -> None:
        from qscore.cli.sheets import words_sheet_text

        game = self.session.game()
        if game is None:
            print("There is no game yet: the sheet starts with the first round.")
            return
        print(words_sheet_text(game, self.session.dictionary))

    def show_review(self) -> None:
        """The review of the last round closed, as `qscore review --round N` shows it."""
        from qscore import scorekeeper
        from qscore.cli.review import review_text

        game = self.session.game()
        if game is None:
            print("There is no game yet: nothing to review.")
            return
        last = scorekeeper.last_closed_round(game)
        try:
            reviews = scorekeeper.review_of(game, [] if last is None else [last])
        except QscoreError as exc:  # the game's dictionary cannot be opened: said, and play goes on
            not_taken(exc)
            return
        print(review_text(game, reviews))

    def answer(self, question: "Question") -> "Answer":
        """A question of the scorekeeper's asked at the prompt, until one of its answers is given."""
        if question.yes_or_no:
            meant = self.yes_no(question.words, default=question.default == "yes")
            return question.answers[0 if meant else 1]
        while True:
            typed = self.ask(question.words)
            if (found := question.answer(typed)) is not None:
                return found
            choice_not_taken(typed, tuple(a.value for a in question.answers))

    def answered(self, call: "Callable[[Reply | None], T]") -> "T | None":
        """``call(None)``; a question it asks first is asked here and ``call`` made again
        with the answer (None when the answer changes nothing, said; or failed, said)."""
        from qscore.scorekeeper.questions import QuestionAsked, Unchanged

        reply = None
        while True:
            try:
                return call(reply)
            except QuestionAsked as asked:
                reply = asked.question.reply(self.answer(asked.question))
            except Unchanged as nothing:
                print(nothing.said)
                return None
            except QscoreError as exc:
                not_taken(exc)
                return None

    def undo(self) -> None:
        """Take back the last entry; Restart raised when one was taken back (the step is
        worked out afresh). A finished game's is asked about first."""
        from qscore import scorekeeper

        if self.session.name is None:
            print("There is no game yet: nothing to undo.")
            return None
        name = self.session.name
        saved = self.answered(lambda reply: scorekeeper.undo(name, reply=reply))
        if saved is None:
            return None
        print(undo_text(saved))
        if saved.round_no is not None:
            self.session.show_rescored(saved.after, saved.round_no)
        self.session.progress.took_back(scorekeeper.undone(saved), saved.after)
        raise Restart()

    def leave(self, player: str) -> None:
        """A player goes home (two left choose their bonus here); Restart raised once saved."""
        from qscore import scorekeeper
        from qscore.cli.players import leave_text

        saved = self.answered(lambda reply: scorekeeper.leave(player, None, self.session.name, reply=reply))
        if saved is None:
            return None
        self.changed(leave_text(saved), saved.after)

    def rename(self, old: str, new: str) -> None:
        """Put a player's name right on the whole sheet; Restart raised once saved."""
        from qscore import scorekeeper
        from qscore.cli.players import rename_text

        try:
            saved = scorekeeper.rename_player(old, new, self.session.name)
        except QscoreError as exc:
            not_taken(exc)
            return None
        self.changed(rename_text(saved), saved.after)

    def changed(self, text: str, game: "Game") -> NoReturn:
        """A change of the table made here: said once (not again as news from another
        terminal), and the step worked out afresh."""
        print(text)
        self.session.progress.seats(game)
        self.session.progress.announced = None  # the deal again, with who plays now
        raise Restart()

    def refused(self, word: str) -> bool:
        """Whether the game's dictionary refuses a word typed (no dictionary: it refuses none)."""
        from qscore import scorekeeper

        game = self.session.game()
        if game is None or self.session.dictionary is None:
            return False
        try:
            return bool(scorekeeper.refused_words(game, [word], self.session.dictionary))
        except QscoreError:  # not a word that can be laid at all: not a word either
            return True


class AtTable:
    """A part of play (the laydowns, their saving, a new game's questions, the evening
    itself): the session it keeps and the prompts it asks the table through."""

    def __init__(self, prompts: Prompts) -> None:
        self.prompts = prompts
        self.session = prompts.session
