"""Who may change what through `qscore serve`, and each form taken once, in process through
starlette's test client: the table's code lays down in the round being played and nothing
else; whether a form was taken is read from the log, whatever process or restart sends it
again; a game is served by its identity, never by a name another game took since; a form
is out of date only when an entry since changes what it would record."""

import json

import pytest
from starlette.testclient import TestClient

from qscore import scorekeeper
from qscore.web.pages import make_app
from tests.conftest import ok
from tests.test_keeper import KBASE, KEEPER, do, outcome
from tests.test_serve import BASE, CODE, as_player, lay, token
from tests.test_serve import outcome as said

KEY = bytes(range(16))  # serve's forms' key, kept across restarts (qscore.web.codes)


def laydowns(game: str = "fri") -> dict[str, dict[str, object] | None]:
    return json.loads(ok("sheet", "--json", "-g", game))["rounds"]


def round_one_closed() -> None:
    for laid in (["ann", "cat", "--out"], ["ben", "it", "-u", "Q"], ["cat", "ox", "-u", "E"]):
        ok("score", *laid)


@pytest.fixture
def page() -> TestClient:
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "-g", "fri")
    return TestClient(make_app("fri", CODE, KEEPER, key=KEY))


def restarted(page: TestClient) -> TestClient:
    """The same serve started again: a new app, the same codes and forms' key."""
    return TestClient(make_app("fri", CODE, KEEPER, key=KEY))


# --- who may change what ---------------------------------------------------------


def test_the_tables_code_cannot_replace_a_laydown_of_a_closed_round(page):
    """From ann's phone, ben's laydown of round 1 was replaced after the round had closed."""
    round_one_closed()
    before = laydowns()
    r = lay(page, player="ben", round="1", replace="yes", words="(qu)it")
    assert r.status_code == 422
    assert said(r.text).split() == "round 1 is closed: the scorekeeper can replace the laydown of round 1".split()
    assert laydowns() == before
    # the scorekeeper's page may: a closed round is theirs
    assert outcome(do(page, "laydown", player="ben", round="1", replace="yes", words="(qu)it"))[0].startswith(
        "Recorded ben's laydown in round 1: (qu)it, replacing it (unused Q)."
    )


def test_a_form_kept_from_before_the_game_was_closed_changes_nothing(page):
    round_one_closed()
    for laid in (["ann", "quit", "--out"], ["ben", "at", "-u", "Z X"]):
        ok("score", *laid)
    kept = token(as_player(page, "ann"))  # kept open on ann's phone while the last round is played
    ok("score", "cat", "ox", "-u", "E M")
    ok("close")
    final = json.loads(ok("sheet", "--json"))
    r = lay(page, player="ben", round="1", replace="yes", words="(qu)it", token=kept)
    assert r.status_code == 422
    assert said(r.text).split() == "game 'fri' is closed: the scorekeeper can replace the laydown of round 1".split()
    assert json.loads(ok("sheet", "--json")) == final


def test_a_phone_lays_for_another_player_in_the_open_round_and_is_told_for_whom(page):
    """A family enters grandma's hand from one phone."""
    r = lay(page, player="cat", words="ox", unused="E", token=token(as_player(page, "ann")))
    assert r.status_code == 200 and said(r.text).split()[:7] == "Recorded cat's laydown in round 1: ox".split()
    assert laydowns()[0]["players"]["cat"]["words"] == ["ox"]


# --- once, across restarts ---------------------------------------------------------


def test_a_fixs_form_sent_again_after_a_restart_puts_no_older_fix_back(page):
    do(page, "laydown", player="ann", words="cat", out="yes")
    first_fix = scorekeeper_token(page)
    do(page, "laydown", token=first_fix, player="ann", round="1", replace="yes", words="at", unused="C")
    do(page, "laydown", player="ann", round="1", replace="yes", words="act", out="yes")
    again = outcome(
        do(restarted(page), "laydown", token=first_fix, player="ann", round="1", replace="yes", words="at", unused="C")
    )
    assert again == ["This form was taken already: ann's laydown in round 1: at (unused C). Nothing more was saved."]
    assert laydowns()[0]["players"]["ann"]["words"] == ["act"]


def test_a_phones_form_sent_again_after_a_restart_is_answered_as_saved(page):
    """Re-sent after a restart, a laydown that stands was headed "✗ Not saved" in red: a
    family would lay the hand again."""
    sent = token(as_player(page, "ann"))
    lay(page, player="ann", words="cat", out="yes", token=sent)
    other = restarted(page)
    r = lay(other, player="ann", words="cat", out="yes", token=sent)
    assert r.status_code == 200 and 'class="saved"' in r.text
    assert (
        said(r.text).split()
        == "This form was taken already: ann's laydown in round 1: cat (went out). Nothing more was saved.".split()
    )
    ok("score", "ben", "it", "-u", "Q")  # the sheet moves on: the answer still says what it was
    assert "This form was taken already" in said(other.get(str(r.url)).text)


def test_an_undone_laydowns_form_sent_again_after_a_restart_does_not_bring_it_back(page):
    sent = scorekeeper_token(page)
    do(page, "laydown", token=sent, player="ann", words="cat", out="yes")
    ok("undo")
    again = outcome(do(restarted(page), "laydown", token=sent, player="ann", words="cat", out="yes"))
    assert again == [
        "This form was taken already: ann's laydown in round 1: cat (went out), taken back since. "
        "Nothing more was saved."
    ]
    assert laydowns()[0]["players"]["ann"] is None


