"""The review: each player's best play of their own cards, checked against a brute force."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qscore.game.cards import load_deck, parse_hand, parse_laid_word
from qscore.game.scoring import LaidWord, PlayedHand
from qscore.hands.handreview import best_play, review_hand
from qscore.words.dictionaries import WordSet, open_dictionary
from tests.conftest import TINY_WORDS, ok, run
from tests.test_games import WHOLE_GAME
from tests.test_solver import POOL, brute_force, check_play_is_legal

DECK = load_deck()


def fails(*args):
    r = run(*args)
    assert r.exit_code == 2, (args, r.output)
    assert r.stdout == "" and r.stderr.count("\n") == 1
    return r.stderr


class Allowed:
    """A dictionary as the brute force reads it (``word in words``), plus the words that stood."""

    def __init__(self, dictionary, stood=()):
        self.dictionary, self.stood = dictionary, set(stood)

    def __contains__(self, word):
        return word in self.stood or self.dictionary.refusal(word) is None


def brute_best(cards, words):
    return max(score for score, _n, _long in brute_force(cards, words, False))


# --- one hand, on the tiny dictionary ----------------------------------------


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(POOL), min_size=2, max_size=7), st.integers(0, 30))
def test_best_is_the_brute_force_best_of_the_same_cards(cards, penalty):
    counts = {c: cards.count(c) for c in cards}
    cards = [c for c in cards if counts[c] <= DECK.counts[c.token]]
    if len(cards) < 2:
        return
    tiny = WordSet(TINY_WORDS)
    laid = PlayedHand((), tuple(cards), penalty)  # laid nothing: every card unused, hand score 0
    got = review_hand(1, "ann", laid, 0, tiny, DECK)
    check_play_is_legal(got.best_play, cards, set(TINY_WORDS), discard=False)
    best = brute_best(tuple(cards), set(TINY_WORDS))
    assert got.best_play.score == best
    assert got.best == max(0, best - penalty) and got.missed == got.best


def test_a_word_that_stood_counts_though_the_dictionary_refuses_it():
    # HAT is not in the tiny list, but nobody challenged it: it scored H7 A2 T3 = 12,
    # and the review must not call 12 more than the cards allowed.
    tiny = WordSet(TINY_WORDS)
    hat = LaidWord(tuple(parse_laid_word("hat")))
    got = review_hand(1, "ann", PlayedHand((hat,), ()), 12, tiny, DECK)
    assert (got.scored, got.best, got.missed) == (12, 12, 0)
    assert brute_best(hat.cards, Allowed(tiny, {"hat"})) == 12
    # struck by a challenge, it is no word: the best of its cards is AT (5) with H unused (-7)
    struck = LaidWord(hat.cards, struck=True)
    assert best_play(PlayedHand((struck,), ()), tiny).score == -2 == brute_best(hat.cards, set(TINY_WORDS))


def test_a_one_card_round_has_no_word_to_miss():
    got = review_hand(1, "ann", PlayedHand((), tuple(parse_hand("A"))), 0, WordSet(TINY_WORDS), DECK)
    assert (got.best, got.best_play.words, [c.token for c in got.best_play.unused]) == (0, (), ["A"])


# --- a whole game, worked in tests/test_games.py, on the everyday dictionary ----

# Rounds 7 and 8 (9 and 10 cards) take the brute force about a minute: their best
# scores, found by it once, are kept here. JUMPED OX B -> JUMPED · BOX = 57;
# WIZARD ON BE = 55 (ann's own play is the best); TH IN K IN G O X E E E -> 57;
# V E X C U B N O Y Y -> 60.
BRUTE_FORCE_BIG = {(7, "ann"): 57, (8, "ann"): 55, (8, "ben"): 57, (8, "cat"): 60}


def play_whole_game():
    ok("new", "ann", "ben", "cat", "--game", "friday")
    for step in WHOLE_GAME:
        ok(*step)


@pytest.mark.slow
def test_review_of_a_whole_game_matches_the_brute_force():
    play_whole_game()
    sheet = json.loads(ok("sheet", "--json"))
    got = json.loads(ok("review", "--json"))
    assert [(r["round"], r["player"]) for r in got] == [(n, p) for n in range(1, 9) for p in ("ann", "ben", "cat")]
    everyday = open_dictionary()
    for r in got:
        row = sheet["rounds"][r["round"] - 1]["players"][r["player"]]
        cards = [c for w in row["words"] for c in parse_laid_word(w)] + [DECK.card(t) for t in row["unused"]]
        stood = [w.replace("(", "").replace(")", "") for w in row["words"]]
        for s in row["struck"]:
            stood.remove(s.replace("(", "").replace(")", ""))
        if len(cards) <= 8:
            best = brute_best(tuple(cards), Allowed(everyday, stood))
        else:
            best = BRUTE_FORCE_BIG.get((r["round"], r["player"]))
        if best is not None:
            assert r["best_play"]["score"] == best, r
        play = r["best_play"]
        assert sorted([c for w in play["words"] for c in w["cards"]] + play["unused"]) == sorted(c.token for c in cards)
        assert play["discard"] is None
        assert r["scored"] == row["hand_score"]
        assert r["best"] == max(0, play["score"] - row["penalty"])
        assert r["missed"] == r["best"] - r["scored"] >= 0


def test_review_text_says_what_was_missed():
    play_whole_game()
    out = ok("review")
    lines = out.splitlines()
    assert lines[0] == "Game 'friday', dictionary everyday"
    assert lines[1] == "Round 1 (3 cards):"
    assert "  ann: 13 of a possible 13" in lines  # CAT, out: nothing better
    # cat laid JAB with S unused (20) but owed 25 for challenging QUIZ: 0 on the sheet.
    # JABS (J13 A2 B8 S3 = 26) less the same 25 would have been 1.
    assert "  cat: 0 of a possible 1 (26 less 25 for a challenge), missed 1: jabs" in lines
    # STEVE was struck: S3 T3 E2 V11 E2 = 21 against ann, so 0; VET (16) and ES (5) go out for 21.
    assert "  ann: 0 of a possible 21, missed 21: vet · es (the letter s)" in lines
    # ann laid JUMPED OX with B unused: 35 + 14 - 8 = 41; JUMPED and BOX (8+2+12) use all: 57.
    assert "  ann: 41 of a possible 57, missed 16: jumped · box" in lines
    # the totals: ann 21 + 8 + 16, ben 4 + 4 + 12, cat 1 + 6 + 16
    assert lines[-1] == "Missed in all: ann 45, ben 20, cat 23."


def test_review_narrows_to_a_round_and_a_player():
    play_whole_game()
    out = ok("review", "--round", "3", "--player", "ANN")
    assert out.splitlines() == [
        "Game 'friday', dictionary everyday",
        "Round 3 (5 cards):",
        "  ann: 0 of a possible 21, missed 21: vet · es (the letter s)",
    ]
    got = json.loads(ok("review", "--player", "cat", "--json"))
    assert [r["round"] for r in got] == list(range(1, 9)) and {r["player"] for r in got} == {"cat"}
    assert ok("review", "--player", "ben").splitlines()[-1] == "Missed in all: ben 20."


def test_review_of_rounds_not_closed():
    ok("new", "ann", "ben", "cat", "--game", "early")
    assert ok("review") == "No round of game 'early' has closed yet: nothing to review.\n"
    assert json.loads(ok("review", "--json")) == []
    ok("score", "ann", "cat", "--out")
    assert fails("review", "--round", "1") == "qscore: error: round 1 has not closed: it waits for ben, cat\n"
    assert "round 2 has not started" in fails("review", "--round", "2")
    assert "no round 9" in fails("review", "--round", "9")
    assert "no player 'dan'" in fails("review", "--player", "dan")
    assert "no game named 'nope'" in fails("review", "--game", "nope")


# --- in the guided mode ----------------------------------------------------------

GUIDED = [
    # round 1, 4 cards, ben went out with TO GO; cat JAB (23) with S (-3) = 20, where JABS
    # (26) used every card: the round's biggest miss, 6; ann QUIZ (25) with E (-2) = 23.
    *("ben", "to go", "jab", "S", "(qu)iz", "E", ""),
    # round 2, 5 cards: ann's STEVE, kept and struck (0); VET (16) and ES (5) were there: 21.
    *("ann", "steve", "y", "hat in", "bed no", "ann steve by ben", ""),
]


def test_guided_mode_shows_each_rounds_biggest_miss_and_the_totals():
    ok("new", "ann", "ben", "cat", "--rounds", "4,5")
    r = run("play", input="".join(f"{a}\n" for a in GUIDED))
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    first = lines.index("Review: the biggest miss of round 1: cat scored 20 of a possible 26 with jabs.")
    second = lines.index(
        "Review: the biggest miss of round 2: ann scored 0 of a possible 21 with vet · es (the letter s)."
    )
    # each after its round's table, before the next round's
    assert lines.index("Totals after round 1: ann 33, ben 23, cat 20.") < first
    assert first < lines.index("Totals after round 2: ann 33, ben 42, cat 42.") < second
    # the whole game's misses come before the winner, which is said last
    end = lines.index("The evening:")  # the evening's summary follows (tests/test_history.py)
    assert lines[end - 2 : end] == ["Missed in all: ann 21, ben 0, cat 6.", "Game over. A tie: ben and cat with 42."]


def test_a_table_can_turn_the_review_off():
    out = ok("new", "ann", "ben", "cat", "--rounds", "4,5", "--no-review")
    assert "dictionary: everyday, no review in play." in out
    r = run("play", input="".join(f"{a}\n" for a in GUIDED))
    assert r.exit_code == 0, r.output
    assert "Review:" not in r.stdout and "Missed" not in r.stdout
    assert r.stdout[: r.stdout.index("\nThe evening:\n")].endswith("Game over. A tie: ben and cat with 42.")
    # the review itself still answers when asked
    assert ok("review").splitlines()[-1] == "Missed in all: ann 21, ben 0, cat 6."


def test_the_review_setting_is_written_only_when_off():
    from qscore.game.entries import GameConfig

    on = GameConfig(players=("ann", "ben"), bonus="most")
    assert "review" not in on.to_json()  # as games were written before the setting
    assert GameConfig.from_json(on.to_json()).review is True
    off = GameConfig(players=("ann", "ben"), bonus="most", review=False)
    assert off.to_json()["review"] is False and GameConfig.from_json(off.to_json()) == off


# --- the table's rulings ---------------------------------------------------------

RULED = [
    # one round of 3 cards. ann's FEZ (F6 E2 Z14 = 22) is in the dictionary, but the table's
    # paper ruled it out: 22 against her, 0. Her F E Z make no other word, so 0 was her best.
    ("score", "ann", "fez", "--out"),
    # ben's QAT (Q15 A2 T3 = 20) is not in everyday; the paper let it stand: 20, and his best.
    ("score", "ben", "qat"),
    # cat's OX with E unused is 12; EX or OX were all there was, and 20 goes for the challenge.
    ("score", "cat", "ox", "--unused", "E"),
    ("challenge", "ann", "fez", "--by", "ben", "--ruling", "invalid"),
    ("challenge", "ben", "qat", "--by", "cat", "--ruling", "valid"),
]


def test_the_review_follows_the_tables_rulings():
    ok("new", "ann", "ben", "cat", "--rounds", "3", "--game", "ruled")
    for step in RULED:
        ok(*step)
    got = {r["player"]: r for r in json.loads(ok("review", "--json"))}
    assert {p: (r["scored"], r["best"], r["missed"]) for p, r in got.items()} == {
        "ann": (0, 0, 0),  # not "0 of a possible 22 with FEZ": the table struck FEZ
        "ben": (20, 20, 0),
        "cat": (0, 0, 0),
    }
    assert [w["word"] for w in got["ann"]["best_play"]["words"]] == []
    assert [w["word"] for w in got["ben"]["best_play"]["words"]] == ["qat"]
    stats = json.loads(ok("stats", "--json"))["players"]
    assert {p: s["missed"] for p, s in stats.items()} == {"ann": 0, "ben": 0, "cat": 0}


def test_a_struck_word_is_no_word_for_that_hand_only():
    tiny = WordSet(TINY_WORDS)
    cat = LaidWord(tuple(parse_laid_word("cat")), struck=True)
    # CAT ruled out: ACT, of the same cards, is another word and still counts (13)
    assert [w.text for w in best_play(PlayedHand((cat,), ()), tiny).words] == ["act"]
    to = LaidWord(tuple(parse_laid_word("to")), struck=True)
    hand = PlayedHand((to,), tuple(parse_hand("O X")))
    assert [w.text for w in best_play(hand, tiny).words] == ["ox"]  # TO may not be laid again
    # two TOs laid, one struck: the one that stood is a word, so TO still counts
    both = PlayedHand((LaidWord(to.cards), to), ())
    assert [w.text for w in best_play(both, tiny).words] == ["to", "to"]
    # the next hand is judged by the dictionary alone
    assert [w.text for w in best_play(PlayedHand((), tuple(parse_hand("T O"))), tiny).words] == ["to"]


def test_play_summarises_a_round_by_the_tables_ruling():
    ok("new", "ann", "ben", "cat", "--rounds", "3")
    answers = ["ann", "fez", "qat", "y", "ox", "E", "ann fez by ben invalid", "ben qat by cat valid", ""]
    out = ok("play", input="".join(f"{a}\n" for a in answers))
    assert "Review: nobody could have scored more in round 1." in out
    assert "Missed in all: ann 0, ben 0, cat 0." in out


def test_a_missed_play_is_written_as_laid():
    """(TH)UD and T·H·U·D score differently, so the review writes the cards as laid."""
    from qscore.hands.solver import solve
    from qscore.views.plays_view import play_words

    best = solve(parse_hand("TH U D E S"), open_dictionary(), discard=False).best
    assert (play_words(best), best.score) == ("(th)ud · es (the letter s)", 23)  # TH9 U4 D5 + E2 S3


def test_a_missed_play_tells_letters_from_double_cards():
    """ER · N(TH) read as the ER card beside the TH card, where ER was the letters E and R:
    a play is written as the table types it, a letter a card, a double card in brackets."""
    from qscore.hands.solver import solve
    from qscore.views.plays_view import play_words

    def best(hand):
        return play_words(solve(parse_hand(hand), open_dictionary(), discard=False).best)

    assert (
        best("E R N TH") == "re · n(th) (last or greatest in an indefinitely large series)"
    )  # the commonest of the cards' anagrams (re, not er)
    assert best("ER N T H") == "h(er)n (a heron) (T unused)"


def test_a_possible_score_says_when_a_challenge_took_from_it():
    """16 of a possible 36, where the words were worth 48: the challenge's cost went unsaid."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "5")
    ok("score", "ann", "hat", "-u", "E S")
    ok("score", "ben", "ox", "-u", "E E S")
    ok("challenge", "ann", "hat", "--by", "ben")  # hat stands: ben loses 12
    lines = ok("review").splitlines()
    assert "  ben: 0 of a possible 9 (21 less 12 for a challenge), missed 9: ox · see" in lines
    assert "  ann: 7 of a possible 17, missed 10: haste" in lines  # no challenge cost ann anything


