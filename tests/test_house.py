"""The table's own words: a paper ruling at a challenge is remembered for the table (check
judges by it, the next game records it), `qscore house` lists them with the house lists
and takes one back, and a game keeps the words it was started with."""

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from qscore import scorekeeper
from qscore.store import gamesfile, ruledcopy, rulings, storage
from qscore.web.pages import make_app
from qscore.words.dictionaries import read_word_file
from tests.conftest import ok, run
from tests.test_json_contract import conforms
from tests.test_keeper import CODE, KEEPER, do, outcome
from tests.test_play import lines


def ruled_game(word: str = "zxq", ruling: str = "valid", game: str = "fri") -> str:
    """A game where ann laid ``word`` and ben challenged it, settled by a paper dictionary:
    the line check says of the ruling."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "-g", game)
    ok("score", "ann", word, "--out", "-g", game)
    ok("challenge", "ann", word, "--by", "ben", "--ruling", ruling, "-g", game)
    return f"the table's ruling of {scorekeeper.table_words().words[word].date} in game '{game}'"


def flagged(game: str, player: str, words: str) -> str:
    return ok("score", player, *words.split(), "-g", game)


def test_a_ruling_that_lets_a_word_stand_is_the_tables_until_taken_back(isolated_home):
    assert run("check", "zxq").exit_code == 1  # not in the dictionary
    said = ruled_game()
    r = run("check", "zxq")
    assert r.exit_code == 0 and r.stdout.splitlines()[0] == f"zxq: allowed ({said})"
    got = json.loads(ok("check", "zxq", "--json"))[0]
    assert got["allowed"] is True and got["table_ruling"]["game"] == "fri" and got["reason"] is None
    # the next game records it unflagged; the game it was ruled in keeps its dictionary's word
    ok("new", "ann", "ben", "cat", "-g", "sat")
    assert "flagged" not in flagged("sat", "ann", "zxq")
    assert "flagged: zxq" in flagged("fri", "ben", "zxq")
    assert ok("house") == (
        "word    ruling    when        where\n"
        "------  --------  ----------  ----------\n"
        f"zxq     allowed   {said.split()[4]}  game 'fri'\n"
    )
    listed = json.loads(ok("house", "--json"))
    conforms("house --json", listed)
    assert listed == [{"word": "zxq", "allowed": True, "date": said.split()[4], "game": "fri", "house_list": None}]
    assert ok("house", "--forget", "ZXQ").startswith(f"Took back zxq (allowed by {said}): the dictionary judges it")
    r = run("check", "zxq")
    assert r.exit_code == 1 and r.stdout.startswith("zxq: not allowed (not in the dictionary)")
    assert ok("house").startswith("The table has no words of its own:")
    ok("new", "ann", "ben", "cat", "-g", "sun")
    assert "flagged: zxq" in flagged("sun", "ann", "zxq")
    assert "flagged" not in flagged("sat", "ben", "zxq")  # a game keeps the words it was started with


def test_a_ruling_against_a_word_the_list_allows_is_kept_the_same_way():
    said = ruled_game("cat", "invalid")
    r = run("check", "cat", "--json")
    assert r.exit_code == 1
    got = json.loads(r.stdout)[0]
    assert got["allowed"] is False and got["reason"] == said
    assert got["table_ruling"] == {"allowed": False, "date": said.split()[4], "game": "fri"}
    assert ok("house", "--json")[0:1] == "[" and json.loads(ok("house", "--json"))[0]["allowed"] is False
    assert run("check", "cat").stdout.startswith(f"cat: not allowed ({said})")
    ok("new", "ann", "ben", "cat", "-g", "sat")
    assert "flagged: cat (on the house deny list" in flagged("sat", "ann", "cat")


def test_a_paper_ruling_letting_a_name_stand_under_junior_is_junior_s_rule_not_the_tables_word():
    """A Junior table ruled finn's ella allowed on paper, as Junior allows names: check said
    "ella: allowed (the table's ruling ...)" and a standard game's challenge of ella cost
    its challenger. The rules let it stand: no table's word, and the grown-ups' game refuses it."""
    deck = str(Path(__file__).parent / "data" / "junior-game.toml")
    ok("new", "mum", "ella", "finn", "--variant", "junior", "--deck", deck, "--rounds", "3,4", "-g", "kids")
    ok("score", "finn", "e(ll)a", "--out", "-g", "kids")
    said = ok("challenge", "finn", "ella", "--by", "mum", "--ruling", "valid", "-g", "kids")
    assert said.startswith("Challenge by mum: e(ll)a is allowed (a name, as Junior allows): mum loses 5 points")
    assert ok("house").startswith("The table has no words of its own:")
    assert run("check", "ella").stdout.startswith("ella: not allowed (proper noun)")
    # a word the list refuses, let stand on paper at the same Junior table, is the table's
    ok("score", "mum", "zxq", "-u", "", "-g", "kids")
    ok("challenge", "mum", "zxq", "--by", "ella", "--ruling", "valid", "-g", "kids")
    assert [w for w in scorekeeper.table_words().words] == ["zxq"]


def test_the_latest_ruling_of_a_word_stands_and_an_undo_takes_one_back():
    ruled_game("zxq", "valid")
    ok("score", "ben", "zxq", "-g", "fri")
    ok("challenge", "ben", "zxq", "--by", "ann", "--ruling", "invalid", "-g", "fri")
    assert run("check", "zxq").exit_code == 1  # the table changed its mind
    ok("undo", "-g", "fri")  # the second ruling taken back: the first stands again
    assert run("check", "zxq").exit_code == 0
    ok("undo", "-g", "fri")  # ben's laydown
    ok("undo", "-g", "fri")  # the first ruling
    assert run("check", "zxq").exit_code == 1
    assert scorekeeper.table_words().words == {}


def test_a_ruling_made_on_the_scorekeepers_page_is_the_tables():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "-g", "fri")
    page = TestClient(make_app("fri", CODE, KEEPER))
    do(page, "laydown", player="ann", words="zxq", out="yes")
    said = outcome(do(page, "challenge", player="ann", word="zxq", by="ben", ruling="valid", round="1"))
    assert said[0].startswith("Challenge by ben: zxq is allowed by the table's ruling")
    assert run("check", "zxq").stdout.startswith("zxq: allowed (the table's ruling of ")
    assert json.loads(ok("house", "--json"))[0]["game"] == "fri"


def test_the_next_game_the_page_or_play_starts_takes_the_rulings_of_the_game_before():
    ok("new", "ann", "ben", "--bonus", "none", "--rounds", "3", "-g", "fri")
    ok("score", "ann", "zxq", "--out", "-g", "fri")
    ok("score", "ben", "cat", "-g", "fri")
    ok("challenge", "ann", "zxq", "--by", "ben", "--ruling", "valid", "-g", "fri")
    ok("close", "-g", "fri")
    started = scorekeeper.start_next_game("fri")
    assert started.config.allow == ("zxq",)  # among its house lists: every release reads them
    assert scorekeeper.refused_words(started, ["zxq"]) == []
    # taken back, or ruled the other way, before the game after: that game has it so
    ok("score", started.config.players[0], "cat", "--out", "-g", started.name)
    ok("score", started.config.players[1], "zxq", "-g", started.name)
    ok("close", "-g", started.name)
    ok("house", "--forget", "zxq")
    after = scorekeeper.start_next_game(started.name)
    assert after.config.allow == () and [v.word for v in scorekeeper.refused_words(after, ["zxq"])] == ["zxq"]
    assert scorekeeper.refused_words(scorekeeper.load_game(started.name), ["zxq"]) == []  # as it was started


def test_an_old_game_replays_as_it_was():
    """A game started before any ruling records none and is judged by its dictionary alone."""
    ok("new", "ann", "ben", "cat", "-g", "old")
    ok("score", "ann", "zxq", "--out", "-g", "old")
    before = ok("sheet", "-g", "old", "--json")
    ruled_game()
    assert ok("sheet", "-g", "old", "--json") == before
    assert scorekeeper.load_game("old").config.allow == ()
    assert [v.word for v in scorekeeper.refused_words(scorekeeper.load_game("old"), ["zxq"])] == ["zxq"]


def test_the_house_lists_and_the_tables_words_are_one_list(tmp_path):
    said = ruled_game()
    ruled_game("cat", "invalid", game="sat")
    allow, deny = tmp_path / "allow.txt", tmp_path / "deny.txt"
    allow.write_text("blorp\ncat\n")
    deny.write_text("zxq\nquiz\n")
    listed = json.loads(ok("house", "--allow", str(allow), "--deny", str(deny), "--json"))
    conforms("house --json", listed)
    # a house list given has the last say on a word it names the other way
    assert [(w["word"], w["allowed"], w["game"] or w["house_list"]) for w in listed] == [
        ("blorp", True, str(allow)),
        ("cat", True, str(allow)),
        ("quiz", False, str(deny)),
        ("zxq", False, str(deny)),
    ]
    shown = ok("house", "--allow", str(allow), "--deny", str(deny)).splitlines()
    assert shown[-2].split() == ["quiz", "refused", "house", "list", f"'{deny}'"]
    r = run("check", "zxq", "--deny", str(deny))
    assert r.exit_code == 1 and "table" not in r.stdout
    assert run("check", "cat", "--allow", str(allow)).stdout.startswith("cat: allowed\n")
    assert ok("house", "--export", "allowed") == "zxq\n"
    out = tmp_path / "out.txt"
    out.write_text(ok("house", "--export", "refused", "--deny", str(deny)))
    assert read_word_file(out) == {"cat", "quiz", "zxq"}
    assert said in run("check", "zxq").stdout


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("house", "--forget", "zxq"), "qscore: error: zxq is not among the table's words (they are: cat)\n"),
        (("house", "--forget", "q1z"), "qscore: error: 'q1z' is not a word of letters a-z\n"),
        (("house", "--forget", "cat", "--json"), "qscore: error: --forget takes back one word, and is given alone\n"),
        (("house", "--export", "maybe"), "qscore: error: invalid value for '--export': 'maybe' is not one of "),
        (("house", "--export", "allowed", "--json"), "qscore: error: --export and --json go one at a time\n"),
    ],
)
def test_bad_input_is_one_line_and_saves_nothing(args, error, isolated_home):
    ruled_game("cat", "invalid")
    db = isolated_home / "games.sqlite3"
    before = db.read_bytes()
    r = run(*args)
    assert r.exit_code != 0 and r.stderr.startswith(error) and r.stderr.count("\n") == 1, r.stderr
    assert db.read_bytes() == before
    assert run("check", "cat").exit_code == 1


def test_no_games_no_words_and_forget_says_so():
    assert ok("house").startswith("The table has no words of its own:")
    assert json.loads(ok("house", "--json")) == []
    r = run("house", "--forget", "zxq")
    assert r.exit_code != 0 and "zxq is not among the table's words (they are: none yet)" in r.stderr


def sql(home, *statements: str) -> list:
    with closing(sqlite3.connect(home / "games.sqlite3", isolation_level=None)) as conn:
        found = []
        for statement in statements:
            found = conn.execute(statement).fetchall()
        return found


def test_any_program_that_writes_keeps_the_rulings_true(isolated_home):
    """The copy beside the log is kept by triggers: an earlier qscore's challenge, undo or
    deleted game changes it as this one's do; a file without it is read from the logs."""
    ruled_game()
    entry = (
        '{"by": "ben", "player": "ann", "reason": null, "round": 1, "ruling": "table", "valid": false, "word": "cat"}'
    )
    sql(isolated_home, f"INSERT INTO entries (game_id, seq, kind, data) VALUES (1, 4, 'challenge', '{entry}')")
    assert set(scorekeeper.table_words().words) == {"zxq", "cat"}
    sql(isolated_home, """INSERT INTO entries (game_id, seq, kind, data) VALUES (1, 5, 'undo', '{"undoes": 4}')""")
    assert set(scorekeeper.table_words().words) == {"zxq"}
    # a file an earlier qscore wrote: no table of rulings; read from the logs, made at the next write
    sql(isolated_home, "DROP TABLE rulings", *(f"DROP TRIGGER {t}" for t in ruledcopy.RULINGS_TRIGGERS))
    assert rulings.read_quickly(isolated_home / "games.sqlite3") is None
    assert set(scorekeeper.table_words().words) == {"zxq"}
    ok("new", "ann", "ben", "cat", "-g", "sat")
    assert sql(isolated_home, "SELECT game_id, seq FROM rulings") == [(1, 3)]
    assert rulings.read_quickly(isolated_home / "games.sqlite3") is not None
    ok("games", "--delete", "fri", "--yes")  # its rulings go with its log
    assert scorekeeper.table_words().words == {}


