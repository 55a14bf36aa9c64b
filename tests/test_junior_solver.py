"""The solver, draw advice, review and solitaire under Quiddler Junior's rules and a table's deck.

Junior's sheet: "unused cards are neither added nor subtracted", and "one card words are
allowed". So a play's score counts only its words, a high card kept costs nothing, and a
card whose letters are a word (A, I; a double card such as OO) may be laid alone. The
hands below are worked by hand on the deck file DECK_FILE and the word list WORDS.
"""

import json
from collections import Counter
from itertools import combinations, permutations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qscore.game.cards import parse_hand, table_deck
from qscore.game.deckfile import parse_deck, read_deck_file
from qscore.game.scoring import LaidWord, PlayedHand, RoundResult
from qscore.game.variants import JUNIOR, STANDARD
from qscore.hands.draws import advise_draw
from qscore.hands.handreview import missed_in, review_hand
from qscore.hands.solver import Play, solitaire_words, solve
from qscore.views.plays_view import hand_line
from qscore.words.dictionaries import WordSet
from tests.conftest import ok, run
from tests.test_json_contract import conforms

# A Junior deck in the shape of qscore/data/decks.toml: A, B, E, F, H, I, N, P, T, W and the
# double cards LL and OO have the values the texts give (the sheet's scoring example, and a
# published description of the cards); the rest, and every count, are the table's.
DECK_FILE = """\
[junior]
rounds = [2, 3, 4, 5, 6, 7]

[junior.cards]
A = [1, 10]
B = [4, 2]
C = [3, 2]
E = [1, 12]
F = [4, 2]
H = [4, 2]
I = [1, 8]
N = [3, 6]
O = [1, 8]
P = [4, 2]
S = [1, 4]
T = [2, 6]
W = [5, 2]
X = [6, 2]
Z = [7, 2]
LL = [3, 2]
OO = [3, 2]
"""

# "b" and "o" are in the word lists as letters' names; qscore proposes neither (a letter
# alone is no word a table could defend), and LL alone is no word.
WORDS = "a i b o at ax tax taxi zit no on not ton ox oo too tall ll".split()


@pytest.fixture
def deck_path(tmp_path: Path) -> Path:
    path = tmp_path / "junior.toml"
    path.write_text(DECK_FILE, "utf-8")
    return path


@pytest.fixture
def deck(deck_path: Path):
    found = read_deck_file(deck_path)
    return table_deck(found.name, found.cards, found.rounds)


@pytest.fixture
def words() -> WordSet:
    return WordSet(WORDS, name="tiny")


def texts(play: Play) -> list[str]:
    return [w.text for w in play.words]


# --- a different best play, worked by hand ----------------------------------------


def test_a_high_card_kept_costs_nothing(deck, words):
    """N O T X (N 3, O 1, T 2, X 6), one card discarded, three left.

    Standard: discard X, NOT 6, out; discard N, OX 7 less T 2 = 5; discard T, OX 7 less N 3
    = 4; discard O, no word, -11. Best: NOT, 6.
    Junior: discard X, NOT 6; discard N, OX 7 (T kept, free); discard T, OX 7 (N kept,
    free); discard O, 0. Best: OX, 7, with a card kept that counts nothing.
    """
    hand = parse_hand("N O T X", deck)
    standard = solve(hand, words, deck=deck).best
    assert (texts(standard), standard.discard.token, standard.unused, standard.score) == (["not"], "X", (), 6)
    junior = solve(hand, words, deck=deck, rules=JUNIOR).best
    assert texts(junior) == ["ox"] and junior.score == 7 and not junior.goes_out
    assert {junior.discard.token, *(c.token for c in junior.unused)} == {"N", "T"}


