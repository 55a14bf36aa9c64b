"""The solver is exact: it matches a brute-force search and hand-worked answers."""

from collections import Counter
from functools import cache
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qscore.errors import CardError
from qscore.game.cards import load_deck, parse_hand
from qscore.hands.draws import advise_draw, unseen_cards
from qscore.hands.solver import MAX_HAND, cards_used, solitaire_words, solve
from qscore.words.dictionaries import HouseRules, WordSet, open_dictionary
from tests.conftest import TINY_WORDS

DECK = load_deck()
TINY = WordSet(TINY_WORDS)


def brute_force(cards, words, discard):
    """Best score, most words and longest word over every partition, by trying every order.

    Independent of the solver: no anagram keys, no spellings, no masks; a group of cards
    is a word if some order of them reads as one.
    """

    @cache
    def pack(hand):
        # -> set of (score, word count, longest) over every way to play ``hand``
        if not hand:
            return {(0, 0, 0)}
        first, rest = hand[0], hand[1:]
        out = {(s - first.points, n, long) for s, n, long in pack(rest)}
        for r in range(1, len(rest) + 1):
            for picked in combinations(range(len(rest)), r):
                group = (first, *(rest[i] for i in picked))
                readings = {"".join(c.letters for c in p) for p in permutations(group)}
                found = [w for w in readings if w in words]
                if not found:
                    continue
                left = tuple(c for i, c in enumerate(rest) if i not in picked)
                pts = sum(c.points for c in group)
                length = max(len(w) for w in found)
                out |= {(s + pts, n + 1, max(long, length)) for s, n, long in pack(left)}
        return out

    hands = [tuple(cards[:i] + cards[i + 1 :]) for i in range(len(cards))] if discard else [tuple(cards)]
    return set().union(*(pack(tuple(sorted(h))) for h in hands))


def check_play_is_legal(play, cards, words, discard):
    laid = [c for w in play.words for c in w.cards]
    held = laid + list(play.unused) + ([play.discard] if play.discard else [])
    assert Counter(held) == Counter(cards)
    assert (play.discard is not None) == discard
    for w in play.words:
        assert w.text in words and "".join(c.letters for c in w.cards) == w.text and len(w.cards) >= 2
    assert play.score == sum(c.points for c in laid) - sum(c.points for c in play.unused)


# Cards that the tiny dictionary's words are made of, and a few that make nothing.
POOL = [DECK.cards[t] for t in "T O P S I N H E R A C Z X Q U TH IN QU ER CL".split()]


@st.composite
def small_hands(draw):
    cards = draw(st.lists(st.sampled_from(POOL), min_size=2, max_size=7))
    counts = Counter(cards)
    return [c for c in cards if counts[c] <= DECK.counts[c.token]]


@settings(max_examples=150, deadline=None)
@given(small_hands(), st.booleans())
def test_solver_matches_brute_force(cards, discard):
    if len(cards) < 2:
        return
    words = set(TINY_WORDS)
    outcomes = brute_force(cards, words, discard)
    sol = solve(cards, TINY, discard=discard, top=3)
    for play in (sol.best, sol.most_words, sol.longest_word, *sol.top):
        check_play_is_legal(play, cards, words, discard)
    best = max(s for s, _n, _l in outcomes)
    assert sol.best.score == best
    most = max(n for _s, n, _l in outcomes)
    assert sol.most_words.word_count == most
    assert sol.most_words.score == max(s for s, n, _l in outcomes if n == most)
    longest = max(long for _s, _n, long in outcomes)
    assert sol.longest_word.longest == longest
    assert sol.longest_word.score == max(s for s, _n, long in outcomes if long == longest)
    assert [p.score for p in sol.top] == sorted([p.score for p in sol.top], reverse=True)
    assert sol.top[0].score == best
    for bonus in (sol.most_words, sol.longest_word):  # no bonus play worth as much beats the best on both counts
        assert not (
            bonus.score == best
            and (bonus.word_count, bonus.longest) != (sol.best.word_count, sol.best.longest)
            and bonus.word_count >= sol.best.word_count
            and bonus.longest >= sol.best.longest
        )
    assert len({signature(p) for p in sol.top}) == len(sol.top)
    assert len({cards_used(p) for p in sol.top}) == len(sol.top)  # anagrams of the same cards are one play
    assert sol.top[0] == sol.best  # the list is led by the best play as shown
    # the search prunes what cannot enter the list, ties included: a longer list begins the same
    assert sol.top == solve(cards, TINY, discard=discard, top=8).top[:3]


