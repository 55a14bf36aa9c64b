"""A page's form as the scorekeeper takes it (qscore.scorekeeper.Sent), below the faces:
its id kept with the entry it made in the games file, so a form sent again is found inside
the write whatever process sends it; and the game it was filled for known by its identity,
so a game deleted since is never written to through a name another game took."""

import json
import sqlite3

import pytest

from qscore import scorekeeper
from qscore.errors import UnknownGameError
from qscore.game.forms import FormTakenError
from qscore.game.rules import ScorekeepersOnlyError
from qscore.store.storage import DB_NAME
from tests.conftest import ok


def test_a_form_is_kept_with_its_entry_and_taken_once(isolated_home):
    ok("new", "ann", "ben", "cat", "-g", "fri")
    sent = scorekeeper.Sent("scorekeeper", "f1")
    scorekeeper.record_laydown("ann", ["cat"], "", True, None, "fri", unchecked=True, sent=sent)
    with pytest.raises(FormTakenError) as taken:
        scorekeeper.record_laydown("ann", ["at"], "C", False, 1, "fri", replace=True, unchecked=True, sent=sent)
    assert taken.value.entry.seq == 2 and taken.value.game == "fri"
    with pytest.raises(FormTakenError):  # inside the write too, as a second server would meet it
        scorekeeper.save_laydown("ann", ["at"], "C", False, 1, "fri", replace=True, sent=sent)
    with sqlite3.connect(isolated_home / DB_NAME) as conn:
        rows = conn.execute("SELECT seq, data FROM entries ORDER BY seq").fetchall()
    assert [(seq, json.loads(data).get("form")) for seq, data in rows] == [(1, None), (2, "f1")]
    ok("score", "ben", "it", "-u", "Q")  # a terminal's entry keeps no form: stored as always
    assert scorekeeper.load_game("fri").entries[-1].form is None


def test_a_write_for_a_deleted_game_never_lands_in_the_game_that_took_its_name(isolated_home):
    ok("new", "ann", "ben", "cat", "-g", "fri")
    filled_for = scorekeeper.game_identity("fri")
    ok("games", "--delete", "fri", "--yes")
    ok("new", "ann", "ben", "cat", "-g", "fri")
    assert scorekeeper.game_identity("fri") != filled_for
    sent = scorekeeper.Sent("table", "f1", filled_for)
    with pytest.raises(UnknownGameError, match="game 'fri' was deleted"):
        scorekeeper.record_laydown("ann", ["cat"], "", True, None, "fri", unchecked=True, sent=sent)
    with pytest.raises(UnknownGameError, match="game 'fri' was deleted"):
        scorekeeper.save_laydown("ann", ["cat"], "", True, None, "fri", replace=False, sent=sent)
    with pytest.raises(UnknownGameError, match="game 'fri' was deleted"):
        scorekeeper.load_identified(filled_for, "fri")
    assert not scorekeeper.load_game("fri").rounds[0].laydowns


def test_one_form_starts_one_next_game(isolated_home):
    ok("new", "ann", "ben", "--rounds", "3", "-g", "fri", "--bonus", "most")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "it", "-u", "Q")
    ok("close")
    sent = scorekeeper.Sent("scorekeeper", "next-1")
    started = scorekeeper.start_next_game("fri", sent)
    with pytest.raises(FormTakenError) as taken:
        scorekeeper.start_next_game("fri", sent)
    assert taken.value.game == started.name and taken.value.entry.seq == 1
    assert scorekeeper.game_names() == ["fri", started.name]
    assert scorekeeper.load_game(started.name).entries[0].form == "next-1"


def test_the_tables_laydown_is_refused_a_closed_round_inside_the_write(isolated_home):
    """A round that closes between the page's check and its write is still refused: the
    write asks the rules again, as the table."""
    ok("new", "ann", "ben", "cat", "-g", "fri")
    for laid in (["ann", "cat", "--out"], ["ben", "it", "-u", "Q"], ["cat", "ox", "-u", "E"]):
        ok("score", *laid)
    with pytest.raises(ScorekeepersOnlyError, match="round 1 is closed"):
        scorekeeper.save_laydown("ben", ["at"], "Q", False, 1, "fri", replace=True, sent=scorekeeper.Sent("table", "f"))
    saved = scorekeeper.save_laydown("ben", ["at"], "Q", False, 1, "fri", replace=True)  # a terminal: the scorekeeper
    assert saved.act.words == ("at",) and saved.rescored


def test_the_next_game_passes_the_first_deal_to_the_left(isolated_home):
    """Games B and C of an evening both began "Aunt Bea deals": the deal passes on, to the
    first player still in left of the last game's first dealer."""
    ok("new", "ann", "ben", "cat", "--rounds", "3", "-g", "fri")
    for laid in (["ann", "cat", "--out"], ["ben", "at", "-u", "Z"], ["cat", "ox", "-u", "E"]):
        ok("score", *laid, "-g", "fri")
    ok("close", "-g", "fri")
    second = scorekeeper.start_next_game("fri")
    assert second.rounds[0].dealer == "ben" and second.rounds[0].starts == "cat"
    ok("leave", "cat", "-g", second.name, "--bonus", "most")  # cat, next to deal, goes home
    for laid in (["ann", "cat", "--out"], ["ben", "ox", "-u", "E"]):
        ok("score", *laid, "-g", second.name)
    ok("close", "-g", second.name)
    third = scorekeeper.start_next_game(second.name)
    assert third.config.players == ("ann", "ben") and third.rounds[0].dealer == "ann"
