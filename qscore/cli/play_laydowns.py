"""``qscore play``'s laydowns: who went out, each player's words and unused cards, checked as
they are typed (Laydowns), and saved as the table decides (Saving). Each step returns the
Turn a command at its prompt made (quit, an undo, fix PLAYER), for the evening's loop."""

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from qscore.cli.play_prompts import Fix, Prompts, Session, Turn, not_taken, taken_as
from qscore.errors import GameError, QscoreError

if TYPE_CHECKING:
    from qscore.evening import AskLaydown
    from qscore.scoresheet import Game, Laydown, RoundState

WORDS_HINT = "Words as laid: a letter is one card, (qu) is the QU card, e.g. (qu)iz ox. Blank: no words."


@dataclass(frozen=True)
class Entered:
    """A laydown as the table typed it, and the one it replaces: one saved meanwhile from
    another terminal that the table said to replace (None: none)."""

    words: list[str]
    unused: str
    out: bool
    replacing: "Laydown | None"


class Saving:
    """A laydown saved as the table decides: a replacement only when it agrees, one saved
    meanwhile from another terminal told and asked about, unless it is the very one typed."""

    def __init__(self, session: Session, prompts: Prompts) -> None:
        self.session = session
        self.prompts = prompts

    def confirm_replace(self, player: str, existing: "Laydown", round_no: int) -> bool | Turn:
        """The one place the table decides whether a laydown saved already is replaced."""
        replace = self.prompts.yes_no(f"{player} already laid {existing.text()} in round {round_no}. Replace it?")
        if replace is False:
            print(f"Kept {player}'s {existing.text()}.")
        return replace

    def save(self, player: str, entered: Entered, n: int) -> Turn | None:
        """Save a laydown for round ``n``; ``entered.replacing`` is the laydown the table agreed to replace."""
        from qscore import scorekeeper
        from qscore.cli.laid import laid_lines
        from qscore.cli.sheets import entry_text
        from qscore.evening import is_laid
        from qscore.rules import LaydownExistsError

        words, unused, out, replacing = entered.words, entered.unused, entered.out, entered.replacing
        try:
            saved = scorekeeper.save_laydown(
                player, words, unused, out, n, self.session.name, replace=replacing is not None
            )
        except LaydownExistsError as exc:
            # laid meanwhile, from another terminal: the table decides, unless it is the same
            existing = exc.existing
            self.session.progress.saw(n, existing.player, existing)  # told here: not again
            if is_laid(scorekeeper.load_game(self.session.name), player, words, unused, out, n, existing):
                print(f"{player}'s laydown in round {n} is saved already: {existing.text()}.")
                return None
            replace = self.confirm_replace(player, existing, n)
            if replace is True:
                return self.save(player, Entered(words, unused, out, existing), n)
            return None if replace is False else replace
        except QscoreError as exc:  # the game changed meanwhile: ask afresh
            not_taken(exc)
            return None
        who = saved.act.player
        self.session.progress.saw(n, who, saved.after.rounds[n - 1].laydowns[who])
        if replacing is None:
            print(f"Recorded {entry_text(saved.entry)}.")
        else:
            now = saved.after.rounds[n - 1].laydowns[player]
            print(f"Replaced {player}'s {replacing.text()} in round {n} with {now.text()}.")
        print("\n".join(laid_lines(saved.after, words, saved.act, hints=False)))
        self.session.show_rescored(saved.after, n)
        return None