def test_top_plays_are_every_distinct_play_in_order():
    """The list gave TOPS, STOP, SPOT, POST and POTS as five plays: the same four cards.
    T O P S with no discard and the tiny list: the four cards go out for T3+O2+P6+S3 = 14
    (the best play, first); TOP, POT or OPT with S unused, 11 - 3 = 8; SO (5) with P T
    unused (-9) and TO (5) with S P unused (-9), -4 each; no word, -14."""
    sol = solve(parse_hand("T O P S"), TINY, discard=False, top=10)
    assert [p.score for p in sol.top] == [14, 8, -4, -4, -14]
    assert sol.top[0] == sol.best and [w.text for w in sol.top[1].words] in (["top"], ["pot"], ["opt"])


# Golden hands, worked by hand.
def test_quiz_with_single_cards_goes_out():
    # Q15 U4 I2 Z14 = 35 as Q·U·I·Z; M (5) is the discard and counts nothing.
    best = solve(parse_hand("Q U I Z M"), open_dictionary()).best
    assert (best.score, best.goes_out, best.discard.token) == (35, True, "M")
    assert [(w.text, [c.token for c in w.cards]) for w in best.words] == [("quiz", ["Q", "U", "I", "Z"])]


def test_quiz_with_the_qu_card():
    # QU9 I2 Z14 = 25.
    best = solve(parse_hand("QU I Z M"), open_dictionary()).best
    assert (best.score, best.goes_out, best.discard.token) == (25, True, "M")
    assert [c.token for c in best.words[0].cards] == ["QU", "I", "Z"]


def test_thin_from_double_cards():
    # TH9 + IN7 = 16 and X (12) discarded; without a discard X counts -12: 4.
    assert solve(parse_hand("TH IN X"), TINY).best.score == 16
    kept = solve(parse_hand("TH IN X"), TINY, discard=False).best
    assert (kept.score, [c.token for c in kept.unused]) == (4, ["X"])


def test_hand_with_no_word():
    # X12 Z14: no word. Kept as is: -26. With a discard, drop Z and lose X: -12.
    assert solve(parse_hand("X Z"), TINY, discard=False).best.score == -26
    best = solve(parse_hand("X Z"), TINY).best
    assert (best.score, best.discard.token, best.words) == (-12, "Z", ())


def test_one_card_word_is_never_laid():
    # "in" is a word, but the IN card alone is one card: with IN and X the best is
    # to discard X and leave IN unused (-7), not to lay IN as a word.
    best = solve(parse_hand("IN X"), TINY).best
    assert (best.score, best.words, [c.token for c in best.unused]) == (-7, (), ["IN"])


@pytest.mark.parametrize(
    ("hand", "message"),
    [("Z", "a hand needs at least 2 cards, got 1"), ("Z Z Z", "too many Z cards")],
)
def test_bad_hands(hand, message):
    with pytest.raises(CardError, match=message):
        solve(parse_hand(hand), TINY)


def test_draw_advice_compares_faceup_with_the_unseen_cards():
    # Holding T O P before the draw: after any draw one card is discarded, leaving
    # three, so TOP (T3 O2 P6 = 11) is the best with the face-up S and the floor of
    # every blind draw (discard the drawn card, keep TOP).
    advice = advise_draw(parse_hand("T O P"), DECK.card("S"), TINY)
    assert advice.take.score == 11
    assert all(score >= 11 for _c, _n, score in advice.blind)
    total = sum(n for _c, n, _s in advice.blind)
    assert total == 118 - 4  # the deck less the hand and the face-up card
    assert advice.blind_expected == sum(n * score for _c, n, score in advice.blind) / total


def test_draw_advice_counts_seen_cards_out():
    advice = advise_draw(parse_hand("T O P"), DECK.card("S"), TINY, seen=parse_hand("Z Z"))
    assert DECK.card("Z") not in {c for c, _n, _s in advice.blind}
    with pytest.raises(CardError, match="too many Z cards among the hand, face-up and seen cards: 3"):
        advise_draw(parse_hand("T O Z"), DECK.card("S"), TINY, seen=parse_hand("Z Z"))


# House rules over the tiny list: an allowed word, and a denied one that leaves its anagrams.
HOUSE = HouseRules(TINY, {"qi", "za", "zit"}, {"top"})