def test_a_one_card_word_laid_alone(deck, words):
    """Z A T X I (Z 7, A 1, T 2, X 6, I 1), one card discarded, four left.

    Standard (words of two cards at least): discard Z, TAXI 10, out; discard X, ZIT 10
    less A 1 = 9; discard A, ZIT less X 6 = 4; discard I, TAX 9 less Z 7 = 2; discard T,
    AX 7 less Z and I = -1. Best: TAXI, 10.
    Junior: discard X, ZIT 10 and A 1 = 11, out; discard Z, TAXI 10 (or TAX and I, 10);
    discard A, ZIT 10; discard I, TAX 9; discard T, AX 7 and I 1 = 8. Best: ZIT and A, 11.
    """
    hand = parse_hand("Z A T X I", deck)
    standard = solve(hand, words, deck=deck).best
    assert (texts(standard), standard.discard.token, standard.score) == (["taxi"], "Z", 10)
    junior = solve(hand, words, deck=deck, rules=JUNIOR).best
    assert (sorted(texts(junior)), junior.discard.token, junior.unused, junior.score) == (["a", "zit"], "X", (), 11)
    assert junior.goes_out


def test_one_card_words_are_a_i_and_a_double_card_whose_letters_are_a_word(deck, words):
    # A + I, B kept (free): 2; standard lays no word and loses every card, 1 + 4 + 1
    junior = solve(parse_hand("A B I", deck), words, discard=False, deck=deck, rules=JUNIOR).best
    assert (sorted(texts(junior)), [c.token for c in junior.unused], junior.score) == (["a", "i"], ["B"], 2)
    standard = solve(parse_hand("A B I", deck), words, discard=False, deck=deck).best
    assert (standard.words, standard.score) == ((), -6)
    # OO alone is the word oo (3); LL alone is none, kept for nothing; O alone is no word qscore proposes
    junior = solve(parse_hand("OO LL O", deck), words, discard=False, deck=deck, rules=JUNIOR).best
    assert (texts(junior), sorted(c.token for c in junior.unused), junior.score) == (["oo"], ["LL", "O"], 3)
    found = solitaire_words(parse_hand("A I B O OO LL T", deck), words, deck, rules=JUNIOR)
    assert [w.text for w in found if len(w.cards) == 1] == ["oo", "a", "i"]
    assert not [w for w in solitaire_words(parse_hand("A I OO T", deck), words, deck) if len(w.cards) == 1]


def test_a_plays_score_under_junior_counts_only_its_words(deck):
    x, a, t = (deck.card(t) for t in "XAT")
    words = (LaidWord((a, t)),)
    assert Play(words, None, (x,)).score == 3 - 6
    assert Play(words, None, (x,), unused_count=False).score == 3


def test_no_most_words_play_where_the_rules_have_no_such_bonus(deck, words):
    hand = parse_hand("Z A T X I", deck)
    assert solve(hand, words, deck=deck, rules=JUNIOR).most_words is None
    assert solve(hand, words, deck=deck).most_words is not None
    # Junior's one bonus, the longest word: TAXI (4 letters), 10 against the best play's 11
    assert texts(solve(hand, words, deck=deck, rules=JUNIOR).longest_word) == ["taxi"]


def test_the_sheets_scoring_example(deck):
    """Junior's sheet, "How To Score Example": "Player 2 makes a 3 letter word: PAW and
    leaves the C card unused. Word Points: 4 + 1 + 5 + 0 = 10"; "Player 1 makes 2 words:
    IF + HAT. Word Points: 1 + 4 + 4 + 2 = 11". On the shipped lists, the best of those
    cards: PAW with C kept for nothing (no word takes all four), and FAITH, every card, 12."""
    from qscore.words.dictionaries import open_dictionary

    everyday = open_dictionary(None, set(), set())
    paw = solve(parse_hand("P A W C", deck), everyday, discard=False, deck=deck, rules=JUNIOR).best
    assert (texts(paw), [c.token for c in paw.unused], paw.score) == (["paw"], ["C"], 10)
    faith = solve(parse_hand("I F H A T", deck), everyday, discard=False, deck=deck, rules=JUNIOR).best
    assert (texts(faith), faith.score) == (["faith"], 12)


# --- the solver is exact under Junior's rules ------------------------------------


