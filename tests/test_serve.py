"""qscore serve: the table's page over the scorekeeper (qscore/web/), in-process through
starlette's test client, and the command itself."""

import html
import json
import re
import socket
import sys

import anyio
import pytest
from starlette.testclient import TestClient

from qscore.web.pages import make_app
from qscore.web.posted import MAX_BODY
from tests.conftest import named_as_before, ok, run

CODE = "K7Q3M9"
BASE = f"/t/{CODE}/"
ORIGIN = {"Origin": "http://testserver"}


@pytest.fixture
def game() -> str:
    ok("new", "ann", "ben", "cat", "-g", "fri")
    return "fri"


@pytest.fixture
def page(game: str) -> TestClient:
    return TestClient(make_app(game, CODE))


def lay(page: TestClient, **fields: str):
    """A laydown sent as the page's form sends it: with the token of the page as loaded by
    the player's phone (or the one given), the redirect after it followed."""
    sent = {"token": fields.pop("token")} if "token" in fields else {"token": token(as_player(page, fields["player"]))}
    return page.post(BASE + "laydown", data=sent | fields, headers=ORIGIN)


def as_player(page: TestClient, player: str) -> str:
    """The page as the phone of ``player`` shows it: "who are you?" answered (a player not
    in the round: the first who is, as a phone held by someone else)."""
    shown = page.get(BASE + "me", params={"player": player}).text
    if 'name="token"' not in shown:
        first = re.search(r'<button type="submit" name="player" value="([^"]+)"', page.get(BASE).text)
        assert first, shown
        shown = page.get(BASE + "me", params={"player": html.unescape(first.group(1))}).text
    return shown


def token(shown: str) -> str:
    found = re.search(r'name="token" value="([^"]+)"', shown)
    assert found, shown
    return found.group(1)


def outcome(page: str) -> str:
    """What the outcome says, its heading apart."""
    found = re.search(r'<section id="outcome"[^>]*>(.*?)</section>', page, re.S)
    assert found, page
    return html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<h2.*?</h2>", "", found.group(1), flags=re.S)))


def test_the_api_serves_what_sheet_json_prints(page):
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "it", "-u", "Q")
    assert page.get(BASE + "api/sheet").json() == json.loads(ok("sheet", "--json"))
    ok("score", "cat", "(qu)it")
    assert page.get(BASE + "api/sheet").json() == json.loads(ok("sheet", "--json"))


def test_the_sheet_is_readable_without_javascript(page):
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "it", "-u", "Q")
    ok("score", "cat", "(qu)it")
    shown = page.get(BASE).text
    totals = json.loads(ok("sheet", "--json"))["totals"]
    for player, total in totals.items():
        assert f'<td data-player="{player}"' in shown
        assert re.search(rf'data-player="{player}"[^>]*>{total}</td>', shown)
    assert "Round 2: 4 cards. ben deals, cat starts." in shown


def test_each_closed_round_shows_the_running_total_as_the_paper_sheet_does(page):
    """The page showed each round's score alone; the table checks the paper sheet by its
    running totals, as `qscore sheet` shows them."""
    for laid in (["ann", "cat", "--out"], ["ben", "it", "-u", "Q"], ["cat", "(qu)it"]):
        ok("score", *laid)
    for laid in (["ben", "quit", "--out"], ["cat", "tax", "-u", "E"], ["ann", "to", "-u", "A B"]):
        ok("score", *laid)
    data = json.loads(ok("sheet", "--json"))
    cells = re.findall(r"<tr(?: class=\"now\")?><td>2</td>.*?</tr>", page.get(BASE).text, re.S)[0]
    for player in ("ann", "ben", "cat"):
        score, running = data["rounds"][1]["scores"][player], data["rounds"][1]["running"][player]
        assert running == data["totals"][player]
        assert re.search(rf'<td>{score}\b[^<]*<span class="running">\({running}\)</span></td>', cells), (player, cells)


