"""``qscore play``'s prompts: a line from the table, the commands any prompt takes, and what
one guided session holds beside the saved game.

A command that ends the question asked (quit, an undo, fix PLAYER) comes back from the
prompt as a value, a ``Turn``, which each step returns to the evening's loop
(qscore/cli/play.py) unread: nothing travels as an exception but Ctrl-C, which Python raises.
"""

from dataclasses import dataclass
from typing import TYPE_CHECKING

import typer

from qscore.cli.app import worded
from qscore.cli.games import undo_text
from qscore.errors import QscoreError

if TYPE_CHECKING:
    from qscore.dictionaries import Dictionary
    from qscore.scoresheet import Game, RoundState

COMMANDS = """At any prompt you can type:
  sheet         the scoresheet so far, with every word laid
  undo          take back the last entry (a laydown, a challenge, a rename or a leave)
  fix PLAYER    re-enter PLAYER's laydown for this round, or for the previous round
                if they have none in this one (fix PLAYER N: round N)
  help          this list
  quit          stop here; everything entered is saved
At a player's words, a command that is also a word (quit, undo, sheet, help) is asked
about: answer n to lay it as a word. A word or a name in quotes is never a command: 'undo'."""
WORD_COMMANDS = ("help", "quit", "sheet", "undo")


@dataclass(frozen=True)
class Quit:
    """The table stops (quit, end of input); everything saved stays saved."""


@dataclass(frozen=True)
class Restart:
    """The saved game changed under the current prompt (undo): work out the next step afresh."""


@dataclass(frozen=True)
class Fix:
    """The table asked to re-enter a player's laydown (of ``round_no``, or the one fix_round finds)."""

    player: str
    round_no: int | None


Turn = Quit | Restart | Fix  # an answer that ends the question asked: the evening's loop acts on it


def taken_as(typed: list[str], laid: list[str], hand: int, *, only: bool = True) -> list[str]:
    """Say which words the cards dealt settled as laid with a double card (``only``: the one
    way that fits; else one of ways that score the same); the words to save."""
    fit = f"the {hand} cards dealt"
    why = f"the only spelling that fits {fit}" if only else f"the spellings that fit {fit} score the same"
    for was, now in zip(typed, laid, strict=True):
        if was != now:
            print(f"{was} taken as {now}: {why}.")
    return laid


def not_taken(reason: object) -> None:
    """An answer the table gave that cannot go in, and why: said as a reply to the prompt,
    which comes again (nothing failed; nothing was saved)."""
    text = worded(reason) if isinstance(reason, QscoreError) else str(reason)
    print(f"Not taken: {text}" + ("" if text.endswith(".") else "."))


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
    dictionary once open, and what the table said (qscore.evening.Progress)."""

    def __init__(self) -> None:
        from qscore.evening import Progress

        self.name: str | None = None  # the game, once it exists
        self.dictionary: Dictionary | None = None
        self.progress: Progress = Progress()

    def game(self) -> "Game | None":
        """The saved game as it stands now, or None before it starts."""
        from qscore import scorekeeper

        return None if self.name is None else scorekeeper.load_game(self.name)

    def show_rescored(self, game: "Game", number: int) -> None:
        """A round the table had seen settled, shown again when an entry changes it."""
        from qscore.cli.sheets import round_text

        state = game.rounds[number - 1]
        # settled this session, or before the round the table is on (a fix after a resume)
        if state.closed and (number in self.progress.settled or number < self.progress.at_round):
            print(f"Round {number} rescored.")
            print(round_text(game, state, self.dictionary))
            after_round(game, state)


class Prompts:
    """The table's answers, a line at a time; the commands any prompt takes are carried
    out here (sheet, help) or handed back as a Turn (quit, undo, fix)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def ask(self, question: str, hint: str = "", *, words: bool = False) -> str | Turn:
        """One line from the table; the commands are carried out here, the rest returned."""
        from qscore.evening import fix_target

        while True:
            try:
                line = str(typer.prompt(question, default="", show_default=False)).strip()
            except typer.Abort:  # end of input or Ctrl-C at a prompt
                return Quit()
            parts = line.lower().split()
            command = parts[0] if parts else ""
            if words and len(parts) == 1 and command in WORD_COMMANDS:
                meant = self.command_meant(command)
                if not isinstance(meant, bool):
                    return meant
                if not meant:
                    return line  # the word, laid
            if len(parts) == 1 and command == "help":
                print(COMMANDS + (f"\nHere: {hint}" if hint else ""))
            elif len(parts) == 1 and command == "quit":
                return Quit()
            elif len(parts) == 1 and command == "sheet":
                self.show_sheet()
            elif len(parts) == 1 and command == "undo":
                if (undone := self.undo()) is not None:
                    return undone
            elif command == "fix" and (target := fix_target(self.session.game(), parts)):
                return Fix(*target)
            elif command == "fix" and not words:
                print(
                    "There is no game yet to fix."
                    if self.session.name is None
                    else "Write fix PLAYER, or fix PLAYER ROUND."
                )
            else:
                return line

    def command_meant(self, command: str) -> bool | Turn:
        """At a player's words, a command that is also a word (quit, undo, sheet, help) is
        asked about: no laid word is taken for a command unasked."""
        return self.yes_no(f"{command}: the command {command}? (n: {command} is a word laid)", default=True)

    def yes_no(self, question: str, hint: str = "", *, default: bool = False) -> bool | Turn:
        choices = "[Y/n]" if default else "[y/N]"
        while True:
            answer = self.ask(f"{question} {choices}", hint)
            if not isinstance(answer, str):
                return answer
            answer = answer.lower()
            if not answer:
                return default
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            not_taken(f"{answer!r}: answer y or n")

    def show_sheet(self) -> None:
        from qscore.cli.sheets import words_sheet_text

        game = self.session.game()
        if game is None:
            print("There is no game yet: the sheet starts with the first round.")
            return
        print(words_sheet_text(game, self.session.dictionary))

    def undo(self) -> Restart | None:
        """Take back the last entry; Restart when one was taken back (the step is worked out afresh)."""
        from qscore import scorekeeper

        if self.session.name is None:
            print("There is no game yet: nothing to undo.")
            return None
        try:
            saved = scorekeeper.undo(self.session.name)
        except QscoreError as exc:
            not_taken(exc)
            return None
        print(undo_text(saved))
        if saved.round_no is not None:
            self.session.show_rescored(saved.after, saved.round_no)
        self.session.progress.took_back(scorekeeper.undone(saved).kind, saved.round_no)
        return Restart()