def junior_brute_force(cards, words, discard):
    """Every (score, word count, longest) of a hand under Junior's rules, by trying every
    order of every group of cards: a word of one card or more, an unused card worth 0."""
    found: dict[tuple, set] = {}

    def pack(hand):
        if hand in found:
            return found[hand]
        if not hand:
            return {(0, 0, 0)}
        first, rest = hand[0], hand[1:]
        out = set(pack(rest))  # the first card kept, for nothing
        for r in range(len(rest) + 1):
            for picked in combinations(range(len(rest)), r):
                group = (first, *(rest[i] for i in picked))
                readings = {"".join(c.letters for c in p) for p in permutations(group)}
                fit = [w for w in readings if w in words]
                if fit:
                    left = tuple(c for i, c in enumerate(rest) if i not in picked)
                    pts, length = sum(c.points for c in group), max(map(len, fit))
                    out |= {(s + pts, n + 1, max(m, length)) for s, n, m in pack(left)}
        found[hand] = out
        return out

    hands = [tuple(cards[:i] + cards[i + 1 :]) for i in range(len(cards))] if discard else [tuple(cards)]
    return set().union(*(pack(tuple(sorted(h))) for h in hands))


PROPOSED = {"a", "i", "at", "ax", "tax", "taxi", "zit", "no", "on", "not", "ton", "ox", "oo", "too", "tall"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([*"AIOTXZNB", "OO", "LL"]), min_size=1, max_size=7), st.booleans())
def test_the_solver_matches_the_brute_force_under_junior(tokens, discard):
    found = parse_deck(DECK_FILE, "junior.toml")  # the deck file's text, read as from tmp_path
    deck = table_deck(found.name, found.cards, found.rounds)
    cards = [deck.card(t) for t in tokens]
    if any(n > deck.counts[c.token] for c, n in Counter(cards).items()) or (discard and len(cards) < 2):
        return
    solution = solve(cards, WordSet(WORDS), discard=discard, deck=deck, rules=JUNIOR)
    every = junior_brute_force(cards, PROPOSED, discard)
    assert solution.best.score == max(s for s, _n, _m in every)
    longest = max(m for _s, _n, m in every)
    assert solution.longest_word.score == max(s for s, _n, m in every if m == longest)
    for w in solution.best.words:
        assert w.text in PROPOSED and "".join(c.letters for c in w.cards) == w.text


def test_draw_advice_scores_each_draw_as_the_solver_does(deck, words):
    hand = parse_hand("Z T X", deck)
    advice = advise_draw(hand, deck.card("A"), words, deck=deck, rules=JUNIOR)
    for card, _copies, score in advice.blind:
        assert score == solve([*hand, card], words, deck=deck, rules=JUNIOR).best.score, card
    # with A: TAX 9, Z discarded
    assert (texts(advice.take), advice.take.score) == (["tax"], 9)


# --- the review under the game's rules and deck -------------------------------------


@pytest.mark.parametrize(
    ("laid", "unused", "best", "played"),
    [
        # ox laid, A kept (free): 7; OX and A: 8 (standard: OX less A, 6, is the best)
        (["ox"], "A", 8, ["ox", "a"]),
        # nothing laid, A and C kept: 0; A alone: 1
        ([], "A C", 1, ["a"]),
        # not laid, X kept: 6; OX, N and T kept: 7
        (["not"], "X", 7, ["ox"]),
    ],
)
def test_review_of_a_junior_hand(deck, words, laid, unused, best, played):
    hand = PlayedHand(
        tuple(LaidWord(tuple(parse_hand(" ".join(w.upper()), deck))) for w in laid), tuple(parse_hand(unused, deck))
    )
    scored = sum(w.points for w in hand.words)
    got = review_hand(1, "ann", hand, scored, words, deck, JUNIOR)
    assert (got.best, texts(got.best_play)) == (best, played)
    assert missed_in(hand, scored, words, deck, rules=JUNIOR) == got.missed == best - scored
    assert missed_in(hand, scored, words, deck, rules=JUNIOR, many=True) == got.missed  # the keys in memory


def test_review_past_zero_keeps_the_challenge_cost(deck, words):
    """A lost challenge cost 9 and the cards allow OX 7: Junior's sheet takes it below zero, -2."""
    hand = PlayedHand((), tuple(parse_hand("O X", deck)), 9)
    got = review_hand(1, "ann", hand, -9, words, deck, JUNIOR)
    assert (got.best, got.missed) == (-2, 7)
    assert missed_in(hand, -9, words, deck, rules=JUNIOR) == 7
    assert review_hand(1, "ann", hand, 0, words, deck, STANDARD).best == 0
    result = RoundResult(0, 0, 9, (), 0, 0, 0, past_zero=True)
    assert hand_line(got, result) == "ann: -9 of a possible -2 (7 less 9 for a challenge), missed 7: ox"