def test_a_newer_qscores_entry_is_not_misread(isolated_home):
    ruled_game()
    sql(isolated_home, "CREATE TABLE house (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, data TEXT NOT NULL, at TEXT)")
    sql(isolated_home, "INSERT INTO house (kind, data, at) VALUES ('lend', '{}', '2026-01-01 00:00:00')")
    r = run("check", "zxq")
    assert r.exit_code == 1  # judged without the table's words, and said so
    assert "warning: the table's own words cannot be read (the table's words hold entries a newer qscore" in r.stderr
    r = run("house")
    assert r.exit_code != 0 and "upgrade qscore" in r.stderr


def test_the_quick_reading_is_of_the_stores_file():
    assert rulings.GAMES_FILE == storage.DB_NAME
    assert rulings.OURS == (gamesfile.SCHEMA_VERSION, gamesfile.APPLICATION_ID)


def test_a_ruling_made_in_play_is_the_tables():
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3", "--game", "fri")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "-u", "Z")
    ok("close")
    out = ok("play", "--game", "fri", input=lines("ann cat by ben invalid --round 1", "y", "quit"))
    assert "Challenge by ben: cat is not allowed by the table's ruling" in out
    r = run("check", "cat")
    assert r.exit_code == 1 and r.stdout.startswith("cat: not allowed (the table's ruling of ")


