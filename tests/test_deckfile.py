"""A deck file a table supplies (game/deckfile.py): every fault refused in one line naming the
file and the line; the Junior template `qscore deck junior` writes, refused until filled in;
the shipped decks written in the same shape; double cards of any letters (LL, OO) laid as (ll)."""

from __future__ import annotations

import os
import re

import pytest

from qscore.errors import CardError
from qscore.game.cards import format_cards, load_deck, parse_hand, parse_laid_word, table_deck
from qscore.game.deckfile import DeckFile, parse_deck, read_deck_file
from qscore.game.decktext import JUNIOR_CARDS, JUNIOR_KNOWN, deck_file_text
from qscore.game.doubles import double_spellings, respell
from qscore.game.spelling import spell_word
from tests.conftest import ok, run

HEAD = "[j]\nrounds = [2, 3]\n\n[j.cards]\n"  # the cards begin on line 5


def refused(text: str, source: str = "j.toml") -> str:
    with pytest.raises(CardError) as caught:
        parse_deck(text, source)
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # TOML's own faults, at the line and column TOML gives
        (HEAD + "A = [1, 2\nB = [1, 2]\n", "j.toml line 6: unclosed array (column 1)"),
        (HEAD + "A = [1, 2]\nA = [1, 3]\n", "j.toml line 6: cannot overwrite a value (column 11)"),
        (HEAD + "A = [1, ", "j.toml line 5: invalid value (at the end of the file)"),
        # a card that is not one or two letters
        (
            HEAD + "A = [1, 9]\nABC = [1, 2]\n",
            "j.toml line 6: 'ABC' is no card: a card is one letter, or two (a double card, as LL)",
        ),
        (
            HEAD + 'A = [1, 9]\n"1" = [1, 2]\n',
            "j.toml line 6: '1' is no card: a card is one letter, or two (a double card, as LL)",
        ),
        # a value that is not [points, count]
        (HEAD + "A = 3\n", "j.toml line 5: A: give [points, count], two whole numbers, such as [3, 4]"),
        (HEAD + "A = [1]\n", "j.toml line 5: A: give [points, count], two whole numbers, such as [3, 4]"),
        (HEAD + "A = [1.5, 2]\n", "j.toml line 5: A: give [points, count], two whole numbers, such as [3, 4]"),
        (HEAD + "A = [true, 2]\n", "j.toml line 5: A: give [points, count], two whole numbers, such as [3, 4]"),
        # negative or absurd numbers; more copies than the solver packs
        (HEAD + "A = [-1, 2]\n", "j.toml line 5: A is worth -1 points: a card is worth 1 to 99"),
        (HEAD + "A = [1000, 2]\n", "j.toml line 5: A is worth 1000 points: a card is worth 1 to 99"),
        (
            HEAD + "A = [1, 0]\n",
            "j.toml line 5: 0 A cards: a deck holds 1 to 15 of a card (delete the line of a card it lacks)",
        ),
        (
            HEAD + "A = [1, 16]\n",
            "j.toml line 5: 16 A cards: a deck holds 1 to 15 of a card (delete the line of a card it lacks)",
        ),
        # a card twice, in different case (TOML itself refuses the same key twice)
        (HEAD + "A = [1, 9]\nB = [2, 2]\na = [1, 9]\n", "j.toml line 7: a is A again (line 5): give each card once"),
        # no single letters at all
        (
            HEAD + "LL = [3, 9]\nOO = [3, 9]\n",
            "j.toml line 4: no single letter among the cards: give each letter as A = [points, count]",
        ),
        # a round larger than the deck can deal two players and turn up a discard
        (
            "[j]\nrounds = [2, 7]\n\n[j.cards]\nA = [1, 9]\nB = [1, 5]\n",
            "j.toml line 2: a round of 7 cards needs 15 for two players and the discard pile; the deck holds 14",
        ),
        ("[j]\nrounds = [2, 0]\n[j.cards]\nA = [1, 9]\n", "j.toml line 2: a round of 0 cards: a round deals 1 to 14"),
        (
            "[j]\n[j.cards]\nA = [1, 9]\n",
            "j.toml line 1: rounds = [...] gives the cards dealt each round, such as [2, 3, 4, 5, 6, 7]",
        ),
        # the file's shape
        (
            "[j]\nround = [2, 3]\n[j.cards]\nA = [1, 9]\n",
            "j.toml line 2: 'round' is no setting of a deck: it holds rounds and cards",
        ),
        (
            "[j]\nrounds = [2, 3]\n[j.cards]\nA = [1, 9]\n[k]\nrounds = [2]\n",
            "j.toml line 5: give one table, named for the deck, such as [junior], and nothing beside it",
        ),
        (
            "rounds = [2]\n",
            "j.toml line 1: give one table, named for the deck, such as [junior], and nothing beside it",
        ),
        ("# nothing\n", "j.toml line 1: no deck in it: give one table named for the deck, such as [junior]"),
        ("[j]\nrounds = [2]\n", "j.toml line 1: a [j.cards] table gives each card as CARD = [points, count]"),
        (
            '["my deck"]\nrounds = [2]\ncards = {A = [1, 9]}\n',
            "j.toml line 1: name the deck in letters, digits, - and _ (30 at most), such as [junior]",
        ),
        # a card in an inline table is found on its line
        (
            "[j]\nrounds = [2]\ncards = {A = [1, 9], B = [1, 99]}\n",
            "j.toml line 3: 99 B cards: a deck holds 1 to 15 of a card (delete the line of a card it lacks)",
        ),
        # values the template left for the table to copy from its cards
        (
            HEAD + 'A = [1, 9]\nC = ["?", "?"]\n',
            "j.toml line 6: C is still marked ?: copy its points and count from your cards",
        ),
        (HEAD + 'A = [1, 9]\nP = [4, "?"]\n', "j.toml line 6: P's count is still marked ?: copy it from your cards"),
        (
            HEAD + 'A = [1, 9]\nP = ["?", 2]\n',
            "j.toml line 6: P's points are still marked ?: copy them from your cards",
        ),
        (
            HEAD + 'A = [1, 9]\nC = ["?", 3]\nD = ["?", 3]\n',
            "j.toml line 6: 2 cards are still marked ? (C, D): copy their points from your cards",
        ),
    ],
)
def test_every_fault_is_one_line_naming_the_file_and_the_line(text, message):
    assert refused(text) == message


