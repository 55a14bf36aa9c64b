"""Saved games survive kills mid-write, a second terminal, and newer or damaged files."""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from qscore.errors import StorageError
from qscore.game.entries import GameConfig, LaidDown
from qscore.store.gamesfile import SCHEMA_VERSION
from qscore.store.storage import DB_NAME, GameStore
from tests.conftest import ok, run


def qscore_process(*args):
    """``qscore ARGS`` as its own process, with this test's QSCORE_HOME."""
    return subprocess.Popen(
        [sys.executable, "-m", "qscore", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=os.environ.copy(),
    )


def entry_count(home):
    with sqlite3.connect(home / DB_NAME) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return conn.execute("SELECT count(*) FROM entries").fetchone()[0]


def laydown_round(game, player):
    return [e.act for e in game.entries if isinstance(e.act, LaidDown) and e.act.player == player]


@pytest.mark.slow
def test_kill_inside_the_write_transaction_loses_only_that_entry(isolated_home):
    ok("new", "ann", "ben", "cat")
    ok("score", "ben", "at", "--unused", "Z")
    ok("score", "cat", "ox", "--unused", "E")
    # A child process appends ann's laydown, but stops after the INSERT and before the
    # COMMIT; it is killed there.
    child = textwrap.dedent(
        """
        import sys, time
        from qscore.store import storage
        insert = storage.GameStore._insert
        def slow_insert(self, conn, game_id, entry):
            insert(self, conn, game_id, entry)
            print("inserted", flush=True)
            time.sleep(60)
        storage.GameStore._insert = slow_insert
        from qscore.game.entries import LaidDown
        with storage.GameStore().appending() as write:
            write.add(LaidDown(1, "ann", ("cat",), (), True))
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, env=os.environ.copy())
    assert proc.stdout.readline().strip() == b"inserted"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert entry_count(isolated_home) == 3  # created, ben, cat: the killed write left nothing
    got = json.loads(ok("sheet", "--json"))
    assert got["rounds"][0]["players"]["ben"]["words"] == ["at"]
    assert got["rounds"][0]["players"]["ann"] is None
    ok("score", "ann", "cat", "--out")  # and the game goes on
    assert json.loads(ok("sheet", "--json"))["rounds"][0]["closed"]


@pytest.mark.slow
def test_random_kills_of_qscore_score_keep_every_earlier_entry(isolated_home):
    ok("new", "ann", "ben", "cat")
    ok("score", "ben", "at", "--unused", "Z")
    rng = random.Random(7)
    finished = 0
    for _ in range(12):
        # --replace: each run that finishes appends an entry (the same laydown typed again
        # without it changes nothing, and says so)
        proc = qscore_process("score", "cat", "ox", "--unused", "E", "--replace")
        time.sleep(rng.uniform(0.05, 0.6))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        finished += proc.returncode == 0
    count = entry_count(isolated_home)
    # created + ben's, plus each cat laydown that committed before its kill
    assert 2 + finished <= count <= 2 + 12
    game = GameStore().load()
    assert laydown_round(game, "ben")[0].words == ("at",)
    assert [e.seq for e in game.entries] == list(range(1, count + 1))


@pytest.mark.slow
def test_concurrent_writers_lose_nothing(isolated_home):
    players = [f"p{i}" for i in range(1, 9)]
    ok("new", *players)
    cards = ["A", "E", "I", "O", "N", "R", "T", "S"]  # three of each, within the deck together
    procs = [qscore_process("score", p, "--unused", f"{c} {c} {c}") for p, c in zip(players, cards, strict=True)]
    for p in procs:
        _out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
    game = GameStore().load()
    assert game.rounds[0].closed and set(game.rounds[0].laydowns) == set(players)

    # four threads, 25 writes each, each through its own connection
    errors = []

    def write(player):
        store = GameStore()

        for _ in range(25):
            try:
                with store.appending() as write:
                    write.add(LaidDown(2, player, ("at",), ("E", "E"), False))
            except Exception as exc:
                errors.append(exc)

    threads = [threading.Thread(target=write, args=(p,)) for p in players[:4]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    game = GameStore().load()
    assert [e.seq for e in game.entries] == list(range(1, 1 + 8 + 100 + 1))


def test_damaged_file_gives_a_clear_error_and_is_left_alone(isolated_home):
    ok("new", "ann", "ben", "cat")
    db = isolated_home / DB_NAME
    db.write_bytes(b"this is not a database, it was a shopping list" * 100)
    before = db.read_bytes()
    for args in (["sheet"], ["score", "ann", "cat", "--out"], ["new", "x", "y", "z"], ["games"], ["undo"]):
        r = run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert r.stderr.startswith(f"qscore: error: cannot read the saved games at {db}")
        assert "damaged" in r.stderr and r.stderr.count("\n") == 1
    assert db.read_bytes() == before


@pytest.mark.slow
def test_truncated_file_gives_a_clear_error(isolated_home):
    ok("new", "ann", "ben", "cat")
    for _ in range(40):
        ok("score", "ann", "cat", "--out", "--replace")
    db = isolated_home / DB_NAME
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    r = run("sheet")
    assert r.exit_code == 2 and "damaged" in r.stderr and "Traceback" not in r.output


def test_newer_schema_is_refused_and_left_alone(isolated_home):
    ok("new", "ann", "ben", "cat")
    db = isolated_home / DB_NAME
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = db.read_bytes()
    r = run("score", "ann", "cat", "--out")
    assert r.exit_code == 2
    assert f"written by a newer qscore (schema {SCHEMA_VERSION + 1}" in r.stderr
    assert db.read_bytes() == before


def test_newer_entry_kind_is_refused(isolated_home):
    ok("new", "ann", "ben", "cat")
    with sqlite3.connect(isolated_home / DB_NAME) as conn:
        conn.execute("INSERT INTO entries (game_id, seq, kind, data) VALUES (1, 2, 'wager', '{}')")
    r = run("sheet")
    assert r.exit_code == 2 and "holds entries a newer qscore wrote (wager)" in r.stderr


def test_someone_elses_database_is_not_touched(isolated_home):
    db = isolated_home / DB_NAME
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    before = db.read_bytes()
    r = run("new", "ann", "ben", "cat")
    assert r.exit_code == 2 and "not qscore's" in r.stderr
    assert db.read_bytes() == before


def test_saved_game_loads_back_equal(isolated_home):
    config = GameConfig(players=("ann", "ben", "cat"), bonus="most", allow=("qat",), rounds=(3, 4))
    store = GameStore()
    store.create(config, "g")
    assert store.load("g").config == config
    with pytest.raises(StorageError, match="exists already"):
        store.create(config, "g")


def test_damaged_entry_or_newer_settings_are_refused(isolated_home):
    ok("new", "ann", "ben", "cat")
    with sqlite3.connect(isolated_home / DB_NAME) as conn:
        conn.execute("""INSERT INTO entries (game_id, seq, kind, data) VALUES (1, 2, 'laydown', '{"round": 1}')""")
    r = run("sheet")
    assert r.exit_code == 2 and "has a damaged entry" in r.stderr and r.stderr.count("\n") == 1

    ok("new", "dee", "eve", "fay", "--game", "later")
    with sqlite3.connect(isolated_home / DB_NAME) as conn:
        (data,) = conn.execute("SELECT data FROM entries WHERE game_id = 2 AND seq = 1").fetchone()
        newer = json.dumps({**json.loads(data), "jokers": 2})
        conn.execute("UPDATE entries SET data = ? WHERE game_id = 2 AND seq = 1", (newer,))
    r = run("sheet", "--game", "later")
    assert r.exit_code == 2 and "settings a newer qscore wrote (jokers)" in r.stderr


def test_a_games_folder_that_cannot_be_entered_is_one_line(isolated_home, monkeypatch):
    """As a user without the right to look into the qscore home's parent (root has it, so the
    system's refusal is made here)."""
    from pathlib import Path

    home = isolated_home / "locked" / "home"
    monkeypatch.setenv("QSCORE_HOME", str(home))
    exists = Path.exists

    def refused(self, *args, **kwargs):
        if str(self).startswith(str(isolated_home / "locked")):
            raise PermissionError(13, "Permission denied", str(self))
        return exists(self, *args, **kwargs)

    monkeypatch.setattr(Path, "exists", refused)
    for command in (["games"], ["new", "ann", "ben", "cat"], ["sheet"], ["score", "ann", "at", "-u", "E"]):
        r = run(*command)
        assert r.exit_code == 2 and r.stderr.count("\n") == 1, command
        assert r.stderr.startswith(
            f"qscore: error: cannot reach the saved games at {home / DB_NAME}: permission denied"
        )


@pytest.mark.parametrize("odd", ["dangling link", "fifo", "device"])
def test_a_link_to_nothing_a_fifo_or_a_device_at_the_games_path_is_named(isolated_home, odd):
    db = isolated_home / DB_NAME
    if odd == "dangling link":
        db.symlink_to(isolated_home / "gone.sqlite3")
        told = f"are a link to {isolated_home / 'gone.sqlite3'}, which is not there"
    elif odd == "fifo":
        os.mkfifo(db)
        told = "are a FIFO, not a file"
    else:
        db.symlink_to("/dev/zero")
        told = "are a device, not a file"
    for command in (["games"], ["sheet"], ["new", "ann", "ben", "cat"]):
        r = run(*command)  # a FIFO read would never end
        assert (
            r.exit_code == 2 and r.stderr == f"qscore: error: the saved games at {db} {told}: qscore left it as it is\n"
        )