def test_an_empty_house_list_is_still_told_beside_the_tables_words(tmp_path):
    ruled_game()
    empty = tmp_path / "empty.txt"
    empty.write_text("", "utf-8")
    r = run("new", "ann", "ben", "cat", "--allow", str(empty), "-g", "sat")
    assert r.exit_code == 0 and r.stderr.endswith("holds no words\n")
    assert scorekeeper.load_game("sat").config.allow == ("zxq",)


def test_define_gives_checks_verdict_on_the_tables_words():
    """define is read aloud at a challenge: a word the table ruled on is judged as check
    judges it, in check's words, the meanings after."""
    said = ruled_game("zax", "valid")
    checked, defined = run("check", "zax"), run("define", "zax")
    assert defined.exit_code == checked.exit_code == 0
    assert defined.stdout.splitlines()[0] == checked.stdout.splitlines()[0] == f"zax: allowed ({said})"
    assert defined.stdout.splitlines()[1] == "  noun: a tool for trimming and puncturing roofing slates"
    ruled_game("cat", "invalid", "sat")
    fields = ("word", "allowed", "reason")
    checked_json = json.loads(run("check", "--json", "zax", "cat").stdout)
    defined_json = json.loads(run("define", "--json", "zax", "cat").stdout)
    assert [[c[f] for f in fields] for c in checked_json] == [[d[f] for f in fields] for d in defined_json]
    assert defined_json[1]["reason"].startswith("the table's ruling of ")
    assert run("define", "cat").stdout.startswith("cat: not allowed (the table's ruling of ")


