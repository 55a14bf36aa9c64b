"""The scorekeeper's page (qscore/web/keeper.py), in process through starlette's test client:
everything `qscore play` does, each action posted and answered by a redirect to its outcome,
each sentence the terminal's, and none of it on the table's page."""

import html
import json
import re

import pytest
from starlette.testclient import TestClient

from qscore import scorekeeper
from qscore.web import codes
from qscore.web.pages import make_app
from tests import test_serve as serve_page
from tests.conftest import ok

CODE, KEEPER = "K7Q3M9", "M9T4HC"
BASE, KBASE = f"/t/{CODE}/", f"/k/{KEEPER}/"
ORIGIN = {"Origin": "http://testserver"}


@pytest.fixture
def keeper() -> TestClient:
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "-g", "fri")
    return TestClient(make_app("fri", CODE, KEEPER))


def token(shown: str) -> str:
    found = re.search(r'name="token" value="([^"]+)"', shown)
    assert found, shown
    return found.group(1)


def outcome(shown: str) -> list[str]:
    found = re.search(r'<section id="outcome"[^>]*>(.*?)</section>', shown, re.S)
    assert found, shown
    return [html.unescape(re.sub(r"<[^>]+>", "", p)) for p in re.findall(r"<p[^>]*>(.*?)</p>", found.group(1), re.S)]


def do(page: TestClient, action: str, **fields: str) -> str:
    """An action sent as the page's form sends it, and the redirect followed."""
    sent = {"token": fields.pop("token")} if "token" in fields else {"token": token(page.get(KBASE).text)}
    r = page.post(KBASE + "do/" + action, data=sent | fields, headers=ORIGIN, follow_redirects=False)
    assert r.status_code == 303, r.text
    assert r.headers["location"].startswith(KBASE + "?said=") and r.headers["location"].endswith("#outcome")
    return html.unescape(page.get(r.headers["location"]).text)


def test_every_action_is_answered_by_a_redirect_to_its_outcome_in_the_terminals_words(keeper):
    shown = do(keeper, "laydown", player="ann", words="cat", out="yes")
    said = outcome(shown)
    assert said[0] == "Recorded ann's laydown in round 1: cat (went out)."
    # headed as the phone heads it (a family's trial found the phone's "✓ Saved" missing here)
    assert '<span class="sign" aria-hidden="true">✓</span> Saved</h2>' in shown
    do(keeper, "laydown", player="ben", words="at", unused="Z")
    do(keeper, "laydown", player="cat", words="ox", unused="E")
    said = outcome(do(keeper, "challenge", player="ben", word="at", by="cat", ruling="invalid", round="1"))
    assert said[0].startswith("Challenge by cat: at is not allowed by the table's ruling")
    before = json.loads(ok("sheet", "--json"))
    assert before["rounds"][0]["challenges"][0]["valid"] is False
    shown = outcome(do(keeper, "rename", old="cat", new="Cat"))
    assert shown == ["cat is now Cat on the whole sheet of game 'fri'."]
    review = keeper.get(KBASE + "?review=1").text
    assert "Round 1 (3 cards)" in review
    assert "Leader:" in keeper.get(KBASE).text


def test_an_undo_is_asked_first_and_takes_back_only_the_entry_shown(keeper):
    ok("score", "ann", "cat", "--out")
    asked = do(keeper, "undo")
    assert "Take back ann's laydown in round 1: cat (went out)?" in asked
    assert len(scorekeeper.load_game("fri").rounds[0].laydowns) == 1  # nothing taken back yet
    meant = re.search(r'name="entry" value="(\d+)"', asked)
    assert meant
    ok("score", "ben", "at", "--unused", "Z")  # meanwhile, from a terminal: this undo is asked again
    again = do(keeper, "undo", entry=meant.group(1), answer="yes")
    assert "Take back ben's laydown in round 1: at (unused Z)?" in again
    assert len(scorekeeper.load_game("fri").rounds[0].laydowns) == 2
    meant = re.search(r'name="entry" value="(\d+)"', again)
    assert meant
    said = outcome(do(keeper, "undo", entry=meant.group(1), answer="yes"))
    assert said == ["Took back ben's laydown in round 1: at (unused Z); ben has no laydown in round 1 now."]


