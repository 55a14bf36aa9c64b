"""Scoring under a game's rules record (qscore.game.variants), worked by hand: Quiddler
Junior's (rule sheet 002: unused cards "neither added nor subtracted", a challenge's points
"subtracted from your score", one bonus of 5 for the longest word, nobody's on a tie), and
the standard game's with the house rule that lets a challenge's cost go below zero.

The Junior card values are those the rule sheet's examples show: P 4, A 1, W 5, B 4, E 1,
T 2; the rest are this test's deck file's (no text gives them all). The standard values
are RULES.md's: A2 E2 O2 P6 S3 T3 M5 N5 X12.
"""

import json
import shutil
from pathlib import Path

import pytest

from qscore.game.cards import Card, table_deck
from qscore.game.entries import Created, Entry, GameConfig, LaidDown
from qscore.game.scoresheet import Game
from qscore.game.scoring import BONUS_RULES, LONGEST_WORD, LaidWord, PlayedHand, score_round
from qscore.game.variants import JUNIOR, STANDARD
from tests.conftest import ok, run
from tests.test_json_contract import conforms
from tests.test_log import RELEASE, kept

KIDS_DECK = """\
[kids]
rounds = [2, 3, 4, 5, 6, 7]

[kids.cards]
A = [1, 10]
B = [4, 2]
C = [3, 3]
E = [1, 10]
F = [4, 2]
H = [4, 2]
I = [1, 8]
N = [3, 4]
O = [1, 8]
P = [4, 2]
S = [2, 5]
T = [2, 6]
W = [5, 2]
LL = [3, 2]
OO = [3, 2]
"""
KIDS_CARDS = (("P", 4, 2), ("A", 1, 10), ("W", 5, 2), ("C", 3, 3), ("B", 4, 2), ("E", 1, 10), ("T", 2, 6))
KIDS = table_deck("kids", KIDS_CARDS, JUNIOR.rounds)


def laid(text: str, deck=KIDS, *, struck: bool = False) -> LaidWord:
    return LaidWord(tuple(deck.card(t) for t in text.upper()), struck=struck)


def held(text: str, deck=KIDS) -> tuple[Card, ...]:
    return tuple(deck.card(t) for t in text.split())


# --- score_round under each record ------------------------------------------


def test_the_junior_sheets_example_round_unused_cards_count_nothing():
    # Rule sheet 002, "How To Score Example": player 2 makes PAW 4+1+5 = 10 and leaves the C
    # unused: 10 (it is neither added nor subtracted), no bonus; player 3 makes BEAT
    # 4+1+1+2 = 8, the longest word alone: 8 + 5 = 13.
    hands = {"two": PlayedHand((laid("paw"),), held("C")), "three": PlayedHand((laid("beat"),), ())}
    results = score_round(hands, BONUS_RULES[JUNIOR.bonus], None, JUNIOR)
    assert results["two"].unused_points == 0 and results["two"].score == 10
    assert results["three"].bonuses == (LONGEST_WORD,) and results["three"].score == 13
    # the same hands under the standard rules: the C counts against (3), the bonus is 10
    standard = score_round(hands, BONUS_RULES["longest"], None, STANDARD)
    assert standard["two"].score == 7 and standard["three"].score == 18


def test_junior_a_struck_word_and_a_lost_challenge_are_subtracted_past_zero():
    # ann lays PAW 4+1+5 = 10 and it is struck: 0 - 10 = -10 (her unused C counts nothing).
    # ben lays BE 4+1 = 5 and lost a challenge on a 10-point word: 5 - 10 = -5.
    # cat lays AT 1+2 = 3, which stands: 3. The longest word: ann's struck PAW counts for
    # none, ben's BE and cat's AT tie at two letters: nobody's.
    hands = {
        "ann": PlayedHand((laid("paw", struck=True),), held("C")),
        "ben": PlayedHand((laid("be"),), (), penalty=10),
        "cat": PlayedHand((laid("at"),), ()),
    }
    results = score_round(hands, BONUS_RULES[JUNIOR.bonus], None, JUNIOR)
    assert {p: r.score for p, r in results.items()} == {"ann": -10, "ben": -5, "cat": 3}
    assert all(r.bonuses == () for r in results.values())
    # without cat's AT, ben's BE is the longest alone: 5 - 10 + 5 = 0
    del hands["cat"]
    assert score_round(hands, BONUS_RULES[JUNIOR.bonus], None, JUNIOR)["ben"].score == 0


