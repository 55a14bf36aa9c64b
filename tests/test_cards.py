import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from qscore.errors import CardError
from qscore.game.cards import format_laid, load_deck, parse_hand, parse_laid_word, points
from qscore.paths import package_file


def test_standard_deck_matches_the_rule_sheet():
    deck = load_deck("standard")
    assert deck.size == 118
    assert len(deck.cards) == 31
    assert [deck.card(t).points for t in ("A", "Q", "Z", "QU", "IN", "ER", "CL", "TH")] == [
        2,
        15,
        14,
        9,
        7,
        7,
        10,
        9,
    ]
    assert deck.counts["E"] == 12 and deck.counts["A"] == 10 and deck.counts["QU"] == 2
    assert deck.rounds == (3, 4, 5, 6, 7, 8, 9, 10)


def test_short_deck_is_half_of_each_standard_count():
    short, standard = load_deck("short"), load_deck("standard")
    assert short.size == 59
    assert short.rounds == (3, 4, 5, 6)
    for token, card in standard.cards.items():
        assert short.cards[token].points == card.points
        assert short.counts[token] * 2 == standard.counts[token]


@pytest.mark.parametrize("text", ["Q U I Z M", "qu,i,z,m", " q  u ,i , z,M ", "QU I Z M"])
def test_hand_tokens_in_any_case_and_separator(text):
    cards = parse_hand(text)
    assert len(cards) == (4 if "QU" in text.upper().split() or "qu," in text else 5)
    assert all(c.token.isupper() for c in cards)


def test_hand_of_double_cards():
    assert [c.token for c in parse_hand("qu,i,z,m")] == ["QU", "I", "Z", "M"]
    assert [c.token for c in parse_hand("a cl g in th")] == ["A", "CL", "G", "IN", "TH"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty hand"),
        ("  , ", "empty hand"),
        ("Q U 7", "unknown card '7'"),
        ("Q XY", "unknown card 'XY'"),
        ("Z Z Z", "too many Z cards in the hand: 3, the standard deck has 2"),
        ("q u i z é", "unknown card 'é'"),
        ("\u0131 t", "unknown card '\u0131'"),  # a dotless i, which upper() made an I
        ("\u017f i t", "unknown card '\u017f'"),  # a long s, which upper() made an S
    ],
)
def test_bad_hands_name_the_offending_token(text, message):
    with pytest.raises(CardError, match=message):
        parse_hand(text)


def test_short_deck_holds_fewer_copies():
    with pytest.raises(CardError, match="too many Z cards in the hand: 2, the short deck has 1"):
        parse_hand("Z Z", load_deck("short"))


def test_laid_word_notation():
    assert [c.token for c in parse_laid_word("(qu)iz")] == ["QU", "I", "Z"]
    assert [c.token for c in parse_laid_word("quiz")] == ["Q", "U", "I", "Z"]
    assert [c.token for c in parse_laid_word("(TH)(IN)")] == ["TH", "IN"]
    assert format_laid(parse_laid_word("(th)i(n)g".replace("(n)", "n"))) == "(th)ing"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("(xy)z", r"no card \(xy\)"),
        ("qu-iz", "a hyphen in laid word 'qu-iz': no card carries one, and hyphenated words are not allowed"),
        ("don't", 'an apostrophe in laid word "don\'t": no card carries one, and contractions are not allowed'),
        ("", "empty word"),
        ("(qu", "bad character"),
        ("ca!t", "bad character '!' in laid word 'ca!t'"),
    ],
)
def test_bad_laid_words(text, message):
    with pytest.raises(CardError, match=message):
        parse_laid_word(text)


def test_rule_text_examples_score():
    # Walkthrough: TOP = T3 + O2 + P6 = 11; an unused M costs 5.
    assert points(parse_laid_word("top")) == 11
    assert points(parse_hand("M")) == 5
    # STEVE = 3 + 3 + 2 + 11 + 2 = 21 (the challenge example).
    assert points(parse_laid_word("steve")) == 21


def test_every_card_count_is_within_deck():
    deck = load_deck()
    full = [deck.cards[t] for t, n in deck.counts.items() for _ in range(n)]
    deck.check_counts(full)
    assert Counter(full)[deck.card("E")] == 12


def test_the_deck_module_is_the_deck_file_as_its_generator_writes_it():
    """A run reads qscore/game/decks_table.py, generated from data/decks.toml (no TOML parser
    at start-up): after an edit of decks.toml, run tools/decks_module.py."""
    from qscore.game.decks_table import DECKS

    tools = Path(__file__).resolve().parent.parent / "tools"
    sys.path.insert(0, str(tools))
    try:
        from decks_module import TARGET, module_text
    finally:
        sys.path.remove(str(tools))
    source = package_file("data", "decks.toml").read_text("utf-8")
    assert tomllib.loads(source) == DECKS
    assert TARGET.read_text("utf-8") == module_text(source), "run tools/decks_module.py"
