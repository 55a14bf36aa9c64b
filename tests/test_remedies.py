"""Errors as data: what a person can do about an error is a Remedy, which each face words
its own way; the core's own words for it name no option."""

import typing

import pytest

from qscore.cli.wording import option_remedy, worded
from qscore.errors import GameError, Remedy, RemedyKind, plain_remedy
from qscore.game import rules
from qscore.game.entries import Created, Entry, GameConfig, LaidDown
from qscore.game.scoresheet import Game
from tests.test_layers import FLAG

KINDS = typing.get_args(RemedyKind)


@pytest.mark.parametrize("kind", KINDS)
def test_every_remedy_has_plain_words_and_the_command_lines(kind):
    remedy = Remedy(kind, 3)
    assert plain_remedy(remedy) and not FLAG.search(plain_remedy(remedy))
    assert option_remedy(remedy) and option_remedy(remedy) != plain_remedy(remedy)


def test_a_laydown_laid_already_carries_its_remedy_and_each_face_words_it():
    game = Game(
        "g", [Entry(1, Created(GameConfig(players=("ann", "ben")))), Entry(2, LaidDown(1, "ann", ("cat",), (), True))]
    )
    with pytest.raises(GameError) as refused:
        rules.laid_down(game, "ann", ["at"], "E", False, None, replace=False)
    assert [p for p in refused.value.parts if isinstance(p, Remedy)] == [Remedy("replace")]
    assert str(refused.value) == "ann already laid cat (went out) in round 1: replace it to change it"
    assert worded(refused.value) == "ann already laid cat (went out) in round 1: add --replace to change it"


def test_a_use_case_says_what_happened_replaced_closed_rescored():
    from qscore import scorekeeper

    scorekeeper.start_game(["ann", "ben"], bonus="most", rounds="3,4", name="g")
    first = scorekeeper.save_laydown("ann", ["cat"], "", True, None, "g", replace=False)
    assert first.act == LaidDown(1, "ann", ("cat",), (), True)
    assert (first.replaced, first.closed, first.rescored) == (None, False, False)
    closing = scorekeeper.save_laydown("ben", ["at"], "E", False, None, "g", replace=False)
    assert (closing.closed, closing.rescored) == (True, False)
    again = scorekeeper.save_laydown("ben", ["to"], "E", False, 1, "g", replace=True)
    assert again.replaced is not None and again.replaced.words == ("at",)
    assert (again.closed, again.rescored) == (True, True)


def test_a_replaced_laydown_says_which_challenge_it_took_with_it():
    from qscore import scorekeeper
    from tests.conftest import ok

    scorekeeper.start_game(["ann", "ben", "cat"], rounds="3,4", name="g")
    scorekeeper.save_laydown("ann", ["zit"], "", True, None, "g", replace=False)
    scorekeeper.settle_challenge("ann", "zit", "ben", "valid", None, "g")
    kept = scorekeeper.save_laydown("ann", ["zit"], "", True, 1, "g", replace=True)
    assert kept.dropped == []  # the word challenged is still laid: its challenge stands
    shown = ok("score", "ann", "ox", "--unused", "Z", "--round", "1", "--replace", "-g", "g")
    assert "  ben's challenge of ann's zit no longer stands: zit is not in the laydown now\n" in shown
    scorekeeper.settle_challenge("ann", "ox", "cat", "valid", None, "g")
    again = scorekeeper.save_laydown("ann", ["at"], "E", False, 1, "g", replace=True)
    assert [(c.by, c.word) for c in again.dropped] == [("cat", "ox")]


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--rounds", "0"], "a round of 0 cards"),
        (["--dealer", "zed"], "dealer 'zed' is not a player"),
        (["--bonus-points", "500"], "a bonus of more than 100 points"),
    ],
)
def test_two_players_hear_what_else_is_wrong_before_the_bonus_question(options, says):
    """new ann ben --rounds 0 said only 'two players use one bonus', and the real error came
    once a bonus was chosen."""
    from tests.conftest import run

    r = run("new", "ann", "ben", *options)
    assert r.exit_code == 2 and says in r.stderr and "bonus:" not in r.stderr
