"""Double cards in sight: a word typed in letters that a double card could have laid, and
the spelling the cards dealt settle. Card values: C8 L3 CL10 E2 F6 T3 H7 TH9 I2 N5 IN7 U4 D5."""

import json
import re

from qscore.game.cards import format_laid, load_deck, parse_laid_word
from qscore.game.doubles import could_drop, double_hint, double_spellings, fitting_text, respell
from tests.conftest import ok, run

DECK = load_deck()


def laid(*words):
    return [parse_laid_word(w, DECK) for w in words]


def test_the_double_card_spellings_of_a_word_typed_in_letters():
    assert [format_laid(c) for c in double_spellings("thin", DECK)] == ["(th)in", "th(in)", "(th)(in)"]
    assert [double_hint(c) for c in double_spellings("clef", DECK)] == ["if CL was one card: (cl)ef, 18"]
    assert double_hint(parse_laid_word("(th)(in)")) == "if TH and IN were one card each: (th)(in), 16"
    assert double_spellings("(cl)ef", DECK) == []  # typed with brackets: the table said which
    assert double_spellings("ox", DECK) == []
    assert double_spellings("in", DECK) == []  # IN alone is one card, no word


def test_the_cards_dealt_settle_a_spelling_only_when_one_fits():
    (fitted,) = respell(["clef"], laid("clef"), 3, DECK)
    assert (fitted.typed, fitted.laid) == ("clef", "(cl)ef")
    assert respell(["clef"], laid("clef"), 4, DECK) == [fitted.__class__("clef", tuple(laid("clef")[0]))]
    assert respell(["thin"], laid("thin"), 3, DECK) is None  # (th)in or th(in): the table says
    assert fitting_text(["thin"], laid("thin"), 3, DECK) == "thin could be (th)in or th(in)"
    assert respell(["cat"], laid("cat"), 2, DECK) is None  # no double card makes it fit


def test_a_word_that_could_give_up_a_card():
    assert format_laid(could_drop("thud", "T", DECK)) == "(th)ud"
    assert could_drop("tot", "T", DECK) is None


def test_a_player_who_went_out_is_offered_no_spelling_that_cannot_fit():
    """Going out lays every card: T·H·E fits the 3 dealt, and (th)e, 2 cards, cannot."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    out = ok("score", "ann", "the", "--out")
    assert "if TH was one card" not in out
    assert out.splitlines()[1] == "  as laid: T·H·E 12"


def test_score_shows_the_cards_and_what_a_double_card_would_make():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    out = ok("score", "ann", "clef", "--out")  # C·L·E·F is 4 cards: the 3 dealt settle it
    assert out.splitlines()[:3] == [
        "Recorded ann's laydown in round 1: (cl)ef (went out).",
        "  as laid: CL·E·F 18",
        "  clef taken as (cl)ef: the only spelling that fits the 3 cards dealt",
    ]
    out = ok("score", "ben", "the")
    assert out.splitlines()[:4] == [
        "Recorded ben's laydown in round 1: the.",
        "  as laid: T·H·E 12",
        "  the: if TH was one card: (th)e, 11, with 1 more card left in hand",
        "  (to lay a word another way, score the laydown again with --replace)",
    ]
    r = run("score", "cat", "thin")
    assert r.exit_code == 2
    assert r.stderr == (
        "qscore: error: cat's laydown has 4 cards (4 in words, 0 unused), but round 1 is dealt 3: "
        "thin could be (th)in or th(in), type the one laid\n"
    )
    rounds = json.loads(ok("sheet", "--json"))["rounds"]
    assert rounds[0]["players"]["ann"]["words"] == ["(cl)ef"]


def test_several_words_that_could_change_are_offered_as_whole_laydowns():
    """quiz the in 6 cards: either word takes its double card, not both nor neither."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "9")
    r = run("score", "ben", "quiz", "the", "-u", "A B C")
    assert r.exit_code == 2
    assert r.stderr.endswith("quiz the could be laid quiz (th)e or (qu)iz the, type the one laid\n")