def filled(text: str, counts: dict[str, int] | None = None, default: int = 4) -> str:
    """The Junior template with every ? replaced, as a table copies its cards: each card
    unknown worth 2, each count ``default`` (or as ``counts`` says)."""
    counts = counts or {}

    def fill(line: re.Match[str]) -> str:
        token, points, count = line.groups()
        points = "2" if points == '"?"' else points
        count = str(counts.get(token, default)) if count == '"?"' else count
        return f"{token} = [{points}, {count}]"

    return re.sub(r"^(\w+) = \[([^,]+), ([^\]]+)\]$", fill, text, flags=re.MULTILINE)


def test_the_junior_template_is_refused_until_filled_in_then_loads():
    text = deck_file_text("junior")
    assert refused(text, "junior.toml") == (
        "junior.toml line 10: 28 cards are still marked ? (A, B, C, D, E and 23 more): "
        "copy their points and counts from your cards"
    )
    # the table copied all but C: the line names it (its line in the file, 12)
    almost = filled(text).replace("C = [2, 4]", 'C = ["?", "?"]')
    assert refused(almost, "junior.toml") == (
        "junior.toml line 12: C is still marked ?: copy its points and count from your cards"
    )
    # 26 letters and two double cards adding up to the deck's 103
    counts = {"A": 7, "E": 7, "I": 6, "O": 6, "X": 2, "Z": 2, "Q": 1} | dict.fromkeys("DHLMNRSTU", 4)
    deck = parse_deck(filled(text, counts, default=3), "j")
    assert deck.name == "junior" and deck.rounds == (2, 3, 4, 5, 6, 7)
    values = {token: (points, count) for token, points, count in deck.cards}
    assert {token: values[token][0] for token in JUNIOR_KNOWN} == JUNIOR_KNOWN
    assert values["C"] == (2, 3) and len(values) == 28
    assert sum(count for _t, _p, count in deck.cards) == JUNIOR_CARDS


def test_the_template_fills_in_every_known_value_and_marks_the_rest():
    lines = deck_file_text("junior").splitlines()
    assert lines[5:12] == [
        "[junior]",
        "rounds = [2, 3, 4, 5, 6, 7]",
        "",
        "[junior.cards]",
        'A = [1, "?"]',
        'B = [4, "?"]',
        'C = ["?", "?"]',
    ]
    assert {'P = [4, "?"]', 'W = [5, "?"]', 'T = [2, "?"]', 'N = [3, "?"]', 'LL = [3, "?"]', 'OO = [3, "?"]'} <= set(
        lines
    )
    assert "The counts add up to 103." in lines[2]