def test_a_question_answered_no_leaves_everything_as_it_was(keeper):
    """The undo question had only a yes: the way back was to leave the page."""
    ok("score", "ann", "cat", "--out")
    before = ok("export", "--format", "json")
    asked = do(keeper, "undo")
    assert re.findall(r'<button type="submit" name="answer" value="(\w+)">(\w+)</button>', asked) == [
        ("yes", "yes"),
        ("no", "no"),
    ]
    meant = re.search(r'name="entry" value="(\d+)"', asked)
    assert meant
    kept = do(keeper, "undo", entry=meant.group(1), answer="no")
    assert outcome(kept) == ["Nothing taken back."] and 'class="done"' in kept and "Take back ann" not in kept
    assert ok("export", "--format", "json") == before
    for step in (("ben", "at", "-u", "Z"), ("cat", "ox", "-u", "E")):
        ok("score", *step)
    for step in (("ann", "quit", "--out"), ("ben", "at", "-u", "Z X"), ("cat", "ox", "-u", "E M")):
        ok("score", *step)
    do(keeper, "close")
    before = ok("export", "--format", "json")
    asked = do(keeper, "challenge", player="ben", word="at", by="ann", ruling="invalid")
    assert "settle ann's challenge of ben's at" in asked and 'name="answer" value="no">no</button>' in asked
    said = outcome(do(keeper, "challenge", player="ben", word="at", by="ann", ruling="invalid", answer="no"))
    assert said == ["Nothing changed."] and ok("export", "--format", "json") == before


def test_the_game_closes_then_a_challenge_asks_first_then_the_next_game_starts(keeper):
    left_open = serve_page.token(serve_page.as_player(keeper, "ann"))  # a phone's form, left open all game
    for step in (("ann", "cat", "--out"), ("ben", "at", "-u", "Z"), ("cat", "ox", "-u", "E")):
        ok("score", *step)
    for step in (("ann", "quit", "--out"), ("ben", "at", "-u", "Z X"), ("cat", "ox", "-u", "E M")):
        ok("score", *step)
    page = html.unescape(keeper.get(KBASE).text)
    assert "Game over" not in page and "Round 2 is scored: its challenges" in page and 'id="close"' in page
    assert outcome(do(keeper, "close")) == ["Game 'fri' is closed: round 2's challenges are settled."]
    assert "Game over. ann wins with" in html.unescape(keeper.get(BASE).text)  # the table's page follows
    asked = do(keeper, "challenge", player="ben", word="at", by="ann", ruling="invalid")
    assert "Game 'fri' is over: settle ann's challenge of ben's at in round 2, changing its final sheet?" in asked
    assert not scorekeeper.load_game("fri").rounds[1].challenges
    said = outcome(do(keeper, "challenge", player="ben", word="at", by="ann", ruling="invalid", answer="yes"))
    assert said[0].startswith("Challenge by ann: at is not allowed by the table's ruling")
    served_with = codes.kept_codes("fri")  # as serve made them for the game
    started = outcome(do(keeper, "next"))
    assert started[0].startswith("Game '") and started[0].endswith("started: ann, ben, cat.")
    name = json.loads(keeper.get(BASE + "api/sheet").text)["game"]
    assert name != "fri" and scorekeeper.load_game(name).config.rounds == (3, 4)  # the table's page follows too
    # and serve, started again, serves the next game at the evening's address
    # the form left open from the game before is no form of this one: nothing is laid with it
    r = serve_page.lay(keeper, player="ann", words="cat", out="yes", token=left_open)
    assert r.status_code == 409 and not scorekeeper.load_game(name).rounds[0].laydowns
    again = codes.kept_codes(name)
    assert (again.table, again.keeper) == (served_with.table, served_with.keeper)


