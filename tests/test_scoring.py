"""score_round, worked by hand from RULES.md "Scoring a round" and "Challenges".

The card values are the standard deck's (RULES.md, "The deck"): A2 E2 I2 O2 M5 N5 P6
S3 T3 U4 V11 Z14 Q15, QU9. Each example says its sum in a comment, so that a wrong
figure is found by reading, not by running the code it tests.
"""

from qscore.game.cards import Card, load_deck, parse_hand, parse_laid_word
from qscore.game.scoring import BONUS_RULES, LONGEST_WORD, MOST_WORDS, LaidWord, PlayedHand, score_round

BOTH = BONUS_RULES["both"]


def word(laid: str, *, struck: bool = False) -> LaidWord:
    return LaidWord(tuple(parse_laid_word(laid)), struck=struck)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_hand(text))


def hand(*words: str, unused: str = "", penalty: int = 0) -> PlayedHand:
    return PlayedHand(tuple(word(w) for w in words), cards(unused) if unused else (), penalty)


def test_the_rule_texts_card_values():
    # RULES.md: TOP = T3+O2+P6 = 11, QUIZ laid as QU·I·Z = 9+2+14 = 25 (Q·U·I·Z 15+4+2+14 = 35),
    # an unused M = -5, STEVE = 3+3+2+11+2 = 21
    assert word("top").points == 11
    assert word("(qu)iz").points == 25 and word("quiz").points == 35
    assert load_deck().card("M").points == 5
    assert word("steve").points == 21


def test_a_round_of_three_with_both_bonuses():
    # ann: (QU)IZ 25 + TOP 11 = 36, nothing unused: 36; two words, longest 4 letters.
    # ben: STEVE 21, an M unused (5): 21 - 5 = 16; one word, longest 5 letters.
    # cat: AT 2+3 = 5 + NO 5+2 = 7 = 12; two words, longest 2.
    # Most words: ann and cat tie at two, so nobody has it ("a tie for first place gives
    # that bonus to nobody"). Longest word: ben's STEVE alone, +10: 26.
    hands = {"ann": hand("(qu)iz", "top"), "ben": hand("steve", unused="M"), "cat": hand("at", "no")}
    results = score_round(hands, BOTH)
    assert {p: r.score for p, r in results.items()} == {"ann": 36, "ben": 26, "cat": 12}
    assert results["ben"].bonuses == (LONGEST_WORD,)
    assert results["ann"].bonuses == results["cat"].bonuses == ()
    assert (results["ben"].word_points, results["ben"].unused_points, results["ben"].hand_score) == (21, 5, 16)
    assert (results["ann"].word_count, results["ann"].longest) == (2, 4)


def test_both_bonuses_can_go_to_one_player():
    # ann: TOP and AT, two words, longest 3; ben: NO, one word of 2. ann has both: 11 + 5 + 20 = 36.
    results = score_round({"ann": hand("top", "at"), "ben": hand("no")}, BOTH)
    assert results["ann"].bonuses == (MOST_WORDS, LONGEST_WORD)
    assert results["ann"].score == 36 and results["ben"].score == 7


def test_the_longest_word_counts_letters_not_cards():
    # (QU)IP and TIN are both three cards, but QUIP is four letters ("QU counts 2"):
    # the longest-word bonus is ann's. Each has one word, so most words is a tie: nobody.
    # ann: QU9 + I2 + P6 = 17 + 10 = 27; ben: T3 + I2 + N5 = 10.
    results = score_round({"ann": hand("(qu)ip"), "ben": hand("tin")}, BOTH)
    assert results["ann"].longest == 4 and results["ben"].longest == 3
    assert results["ann"].bonuses == (LONGEST_WORD,)
    assert (results["ann"].score, results["ben"].score) == (27, 10)


def test_a_hand_never_scores_below_zero_and_bonuses_come_on_top():
    # ann: AT 5 against Z14 + Q15 = 29 unused: 5 - 29 is below zero, so the hand scores 0
    # ("no player can score less than zero in any hand"). ben laid no word: ann has the
    # most words and the longest word alone, and bonuses are "in addition": 0 + 20.
    # ben: nothing laid, unused O and E (4): 0, and no bonus ("a player with no words
    # cannot win either").
    results = score_round({"ann": hand("at", unused="Z Q"), "ben": hand(unused="O E")}, BOTH)
    assert results["ann"].hand_score == 0 and results["ann"].score == 20
    assert results["ben"].score == 0 and results["ben"].bonuses == ()


def test_nobody_laid_a_word_so_nobody_has_a_bonus():
    results = score_round({"ann": hand(unused="A E I"), "ben": hand(unused="O U T")}, BOTH)
    assert all(r.bonuses == () and r.score == 0 for r in results.values())


def test_a_word_ruled_not_allowable_counts_as_unused_and_for_no_bonus():
    # The walkthrough's STEVE: struck, its 21 points count against ben ("lose 21
    # points"). ben: AT 5 - 21 = below zero: 0. Without STEVE ben's longest is AT (2
    # letters) and his words are one: ann's TOP is the longest word alone (3 letters),
    # and her TOP and NO are the most words: 11 + 7 + 20 = 38.
    ben = PlayedHand((word("steve", struck=True), word("at")), ())
    results = score_round({"ann": hand("top", "no"), "ben": ben}, BOTH)
    assert (results["ben"].word_points, results["ben"].unused_points, results["ben"].score) == (5, 21, 0)
    assert (results["ben"].word_count, results["ben"].longest) == (1, 2)
    assert results["ann"].bonuses == (MOST_WORDS, LONGEST_WORD) and results["ann"].score == 38


def test_a_challenger_whose_word_stood_loses_its_points():
    # ben challenged ann's (QU)IZ and it stood: ben loses its 25 points this round.
    # ben: TOP 11 + STEVE 21 = 32 - 25 = 7; he has the most words (two against one) and
    # the longest (STEVE, 5 letters, against QUIZ, 4): 7 + 20 = 27. ann: (QU)IZ 25, untouched.
    results = score_round({"ann": hand("(qu)iz"), "ben": hand("top", "steve", penalty=25)}, BOTH)
    assert results["ben"].penalty == 25 and results["ben"].hand_score == 7
    assert results["ben"].score == 27 and results["ann"].score == 25


def test_only_the_bonuses_of_the_rule_chosen_are_played():
    # Two players play one bonus, chosen when the game starts ("most" here): ann's STEVE is
    # the longest word alone, but that bonus is not in play. Most words: ben's two against one.
    hands = {"ann": hand("steve"), "ben": hand("at", "no")}
    most = score_round(hands, BONUS_RULES["most"])
    assert most["ann"].bonuses == () and most["ben"].bonuses == (MOST_WORDS,)
    none = score_round(hands, BONUS_RULES["none"])
    assert all(r.bonuses == () for r in none.values())


def test_the_bonus_points_a_table_agreed():
    # a house game's bonus of 5: ann's TOP alone, both bonuses: 11 + 5 + 5 = 21
    results = score_round({"ann": hand("top"), "ben": hand(unused="A E I")}, BOTH, bonus_points=5)
    assert results["ann"].bonus_points == 10 and results["ann"].score == 21
