"""What the table sees when saving goes wrong: an error names the real cause, one line,
and means nothing was written; the games file is never changed by a refusal."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from contextlib import closing, contextmanager

import pytest

from qscore.game.entries import LaidDown
from qscore.store import gamesfile
from qscore.store.storage import DB_NAME, GameStore
from tests.conftest import ok, run

ROOT = os.geteuid() == 0


def refused(*args):
    """The command fails with one line on stderr; its text."""
    r = run(*args)
    assert r.exit_code == 2, (args, r.output)
    assert r.stderr.startswith("qscore: error: ") and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.output and "move it aside" not in r.stderr
    return r.stderr


def laydowns(home):
    with closing(sqlite3.connect(f"file:{home / DB_NAME}?mode=ro", uri=True)) as conn:
        rows = conn.execute("SELECT data FROM entries WHERE kind = 'laydown' ORDER BY seq").fetchall()
    return [json.loads(d) for (d,) in rows]


def started_game():
    ok("new", "ann", "ben", "cat")
    ok("score", "ann", "cat", "--out")


# --- making files and folders read-only, even for root ------------------------------


@contextmanager
def read_only_file(path):
    if ROOT:  # root writes through permission bits; not through the immutable flag
        if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
            pytest.skip("this filesystem has no immutable flag")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        mode = path.stat().st_mode
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(mode)


@contextmanager
def read_only_folder(folder):
    if ROOT:  # root writes through permission bits; not to a read-only mount
        bind = subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True)
        if bind.returncode:
            pytest.skip("cannot mount here")
        try:
            subprocess.run(["mount", "-o", "remount,ro,bind", str(folder)], check=True, capture_output=True)
            yield
        finally:
            subprocess.run(["umount", "--lazy", str(folder)], check=True)
    else:
        mode = folder.stat().st_mode
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(mode)


@contextmanager
def tiny_filesystem(folder):
    """A 256 KiB filesystem mounted on ``folder``, or a skip where none can be mounted."""
    if not ROOT or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)]).returncode:
        pytest.skip("cannot mount a tiny filesystem here (the simulated full disk still runs)")
    try:
        yield
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=True)


# --- read-only, full, locked ---------------------------------------------------------


def test_read_only_games_file(isolated_home):
    started_game()
    db = isolated_home / DB_NAME
    before = db.read_bytes()
    with read_only_file(db):
        assert refused("score", "ben", "at", "-u", "E") == (
            f"qscore: error: cannot save to {db}: the file is read-only; nothing was saved\n"
        )
        assert json.loads(ok("sheet", "--json"))["rounds"][0]["players"]["ann"]["words"] == ["cat"]
        assert "ann, ben, cat" in ok("games")
    assert db.read_bytes() == before
    ok("score", "ben", "at", "-u", "E")  # writable again: the game goes on
    assert [d["player"] for d in laydowns(isolated_home)] == ["ann", "ben"]


def test_read_only_folder(isolated_home):
    home = isolated_home
    started_game()
    db = isolated_home / DB_NAME
    before = db.read_bytes()
    with read_only_folder(isolated_home):
        message = refused("score", "ben", "at", "-u", "E")
        assert message == f"qscore: error: cannot save to {db}: the folder {home} is read-only; nothing was saved\n"
        assert refused("new", "dee", "eve", "fay").endswith("is read-only; nothing was saved\n")
        # reading needs no writing: the sheet still shows
        assert json.loads(ok("sheet", "--json"))["rounds"][0]["players"]["ann"]["out"] is True
    assert db.read_bytes() == before
    assert len(laydowns(isolated_home)) == 1


def test_read_only_folder_without_games_makes_nothing(isolated_home):
    home = isolated_home
    with read_only_folder(isolated_home):
        message = refused("new", "ann", "ben", "cat")
        assert message == (
            f"qscore: error: cannot save to {home / DB_NAME}: the folder {home} is read-only; nothing was saved\n"
        )
    assert not (isolated_home / DB_NAME).exists()
    assert [p.name for p in isolated_home.iterdir()] == ["cache"]


def test_full_disk_on_a_tiny_filesystem(tmp_path, monkeypatch, index_cache):
    home = tmp_path / "tiny"
    home.mkdir()
    with tiny_filesystem(home):
        (home / "cache").symlink_to(index_cache, target_is_directory=True)  # word indexes live elsewhere
        monkeypatch.setenv("QSCORE_HOME", str(home))
        started_game()
        try:
            with open(home / "filler", "wb") as filler:  # fill the disk
                while True:
                    filler.write(b"\0" * 4096)
                    filler.flush()
        except OSError:
            pass
        db = home / DB_NAME
        for _ in range(2):  # retrying changes nothing either
            assert refused("score", "ben", "at", "-u", "E") == (
                f"qscore: error: cannot save to {db}: the disk is full; nothing was saved\n"
            )
        assert refused("new", "dee", "eve", "fay").endswith("the disk is full; nothing was saved\n")
        assert json.loads(ok("sheet", "--json"))["rounds"][0]["players"]["ben"] is None
        (home / "filler").unlink()
        ok("score", "ben", "at", "-u", "E")
        assert [d["player"] for d in laydowns(home)] == ["ann", "ben"]


def test_full_disk_simulated(isolated_home, monkeypatch):
    """SQLite's own "disk is full", made by capping the database at the pages it has."""
    started_game()
    real_connect = sqlite3.connect

    def capped(database, *args, **kwargs):
        conn = real_connect(database, *args, **kwargs)
        if str(database).endswith("mode=rw"):
            pages = conn.execute("PRAGMA page_count").fetchone()[0]
            conn.execute(f"PRAGMA max_page_count = {pages}")
        return conn

    monkeypatch.setattr(sqlite3, "connect", capped)
    # a game with a house list of its own needs pages of its own, which the capped database has not got
    house = isolated_home / "house.txt"
    house.write_text("".join(f"q{a}{b}{c}\n" for a in "abcdefghij" for b in "abcdefghij" for c in "abcdefghij"))
    message = refused("new", "dee", "eve", "fay", "--allow", str(house))
    assert message == f"qscore: error: cannot save to {isolated_home / DB_NAME}: the disk is full; nothing was saved\n"
    monkeypatch.setattr(sqlite3, "connect", real_connect)
    assert [g["game"] for g in json.loads(ok("games", "--json"))] == [GameStore().load().name]


