"""Among plays of equal score, qscore proposes the familiar word: a play of SCOWL's common
words (common.tsv) before one that lays a rarer word for the same points, in best, its
bonus plays and the review; between plays of common words only, the order is as before.

Card points (decks.toml): D5 I2 P6 S3 T3 C8 K8 H7 O2 E2 R5 N5 A2."""

from qscore.game.cards import load_deck, parse_hand
from qscore.game.scoring import LaidWord, PlayedHand
from qscore.hands.handreview import review_hand
from qscore.hands.solver import Play, familiar_first, solve
from qscore.words.dictionaries import open_dictionary
from tests.conftest import ok

DECK = load_deck()


def words_of(play):
    return [w.text for w in play.words]


def test_of_two_plays_worth_as_much_the_one_of_common_words_is_proposed():
    # DIPSTICK (37) and DIPS·TICK (16 + 21) lay the same cards; dipstick is the rarer word
    everyday = open_dictionary("everyday")
    found = solve(parse_hand("D I P S T I C K".split()), everyday, discard=False)
    assert (found.best.score, sorted(words_of(found.best))) == (37, ["dips", "tick"])
    assert words_of(found.longest_word) == ["dipstick"]  # the bonus play still lays it
    assert ok("best", *"H O O K E R".split(), "--no-discard").startswith(
        "Best play: 26 points, goes out\n  HOOK (H·O·O·K, 19)\n  RE (R·E, 7)\n"
    )


def test_the_review_proposes_the_familiar_words_too():
    everyday = open_dictionary("everyday")
    review = review_hand(1, "ann", PlayedHand((), tuple(parse_hand("R E D N E C K".split()))), 0, everyday, DECK)
    assert (review.best, sorted(words_of(review.best_play))) == (35, ["neck", "red"])


def test_between_plays_of_common_words_the_order_is_as_before():
    # TOAD and AT·DO are 12 each, all common: the longer word, first tried, as ever
    everyday = open_dictionary("everyday")
    assert words_of(solve(parse_hand("T O A D".split()), everyday, discard=False).best) == ["toad"]


def test_plays_are_ordered_by_how_many_of_their_words_are_rare():
    def play(*texts):
        return Play(tuple(LaidWord(tuple(parse_hand(list(t.upper())))) for t in texts), None, ())

    assert familiar_first(play("dips", "tick")) == 0 < familiar_first(play("dipstick")) == 1
    assert familiar_first(play("quiz", "qat", "za")) == 2
