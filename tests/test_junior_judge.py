"""The judge under a game's rules: the core verdict takes the fewest cards a word takes and
whether names are allowed (Quiddler Junior: "proper nouns and one card words are allowed.
No prefixes, suffixes, abbreviations, contractions or hyphenated words"); a Junior game's
judge (scorekeeper/judging.py) takes them from the game's rules; `check` and `define
--variant junior [--deck FILE]` say so. Standard verdicts are as they were."""

from __future__ import annotations

import re

import pytest

from qscore.game.cards import table_deck
from qscore.game.deckfile import parse_deck
from qscore.game.decktext import deck_file_text
from qscore.game.entries import Created, Entry, GameConfig
from qscore.game.scoresheet import Game
from qscore.game.spelling import spell_word
from qscore.game.variants import JUNIOR, RULES
from qscore.scorekeeper.judging import dictionary_against, game_judge, refused_words, word_verdict
from qscore.views.verdict_view import ALLOWED_THOUGH, verdict_view
from qscore.words.dictionaries import (
    ABBREVIATION,
    AFFIX,
    APOSTROPHE,
    HYPHENATED,
    LETTER_ALONE,
    ONE_CARD,
    PROPER_NOUN,
    judge,
    open_dictionary,
)
from tests.conftest import ok, run

# The Junior deck as a table might fill it in: the values the texts give, every other card
# worth 2, four of each (the test needs a deck, not Junior's true counts).
JUNIOR_FILE = re.sub(r'"\?"', "4", deck_file_text("junior")).replace("= [4, 4]", "= [2, 4]")


def junior_deck():
    read = parse_deck(JUNIOR_FILE, "junior.toml")
    return table_deck(read.name, read.cards, read.rounds)


@pytest.fixture(scope="module")
def everyday():
    return open_dictionary("everyday")


def junior(text, dictionary, **rules):
    rules = {"min_cards": JUNIOR.min_cards, "proper_nouns": JUNIOR.proper_nouns} | rules
    return judge(text, dictionary, junior_deck(), suggest=False, **rules)


def said(v) -> tuple[bool, str | None]:
    return v.allowed, v.reason


def test_a_and_i_are_words_of_one_card_where_the_rules_allow_one_card(everyday):
    assert said(junior("a", everyday)) == (True, None)
    assert said(junior("I", everyday)) == (True, None)
    assert [s.tokens for s in junior("a", everyday).spellings] == [["A"]]
    # the standard rules: a word takes two cards
    assert said(junior("a", everyday, min_cards=2)) == (False, ONE_CARD)
    assert said(judge("a", everyday, suggest=False)) == (False, ONE_CARD)


def test_a_letter_alone_is_its_name_not_a_word(everyday):
    # the dictionaries hold every letter (b: "the 2nd letter of the Roman alphabet")
    assert everyday.contains("b") and everyday.contains("x")
    assert said(junior("b", everyday)) == (False, LETTER_ALONE)
    assert said(junior("(x)", everyday)) == (False, "bad characters")  # X is no double card
    assert said(junior("x", everyday)) == (False, LETTER_ALONE)


def test_a_double_card_alone_is_a_word_of_one_card_if_the_dictionary_has_it(everyday):
    assert said(junior("(oo)", everyday)) == (True, None)
    assert [s.tokens for s in junior("(oo)", everyday).spellings] == [["OO"]]
    assert said(junior("(oo)", everyday, min_cards=2)) == (False, ONE_CARD)
    assert [str(s) for s in spell_word("oo", junior_deck(), min_cards=1)] == ["O·O", "OO"]
    assert [str(s) for s in spell_word("oo", junior_deck())] == ["O·O"]


def test_a_name_is_allowed_and_says_so(everyday):
    mary = junior("Mary", everyday)
    assert said(mary) == (True, PROPER_NOUN)
    assert verdict_view(mary).line == "mary: allowed (a name, as Junior allows)"
    assert said(junior("paris", everyday)) == (True, PROPER_NOUN)
    # the standard rules refuse it, as before
    assert said(judge("mary", everyday, suggest=False)) == (False, PROPER_NOUN)
    assert verdict_view(judge("mary", everyday, suggest=False)).line == "mary: not allowed (proper noun)"


def test_a_first_name_is_a_name_under_junior_whatever_else_the_lists_call_it(everyday):
    """Ann and Mia are first names SCOWL also files as abbreviations, Sam and Dan words
    only wordgame holds, Di a numeral: a child at a Junior table lays her own name; the
    standard rules refuse each as before."""
    for name, before in [("ann", ABBREVIATION), ("mia", ABBREVIATION), ("cal", ABBREVIATION), ("di", "Roman numeral")]:
        assert said(junior(name, everyday)) == (True, PROPER_NOUN), name
        assert said(judge(name, everyday, suggest=False)) == (False, before), name
    for name in ("sam", "dan"):
        assert said(junior(name, everyday)) == (True, PROPER_NOUN), name
        assert not judge(name, everyday, suggest=False).allowed, name
    assert said(junior("nato", everyday)) == (False, ABBREVIATION)  # no first name


@pytest.mark.parametrize(
    ("word", "reason"),
    [("etc", ABBREVIATION), ("pre", AFFIX), ("don't", APOSTROPHE), ("co-op", HYPHENATED)],
)
def test_abbreviations_affixes_contractions_and_hyphenated_words_are_still_refused(everyday, word, reason):
    assert said(junior(word, everyday)) == (False, reason)