@pytest.mark.slow
def test_lock_held_too_long(isolated_home, monkeypatch):
    started_game()
    monkeypatch.setattr(gamesfile, "BUSY_TIMEOUT_MS", 300)
    holder = sqlite3.connect(isolated_home / DB_NAME, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program in the middle of a write
    try:
        assert refused("score", "ben", "at", "-u", "E") == (
            f"qscore: error: the saved games at {isolated_home / DB_NAME} stayed locked by another process "
            "for 0.3 seconds; nothing was saved: try again when it is done\n"
        )
        assert "ann" in ok("sheet")  # reading waits for no writer
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    ok("score", "ben", "at", "-u", "E")
    assert len(laydowns(isolated_home)) == 2


# --- files that are not qscore's, or not whole -----------------------------------------


def test_home_that_is_a_file(tmp_path, monkeypatch):
    home = tmp_path / "notes.txt"
    home.write_text("my notes\n")
    monkeypatch.setenv("QSCORE_HOME", str(home))
    expected = f"qscore: error: the qscore home {home} is a file, not a folder: point QSCORE_HOME at a folder\n"
    for args in (["new", "ann", "ben", "cat"], ["sheet"], ["games"], ["score", "ann", "cat"], ["undo"]):
        assert refused(*args) == expected, args
    assert home.read_text() == "my notes\n"
    monkeypatch.setenv("QSCORE_HOME", str(home / "games"))
    assert "is a file, not a folder" in refused("new", "ann", "ben", "cat")


def test_a_qscore_home_that_is_a_fifo_or_a_device_is_named_so(tmp_path, monkeypatch):
    """It was "a file, not a folder" (issue 27: a FIFO or a device is named as such)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for home, kind in ((fifo, "a FIFO"), ("/dev/null", "a device")):
        monkeypatch.setenv("QSCORE_HOME", str(home))
        for args in (["new", "ann", "ben", "cat"], ["games"]):
            assert refused(*args) == (
                f"qscore: error: the qscore home {home} is {kind}, not a folder: point QSCORE_HOME at a folder\n"
            ), args


def test_a_qscore_home_that_is_a_link_to_nothing_is_named(tmp_path, monkeypatch):
    """Issue 27, item 6: a dangling QSCORE_HOME (a drive not mounted) said "File exists" to
    `new` and "no saved games yet" to `games`; nothing is made where the link points."""
    home, target = tmp_path / "mnt", tmp_path / "drive" / "qscore"
    home.symlink_to(target)
    monkeypatch.setenv("QSCORE_HOME", str(home))
    told = f"qscore: error: the qscore home {home} is a link to {target}, which is not there: qscore left it as it is\n"
    for args in (["new", "ann", "ben", "cat"], ["games"], ["sheet"], ["score", "ann", "cat"]):
        assert refused(*args) == told, args
    monkeypatch.setenv("QSCORE_HOME", str(home / "games"))
    assert refused("new", "ann", "ben", "cat") == (
        f"qscore: error: {home} is a link to {target}, which is not there, so the qscore home {home / 'games'} "
        "cannot be made: qscore left it as it is\n"
    )
    assert not target.parent.exists() and home.is_symlink()


def test_a_relative_qscore_home_is_refused_and_a_tilde_is_the_home_folder(tmp_path, monkeypatch):
    """Issue 27, item 6: QSCORE_HOME=games kept the games in a folder under wherever qscore
    ran, so a game started in one folder was missing from the next. A person setting it
    means one place: a relative path is refused, in one line, by every command."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("QSCORE_HOME", "games")
    told = (
        "qscore: error: QSCORE_HOME is 'games', a relative path, which would keep the games in whatever folder "
        "qscore runs from: set it to a full path (starting with / or ~)\n"
    )
    for args in (["new", "ann", "ben", "cat"], ["games"], ["sheet"], ["rename", "ann", "bo"]):
        assert refused(*args) == told, args
    assert not (tmp_path / "games").exists()
    monkeypatch.setenv("HOME", str(tmp_path / "me"))
    monkeypatch.setenv("QSCORE_HOME", "~/qscore")  # as a shell leaves it when quoted
    ok("new", "ann", "ben", "cat")
    assert (tmp_path / "me" / "qscore" / DB_NAME).is_file()


@pytest.mark.slow
def test_a_relative_qscore_home_is_one_line_before_a_dictionary_opens_early(tmp_path):
    """The entry point begins opening a named system dictionary before the command runs
    (in a folder of the cache): a relative QSCORE_HOME was a traceback there."""
    env = {**os.environ, "QSCORE_HOME": "rel"}
    here = tmp_path / "here"
    here.mkdir()
    for args in (["check", "-d", "en_US", "quiz"], ["new", "ann", "ben", "-d", "en_US"]):
        done = subprocess.run(
            [sys.executable, "-m", "qscore", *args], capture_output=True, text=True, cwd=here, env=env, check=False
        )
        assert done.returncode == 2 and done.stderr.startswith("qscore: error: QSCORE_HOME is 'rel', a relative path")
        assert done.stderr.count("\n") == 1 and done.stdout == "", args
    assert list(here.iterdir()) == []


def test_a_folder_where_the_games_file_goes(isolated_home):
    (isolated_home / DB_NAME).mkdir()
    for args in (["new", "ann", "ben", "cat"], ["sheet"], ["games"]):
        assert refused(*args) == (
            f"qscore: error: the saved games at {isolated_home / DB_NAME} are a folder, not a file: "
            "qscore left it as it is\n"
        )


@pytest.mark.parametrize("mark", [0, 0x4D504553])
def test_another_programs_database_with_qscores_table_names_is_never_changed(isolated_home, mark):
    """Issue 27, item 6: another program's database whose tables are called games and
    entries, with qscore's columns and user_version 1, was taken as qscore's and written
    to. A file qscore made carries qscore's mark (SQLite's application_id); one an earlier
    qscore made has its two tables word for word as qscore wrote them: this has neither."""
    db = isolated_home / DB_NAME
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.executescript(
            """CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,
                   started TEXT NOT NULL DEFAULT (datetime('now')), owner TEXT);
            CREATE TABLE entries (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL,
                   data TEXT NOT NULL, at TEXT NOT NULL DEFAULT (datetime('now')), PRIMARY KEY (game_id, seq));
            INSERT INTO games VALUES (1, 'chess club', '2026-01-01', 'ann');
            PRAGMA user_version = 1;"""
        )
        conn.execute(f"PRAGMA application_id = {mark}")
    before = db.read_bytes()
    for args in (["new", "ann", "ben", "cat"], ["score", "ann", "cat"], ["sheet"], ["games"], ["undo"]):
        assert refused(*args) == (
            f"qscore: error: {db} is an SQLite database, but not qscore's: qscore left it as it is "
            "(set QSCORE_HOME to keep games in another folder)\n"
        ), args
    assert db.read_bytes() == before
    assert sorted(p.name for p in isolated_home.iterdir()) == ["cache", DB_NAME]


def test_a_file_qscore_makes_carries_its_mark(isolated_home):
    ok("new", "ann", "ben", "cat")
    with closing(sqlite3.connect(isolated_home / DB_NAME)) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == gamesfile.APPLICATION_ID


@pytest.mark.parametrize(("user_version", "journal"), [(0, "delete"), (1, "delete"), (7, "delete"), (1, "wal")])
def test_another_programs_database_is_never_changed(isolated_home, user_version, journal):
    db = isolated_home / DB_NAME
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA journal_mode = {journal}")
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.execute("INSERT INTO recipes VALUES ('soup')")
        conn.execute(f"PRAGMA user_version = {user_version}")
    conn.close()
    before = db.read_bytes()
    for args in (["new", "ann", "ben", "cat"], ["score", "ann", "cat"], ["sheet"], ["games"], ["undo"]):
        message = refused(*args)
        assert message == (
            f"qscore: error: {db} is an SQLite database, but not qscore's: qscore left it as it is "
            "(set QSCORE_HOME to keep games in another folder)\n"
        ), args
    assert db.read_bytes() == before  # header included: its journal mode is as it was
    if journal == "delete":
        assert sorted(p.name for p in isolated_home.iterdir()) == ["cache", DB_NAME]


def test_empty_games_file_is_refused_not_recreated(isolated_home):
    db = isolated_home / DB_NAME
    db.touch()
    for args in (["new", "ann", "ben", "cat"], ["sheet"], ["games"], ["score", "ann", "cat"]):
        message = refused(*args)
        assert message.startswith(f"qscore: error: the saved games at {db} are an empty file (0 bytes"), args
        assert "delete it to start afresh" in message
    assert db.stat().st_size == 0
    db.unlink()
    ok("new", "ann", "ben", "cat")  # deleted, as the message says: a fresh start


def test_a_new_games_file_appears_whole(isolated_home, monkeypatch):
    """qscore makes its database under another name first: the games path never holds half of one."""
    seen = []
    real_link = os.link

    def link(src, dst):
        conn = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
        seen.append(conn.execute("PRAGMA user_version").fetchone()[0])
        conn.close()
        return real_link(src, dst)

    monkeypatch.setattr(os, "link", link)
    assert not (isolated_home / DB_NAME).exists()
    ok("new", "ann", "ben", "cat")
    assert seen == [gamesfile.SCHEMA_VERSION]
    assert sorted(p.name for p in isolated_home.iterdir()) == ["cache", DB_NAME]  # no temporary left


def test_a_damaged_game_is_named_and_the_others_still_list(isolated_home):
    ok("new", "ann", "ben", "cat", "--game", "friday")
    ok("new", "dee", "eve", "fay", "--game", "saturday")
    ok("score", "dee", "cat", "--out", "--game", "saturday")
    with sqlite3.connect(isolated_home / DB_NAME) as conn:
        conn.execute("""INSERT INTO entries (game_id, seq, kind, data) VALUES (1, 2, 'laydown', '{"round": 1}')""")
    conn.close()
    r = run("games")
    assert r.exit_code == 0
    assert "saturday" in r.stdout and "dee (" not in r.stdout and "0 of 8" in r.stdout
    assert r.stderr.startswith("qscore: warning: game 'friday' cannot be read: game 'friday' has a damaged entry")
    assert r.stderr.count("\n") == 1
    rows = json.loads(run("games", "--json").stdout)
    assert rows[0]["game"] == "friday" and "damaged entry" in rows[0]["error"]
    assert rows[1]["game"] == "saturday" and rows[1]["round"] == 1
    assert "has a damaged entry" in refused("sheet", "--game", "friday")
    ok("sheet", "--game", "saturday")


# --- the dictionary is decided before the write ---------------------------------------


def test_moved_word_list_records_nothing_unless_unchecked(isolated_home, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cat\nat\nox\n")
    ok("new", "ann", "ben", "cat", "-d", str(words))
    words.rename(tmp_path / "elsewhere.txt")
    for _ in range(2):  # a retry records nothing either
        message = refused("score", "ann", "cat", "--out")
        assert message == (
            f"qscore: error: the game's dictionary cannot be opened (no word-list file '{words}'): nothing was "
            "recorded; add --unchecked to record without checking the words\n"
        )
    assert laydowns(isolated_home) == []
    out = ok("score", "ann", "cat", "--out", "--unchecked")
    assert out.startswith(
        "Recorded ann's laydown in round 1: cat (went out).\n  as laid: C·A·T 13\n  words not checked (--unchecked)"
    )
    assert [d["player"] for d in laydowns(isolated_home)] == ["ann"]
    assert "--ruling valid or --ruling invalid" in refused("challenge", "ann", "cat", "--by", "ben")
    ok("challenge", "ann", "cat", "--by", "ben", "--ruling", "valid")


def test_a_laydown_recorded_meanwhile_is_not_overwritten(isolated_home, monkeypatch):
    """Two terminals score ann at once: the second is refused inside its write, not after."""
    from qscore.scorekeeper import writes

    ok("new", "ann", "ben", "cat")
    judged = writes.refused_words

    def other_terminal_meanwhile(game, laid, dictionary=None, **options):
        with GameStore().appending() as write:
            write.add(LaidDown(1, "ann", ("at",), ("E",), False))
        return judged(game, laid, dictionary, **options)

    monkeypatch.setattr(writes, "refused_words", other_terminal_meanwhile)  # as the laydown's use-case calls it
    message = refused("score", "ann", "cat", "--out")
    assert message == "qscore: error: ann already laid at (unused E) in round 1: add --replace to change it\n"
    assert [d["words"] for d in laydowns(isolated_home)] == [["at"]]


# --- Ctrl-C -------------------------------------------------------------------------


def interrupted_score(patch):
    """``qscore score ann cat --out`` in its own process, Ctrl-C at the point ``patch`` marks."""
    child = (
        textwrap.dedent(
            """
        import sys, time
        from qscore.store import storage
        from qscore.cli import games
        """
        )
        + textwrap.dedent(patch)
        + textwrap.dedent(
            """
        from qscore.cli import main
        sys.argv = ["qscore", "score", "ann", "cat", "--out"]
        main()
        """
        )
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", child], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=os.environ.copy()
    )
    assert proc.stdout.readline().strip() == b"now"
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=120)  # a bound on a hang, not a time to meet
    return proc.returncode, err.decode()


def test_ctrl_c_inside_the_write_says_nothing_was_saved(isolated_home):
    ok("new", "ann", "ben", "cat")
    code, err = interrupted_score(
        """
        insert = storage.GameStore._insert
        def slow_insert(self, conn, game_id, entry):
            insert(self, conn, game_id, entry)
            print("now", flush=True)
            time.sleep(30)
        storage.GameStore._insert = slow_insert
        """
    )
    assert code == 130
    assert err.strip() == "qscore: stopped (Ctrl-C): nothing was saved"
    assert laydowns(isolated_home) == []


def test_ctrl_c_after_the_write_says_it_was_saved(isolated_home):
    ok("new", "ann", "ben", "cat")
    code, err = interrupted_score(
        """
        def slow_closing(*args):
            print("now", flush=True)
            time.sleep(30)
        games.closing_text = slow_closing
        """
    )
    assert code == 130
    assert err.strip() == "qscore: stopped (Ctrl-C) after the entry was saved: see qscore sheet"
    assert [d["player"] for d in laydowns(isolated_home)] == ["ann"]