def test_junior_has_no_most_words_bonus_and_a_tie_for_longest_gives_nobody_the_five():
    # ann: A 1 + BE 5 = 6, two words; ben: AT 3, one word. Longest: BE and AT tie at two
    # letters: nobody's. Most words (ann alone) is no Junior bonus: 6 and 3.
    hands = {"ann": PlayedHand((laid("a"), laid("be")), ()), "ben": PlayedHand((laid("at"),), ())}
    results = score_round(hands, BONUS_RULES[JUNIOR.bonus], None, JUNIOR)
    assert {p: (r.score, r.bonuses) for p, r in results.items()} == {"ann": (6, ()), "ben": (3, ())}


def test_standard_with_the_house_rule_a_lost_challenge_goes_past_zero():
    # docs/guide.md's example, round 2 (4 cards): ben lays TOE 3+2+2 = 7 with an S unused (3):
    # a 4-point hand. He challenges ann's DOE 5+2+2 = 9, and it stands: he loses 9.
    # The rule sheet floors the hand: max(0, 4 - 9) = 0; the house rule: 4 - 9 = -5.
    from qscore.game.cards import load_deck

    deck = load_deck("standard")
    hands = {
        "ann": PlayedHand((laid("doe", deck),), held("E", deck)),  # 9 - 2 = 7
        "ben": PlayedHand((laid("toe", deck),), held("S", deck), penalty=9),
    }
    floored = score_round(hands, BONUS_RULES["none"], None, STANDARD)
    past = score_round(hands, BONUS_RULES["none"], None, STANDARD._replace(penalty_past_zero=True))
    assert floored["ben"].hand_score == 0 and past["ben"].hand_score == -5
    assert floored["ann"].score == past["ann"].score == 7
    # only the cards left in hand are floored: AT 2+3 = 5 less X 12 is 0, then the 9 lost: -9
    over = {"ben": PlayedHand((laid("at", deck),), held("X", deck), penalty=9)}
    assert score_round(over, (), None, STANDARD._replace(penalty_past_zero=True))["ben"].hand_score == -9
    # a struck word's cards count against its owner past zero too: DOE struck, 0 - 9
    struck = {"ann": PlayedHand((laid("doe", deck, struck=True),), ())}
    assert score_round(struck, (), None, STANDARD)["ann"].hand_score == 0
    assert score_round(struck, (), None, STANDARD._replace(penalty_past_zero=True))["ann"].hand_score == -9


def test_the_rules_bonus_points_stand_unless_the_game_names_its_own():
    hands = {"ann": PlayedHand((laid("beat"),), ())}
    assert score_round(hands, (LONGEST_WORD,), None, JUNIOR)["ann"].bonus_points == 5
    assert score_round(hands, (LONGEST_WORD,), 7, JUNIOR)["ann"].bonus_points == 7


# --- a Junior game through the command line ---------------------------------


@pytest.fixture
def kids_deck(tmp_path: Path) -> Path:
    deck = tmp_path / "kids.toml"
    deck.write_text(KIDS_DECK, "utf-8")
    return deck