def test_a_phones_answer_from_the_game_before_gives_way_to_the_next_games_sheet(keeper):
    """Finn's phone still opened on "Saved ... Round 6 waits for Mum" above the next game's
    round 1, live and after a reload: the answer is old news once the next game starts."""
    ok("new", "ann", "ben", "--rounds", "3", "-g", "sat", "--bonus", "none")
    ok("score", "ann", "cat", "--out", "-g", "sat")
    served = TestClient(make_app("sat", CODE, KEEPER))
    laid = serve_page.lay(served, player="ben", words="at", unused="Z")  # the phone's laydown closes the game
    assert "Recorded ben's laydown in round 1: at (unused Z)" in html.unescape(laid.text)
    do(served, "close")
    do(served, "next")
    again = html.unescape(served.get(str(laid.url)).text)  # the phone reloaded on its answer's address
    assert "?sent=" in str(laid.url) and "Recorded ben's laydown" not in again
    name = json.loads(served.get(BASE + "api/sheet").text)["game"]
    assert name != "sat" and f"<title>{name}, round 1:" in again  # the next game's sheet


def test_a_leave_asks_the_two_left_for_their_bonus(keeper):
    asked = do(keeper, "leave", player="cat")
    assert "With cat gone, ann and ben play on with one bonus: longest, most or none?" in asked
    said = outcome(do(keeper, "leave", player="cat", answer="most"))
    assert said[0] == "cat leaves the game with 0 points, which stand."


def test_a_second_laydown_is_asked_about_keeping_what_was_typed(keeper):
    """A second laydown was refused, its words to be typed again with Replace ticked:
    it is asked about as play asks, the form's fields sent again with the answer."""
    ok("score", "ann", "cat", "--out")
    asked = do(keeper, "laydown", player="ann", words="at", unused="Z")
    assert '<p class="question">ann already laid cat (went out) in round 1. Replace it with at (unused Z)?</p>' in asked
    assert 'name="words" value="at"' in asked and 'name="unused" value="Z"' in asked
    kept = outcome(do(keeper, "laydown", player="ann", words="at", unused="Z", answer="no"))
    assert kept == ["Kept ann's cat (went out)."]
    said = outcome(do(keeper, "laydown", player="ann", words="at", unused="Z", answer="yes"))
    assert said[0] == "Recorded ann's laydown in round 1: at (unused Z), replacing cat (went out)."


def test_an_undo_answered_with_no_entry_it_can_read_is_asked_again(keeper):
    ok("score", "ann", "cat", "--out")
    for sent in ("x", "٣", "9" * 40, ""):
        asked = do(keeper, "undo", entry=sent, answer="yes")
        assert "Take back ann's laydown in round 1: cat (went out)?" in asked, sent
    assert len(scorekeeper.load_game("fri").rounds[0].laydowns) == 1


def test_a_flagged_laydown_is_not_shown_as_a_plain_success(keeper):
    r = keeper.post(
        KBASE + "do/laydown",
        data={"token": token(keeper.get(KBASE).text), "player": "ann", "words": "qiz", "out": "yes"},
        headers=ORIGIN,
    )
    assert '<section id="outcome" class="flagged"' in r.text
    assert any(line.startswith("Flagged: qiz") for line in outcome(r.text))
    r = keeper.post(
        KBASE + "do/laydown",
        data={"token": token(keeper.get(KBASE).text), "player": "ben", "words": "at", "unused": "Z"},
        headers=ORIGIN,
    )
    assert '<section id="outcome" class="done"' in r.text


def test_the_same_form_sent_twice_saves_once(keeper):
    sent = token(keeper.get(KBASE).text)
    first, again = (outcome(do(keeper, "laydown", token=sent, player="ann", words="cat", out="yes")) for _ in range(2))
    assert [e.kind for e in scorekeeper.load_game("fri").entries] == ["created", "laydown"]
    assert first[0] == "Recorded ann's laydown in round 1: cat (went out)."
    # said as a restart or a second server says it: the log found the form taken
    assert again[0].startswith("This form was taken already: ann's laydown in round 1: cat (went out).")