def test_a_wrong_code_is_not_found_like_any_other_path(page):
    wrong = page.get("/t/AAAAAA/")
    nowhere = page.get("/nothing/here")
    assert wrong.status_code == nowhere.status_code == 404
    assert wrong.text == nowhere.text == "Not Found"
    assert page.get("/t/AAAAAA/api/sheet").text == "Not Found"
    assert lay_with(page, "/t/AAAAAA/laydown").status_code == 404
    assert page.get(BASE + "../../etc/passwd").status_code == 404


def test_a_path_not_served_under_the_right_code_is_answered_as_a_wrong_code_is(game):
    """An asset or an action that does not exist was answered with the page's headers, a
    wrong code with the guard's: one Not Found, whichever code is right."""
    page = TestClient(make_app(game, CODE, "M9T4HC"))
    wrong = page.get("/t/AAAAAA/page.css")
    for nowhere in (page.get(BASE + "nothing.css"), page.post("/k/M9T4HC/do/nothing", headers=ORIGIN)):
        assert (nowhere.status_code, nowhere.content) == (wrong.status_code, wrong.content) == (404, b"Not Found")
        assert {k: v for k, v in nowhere.headers.items()} == {k: v for k, v in wrong.headers.items()}


def lay_with(page: TestClient, path: str):
    return page.post(path, data={"player": "ann", "words": "cat", "out": "yes"}, headers=ORIGIN)


def test_everything_typed_is_escaped():
    ok("new", "ann", "ben", "-g", "script", "--bonus", "most")
    named_as_before("script", "<script>alert(1)</script>")  # no longer a new game's name
    shown = TestClient(make_app("<script>alert(1)</script>", CODE)).get(BASE).text
    assert "<script>alert(1)</script>" not in shown
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in shown


def test_a_laydown_from_a_phone_is_saved_as_score_saves_it(page):
    r = lay(page, player="ann", words="cat", unused="", out="yes")
    assert r.status_code == 200
    said = outcome(r.text)
    assert "Recorded ann" in said and "cat (went out)" in said and "waits for ben, cat" in said
    sheet = json.loads(ok("sheet", "--json"))
    assert sheet["rounds"][0]["players"]["ann"] == {"words": ["cat"], "unused": [], "out": True}


def test_a_refused_laydown_says_why_and_saves_nothing(page):
    r = lay(page, player="ben", words="cat", unused="Q X")
    assert r.status_code == 422
    said = outcome(r.text)
    assert "ben's laydown has 5 cards (3 in words, 2 unused), but round 1 is dealt 3" in said and "--" not in said
    assert 'value="Q X"' in r.text  # the form keeps what was typed
    assert json.loads(ok("sheet", "--json"))["rounds"][0]["players"]["ben"] is None


def test_a_second_laydown_asks_to_replace_it(page):
    lay(page, player="ann", words="cat", out="yes")
    r = lay(page, player="ann", words="at", unused="C")
    said = outcome(r.text)
    assert "ann already laid cat (went out) in round 1." in said and "--replace" not in r.text
    assert 'name="replace" value="yes"' in r.text and "Replace it with at" in r.text
    r = lay(page, player="ann", words="at", unused="C", replace="yes")
    assert "replacing cat (went out)" in outcome(r.text)
    assert json.loads(ok("sheet", "--json"))["rounds"][0]["players"]["ann"]["words"] == ["at"]


def test_the_same_laydown_sent_from_a_page_loaded_anew_is_said_to_stand(page):
    """Back reloads the page, its form a new one: zone sent again was refused in red with
    "Replace it with zone"."""
    lay(page, player="ann", words="cat", out="yes")
    r = lay(page, player="ann", words="cat", out="yes")  # a new form, the same laydown
    assert r.status_code == 200 and "Replace it with" not in r.text
    assert "ann's laydown in round 1 is already cat (went out): nothing changed." in outcome(r.text)
    assert len(json.loads(ok("sheet", "--json"))["rounds"][0]["players"]["ann"]["words"]) == 1


