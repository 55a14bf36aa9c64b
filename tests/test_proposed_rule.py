"""What qscore proposes a table can defend at a challenge: best and its bonus plays, --top,
a round's review, solitaire and draw advice lay no word without a meaning on file, none a
desk dictionary prints only with a capital, none SCOWL files only as an abbreviation
(dictionaries/README.md, "Words never proposed"); every one of them through
``proposed()``. Held on every hand of the saved lists: tests/data/hands-fresh.txt (dealt
hands) and the laydowns of tests/data/release-games (what the review solves).

Card points (decks.toml): C8 I2 G6 A2 L3 R5 T3 Y4 E2 O2 H7."""

import sys
from collections import Counter
from pathlib import Path

import pytest

from qscore.game.cards import load_deck, parse_hand
from qscore.game.scoring import PlayedHand
from qscore.hands.candidates import candidate_words
from qscore.hands.draws import advise_draw
from qscore.hands.handreview import review_hand
from qscore.hands.solver import solitaire_words, solve
from qscore.words.definitions import define
from qscore.words.dictionaries import judge, open_dictionary
from qscore.words.dictionaries.proposed import indefensible, is_proposed, proposed
from tests.conftest import ok

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "dictionaries"))
import proposed_figures  # noqa: E402  the figures' script: reads the saved lists as it does

DECK = load_deck()
FRESH = proposed_figures.read_hands(ROOT / "tests" / "data" / "hands-fresh.txt")
SAVED = [
    hand
    for name in ("friday", "duel")
    for hand in proposed_figures.read_hands(ROOT / "tests/data/release-games" / f"{name}.json")
]
SOURCES = Path("/usr/share/dict/scowl").is_dir() and Path("/usr/share/wordnet").is_dir()


@pytest.fixture(scope="module", params=["everyday", "wordgame"])
def words(request):
    return open_dictionary(request.param)


def words_of(*plays):
    return {w.text for p in plays for w in p.words}


def defensible(texts):
    """Each of ``texts`` has a meaning on file, and the shipped list keeps out none of them;
    where the sources are on this machine, they say the same (the figures' script)."""
    assert all(define(w).found for w in texts), [w for w in texts if not define(w).found]
    assert all(is_proposed(w) for w in texts)
    if SOURCES:
        assert {w: proposed_figures.indefensible(w) for w in texts if proposed_figures.indefensible(w)} == {}
    return True


def test_the_saved_lists_are_read():
    assert len(FRESH) == 120 and {len(cards) for cards, _discard in FRESH} == set(range(3, 11))
    assert len(SAVED) >= 10 and not any(discard for _cards, discard in SAVED)


def test_best_proposes_only_defensible_words_on_every_saved_hand(words):
    proposed_here = set()
    for cards, discard in FRESH + SAVED:
        found = solve(cards, words, discard=discard, top=3)
        proposed_here |= words_of(found.best, found.most_words, found.longest_word, *found.top)
    assert len(proposed_here) > 300 and defensible(proposed_here)


def test_the_review_solitaire_and_draw_advice_propose_only_defensible_words(words):
    shown = set()
    for number, (cards, _discard) in enumerate(FRESH + SAVED):
        shown |= words_of(review_hand(1, "ann", PlayedHand((), tuple(cards)), 0, words, DECK).best_play)
        if len(cards) <= 8:
            shown |= {w.text for w in solitaire_words(cards, words)}
        if number % 10 == 0:  # draw advice solves a hand for every card still to draw
            shown |= words_of(advise_draw(cards[:-1], cards[-1], words).take)
    assert len(shown) > 300 and defensible(shown)


@pytest.mark.sysdict
@pytest.mark.parametrize("tag", ["en_US", "en_GB"])
def test_hunspells_dictionaries_are_held_to_the_same_rule(tag):
    system = open_dictionary(tag)
    shown = set()
    for cards, discard in FRESH[::3] + SAVED:
        found = solve(cards, system, discard=discard)
        shown |= words_of(found.best, found.most_words, found.longest_word)
    assert defensible(shown)


# Hands on which qscore proposed a word a table cannot defend: CIG and TYG have no meaning
# on file, GOTH is printed only with a capital, LI and AR are SCOWL's abbreviations.
def test_best_lays_no_word_without_a_meaning_and_says_so_with_any_word():
    assert "CIG" not in ok("best", "C", "I", "G", "A", "--no-discard")
    assert ok("best", "C", "I", "G", "A", "--no-discard", "--any-word").startswith(
        "Best play: 14 points, does not go out\n  CIG (C·I·G, 16)\n"
    )
    assert "TYG" not in ok("best", "T", "Y", "G", "E", "--top", "5")


def test_the_bonus_plays_lay_no_abbreviation():
    shown = ok("best", "L", "I", "A", "R", "--no-discard")
    assert "Most words" not in shown and " LI " not in shown and " AR " not in shown
    assert words_of(
        solve(parse_hand("L I A R".split()), open_dictionary("everyday"), discard=False, any_word=True).most_words
    ) == {"li", "ar"}


def test_solitaire_and_draw_advice_lay_no_word_printed_with_a_capital():
    assert ok("solitaire", "G", "O", "T", "H").startswith("Take HOG (H·O·G, 15)\n")
    advice = ok("best", "C", "I", "A", "--faceup", "G")
    assert "CIG" not in advice and advice.startswith("Draw blind")


def test_the_review_could_have_laid_no_indefensible_word():
    everyday = open_dictionary("everyday")
    review = review_hand(1, "ann", PlayedHand((), tuple(parse_hand("C I G A".split()))), 0, everyday, DECK)
    assert "cig" not in words_of(review.best_play) and review.best_play.score < 14


def test_an_indefensible_word_is_still_a_word_when_laid():
    everyday = open_dictionary("everyday")
    for word, why in (("cig", "no-meaning"), ("goth", "capitalised"), ("li", "abbreviation"), ("ar", "abbreviation")):
        assert judge(word, everyday).allowed and indefensible("".join(sorted(word)))[word] == why
        assert not proposed(everyday).contains(word) and everyday.contains(word)
    assert {w.text for w in candidate_words(Counter(parse_hand("C I G".split())), everyday)} >= {"cig"}


def test_words_a_desk_dictionary_vouches_for_are_proposed():
    # zen's lower-case sense is a curated meaning; app and maths are clippings SCOWL files
    # among abbreviations; it, an and or have meanings of qscore's own
    assert all(is_proposed(w) for w in ("zen", "app", "maths", "abs", "it", "an", "or", "quiz"))


def test_a_did_you_mean_offers_no_word_a_table_could_not_defend():
    """The did-you-mean is proposed as the best play is: zak once offered zack and zac,
    words everyday holds with no meaning on file; the words offered now each have one."""
    from qscore.words.dictionaries import judge, open_dictionary
    from qscore.words.dictionaries.proposed import indefensible, is_proposed
    from qscore.words.dictionaries.wordfiles import sort_key

    everyday = open_dictionary("everyday")
    assert indefensible(sort_key("zack")) and everyday.contains("zack")  # what was offered
    offered = judge("zak", everyday).suggestions
    assert offered and "zack" not in offered and "zac" not in offered
    for typed in ("zak", "za", "kwiz", "teh", "recieve", "qwiz", "jax", "vox"):
        assert all(map(is_proposed, judge(typed, everyday).suggestions)), typed
