"""``qscore play``'s questions that start a game, each asked again until its answer can be
taken: a slip is told and that question comes again, not the ones before it."""

from pathlib import Path

from qscore.cli.games import start_game
from qscore.cli.play_prompts import AtTable, choice_not_taken, not_taken
from qscore.errors import GameError, QscoreError
from qscore.game.deckfile import read_deck_file
from qscore.game.variants import variant_rules
from qscore.views.setup_said import (
    VARIANTS,
    below_zero_question,
    deck_question,
    deck_size_note,
    no_deck_said,
    variant_question,
)

PLAYERS_QUESTION = "Players, in seating order (the first deals first; commas between names with a space)"
PLAYERS_HINT = "the players' names, e.g. ann ben cat, or with commas: Mary Ann, Bob, O'Neil"


class NewGame(AtTable):
    """The questions that start a game (quit at any of them is raised to the caller)."""

    rounds: str | None = None  # the cards dealt each round, as play --rounds gave them (None: the variant's)

    def set_up(self, name: str | None, seated: list[str] | None = None) -> None:
        """Ask for a new game's players (unless ``seated`` names them) and choices, and start it."""
        print("A new game" + (f" called {name!r}." if name else "."))
        while True:
            players = seated or self.ask_players()
            seated = None  # given on the command line, they are asked for if the game cannot start
            print(f"Seated: {', '.join(players)}.")  # as taken: a missing comma shows here
            # each answer is checked as it is typed: a slip asks that question again, not the rest
            variant = self.choice(variant_question(), VARIANTS, "standard")
            rules: dict[str, object] = {}  # a Junior game's deck and house rule; none for standard or short
            if variant == "junior":
                rules = self.ask_junior(variant)
            bonus = None
            if len(players) == 2 and variant_rules(variant).bonus == "both":  # Junior plays one bonus: none to choose
                from qscore.views.keeper_said import BONUSES, two_bonus_question

                bonus = self.choice(two_bonus_question(), BONUSES, None)
            dictionary = self.ask_dictionary()
            try:
                game = start_game(
                    players, variant=variant, bonus=bonus, dictionary=dictionary, name=name, rounds=self.rounds, **rules
                )
            except QscoreError as exc:
                not_taken(exc)
                continue
            if note := deck_size_note(game):
                print(f"Note: {note}.")
            self.session.name = game.name
            return None

    def ask_players(self) -> list[str]:
        from qscore.scorekeeper.answers import players_answer

        while True:
            answer = self.prompts.ask(PLAYERS_QUESTION, PLAYERS_HINT)
            try:
                return players_answer(answer)
            except GameError as exc:
                not_taken(exc)

    def choice(self, question: str, choices: tuple[str, ...], default: str | None, more: str = "") -> str:
        """One of ``choices`` (any case; blank is ``default`` where there is one), asked until given."""
        while True:
            answer = self.prompts.ask(question, more).strip().lower()
            if answer in choices or (not answer and default is not None):
                return answer or str(default)
            choice_not_taken(answer, choices)

    def ask_dictionary(self) -> str | None:
        """The game's dictionary, asked until one opens (blank: the default, None)."""
        from qscore.words.dictionaries import DEFAULT_DICTIONARY, open_dictionary

        while True:
            answer = self.prompts.ask(f"Dictionary [{DEFAULT_DICTIONARY}]")
            try:
                open_dictionary(answer or None)
            except QscoreError as exc:
                not_taken(exc)
                continue
            return answer or None

    def ask_junior(self, variant: str) -> dict[str, object]:
        """A Junior game's deck file, asked until one reads, and the house rule on a lost
        challenge below zero (blank: the sheet's own)."""
        deck = self.ask_deck()
        own = variant_rules(variant).penalty_past_zero
        past_zero = self.prompts.yes_no(below_zero_question(own), default=own)
        return {"deck": deck, "penalty_past_zero": None if past_zero == own else past_zero}

    def ask_deck(self) -> Path:
        """A deck file's path, asked until one reads as a deck (its fault told in one line)."""
        while True:
            answer = self.prompts.ask(deck_question()).strip()
            if not answer:
                not_taken(no_deck_said())
                continue
            path = Path(answer).expanduser()
            try:
                read_deck_file(path)
            except QscoreError as exc:
                not_taken(exc)
                continue
            return path