def test_a_junior_game_is_started_scored_and_shown_through_the_command_line(kids_deck):
    # Round 1, 2 cards each (ann deals, ben starts):
    # - ann: (OO)F 3+4 = 7, went out; 3 letters.
    # - ben: the one-card word I 1, and a B unused, counting nothing: 1.
    # - cat: (OO)H 3+4 = 7; 3 letters, tied with ann's OOF: no bonus.
    # Round 2, 3 cards each:
    # - ann: PAW 4+1+5 = 10, went out; the longest word alone (3 letters): 10 + 5 = 15.
    # - ben: HI 4+1 and A 1 = 6, two words (most words is no Junior bonus); he challenges
    #   ann's PAW and it stands: 6 - 10 = -4.
    # - cat: ENT 1+3+2 = 6, challenged by ann and ruled out: 0 - 6 = -6.
    # Totals: ann 7 + 15 = 22, ben 1 - 4 = -3, cat 7 - 6 = 1.
    started = ok("new", "ann", "ben", "cat", "--variant", "junior", "--deck", str(kids_deck), "--game", "kids")
    assert started.splitlines()[1] == (
        "junior rules, the table's deck 'kids', 6 rounds (2, 3, 4, 5, 6, 7 cards), "
        "bonus: longest (5 points), dictionary: everyday."
    )
    ok("score", "ann", "(oo)f", "--out")
    ok("score", "ben", "i", "-u", "B")
    ok("score", "cat", "(oo)h")
    ok("score", "ann", "paw", "--out")
    ok("score", "ben", "hi", "a")
    ok("score", "cat", "ent")
    ok("challenge", "ann", "paw", "--by", "ben", "--ruling", "valid")
    ok("challenge", "cat", "ent", "--by", "ann", "--ruling", "invalid")
    sheet = json.loads(ok("sheet", "--json"))
    assert [r["scores"] for r in sheet["rounds"][:2]] == [
        {"ann": 7, "ben": 1, "cat": 7},
        {"ann": 15, "ben": -4, "cat": -6},
    ]
    assert sheet["totals"] == {"ann": 22, "ben": -3, "cat": 1}
    assert (sheet["variant"], sheet["deck"], sheet["table_deck"]) == ("junior", "kids", True)
    assert "penalty_past_zero" not in sheet  # Junior's own rule, no house rule
    ben = sheet["rounds"][0]["players"]["ben"]
    assert (ben["unused"], ben["unused_points"], ben["score"]) == (["B"], 0, 1)
    text = ok("sheet")
    assert text.splitlines()[:2] == ["Game 'kids'", "junior rules, the table's deck 'kids'"]
    assert "15 L* (22)" in text and "-4 ! (-3)" in text and "-6 ! (1)" in text
    words = ok("sheet", "--words")
    assert "B (not counted)" in words
    assert ok("export", "--format", "markdown").startswith(
        "## Quiddler: kids\n\njunior rules, the table's deck 'kids'\n\n"
    )
    conforms("sheet --json", sheet)  # docs/json.md: a round below zero, the rules' keys
    assert ">junior rules, the table's deck 'kids'</text>" in ok("export", "--format", "svg")


def test_the_game_keeps_the_deck_so_it_replays_the_same_when_the_file_changes_or_goes(kids_deck):
    ok("new", "ann", "ben", "--variant", "junior", "--deck", str(kids_deck), "--game", "kids", "--rounds", "3")
    ok("score", "ann", "paw", "--out")  # 10, and the longest alone: 15
    ok("score", "ben", "at", "-u", "E")  # 3
    before = ok("sheet", "--json")
    kids_deck.write_text(KIDS_DECK.replace("W = [5, 2]", "W = [9, 2]"), "utf-8")
    assert ok("sheet", "--json") == before
    kids_deck.unlink()
    assert ok("sheet", "--json") == before
    assert json.loads(before)["totals"] == {"ann": 15, "ben": 3}