def test_a_challenge_a_later_game_settles_by_the_tables_words_names_the_ruling():
    """A later game records the table's words at its start: a challenge its dictionary settles
    by one says so as check does, on the challenge's line and the sheet's, and a paper ruling
    against it says the table's earlier ruling is what the game's dictionary allows it by."""
    said = ruled_game("zxq", "valid", "fri")
    ok("new", "ann", "ben", "cat", "-g", "sat")
    ok("score", "ann", "zxq", "--out", "-g", "sat")
    ok("score", "ben", "zxq", "-g", "sat")
    settled = ok("challenge", "ann", "zxq", "--by", "ben", "-g", "sat")
    assert settled.startswith(f"Challenge by ben: zxq is allowed by {said}: ben loses ")
    overruled = ok("challenge", "ben", "zxq", "--by", "ann", "--ruling", "invalid", "-g", "sat")
    assert overruled.startswith(
        f"Challenge by ann: zxq is not allowed by the table's ruling (the game's dictionary allows it: {said}): "
    )
    words = ok("sheet", "--words", "-g", "sat")
    assert f"ben challenged ann's zxq: allowed by {said}" in words
    assert "ann challenged ben's zxq: not allowed by the table's ruling" in words
    # the game the word was ruled in says what its dictionary said; taken back, the word is the table's still
    assert "ann's zxq: allowed by the table's ruling\n" in ok("sheet", "--words", "-g", "fri") + "\n"
    ok("house", "--forget", "zxq")
    assert "ben challenged ann's zxq: allowed by the table's words" in ok("sheet", "--words", "-g", "sat")


