"""The scorekeeper's page after a family's evening on it: the same questions and outcomes
as play and the one-shot commands, and every form kept as typed until it is done."""

import re

from qscore import scorekeeper
from tests.conftest import ok
from tests.test_keeper import KBASE, do, form_of, keeper, outcome

__all__ = ["keeper"]  # the fixture, shared with tests/test_keeper.py


def choices(shown: str, name: str) -> list[str]:
    """The options of a select, in order (the blank one left out)."""
    found = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', shown, re.S)
    assert found, shown
    return [v for v in re.findall(r'<option value="([^"]*)"', found.group(1)) if v]


def first_round() -> None:
    for step in (("ann", "cat", "--out"), ("ben", "at", "-u", "Z"), ("cat", "ox", "-u", "E")):
        ok("score", *step)


def test_a_word_of_a_player_who_left_can_still_be_challenged(keeper):
    """After cat left, "Whose word" offered only those still in: cat's ox could no longer
    be challenged on the page, as `qscore challenge cat ox --by ann --round 1` can."""
    first_round()
    ok("leave", "cat", "--bonus", "most")
    page = keeper.get(KBASE).text
    challenge = re.search(r'<section id="challenge">(.*?)</section>', page, re.S)
    assert challenge and choices(challenge.group(1), "player") == ["ann", "ben", "cat"]
    said = outcome(do(keeper, "challenge", player="cat", word="ox", by="ann", ruling="invalid", round="1"))
    assert said[0].startswith("Challenge by ann: ox is not allowed by the table's ruling")
    assert scorekeeper.load_game("fri").rounds[0].challenges[0].player == "cat"


def test_a_challenge_that_stands_says_what_the_word_means(keeper):
    """`qscore challenge` and play end a word that stands with its meaning; the page said
    only the verdict."""
    ok("score", "ann", "cat", "--out")
    said = outcome(do(keeper, "challenge", player="ann", word="cat", by="ben", ruling="valid"))
    assert said[0].startswith("Challenge by ben: cat is allowed by the table's ruling: ben loses")
    assert said[1].startswith("cat (noun): feline mammal")
    assert said[2] == "Round 1 waits for ben, cat."
    ok("score", "ben", "at", "-u", "Z")
    said = outcome(do(keeper, "challenge", player="ben", word="at", by="ann", ruling="invalid"))
    assert len(said) == 2 and "(noun)" not in " ".join(said)  # a word that falls: nothing more


def test_a_round_closed_with_nobody_out_is_noted_with_the_pages_remedy(keeper):
    """`qscore score` notes a round closed with nobody out; the page said nothing."""
    ok("score", "ann", "at", "-u", "Q")
    ok("score", "ben", "at", "-u", "Z")
    said = outcome(do(keeper, "laydown", player="cat", words="ox", unused="E"))
    assert said[-2:] == [
        "Round 1 closed.",
        "Note: nobody went out in round 1; if someone did, lay their hand again with 1 in Round, "
        "Went out and Replace ticked.",
    ]
    said = outcome(do(keeper, "laydown", player="ann", words="cat", out="yes", round="1", replace="yes", answer="yes"))
    assert not any(line.startswith("Note: nobody went out") for line in said)


def test_an_answer_of_no_keeps_the_form_as_typed(keeper):
    """After no to the replace question the page said "Kept ann's cat (went out)." above an
    empty laydown form: the hand was typed again, as after no to a finished game's challenge."""
    ok("score", "ann", "cat", "--out")
    typed = {"player": "ann", "words": "(qu)a", "unused": "Z", "round": "1"}
    asked = do(keeper, "laydown", **typed)
    assert "Replace it with (qu)a (unused Z)?" in asked and form_of(asked, "keeper-laydown") == typed
    kept = do(keeper, "laydown", **typed, answer="no")
    assert outcome(kept) == ["Kept ann's cat (went out)."] and 'class="done"' in kept
    assert form_of(kept, "keeper-laydown") == typed
    for step in (("ben", "at", "-u", "Z"), ("cat", "ox", "-u", "E")):
        ok("score", *step)
    for step in (("ann", "quit", "--out"), ("ben", "at", "-u", "Z X"), ("cat", "ox", "-u", "E M")):
        ok("score", *step)
    do(keeper, "close")
    typed = {"player": "ben", "word": "at", "by": "ann", "ruling": "invalid", "round": "2"}
    kept = do(keeper, "challenge", **typed, answer="no")
    assert outcome(kept) == ["Nothing changed."] and form_of(kept, "challenge") == typed


