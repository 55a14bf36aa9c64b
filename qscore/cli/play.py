"""``qscore play``: the guided mode for a whole evening, in the order a table plays it.

Each round: the deal and who starts; each player's laydown in turn from the starter (or
from the player who went out), every line checked as it is typed; then the challenges;
then the round's table; then the next deal. Every entry is saved the moment it is made,
through the same checks as ``qscore score`` and ``qscore challenge``, so the other
commands work on the same game at any time and ``qscore play --game NAME`` picks up
where the table stopped.
"""

import re
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from qscore.cli.app import app, reports_errors
from qscore.cli.games import (
    challenge_text,
    game_dictionary,
    record_undo,
    save_challenge,
    save_laydown,
    start_game,
    store,
)
from qscore.errors import DictionaryError, GameError, LaydownExistsError, QscoreError, UnknownGameError

if TYPE_CHECKING:
    from qscore.dictionaries import Dictionary
    from qscore.scoresheet import Game, Laydown, RoundState
    from qscore.storage import GameStore

COMMANDS = """At any prompt you can type:
  sheet         the scoresheet so far, with every word laid
  undo          take back the last entry (a laydown, a challenge, a rename or a leave)
  fix PLAYER    re-enter PLAYER's laydown for this round, or for the previous round
                if they have none in this one (fix PLAYER N: round N)
  help          this list
  quit          stop here; everything entered is saved
A word or a name that is also a command goes in quotes: 'undo'."""

WORDS_HINT = "Words as laid: a letter is one card, (qu) is the QU card, e.g. (qu)iz ox. Blank: no words."


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


def turn_order(players: tuple[str, ...], first: str) -> list[str]:
    """The players in turn order, starting with ``first`` (play passes to the left)."""
    i = players.index(first)
    return [*players[i:], *players[:i]]


def words_of(line: str) -> list[str]:
    """The words of a typed line, between spaces or commas; quotes only keep a word from
    being read as a command."""
    return [w.strip("'\"") for w in re.split(r"[\s,]+", line) if w.strip("'\"")]


def after_round(game: "Game", state: "RoundState") -> None:
    """What the table sees after a round's table: the running totals and, unless the table
    turned it off, the round's biggest missed chance."""
    totals = game.totals()
    print(f"Totals after round {state.number}: " + ", ".join(f"{p} {totals[p]}" for p in game.players) + ".")
    if game.config.review:
        from qscore.cli.review import round_miss_text

        print(round_miss_text(game, state.number))


def after_game(game: "Game") -> None:
    """What the table sees when the last round is settled, before the winner: the whole
    sheet. Notes on the whole game belong here."""
    from qscore.cli.sheets import sheet_text

    print()
    print(sheet_text(game))
    if game.config.review:
        from qscore.cli.review import game_missed_text

        print(game_missed_text(game))


