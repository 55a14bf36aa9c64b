"""``qscore play``: the guided mode for a whole evening, in the order a table plays it.

Each round: the deal and who starts; each player's laydown in turn from the starter (or
from the player who went out), every line checked as it is typed; then the challenges;
then the round's table; then the next deal. Every entry is saved the moment it is made,
through the same checks as ``qscore score`` and ``qscore challenge``, so the other
commands work on the same game at any time and ``qscore play --game NAME`` picks up
where the table stopped.

What comes next is qscore.evening's decision; here are the prompts, each class one part
of them: Prompts (a line from the table, and the commands at any prompt), Laydowns (who
went out, words, unused cards), Saving (a laydown saved as the table decides), NewGame
(the questions that start a game) and PlaySession (the evening's loop: resume, the
challenges, the finish).
"""

from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from qscore.cli.app import app, reports_errors
from qscore.cli.games import challenge_text, start_game, undo_text
from qscore.cli.options import game_option
from qscore.errors import DictionaryError, GameError, QscoreError, UnknownGameError

if TYPE_CHECKING:
    from qscore.dictionaries import Dictionary
    from qscore.evening import AskChallenges, AskLaydown
    from qscore.scoresheet import Game, Laydown, RoundState

# The sheet, its rules and the store are imported inside the steps that use them: every
# qscore run imports this file, and `check` should not pay for them.

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

PLAYERS_QUESTION = "Players, in seating order (the first deals first; commas between names with a space)"
PLAYERS_HINT = "the players' names, e.g. ann ben cat, or with commas: Mary Ann, Bob, O'Neil"
WORDS_HINT = "Words as laid: a letter is one card, (qu) is the QU card, e.g. (qu)iz ox. Blank: no words."


def taken_as(typed: list[str], laid: list[str], hand: int) -> list[str]:
    """Say which words the cards dealt settled as laid with a double card; the words to save."""
    for was, now in zip(typed, laid, strict=True):
        if was != now:
            print(f"{was} taken as {now}: the only spelling that fits the {hand} cards dealt.")
    return laid


def not_taken(reason: object) -> None:
    """An answer the table gave that cannot go in, and why: said as a reply to the prompt,
    which comes again (nothing failed; nothing was saved)."""
    text = str(reason)
    print(f"Not taken: {text}" + ("" if text.endswith(".") else "."))


class Quit(Exception):
    """The table stops (quit, end of input, Ctrl-C); everything saved stays saved."""


class Restart(Exception):
    """The saved game changed under the current prompt (undo): work out the next step afresh."""


class Fix(Exception):
    """The table asked to re-enter a player's laydown."""

    def __init__(self, player: str, round_no: int | None) -> None:
        super().__init__(player)
        self.player = player
        self.round_no = round_no


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


def after_game(game: "Game") -> None:
    """What the table sees when the last round is settled, before the winner: the whole
    sheet. Notes on the whole game belong here."""
    from qscore.cli.sheets import sheet_text

    print()
    print(sheet_text(game))
    if game.config.review:
        from qscore.cli.review import game_missed_text

        print(game_missed_text(game))


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
    out here (sheet, undo, help, quit, fix)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def ask(self, question: str, hint: str = "", *, words: bool = False) -> str:
        """One line from the table; the commands are carried out here, the rest returned."""
        from qscore.evening import fix_target

        while True:
            try:
                line = str(typer.prompt(question, default="", show_default=False)).strip()
            except typer.Abort:  # end of input or Ctrl-C at a prompt
                raise Quit from None
            parts = line.lower().split()
            command = parts[0] if parts else ""
            if words and len(parts) == 1 and command in WORD_COMMANDS and not self.command_meant(command):
                return line  # the word, laid
            if len(parts) == 1 and command == "help":
                print(COMMANDS + (f"\nHere: {hint}" if hint else ""))
            elif len(parts) == 1 and command == "quit":
                raise Quit
            elif len(parts) == 1 and command == "sheet":
                self.show_sheet()
            elif len(parts) == 1 and command == "undo":
                self.undo()
            elif command == "fix" and (target := fix_target(self.session.game(), parts)):
                raise Fix(*target)
            elif command == "fix" and not words:
                print(
                    "There is no game yet to fix."
                    if self.session.name is None
                    else "Write fix PLAYER, or fix PLAYER ROUND."
                )
            else:
                return line

    def command_meant(self, command: str) -> bool:
        """At a player's words, a command that is also a word (quit, undo, sheet, help) is
        asked about: no laid word is taken for a command unasked."""
        return self.yes_no(f"{command}: the command {command}? (n: {command} is a word laid)", default=True)

    def yes_no(self, question: str, hint: str = "", *, default: bool = False) -> bool:
        choices = "[Y/n]" if default else "[y/N]"
        while True:
            answer = self.ask(f"{question} {choices}", hint).lower()
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

    def undo(self) -> None:
        from qscore import scorekeeper

        if self.session.name is None:
            print("There is no game yet: nothing to undo.")
            return
        try:
            saved = scorekeeper.undo(self.session.name)
        except QscoreError as exc:
            not_taken(exc)
            return
        print(undo_text(saved))
        if saved.round_no is not None:
            self.session.show_rescored(saved.after, saved.round_no)
        self.session.progress.took_back(scorekeeper.undone(saved).kind, saved.round_no)
        raise Restart