def test_a_replaced_laydown_says_the_challenge_it_takes_with_it(page):
    lay(page, player="ann", words="cat", out="yes")
    ok("challenge", "ann", "cat", "--by", "ben")
    r = lay(page, player="ann", words="at", unused="C", replace="yes")
    assert "ben's challenge of ann's cat no longer stands: cat is not in the laydown now." in outcome(r.text)
    assert json.loads(ok("sheet", "--json"))["rounds"][0]["challenges"] == []


def test_a_word_the_dictionary_refuses_is_flagged_with_its_reason(page):
    said = outcome(lay(page, player="cat", words="qiz").text)
    assert "Flagged: qiz (not in the dictionary" in said and "it stands unless challenged" in said


def test_a_word_a_double_card_could_lay_is_pointed_out(page):
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "it", "-u", "Q")
    ok("score", "cat", "(qu)it")
    r = lay(page, player="ann", words="quit")
    assert "quit: if QU was one card: (qu)it, 14, with 1 more card left in hand" in outcome(r.text)
    choice = re.search(r'<form [^>]*class="choice">(.*?)</form>', r.text, re.S)
    assert choice and "Lay it as (qu)it" in choice.group(1)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', choice.group(1)))
    assert fields.pop("token") == token(r.text)
    assert fields == {"player": "ann", "round": "2", "words": "(qu)it", "replace": "yes"}
    said = outcome(lay(page, **fields, unused="E").text)  # the card left in hand, as the player adds it
    assert "Recorded ann's laydown in round 2: (qu)it (unused E), replacing quit." in said


@pytest.mark.parametrize(
    "headers",
    [{"Origin": "http://elsewhere.example"}, {"Referer": "http://elsewhere.example/t/K7Q3M9/"}, {}],
)
def test_a_write_from_another_origin_is_refused(page, headers):
    r = page.post(BASE + "laydown", data={"player": "ann", "words": "cat", "out": "yes"}, headers=headers)
    assert r.status_code == 403
    assert json.loads(ok("sheet", "--json"))["rounds"][0]["players"]["ann"] is None


def test_a_write_from_the_page_by_its_referer_is_taken(page):
    headers = {"Referer": "http://testserver/t/K7Q3M9/"}
    fields = {"player": "ann", "words": "cat", "out": "yes", "token": token(as_player(page, "ann"))}
    r = page.post(BASE + "laydown", data=fields, headers=headers)
    assert r.status_code == 200


