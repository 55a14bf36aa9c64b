import json

import pytest

from tests.conftest import run


def best_json(*args):
    r = run("best", "--json", *args)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_quiz_single_cards_goes_out_discarding_m():
    got = best_json("Q U I Z M")
    assert (got["score"], got["goes_out"], got["discard"], got["unused"]) == (35, True, "M", [])
    assert got["words"] == [{"word": "quiz", "cards": ["Q", "U", "I", "Z"], "points": 35}]


def test_quiz_with_qu_card_goes_out():
    got = best_json("QU", "I", "Z", "M")
    assert (got["score"], got["goes_out"], got["discard"]) == (25, True, "M")
    assert got["words"] == [{"word": "quiz", "cards": ["QU", "I", "Z"], "points": 25}]


def test_no_discard_scores_the_cards_as_they_are():
    got = best_json("--no-discard", "Q U I Z M")
    # No word takes all five; QUIZ (35) with M unused (-5) = 30 beats QI + MU with
    # Z unused (17 + 9 - 14 = 12).
    assert (got["score"], got["goes_out"], got["discard"], got["unused"]) == (30, False, None, ["M"])


def test_hand_without_a_word_exits_0_with_negative_score():
    got = best_json("--no-discard", "X Z")
    assert (got["score"], got["goes_out"], got["words"], got["unused"]) == (-26, False, [], ["X", "Z"])


def test_text_shows_bonus_plays_when_they_differ():
    r = run("best", "a cl g in th m p o u y n")
    assert r.exit_code == 0
    assert r.stdout.startswith("Best play: 58 points, goes out")
    assert "Most words (for the most-words bonus): 50 points" in r.stdout
    assert "Longest word (for the longest-word bonus): 56 points" in r.stdout
    assert "UNCLOTHING (U·N·CL·O·TH·IN·G, 43)" in r.stdout


def test_top_lists_distinct_plays_in_order():
    got = best_json("--top", "4", "a cl g in th m p o u y n")
    scores = [p["score"] for p in got["top"]]
    assert len(scores) == 4 and scores == sorted(scores, reverse=True) and scores[0] == got["score"]
    assert len({json.dumps(p, sort_keys=True) for p in got["top"]}) == 4


def test_top_lists_the_best_play_once_and_anagrams_once():
    """--top 3 showed the best play again as #1, and AT and TA (the same two cards) as two plays."""
    r = run("best", "a t", "--no-discard", "--top", "3")
    assert r.exit_code == 0 and r.stdout.startswith("Best play: 5 points, goes out\n  AT (A·T, 5)\n")
    assert "#1" not in r.stdout and "TA (" not in r.stdout
    assert "\n#2: 0 points on the sheet (-5 as laid: a hand stops at 0), does not go out\n  no word\n" in r.stdout
    assert "#3" not in r.stdout
    got = best_json("--no-discard", "--top", "3", "a t")
    assert [[w["word"] for w in p["words"]] for p in got["top"]] == [["at"], []]


def test_house_rules_apply_to_the_solver(tmp_path):
    deny = tmp_path / "deny.txt"
    deny.write_text("quiz\n", "utf-8")
    got = best_json("--deny", str(deny), "Q U I Z M")
    assert "quiz" not in [w["word"] for w in got["words"]]