def test_the_table_cannot_reach_the_scorekeepers_actions(keeper):
    """The table's code opens no action of the scorekeeper's, and the scorekeeper's page
    refuses a form from elsewhere."""
    sent = {"token": token(keeper.get(KBASE).text)}
    for path in (f"/k/{CODE}/", f"/k/{CODE}/do/undo", f"/t/{CODE}/do/undo", f"/t/{KEEPER}/"):
        assert keeper.post(path, data=sent, headers=ORIGIN).status_code == 404, path
    assert keeper.get(f"/k/{CODE}/").status_code == 404
    stale = keeper.post(KBASE + "do/undo", data={"token": "1.x.y"}, headers=ORIGIN, follow_redirects=False)
    assert stale.status_code == 303 and stale.headers["location"] == KBASE + "?stale=yes#outcome"
    assert outcome(html.unescape(keeper.get(stale.headers["location"]).text)) == [
        "This page was made before the server started again: nothing was done. Do it again on this page."
    ]
    elsewhere = {"Origin": "http://evil.example"}
    assert keeper.post(KBASE + "do/undo", data=sent, headers=elsewhere).status_code == 403
    assert 'action="/k/' not in keeper.get(BASE).text
    without = TestClient(make_app("fri", CODE))  # served without a scorekeeper's code: no such page
    assert without.get(KBASE).status_code == 404


def test_an_undo_asked_about_one_entry_never_takes_back_another(keeper):
    """The page asks about the last entry; one saved between the answer and the write is
    not taken back in its place."""
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    with pytest.raises(scorekeeper.UndoneMeanwhileError) as refused:
        scorekeeper.undo("fri", entry=2)
    assert refused.value.entry.seq == 3
    assert len(scorekeeper.load_game("fri").rounds[0].laydowns) == 2
    assert scorekeeper.undone(scorekeeper.undo("fri", entry=3)).seq == 3


def test_an_answer_kept_says_what_came_since_and_where_the_game_stands(keeper):
    """The answer at the top stayed "Round 1 waits for ben, cat" above a sheet that had
    moved on: once the log has entries after it, it says them and where the game stands."""
    r = keeper.post(
        KBASE + "do/laydown",
        data={"token": token(keeper.get(KBASE).text), "player": "ann", "words": "cat", "out": "yes"},
        headers=ORIGIN,
        follow_redirects=False,
    )
    address = r.headers["location"]
    assert outcome(keeper.get(address).text)[-1] == "Round 1 waits for ben, cat."
    ok("score", "ben", "at", "-u", "Z")
    ok("score", "cat", "ox", "-u", "E")
    said = outcome(keeper.get(address).text)
    assert said[0] == "Recorded ann's laydown in round 1: cat (went out)."
    assert said[-3:] == [
        "Since then, ben's laydown in round 1: at (unused Z) was entered.",
        "Since then, cat's laydown in round 1: ox (unused E) was entered.",
        "Round 2 waits for ann, ben, cat.",
    ]
    ok("score", "ann", "quit", "--out")
    ok("score", "ben", "at", "-u", "Z X")  # four entries since: old news, the sheet says where the game stands
    assert 'id="outcome"' not in keeper.get(address).text


def form_of(shown: str, section: str) -> dict[str, str]:
    """The fields of a section's form as the page fills them: each input's value (a box
    ticked: its value), each select's option chosen (the first, if none is)."""
    found = re.search(rf'<section id="{section}">(.*?)</section>', shown, re.S)
    assert found, shown
    fields = {}
    for tag in re.findall(r"<input [^>]*>", found.group(1)):
        name, value = re.search(r'name="(\w+)"', tag), re.search(r'value="([^"]*)"', tag)
        if name and name.group(1) != "token" and ('type="checkbox"' not in tag or " checked" in tag):
            fields[name.group(1)] = html.unescape(value.group(1) if value else "")
    for name, options in re.findall(r'<select name="(\w+)"[^>]*>(.*?)</select>', found.group(1), re.S):
        values = re.findall(r'<option value="([^"]*)"( selected)?>', options)
        fields[name] = html.unescape(next((v for v, chosen in values if chosen), values[0][0]))
    return fields