def test_an_undos_form_sent_again_after_a_restart_takes_nothing_back(page):
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "it", "-u", "Q")
    asked = do(page, "undo")
    answer = scorekeeper_token(page)
    assert outcome(do(page, "undo", token=answer, entry="3", answer="yes"))[0].startswith("Took back ben's laydown")
    entries = len(scorekeeper.load_game("fri").entries)
    again = do(restarted(page), "undo", token=answer, entry="3", answer="yes")
    assert outcome(again) == ["This form was taken already: the taking back of entry 3. Nothing more was saved."]
    assert 'class="question"' in asked and 'class="question"' not in again  # not asked about another entry
    assert len(scorekeeper.load_game("fri").entries) == entries


def test_two_servers_on_one_games_file_take_one_next_game_form_once(page):
    round_one_closed()
    for laid in (["ann", "quit", "--out"], ["ben", "at", "-u", "Z X"], ["cat", "ox", "-u", "E M"]):
        ok("score", *laid)
    ok("close")
    other = restarted(page)  # a second serve on the same file, beside the first
    sent = scorekeeper_token(page)
    started = outcome(do(page, "next", token=sent))
    assert started[0].startswith("Game '") and started[0].endswith("started: ann, ben, cat.")
    name = json.loads(page.get(BASE + "api/sheet").text)["game"]
    assert outcome(do(other, "next", token=sent)) == [
        f"This form started game {name!r} already: no other game was started."
    ]
    assert scorekeeper.game_names() == ["fri", name]
    assert json.loads(other.get(BASE + "api/sheet").text)["game"] == name  # the second server follows it too


def scorekeeper_token(page: TestClient) -> str:
    """The token of the scorekeeper's page as loaded now: one form of it."""
    return token(page.get(KBASE).text)


# --- a game is its identity ------------------------------------------------------------


def test_a_deleted_games_address_never_serves_the_game_that_took_its_name(page):
    filled = token(as_player(page, "ann"))
    ok("games", "--delete", "fri", "--yes")
    ok("new", "dee", "eve", "-g", "fri", "--bonus", "most")
    shown = page.get(BASE).text
    assert "the game &#39;fri&#39; was deleted" in shown and "dee" not in shown
    assert "dee" not in page.get(BASE + "api/sheet").text
    r = lay(page, player="dee", words="cat", out="yes", token=filled)
    assert r.status_code == 422 and "was deleted" in said(r.text)
    assert not scorekeeper.load_game("fri").rounds[0].laydowns


# --- a form out of date only when an entry since changes what it would record --------


def test_a_form_filled_before_a_rename_is_taken_for_the_renamed_player(page):
    filled = token(as_player(page, "ben"))
    ok("rename", "ben", "benny")
    r = lay(page, player="ben", words="it", unused="Q", round="1", token=filled)
    assert r.status_code == 200 and said(r.text).split()[:7] == "Recorded benny's laydown in round 1: it".split()
    assert laydowns()[0]["players"]["benny"]["words"] == ["it"]


def test_a_fix_of_an_earlier_round_leaves_a_later_rounds_form_good(page):
    """A scorekeeper's fix of dee's round 6 made dee's round-7 form refused."""
    round_one_closed()
    filled = token(as_player(page, "ann"))  # ann's form for round 2
    ok("score", "ann", "act", "--out", "--round", "1", "--replace")  # the scorekeeper fixes round 1
    r = lay(page, player="ann", round="2", words="quit", out="yes", token=filled)
    assert r.status_code == 200 and said(r.text).split()[:7] == "Recorded ann's laydown in round 2: quit".split()
    # a fix of the round the form lays in is what makes it out of date
    ok("score", "ben", "at", "-u", "Z X", "--round", "2")
    filled = token(as_player(page, "ben"))
    ok("score", "ben", "it", "-u", "Q X", "--round", "2", "--replace")
    r = lay(page, player="ben", round="2", words="at", unused="Z X", replace="yes", token=filled)
    assert r.status_code == 422 and "was entered since this page was loaded" in said(r.text)


def test_a_double_card_hint_lays_in_its_own_round_only(isolated_home):
    """After round 1 closed, ann's answer still offered "Lay it as (qu)it" with no round in
    its form: pressed in round 2 it saved (qu)it as her round-2 laydown."""
    import re

    ok("new", "ann", "ben", "cat", "--rounds", "4,5", "-g", "fri")
    page = TestClient(make_app("fri", CODE, KEEPER, key=KEY))
    r = lay(page, player="ann", words="quit", round="1")
    address = str(r.url)
    hint = re.search(r'<form method="post" action="[^"]*laydown" class="choice">(.*?)</form>', r.text, re.S)
    assert hint and 'name="round" value="1"' in hint.group(1)
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', hint.group(1)))
    ok("score", "ben", "oxen", "--out")
    ok("score", "cat", "it", "-u", "E S")
    assert 'class="choice"' not in page.get(address).text  # its round closed: no control lays there
    before = laydowns()
    r = page.post(BASE + "laydown", data=fields, headers={"Origin": "http://testserver"})  # a page kept open
    assert r.status_code == 422 and "round 1 is closed" in said(r.text)
    assert laydowns() == before and before[1]["players"]["ann"] is None
