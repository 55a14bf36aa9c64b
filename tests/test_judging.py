"""The one judge of a game's words (qscore.scorekeeper.judging), with plain games: the
game's dictionary and house lists, its deck, its largest hand."""

import pytest

from qscore.errors import DictionaryError
from qscore.game.entries import Created, Entry, GameConfig
from qscore.game.scoresheet import Game
from qscore.scorekeeper.judging import dictionary_against, game_judge, refused_words, word_verdict
from qscore.words.dictionaries import HOUSE_DENIED


def game(**config) -> Game:
    return Game("g", [Entry(1, Created(GameConfig(players=("ann", "ben"), bonus="most", **config)))])


def test_the_house_lists_the_table_chose_are_the_games_rules():
    judge = game_judge(game(allow=("qwyz",), deny=("quiz",)))
    assert judge.allows("qwyz")  # in no dictionary, but the house allows it
    quiz = judge.verdict("quiz")
    assert (quiz.allowed, quiz.reason) == (False, HOUSE_DENIED)
    assert judge.allows("cat")


def test_a_word_is_judged_against_the_largest_hand_the_game_deals(tiny):
    # SPOTS is five cards, none a double: a game dealing at most 4 cannot lay it, whatever
    # the dictionary says; a game dealing 10 can, and then only the dictionary refuses it
    short = game_judge(game(rounds=(3, 4)), tiny).verdict("spots")
    assert (short.allowed, short.reason) == (False, "needs 5 cards, the largest hand holds 4")
    long = game_judge(game(rounds=(3, 10)), tiny).verdict("spots")
    assert (long.allowed, long.reason) == (False, "not in the dictionary")
    # QUIZ as QU·I·Z is three cards, and a game of three-card hands lays it
    assert [s.tokens for s in game_judge(game(rounds=(3,)), tiny).verdict("quiz").spellings] == [["QU", "I", "Z"]]


def test_the_refused_words_come_in_the_order_laid_with_suggestions_only_when_asked(tiny):
    g = game()
    refused = refused_words(g, ["cat", "qiuz", "to", "thnk"], tiny)
    assert [v.word for v in refused] == ["qiuz", "thnk"]
    assert all(v.suggestions == () for v in refused)
    asked = refused_words(g, ["qiuz"], tiny, suggest=True)
    assert "quiz" in asked[0].suggestions


def test_no_word_asks_nothing_of_the_dictionary():
    g = game(dictionary="nosuch")  # a dictionary this machine cannot open
    assert refused_words(g, []) == []
    with pytest.raises(DictionaryError, match="nosuch"):
        refused_words(g, ["cat"])


def test_a_word_asked_at_the_table_is_judged_with_what_it_may_have_meant():
    v = word_verdict(game(), "Qiuz")
    assert (v.word, v.allowed) == ("qiuz", False) and "quiz" in v.suggestions
    assert word_verdict(game(), "(qu)iz").allowed


def test_a_paper_ruling_is_set_against_the_games_dictionary_only_where_they_disagree(tiny):
    g = game()
    assert dictionary_against(g, "cat", True, tiny) is None  # both allow it
    assert dictionary_against(g, "qiuz", False, tiny) is None  # both refuse it
    assert dictionary_against(g, "cat", False, tiny).allowed  # the table struck a word the dictionary allows
    against = dictionary_against(g, "qiuz", True, tiny)
    assert (against.allowed, against.reason) == (False, "not in the dictionary")
    # the paper ruled because the game's dictionary could not open: nothing to set against it
    assert dictionary_against(game(dictionary="nosuch"), "qiuz", True) is None