def test_the_review_of_a_junior_game_uses_its_rules_and_deck(deck_path):
    ok("new", "ann", "ben", "--variant", "junior", "--deck", str(deck_path))
    ok("score", "ann", "ox", "--out")
    ok("score", "ben", "-u", "a c")
    ok("score", "ann", "ox", "-u", "a")
    ok("score", "ben", "tax", "--out")
    # ben kept A and C (free) for 0: A alone is worth 1 (the deck's A); ann's OX and A, 8
    assert ok("review") == (
        "Game '2026-12-02', dictionary everyday\n"
        "Round 1 (2 cards):\n"
        "  ann: 7 of a possible 7\n"
        "  ben: 0 of a possible 1, missed 1: a (C unused)\n"
        "Round 2 (3 cards):\n"
        "  ann: 7 of a possible 8, missed 1: ox · a\n"
        "  ben: 9 of a possible 9\n"
        "Missed in all: ann 1, ben 1.\n"
    ).replace("2026-12-02", game_name())


def game_name() -> str:
    from qscore import scorekeeper

    return scorekeeper.game_names()[-1]


# --- best and solitaire on the command line ---------------------------------------


def test_best_under_junior_with_the_tables_deck(deck_path):
    # the same hand as test_a_one_card_word_laid_alone, on the shipped lists
    junior = ok("best", "--variant", "junior", "--deck", str(deck_path), "Z A T X I")
    assert junior.startswith("Best play: 11 points, goes out\n  ZIT (Z·I·T, 10)")
    assert "\n  A (A, 1)\n  discard: X\n  2 words, longest 3 letters\n" in junior
    assert "Most words" not in junior
    assert "\n\nLongest word (for the longest-word bonus): 10 points, goes out\n  TAXI (T·A·X·I, 10)\n" in junior
    # the guide's example (docs/guide.md, "Quiddler Junior: --variant junior --deck FILE")
    kept = ok("best", "--variant", "junior", "--deck", str(deck_path), "N O T X")
    guide = (Path(__file__).parent.parent / "docs" / "guide.md").read_text("utf-8")
    example = guide.split('$ qscore best --variant junior --deck junior.toml "N O T X"\n', 1)[1].split("```")[0]
    assert kept == example
    got = json.loads(ok("best", "--json", "--variant", "junior", "--deck", str(deck_path), "Z A T X I"))
    conforms("best --json", got)  # docs/json.md
    assert (got["score"], got["discard"], got["most_words"]) == (11, "X", None)
    assert [w["word"] for w in got["words"]] == ["zit", "a"]
    assert got["longest_word"]["words"][0]["word"] == "taxi"


def test_best_standard_is_as_it_was():
    assert ok("best", "--variant", "standard", "Z A T X I") == ok("best", "Z A T X I")


def test_junior_without_a_deck_is_refused_in_one_line():
    for command in (["best", "C A T X"], ["solitaire", "C A T X"]):
        r = run(*command, "--variant", "junior")
        assert r.exit_code == 2 and r.stdout == "" and r.stderr.count("\n") == 1
        assert "qscore deck junior" in r.stderr and "--deck" in r.stderr


def test_solitaire_under_junior_takes_a_one_card_word(deck_path):
    assert ok("solitaire", "--variant", "junior", "--deck", str(deck_path), "A") == "Take A (A, 1)\n"
    assert run("solitaire", "A").exit_code == 2


def test_of_one_letter_words_only_a_and_i_are_proposed():
    from qscore.views.plays_view import short_meaning
    from qscore.words.dictionaries import open_dictionary
    from qscore.words.dictionaries.proposed import is_proposed, proposed

    everyday = proposed(open_dictionary(None, set(), set()))
    assert [ch for ch in "abcdefghijklmnopqrstuvwxyz" if everyday.anagrams(ch)] == ["a", "i"]
    assert everyday.anagram_counts(["a", "b", "i", "o", "in", "oo"]) == [1, 0, 1, 0, 1, 1]
    assert not is_proposed("x") and is_proposed("i")
    assert short_meaning("i") is None  # the pronoun, not "the 9th letter of the Roman alphabet"
