"""What the guided evening says of the table's answers: a player renamed or gone home
meanwhile, a going-out, a laydown's words or unused cards or a challenge that cannot be
taken as typed. ``qscore play`` prints these lines; the application layer
(qscore.scorekeeper.evening and qscore.scorekeeper.answers) words every refusal with them.
"""

from __future__ import annotations

from qscore.errors import quoted


def either(numbers: list[int] | list[str]) -> str:
    """``3``, ``3 or 4``, ``3, 4 or 5`` (or ``CL, IN or TH``)."""
    shown = list(map(str, numbers))
    return " or ".join(shown) if len(shown) < 3 else f"{', '.join(shown[:-1])} or {shown[-1]}"


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
    apart = (
        f" ({', '.join(doubles)} {'is one card' if len(doubles) == 1 else 'are one card each'}: "
        "for single letters put spaces between them)"
        if doubles
        else ""
    )
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
