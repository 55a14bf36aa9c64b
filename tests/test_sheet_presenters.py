"""The presenters below both faces, called directly: the sheet as shown (views.sheet_view)
and a laydown's outcome (views.outcome), on games worked by hand from the rules
(../shared/RULES.md: card values, a hand stops at zero, a tie takes no bonus, a valid
challenge costs the challenger the word's points)."""

from __future__ import annotations

import pytest

from qscore import scorekeeper
from qscore.errors import GameError, plain_remedy
from qscore.game.rules import LaydownExistsError
from qscore.views.outcome import DoubleHint, Note, cards_text, laydown_outcome, refusal
from qscore.views.sheet_view import Cell, Laid, sheet_view


def lay(player: str, words: str, unused: str = "", *, out: bool = False, replace: bool = False, game: str = "fri"):
    return scorekeeper.record_laydown(player, words.split(), unused, out, None, game, replace=replace)


@pytest.fixture
def round_one() -> None:
    """ann ben cat dee, rounds of 3 and 4 cards, both bonuses of 10; round 1 laid:
    ann (qu)iz, went out: QU 9 + I 2 + Z 14 = 25, and the longest word (4 letters): 35;
    ben top: T 3 + O 2 + P 6 = 11; cat at, M unused: A 2 + T 3 - M 5 = 0;
    dee ox, E unused: O 2 + X 12 - E 2 = 12. One word each: most words is a tie, no bonus."""
    scorekeeper.start_game(["ann", "ben", "cat", "dee"], rounds="3,4", name="fri")
    lay("ann", "(qu)iz", out=True)
    lay("ben", "top")
    lay("cat", "at", "M")
    lay("dee", "ox", "E")


def test_a_closed_rounds_cells_carry_the_score_its_marks_and_the_running_total(round_one):
    view = sheet_view(scorekeeper.load_game("fri"))
    first, second = view.rows
    assert first.cells == (Cell("35 L*", 35), Cell("11", 11), Cell("0", 0), Cell("12", 12))
    assert [c.running_text for c in first.cells] == ["(35)", "(11)", "(0)", "(12)"]
    assert (second.number, second.cards, second.dealer, second.starts) == (2, 4, "ben", "cat")
    assert second.now and not second.closed and second.cells == (Cell(""),) * 4
    assert view.totals == (35, 11, 0, 12) and view.leaders == ("ann",)
    assert view.status == ("Leader: ann with 35.", "Round 2: 4 cards. ben deals, cat starts.")
    assert view.legend == (
        "M: most-words bonus",
        "L: longest-word bonus",
        "*: went out",
        "!: lost a challenge",
        "(n): the running total after the round",  # what "(35)" is, once a round has closed
    )
    assert view.playing == ("ann", "ben", "cat", "dee") and not view.over


def test_a_lost_challenge_marks_the_challenger_and_costs_the_words_points(round_one):
    # cat's at is a word: ben, who challenged it, loses its 5 points, 11 - 5 = 6
    scorekeeper.settle_challenge("cat", "at", "ben", None, 1, "fri")
    first = sheet_view(scorekeeper.load_game("fri")).rows[0]
    assert first.cells[1] == Cell("6 !", 6)


def test_a_struck_word_is_marked_and_counts_against_its_owner(round_one):
    # ox ruled out by the table: its 14 points count as unused, 14 + 2 against 0: dee stops at 0
    scorekeeper.settle_challenge("dee", "ox", "ann", "invalid", 1, "fri")
    first = sheet_view(scorekeeper.load_game("fri")).rows[0]
    assert first.cells[3] == Cell("0 !", 0)
    assert first.laid[3] == Laid("dee", (("ox", True),), False, ("E",), struck=14)
    assert first.laid[3].rest == "unused E; -14 for a struck word" and first.laid[0].rest == "went out"


def test_a_player_who_left_is_said_by_the_last_round_theirs(round_one):
    scorekeeper.leave("dee", None, "fri")
    view = sheet_view(scorekeeper.load_game("fri"))
    assert view.status[0] == "Left: dee (after round 1)."
    assert view.rows[1].cells[3] == Cell("-") and view.legend[-1] == "-: had left"
    assert view.playing == ("ann", "ben", "cat")


def test_one_who_never_played_left_before_round_one():
    scorekeeper.start_game(["ann", "ben", "cat", "dee"], rounds="3,4", name="fri")
    scorekeeper.leave("dee", None, "fri")
    assert sheet_view(scorekeeper.load_game("fri")).status[0] == "Left: dee (before round 1)."


def test_a_hand_of_no_words_stops_at_zero_and_the_winner_is_said():
    scorekeeper.start_game(["ann", "ben"], rounds="3", bonus="longest", name="fri")
    lay("ann", "", "A B C")
    lay("ben", "top", out=True)
    scorekeeper.close_game("fri")
    view = sheet_view(scorekeeper.load_game("fri"))  # ann laid no words: 2 + 8 + 8 unused
    assert view.over and view.status == ("Game over. ben wins with 21.",)  # 11 and the longest word
    assert view.rows[0].cells == (Cell("0", 0), Cell("21 L*", 21))
    assert view.legend[0] == "L: longest-word bonus" and "M: most-words bonus" not in view.legend


def test_a_tie_at_the_end_is_said_as_a_list():
    scorekeeper.start_game(["ann", "ben", "cat"], rounds="3", bonus="none", name="fri")
    # tan and ant: T 3 + A 2 + N 5 = 10; sod: S 3 + O 2 + D 5 = 10
    lay("ann", "tan", out=True)
    lay("ben", "ant")
    assert sheet_view(scorekeeper.load_game("fri")).rows[0].cells == (Cell("tan *"), Cell("ant"), Cell(""))
    assert sheet_view(scorekeeper.load_game("fri")).rows[0].laid[2].rest == "not laid yet"
    lay("cat", "sod")
    scorekeeper.close_game("fri")
    assert sheet_view(scorekeeper.load_game("fri")).status == ("Game over. A tie: ann, ben and cat with 10.",)


