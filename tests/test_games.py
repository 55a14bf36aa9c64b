"""The scorekeeper through the CLI: a whole scripted game, worked out by hand."""

import json

import pytest

from qscore.cli import app
from tests.conftest import ok, run


def sheet():
    return json.loads(ok("sheet", "--json"))


# Card values: A2 B8 C8 D5 E2 G6 H7 I2 J13 K8 L3 M5 N5 O2 P6 Q15 R5 S3 T3 U4 V11
# W10 X12 Y4 Z14, QU9 IN7 ER7 CL10 TH9. Bonuses +10, both in play (3 players).
WHOLE_GAME = [
    # round 1, 3 cards. Most words: 1-1-1 tie, nobody. Longest: ann's CAT (3).
    ("score", "ann", "cat", "--out"),  # 13 + L10 = 23
    ("score", "ben", "at", "--unused", "Z"),  # 5 - 14 < 0: zero floor, 0
    ("score", "cat", "ox", "--unused", "E"),  # 14 - 2 = 12
    # round 2, 4 cards. Most words: ben (2). Longest: ann's QUIZ (4 letters).
    ("score", "ann", "(qu)iz", "--unused", "E"),  # 25 - 2 = 23 + L10 = 33
    ("score", "ben", "to", "go", "--out"),  # 5 + 8 = 13 + M10 = 23
    ("score", "cat", "jab", "--unused", "S"),  # 23 - 3 - 25 (challenge) < 0: 0
    ("challenge", "ann", "quiz", "--by", "cat"),  # QUIZ is allowed: cat loses 25
    # round 3, 5 cards. STEVE is struck: ann has no word, 21 unused: 0.
    # Most words: ben 2, cat 2, tie. Longest: HAT 3, BED 3, tie.
    ("score", "ann", "steve", "--out"),
    ("score", "ben", "hat", "in"),  # 12 + 7 = 19
    ("score", "cat", "bed", "no"),  # 15 + 7 = 22
    ("challenge", "ann", "steve", "--by", "ben"),  # proper noun: not allowed
    # round 4, 6 cards. Most words: cat (3). Longest: THING 5, QUILT 5, tie.
    ("score", "ann", "(th)ing", "ox", "--out"),  # 22 + 14 = 36
    ("score", "ben", "quilt", "--unused", "A"),  # 27 - 2 = 25
    ("score", "cat", "me", "we", "do"),  # 7 + 12 + 7 = 26 + M10 = 36
    # round 5, 7 cards. Most words: ben (2). Longest: ann's CLERKS (6).
    ("score", "ann", "(cl)erks", "--unused", "A A"),  # 28 - 4 = 24 + L10 = 34
    ("score", "ben", "tops", "ah", "--unused", "E"),  # 14 + 9 - 2 = 21 + M10 = 31
    ("score", "cat", "--unused", "Q X Z J V W K"),  # no word, -83: 0
    # round 6, 8 cards. Most words: cat (4). Longest: GARDEN 6, DANGER 6, tie.
    ("score", "ann", "garden", "is", "--out"),  # 25 + 5 = 30
    ("score", "ben", "danger", "it"),  # 25 + 5 = 30
    ("score", "cat", "at", "it", "on", "us"),  # 5 + 5 + 7 + 7 = 24 + M10 = 34
    # round 7, 9 cards. Most words: ben 3, cat 3, tie. Longest: ann's JUMPED (6).
    ("score", "ann", "jumped", "ox", "--unused", "B"),  # 35 + 14 - 8 = 41 + L10 = 51
    ("score", "ben", "hello", "b(in)", "as", "--out"),  # 17 + 15 + 5 = 37
    ("score", "cat", "fix(er)", "go", "am", "--unused", "T"),  # 27 + 8 + 7 - 3 = 39
    # round 8, 10 cards. Most words: ann 3, cat 3, tie. Longest: ben's THINKING (8).
    ("score", "ann", "wizard", "on", "be", "--out"),  # 38 + 7 + 10 = 55
    ("score", "ben", "(th)(in)k(in)g", "ox", "--unused", "E E E"),  # 37 + 14 - 6 = 45 + L10 = 55
    ("score", "cat", "vex", "cub", "no", "--unused", "Y Y"),  # 25 + 20 + 7 - 8 = 44
]
ROUND_SCORES = {
    "ann": [23, 33, 0, 36, 34, 30, 51, 55],
    "ben": [0, 23, 19, 25, 31, 30, 37, 55],
    "cat": [12, 0, 22, 36, 0, 34, 39, 44],
}
TOTALS = {"ann": 262, "ben": 220, "cat": 187}