def test_play_asks_the_unused_cards_before_any_spelling_and_offers_only_those_that_fit():
    """clothing ate in 10 cards: the unused cards first; one left means two double cards,
    so only the three spellings with two are offered, none with one or three."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "10")
    out = ok("play", input="".join(f"{a}\n" for a in ["", "clothing ate", "E", "2", "quit"]))
    assert (
        "ben's unused cards (1 or 2 cards, or - if every card is in a word: one more for each double card "
        "(CL, IN or TH) laid; blank: retype the words): E"
    ) in out
    assert "clothing ate can be laid 3 ways with those cards, worth different points:" in out
    offered = [line.split(": ")[1] for line in out.splitlines() if re.match(r"  \d: ", line)]
    assert offered == ["(cl)o(th)ing ate", "(cl)oth(in)g ate", "clo(th)(in)g ate"]
    assert "Recorded ben's laydown in round 1: (cl)oth(in)g ate (unused E)." in out


def test_the_unused_cards_question_says_a_qu_card_in_either_word_leaves_one_more():
    """quiz quiet in 8 cards: 9 cards as typed, 8 with one QU card, 7 with two."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "8")
    out = ok("play", input="".join(f"{a}\n" for a in ["", "quiz quiet", "quit"]))
    assert (
        "ben's unused cards (1 card, or - if every card is in a word: one more for each QU card laid; "
        "blank: retype the words): quit"
    ) in out


def test_too_many_of_a_card_names_who_laid_them_and_the_double_card_that_fits():
    ok("new", "dan", "eve", "fay", "--rounds", "8")
    ok("score", "dan", "tot", "tee", "-u", "E E")  # three T cards
    ok("score", "fay", "thud", "-u", "E E E E")  # T·H·U·D, 8 cards as typed: a fourth T
    r = run("score", "eve", "tit", "at", "-u", "A A A")  # three more: seven
    assert r.exit_code == 2
    assert r.stderr == (
        "qscore: error: 7 T cards in round 1, the standard deck has 6 (laid by dan, eve, fay): "
        "fay's thud could be (th)ud\n"
    )


def test_play_counts_the_unused_cards_before_it_settles_a_double_card():
    """clef and thud in 5 cards, two left in hand: each is laid with its double card, asked
    nothing. The question said '1 or 2 cards', not why: it names the double card now."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "5")
    out = ok("play", input="".join(f"{a}\n" for a in ["", "clef", "S E", "thud", "S E"]))
    assert "ben's unused cards (1 card if clef was laid with C and L, 2 if with the CL card; blank: retype" in out
    assert "ann's unused cards (1 card if thud was laid with T and H, 2 if with the TH card; blank: retype" in out
    assert "clef taken as (cl)ef: the only spelling that fits the 5 cards dealt." in out
    assert "Recorded ben's laydown in round 1: (cl)ef (unused S E)." in out
    assert "thud taken as (th)ud: the only spelling that fits the 5 cards dealt." in out
    assert "can be laid" not in out  # no question: the count settled each
    assert json.loads(ok("sheet", "--json"))["rounds"][0]["players"]["ann"]["words"] == ["(th)ud"]


def test_play_asks_which_way_when_the_ways_that_fit_differ_in_points():
    """thin going out with 3 cards: TH·I·N or T·H·IN, worth different points: a number says which."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3")
    out = ok("play", input="".join(f"{a}\n" for a in ["ben", "thin", "x", "2", "quit"]))
    assert "thin can be laid 2 ways with those cards, worth different points:" in out
    assert "Which was laid? Enter: 1, or 1-2: x\nNot taken: 'x': type a number from 1 to 2, or press Enter" in out
    assert "Recorded ben's laydown in round 1: th(in) (went out)." in out


def test_play_asks_no_double_card_of_a_player_who_went_out_with_every_card():
    """ben went out with T·H·E, the 3 cards dealt: (th)e would leave a card, so is not offered."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3")
    out = ok("play", input="".join(f"{a}\n" for a in ["ben", "the", "at", "E"]))
    assert "if TH was one card" not in out
    assert "Recorded ben's laydown in round 1: the (went out)." in out