def test_the_next_game_keeps_the_variant_the_deck_and_the_house_rule(kids_deck):
    from qscore import scorekeeper

    ok("new", "ann", "ben", "--deck", str(kids_deck), "--penalty-past-zero", "--bonus", "longest", "--rounds", "3")
    ok("score", "ann", "paw", "--out")
    ok("score", "ben", "at", "-u", "E")
    ok("close")
    game = scorekeeper.start_next_game(None)
    c = game.config
    assert (c.variant, c.deck, c.penalty_past_zero, c.rounds, c.bonus) == ("standard", "kids", True, (3,), "longest")
    assert c.cards is not None and ("W", 5, 2) in c.cards


def test_a_standard_game_on_a_tables_deck_plays_the_standard_rules_with_its_cards(kids_deck):
    # A table's own deck for a standard game: the standard rules (unused cards count, a
    # one-card word is refused, the hand floored at zero), the file's cards and rounds.
    out = ok("new", "ann", "ben", "cat", "--deck", str(kids_deck), "--rounds", "3,4")
    assert out.splitlines()[1].startswith("standard rules, the table's deck 'kids', 2 rounds (3, 4 cards)")
    # ann: PAW 4+1+5 = 10 out; ben: AT 1+2 = 3 less C 3 = 0; cat: BE 4+1 = 5 less T 2 = 3.
    # Longest: PAW alone, +10; most words: a three-way tie.
    ok("score", "ann", "paw", "--out")
    ok("score", "ben", "at", "-u", "C")
    ok("score", "cat", "be", "-u", "T")
    assert json.loads(ok("sheet", "--json"))["rounds"][0]["scores"] == {"ann": 20, "ben": 0, "cat": 3}
    refused = run("score", "ann", "a", "-u", "B C E")
    assert refused.exit_code != 0 and "'a' is one card: a word takes at least 2 cards" in refused.stderr


def test_the_house_rule_is_kept_and_named_in_a_standard_games_header():
    ok("new", "ann", "ben", "cat", "--penalty-past-zero", "--rounds", "4", "--game", "fri")
    # ann: DOE 5+2+2 = 9 and E 2 unused: 7. ben: TOE 3+2+2 = 7 less S 3 = 4, then loses his
    # challenge of ann's DOE: 4 - 9 = -5 (floored, 0). cat: MOAN 5+2+2+5 = 14, out: the
    # longest word alone, +10; most words a tie.
    ok("score", "ann", "doe", "-u", "E")
    ok("score", "ben", "toe", "-u", "S")
    ok("score", "cat", "moan", "--out")
    ok("challenge", "ann", "doe", "--by", "ben", "--ruling", "valid")
    sheet = json.loads(ok("sheet", "--json"))
    assert sheet["rounds"][0]["scores"] == {"ann": 7, "ben": -5, "cat": 24}
    assert sheet["penalty_past_zero"] is True and "variant" not in sheet and "table_deck" not in sheet
    assert ok("sheet").splitlines()[1] == "house rule: a challenge's cost may take a round below zero"


def test_a_junior_table_that_stops_a_round_at_zero_says_so_with_new(kids_deck):
    """--penalty-floored is the other answer to the house rule: Junior's rounds stop at zero."""
    ok("new", "ann", "ben", "--variant", "junior", "--deck", str(kids_deck), "--penalty-floored", "--game", "kids")
    # ben: AT struck (1+2 = 3) and no other word: floored, 0 (past zero it would be -3)
    ok("score", "ann", "a", "-u", "B")
    ok("score", "ben", "at", "--out")
    ok("challenge", "ben", "at", "--by", "ann", "--ruling", "invalid")
    sheet = json.loads(ok("sheet", "--json"))
    assert sheet["rounds"][0]["scores"]["ben"] == 0
    assert sheet["penalty_past_zero"] is False
    assert ok("sheet").splitlines()[1].endswith("house rule: a round never scores below zero")


# --- what is refused ----------------------------------------------------------