def test_a_laydowns_outcome_is_its_cards_and_where_the_round_stands():
    scorekeeper.start_game(["ann", "ben", "cat"], rounds="3,4", name="fri")
    said = laydown_outcome((done := lay("ann", "(qu)iz", out=True)).saved, ["(qu)iz"], done.refused)
    assert said.headline == "Recorded ann's laydown in round 1: (qu)iz (went out)."
    assert said.as_laid == Note("QU·I·Z 25", "as laid", sentence=False)
    assert said.as_laid.said == "as laid: QU·I·Z 25"
    assert said.each_word == () and said.dropped == () and said.flagged == () and said.checked
    assert said.closing == "Round 1 waits for ben, cat." and not said.closed


def test_a_word_the_cards_dealt_settle_is_said_respelled():
    # quiz in letters is 4 cards; 3 are dealt, so it was laid with the QU card
    scorekeeper.start_game(["ann", "ben"], rounds="3,4", bonus="most", name="fri")
    said = laydown_outcome((done := lay("ann", "quiz", out=True)).saved, ["quiz"], done.refused)
    assert said.headline == "Recorded ann's laydown in round 1: (qu)iz (went out)."
    assert said.each_word == (Note("quiz taken as (qu)iz: the only spelling that fits the 3 cards dealt"),)
    assert said.hints == ()


def test_a_word_typed_in_letters_is_offered_its_double_card():
    # round 2 deals 4: quiz as Q·U·I·Z is 15 + 4 + 2 + 14 = 35; with the QU card 25, a card more in hand
    scorekeeper.start_game(["ann", "ben"], rounds="3,4", bonus="most", name="fri")
    lay("ann", "top", out=True)
    lay("ben", "ox", "E")
    said = laydown_outcome((done := lay("ann", "quiz")).saved, ["quiz"], done.refused)
    assert said.as_laid == Note("Q·U·I·Z 35", "as laid", sentence=False)
    assert said.hints == (
        DoubleHint(
            "quiz: if QU was one card: (qu)iz, 25, with 1 more card left in hand", "(qu)iz", "(qu)iz", "", False
        ),
    )
    assert said.notes == (said.as_laid,)  # a hint is offered, not said among the notes


def test_a_replacement_names_what_it_replaced_and_the_challenge_it_took():
    scorekeeper.start_game(["ann", "ben"], rounds="3,4", bonus="most", name="fri")
    lay("ann", "cat", out=True)
    scorekeeper.settle_challenge("ann", "cat", "ben", None, 1, "fri")
    said = laydown_outcome((done := lay("ann", "at", "C", replace=True)).saved, ["at"], done.refused)
    assert said.headline == "Recorded ann's laydown in round 1: at (unused C), replacing cat (went out)."
    assert said.dropped == (Note("ben's challenge of ann's cat no longer stands: cat is not in the laydown now"),)


def test_the_round_closes_then_is_rescored_and_nobody_went_out():
    scorekeeper.start_game(["ann", "ben"], rounds="3,4", bonus="most", name="fri")
    lay("ann", "top")
    closing = laydown_outcome((done := lay("ben", "ox", "E")).saved, ["ox"], done.refused)
    assert closing.closing == "Round 1 closed." and closing.closed and closing.nobody_out
    replaced = scorekeeper.record_laydown("ben", ["pot"], "", True, 1, "fri", replace=True)
    said = laydown_outcome(replaced.saved, ["pot"], replaced.refused)
    assert said.closing == "Round 1 rescored." and not said.nobody_out


def test_words_the_dictionary_refuses_are_flagged_and_unchecked_ones_said_so():
    scorekeeper.start_game(["ann", "ben"], rounds="3,4", bonus="most", name="fri")
    done = lay("ann", "qiz", out=True)
    said = laydown_outcome(done.saved, ["qiz"], done.refused)
    (flag,) = said.flagged
    assert flag.label == "flagged" and flag.said.startswith("flagged: qiz (")
    assert flag.text.endswith("): it stands unless challenged") and said.checked
    unchecked = scorekeeper.record_laydown("ben", ["qiz"], "", False, 1, "fri", unchecked=True)
    assert not laydown_outcome(unchecked.saved, ["qiz"], unchecked.refused).checked


def test_a_refusal_keeps_its_remedy_for_each_face_to_word():
    scorekeeper.start_game(["ann", "ben"], rounds="3,4", bonus="most", name="fri")
    lay("ann", "cat", out=True)
    with pytest.raises(LaydownExistsError) as exists:
        lay("ann", "at", "C")
    said = refusal(exists.value)
    assert said.standing is not None and said.said(plain_remedy) == "ann already laid cat (went out) in round 1."
    with pytest.raises(GameError) as wrong:
        lay("ben", "at", "Q X")
    other = refusal(wrong.value)
    assert other.standing is None and other.said(lambda r: "<remedy>") == wrong.value.worded(lambda r: "<remedy>")


def test_cards_text_adds_each_words_card_values():
    # C 8 + L 3 + E 2 + F 6 = 19; CL 10 + E 2 + F 6 = 18
    game = scorekeeper.start_game(["ann", "ben"], rounds="3,4", bonus="most", name="fri")
    assert cards_text(game.deck, ["clef", "(cl)ef"]) == "C·L·E·F 19, CL·E·F 18"
