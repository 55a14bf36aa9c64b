"""``qscore play``'s laydowns: who went out, each player's words and unused cards, checked as
they are typed (Laydowns), and saved as the table decides (Saving). A command at a prompt
(quit, an undo, fix PLAYER) goes past them, raised to the evening's loop."""

from dataclasses import dataclass
from typing import TYPE_CHECKING

from qscore.cli.play_prompts import AtTable, Fix, Prompts, not_taken, taken_as
from qscore.errors import GameError, QscoreError

if TYPE_CHECKING:
    from qscore.game.scoresheet import Game, Laydown, RoundState
    from qscore.scorekeeper.answers import Way
    from qscore.scorekeeper.evening import AskLaydown

WORDS_HINT = "Words as laid: a letter is one card, (qu) is the QU card, e.g. (qu)iz ox. Blank or -: no words."


def words_hint(game: "Game") -> str:
    """How the table types words, with the game's double cards: a table's deck (Junior's) may
    have no QU card, but LL and OO."""
    from qscore.views.keeper_said import doubles_laid

    doubles = doubles_laid(game)
    if doubles is None:
        return WORDS_HINT
    if not doubles:
        return "Words as laid: a letter is one card, e.g. cat ox. Blank or -: no words."
    shown = ", ".join(doubles)
    return f"Words as laid: a letter is one card, a double card in brackets: {shown}. Blank or -: no words."


@dataclass(frozen=True)
class Entered:
    """A laydown as the table typed it, and the one it replaces: one standing (a fix's, or
    one saved meanwhile from another terminal) that the table said to replace (None: none)."""

    words: list[str]
    unused: str
    out: bool
    replacing: "Laydown | None"


class Saving(AtTable):
    """A laydown saved as the table decides: a replacement only when it agrees, one saved
    meanwhile from another terminal told and asked about, unless it is the very one typed."""

    def confirm_replace(self, existing: "Laydown", round_no: int, new: "Laydown") -> bool:
        """The one place the table decides whether a laydown saved already is replaced (by ``new``)."""
        from qscore.scorekeeper.questions import replace_asked

        question = replace_asked(existing, round_no, new).question
        answer = self.prompts.answer(question)
        if answer.unchanged:
            print(answer.unchanged)
        return not answer.unchanged

    def save(self, player: str, entered: Entered, n: int) -> None:
        """Save a laydown for round ``n``; ``entered.replacing`` is the laydown the table agreed to replace."""
        from qscore import scorekeeper
        from qscore.cli.laid import laid_lines, notes_lines
        from qscore.game.rules import LaydownExistsError
        from qscore.scorekeeper.answers import laid_as
        from qscore.views.outcome import laydown_outcome

        words, unused, out, replacing = entered.words, entered.unused, entered.out, entered.replacing
        try:
            saved = scorekeeper.save_laydown(
                player, words, unused, out, n, self.session.name, replace=replacing is not None
            )
        except LaydownExistsError as exc:
            # a fix, or laid meanwhile from another terminal: the table decides, told what
            # replaces what, unless it is the very laydown typed
            existing = exc.existing
            self.session.progress.saw(n, existing.player, existing)  # told here: not again
            try:
                new = laid_as(scorekeeper.load_game(self.session.name), player, words, unused, out, n)
            except QscoreError as refused:  # the game changed meanwhile: ask afresh
                not_taken(refused)
                return None
            if new == existing:
                print(f"{player}'s laydown in round {n} is saved already: {existing.text()}.")
                return None
            if self.confirm_replace(existing, n, new):
                self.save(player, Entered(words, unused, out, existing), n)
            return None
        except QscoreError as exc:  # the game changed meanwhile: ask afresh
            not_taken(exc)
            return None
        who = saved.act.player
        self.session.progress.saw(n, who, saved.after.rounds[n - 1].laydowns[who])
        outcome = laydown_outcome(saved, words, None)  # the table has judged the words as typed
        print(outcome.headline)
        print("\n".join(laid_lines(outcome, hints=False)))
        for line in notes_lines(outcome.dropped):
            print(line)
        self.session.show_rescored(saved.after, n)
        return None