def test_a_junior_game_without_a_deck_is_refused_in_one_line_saying_how_to_write_one():
    r = run("new", "ann", "ben", "--variant", "junior")
    assert r.exit_code != 0 and r.stdout == ""
    assert r.stderr == (
        "qscore: error: a junior game is played with the table's own deck: write one with "
        "qscore deck junior > junior.toml, fill in its cards, then add --deck junior.toml\n"
    )
    assert "no saved games yet" in run("sheet").stderr  # nothing saved


def test_a_round_past_the_junior_rules_is_refused(kids_deck):
    r = run("new", "ann", "ben", "--variant", "junior", "--deck", str(kids_deck), "--rounds", "2-8")
    assert r.exit_code != 0
    assert r.stderr == "qscore: error: a round of 8 cards: the junior game deals 2 to 7 cards a round\n"


def test_a_one_card_word_is_refused_by_the_standard_rules_and_laid_under_junior(kids_deck):
    ok("new", "ann", "ben", "--bonus", "longest", "--game", "std")
    refused = run("score", "ann", "a", "-u", "T E", "-g", "std")
    assert "'a' is one card: a word takes at least 2 cards" in refused.stderr
    ok("new", "ann", "ben", "--variant", "junior", "--deck", str(kids_deck), "--game", "kids")
    ok("score", "ann", "a", "-u", "T", "-g", "kids")


def test_two_junior_players_are_not_asked_which_bonus_they_keep(kids_deck):
    # Junior plays one bonus: there is nothing to choose (the standard game asks two players)
    out = ok("new", "ann", "ben", "--variant", "junior", "--deck", str(kids_deck))
    assert "bonus: longest (5 points)" in out


# --- old games replay as they did ---------------------------------------------


def test_a_game_from_the_last_release_replays_with_every_output_unchanged(isolated_home):
    shutil.copy(RELEASE / "games.sqlite3", isolated_home / "games.sqlite3")
    for name in ("friday", "duel"):
        was = json.loads((RELEASE / f"{name}.json").read_text("utf-8"))
        sheet = json.loads(ok("sheet", "--json", "-g", name))
        assert kept(was, sheet) == was and not {"variant", "table_deck", "penalty_past_zero"} & set(sheet)
        assert ok("sheet", "-g", name).splitlines()[1].startswith("round")  # no rules line
    game = Game("old", [Entry(1, Created(GameConfig.from_json(json.loads('{"players": ["ann", "ben"]}'))))])
    assert game.rules == STANDARD and "variant" not in game.config.to_json()


def test_an_old_start_entry_reads_with_the_standard_rules_and_writes_back_the_same():
    config = GameConfig(("ann", "ben", "cat"), deck="short", rounds=(3, 4))
    assert config.rules.name == "short" and not config.rules.penalty_past_zero
    assert GameConfig.from_json(config.to_json()) == config
    assert set(config.to_json()) == {
        "players", "deck", "rounds", "bonus", "dictionary", "allow", "deny", "first_dealer", "bonus_points"
    }  # fmt: skip
    game = Game("g", [Entry(1, Created(config)), Entry(2, LaidDown(1, "ann", ("top",), (), True))])
    assert game.rules.unused_count and game.rules.min_cards == 2


def test_stats_keep_junior_totals_apart(kids_deck):
    ok("new", "ann", "ben", "--variant", "junior", "--deck", str(kids_deck), "--rounds", "3", "--game", "kids")
    ok("score", "ann", "(oo)f", "-u", "E")  # 3+4 = 7, the longest word alone: 12
    ok("score", "ben", "at", "-u", "E")  # 3
    ok("close")
    assert "ann: (OO)F, 7 points (kids, round 1)" in ok("stats")  # a double card no shipped deck has
    stats = json.loads(ok("stats", "--json"))
    # a Junior game of one round of 3 cards: not Junior's usual schedule, so apart from those
    assert stats["players"]["ann"]["totals_by_variant"] == {
        "junior 3": {"finished": 1, "average_total": 12.0, "best_total": 12}
    }