def test_a_name_allowed_is_offered_nothing_else(everyday):
    assert judge("mary", everyday, junior_deck(), proper_nouns=True, min_cards=1).suggestions == ()
    assert judge("mary", everyday, junior_deck()).suggestions != ()


def test_only_junior_allows_names_as_the_verdict_says():
    assert [r.name for r in RULES.values() if r.proper_nouns] == ["junior"]
    assert set(ALLOWED_THOUGH) == {PROPER_NOUN}


def test_a_point_is_one_point():
    v = judge("a", open_dictionary("everyday"), junior_deck(), min_cards=1, suggest=False)
    assert verdict_view(v).spellings == (("A", "1 point"),)


def game(**config) -> Game:
    return Game("g", [Entry(1, Created(GameConfig(players=("ann", "ben"), **config)))])


def junior_game() -> Game:
    read = parse_deck(JUNIOR_FILE, "junior.toml")
    return game(rounds=read.rounds, deck=read.name, variant="junior", cards=read.cards, bonus="longest", bonus_points=5)


def test_a_junior_games_judge_takes_its_rules_and_deck():
    g = junior_game()
    judge_of = game_judge(g)
    assert (judge_of.min_cards, judge_of.proper_nouns, judge_of.most) == (1, True, 7)
    assert judge_of.deck is g.deck and judge_of.deck.doubles == (g.deck.cards["LL"], g.deck.cards["OO"])
    # a laydown's words: a name and a word of one card stand; an abbreviation does not
    refused = refused_words(g, ["a", "Mary", "(ll)ama", "etc", "i"])
    assert [(v.word, v.reason) for v in refused] == [("etc", ABBREVIATION)]
    # a challenge the dictionary settles: the name stands, as the table's paper ruling would
    assert dictionary_against(g, "mary", True) is None
    assert dictionary_against(g, "a", True) is None
    assert word_verdict(g, "Mary").allowed
    # the standard game's judge, as before
    standard = game_judge(game())
    assert (standard.min_cards, standard.proper_nouns) == (2, False)
    assert [v.reason for v in refused_words(game(), ["a", "mary"])] == [ONE_CARD, PROPER_NOUN]


def test_check_under_junior_with_the_tables_deck(tmp_path):
    deck = tmp_path / "junior.toml"
    deck.write_text(JUNIOR_FILE, "utf-8")
    r = run("check", "--variant", "junior", "--deck", str(deck), "a", "I", "Mary", "(ll)ama", "etc", "--no-suggest")
    assert r.exit_code == 1 and r.stderr == ""
    assert r.stdout == (
        "a: allowed\n"
        "  A     1 point\n"
        "i: allowed\n"
        "  I    2 points\n"
        "mary: allowed (a name, as Junior allows)\n"
        "  M·A·R·Y    7 points\n"
        "llama: allowed\n"
        "  LL·A·M·A    7 points\n"
        "etc: not allowed (abbreviation)\n"
        "  E·T·C    5 points\n"
    )


def test_check_under_junior_without_a_deck_judges_the_letters_and_shows_no_points():
    r = run("check", "--variant", "junior", "a", "Mary", "(oo)", "b", "--no-suggest")
    assert r.exit_code == 1
    assert (
        r.stdout
        == "a: allowed\nmary: allowed (a name, as Junior allows)\noo: allowed\nb: not allowed (a letter, not a word)\n"
    )
    assert r.stderr == (
        "qscore: warning: no spellings shown: the junior deck's points are your cards' (--deck FILE gives them)\n"
    )


def test_a_deck_file_still_to_fill_in_is_refused_by_check(tmp_path):
    deck = tmp_path / "junior.toml"
    deck.write_text(deck_file_text("junior").replace('A = [1, "?"]', "A = [1, 9]"), "utf-8")
    r = run("check", "--variant", "junior", "--deck", str(deck), "a")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (
        f"qscore: error: {deck} line 11: 27 cards are still marked ? (B, C, D, E, F and 22 more): "
        "copy their points and counts from your cards\n"
    )


def test_define_under_junior(tmp_path):
    deck = tmp_path / "junior.toml"
    deck.write_text(JUNIOR_FILE, "utf-8")
    out = ok("define", "--variant", "junior", "--deck", str(deck), "Mary", "a")
    assert out.startswith("mary: allowed (a name, as Junior allows)\n")
    assert "\na: allowed\n" in out
    standard = run("define", "Mary", "--no-suggest")
    assert standard.exit_code == 1 and standard.stdout.startswith("mary: not allowed (proper noun)\n")


def test_a_and_i_mean_the_words_a_junior_table_lays_and_define_warns_of_no_spellings():
    """A challenged "a" or "I" reads the article and the pronoun first, not the letters'
    names; define shows no spellings, so it says nothing of the points it cannot show."""
    r = run("define", "--variant", "junior", "a", "I")
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout.startswith(
        "a: allowed\n  determiner: one, any one, of a person or thing not named before (a cat, a day)\n"
    )
    assert "i: allowed\n  pronoun: the one speaking or writing, as the subject of a verb (I can, I see)\n" in r.stdout