def test_faceup_advice():
    r = run("best", "Q U I", "--faceup", "Z", "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    assert got["recommend"] in ("faceup", "draw")
    assert got["faceup"]["card"] == "Z"
    outcomes = got["draw"]["outcomes"]
    assert sum(o["copies"] for o in outcomes) == 118 - 4
    text = run("best", "Q U I", "--faceup", "Z").stdout
    assert "a blind draw" in text


def test_solitaire_suggests_the_best_word():
    r = run("solitaire", "q u i z a t e s")
    assert r.exit_code == 0
    assert r.stdout.startswith("Take QUIZ (Q·U·I·Z, 35)")
    got = json.loads(run("solitaire", "--json", "q u i z a t e s").stdout)
    assert got["best"]["word"] == "quiz"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["best", "Q U 7"], "unknown card '7'"),
        (["best", "Z Z Z"], "too many Z cards in the hand: 3"),
        (["best", ""], "empty hand"),
        (["best", "Z"], "a hand needs at least 2 cards, got 1"),
        (["best", "Q U I", "--faceup", "Z Z"], "--faceup takes one card, got 2"),
        (["best", "Q U I", "--seen", "Z"], "--seen goes with --faceup"),
        (["best", "Z", "--faceup", "Z", "--seen", "Z"], "too many Z cards among the hand, face-up and seen cards: 3"),
        (["solitaire", "a b c d e f g h i"], "solitaire has 8 stacks, got 9 face-up cards"),
        (["best", "Q U I Z", "--faceup", "M", "--top", "2"], "--top lists the plays of a hand, --faceup compares"),
        (["best", "(q) u i z"], "unknown card '(q)': brackets hold a double card"),
        (
            ["best", "(qu)iz"],
            "unknown card '(qu)iz': brackets hold a double card, QU, IN, ER, CL, TH (cards go apart: QU I Z)",
        ),
        (
            ["best", "(qu)(qu)(qu)"],
            "unknown card '(qu)(qu)(qu)': brackets hold a double card, QU, IN, ER, CL, TH (cards go apart: QU QU QU)",
        ),
        (["solitaire", "a"], "solitaire needs at least 2 face-up cards, got 1"),
    ],
)
def test_bad_input_one_line_exit_2(args, message):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert r.stderr == f"qscore: error: {message}\n" or (
        r.stderr.startswith(f"qscore: error: {message}") and r.stderr.count("\n") == 1
    )
    assert "Traceback" not in r.output


def test_an_exact_tie_with_the_blind_draw_says_so():
    """QUIZ goes out for 35 whatever is drawn: taking the M is no better than drawing."""
    text = run("best", "Q U I Z", "--faceup", "M").stdout
    assert text.startswith("A tie, take the face-up M or draw blind: face-up M scores 35, a blind draw 35.0")
    assert run("best", "Q U I", "--faceup", "Z").stdout.startswith("Draw blind: face-up Z scores 13")  # no tie


def test_a_bracketed_double_card_is_a_hand_card():
    assert best_json("(qu) i z m")["words"][0]["cards"] == ["QU", "I", "Z"]


@pytest.mark.parametrize(
    ("command", "metavar"), [("check", "WORDS..."), ("best", "CARDS..."), ("solitaire", "CARDS...")]
)
def test_usage_names_the_arguments_plainly(command, metavar):
    usage = run(command, "--help").stdout.splitlines()[0]
    assert usage.startswith("Usage: ") and usage.endswith(f" {command} [OPTIONS] {metavar}")


def test_of_the_plays_worth_the_most_the_best_shown_is_not_beaten_on_a_bonus():
    """SLEAZIER LINT and INSTILLER AZO are both 46 with two words: the one with the longer word leads."""
    got = best_json("I Z T A IN S E ER L O L")
    assert (got["score"], got["word_count"], got["longest"]) == (46, 2, 9)


def test_a_play_worth_less_than_nothing_says_what_the_sheet_gives_it():
    """best "qu i z" said "Best play: -11 points", where the sheet gives a hand 0 at the least."""
    r = run("best", "qu i z")
    assert r.exit_code == 0
    assert r.stdout.startswith("Best play: 0 points on the sheet (-11 as laid: a hand stops at 0), does not go out\n")
    assert best_json("qu i z")["score"] == -11  # the JSON's score is the solver's (docs/json.md)


def test_a_hand_of_more_cards_than_any_game_deals_is_solved_and_questioned():
    """One card too many is most likely typed twice: the play is still found (house games
    deal more), and standard error says the hand is more than a game deals."""
    eleven = "a b c d e f g h i j k"
    r = run("best", eleven)
    assert r.exit_code == 0 and r.stderr == ""
    r = run("best", eleven + " l")
    assert r.exit_code == 0 and r.stdout.startswith("Best play: ")
    assert r.stderr == (
        "qscore: warning: 12 cards is more than any game deals (10, 11 with the draw): "
        "check the hand; it is solved as given\n"
    )
    assert "more than any game deals" in run("best", "--no-discard", eleven).stderr
    assert "more than any game deals" in run("best", "--faceup", "z", eleven).stderr
    assert run("best", "--faceup", "z", "a b c d e f g h i j").stderr == ""
