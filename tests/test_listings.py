"""The listings kept beside the summaries: what `games` and `stats` made of every game,
read back while the games are as they were, never over a changed log or damage."""

import json
import sqlite3

from qscore.store import gamesfile
from qscore.store.storage import DB_NAME
from tests.conftest import ok, run
from tests.test_damage import shrink_index, sql, two_games


def listings(home) -> dict[str, str]:
    return dict(sql(home, "SELECT kind, data FROM listings"))


def test_games_and_stats_keep_a_listing_and_read_it_back(isolated_home):
    two_games()
    ok("games")
    ok("stats")  # keeps fri's review: a summary changed drops every listing
    first = [ok("games", "--json"), ok("stats", "--json")]
    kept = listings(isolated_home)
    assert set(kept) == {"games", "stats"}
    assert [row[0] for row in json.loads(kept["games"])] == ["fri", "sat"]
    assert [ok("games", "--json"), ok("stats", "--json")] == first
    assert listings(isolated_home) == kept  # read, not made again


def test_a_listing_answers_only_for_the_file_it_was_made_from(isolated_home):
    two_games()
    ok("games")
    ok("rename", "dee", "dan", "-g", "sat")  # a new entry: a new fingerprint
    assert json.loads(ok("games", "--json"))[1]["players"] == ["dan", "eve", "fay"]
    ok("games", "--rename", "sat", "sun")  # a new name
    assert [g["game"] for g in json.loads(ok("games", "--json"))] == ["fri", "sun"]


def test_an_entry_changed_by_another_program_drops_the_listings(isolated_home):
    two_games()
    ok("games")
    ok("stats")
    data = {"round": 1, "player": "ann", "words": ["(qu)iz"], "unused": [], "out": True}
    sql(isolated_home, "UPDATE entries SET data = ? WHERE game_id = 1 AND seq = 2", json.dumps(data))
    assert listings(isolated_home) == {}
    fri = json.loads(ok("games", "--json"))[0]
    assert (
        fri["leaders"] == ["ann"]
        and fri["leader_total"] == json.loads(ok("sheet", "--json", "-g", "fri"))["totals"]["ann"]
    )


def test_an_older_file_without_listings_gains_them(isolated_home):
    two_games()
    for statement in [
        "DROP TABLE listings",
        *(f"DROP TRIGGER listings_{t}_{c}" for t, c in gamesfile._LISTING_TRIGGERS),
    ]:
        sql(isolated_home, statement)
    expected = ok("games", "--json")
    assert set(listings(isolated_home)) == {"games"}
    assert ok("games", "--json") == expected


def test_on_a_large_file_a_kept_listing_still_never_shows_a_smaller_game(isolated_home, monkeypatch):
    """Past CHECK_FULLY_UP_TO a hit skips SQLite's check; an index that lost a game's last
    entries changes the fingerprint, so the read is checked and the game named."""
    monkeypatch.setattr(gamesfile, "CHECK_FULLY_UP_TO", 0)
    ok("new", "dee", "eve", "fay", "-g", "sat")
    ok("new", "ann", "ben", "cat", "-g", "fri")
    ok("score", "ann", "cat", "--out", "-g", "fri")
    ok("score", "ben", "at", "--unused", "Z", "-g", "fri")
    ok("games")
    assert "games" in listings(isolated_home)
    shrink_index(isolated_home, 2)
    r = run("games", "--json")
    assert r.exit_code == 0 and "'fri'" in r.stderr, r.stderr
    assert [g["game"] for g in json.loads(r.stdout) if "error" not in g] == ["sat"]
    with sqlite3.connect(isolated_home / DB_NAME) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