def test_whole_game_gives_the_totals_worked_by_hand():
    out = ok("new", "ann", "ben", "cat")
    assert "Round 1: 3 cards. ann deals, ben starts." in out
    for step in WHOLE_GAME:
        ok(*step)
    got = sheet()
    assert got["totals"] == TOTALS
    assert {p: [r["scores"][p] for r in got["rounds"]] for p in TOTALS} == ROUND_SCORES
    assert [r["hand_size"] for r in got["rounds"]] == [3, 4, 5, 6, 7, 8, 9, 10]
    assert [r["dealer"] for r in got["rounds"]] == ["ann", "ben", "cat"] * 2 + ["ann", "ben"]
    assert got["over"] and got["winner"] == "ann"
    r3 = got["rounds"][2]["players"]["ann"]
    assert (r3["struck"], r3["word_points"], r3["unused_points"], r3["hand_score"]) == (["steve"], 0, 21, 0)
    r2 = got["rounds"][1]["players"]["cat"]
    assert (r2["penalty"], r2["hand_score"]) == (25, 0)
    assert got["rounds"][0]["players"]["ann"]["bonuses"] == ["longest word"]
    assert got["rounds"][0]["players"]["cat"]["bonuses"] == []  # 1-1-1 tie on most words
    text = ok("sheet")
    assert (
        "Game over" not in text and "Round 8 is scored: its challenges, then the scorekeeper closes the game." in text
    )
    assert ok("close").startswith("Game '")  # the last round's challenges are settled
    text = ok("sheet")
    assert "Game over. ann wins with 262." in text
    assert "total" in text and "262" in text


def test_round_closes_and_says_who_deals_next():
    ok("new", "ann", "ben", "cat")
    ok("score", "ann", "cat", "--out")
    out = ok("score", "ben", "at", "--unused", "Z")
    assert "Round 1 waits for cat." in out
    out = ok("score", "cat", "ox", "--unused", "E")
    assert "Round 1 closed." in out
    assert "Round 2: 4 cards. ben deals, cat starts." in out


def test_a_round_closed_with_nobody_out_is_kept_with_a_note():
    note = "Note: nobody went out in round 1; if someone did, score them again with --round 1 --out --replace."
    ok("new", "ann", "ben", "cat")
    assert note not in ok("score", "ann", "cat")  # the round is still open: no note yet
    ok("score", "ben", "at", "--unused", "Z")
    out = ok("score", "cat", "ox", "--unused", "E")
    assert "Round 1 closed." in out and out.rstrip("\n").splitlines()[-1] == note
    assert sheet()["rounds"][0]["scores"] == {"ann": 23, "ben": 0, "cat": 12}  # recorded all the same
    out = ok("score", "ann", "cat", "--round", "1", "--out", "--replace")  # as the note says
    assert "Round 1 rescored." in out and "Note:" not in out
    assert sheet()["rounds"][0]["players"]["ann"]["out"] is True


def test_a_round_closed_after_someone_went_out_has_no_note():
    ok("new", "ann", "ben", "cat")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    out = ok("score", "cat", "ox", "--unused", "E")
    assert "Round 1 closed." in out and "Note:" not in out and "nobody went out" not in out


def test_flagged_word_stands_until_challenged():
    ok("new", "ann", "ben", "cat", "--rounds", "5,6")
    out = ok("score", "ann", "steve", "--out")
    assert "flagged: steve (proper noun; did you mean steeve or stave or stove?): it stands unless challenged" in out
    ok("score", "ben", "hat", "--unused", "E E")  # 12 - 4 = 8
    ok("score", "cat", "bed", "--unused", "A A")  # 15 - 4 = 11
    # Unchallenged, STEVE counts: 21, and the longest word (5 letters): 31.
    assert sheet()["rounds"][0]["scores"] == {"ann": 31, "ben": 8, "cat": 11}


def test_laid_words_are_judged_as_laid_with_the_games_deck():
    # the short deck has one QU and hands of up to 6 cards: (qu)iz fits, and is a word
    ok("new", "ann", "ben", "--bonus", "longest", "--variant", "short", "--rounds", "3")
    assert "flagged" not in ok("score", "ann", "(qu)iz", "--out")
    assert "(qu)iz is allowed" in ok("challenge", "ann", "quiz", "--by", "ben")
    # ten single cards, the largest hand of the standard game
    ok("new", "ann", "ben", "--bonus", "longest", "--rounds", "10", "--game", "long")
    assert "flagged" not in ok("score", "ann", "watermelon", "--out", "--game", "long")


@pytest.mark.parametrize(
    ("bonus", "scores"),
    [
        # ann: QUIZ (25) with E unused (-2) = 23, the longest word;
        # ben: TO + GO = 13 and out, the most words.
        ("most", {"ann": 23, "ben": 23}),
        ("longest", {"ann": 33, "ben": 13}),
    ],
)
def test_two_players_use_only_the_chosen_bonus(bonus, scores):
    ok("new", "ann", "ben", "--bonus", bonus, "--rounds", "4-5")
    ok("score", "ann", "(qu)iz", "--unused", "E")
    ok("score", "ben", "to", "go", "--out")
    assert sheet()["rounds"][0]["scores"] == scores


