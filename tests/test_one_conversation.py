"""One scripted evening through `qscore play` and through the scorekeeper's page: the
table meets the same questions, in the same words, and hears the same outcomes; the
one-shot commands off a terminal say the same question, with the option that answers it.

The evening: a short game of three; round 1 laid; cat goes home and the two left are
asked their bonus; round 2 laid; the game closed; a late challenge answered no, then
yes; and the challenge taken back (a finished game's undo, asked first)."""

import re

from starlette.testclient import TestClient

from qscore.web.pages import make_app
from tests.conftest import ok, run
from tests.test_keeper import CODE, KEEPER, do, outcome
from tests.test_play import in_order, lines

ROUND_1 = (("ann", "cat", "--out"), ("ben", "at", "-u", "Z"), ("cat", "ox", "-u", "E"))
ROUND_2 = (("ben", "quiz", "--out"), ("ann", "ax", "-u", "E S"))
CHALLENGE = {"player": "ann", "word": "ax", "by": "ben", "ruling": "invalid", "round": "2"}
CHALLENGE_LINE = "ann ax by ben invalid --round 2"


def start() -> None:
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "-g", "u")
    for laid in ROUND_1:
        ok("score", *laid)


def asked(shown: str) -> str:
    """The question the page asks, and its answers' buttons."""
    found = re.search(r'<p class="question">(.*?)</p>', shown, re.S)
    assert found, shown
    return found.group(1)


def field(shown: str, name: str) -> dict[str, str]:
    found = re.search(rf'name="{name}" value="([^"]*)"', shown)
    assert found, shown
    return {name: found.group(1)}


def by_play() -> tuple[list[str], str]:
    """The evening through play, a session for each part; what the table saw."""
    start()
    seen = [ok("play", "--game", "u", input=lines("leave cat", "most", "quit"))]
    for laid in ROUND_2:
        ok("score", *laid)
    seen.append(ok("play", "--game", "u", input=lines("")))  # no challenge in the last round: it closes
    late = lines(CHALLENGE_LINE, "n", CHALLENGE_LINE, "y", "undo", "y", "quit")
    seen.append(ok("play", "--game", "u", input=late))
    return seen, ok("export", "--format", "json")


def by_page() -> tuple[list[str], list[list[str]], str]:
    """The same evening on the scorekeeper's page: its questions and its outcomes."""
    start()
    page = TestClient(make_app("u", CODE, KEEPER))
    questions, outcomes = [], []
    shown = do(page, "leave", player="cat")
    questions.append(asked(shown))
    outcomes.append(outcome(do(page, "leave", player="cat", answer="most")))
    for laid in ROUND_2:
        ok("score", *laid)
    outcomes.append(outcome(do(page, "close")))
    for answer in ("no", "yes"):
        questions.append(asked(do(page, "challenge", **CHALLENGE)))
        outcomes.append(outcome(do(page, "challenge", **CHALLENGE, answer=answer)))
    shown = do(page, "undo")
    questions.append(asked(shown))
    outcomes.append(outcome(do(page, "undo", **field(shown, "entry"), answer="yes")))
    return questions, outcomes, ok("export", "--format", "json")


def test_play_and_the_page_ask_the_same_questions_and_say_the_same_outcomes():
    played, play_sheet = by_play()
    ok("games", "--delete", "u", "--yes")
    questions, outcomes, page_sheet = by_page()
    assert page_sheet == play_sheet  # the same evening saved
    leave, late, late_again, undo = questions
    assert leave == "With cat gone, ann and ben play on with one bonus: longest, most or none?"
    assert (
        late
        == late_again
        == ("Game 'u' is over: settle ben's challenge of ann's ax in round 2, changing its final sheet?")
    )
    assert undo == "Game 'u' is over: take back ben's challenge of ann's ax in round 2 (not allowed)?"
    left, closed, kept, challenged, undone = outcomes
    assert kept == ["Nothing changed."]
    # each question as play asks it, then each outcome as the page said it
    in_order(played[0], f"{leave} most\n", *left)
    in_order(played[1], *closed)
    in_order(played[2], f"{late} [y/N]: n\n", *kept, f"{late} [y/N]: y\n", challenged[0], f"{undo} [y/N]: y\n", *undone)