def test_a_body_past_the_bound_is_refused_unread(page):
    r = page.post(BASE + "laydown", data={"player": "ann", "words": "a" * MAX_BODY}, headers=ORIGIN)
    assert r.status_code == 413
    many = "&".join(f"f{i}=x" for i in range(50))
    r = page.post(
        BASE + "laydown", content=many, headers=ORIGIN | {"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert r.status_code == 413


def test_the_word_box_judges_under_the_games_dictionary(page):
    shown = page.get(BASE + "word", params={"word": "quiz"}).text
    assert "<b>quiz</b>: allowed" in shown and "Q·U·I·Z <b>35 points</b>" in shown and "examination" in shown
    shown = page.get(BASE + "word", params={"word": "Steve"}).text
    assert "not allowed (proper noun)" in shown and "<p>did you mean: steeve, stave, stove, sieve, stele</p>" in shown
    shown = page.get(BASE + "word", params={"word": "q" * 500}).text
    assert "longer than 40 letters" in shown


def test_the_word_box_shows_a_refused_words_meaning_under_a_head_saying_so(page):
    """za: not allowed, then "noun: an old solfeggio name ... as heard in the or aeolian
    string", a meaning read as if the word stood, with a word missing."""
    shown = page.get(BASE + "word", params={"word": "za"}).text
    verdict = re.search(r'<div id="verdict".*?</div>\s*</div>|<div id="verdict".*?</div>', shown, re.S)
    assert verdict, shown
    said = [html.unescape(re.sub(r"<[^>]+>", "", p)) for p in re.findall(r"<p[^>]*>(.*?)</p>", verdict.group(0))]
    head = said.index("what za means, though not allowed here:")
    assert said[head + 1] == "noun: an old solfeggio name for B flat" and "aeolian" not in shown


def test_a_damaged_games_file_is_one_line_on_the_page(page, isolated_home):
    filled = token(as_player(page, "ann"))  # a page loaded before the damage
    (isolated_home / "games.sqlite3").write_bytes(b"not a database at all" * 100)
    for wal in isolated_home.glob("games.sqlite3-*"):
        wal.unlink()
    shown = page.get(BASE).text
    assert re.search(r'<p class="error" role="alert">[^<\n]+</p>', shown)
    r = lay(page, player="ann", words="cat", out="yes", token=filled)
    assert r.status_code == 422 and len(outcome(r.text).strip().splitlines()) == 1
    assert str(isolated_home) not in shown + r.text  # no path of the machine on a phone
    assert (isolated_home / "games.sqlite3").read_bytes() == b"not a database at all" * 100


def test_a_read_only_games_file_is_one_line_on_the_page_and_nothing_is_written(page, isolated_home):
    from tests.test_saving import read_only_file

    ok("score", "ann", "cat", "--out")
    db = isolated_home / "games.sqlite3"
    before = db.read_bytes()
    with read_only_file(db):
        r = lay(page, player="ben", words="it", unused="Q")
        said = outcome(r.text).strip()
        assert r.status_code == 422
        assert said == "cannot save to the games file: the file is read-only; nothing was saved"
        assert str(isolated_home) not in r.text  # no path of the machine on a phone
        assert '<td data-player="ann"' in page.get(BASE).text  # the sheet still reads
    assert db.read_bytes() == before


def test_the_sheet_is_sent_again_when_any_terminal_saves(game):
    app = make_app(game, CODE)
    watch = app.state.watch

    async def main() -> list[int]:
        await watch.refresh()
        first = watch.snapshot
        await anyio.to_thread.run_sync(lambda: ok("score", "ann", "cat", "--out"))
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(watch.watch)
            with anyio.fail_after(10):
                newer = await watch.after(first.version)
            tasks.cancel_scope.cancel()
        assert "cat *" in newer.html and newer.data["rounds"][0]["players"]["ann"]["words"] == ["cat"]
        await watch.refresh()  # nothing changed since: no new version
        return [first.version, newer.version, watch.snapshot.version]

    first, newer, again = anyio.run(main)
    assert first < newer == again


def test_serve_without_a_game_is_one_line():
    r = run("serve", "--port", "0")
    assert r.exit_code == 2 and r.stderr.startswith("qscore: error: no saved games yet") and r.stderr.count("\n") == 1


def test_serve_on_a_taken_port_is_one_line(game):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = run("serve", "--host", "127.0.0.1", "--port", str(port))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert r.stderr.startswith(f"qscore: error: port {port} is taken")


def test_serves_libraries_are_ordinary_dependencies():
    """`pipx install .` gives every command: serve's libraries are no extra to name."""
    import importlib.metadata

    required = importlib.metadata.requires("qscore") or []
    for library in ("starlette", "uvicorn", "sse-starlette", "jinja2", "segno"):
        found = [r for r in required if r.replace("_", "-").lower().startswith(library)]
        assert found and all("extra ==" not in r for r in found), (library, required)


@pytest.mark.slow
def test_serve_as_a_table_runs_it(game, isolated_home):
    """The command in its own process: the first http:// line is the table's address, the
    second the scorekeeper's (issue 35, item 1); its api/sheet follows a `qscore score` from
    another terminal, and Ctrl-C stops it."""
    import os
    import signal
    import subprocess
    import time
    import urllib.request

    env = os.environ | {"QSCORE_HOME": str(isolated_home)}
    qscore = [sys.executable, "-m", "qscore"]
    server = subprocess.Popen(
        [*qscore, "serve", "--host", "127.0.0.1", "--port", "0"], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert server.stdout is not None
        address = next(line for line in server.stdout if line.startswith("http://")).strip()
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/t/[0-9A-Z]{6}/", address)
        keeper = next(line for line in server.stdout if line.startswith("http://")).strip()  # the second
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/k/[0-9A-Z]{6}/", keeper) and keeper[-7:] != address[-7:]
        with urllib.request.urlopen(keeper, timeout=10) as r:
            assert "the scorekeeper's page" in r.read().decode()

        def sheet() -> dict:
            with urllib.request.urlopen(address + "api/sheet", timeout=10) as r:
                return json.load(r)

        assert sheet() == json.loads(ok("sheet", "--json"))
        subprocess.run([*qscore, "score", "ann", "cat", "--out"], env=env, check=True, capture_output=True)
        deadline = time.monotonic() + 20  # a busy machine; the benchmark measures the real delay
        while sheet()["rounds"][0]["players"]["ann"] is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert sheet() == json.loads(ok("sheet", "--json"))
        server.send_signal(signal.SIGINT)
        rest, _ = server.communicate(timeout=20)
    finally:
        server.kill()
    assert server.returncode == 0
    assert rest.splitlines()[-1] == "Stopped: every laydown sent was saved whole, or not at all."


def test_a_closed_round_shows_its_review(page):
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "it", "-u", "Q")
    assert "Review:" not in page.get(BASE).text
    ok("score", "cat", "(qu)it")
    shown = page.get(BASE).text
    assert "<summary>Review: Round 1 (3 cards)</summary>" in shown
    assert "<li>ann: 13 of a possible 13</li>" in shown  # CAT went out: the most three cards could do
    # a word a table would not know with its short meaning, as on the terminal
    assert (
        "<li>ben: 0 of a possible 14, missed 14: qi (the circulating life energy that in Chinese...) (T unused)</li>"
        in shown
    )


def test_a_remedy_is_worded_for_the_page_never_as_an_option(page):
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "it", "-u", "Q")
    ok("score", "cat", "(qu)it")
    said = outcome(lay(page, player="ann", words="cat", out="yes").text)  # round 2 deals 4: meant for round 1
    assert "(ann laid cat (went out) in round 1: the scorekeeper can replace the laydown of round 1)" in said
    assert "--" not in said


def test_a_game_over_is_said_without_an_option():
    from qscore.errors import GameError, Remedy
    from qscore.web.table import page_message

    exc = GameError("game 'fri' is over: all 8 rounds are scored (", Remedy("correct-round"), ")")
    assert page_message(exc) == "game 'fri' is over: all 8 rounds are scored (the scorekeeper can correct one)"


def test_a_slip_sent_again_after_its_round_closed_is_told_who_can_put_it_right(page):
    """The last laydown closed round 1 with a slip (dgo); sent again put right, it reached
    round 2, whose deal it does not fit: the phone said only the card count. It now says
    the laydown stands in round 1 and the scorekeeper can replace it."""
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "it", "-u", "Q")
    lay(page, player="cat", words="dgo")
    r = lay(page, player="cat", words="dog", round="2")
    assert "cat's laydown has 3 cards (3 in words, 0 unused), but round 2 is dealt 4" in outcome(r.text)
    assert "(cat laid dgo in round 1: the scorekeeper can replace the laydown of round 1)" in outcome(r.text)


def test_a_struck_words_cost_is_on_the_pages_words_laid(page):
    """The words laid showed a struck word crossed out and nothing of what it cost, which
    sheet --words says (qiz 25 struck) and the total takes off."""
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "qiz")  # Q15 I2 Z14 = 31: not a word
    ok("challenge", "ben", "qiz", "--by", "ann")
    shown = html.unescape(page.get(BASE).text)
    assert '<s title="struck">qiz</s> <i>-31 for a struck word</i>' in shown