class Saving:
    """A laydown saved as the table decides: a replacement only when it agrees, one saved
    meanwhile from another terminal told and asked about, unless it is the very one typed."""

    def __init__(self, session: Session, prompts: Prompts) -> None:
        self.session = session
        self.prompts = prompts

    def confirm_replace(self, player: str, existing: "Laydown", round_no: int) -> bool:
        """The one place the table decides whether a laydown saved already is replaced."""
        if self.prompts.yes_no(f"{player} already laid {existing.text()} in round {round_no}. Replace it?"):
            return True
        print(f"Kept {player}'s {existing.text()}.")
        return False

    def save(
        self, player: str, words: list[str], unused: str, out: bool, n: int, *, replacing: "Laydown | None" = None
    ) -> None:
        """Save a laydown for round ``n``; ``replacing`` is the laydown the table agreed to replace."""
        from qscore import scorekeeper
        from qscore.cli.laid import laid_lines
        from qscore.cli.sheets import entry_text
        from qscore.rules import LaydownExistsError

        try:
            saved = scorekeeper.save_laydown(
                player, words, unused, out, n, self.session.name, replace=replacing is not None
            )
        except LaydownExistsError as exc:
            # laid meanwhile, from another terminal: the table decides, unless it is the same
            existing = exc.existing
            self.session.progress.saw(n, existing.player, existing)  # told here: not again
            if self.laid_already(player, words, unused, out, n, existing):
                print(f"{player}'s laydown in round {n} is saved already: {existing.text()}.")
                return
            if self.confirm_replace(player, existing, n):
                self.save(player, words, unused, out, n, replacing=existing)
            return
        except QscoreError as exc:  # the game changed meanwhile: ask afresh
            not_taken(exc)
            return
        who = saved.entry.data["player"]
        self.session.progress.saw(n, who, saved.after.rounds[n - 1].laydowns[who])
        if replacing is None:
            print(f"Recorded {entry_text(saved.entry)}.")
        else:
            now = saved.after.rounds[n - 1].laydowns[player]
            print(f"Replaced {player}'s {replacing.text()} in round {n} with {now.text()}.")
        print("\n".join(laid_lines(saved.after, words, saved.entry, hints=False)))
        self.session.show_rescored(saved.after, n)

    def laid_already(self, player: str, words: list[str], unused: str, out: bool, n: int, existing: "Laydown") -> bool:
        """Whether ``existing`` is the very laydown typed (as laid, in the same notation)."""
        from qscore import scorekeeper
        from qscore.rules import check_laydown

        try:
            typed = check_laydown(
                scorekeeper.load_game(self.session.name), player, words, unused, out, n, replace=True
            )[1]
        except QscoreError:
            return False
        return typed == existing


