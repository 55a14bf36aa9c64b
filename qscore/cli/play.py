"""``qscore play``: the guided mode for a whole evening, in the order a table plays it.

Each round: the deal and who starts; each player's laydown in turn from the starter (or
from the player who went out), every line checked as it is typed; then the challenges;
then the round's table; then the next deal. Every entry is saved the moment it is made,
through the same checks as ``qscore score`` and ``qscore challenge``, so the other
commands work on the same game at any time and ``qscore play --game NAME`` picks up
where the table stopped.

What comes next is qscore.scorekeeper.evening's decision; here is the evening's loop (PlaySession:
resume, the challenges, the finish). The prompts are in play_prompts.py (a line from the
table, the commands at any prompt, and the Turn a command makes: quit, an undo, fix
PLAYER, raised from the prompt and caught by the loop alone), play_laydowns.py (who went out, words, unused cards, a
laydown saved as the table decides) and play_setup.py (the questions that start a game).
"""

from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from qscore.cli.app import INTERRUPTED, app, reports_errors
from qscore.cli.games import challenge_text, summary_shown
from qscore.cli.options import game_option
from qscore.cli.play_laydowns import Laydowns, words_hint
from qscore.cli.play_prompts import (
    AtTable,
    Fix,
    Prompts,
    Quit,
    Restart,
    Session,
    after_round,
    not_taken,
    totals_line,
)
from qscore.cli.play_setup import NewGame
from qscore.cli.wording import worded
from qscore.errors import DictionaryError, GameError, QscoreError, UnknownGameError, quoted

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game
    from qscore.scorekeeper.evening import AskChallenges

# a challenge as play takes it on one line: a word of an earlier round marked as the
# challenge command's option marks it
ROUND_MARK = "--round"
CHALLENGE_FORM = (
    "PLAYER WORD by CHALLENGER (ann steve by ben), then valid or invalid for a paper ruling, "
    f"and {ROUND_MARK} N for a word of an earlier round"
)


def after_game(game: "Game") -> None:
    """What the table sees when the last round is settled, before the winner: the whole
    sheet. Notes on the whole game belong here."""
    from qscore.cli.sheets import sheet_text

    print()
    print(sheet_text(game))
    if game.config.review:
        from qscore.cli.review import game_missed_text

        print(game_missed_text(game))