def test_a_ruling_against_a_word_names_itself_in_the_next_games_challenges():
    said = ruled_game("cat", "invalid", "fri")
    ok("new", "ann", "ben", "cat", "-g", "sat")
    ok("score", "ann", "cat", "--out", "-g", "sat")
    ok("score", "ben", "cat", "-g", "sat")
    settled = ok("challenge", "ann", "cat", "--by", "ben", "-g", "sat")
    assert settled.startswith(f"Challenge by ben: cat is not allowed by {said}: it is no word for ann")
    overruled = ok("challenge", "ben", "cat", "--by", "ann", "--ruling", "valid", "-g", "sat")
    assert overruled.startswith(
        f"Challenge by ann: cat is allowed by the table's ruling (the game's dictionary does not: {said}): "
    )
    assert f"ben challenged ann's cat: not allowed by {said}" in ok("sheet", "--words", "-g", "sat")


def test_the_page_names_the_tables_ruling_a_later_game_settles_by():
    said = ruled_game("zxq", "valid", "fri")
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "-g", "sat")
    page = TestClient(make_app("sat", CODE, KEEPER))
    do(page, "laydown", player="ann", words="zxq", out="yes")
    settled = outcome(do(page, "challenge", player="ann", word="zxq", by="ben", round="1"))
    assert settled[0].startswith(f"Challenge by ben: zxq is allowed by {said}: ben loses ")


def test_best_plays_the_tables_words_with_the_house_lists(tmp_path):
    assert ok("best", "z a x e").splitlines()[1].startswith("  AXE ")
    ruled_game("zax", "valid")
    assert ok("best", "z a x e").splitlines()[1].startswith("  ZAX (Z·A·X, 28)")
    deny = tmp_path / "deny.txt"
    deny.write_text("zax\n")
    # a house list given has the last say
    assert ok("best", "z a x e", "--deny", str(deny)).splitlines()[1].startswith("  AXE ")


def test_the_pages_word_box_says_the_tables_ruling_as_check_does():
    """The phone's word box said "zxq: allowed" of a word the table ruled valid the game
    before, where check says whose ruling allows it: it says the same now."""
    said = ruled_game("zxq", "valid")
    ok("new", "ann", "ben", "cat", "-g", "sat")
    page = TestClient(make_app("sat", CODE, KEEPER))
    shown = page.get(f"/t/{CODE}/word", params={"word": "zxq"}).text
    assert f"<p><b>zxq</b>: allowed ({said})</p>".replace("'", "&#39;") in shown  # the page escapes quotes
    assert run("check", "zxq").stdout.splitlines()[0] == f"zxq: allowed ({said})"
    shown = page.get(f"/t/{CODE}/word", params={"word": "cat"}).text
    assert "<p><b>cat</b>: allowed</p>" in shown  # no ruling decided it
