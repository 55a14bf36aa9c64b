"""What the guided evening says of the table's answers: a player renamed or gone home
meanwhile, a going-out, a laydown's words or unused cards or a challenge that cannot be
taken as typed. ``qscore play`` prints these lines; the application layer
(qscore.scorekeeper.evening and qscore.scorekeeper.answers) words every refusal with them.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import NamedTuple

from qscore.errors import quoted
from qscore.game.rules import doubles_apart


def either(numbers: list[int] | list[str]) -> str:
    """``3``, ``3 or 4``, ``3, 4 or 5`` (or ``CL, IN or TH``)."""
    shown = list(map(str, numbers))
    return " or ".join(shown) if len(shown) < 3 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def choice_refused(answer: str, choices: tuple[str, ...]) -> str:
    """An answer that is none of a question's ``choices`` (Enter, where no answer is the
    default), told what answers it, and the choice it misspells when there is one (shrot:
    short), as a misspelt command is told."""
    near = difflib.get_close_matches(answer.lower(), choices, n=1, cutoff=0.6) if answer else []
    hint = f" Did you mean {near[0]!r}?" if near else ""
    listed = either(list(choices))
    return f"Not taken: {answer!r}: answer {listed}.{hint}" if answer else f"Not taken: answer {listed}."


def challenge_asked(number: int, last: bool) -> str:
    """Play's question at the end of a round; a blank answer to the last round's ends the game."""
    return f"Challenge in round {number}? (blank: none{', and the game ends' if last else ''})"


def no_longer_in(player: str, number: int) -> str:
    """The player named as going out was renamed or went home, from another terminal."""
    return f"{player} is no longer in round {number}."


def renamed_said(old: str, new: str) -> str:
    return f"{old} is now called {new}."


def gone_home_said(player: str, number: int) -> str:
    return f"{player} has gone home: the game goes on without them from round {number}."


def laid_not_going_out(player: str) -> str:
    return f"{player}'s laydown is saved, not going out: fix {player} to change it"


def words_past_deal(player: str, count: int, number: int, hand: int) -> str:
    return f"{player}'s words take {count} cards, but round {number} is dealt {hand}"


def unused_miscounted(player: str, hand: int, lefts: list[int], given: int, doubles: list[str]) -> str:
    """The unused cards given are not as many as the words leave; ``doubles``: double
    cards given whose letters apart would make the count (er typed for E R)."""
    apart = doubles_apart(doubles)
    taken = sorted(hand - left for left in lefts)
    return (
        f"{player}'s words take {either(taken)} of the {hand} cards dealt, "
        f"so {either(lefts)} {'is' if lefts == [1] else 'are'} unused, but {given} given{apart}"
    )


def challenge_form_refusal(form: str, slip: str | None) -> str:
    """A challenge line without its ``by``, told the ``form`` a face writes one in;
    ``slip``: the word that misspells by."""
    meant = f" ({quoted(slip)}: did you mean by?)" if slip else ""
    return f"write a challenge as {form}{meant}"


def nothing_to_fix(player: str, number: int) -> str:
    """``fix PLAYER`` at round ``number``, where neither it nor the round before has their laydown."""
    rounds = f"round {number - 1} or {number}" if number > 1 else f"round {number}"
    return f"{player} has no laydown in {rounds} to fix"


def challenge_round_ahead(number: int, asked: int) -> str:
    """A challenge of round ``number`` typed at round ``asked``'s challenges, before it."""
    return f"round {number} is not laid yet: these are round {asked}'s challenges, for a word of it or an earlier round"


def ruling_misspelt(typed: str, meant: str) -> str:
    """A paper ruling typed after the challenger's name, misspelt."""
    return f"no ruling {quoted(typed)}: did you mean {meant}? (a paper ruling is valid or invalid)"


def back_to_finished_question() -> str:
    """Asked when play starts again after this evening's game is finished."""
    return "Go back to it, for a late challenge or undo? (n: a new game)"


def next_game_question(players: Sequence[str]) -> str:
    """Asked when play starts a game after a finished one: the next game of the same table,
    as the page's next game is (the players still in, the variant, deck, rounds, bonus,
    dictionary and house rules)."""
    return f"The next game, {', '.join(players)}, set up as the last? (n: set up a new one)"


class UnusedChoice(NamedTuple):
    """How many cards the ways to lay a player's words may leave in hand (fewest first),
    the double cards some of those ways lay and others not, and the one word a single
    double card may lay or not, where there is one (qscore.scorekeeper.answers works it out)."""

    lefts: list[int]
    doubles: tuple[str, ...] = ()
    word: str | None = None


def unused_told(choice: UnusedChoice) -> str:
    """How many cards may be left in hand, and why more than one count, in the table's
    words: ``1 card if quiz was laid with Q and U, 2 if with the QU card``; where more
    than one double card could be laid, ``1 or 2 cards: one more for each double card
    (CL or TH) laid``."""
    lefts, doubles = choice.lefts, choice.doubles
    some = [k for k in lefts if k]
    plural = "" if some == [1] else "s"
    if len(lefts) == 1:
        return f"{some[0]} card{plural}"
    if choice.word is not None:
        double, word = doubles[0], choice.word
        fewer, more = lefts
        letters, card = " and ".join(double), f"the {double} card"
        if fewer == 0:
            return f"{more} card if {word} was laid with {card}, or - if with {letters}: every card in a word"
        return f"{fewer} card{'' if fewer == 1 else 's'} if {word} was laid with {letters}, {more} if with {card}"
    told = f"{either(some)} card{plural}" + (", or - if every card is in a word" if 0 in lefts else "")
    each = f"{doubles[0]} card" if len(doubles) == 1 else f"double card ({either(list(doubles))})"
    return f"{told}: one more for each {each} laid"