class PlaySession(AtTable):
    """One guided evening in a terminal: asks what qscore.scorekeeper.evening says comes next, and
    shows what each answer did."""

    def __init__(self) -> None:
        super().__init__(Prompts(Session()))
        self.laydowns = Laydowns(self.prompts)
        self.new_game = NewGame(self.prompts)

    def run(self) -> None:
        """The evening from where the saved game stands, until it is over; Quit raised when
        the table stops. The one place a Turn a command made at a prompt is acted on."""
        from qscore import scorekeeper

        game = scorekeeper.load_game(self.session.name)
        self.session.name = game.name
        from qscore.views.sheet_view import settings_text

        print(f"Keeping score for game {game.name!r}: {', '.join(game.still_in)}. Type help for the commands.")
        print(settings_text(game))
        self.open_dictionary(game)
        print(words_hint(game))
        if game.finished:
            from qscore.views.keeper_said import late_challenges

            print(late_challenges(game.name))
        elif game.over:
            from qscore.views.sheet_view import last_round_open

            print(last_round_open(game))
        elif any(r.laydowns for r in game.rounds):
            self.resume(game)
        fix: Fix | None = None
        going = True
        while going:
            try:
                if fix is not None:
                    asked, fix = fix, None
                    self.session.progress.announced = None  # the round's deal again after it
                    self.laydowns.fix(asked)
                else:
                    going = self.step(scorekeeper.load_game(self.session.name))
            except Fix as asked:
                fix = asked
            except Restart:
                pass
            # Restart, or a step done: the next step is worked out from the game as saved

    def resume(self, game: "Game") -> None:
        """Where the table stopped, before the first question: the round's deal, what is
        laid in it, and the table so far."""
        from qscore.cli.sheets import round_text, standing_text
        from qscore.scorekeeper.evening import AskChallenges, Finish, next_step
        from qscore.views.sheet_view import deal_line

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
        """The game's dictionary, or, if it cannot be opened, going on unchecked when the
        table says so (Quit raised: it says not)."""
        from qscore import scorekeeper

        try:
            self.session.dictionary = scorekeeper.game_dictionary(game)
            self.session.dictionary.refusal("quiz")  # a word list's index is built on first use: now, not mid-laydown
        except DictionaryError as exc:
            print(f"The game's dictionary cannot be opened: {worded(exc)}.")
            if not self.prompts.yes_no("Go on without checking words? Challenges then take a paper ruling"):
                raise Quit() from None

    def step(self, game: "Game") -> bool:
        """Ask for what the saved game needs next; False once the game is over and settled,
        True when a step was taken."""
        from qscore.scorekeeper.evening import AskChallenges, AskGoingOut, AskLaydown, next_step

        for note in self.session.progress.catch_up(game):
            print(note)
        step = next_step(game, self.session.progress)
        if isinstance(step, AskChallenges):
            self.challenges(game, step)
            return True
        if isinstance(step, AskGoingOut | AskLaydown):
            state = game.rounds[step.round - 1]
            self.session.progress.at_round = step.round
            if self.session.progress.announced != step.round:
                from qscore.cli.sheets import standing_text

                print()
                print(standing_text(game))
                self.session.progress.announced = step.round
            if isinstance(step, AskLaydown):
                self.laydowns.laydown(game, state, step)
                return True
            # the next step reads the game again: a rename or leave meanwhile counts
            self.session.progress.going_out[step.round] = self.laydowns.ask_going_out(game, state)
            return True
        self.finish(game)
        return False

    def challenges(self, game: "Game", step: "AskChallenges") -> None:
        """One challenge, or the end of the round's challenges: its table."""
        from qscore import scorekeeper
        from qscore.cli.sheets import round_text
        from qscore.scorekeeper.answers import challenge_answer, challenged_round, check_ruling
        from qscore.views.conversation import challenge_asked

        n = self.session.progress.at_round = step.round
        line = self.prompts.ask(challenge_asked(n, n == len(game.rounds)), CHALLENGE_FORM)
        if not line:
            # the game as saved now: another terminal may have changed the round meanwhile
            game = scorekeeper.load_game(self.session.name)
            state = game.rounds[n - 1]
            if not state.closed:  # taken back meanwhile: the laydowns come again
                return None
            if game.over and not game.finished:  # the last round's challenges settled: the game ends
                from qscore.views.keeper_said import closed_said

                try:
                    game = scorekeeper.close_game(self.session.name).after
                except GameError as exc:  # changed meanwhile: the next step is asked from the game as saved
                    not_taken(exc)
                    return None
                print(closed_said(game))
            print()
            print(round_text(game, state, self.session.dictionary))
            after_round(game, state)
            self.session.progress.settled.add(n)
            return None
        try:
            ch = challenge_answer(line, ROUND_MARK, CHALLENGE_FORM)
            check_ruling(game, ch)
        except GameError as exc:
            not_taken(exc, line)
            return None
        if ch.ruling is None and self.session.dictionary is None:
            not_taken(f"the game's dictionary cannot be opened: add valid or invalid, e.g. {line} invalid")
            return None
        try:
            number = challenged_round(game, ch, n)
        except GameError as exc:
            not_taken(exc, line)
            return None
        saved = self.prompts.answered(
            lambda reply: scorekeeper.settle_challenge(
                ch.player, ch.word, ch.by, ch.ruling, number, self.session.name, self.session.dictionary, reply=reply
            )
        )
        if saved is None:
            return None
        print(challenge_text(saved.after, saved.act, saved.before, self.session.dictionary))
        if number != n:  # a word of an earlier round: that round is rescored, and shown so
            self.session.show_rescored(saved.after, number)
        return None

    def finish(self, game: "Game") -> None:
        from qscore.cli.sheets import standing_text

        after_game(game)
        print(standing_text(game))
        summary_shown(game)

    def stop(self, quit: Quit) -> NoReturn:
        """Say where the table stopped and how to go on; stopped by Ctrl-C, the status says
        so as every command's does (130), though nothing is lost."""
        import shlex

        from qscore.game.scoresheet import effective
        from qscore.views.outcome import entry_text

        game = self.session.game()
        if game is None:
            print("\nStopped before the game started: nothing was saved.")
            raise typer.Exit(INTERRUPTED if quit.interrupted else 0)
        last = effective(game.entries)[-1]
        saved = f"last saved: {entry_text(last)}" if last.kind != "created" else "nothing scored yet"
        print(f"\nStopped. Game {game.name!r} is saved ({saved}).")
        print(f"Go on with: qscore play --game {shlex.quote(game.name)}")
        raise typer.Exit(INTERRUPTED if quit.interrupted else 0)


