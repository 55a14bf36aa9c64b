"""Beside each word qscore proposes that a table would not know (none of SCOWL's common
words), its short meaning, so that the table can read it out at a challenge: in best, the
review (on the terminal and the page: one wording, plays_view), solitaire and draw advice,
and as ``meaning`` in their --json. A common word has none.

Card points (decks.toml): G6 O2 T3 H7 A2 C8 I2."""

import json

from qscore.game.cards import load_deck, parse_hand
from qscore.game.scoring import LaidWord, PlayedHand
from qscore.hands.handreview import review_hand
from qscore.views.plays_view import SHORT_MEANING, glossed, play_words, review_json, short_meaning
from qscore.words.dictionaries import open_dictionary
from tests.conftest import ok

DECK = load_deck()


def test_best_prints_the_meaning_of_a_rare_word_and_none_of_a_common_one():
    shown = ok("best", *"G O T H A".split())
    assert shown.startswith(
        "Best play: 18 points, goes out\n  GHAT (G·H·A·T, 18): stairway in India leading down to a landing...\n"
    )
    assert "  HA (H·A, 9)\n  GO (G·O, 8)\n" in shown  # common words: as ever
    got = json.loads(ok("best", *"G O T H A".split(), "--json"))
    assert got["words"] == [
        {
            "word": "ghat",
            "cards": ["G", "H", "A", "T"],
            "points": 18,
            "meaning": "stairway in India leading down to a landing...",
        }
    ]
    assert [w.get("meaning") for w in got["most_words"]["words"]] == [None, None]


def test_solitaire_and_draw_advice_print_it_too():
    shown = ok("solitaire", *"G O T H A".split())
    assert (
        shown.startswith("Take GHAT (G·H·A·T, 18): stairway in India")
        and "  GAT (G·A·T, 11): a gangster's pistol\n" in shown
    )
    assert "  HAG (H·A·G, 15)\n" in shown
    advice = ok("best", "C", "I", "A", "--faceup", "G")
    assert "  AI (A·I, 4): a sloth that has three long claws on each...\n" in advice
    faceup = json.loads(ok("best", "C", "I", "A", "--faceup", "G", "--json"))["faceup"]
    assert faceup["words"][0]["meaning"] == "a sloth that has three long claws on each..."


def test_the_review_could_have_laid_reads_with_its_meaning():
    everyday = open_dictionary("everyday")
    review = review_hand(1, "ann", PlayedHand((), tuple(parse_hand("G H A T".split()))), 0, everyday, DECK)
    assert play_words(review.best_play) == "ghat (stairway in India leading down to a landing...)"
    assert review_json(review)["best_play"]["words"][0]["meaning"] == "stairway in India leading down to a landing..."


def test_a_short_meaning_is_the_first_shortened_and_an_inflections_names_its_base():
    assert short_meaning("ait") == "an islet, or little isle, in a river or lake"  # up to its semicolon
    assert short_meaning("ghats") == "plural of ghat: stairway in India leading down to a landing..."
    assert all(len(short_meaning(w) or "") <= SHORT_MEANING for w in ("ait", "ghat", "kumquat", "hakim", "banc"))
    # none for a common word, nor for one never proposed (cig has no meaning; a slur's is not read out)
    assert short_meaning("city") is short_meaning("cig") is short_meaning("wogs") is None
    word = LaidWord(tuple(parse_hand("B A N C".split())))
    assert glossed("BANC", word.text) == "BANC: a bench" and glossed("banc", "banc", apart=True) == "banc (a bench)"