def test_house_rules_dealer_bonus_size_and_dictionary_are_remembered(tmp_path):
    allow = tmp_path / "allow.txt"
    allow.write_text("qat\n", "utf-8")
    out = ok(
        "new", "ann", "ben", "cat", "--dealer", "cat", "--bonus-points", "5", "--rounds", "3,3", "--allow", str(allow)
    )
    assert "bonus: both (5 points)" in out and "Round 1: 3 cards. cat deals, ann starts." in out
    allow.unlink()  # the game keeps the words, not the file
    out = ok("score", "ann", "qat", "--out")
    assert "flagged" not in out  # qat is not in everyday, but the house allowed it
    ok("score", "ben", "at", "--unused", "E")
    ok("score", "cat", "ox", "--unused", "E")
    # ann QAT 20 + 5 longest; ben 5 - 2 = 3; cat 14 - 2 = 12; most words tie 1-1-1
    assert sheet()["rounds"][0]["scores"] == {"ann": 25, "ben": 3, "cat": 12}
    assert sheet()["rounds"][1]["dealer"] == "ann"


def test_two_players_must_choose_a_bonus():
    r = run("new", "ann", "ben")  # the runner's stdin is no terminal: no prompt
    assert r.exit_code == 2
    told = "two players use one bonus: longest, most or none? choose --bonus longest, --bonus most or --bonus none"
    assert r.stderr == f"qscore: error: {told}\n"
    r = run("new", "ann", "ben", "--bonus", "both")
    assert r.exit_code == 2 and "two players use one bonus" in r.stderr
    assert run("games").stdout.startswith("No saved games yet")


def test_short_variant_runs_four_rounds_of_three_to_six():
    ok("new", "ann", "ben", "cat", "--variant", "short")
    got = sheet()
    assert [r["hand_size"] for r in got["rounds"]] == [3, 4, 5, 6] and got["deck"] == "short"
    # the short deck holds one Z
    r = run("score", "ann", "--unused", "Z Z A")
    assert r.exit_code == 2 and "too many Z cards in the unused cards: 2, the short deck has 1" in r.stderr
    # no words: each player's cards unused, within the short deck's counts together
    hands = {"ann": "A A A A A E", "ben": "I I I I O O", "cat": "N N N R R R"}
    for size in [3, 4, 5, 6]:
        for p, cards in hands.items():
            ok("score", p, "--unused", cards[: 2 * size - 1])
    assert sheet()["over"]
    ok("close")
    assert "Game over." in ok("sheet")


def test_scoring_a_player_again_is_refused_without_replace():
    ok("new", "ann", "ben", "cat")
    ok("score", "ann", "cat", "--out")
    before = ok("sheet", "--json")
    r = run("score", "ann", "at", "-u", "E")  # meant for another player
    assert r.exit_code == 2
    assert r.stderr == (
        "qscore: error: ann already laid cat (went out) in round 1. Replace it with at (unused E)? "
        "add --replace to change it\n"
    )
    assert ok("sheet", "--json") == before  # nothing written
    out = ok("score", "ann", "at", "-u", "E", "--replace")
    assert out.startswith("Recorded ann's laydown in round 1: at (unused E), replacing cat (went out).")
    assert sheet()["rounds"][0]["players"]["ann"] == {"words": ["at"], "unused": ["E"], "out": False}


def test_rescoring_replaces_and_undo_says_what_stands_again():
    ok("new", "ann", "ben", "cat")
    ok("score", "ann", "cat", "--out")
    ok("score", "ann", "at", "--unused", "E", "--replace")  # 5 - 2 = 3
    ok("score", "ben", "ox", "--unused", "E")
    out = ok("undo")
    assert out.startswith("Took back ben's laydown in round 1: ox (unused E); ben has no laydown in round 1 now.")
    out = ok("undo")
    assert out.startswith(
        "Took back ann's laydown in round 1: at (unused E); ann's earlier laydown stands again: cat (went out)."
    )
    ok("score", "ben", "ox", "--unused", "E")
    ok("score", "cat", "to", "--unused", "E")
    got = sheet()
    assert got["rounds"][0]["players"]["ann"]["words"] == ["cat"]  # the first laydown is back
    # ann CAT 13 + longest 10; ben 12; cat 5 - 2 = 3
    assert got["rounds"][0]["scores"] == {"ann": 23, "ben": 12, "cat": 3}
    out = ok("challenge", "ann", "cat", "--by", "ben", "--ruling", "Valid")
    out = ok("undo")
    assert out.startswith("Took back ben's challenge of ann's cat in round 1 (allowed).")