class Laydowns:
    """Who went out, each player's words and unused cards, checked as they are typed, and
    saved; a laydown fixed or laid meanwhile from another terminal."""

    def __init__(self, session: Session, prompts: Prompts) -> None:
        self.session = session
        self.prompts = prompts
        self.saving = Saving(session, prompts)

    def ask_going_out(self, game: "Game", state: "RoundState") -> str | Turn:
        """Who went out this round, if the table says: their laydown comes first."""
        from qscore.evening import going_out_answer

        while True:
            answer = self.prompts.ask(
                f"Who went out? (blank: take the laydowns in turn from {state.starts})",
                "the player who went out lays down first; the others follow in turn.",
            )
            if not isinstance(answer, str):
                return answer
            try:
                return going_out_answer(game, state, answer)
            except GameError as exc:
                not_taken(exc)

    def laydown(self, game: "Game", state: "RoundState", step: "AskLaydown") -> Turn | None:
        entered = self.enter_laydown(game, state, step.player, went_out=step.went_out)
        if isinstance(entered, Entered):
            return self.saving.save(step.player, entered, state.number)
        return entered

    def enter_laydown(self, game: "Game", state: "RoundState", player: str, *, went_out: bool) -> Entered | Turn | None:
        """Ask for a player's words and unused cards, each line checked as it is typed; and
        the laydown they replace, when one was saved meanwhile from another terminal and the
        table said to replace it (None: the table kept it, nothing to save)."""
        from qscore.evening import cards_in_words, fit_words, words_of

        n, hand = state.number, state.hand_size
        said_not_out = False  # the table named this player as going out, then said not
        replacing = None
        while True:
            typed = self.prompts.ask(f"{player}'s words", WORDS_HINT, words=True)
            if not isinstance(typed, str):
                return typed
            words = words_of(typed)
            if replacing is None and (meanwhile := self.saved_meanwhile(state, player)) is not None:
                # told before any question about the words typed: the table may not need them
                self.session.progress.saw(n, player, meanwhile)
                print(f"{player}'s laydown in round {n} was saved meanwhile from another terminal: {meanwhile.text()}.")
                if [w.lower() for w in words] == [w.lower() for w in meanwhile.words]:
                    return None
                replace = self.saving.confirm_replace(player, meanwhile, n)
                if replace is not True:
                    return None if replace is False else replace
                replacing = meanwhile
            try:
                fitted = fit_words(game, state, player, words, hand) if words else []
                if fitted:
                    words = taken_as(words, [r.laid for r in fitted], hand)
                used = cards_in_words(game, state, player, words)
            except QscoreError as exc:
                not_taken(exc)
                continue
            allowed = self.allowed(game, words)
            if allowed is not True:
                if allowed is False:
                    continue
                return allowed
            if not (went_out and used == hand):  # a player who went out laid every card: settled
                chosen = self.choose_doubles(game, words)
                if not isinstance(chosen, list):
                    return chosen
                words = chosen
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
                retype = self.prompts.yes_no(question, "going out takes every card in a word", default=True)
                if retype is True:
                    continue
                if retype is not False:
                    return retype
                print(f"{player} did not go out.")
                went_out, said_not_out = False, True
                self.session.progress.going_out[n] = ""
            if used == hand:
                others_out = any(lay.out for p, lay in state.laydowns.items() if p != player)
                unsaid = not went_out and not others_out and not said_not_out  # the table has not said yet
                out = went_out or (unsaid and self.prompts.yes_no(f"Did {player} go out?"))
                if not isinstance(out, bool):
                    return out
                return Entered(words, "", out, replacing)
            answer = self.ask_unused(game, state, player, words, hand - used)
            if isinstance(answer, tuple):
                return Entered(answer[1], answer[0], False, replacing)
            if answer is not None:
                return answer

    def saved_meanwhile(self, state: "RoundState", player: str) -> "Laydown | None":
        """The player's laydown in the round as saved now, if another terminal saved one
        that ``state`` (the round as the table is entering it) does not hold."""
        game = self.session.game()
        now = None if game is None else game.rounds[state.number - 1].laydowns.get(player)
        return now if now is not None and now != state.laydowns.get(player) else None

    def choose_doubles(self, game: "Game", words: list[str]) -> list[str] | Turn:
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
            if not isinstance(answer, str):
                return answer
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
    ) -> tuple[str, list[str]] | Turn | None:
        """The cards left in hand, and the words (the cards counted may settle a double card);
        None when the table leaves it blank, to type the words again."""
        from qscore.evening import check_unused

        question = f"{player}'s unused cards ({left} card{'s' if left > 1 else ''}; blank: retype the words)"
        while True:
            unused = self.prompts.ask(question, "the cards left in hand, e.g. Z E")
            if not isinstance(unused, str):
                return unused
            if not unused:
                return None
            try:
                laid = check_unused(game, state, player, words, unused, left)
            except QscoreError as exc:
                not_taken(exc)
                continue
            return unused, taken_as(words, laid, state.hand_size)

    def allowed(self, game: "Game", words: list[str]) -> bool | Turn:
        """Words the game's dictionary refuses are shown; the table keeps them or types again."""
        from qscore import scorekeeper

        if self.session.dictionary is None:  # going on unchecked
            return True
        refused = []
        for w in words:  # judged as laid, each told as typed
            for verdict in scorekeeper.refused_words(game, [w], self.session.dictionary, suggest=True):
                near = f"; did you mean {' or '.join(verdict.suggestions[:3])}?" if verdict.suggestions else ""
                print(f"{w}: not allowed ({verdict.reason}){near}")
                refused.append(w)
        if not refused:
            return True
        return self.prompts.yes_no(
            f"Keep {' '.join(refused)} as laid? {'It stands' if len(refused) == 1 else 'They stand'} unless challenged",
            "n: type the words again",
        )

    def fix(self, fix: Fix) -> Turn | None:
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
            return None
        existing = state.laydowns.get(player)
        if existing is None:
            not_taken(f"{player} has no laydown in round {round_no} to fix")
            return None
        replace = self.saving.confirm_replace(player, existing, round_no)
        if replace is not True:
            return None if replace is False else replace
        entered = self.enter_laydown(game, state, player, went_out=False)
        if not isinstance(entered, Entered):
            return entered
        return self.saving.save(player, dataclasses.replace(entered, replacing=entered.replacing or existing), round_no)