class Laydowns:
    """Who went out, each player's words and unused cards, checked as they are typed, and
    saved; a laydown fixed or laid meanwhile from another terminal."""

    def __init__(self, session: Session, prompts: Prompts) -> None:
        self.session = session
        self.prompts = prompts
        self.saving = Saving(session, prompts)

    def ask_going_out(self, game: "Game", state: "RoundState") -> str:
        """Who went out this round, if the table says: their laydown comes first."""
        from qscore.evening import going_out_answer

        while True:
            answer = self.prompts.ask(
                f"Who went out? (blank: take the laydowns in turn from {state.starts})",
                "the player who went out lays down first; the others follow in turn.",
            )
            try:
                return going_out_answer(game, state, answer)
            except GameError as exc:
                not_taken(exc)

    def laydown(self, game: "Game", state: "RoundState", step: "AskLaydown") -> None:
        entered = self.enter_laydown(game, state, step.player, went_out=step.went_out)
        if entered is not None:
            words, unused, out, replacing = entered
            self.saving.save(step.player, words, unused, out, state.number, replacing=replacing)

    def enter_laydown(
        self, game: "Game", state: "RoundState", player: str, *, went_out: bool
    ) -> "tuple[list[str], str, bool, Laydown | None] | None":
        """Ask for a player's words and unused cards, each line checked as it is typed; and
        the laydown they replace, when one was saved meanwhile from another terminal and the
        table said to replace it (None: the table kept it, nothing to save)."""
        from qscore.evening import cards_in_words, fit_words, words_of

        n, hand = state.number, state.hand_size
        said_not_out = False  # the table named this player as going out, then said not
        replacing = None
        while True:
            words = words_of(self.prompts.ask(f"{player}'s words", WORDS_HINT, words=True))
            if replacing is None and (meanwhile := self.saved_meanwhile(state, player)) is not None:
                # told before any question about the words typed: the table may not need them
                self.session.progress.saw(n, player, meanwhile)
                print(f"{player}'s laydown in round {n} was saved meanwhile from another terminal: {meanwhile.text()}.")
                if [w.lower() for w in words] == [w.lower() for w in meanwhile.words]:
                    return None
                if not self.saving.confirm_replace(player, meanwhile, n):
                    return None
                replacing = meanwhile
            try:
                fitted = fit_words(game, state, player, words, hand) if words else []
                if fitted:
                    words = taken_as(words, [r.laid for r in fitted], hand)
                used = cards_in_words(game, state, player, words)
            except QscoreError as exc:
                not_taken(exc)
                continue
            if not self.allowed(game, words):
                continue
            if not (went_out and used == hand):  # a player who went out laid every card: settled
                words = self.choose_doubles(game, words)
            try:
                used = cards_in_words(game, state, player, words)  # a double card switched in: the deck's count
            except QscoreError as exc:
                not_taken(exc)
                continue
            if went_out and used < hand:
                question = (
                    f"{player} went out, so every card is in a word, but those words take {used} of {hand}. "
                    f"Did {player} go out? (y: retype the words)"
                )
                if self.prompts.yes_no(question, "going out takes every card in a word", default=True):
                    continue
                print(f"{player} did not go out.")
                went_out, said_not_out = False, True
                self.session.progress.going_out[n] = ""
            if used == hand:
                others_out = any(lay.out for p, lay in state.laydowns.items() if p != player)
                unsaid = not went_out and not others_out and not said_not_out  # the table has not said yet
                out = went_out or (unsaid and self.prompts.yes_no(f"Did {player} go out?"))
                return words, "", out, replacing
            answer = self.ask_unused(game, state, player, words, hand - used)
            if answer is not None:
                return answer[1], answer[0], False, replacing

    def saved_meanwhile(self, state: "RoundState", player: str) -> "Laydown | None":
        """The player's laydown in the round as saved now, if another terminal saved one
        that ``state`` (the round as the table is entering it) does not hold."""
        game = self.session.game()
        now = None if game is None else game.rounds[state.number - 1].laydowns.get(player)
        return now if now is not None and now != state.laydowns.get(player) else None

    def choose_doubles(self, game: "Game", words: list[str]) -> list[str]:
        """A word typed in letters that a double card could have laid: its cards, the other
        spellings numbered; Enter keeps the cards as typed, a number switches."""
        from qscore.cli.laid import cards_text, choices_text

        while True:
            text, options = choices_text(game, words)
            if not options:
                return words
            print(text)
            answer = self.prompts.ask(
                f"Enter: as typed, or 1-{len(options)} to switch"
                if len(options) > 1
                else "Enter: as typed, or 1 to switch",
                "a double card (QU IN ER CL TH) is one card: the number lays the word with it",
            )
            if not answer:
                return words
            if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(options):
                i, laid = options[int(answer) - 1]
                words = [*words[:i], laid, *words[i + 1 :]]
                print(f"{laid}: {cards_text(game, [laid])}.")
                continue
            numbers = "1" if len(options) == 1 else f"a number from 1 to {len(options)}"
            not_taken(f"{answer!r}: press Enter to keep the words as typed, or type {numbers} to switch")

    def ask_unused(
        self, game: "Game", state: "RoundState", player: str, words: list[str], left: int
    ) -> tuple[str, list[str]] | None:
        """The cards left in hand, and the words (the cards counted may settle a double card);
        None when the table leaves it blank, to type the words again."""
        from qscore.evening import check_unused

        question = f"{player}'s unused cards ({left} card{'s' if left > 1 else ''}; blank: retype the words)"
        while True:
            unused = self.prompts.ask(question, "the cards left in hand, e.g. Z E")
            if not unused:
                return None
            try:
                laid = check_unused(game, state, player, words, unused, left)
            except QscoreError as exc:
                not_taken(exc)
                continue
            return unused, taken_as(words, laid, state.hand_size)

    def allowed(self, game: "Game", words: list[str]) -> bool:
        """Words the game's dictionary refuses are shown; the table keeps them or types again."""
        from qscore.dictionaries import judge

        if self.session.dictionary is None:  # going on unchecked
            return True
        refused = []
        for w in words:
            verdict = judge(w, self.session.dictionary, game.deck, max_cards=max(game.config.rounds))  # as laid
            if not verdict.allowed:
                near = f"; did you mean {' or '.join(verdict.suggestions[:3])}?" if verdict.suggestions else ""
                print(f"{w}: not allowed ({verdict.reason}){near}")
                refused.append(w)
        if not refused:
            return True
        return self.prompts.yes_no(
            f"Keep {' '.join(refused)} as laid? {'It stands' if len(refused) == 1 else 'They stand'} unless challenged",
            "n: type the words again",
        )

    def fix(self, fix: Fix) -> None:
        """Re-enter a player's laydown for the table's round, or the one before."""
        from qscore import scorekeeper
        from qscore.evening import fix_round

        game = scorekeeper.load_game(self.session.name)
        try:
            player = game.player(fix.player)
            at = self.session.progress.at_round
            round_no = fix_round(game, player, at) if fix.round_no is None else fix.round_no
            state = game.round(round_no)
        except QscoreError as exc:
            not_taken(exc)
            return
        existing = state.laydowns.get(player)
        if existing is None:
            not_taken(f"{player} has no laydown in round {round_no} to fix")
            return
        if not self.saving.confirm_replace(player, existing, round_no):
            return
        entered = self.enter_laydown(game, state, player, went_out=False)
        if entered is not None:
            words, unused, out, meanwhile = entered
            self.saving.save(player, words, unused, out, round_no, replacing=meanwhile or existing)