def test_an_undo_of_a_finished_game_is_asked_for_or_refused():
    """undo on a finished game took its last laydown back unasked, where a laydown there is refused."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3", "--game", "fri")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "E")
    before = sheet()
    r = run("undo")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (
        "qscore: error: every round of game 'fri' is scored: take back ben's laydown in round 1: at (unused E)? "
        "add --yes to take it back\n"
    )
    assert sheet() == before
    out = ok("undo", "--yes")
    assert out.startswith("Took back ben's laydown in round 1: at (unused E); ben has no laydown in round 1 now.")
    assert ok("undo").startswith("Took back ann's laydown in round 1")  # the game is open again: unasked


def test_a_second_laydown_asks_on_a_terminal_whether_it_replaces_the_first(monkeypatch):
    """score refused a second laydown on a terminal too, where play asks."""
    ok("new", "ann", "ben", "--bonus", "most", "--game", "fri")
    ok("score", "ann", "cat", "--out")
    monkeypatch.setattr("qscore.cli.asking.on_terminal", lambda: True)
    out = ok("score", "ann", "at", "-u", "Z", input="\n")
    asked = "ann already laid cat (went out) in round 1. Replace it with at (unused Z)? [y/N]: "
    assert out == f"{asked}\nKept ann's cat (went out).\n"
    out = ok("score", "ann", "at", "-u", "Z", input="y\n")
    assert f"{asked}y\nRecorded ann's laydown in round 1: at (unused Z), replacing cat (went out)" in out


def test_an_undo_of_a_finished_game_asks_on_a_terminal(monkeypatch):
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3", "--game", "fri")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "E")
    before = sheet()
    monkeypatch.setattr("qscore.cli.asking.on_terminal", lambda: True)
    out = ok("undo", input="\n")
    question = "Every round of game 'fri' is scored: take back ben's laydown in round 1: at (unused E)? [y/N]: "
    assert out == question + "\nNothing taken back.\n"
    assert sheet() == before
    out = ok("undo", input="y\n")
    assert "Took back ben's laydown in round 1: at (unused E)" in out
    assert sheet()["rounds"][0]["players"]["ben"] is None


def test_correcting_an_earlier_round_rescores_it():
    ok("new", "ann", "ben", "cat")
    for step in WHOLE_GAME[:3]:
        ok(*step)
    # round 1 is closed: a 3-card laydown no longer fits the current round of 4
    r = run("score", "ben", "at", "--unused", "E")
    assert r.exit_code == 2
    # ben laid in round 1 already: the hint says how to change that laydown, not to add one
    assert "but round 2 is dealt 4 (ben laid at (unused Z) in round 1: add --round 1 --replace" in r.stderr
    r = run("score", "ben", "at", "--unused", "E", "--round", "1")
    said = "ben already laid at (unused Z) in round 1. Replace it with at (unused E)? add --replace"
    assert r.exit_code == 2 and said in r.stderr
    out = ok("score", "ben", "at", "--unused", "E", "--round", "1", "--replace")  # was Z unused
    assert "replacing at (unused Z)" in out and "Round 1 rescored." in out
    assert sheet()["rounds"][0]["scores"]["ben"] == 3


def test_export_formats():
    ok("new", "ann", "ben", "cat")
    for step in WHOLE_GAME[:3]:
        ok(*step)
    csv_text = ok("export", "--format", "csv")
    # the starter, and the sheet's marks in a column of their own: the scores stay numbers
    assert csv_text.splitlines()[:2] == ["round,cards,dealer,starter,ann,ben,cat,marks", "1,3,ann,ben,23,0,12,ann L*"]
    assert csv_text.splitlines()[-1] == "total,,,,23,0,12,"
    assert json.loads(ok("export", "--format", "json"))["totals"] == {"ann": 23, "ben": 0, "cat": 12}
    md = ok("export", "--format", "markdown").splitlines()
    assert md[0].startswith("## Quiddler: ")
    assert md[2].replace(" ", "") == "|round|cards|dealer|starts|ann|ben|cat|"
    cells = ["1", "3", "ann", "ben", "23 L\\* (23)", "0 (0)", "12 (12)"]  # each score beside the running total
    assert [c.strip() for c in md[4].strip("|").split("|")] == cells
    assert ok("export", "-f", "md") == ok("export", "--format", "markdown")  # md was refused


def test_games_lists_players_round_and_leader():
    ok("new", "ann", "ben", "cat", "--game", "friday")
    for step in WHOLE_GAME[:3]:
        ok(*step)
    ok("new", "dee", "eve", "--bonus", "most", "--game", "saturday")
    rows = json.loads(ok("games", "--json"))
    assert [(r["game"], r["round"], r["leaders"]) for r in rows] == [("friday", 2, ["ann"]), ("saturday", 1, [])]
    assert "friday" in ok("games") and "ann (23)" in ok("games")
    # rounds played, not the round reached: 4/8 read as four played after three
    listed = ok("games").splitlines()
    assert listed[0].split() == ["game", "players", "played", "leader"]
    assert "1 of 8" in listed[2] and "0 of 8" in listed[3]
    # the default game is the one most recently started
    assert sheet()["game"] == "saturday"
    assert json.loads(ok("sheet", "--json", "--game", "friday"))["totals"]["ann"] == 23
    # names differ in more than case, so any case finds the game (sheet -g Friday was refused)
    assert json.loads(ok("sheet", "--json", "--game", "FRIDAY"))["game"] == "friday"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "zed", "cat"], "no player 'zed' in game"),
        (["score", "ann", "(xy)z"], "no card (xy) in laid word '(xy)z'"),
        (["score", "ann", "zzz"], "too many Z cards in the laydown of ann: 3, the standard deck has 2"),
        (
            ["score", "cat", "zoo", "--round", "1"],
            "3 Z cards in round 1, the standard deck has 2 (laid by ben, cat)",
        ),
        (["score", "ann", "cats"], "ann's laydown has 4 cards (4 in words, 0 unused), but round 1 is dealt 3"),
        (["score", "ann", "at", "--unused", "E", "--out"], "ann went out, so has no unused cards, but 1 is given"),
        (["score", "ann", "(in)", "--unused", "E E"], "'(in)' is one card: a word takes at least 2 cards"),
        (["score", "ann", "cat", "--round", "3"], "round 3 has not started: the current round is 1"),
        (["score", "ann", "cat", "--game", "nope"], "no game named 'nope'"),
        (["score", "ann", "cat", "--game", ""], "a game's name cannot be empty: saved games are"),
        (["challenge", "ann", "cat", "--by", "ben"], "ann has laid nothing down yet"),
        (["new", "solo"], "a game has 2 to 8 players, got 1"),
        (["new", "ann", "ann", "bob"], "two players have the same name: ann"),
        (["new", "a", "b", "c", "--rounds", "3-x"], "rounds '3-x': give the cards dealt each round, a range"),
        (
            ["new", "a", "b", "c", "--variant", "tiny"],
            "invalid value for '--variant': 'tiny' is not one of 'standard', 'short'",
        ),
        (
            ["export", "--format", "pdf"],
            "invalid value for '--format' / '-f': 'pdf' is not one of 'csv', 'json', 'markdown'",
        ),
        # a value near one of the choices gets it, as a misspelt option or player does
        (["new", "a", "b", "c", "--variant", "junoir"], "'standard', 'short', 'junior'; did you mean junior? (see "),
        (
            ["challenge", "ben", "zz", "--by", "ann", "--ruling", "vaild"],
            "'valid', 'invalid'; did you mean valid? (see ",
        ),
    ],
)
def test_bad_input_one_line_and_changes_nothing(args, message):
    ok("new", "ann", "ben", "cat")
    ok("score", "ben", "zz", "--unused", "A")  # both Z cards of the deck
    before = ok("sheet", "--json")
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("qscore: error: ") and r.stderr.count("\n") == 1
    assert message in r.stderr
    assert ok("sheet", "--json") == before


def test_challenge_errors_and_closed_game():
    ok("new", "ann", "ben", "cat", "--rounds", "3")
    for step in WHOLE_GAME[:3]:
        ok(*step)
    for args, message in [
        (["challenge", "ann", "dog", "--by", "ben"], "ann laid no word 'dog' in round 1: ann laid cat"),
        (["challenge", "ann", "cat", "--by", "ann"], "ann cannot challenge their own word"),
        (
            ["challenge", "ann", "cat", "--by", "ben", "--ruling", "maybe"],
            "invalid value for '--ruling': 'maybe' is not one of 'valid', 'invalid'",
        ),
        (
            ["score", "ann", "act", "--out"],
            "ann already laid cat (went out) in round 1. Replace it with act (went out)? add --replace to change it",
        ),
    ]:
        r = run(*args)
        assert r.exit_code == 2 and message in r.stderr, (args, r.output)
    # the same laydown typed again is no replacement to ask about (it asked "Replace it with cat?")
    assert (
        ok("score", "ann", "cat", "--out") == "ann's laydown in round 1 is already cat (went out): nothing changed.\n"
    )
    ok("challenge", "ann", "cat", "--by", "ben", "--ruling", "invalid")  # a paper dictionary said no
    r = run("challenge", "ann", "cat", "--by", "cat")
    assert r.exit_code == 2 and "ann's 'cat' in round 1 was already challenged" in r.stderr
    # CAT struck: ann has no word and 13 unused: 0. Longest is now AT and OX, 2 letters
    # each, and most words 1 and 1: both bonuses tie, nobody gets one.
    assert sheet()["rounds"][0]["scores"] == {"ann": 0, "ben": 0, "cat": 12}


def test_choices_are_taken_in_any_case():
    out = ok("new", "ann", "ben", "cat", "--bonus", "Most", "--variant", "Short", "-d", "WordGame")
    assert "short deck, 4 rounds (3, 4, 5, 6 cards), bonus: most (10 points), dictionary: wordgame." in out
    ok("score", "ann", "cat", "--out")
    assert ok("export", "--format", "CSV").startswith("round,cards,dealer,starter,ann,ben,cat")
    assert json.loads(ok("export", "--format", "Json"))["bonus"] == "most"
    ok("challenge", "ann", "cat", "--by", "ben", "--ruling", "INVALID")
    assert sheet()["rounds"][0]["challenges"][0]["valid"] is False


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rounds", "1"], "a round of 1 card: the standard game deals 2 to 10 cards a round (a word takes 2 cards)"),
        (["--rounds", "3-11"], "a round of 11 cards: the standard game deals 2 to 10 cards a round"),
        (["--rounds", "3,0"], "a round of 0 cards: the standard game deals 2 to 10"),
        (["--variant", "short", "--rounds", "3-7"], "a round of 7 cards: the short game deals 2 to 6 cards a round"),
    ],
)
def test_round_sizes_fit_the_deck_and_a_word(args, message):
    r = run("new", "ann", "ben", "cat", *args)
    assert r.exit_code == 2 and r.stderr.startswith(f"qscore: error: {message}") and r.stderr.count("\n") == 1
    assert run("games").stdout.startswith("No saved games yet")


def test_new_game_says_its_rounds_and_bonus_as_they_are():
    out = ok("new", "ann", "ben", "cat", "--rounds", "2")
    assert "standard deck, 1 round (2 cards), bonus: both (10 points)" in out
    out = ok("new", "ann", "ben", "cat", "--rounds", "2-10", "--bonus", "none")
    assert "9 rounds (2, 3, 4, 5, 6, 7, 8, 9, 10 cards), bonus: none, dictionary" in out


def test_every_command_takes_h_and_the_app_its_version():
    from typer.main import get_command

    from qscore import __version__

    names = sorted(get_command(app).commands)  # type: ignore[attr-defined]
    assert {"new", "score", "challenge", "sheet", "export", "undo", "games", "play", "check"} <= set(names)
    for name in names:
        r = run(name, "-h")
        assert r.exit_code == 0 and r.stdout.startswith("Usage: ") and f" {name} [OPTIONS]" in r.stdout, name
        assert "-h, --help" in r.stdout
    assert run("-h").stdout == run("--help").stdout
    assert ok("--version") == f"qscore {__version__}\n"


def test_help_says_the_real_defaults():
    assert "(default: today's date" in " ".join(ok("new", "-h").split())
    for name in ("score", "sheet", "undo", "export", "challenge"):
        assert "(default: the game most recently started)" in " ".join(ok(name, "-h").split()), name
    text = " ".join(ok("score", "-h").split())
    assert "(default: the current round)" in text and "--replace" in text and "--unchecked" in text


def test_unquoted_unused_cards_get_a_hint_to_quote():
    ok("new", "ann", "ben", "cat")
    r = run("score", "ann", "-u", "Z", "E", "S", "T")  # typed for -u "Z E S T"
    assert r.exit_code == 2
    assert r.stderr == (
        "qscore: error: 'E' is one card: a word takes at least 2 cards "
        '(several unused cards go in quotes: -u "Z E S T")\n'
    )
    r = run("score", "ann", "cat", "E")  # no unused cards given: no such hint
    assert r.exit_code == 2 and "quotes" not in r.stderr
    assert sheet()["rounds"][0]["players"]["ann"] is None


def test_a_paper_ruling_is_named_and_one_point_is_one():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "U")  # A2 T3 less U4: a hand of 1
    ok("score", "cat", "ox", "--unused", "E")
    out = ok("challenge", "ann", "cat", "--by", "ben")
    assert out.startswith("Challenge by ben: cat is allowed: ben loses 1 point in round 1 (worth 13,")
    out = ok("challenge", "cat", "ox", "--by", "ann", "--ruling", "invalid")  # a paper dictionary said no
    overruled = "ox is not allowed by the table's ruling (the game's dictionary allows it)"
    assert out.startswith(f"Challenge by ann: {overruled}: it is no word for cat;")


def test_a_challenge_names_the_round_the_word_was_laid_and_the_points_lost_after_the_floor():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    for step in WHOLE_GAME[:3]:  # round 1: ann CAT out, ben AT with Z unused (0), cat OX with E
        ok(*step)
    ok("score", "ben", "ox", "--unused", "E E")  # round 2
    out = ok("challenge", "ben", "ox", "--by", "cat")  # round 2 is open: cat's hand is not known yet
    assert out.startswith("Challenge by cat: ox is allowed: cat loses up to 14 points in round 2 (a hand stops at 0).")
    r = run("challenge", "ben", "at", "--by", "ann")
    assert r.exit_code == 2
    assert r.stderr == "qscore: error: ben laid no word 'at' in round 2: ben laid it in round 1, add --round 1\n"
    # CAT stands: 13 is its worth, but ben's hand was 0 already, and a hand scores no less than 0
    out = ok("challenge", "ann", "cat", "--by", "ben")
    assert out.startswith(
        "Challenge by ben: cat is allowed: ben loses 0 points in round 1 (worth 13, but a hand stops at 0)."
    )


def test_game_names_differ_in_more_than_case_and_how_an_accent_was_typed():
    """-g ' padded ' found no game, and Straße beside STRASSE or á typed two ways made two
    games that read the same."""
    ok("new", "ann", "ben", "cat", "--game", "Straße")
    for taken in ("STRASSE", "strasse"):
        r = run("new", "ann", "ben", "cat", "--game", taken)
        assert r.stderr == "qscore: error: a game named 'Straße' exists already: choose another --game name\n"
    ok("new", "ann", "ben", "cat", "--game", "a\u0301")  # an accent typed apart: kept composed
    r = run("new", "ann", "ben", "cat", "--game", "\u00e1")
    assert r.exit_code == 2 and "a game named 'á' exists already" in r.stderr
    assert json.loads(ok("sheet", "--json", "--game", "  strasse  "))["game"] == "Straße"
    assert json.loads(ok("sheet", "--json", "--game", "\u00c1"))["game"] == "\u00e1"


def test_the_game_is_over_only_once_its_last_rounds_challenges_are_settled():
    """Issue 35, finding 8: "Game over. ann wins" showed before the last round's challenges
    (RULES.md: a challenge comes before the cards are gathered), and `challenge` then changed
    a finished game's total without asking, where `undo` asks."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3", "--game", "fri")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    assert "Game over" not in ok("sheet")
    assert not sheet()["closed"]
    ok("challenge", "ann", "cat", "--by", "ben", "--ruling", "invalid")  # still open: unasked
    assert ok("close").splitlines()[1] == "Game over. ben wins with 10."  # at: 2 - 10 (Z) stops at 0; most words
    assert sheet()["closed"]
    refused = run("challenge", "ben", "at", "--by", "ann", "--ruling", "invalid")
    assert refused.exit_code == 2
    assert refused.stderr == (
        "qscore: error: game 'fri' is over: settle ann's challenge of ben's at in round 1, "
        "changing its final sheet? add --yes to settle it\n"
    )
    assert "Game over. ben wins with 10." in ok("sheet")  # nothing changed
    assert run("close").stderr == "qscore: error: game 'fri' is closed already\n"
    # a wrong challenge is told as wrong before any question (it asked for --yes first)
    wrong = run("challenge", "zed", "at", "--by", "ann", "--ruling", "invalid")
    assert wrong.exit_code == 2 and "--yes" not in wrong.stderr and "zed" in wrong.stderr
    wrong = run("challenge", "ben", "ox", "--by", "ann", "--ruling", "invalid")
    assert wrong.stderr == "qscore: error: ben laid no word 'ox' in round 1: ben laid at\n"
    out = ok("challenge", "ben", "at", "--by", "ann", "--ruling", "valid", "--yes")
    assert out.startswith("Challenge by ann: at is allowed by the table's ruling")
    assert ok("undo", "--yes").startswith("Took back ann's challenge of ben's at")