def test_a_hand_a_challenge_zeroed_says_what_its_cards_allowed_before_it():
    """ben: 0 of a possible 0, where a challenge of 19 took any play to zero: that ATE was
    worth 4 more than his AT (unused E) went unsaid."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,5")
    ok("score", "ann", "zit", "--out")
    ok("score", "ben", "at", "-u", "E")  # 5 - 2 = 3; ATE goes out for 7
    ok("challenge", "ann", "zit", "--by", "ben")  # zit stands: ben loses 19
    ok("score", "ann", "hat", "-u", "E S")
    ok("score", "ben", "tea", "-u", "E S")  # TEASE would have been 12, as much as the challenge
    ok("challenge", "ann", "hat", "--by", "ben")  # hat stands: ben loses 12
    lines = ok("review").splitlines()
    assert "  ben: 0 of a possible 0 (7 less 19 for a challenge); before it, missed 4: ate" in lines
    # named by the common word of those cards (TEASE, not the first of them, SETAE)
    assert "  ben: 0 of a possible 0 (12 less 12 for a challenge); before it, missed 10: tease" in lines
    ok("score", "ben", "setae", "--round", "2", "--replace")
    lines = ok("review", "--round", "2").splitlines()
    assert "  ben: 0 of a possible 0 (12 less 12 for a challenge)" in lines  # laid the best: nothing missed


# --- the play called best is one the table can look up ------------------------


def everyday_review(hand, laid_words=(), scored=0):
    """The review of a hand on the everyday list: ``laid_words`` laid, the rest unused."""
    cards = parse_hand(hand.split(), DECK)
    words = [parse_laid_word(w, DECK) for w in laid_words]
    for w in words:
        for c in w:
            cards.remove(c)
    laid = PlayedHand(tuple(LaidWord(tuple(w)) for w in words), tuple(cards), 0)
    return review_hand(1, "ann", laid, scored, open_dictionary("everyday"), DECK)


def words_of(review):
    return sorted(w.text for w in review.best_play.words)


def test_a_tie_goes_to_the_play_whose_words_the_table_can_look_up():
    # YUK ES and KEY US are both 21: define has no meaning for yuk
    got = everyday_review("y u k s e")
    assert "yuk" not in words_of(got) and got.best == 21
    assert words_of(got) == ["key", "us"]


def test_a_play_a_point_or_two_short_is_shown_when_its_words_have_meanings():
    # KIF with D unused is 17 - 6 = 11; KID with F unused is 9: kif has no meaning on file
    got = everyday_review("k i f d")
    assert words_of(got) == ["kid"] and got.best == 9 and got.missed == 9


def test_a_play_more_than_two_points_short_is_not_preferred():
    # XU with O unused is 14; OX with U unused is 10, four points short: xu stays
    got = everyday_review("x u o")
    assert words_of(got) == ["xu"] and got.best == 14


def test_the_possible_score_is_never_below_what_the_player_scored():
    # ann laid KIF for 11: the review cannot call 9 (KID) the possible score
    got = everyday_review("k i f d", ["kif"], scored=11)
    assert words_of(got) == ["kif"] and got.best == 11 and got.missed == 0


def test_common_words_need_no_meaning_on_file():
    # it, or, the have no meaning on file (WordNet leaves them out), but a table knows them:
    # T O A D's best is TOAD (12), not DATO; I T's is IT, not TI, both 5
    assert words_of(everyday_review("t o a d")) == ["toad"]
    assert words_of(everyday_review("i t")) == ["it"]


def test_the_review_names_a_common_word_of_the_cards_before_a_rarer_first_anagram():
    # AEHST: ASHET (a Scots serving plate) is the first anagram, HASTE and HATES the common ones
    everyday = open_dictionary("everyday")
    review = review_hand(1, "ann", PlayedHand((), tuple(parse_hand("H A S T E".split()))), 0, everyday, DECK)
    assert [w.text for w in review.best_play.words] == ["haste"]
    assert everyday.refusal("ashet") is None