def test_the_one_shot_commands_off_a_terminal_say_the_same_question_and_its_option():
    """Without a terminal to answer, a command's refusal is the question and the option
    that answers it."""
    start()
    left = run("leave", "cat")
    assert left.stderr == (
        "qscore: error: with cat gone, ann and ben play on with one bonus: longest, most or none? "
        "choose --bonus longest, --bonus most or --bonus none\n"
    )
    ok("leave", "cat", "--bonus", "most")
    for laid in ROUND_2:
        ok("score", *laid)
    ok("close")
    late = run("challenge", "ann", "ax", "--by", "ben", "--ruling", "invalid", "--round", "2")
    assert late.stderr == (
        "qscore: error: game 'u' is over: settle ben's challenge of ann's ax in round 2, "
        "changing its final sheet? add --yes to settle it\n"
    )
    ok("challenge", "ann", "ax", "--by", "ben", "--ruling", "invalid", "--round", "2", "--yes")
    undo = run("undo")
    assert undo.stderr == (
        "qscore: error: game 'u' is over: take back ben's challenge of ann's ax in round 2 (not allowed)? "
        "add --yes to take it back\n"
    )


def test_a_replacing_laydown_is_asked_about_in_the_same_words_naming_both(monkeypatch):
    """score on a terminal and the page ask "Replace it?" naming the laydown that would
    replace the one that stands, and score off a terminal says it with its option; play's
    fix, asked for, is the answer (as --replace is): it asks nothing more, and Enter at no
    question throws the laydown typed away."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,4", "-g", "u")
    ok("score", "ann", "cat", "--out")
    question = "ann already laid cat (went out) in round 1. Replace it with act (went out)?"
    played = ok("play", "--game", "u", input=lines("fix ann", "act", "quit"))
    in_order(played, "ann's words: act\n", "Recorded ann's laydown in round 1: act (went out), replacing cat")
    assert "Replace it" not in played
    ok("undo")
    piped = run("score", "ann", "act", "--out")
    assert piped.stderr == f"qscore: error: {question} add --replace to change it\n"
    page = TestClient(make_app("u", CODE, KEEPER))
    assert asked(do(page, "laydown", player="ann", words="act", out="yes")) == question
    monkeypatch.setattr("qscore.cli.asking.on_terminal", lambda: True)
    assert ok("score", "ann", "act", "--out", input="n\n") == f"{question} [y/N]: n\nKept ann's cat (went out).\n"


def test_a_laydown_of_a_closed_game_is_replaced_only_once_the_table_says_so(monkeypatch):
    """score --replace changed a closed game's final sheet (and its winner's total) without
    the question a challenge or an undo of it asks: it asks now, in one question, the same
    on a terminal, off one (with --yes) and on the scorekeeper's page."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3", "-g", "u")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "ox", "-u", "E")
    ok("close")
    question = (
        "Game 'u' is over: replace ann's cat (went out) in round 1 with act (went out), changing its final sheet?"
    )
    before = ok("sheet")
    for replace in ([], ["--replace"]):
        piped = run("score", "ann", "act", "--out", *replace)
        assert piped.exit_code == 2 and piped.stderr == f"qscore: error: g{question[1:]} add --yes to replace it\n"
    assert ok("sheet") == before
    page = TestClient(make_app("u", CODE, KEEPER))
    shown = do(page, "laydown", player="ann", words="act", out="yes", replace="yes", round="1")
    assert asked(shown) == question
    monkeypatch.setattr("qscore.cli.asking.on_terminal", lambda: True)
    said = ok("score", "ann", "act", "--out", "--replace", input="n\n")
    assert said == f"{question} [y/N]: n\nKept ann's cat (went out).\n" and ok("sheet") == before
    said = ok("score", "ann", "act", "--out", input="y\n")
    assert said.startswith(f"{question} [y/N]: y\nRecorded ann's laydown in round 1: act (went out), replacing cat")
    ok("undo", "--yes")
    assert ok("score", "ann", "act", "--out", "--yes").startswith("Recorded ann's laydown in round 1: act (went out)")
    ok("undo", "--yes")
    played = ok("play", "--game", "u", input=lines("fix ann", "act", "", "fix ann", "act", "y", "quit"))
    in_order(
        played,
        f"{question} [y/N]: ",
        "Kept ann's cat (went out).",
        f"{question} [y/N]: y",
        "Recorded ann's laydown in round 1: act (went out), replacing cat",
    )