def test_a_game_under_way_cannot_be_closed():
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,4")
    ok("score", "ann", "cat", "--out")
    r = run("close")
    assert r.exit_code == 2 and "is at round 1: it closes once its last round is scored" in r.stderr


def test_players_typed_with_commas_are_so_many_players():
    """qscore new ann,ben made one player, 'ann,ben', where the table meant two; play's own
    question reads commas as between names, and no name holds one."""
    ok("new", "ann,ben", "--bonus", "most", "--game", "commas")
    ok("new", "Mary Ann, Bob,", "O'Neil", "--game", "spaced")  # the shell's words, then the commas'
    games = {g["game"]: g["players"] for g in json.loads(ok("games", "--json"))}
    assert games == {"commas": ["ann", "ben"], "spaced": ["Mary Ann", "Bob", "O'Neil"]}
    r = run("rename", "ann", "x,y", "--game", "commas")  # a name alone still holds no comma
    assert r.exit_code == 2 and "player name 'x,y' has ','" in r.stderr
    ok("play", "cat,dan", "--game", "played", input="standard\nmost\n\nquit\n")
    assert json.loads(ok("sheet", "--json", "--game", "played"))["players"] == ["cat", "dan"]


def test_the_round_closed_by_score_marks_the_words_the_dictionary_refuses_as_the_sheet_does():
    """score's table of a closed round showed ann's cta plain, where play and sheet --words
    mark it ? and say what the mark means."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,4")
    ok("score", "ann", "cta", "--out")
    out = ok("score", "ben", "at", "--unused", "Z")
    legend = "  ?: not in the game's dictionary; it stands unless challenged"
    assert legend in out
    marked = next(line for line in ok("sheet", "--words").splitlines() if line.startswith("ann"))
    assert "cta 13 ?" in marked and marked in out.splitlines()


def test_a_challenge_stands_while_its_word_is_laid_in_other_cards_and_an_undo_brings_one_back():
    """ben challenged ann's queen (Q·U·E·E·N, 28) and lost; ann's laydown retyped as (qu)een
    (QU·E·E·N, 18) is the same word: the challenge stands, at 18. A laydown without the word
    drops it, and the undo of that laydown says it stands again."""
    ok("new", "ann", "ben", "--bonus", "none", "--rounds", "6,7", "--game", "g")
    ok("score", "ann", "queen", "--unused", "R")  # 28 - 5 = 23
    ok("score", "ben", "cat", "--unused", "A E T")  # 13 - 7 = 6
    ok("challenge", "ann", "queen", "--by", "ben", "--ruling", "valid")  # ben: 6 - 28 stops at 0
    shown = ok("score", "ann", "(qu)een", "--unused", "R S", "--round", "1", "--replace")
    assert "no longer stands" not in shown
    data = json.loads(ok("export", "--format", "json"))
    first = data["rounds"][0]
    assert first["challenges"] == [{"player": "ann", "word": "(qu)een", "by": "ben", "valid": True, "ruling": "table"}]
    assert first["players"]["ben"]["penalty"] == 18
    shown = ok("score", "ann", "cat", "--unused", "E N R", "--round", "1", "--replace")
    assert "ben's challenge of ann's (qu)een no longer stands: (qu)een is not in the laydown now" in shown
    said = ok("undo").splitlines()[0]
    assert said.endswith(
        "ann's earlier laydown stands again: (qu)een (unused R S). ben's challenge of ann's (qu)een stands again."
    )
    assert json.loads(ok("export", "--format", "json"))["rounds"][0]["players"]["ben"]["penalty"] == 18


def test_a_game_is_over_once_closed_and_a_last_laydown_scored_again_is_asked_about(monkeypatch):
    """With every round scored and its challenges open, score said the game 'is over' and
    refused, and games listed it 'over': over is said once the scorekeeper closes it."""
    ok("new", "ann", "ben", "cy", "--bonus", "most", "--rounds", "3,3", "--game", "fri")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "E")
    ok("score", "cy", "ox", "--unused", "E")
    ok("leave", "cy")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "E")
    r = run("score", "ann", "at", "--unused", "Z")
    assert r.stderr == (
        "qscore: error: ann already laid cat (went out) in round 2. Replace it with at (unused Z)? "
        "add --replace to change it\n"
    )
    r = run("score", "cy", "to", "--unused", "E")
    assert r.stderr == "qscore: error: every round of game 'fri' is scored (use --round N to correct one)\n"
    assert "fri     ann, ben, cy  2 of 2, every round scored" in ok("games")
    monkeypatch.setattr("qscore.cli.asking.on_terminal", lambda: True)
    out = ok("score", "ann", "at", "-u", "Z", input="y\n")
    assert out.startswith("ann already laid cat (went out) in round 2. Replace it with at (unused Z)? [y/N]: y\n")
    assert "Recorded ann's laydown in round 2: at (unused Z), replacing cat (went out)" in out
    ok("close")
    assert "2 of 2, over" in ok("games")
    games = json.loads(ok("games", "--json"))
    assert (games[0]["over"], games[0]["closed"]) == (True, True)
    r = run("score", "cy", "to", "--unused", "E")
    assert r.stderr == "qscore: error: game 'fri' is over: all 2 rounds are scored (use --round N to correct one)\n"


def test_score_takes_a_dash_alone_as_no_words_as_play_and_the_pages_do():
    ok("new", "ann", "ben", "cat", "--rounds", "3", "--game", "dash")
    out = ok("score", "ann", "-", "--unused", "Q X Z")
    assert out.splitlines()[0] == "Recorded ann's laydown in round 1: no words (unused Q X Z)."