class NewGame:
    """The questions that start a game, each asked again until its answer can be taken: a
    slip is told and that question comes again, not the ones before it."""

    def __init__(self, session: Session, prompts: Prompts) -> None:
        self.session = session
        self.prompts = prompts

    def set_up(self, name: str | None) -> None:
        """Ask for a new game's players and choices, and start it."""
        from qscore.evening import players_answer

        print("A new game" + (f" called {name!r}." if name else "."))
        while True:
            while True:
                try:
                    players = players_answer(self.prompts.ask(PLAYERS_QUESTION, PLAYERS_HINT))
                    break
                except GameError as exc:
                    not_taken(exc)
            print(f"Seated: {', '.join(players)}.")  # as taken: a missing comma shows here
            # each answer is checked as it is typed: a slip asks that question again, not the rest
            variant = self.choice("Variant: standard or short [standard]", ("standard", "short"), "standard")
            bonus = None
            if len(players) == 2:
                bonus = self.choice(
                    "Two players use one bonus: longest or most (or none)", ("longest", "most", "none"), None
                )
            dictionary = self.ask_dictionary()
            try:
                game = start_game(
                    players,
                    variant=variant,
                    bonus=bonus,
                    dictionary=dictionary,
                    name=name,
                )
            except QscoreError as exc:
                not_taken(exc)
                continue
            self.session.name = game.name
            return

    def choice(self, question: str, choices: tuple[str, ...], default: str | None, more: str = "") -> str:
        """One of ``choices`` (any case; blank is ``default`` where there is one), asked until given."""
        while True:
            answer = self.prompts.ask(question, more).strip().lower()
            if answer in choices or (not answer and default is not None):
                return answer or str(default)
            listed = " or ".join(choices)
            not_taken(f"{answer!r}: answer {listed}" if answer else f"answer {listed}")

    def ask_dictionary(self) -> str | None:
        """The game's dictionary, asked until one opens (blank: the default)."""
        from qscore.dictionaries import DEFAULT_DICTIONARY, open_dictionary

        while True:
            answer = self.prompts.ask(f"Dictionary [{DEFAULT_DICTIONARY}]") or None
            try:
                open_dictionary(answer)
            except QscoreError as exc:
                not_taken(exc)
                continue
            return answer