@pytest.mark.parametrize("name", ["standard", "short"])
def test_a_shipped_deck_written_reads_back_as_the_deck(name):
    deck = load_deck(name)
    read = parse_deck(deck_file_text(name), f"{name}.toml")
    assert read == DeckFile(
        name, deck.rounds, tuple((token, card.points, deck.counts[token]) for token, card in deck.cards.items())
    )


def junior_deck():
    read = parse_deck(filled(deck_file_text("junior")), "junior.toml")
    return table_deck(read.name, read.cards, read.rounds)


def test_double_cards_of_any_letters_are_laid_in_brackets():
    deck = junior_deck()
    assert format_cards(parse_laid_word("(ll)ama", deck)) == "LL·A·M·A"
    assert format_cards(parse_hand("(ll) a M a", deck)) == "LL·A·M·A"
    assert [str(s) for s in spell_word("ball", deck)] == ["B·A·L·L", "B·A·LL"]
    assert [format_cards(c) for c in double_spellings("ball", deck)] == ["B·A·LL"]
    assert [r.laid for r in respell(["ball"], [parse_laid_word("ball", deck)], 3, deck)] == ["ba(ll)"]
    assert str(spell_word("balloon", deck)[-1]) == "B·A·LL·OO·N"
    with pytest.raises(CardError, match=r"^no card \(qu\) in laid word '\(qu\)iz': double cards are LL, OO$"):
        parse_laid_word("(qu)iz", deck)


def test_a_deck_file_is_read_from_a_file_only(tmp_path):
    path = tmp_path / "junior.toml"
    path.write_text(filled(deck_file_text("junior")), "utf-8")
    assert read_deck_file(path).name == "junior"
    with pytest.raises(CardError, match=r"^no deck file '.*gone.toml': qscore deck junior writes one to fill in$"):
        read_deck_file(tmp_path / "gone.toml")
    with pytest.raises(CardError, match=r"^deck file '.*' is a folder: give a deck file"):
        read_deck_file(tmp_path)
    path.write_bytes(b"[j]\nrounds = [2]\n# caf\xe9\n")
    with pytest.raises(CardError, match=r"junior.toml line 3: not UTF-8 text$"):
        read_deck_file(path)
    path.write_bytes(b"#" * (65 * 1024))
    with pytest.raises(CardError, match=r"is over 64 KiB: a deck file is a few dozen lines$"):
        read_deck_file(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_never_opened(tmp_path):
    fifo = tmp_path / "deck.toml"
    os.mkfifo(fifo)
    with pytest.raises(CardError, match=r"is a FIFO: give a deck file"):
        read_deck_file(fifo)


def test_deck_writes_the_template_or_a_shipped_deck(tmp_path, monkeypatch):
    assert ok("deck", "junior") == deck_file_text("junior")
    assert ok("deck") == deck_file_text("junior")
    assert ok("deck", "Standard") == deck_file_text("standard")
    monkeypatch.chdir(tmp_path)
    assert ok("deck", "junior", "-o", "junior.toml") == (
        "wrote 'junior.toml': fill in each ? from your cards, then qscore new --variant junior --deck junior.toml ...\n"
    )
    assert (tmp_path / "junior.toml").read_text("utf-8") == deck_file_text("junior")
    again = run("deck", "short", "-o", "junior.toml")
    assert again.exit_code == 2 and again.stdout == ""
    assert again.stderr == "qscore: error: 'junior.toml' is there already: nothing written (name a new file)\n"
    assert (tmp_path / "junior.toml").read_text("utf-8") == deck_file_text("junior")
    assert ok("deck", "short", "-o", "short.toml").startswith("wrote 'short.toml': edit it to your cards, then")


def test_a_laid_words_example_names_the_decks_own_double_card():
    """A table's deck has no QU card: an empty word or a slip is told with the deck's own."""
    from qscore.errors import CardError
    from qscore.game.cards import load_deck, parse_laid_word, table_deck

    kids = table_deck("kids", (("A", 1, 9), ("B", 4, 2), ("LL", 3, 2), ("OO", 3, 2)), (2, 3))
    for word, standard, junior in [
        ("", "empty word: write the word as laid, e.g. (qu)iz", "empty word: write the word as laid, e.g. (ll)"),
        (
            "b;",
            "bad character ';' in laid word 'b;': use letters, and (qu) for a double card",
            "bad character ';' in laid word 'b;': use letters, and (ll) for a double card",
        ),
    ]:
        with pytest.raises(CardError) as told:
            parse_laid_word(word, load_deck())
        assert str(told.value) == standard
        with pytest.raises(CardError) as told:
            parse_laid_word(word, kids)
        assert str(told.value) == junior