def test_a_refusal_is_headed_not_saved_and_keeps_its_form_as_typed(keeper):
    """A refusal emptied the form (the hand typed again) and was plain red text."""
    typed = {"player": "ben", "words": "horse bean", "unused": "L", "round": "9", "out": "yes", "replace": "yes"}
    shown = do(keeper, "laydown", **typed)
    assert '<section id="outcome" class="refused"' in shown
    assert re.search(r'<h2 id="outcome-head"><span class="sign" aria-hidden="true">✗</span> Not saved</h2>', shown)
    assert outcome(shown) == ["no round 9: game 'fri' has rounds 1 to 2"]
    assert form_of(shown, "keeper-laydown") == typed
    assert form_of(shown, "challenge") == {"player": "ann", "word": "", "by": "", "ruling": "dictionary", "round": ""}
    typed = {"player": "ann", "words": "cat\x00", "unused": "", "round": "", "out": "yes"}
    shown = do(keeper, "laydown", **typed)  # a control character: refused, kept, shown as an escape
    assert "Not saved" in shown and form_of(shown, "keeper-laydown") == typed | {"words": "cat\\x00"}
    shown = do(keeper, "laydown", player="ann", words="cat", out="yes")  # saved: the form is empty again
    assert "Not saved" not in shown and form_of(shown, "keeper-laydown")["words"] == ""
    shown = do(keeper, "rename", old="cat", new="ben")  # a name taken: refused, kept
    assert "Not saved" in shown and form_of(shown, "players") == {"old": "cat", "new": "ben", "player": ""}


def test_no_challenger_is_chosen_for_the_scorekeeper_and_a_self_challenge_is_refused(keeper):
    """ "Whose word" and "Challenged by" both chose the first player: a self-challenge."""
    ok("score", "ann", "cat", "--out")
    page = keeper.get(KBASE).text
    assert re.search(r'<select name="by" required><option value="" selected>', page)
    assert form_of(page, "challenge")["by"] == ""
    typed = {"player": "ann", "word": "cat", "by": "ann", "ruling": "invalid", "round": "1"}
    shown = do(keeper, "challenge", **typed)
    assert outcome(shown) == ["ann cannot challenge their own word"] and "Not saved" in shown
    assert form_of(shown, "challenge") == typed
    assert not scorekeeper.load_game("fri").rounds[0].challenges
    shown = do(keeper, "challenge", player="ann", word="cat", round="1")  # the challenger left blank
    assert outcome(shown)[0].startswith("no player '' in game 'fri'")


def test_every_section_is_one_tap_from_the_top(keeper):
    page = keeper.get(KBASE).text
    nav = re.search(r'<nav class="sections" aria-label="[^"]+">(.*?)</nav>', page, re.S)
    assert nav and page.index("<nav") < page.index('<section id="sheet"')
    targets = re.findall(r'<a href="#([\w-]+)">([^<]+)</a>', nav.group(1))
    assert [t for t, _ in targets] == ["keeper-laydown", "challenge", "undo", "review", "players", "game"]
    for target, _ in targets:
        assert f'<section id="{target}">' in page


def test_a_dash_alone_lays_no_words_as_play_takes_it(keeper):
    """A player with no word: the paper sheet's dash, typed in the words box, is no words
    (the page refused it as a hyphen while play took it)."""
    said = outcome(do(keeper, "laydown", player="ann", words="-", unused="Q U Z"))
    assert said[0] == "Recorded ann's laydown in round 1: no words (unused Q U Z)."
    assert scorekeeper.load_game("fri").rounds[0].laydowns["ann"].words == ()