class PlaySession:
    """One guided evening in a terminal: asks what qscore.evening says comes next, and
    shows what each answer did."""

    def __init__(self) -> None:
        self.session = Session()
        self.prompts = Prompts(self.session)
        self.laydowns = Laydowns(self.session, self.prompts)
        self.new_game = NewGame(self.session, self.prompts)

    def run(self) -> None:
        from qscore import scorekeeper

        game = scorekeeper.load_game(self.session.name)
        self.session.name = game.name
        from qscore.cli.sheets import settings_text

        print(f"Keeping score for game {game.name!r}: {', '.join(game.still_in)}. Type help for the commands.")
        print(settings_text(game))
        self.open_dictionary(game)
        print(WORDS_HINT)
        if game.over:
            print(f"Game {game.name!r} is over; a challenge in its last round can still go in.")
        elif any(r.laydowns for r in game.rounds):
            self.resume(game)
        pending: Fix | None = None
        while True:
            try:
                if pending is not None:
                    fix, pending = pending, None
                    self.laydowns.fix(fix)
                elif not self.step(scorekeeper.load_game(self.session.name)):
                    return
            except Restart:
                pass
            except Fix as fix:
                pending = fix

    def resume(self, game: "Game") -> None:
        """Where the table stopped, before the first question: the round's deal, what is
        laid in it, and the table so far."""
        from qscore.cli.sheets import deal_line, round_text, standing_text
        from qscore.evening import AskChallenges, Finish, next_step

        step = next_step(game, self.session.progress)
        if isinstance(step, Finish):
            return
        state = game.rounds[step.round - 1]
        print()
        if isinstance(step, AskChallenges):
            print(deal_line(state))
            print(round_text(game, state, self.session.dictionary))
            print(totals_line(game, state))  # where the table stands, as a resume at the laydowns shows it
            print(f"Round {state.number} is laid: its challenges, then the next deal.")
            return
        print(standing_text(game))
        if state.laydowns:
            print(round_text(game, state, self.session.dictionary))
        self.session.progress.announced = state.number

    def open_dictionary(self, game: "Game") -> None:
        """The game's dictionary, or, if it cannot be opened, going on unchecked when the table says so."""
        from qscore import scorekeeper

        try:
            self.session.dictionary = scorekeeper.game_dictionary(game)
            self.session.dictionary.refusal("quiz")  # a word list's index is built on first use: now, not mid-laydown
        except DictionaryError as exc:
            print(f"The game's dictionary cannot be opened: {exc}.")
            if not self.prompts.yes_no("Go on without checking words? Challenges then take a paper ruling"):
                raise Quit from None

    def step(self, game: "Game") -> bool:
        """Ask for what the saved game needs next; False once the game is over and settled."""
        from qscore.evening import AskChallenges, AskGoingOut, AskLaydown, next_step

        for note in self.session.progress.catch_up(game):
            print(note)
        step = next_step(game, self.session.progress)
        if isinstance(step, AskChallenges):
            self.challenges(game, step)
        elif isinstance(step, AskGoingOut | AskLaydown):
            state = game.rounds[step.round - 1]
            self.session.progress.at_round = step.round
            if self.session.progress.announced != step.round:
                from qscore.cli.sheets import standing_text

                print()
                print(standing_text(game))
                self.session.progress.announced = step.round
            if isinstance(step, AskGoingOut):
                # the next step reads the game again: a rename or leave meanwhile counts
                self.session.progress.going_out[step.round] = self.laydowns.ask_going_out(game, state)
            else:
                self.laydowns.laydown(game, state, step)
        else:
            self.finish(game)
            return False
        return True

    def challenges(self, game: "Game", step: "AskChallenges") -> None:
        """One challenge, or the end of the round's challenges: its table."""
        from qscore import scorekeeper
        from qscore.cli.sheets import round_text
        from qscore.evening import CHALLENGE_FORM, challenge_answer

        n = self.session.progress.at_round = step.round
        line = self.prompts.ask(f"Challenge in round {n}? (blank: none)", CHALLENGE_FORM)
        if not line:
            # the game as saved now: another terminal may have changed the round meanwhile
            game = scorekeeper.load_game(self.session.name)
            state = game.rounds[n - 1]
            if not state.closed:  # taken back meanwhile: the laydowns come again
                raise Restart
            print()
            print(round_text(game, state, self.session.dictionary))
            after_round(game, state)
            self.session.progress.settled.add(n)
            return
        try:
            ch = challenge_answer(line)
        except GameError as exc:
            not_taken(exc)
            return
        if ch.ruling is None and self.session.dictionary is None:
            not_taken(f"the game's dictionary cannot be opened: add valid or invalid, e.g. {line} invalid")
            return
        number = n if ch.round is None else ch.round
        try:
            saved = scorekeeper.settle_challenge(
                ch.player,
                ch.word,
                ch.by,
                ch.ruling,
                number,
                self.session.name,
                self.session.dictionary,
            )
        except QscoreError as exc:
            not_taken(exc)
            return
        print(challenge_text(saved.after, saved.entry, saved.before))
        if number != n:  # a word of an earlier round: that round is rescored, and shown so
            self.session.show_rescored(saved.after, number)

    def finish(self, game: "Game") -> None:
        from qscore.cli.sheets import standing_text

        after_game(game)
        print(standing_text(game))

    def stop(self) -> NoReturn:
        """Say where the table stopped and how to go on."""
        import shlex

        from qscore.cli.sheets import entry_text
        from qscore.scoresheet import effective

        game = self.session.game()
        if game is None:
            print("\nStopped before the game started: nothing was saved.")
            raise typer.Exit(0)
        last = effective(game.entries)[-1]
        saved = f"last saved: {entry_text(last)}" if last.kind != "created" else "nothing scored yet"
        print(f"\nStopped. Game {game.name!r} is saved ({saved}).")
        print(f"Go on with: qscore play --game {shlex.quote(game.name)}")
        raise typer.Exit(0)


@app.command(short_help="Keep score for a whole game, in table order")
@reports_errors
def play(
    game: Annotated[
        str | None,
        game_option(
            "the game to go on with, or a name for a new one "
            "(default: the game most recently started, or a new one once that is over)"
        ),
    ] = None,
) -> None:
    """Keep score for a whole game in table order: deal, laydowns, challenges, the round's table."""
    from qscore import scorekeeper

    evening = PlaySession()
    try:
        try:
            current = scorekeeper.load_game(game)
            if current.over and game is None:  # the last game is finished: a new one
                import shlex

                from qscore.cli.sheets import standing_text

                result = standing_text(current).removeprefix("Game over. ")
                print(f"The last game, {current.name!r}, is finished. {result}")
                print(f"(qscore play --game {shlex.quote(current.name)} goes back to it, for a late challenge.)")
                evening.new_game.set_up(None)
            else:
                evening.session.name = current.name
        except UnknownGameError:
            if game is not None:
                scorekeeper.check_new_name(game)  # before the table answers anything
            evening.new_game.set_up(game)
        evening.run()
    except (Quit, KeyboardInterrupt):  # Ctrl-C while saving: the stop says what was saved last
        evening.stop()