def test_leaving_takes_a_player_chosen_and_every_question_has_a_way_to_do_nothing(keeper):
    """ "Leave the game" started on the first player (one tap sent ann home), and the bonus
    question after a leave had no way back but its three bonuses."""
    page = keeper.get(KBASE).text
    assert re.search(
        r'<select name="player" required><option value="" selected>—</option>', page.split('id="players"')[1]
    )
    assert form_of(page, "players")["player"] == ""
    shown = do(keeper, "leave", player="")
    assert "Not saved" in shown and scorekeeper.load_game("fri").still_in == ("ann", "ben", "cat")
    asked = do(keeper, "leave", player="cat")
    assert "ann and ben play on with one bonus: longest, most or none?" in asked
    assert f'<a class="leave-it" href="{KBASE}?unchanged=yes#outcome">Do nothing: no one leaves</a>' in asked
    assert outcome(keeper.get(KBASE + "?unchanged=yes").text) == ["Nothing changed."]
    assert keeper.get(KBASE).status_code == 200 and scorekeeper.load_game("fri").still_in == ("ann", "ben", "cat")
    ok("score", "ann", "cat", "--out")
    asked = do(keeper, "undo")  # a yes-or-no question: its no does nothing, no link besides
    assert 'value="no">no</button>' in asked and "leave-it" not in asked


def test_an_undo_asked_again_says_another_entry_came_in(keeper):
    """Yes to "Take back ann's laydown?" after ben laid from a phone asked "Take back ben's
    laydown?" in its place, saying nothing of why: a quick second tap undid ben's."""
    ok("score", "ann", "cat", "--out")
    asked = do(keeper, "undo")
    meant = re.search(r'name="entry" value="(\d+)"', asked)
    assert meant and outcome(asked) == ["Take back ann's laydown in round 1: cat (went out)?"]
    ok("score", "ben", "at", "--unused", "Z")
    again = outcome(do(keeper, "undo", entry=meant.group(1), answer="yes"))
    assert again == [
        "Another entry came in since you were asked: ben's laydown in round 1: at (unused Z).",
        "Take back ben's laydown in round 1: at (unused Z)?",
    ]
    assert len(scorekeeper.load_game("fri").rounds[0].laydowns) == 2


def test_the_laydown_form_says_how_a_double_card_is_typed_as_the_phones_does(keeper):
    page = keeper.get(KBASE).text
    laydown = re.search(r'<section id="keeper-laydown">(.*?)</section>', page, re.S)
    assert laydown, page
    assert "Type a double card in brackets: (qu)iz, (th)in." in laydown.group(1)
    assert 'name="words"' in laydown.group(1) and 'placeholder="(qu)iz cat"' in laydown.group(1)
    assert 'placeholder="M X"' in laydown.group(1)


def test_the_review_starts_on_the_last_closed_round(keeper):
    """After the last round, "Review a round" started on round 1."""
    first_round()
    for step in (("ann", "quit", "--out"), ("ben", "at", "-u", "Z X"), ("cat", "ox", "-u", "E M")):
        ok("score", *step)
    assert form_of(keeper.get(KBASE).text, "review") == {"review": "2"}
    assert form_of(keeper.get(KBASE + "?review=1").text, "review") == {"review": "1"}


def test_a_refusal_names_the_scorekeepers_own_controls(keeper):
    """The page said "the scorekeeper can enter it for round 1", to the scorekeeper."""
    first_round()
    ok("score", "ann", "quit", "--out")
    said = outcome(do(keeper, "challenge", player="ann", word="cat", by="ben"))
    assert said == ["ann laid no word 'cat' in round 2: ann laid it in round 1, put 1 in Round"]
    assert "the scorekeeper" not in " ".join(said)