def test_the_page_names_the_rules_under_the_games_name(kids_deck):
    from starlette.testclient import TestClient

    from qscore.web.pages import make_app

    ok("new", "ann", "ben", "--variant", "junior", "--deck", str(kids_deck), "--game", "kids")
    shown = TestClient(make_app("kids", "K7Q3M9")).get("/t/K7Q3M9/").text
    assert '<p class="rules">junior rules, the table&#39;s deck &#39;kids&#39;</p>' in shown
    ok("new", "ann", "ben", "cat", "--game", "fri")
    assert 'class="rules"' not in TestClient(make_app("fri", "K7Q3M9")).get("/t/K7Q3M9/").text


def test_a_name_that_stands_a_challenge_says_why_and_its_cost_has_no_floor(kids_deck):
    """At a table arguing whether a name counts, the answer says Junior allows names; and
    with Junior's costs past zero, an open round's challenger loses the word's points,
    not "up to" them."""
    ok("new", "mia", "leo", "ann", "--variant", "junior", "--deck", str(kids_deck), "--rounds", "3")
    ok("score", "mia", "ann")
    said = ok("challenge", "mia", "ann", "--by", "leo")
    # ANN: 1 + 3 + 3 = 7, the whole of it, though leo has laid nothing yet
    assert (
        said.splitlines()[0]
        == "Challenge by leo: ann is allowed (a name, as Junior allows): leo loses 7 points in round 1."
    )


def test_the_sheets_legend_says_a_bonus_worth_other_than_ten(kids_deck):
    """A Junior sheet's L is 5 points, which no page said; the rule sheets' 10 is left unsaid."""
    ok("new", "ann", "ben", "--variant", "junior", "--deck", str(kids_deck), "--game", "kids")
    ok("score", "ann", "at", "--out")
    ok("score", "ben", "a", "-u", "B")
    assert "L: longest-word bonus (5 points), *: went out" in ok("sheet")
    ok("new", "ann", "ben", "cat", "--rounds", "3", "--game", "std")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "-u", "E")
    ok("score", "cat", "ox", "-u", "E")
    assert "M: most-words bonus, L: longest-word bonus, *: went out" in ok("sheet")


def test_the_sheet_says_a_challenged_name_stood_as_junior_allows(kids_deck):
    ok("new", "mia", "leo", "--variant", "junior", "--deck", str(kids_deck), "--rounds", "3")
    ok("score", "mia", "ann", "--out")
    ok("challenge", "mia", "ann", "--by", "leo")
    lines = ok("sheet", "--words").splitlines()
    assert "  leo challenged mia's ann: allowed by the dictionary (a name, as Junior allows)" in lines


def test_a_deck_file_that_adds_up_to_other_than_the_rule_sheets_deck_is_noted_not_refused(kids_deck):
    """Families' filled-in decks held 107 and 102 cards where Junior's box holds 103, and
    nothing said so: a count mistyped, most likely; a deck that lost a card plays as it is."""
    full = Path(__file__).parent / "data" / "junior-game.toml"  # the hand-worked game's deck: 103 cards
    r = run("new", "ann", "ben", "--variant", "junior", "--deck", str(full), "--game", "full")
    assert r.exit_code == 0 and r.stderr == ""
    r = run("new", "ann", "ben", "--variant", "junior", "--deck", str(kids_deck), "--game", "kids")
    assert r.exit_code == 0
    held = sum(n for *_, n in scorekeeper_cards("kids"))
    assert r.stderr == (
        f"qscore: warning: the deck file's cards add up to {held}, and junior's deck holds 103: "
        "a count may be mistyped (a deck that lost a card plays as it is)\n"
    )


def scorekeeper_cards(game: str) -> tuple[tuple[str, int, int], ...]:
    from qscore import scorekeeper

    cards = scorekeeper.load_game(game).config.cards
    assert cards is not None
    return cards