@settings(max_examples=60, deadline=None)
@given(small_hands(), st.sampled_from(POOL), st.booleans())
def test_draw_advice_matches_solving_each_draw(cards, faceup, house):
    """The shared search scores every draw as solving that hand afresh does."""
    if not cards or Counter([*cards, faceup])[faceup] > DECK.counts[faceup.token]:
        return
    words = HOUSE if house else TINY
    advice = advise_draw(cards, faceup, words)
    take = solve([*cards, faceup], words).best
    assert advice.take.score == take.score
    check_play_is_legal(advice.take, [*cards, faceup], set(TINY_WORDS) | HOUSE.allow.words - HOUSE.deny, True)
    pool = unseen_cards(DECK, [*cards, faceup])
    assert advice.blind == [(c, n, solve([*cards, c], words).best.score) for c, n in sorted(pool.items())]


def test_draw_advice_uses_the_drawn_card_in_a_word():
    # Q U I T and the face-up Z: five cards, one discarded; QUIZ (Q15 U4 I2 Z14 = 35)
    # with the drawn Z beats QUIT (24), so T is the discard.
    advice = advise_draw(parse_hand("Q U I T"), DECK.card("Z"), TINY)
    assert advice.take.score == 35 and [w.text for w in advice.take.words] == ["quiz"]
    assert advice.take.discard == DECK.card("T")


def test_hands_past_the_bound_are_refused_in_one_line():
    fifteen = parse_hand("A A B C D E E F G H I I J K L")
    assert len(fifteen) == MAX_HAND
    with pytest.raises(CardError, match=r"^a hand of 16 cards is more than qscore solves: at most 15 cards "):
        solve([*fifteen, DECK.card("M")], TINY)
    with pytest.raises(CardError, match="a hand of 15 cards and the draw is more than qscore solves"):
        advise_draw(fifteen, DECK.card("M"), TINY)
    assert solve(fifteen, TINY).best.score < 0  # 15 still solved: the tiny list has no word in them


def test_solitaire_orders_by_points_then_length():
    words = solitaire_words(parse_hand("T O P S Z X Q U"), TINY)
    # TUX = T3 U4 X12 = 19 first; then 14 points: STOP, TOPS, SPOT, POST, POTS (four
    # letters) before OX (O2 X12, two letters); then TOP, POT, OPT at 11.
    assert words[0].text == "tux" and words[0].points == 19
    assert {w.text for w in words[1:6]} == {"post", "pots", "spot", "stop", "tops"}
    assert (words[6].text, words[6].points) == ("ox", 14)
    assert {w.text for w in words[7:10]} == {"top", "pot", "opt"}
    assert [w.points for w in words] == sorted((w.points for w in words), reverse=True)


def signature(play):
    """What makes two plays the same at the table: words with their cards, discard, unused."""
    return (
        tuple(sorted((w.text, tuple(c.token for c in w.cards)) for w in play.words)),
        play.discard.token if play.discard else None,
        tuple(sorted(c.token for c in play.unused)),
    )


def dealt(size, seed):
    """A hand of ``size`` cards dealt from a shuffled standard deck."""
    import random

    cards = [DECK.cards[t] for t, n in DECK.counts.items() for _ in range(n)]
    random.Random(seed).shuffle(cards)
    return sorted(cards[:size])


@pytest.mark.parametrize("seed", range(12))
def test_words_looked_up_as_laid_make_the_plays_of_every_word_made_first(seed):
    # solve looks a set of cards' words up only where a play lays it; given every word
    # the cards make (as the review passes them), it must find the same plays, word for word
    from qscore.hands.candidates import candidate_words

    dictionary = open_dictionary()
    for size in (5, 8, 10):
        cards = dealt(size, f"{seed}-{size}")
        given_words = solve(cards, dictionary, top=4, found=candidate_words(Counter(cards), dictionary))
        assert solve(cards, dictionary, top=4) == given_words


@pytest.mark.parametrize("dictionary", [open_dictionary(), TINY, HouseRules(TINY, {"pots", "zax"}, {"top"})])
def test_anagram_counts_are_the_number_of_anagrams(dictionary):
    keys = ["", "a", "opst", "opt", "aeinrst", "qz", "aeiorstz", "hinot"]
    assert dictionary.anagram_counts(keys) == [len(dictionary.anagrams(k)) for k in keys]