class Laydowns(AtTable):
    """Who went out, each player's words and unused cards, checked as they are typed, and
    saved; a laydown fixed or laid meanwhile from another terminal."""

    def __init__(self, prompts: Prompts) -> None:
        super().__init__(prompts)
        self.saving = Saving(prompts)

    def ask_going_out(self, game: "Game", state: "RoundState") -> str:
        """Who went out this round, if the table says: their laydown comes first."""
        from qscore.scorekeeper.answers import going_out_answer

        while True:
            answer = self.prompts.ask(
                f"Who went out? (blank: take the laydowns in turn from {state.starts})",
                "the player who went out lays down first; the others follow in turn.",
            )
            try:
                return going_out_answer(game, state, answer)
            except GameError as exc:
                # a name is asked for: a command is told only for a slip near no player that
                # is no word (quiz, laid too early, is not taken for quit)
                slip = game.nearest_player(answer) is None and (
                    self.session.dictionary is None or self.prompts.refused(answer)
                )
                not_taken(exc, answer if slip else "")

    def laydown(self, game: "Game", state: "RoundState", step: "AskLaydown") -> None:
        entered = self.enter_laydown(game, state, step.player, went_out=step.went_out)
        if entered is not None:
            self.saving.save(step.player, entered, state.number)

    def enter_laydown(self, game: "Game", state: "RoundState", player: str, *, went_out: bool) -> Entered | None:
        """Ask for a player's words and unused cards, each line checked as it is typed, then,
        only if the cards counted leave ways worth different points, which way they were
        laid (None: the very words saved meanwhile from another terminal, nothing to save).
        A laydown saved meanwhile is told at once; whether it is replaced is asked as the
        words typed are saved, naming both."""
        from qscore.scorekeeper.answers import unused_counts, ways_to_lay, words_of, worth_asking

        n, hand = state.number, state.hand_size
        said_not_out = False  # the table named this player as going out, then said not
        told = False  # a laydown saved meanwhile is told once
        words_question = f"{player}'s words"
        self.session.laid_words.pop(words_question, None)  # a command said to be a word: for one laydown

        def could_lay(word: str) -> bool:
            """Whether ``word`` alone could be the player's laydown: the cards dealt hold it,
            and the game's dictionary allows it."""
            try:
                ways_to_lay(game, state, player, [word])
            except QscoreError:
                return False
            return not self.prompts.refused(word)

        while True:
            typed = self.prompts.ask(words_question, words_hint(game), words=could_lay)
            words = words_of(typed)
            if not told and (meanwhile := self.saved_meanwhile(state, player)) is not None:
                # told before any question about the words typed: the table may not need them
                self.session.progress.saw(n, player, meanwhile)
                from qscore.views.keeper_said import saved_meanwhile

                print(saved_meanwhile(player, n, meanwhile))
                if [w.lower() for w in words] == [w.lower() for w in meanwhile.words]:
                    return None
                told = True
            try:
                ways = ways_to_lay(game, state, player, words, went_out=went_out)
            except QscoreError as exc:
                not_taken(exc)
                continue
            if not self.allowed(game, words):
                continue
            if went_out and all(w.count < hand for w in ways):
                used = max(w.count for w in ways)
                question = (
                    f"{player} went out, so every card is in a word, but those words take {used} of {hand}. "
                    f"Did {player} go out? (y: retype the words)"
                )
                if self.prompts.yes_no(question, "going out takes every card in a word", default=True):
                    continue
                print(f"{player} did not go out.")
                went_out, said_not_out = False, True
                self.session.progress.going_out[n] = ""
            unused = ""
            if not went_out and unused_counts(state, ways) != [0]:  # the cards left in hand, before any spelling
                answer = self.ask_unused(game, state, player, words, ways)
                if answer is None:
                    continue
                unused, ways = answer
            if worth_asking(ways):  # the table says which way, asked only now the count is known
                way = self.choose_way(game, words, ways)
                laid = way.words
            else:  # the way typed comes first
                way = ways[0]
                laid = taken_as(words, way.words, hand, only=len(ways) == 1)
            if way.count < hand:
                return Entered(laid, unused, False, None)
            others_out = any(lay.out for p, lay in state.laydowns.items() if p != player)
            unsaid = not went_out and not others_out and not said_not_out  # the table has not said yet
            out = went_out or (unsaid and self.prompts.yes_no(f"Did {player} go out?"))
            return Entered(laid, "", out, None)

    def saved_meanwhile(self, state: "RoundState", player: str) -> "Laydown | None":
        """The player's laydown in the round as saved now, if another terminal saved one
        that ``state`` (the round as the table is entering it) does not hold."""
        game = self.session.game()
        now = None if game is None else game.rounds[state.number - 1].laydowns.get(player)
        return now if now is not None and now != state.laydowns.get(player) else None

    def choose_way(self, game: "Game", typed: list[str], ways: "list[Way]") -> "Way":
        """Which way the words were laid, of the ways the cards counted leave (worth
        different points): numbered, Enter keeping the words as typed when that is one,
        else taking the first listed, as the question says."""
        from qscore.views.outcome import cards_text

        print(f"{' '.join(typed)} can be laid {len(ways)} ways with those cards, worth different points:")
        for i, way in enumerate(ways, 1):
            print(
                f"  {i}: {' '.join(way.words)}: {cards_text(game.deck, way.words)}"
                + (" (as typed)" if way.typed else "")
            )
        keep = ways[0].typed
        numbers = f"1-{len(ways)}"
        while True:
            answer = self.prompts.ask(
                f"Which was laid? Enter: {'as typed' if keep else '1'}, or {numbers}",
                "a double card (QU IN ER CL TH) is one card: the number says which cards the words were laid with",
            )
            if not answer:
                return ways[0]
            if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(ways):
                return ways[int(answer) - 1]  # its cards are shown as it is saved
            enter = "the words as typed" if keep else "the first"
            not_taken(f"{answer!r}: type a number from 1 to {len(ways)}, or press Enter for {enter}", answer)

    def ask_unused(
        self, game: "Game", state: "RoundState", player: str, words: list[str], ways: "list[Way]"
    ) -> "tuple[str, list[Way]] | None":
        """The cards left in hand, and the ways to lay the words that leave that many (the
        cards counted may settle a double card); None when the table leaves it blank, to
        type the words again."""
        from qscore.scorekeeper.answers import check_unused, unused_choice
        from qscore.views.conversation import unused_told

        question = (
            f"{player}'s unused cards ({unused_told(unused_choice(state, words, ways))}; blank: retype the words)"
        )
        while True:
            unused = self.prompts.ask(question, "the cards left in hand, e.g. Z E")
            if not unused:
                return None
            try:
                fitting = check_unused(game, state, player, ways, unused)
            except QscoreError as exc:
                not_taken(exc, unused)
                continue
            return unused, fitting

    def allowed(self, game: "Game", words: list[str]) -> bool:
        """Words the game's dictionary refuses are shown; the table keeps them or types again."""
        from qscore import scorekeeper
        from qscore.views.verdict_view import refused_line

        if self.session.dictionary is None:  # going on unchecked
            return True
        refused = []
        for w in words:  # judged as laid, each told as typed
            for verdict in scorekeeper.refused_words(game, [w], self.session.dictionary, suggest=True):
                print(refused_line(verdict, w))
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
        from qscore.scorekeeper.evening import fix_round

        game = scorekeeper.load_game(self.session.name)
        try:
            player = game.player(fix.player)
            at = self.session.progress.at_round
            round_no = fix_round(game, player, at) if fix.round_no is None else fix.round_no
            state = game.round(round_no)
        except QscoreError as exc:
            not_taken(exc)
            return None
        existing = state.laydowns.get(player)
        if existing is None:
            not_taken(f"{player} has no laydown in round {round_no} to fix")
            return None
        from qscore.views.keeper_said import fix_said

        print(fix_said(existing, round_no))
        # a player who went out is taken as going out again, as a player named so is: asked
        # only when the words typed leave a card over. The fix is the table's answer to
        # "replace it?" (as score's --replace is): the laydown typed replaces the one shown
        entered = self.enter_laydown(game, state, player, went_out=existing.out)
        if entered is None:
            return None
        entered = Entered(entered.words, entered.unused, entered.out, existing)
        if not game.finished or self.final_sheet_changed(game, player, entered, round_no):
            self.saving.save(player, entered, round_no)
        return None

    def final_sheet_changed(self, game: "Game", player: str, entered: Entered, number: int) -> bool:
        """Whether the table says yes to a fix of a game the scorekeeper closed, asked as
        score and the scorekeeper's page ask it (its no says what was kept)."""
        from qscore.scorekeeper.answers import laid_as
        from qscore.scorekeeper.questions import finished_replace_asked

        assert entered.replacing is not None
        try:
            new = laid_as(game, player, entered.words, entered.unused, entered.out, number)
        except QscoreError as exc:
            not_taken(exc)
            return False
        answer = self.prompts.answer(finished_replace_asked(game, entered.replacing, number, new).question)
        if answer.unchanged:
            print(answer.unchanged)
        return not answer.unchanged
