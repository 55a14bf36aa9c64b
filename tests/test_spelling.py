from hypothesis import given
from hypothesis import strategies as st

from qscore.spelling import spell_word


def spelled(word):
    return [(str(s), s.points) for s in spell_word(word)]


def test_quiz_two_spellings():
    # RULES.md: QUIZ as Q·U·I·Z scores 35, as QU·I·Z 25.
    assert spelled("quiz") == [("Q·U·I·Z", 35), ("QU·I·Z", 25)]


def test_in_only_with_two_cards():
    # The IN card alone is one card: not a word. I·N is, for I2 + N5 = 7 points
    # (issue 2 says 9, which no card values in RULES.md give).
    assert spelled("in") == [("I·N", 7)]


def test_thin_four_spellings():
    assert sorted(spelled("thin")) == sorted([("T·H·I·N", 17), ("T·H·IN", 17), ("TH·I·N", 16), ("TH·IN", 16)])


def test_rule_text_examples():
    assert spelled("top") == [("T·O·P", 11)]
    assert spelled("steve") == [("S·T·E·V·E", 21)]


def test_one_card_words_have_no_spelling():
    for word in ("a", "i", "o"):
        assert spell_word(word) == []


def test_case_does_not_matter():
    assert spelled("QuIz") == spelled("quiz")


@given(st.text(alphabet="abcdeghiklnoqrstuz", min_size=2, max_size=9))
def test_every_spelling_joins_back_into_its_word(word):
    spellings = spell_word(word)
    assert spellings, "every word of two or more letters has the all-single-cards spelling"
    assert len({tuple(s.tokens) for s in spellings}) == len(spellings)
    for s in spellings:
        assert "".join(c.letters for c in s.cards) == word
        assert len(s.cards) >= 2
        assert s.points == sum(c.points for c in s.cards)