@app.command(short_help="Keep score for a whole game, in table order")
@reports_errors
def play(
    players: Annotated[
        list[str] | None,
        typer.Argument(
            help="the players of a new game, in seating order (default: asked, or the game under way)",
            show_default=False,
        ),
    ] = None,
    game: Annotated[
        str | None,
        game_option(
            "the game to go on with, or a name for a new one "
            "(default: the game most recently started, or a new one once that is over)"
        ),
    ] = None,
    rounds: Annotated[
        str | None,
        typer.Option("--rounds", help="a new game's cards dealt each round: 3-5, or 3,4,5", metavar="SIZES"),
    ] = None,
) -> None:
    """Keep score for a whole game in table order: deal, laydowns, challenges, the round's table."""
    from qscore.game.rules import parse_rounds

    evening = PlaySession()
    evening.new_game.rounds = None if rounds is None else rounds.strip()
    if rounds is not None:
        parse_rounds(rounds)  # a schedule that reads as none is told before the table answers anything
    try:
        if players:
            new_game_of(evening, players, game)
        else:
            go_on_with(evening, game, rounds is not None)
        evening.run()
    except Quit as quit:
        evening.stop(quit)
    except KeyboardInterrupt:  # Ctrl-C while saving: the stop says what was saved last
        evening.stop(Quit(interrupted=True))


def new_game_of(evening: PlaySession, players: list[str], game: str | None) -> None:
    """A new game of the players named on the command line; a game under way is kept
    as it stands, and said so."""
    from qscore import scorekeeper
    from qscore.game.names import names_listed
    from qscore.game.rules import check_players

    players = names_listed(players)  # ann,ben is two players, as its question reads them
    check_players(players)  # before the table answers anything
    if game is not None:
        scorekeeper.check_new_name(game)
    else:
        try:
            current = scorekeeper.load_game(None)
        except UnknownGameError:
            pass
        else:
            if not current.finished:
                import shlex

                print(f"The game {current.name!r} is kept as it stands.")
                print(f"(qscore play --game {shlex.quote(current.name)} goes back to it.)")
    evening.new_game.set_up(game, players)


def after_finished(evening: PlaySession, game: "Game") -> None:
    """The last game is finished: say so, and ask what ``after_finished`` says play asks,
    going back to it or starting the next game on the first yes; a new game otherwise."""
    import shlex

    from qscore import scorekeeper
    from qscore.cli.sheets import standing_text
    from qscore.scorekeeper import evening as table

    result = standing_text(game).removeprefix("Game over. ")
    print(f"The last game, {game.name!r}, is finished. {result}")
    questions = table.after_finished(game, scorekeeper.game_identity(game.name)[1])
    if not any(q.kind == "back-to-finished" for q in questions):
        print(f"(qscore play --game {shlex.quote(game.name)} goes back to it, for a late challenge.)")
    for question in questions:
        if not question.says_yes(evening.prompts.answer(question)):
            continue  # no: the next question, or a new game
        if question.kind == "back-to-finished":
            evening.session.name = game.name
            return
        try:
            evening.session.name = scorekeeper.start_next_game(game.name).name
            return
        except QscoreError as exc:
            not_taken(exc)
            break
    evening.new_game.set_up(None)


def go_on_with(evening: PlaySession, game: str | None, new_rounds: bool = False) -> None:
    """The game named, or the one under way, or a new one asked for (``new_rounds``: the
    table named a new game's rounds, so a new game it is, set up afresh)."""
    from qscore import scorekeeper

    try:
        current = scorekeeper.load_game(game)
    except UnknownGameError:
        if game is not None:
            scorekeeper.check_new_name(game)  # before the table answers anything
        evening.new_game.set_up(game)
        return
    if new_rounds and (game is not None or not current.finished):
        beside = "" if current.finished else " (qscore play ann ben cat --rounds 3-5 starts one beside it)"
        state = "is finished" if current.finished else "is under way"
        raise GameError(f"--rounds is for a new game: game {quoted(current.name)} {state}{beside}")
    if current.finished and game is None:
        if new_rounds:
            evening.new_game.set_up(None)  # the last game is finished: a new one
        else:
            after_finished(evening, current)
    else:
        evening.session.name = current.name
