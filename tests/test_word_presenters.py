"""The presenters of a word's verdict (views/verdict_view.py) and of a round's review
(views/plays_view.py), with plain values: each sentence worked out by hand from the standard
deck's points (RULES.md, "The deck": Q 15, U 4, I 2, Z 14, QU 9, A 2, T 3, O 2, X 12...)."""

from qscore.game.cards import load_deck, parse_laid_word
from qscore.game.entries import Created, Entry, GameConfig, LaidDown
from qscore.game.scoresheet import Game
from qscore.game.scoring import LaidWord, RoundResult
from qscore.game.spelling import Spelling
from qscore.hands.handreview import HandReview
from qscore.hands.solver import Play
from qscore.views.plays_view import game_review, hand_line, play_words, round_miss_line
from qscore.views.verdict_view import meaning_lines, overruled_note, verdict_view
from qscore.words.definitions import Definition, Form, Meaning
from qscore.words.dictionaries import Verdict

DECK = load_deck()


def cards(laid: str):
    return tuple(parse_laid_word(laid, DECK))


# --- a word's verdict -----------------------------------------------------------------


def test_an_allowed_word_is_said_with_each_spelling_and_its_points():
    # Q·U·I·Z: 15 + 4 + 2 + 14 = 35; QU·I·Z: 9 + 2 + 14 = 25
    v = Verdict("quiz", True, None, (Spelling(cards("quiz")), Spelling(cards("(qu)iz"))))
    shown = verdict_view(v)
    assert shown.line == "quiz: allowed"
    assert shown.spellings == (("Q·U·I·Z", "35 points"), ("QU·I·Z", "25 points"))
    assert shown.suggestions is None


def test_a_refused_word_says_why_and_what_it_may_have_meant():
    v = Verdict("qiuz", False, "not in the dictionary", (Spelling(cards("qiuz")),), ("quiz", "quit"))
    shown = verdict_view(v)
    assert (shown.allowed, shown.line) == (False, "qiuz: not allowed (not in the dictionary)")
    assert shown.suggestions == "did you mean: quiz, quit"


def test_meanings_name_their_word_when_they_come_from_more_than_one():
    axes = Definition(
        "axes",
        (Form("plural", "ax"), Form("plural", "axis")),
        (Meaning("ax", "noun", "an edge tool"), Meaning("axis", "noun", "a straight line")),
    )
    assert meaning_lines(axes) == [
        "plural of ax; plural of axis",
        "noun (ax): an edge tool",
        "noun (axis): a straight line",
    ]


def test_a_word_with_meanings_of_its_own_names_what_else_it_inflects_last():
    saw = Definition("saw", (Form("past tense", "see"),), (Meaning("saw", "verb", "cut with a saw"),))
    assert meaning_lines(saw) == ["verb: cut with a saw", "also past tense of see"]


def test_a_word_without_meanings_says_why():
    assert meaning_lines(Definition("zzxq", (), ())) == ["no meaning on file"]
    # BUBBLE needs three B, the deck has two: no hand lays it, so none is kept
    assert meaning_lines(Definition("bubble", (), ())) == ["no meaning kept: no hand of the standard deck can lay it"]


# --- a round's review -----------------------------------------------------------------


def result(words: int, unused: int, penalty: int = 0) -> RoundResult:
    return RoundResult(words, unused, penalty, (), 0, 1, 3)


def play(*laid: str, unused: str = "") -> Play:
    return Play(tuple(LaidWord(cards(w)) for w in laid), None, cards(unused) if unused else ())


def test_a_hand_line_says_what_was_missed_and_how_it_could_have_been_laid():
    # laid TO (3 + 2 = 5) with X unused (12): 0; TAX was 3 + 2 + 12 = 17, all three cards laid
    r = HandReview(1, "ann", 0, 17, play("tax"))
    assert hand_line(r, result(5, 12)) == "ann: 0 of a possible 17, missed 17: tax"
    assert hand_line(HandReview(1, "ben", 17, 17, play("tax")), result(17, 0)) == "ben: 17 of a possible 17"


def test_a_best_play_writes_a_double_card_in_brackets_and_the_cards_left():
    # QU·I·T (9 + 2 + 3 = 14) with A unused (2): 12
    assert play_words(play("(qu)it", unused="A")) == "(qu)it (A unused)"
    assert play_words(play()) == "no word"


def test_a_challenge_that_cost_the_player_is_taken_from_the_possible_score():
    # TAX is 17; a lost challenge of 5 leaves 12 possible
    r = HandReview(1, "ann", 0, 12, play("tax"))
    assert hand_line(r, result(5, 12, 5)) == "ann: 0 of a possible 12 (17 less 5 for a challenge), missed 12: tax"


def test_a_hand_a_challenge_zeroed_says_what_its_cards_allowed_before_it():
    # TAX is 17, a challenge cost 19: nothing is possible; laid TO with X unused was 0
    # before it too (5 - 12 stops at 0), so 17 was missed before the challenge
    r = HandReview(1, "ann", 0, 0, play("tax"))
    line = hand_line(r, result(5, 12, 19))
    assert line == "ann: 0 of a possible 0 (17 less 19 for a challenge); before it, missed 17: tax"


def two_round_game() -> Game:
    config = GameConfig(players=("ann", "ben"), rounds=(3, 4), bonus="most")
    acts = [
        Created(config),
        LaidDown(1, "ann", ("tax",), (), True),
        LaidDown(1, "ben", ("to",), ("X",), False),
        LaidDown(2, "ann", ("taxi",), (), True),
        LaidDown(2, "ben", ("tax",), ("I",), False),
    ]
    return Game("fri", [Entry(n, act) for n, act in enumerate(acts, 1)])


def test_a_games_review_has_a_title_a_heading_a_round_and_the_points_missed_in_all():
    game = two_round_game()
    reviews = [
        HandReview(1, "ann", 27, 27, play("tax")),  # 17 and the bonus of 10
        HandReview(1, "ben", 0, 17, play("tax")),
        HandReview(2, "ann", 29, 29, play("taxi")),
        HandReview(2, "ben", 15, 19, play("taxi")),
    ]
    shown = game_review(game, reviews)
    assert shown.title == "Game 'fri', dictionary everyday"
    assert [(r.number, r.heading) for r in shown.rounds] == [(1, "Round 1 (3 cards)"), (2, "Round 2 (4 cards)")]
    assert shown.rounds[0].lines == ("ann: 27 of a possible 27", "ben: 0 of a possible 17, missed 17: tax")
    assert shown.missed == "Missed in all: ann 0, ben 21."
    assert game_review(game, reviews[:2]).missed is None  # one round: its lines say it all


def test_a_game_with_no_round_closed_has_nothing_to_review():
    shown = game_review(two_round_game(), [])
    assert shown == ("No round of game 'fri' has closed yet: nothing to review.", (), None)


def test_plays_round_line_names_the_biggest_miss_or_nobody():
    reviews = [HandReview(1, "ann", 27, 27, play("tax")), HandReview(1, "ben", 0, 17, play("tax"))]
    assert round_miss_line(1, reviews) == "Review: the biggest miss of round 1: ben scored 0 of a possible 17 with tax."
    assert round_miss_line(1, reviews[:1]) == "Review: nobody could have scored more in round 1."


def test_a_paper_ruling_against_the_dictionary_says_what_the_dictionary_said():
    assert overruled_note(Verdict("cat", True, None, ())) == " (the game's dictionary allows it)"
    steve = Verdict("steve", False, "proper noun", ())
    assert overruled_note(steve) == " (the game's dictionary does not: proper noun)"