class Table:
    """One guided session: what has been asked, and the next step the saved game calls for."""

    def __init__(self, games: "GameStore") -> None:
        self.games = games
        self.name: str | None = None  # the game, once it exists
        self.dictionary: Dictionary | None = None
        self.settled: set[int] = set()  # rounds whose challenges are done, this session
        self.announced: int | None = None  # the round whose deal was shown last
        self.going_out: dict[int, str] = {}  # round -> who the table said went out ("" for nobody named)
        self.at_round = 1  # the round the table is on: its laydowns or its challenges

    # --- prompts -------------------------------------------------------------

    def ask(self, question: str, hint: str = "", *, words: bool = False) -> str:
        """One line from the table; the commands are carried out here, the rest returned."""
        while True:
            try:
                line = str(typer.prompt(question, default="", show_default=False)).strip()
            except typer.Abort:  # end of input or Ctrl-C at a prompt
                raise Quit from None
            parts = line.lower().split()
            command = parts[0] if parts else ""
            if len(parts) == 1 and command == "help":
                print(COMMANDS + (f"\nHere: {hint}" if hint else ""))
            elif len(parts) == 1 and command == "quit":
                raise Quit
            elif len(parts) == 1 and command == "sheet":
                self.show_sheet()
            elif len(parts) == 1 and command == "undo":
                self.undo()
            elif command == "fix" and (target := self.fix_target(parts)):
                raise Fix(*target)
            elif command == "fix" and not words:
                print("There is no game yet to fix." if self.name is None else "Write fix PLAYER, or fix PLAYER ROUND.")
            else:
                return line

    def fix_target(self, parts: list[str]) -> tuple[str, int | None] | None:
        """The player and round of ``fix PLAYER [N]``; None when the line is not that."""
        if self.name is None or len(parts) not in (2, 3) or (len(parts) == 3 and not parts[2].isdigit()):
            return None
        from qscore.scoresheet import name_key

        if name_key(parts[1]) not in [name_key(p) for p in self.games.load(self.name).players]:
            return None
        return parts[1], int(parts[2]) if len(parts) == 3 else None

    def yes_no(self, question: str, hint: str = "", *, default: bool = False) -> bool:
        choices = "[Y/n]" if default else "[y/N]"
        while True:
            answer = self.ask(f"{question} {choices}", hint).lower()
            if not answer:
                return default
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            print("Answer y or n.")

    # --- commands ------------------------------------------------------------

    def show_sheet(self) -> None:
        from qscore.cli.sheets import words_sheet_text

        if self.name is None:
            print("There is no game yet: the sheet starts with the first round.")
            return
        print(words_sheet_text(self.games.load(self.name), self.dictionary))

    def undo(self) -> None:
        if self.name is None:
            print("There is no game yet: nothing to undo.")
            return
        try:
            text, entry, after = record_undo(self.name)
        except QscoreError as exc:
            print(f"qscore: error: {exc}")
            return
        print(text)
        self.show_rescored(after, entry.data["round"])
        raise Restart

    def show_rescored(self, game: "Game", number: int) -> None:
        """A round the table had seen settled, shown again when an entry changes it."""
        from qscore.cli.sheets import round_text

        state = game.rounds[number - 1]
        if state.closed and number in self.settled:
            print(f"Round {number} rescored.")
            print(round_text(game, state, self.dictionary))
            after_round(game, state)

    def stop(self) -> NoReturn:
        """Say where the table stopped and how to go on."""
        from qscore.scoresheet import effective

        if self.name is None:
            print("\nStopped before the game started: nothing was saved.")
            raise typer.Exit(0)
        game = self.games.load(self.name)
        last = effective(game.entries)[-1]
        saved = f"last saved: {game.describe(last)}" if last.kind != "created" else "nothing scored yet"
        print(f"\nStopped. Game {self.name!r} is saved ({saved}).")
        print(f"Go on with: qscore play --game {self.name}")
        raise typer.Exit(0)

    # --- the evening ---------------------------------------------------------

    def set_up(self, name: str | None) -> None:
        """Ask for a new game's players and choices, and start it."""
        print("A new game" + (f" called {name!r}." if name else "."))
        while True:
            players = self.ask(
                "Players, in seating order (the first deals first)", "the players' names, e.g. ann ben cat"
            )
            variant = self.ask("Variant: standard or short [standard]").lower() or "standard"
            bonus = None
            while len(players.replace(",", " ").split()) == 2 and bonus not in ("longest", "most", "none"):
                bonus = self.ask("Two players use one bonus: longest or most", "or none, to play without").lower()
            dictionary = self.ask("Dictionary [everyday]") or None
            try:
                game = start_game(
                    players.replace(",", " ").split(),
                    variant=variant,
                    bonus=bonus,
                    dictionary=dictionary,
                    name=name,
                )
            except QscoreError as exc:
                print(f"qscore: error: {exc}")
                continue
            self.name = game.name
            return

    def run(self) -> None:
        game = self.games.load(self.name)
        self.name = game.name
        print(f"Keeping score for game {game.name!r}: {', '.join(game.still_in)}. Type help for the commands.")
        self.open_dictionary(game)
        print(WORDS_HINT)
        if game.over:
            print(f"Game {game.name!r} is over; a challenge in its last round can still go in.")
        pending: Fix | None = None
        while True:
            try:
                if pending is not None:
                    fix, pending = pending, None
                    self.fix(fix)
                elif not self.step(self.games.load(self.name)):
                    return
            except Restart:
                pass
            except Fix as fix:
                pending = fix

    def open_dictionary(self, game: "Game") -> None:
        """The game's dictionary, or, if it cannot be opened, going on unchecked when the table says so."""
        try:
            self.dictionary = game_dictionary(game)
            self.dictionary.refusal("quiz")  # a word list's index is built on first use: now, not mid-laydown
        except DictionaryError as exc:
            print(f"qscore: error: the game's dictionary cannot be opened: {exc}")
            if not self.yes_no("Go on without checking words? Challenges then take a paper ruling"):
                raise Quit from None

    def step(self, game: "Game") -> bool:
        """Ask for what the saved game needs next; False once the game is over and settled."""
        current = game.current
        # a round opened again (undo, fix, another terminal) has its challenges again
        self.settled = {r for r in self.settled if current is None or r < current.number}
        if current is None:
            last = game.rounds[-1]
            if last.number in self.settled:
                self.finish(game)
                return False
            self.challenges(game, last)
            return True
        previous = game.rounds[current.number - 2] if current.number > 1 else None
        if previous is not None and not current.laydowns and previous.number not in self.settled:
            self.challenges(game, previous)
        else:
            self.next_laydown(game, current)
        return True

    def next_laydown(self, game: "Game", state: "RoundState") -> None:
        from qscore.cli.sheets import standing_text

        n = self.at_round = state.number
        if self.announced != n:
            print()
            print(standing_text(game))
            self.announced = n
        gone = next((p for p, lay in state.laydowns.items() if lay.out), None)
        if gone is None and n not in self.going_out:
            self.going_out[n] = self.ask_going_out(game, state)
            return  # the next step reads the game again: a rename or leave meanwhile counts
        named = "" if gone else self.going_out[n]
        if named and named not in state.players:  # renamed or gone home, from another terminal
            print(f"{named} is no longer in round {n}.")
            del self.going_out[n]
            return
        order = turn_order(state.players, gone or named or state.starts)
        player = next(p for p in order if p not in state.laydowns)
        words, unused, out = self.enter_laydown(game, state, player, went_out=player == named)
        self.save(player, words, unused, out, n)

    def ask_going_out(self, game: "Game", state: "RoundState") -> str:
        """Who went out this round, if the table says: their laydown comes first."""
        while True:
            answer = self.ask(
                f"Who went out? (blank: take the laydowns in turn from {state.starts})",
                "the player who went out lays down first; the others follow in turn.",
            )
            if answer.lower() in ("", "nobody", "none", "-"):
                return ""
            try:
                who = game.player(answer.strip("'\""))  # a name that is also a command, in quotes
                game.playing(who, state)
            except GameError as exc:
                print(f"qscore: error: {exc}")
                continue
            if who in state.laydowns:
                print(f"qscore: error: {who}'s laydown is saved, not going out: fix {who} to change it")
                continue
            return who

    def enter_laydown(
        self, game: "Game", state: "RoundState", player: str, *, went_out: bool
    ) -> tuple[list[str], str, bool]:
        """Ask for a player's words and unused cards, each line checked as it is typed."""
        n, hand = state.number, state.hand_size
        said_not_out = False  # the table named this player as going out, then said not
        while True:
            words = words_of(self.ask(f"{player}'s words", WORDS_HINT, words=True))
            try:
                _, _, laid = game.check_words(player, words, n)
            except QscoreError as exc:
                print(f"qscore: error: {exc}")
                continue
            used = sum(len(cards) for cards in laid)
            if used > hand:
                print(f"qscore: error: {player}'s words take {used} cards, but round {n} is dealt {hand}")
                continue
            if not self.allowed(game, words):
                continue
            if went_out and used < hand:
                question = (
                    f"{player} went out, so every card is in a word: those words take {used} of {hand}. "
                    f"Retype {player}'s words, or answer n if {player} did not go out"
                )
                if self.yes_no(question, "going out takes every card in a word", default=True):
                    continue
                print(f"{player} did not go out.")
                went_out, said_not_out = False, True
                self.going_out[n] = ""
            if used == hand:
                others_out = any(lay.out for p, lay in state.laydowns.items() if p != player)
                unsaid = not went_out and not others_out and not said_not_out  # the table has not said yet
                out = went_out or (unsaid and self.yes_no(f"Did {player} go out?"))
                return words, "", out
            unused = self.ask_unused(game, state, player, words, hand - used)
            if unused is not None:
                return words, unused, False

    def ask_unused(self, game: "Game", state: "RoundState", player: str, words: list[str], left: int) -> str | None:
        """The cards left in hand; None when the table leaves it blank, to type the words again."""
        from qscore.cards import parse_hand

        question = f"{player}'s unused cards ({left} card{'s' if left > 1 else ''}; blank: retype the words)"
        while True:
            unused = self.ask(question, "the cards left in hand, e.g. Z E")
            if not unused:
                return None
            try:
                given = len(parse_hand(unused, game.deck, what="unused cards"))
                if given != left:
                    raise GameError(
                        f"{player}'s words take {state.hand_size - left} of the {state.hand_size} cards dealt, "
                        f"so {left} {'is' if left == 1 else 'are'} unused, but {given} given"
                    )
                # only checked here: whether a saved laydown is replaced is decided when it is saved
                game.check_laydown(player, words, unused, False, state.number, replace=True)
                return unused
            except QscoreError as exc:
                print(f"qscore: error: {exc}")

    def allowed(self, game: "Game", words: list[str]) -> bool:
        """Words the game's dictionary refuses are shown; the table keeps them or types again."""
        from qscore.dictionaries import judge

        if self.dictionary is None:  # going on unchecked
            return True
        refused = []
        for w in words:
            verdict = judge(w, self.dictionary, game.deck, max_cards=max(game.config.rounds))  # as laid
            if not verdict.allowed:
                near = f"; did you mean {' or '.join(verdict.suggestions[:3])}?" if verdict.suggestions else ""
                print(f"{w}: not allowed ({verdict.reason}){near}")
                refused.append(w)
        if not refused:
            return True
        return self.yes_no(
            f"Keep {' '.join(refused)} as laid? {'It stands' if len(refused) == 1 else 'They stand'} unless challenged",
            "n: type the words again",
        )

    def confirm_replace(self, player: str, existing: "Laydown", round_no: int) -> bool:
        """The one place the table decides whether a laydown saved already is replaced."""
        if self.yes_no(f"{player} already laid {existing.text()} in round {round_no}. Replace it?"):
            return True
        print(f"Kept {player}'s {existing.text()}.")
        return False

    def save(
        self, player: str, words: list[str], unused: str, out: bool, n: int, *, replacing: "Laydown | None" = None
    ) -> None:
        """Save a laydown for round ``n``; ``replacing`` is the laydown the table agreed to replace."""
        try:
            before, entry, after = save_laydown(player, words, unused, out, n, self.name, replace=replacing is not None)
        except LaydownExistsError as exc:
            # laid meanwhile, from another terminal: the table decides, unless it is the same
            existing = exc.existing
            if self.laid_already(player, words, unused, out, n, existing):
                print(f"{player}'s laydown in round {n} is saved already: {existing.text()}.")
                return
            if self.confirm_replace(player, existing, n):
                self.save(player, words, unused, out, n, replacing=existing)
            return
        except QscoreError as exc:  # the game changed meanwhile: ask afresh
            print(f"qscore: error: {exc}")
            return
        if replacing is None:
            print(f"Recorded {before.describe(entry)}.")
        else:
            now = after.rounds[n - 1].laydowns[player]
            print(f"Replaced {player}'s {replacing.text()} in round {n} with {now.text()}.")
        self.show_rescored(after, n)

    def laid_already(self, player: str, words: list[str], unused: str, out: bool, n: int, existing: "Laydown") -> bool:
        """Whether ``existing`` is the very laydown typed (as laid, in the same notation)."""
        try:
            typed = self.games.load(self.name).check_laydown(player, words, unused, out, n, replace=True)[1]
        except QscoreError:
            return False
        return typed == existing

    def fix(self, fix: Fix) -> None:
        """Re-enter a player's laydown for the table's round, or the one before."""
        game = self.games.load(self.name)
        try:
            player = game.player(fix.player)
            round_no = fix.round_no or self.fix_round(game, player)
            state = game.round(round_no)
        except QscoreError as exc:
            print(f"qscore: error: {exc}")
            return
        existing = state.laydowns.get(player)
        if existing is None:
            print(f"qscore: error: {player} has no laydown in round {round_no} to fix")
            return
        if not self.confirm_replace(player, existing, round_no):
            return
        words, unused, out = self.enter_laydown(game, state, player, went_out=False)
        self.save(player, words, unused, out, round_no, replacing=existing)

    def fix_round(self, game: "Game", player: str) -> int:
        n = self.at_round
        if player in game.rounds[n - 1].laydowns:
            return n
        if n > 1 and player in game.rounds[n - 2].laydowns:
            return n - 1
        rounds = f"round {n - 1} or {n}" if n > 1 else f"round {n}"
        raise GameError(f"{player} has no laydown in {rounds} to fix")

    def challenges(self, game: "Game", state: "RoundState") -> None:
        """One challenge, or the end of the round's challenges: its table."""
        from qscore.cli.sheets import round_text

        n = self.at_round = state.number
        hint = "PLAYER WORD by CHALLENGER (ann steve by ben), then valid or invalid for a paper ruling"
        line = self.ask(f"Challenge in round {n}? (blank: none)", hint)
        if not line:
            print()
            print(round_text(game, state, self.dictionary))
            after_round(game, state)
            self.settled.add(n)
            return
        parts = line.split()
        ruling = parts.pop().lower() if len(parts) == 5 else None
        if len(parts) != 4 or parts[2].lower() != "by" or ruling not in (None, "valid", "invalid"):
            print(f"qscore: error: write a challenge as {hint}")
            return
        if ruling is None and self.dictionary is None:
            print(f"qscore: error: the game's dictionary cannot be opened: add valid or invalid, e.g. {line} invalid")
            return
        try:
            _, entry, after = save_challenge(parts[0], parts[1], parts[3], ruling, n, self.name, self.dictionary)
        except QscoreError as exc:
            print(f"qscore: error: {exc}")
            return
        print(challenge_text(after, entry))

    def finish(self, game: "Game") -> None:
        from qscore.cli.sheets import standing_text

        after_game(game)
        print(standing_text(game))


@app.command()
@reports_errors
def play(
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help="the game to go on with, or a name for a new one "
            "(default: the game most recently started, or a new one once that is over)",
        ),
    ] = None,
) -> None:
    """Keep score for a whole game in table order: deal, laydowns, challenges, the round's table."""
    games = store()
    table = Table(games)
    try:
        try:
            current = games.load(game)
            if current.over and game is None:  # the last game is finished: a new one
                table.set_up(None)
            else:
                table.name = current.name
        except UnknownGameError:
            table.set_up(game)
        table.run()
    except (Quit, KeyboardInterrupt):  # Ctrl-C while saving: the stop says what was saved last
        table.stop()
