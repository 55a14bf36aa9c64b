"""The sheet `qscore serve` serves follows the games file's log, not the file's size and
time: an entry saved and readable is on the next look (a request, or the watch's poll),
whatever the file's metadata says. A commit writes and syncs its frames to the log before
it publishes them, so a look at the files in between saw a change no reader could see
yet; here ``os.stat`` is made to report the games file and its log as they were, the
worst a look at the files can be fooled, and the sheet must follow all the same."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import anyio
import pytest
from starlette.testclient import TestClient

from qscore import scorekeeper
from qscore.web.pages import make_app
from tests.conftest import ok
from tests.test_serve import BASE, CODE, as_player, lay

KEEPER = "M9T4HC"
KBASE = f"/k/{KEEPER}/"


@pytest.fixture
def game() -> str:
    ok("new", "ann", "ben", "cat", "-g", "fri")
    return "fri"


@pytest.fixture
def files_unchanged(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Called, the games file and its log look to ``os.stat`` from then on as they were
    then (size, time, inode; a log not there stays not there)."""

    def freeze() -> None:
        db = scorekeeper.games_file()
        real = os.stat
        then: dict[str, os.stat_result | None] = {}
        for path in (str(db), f"{db}-wal"):
            try:
                then[path] = real(path)
            except FileNotFoundError:
                then[path] = None

        def stat(path, *args, **kwargs):  # type: ignore[no-untyped-def]
            key = os.fsdecode(path) if isinstance(path, str | bytes | os.PathLike) else None
            if key not in then:
                return real(path, *args, **kwargs)
            if then[key] is None:
                raise FileNotFoundError(2, "No such file or directory", key)
            return then[key]

        monkeypatch.setattr(os, "stat", stat)

    return freeze


def sheet_json() -> dict:
    return json.loads(ok("sheet", "--json", "-g", "fri"))


# --- the mechanism ----------------------------------------------------------------------


def test_the_games_files_version_moves_once_an_entry_can_be_read(game):
    follower = scorekeeper.follow_games()
    try:
        first = follower.version()
        assert follower.version() == first  # nothing saved: the same version, nothing read
        ok("score", "ann", "cat", "--out")
        second = follower.version()
        assert second != first and follower.version() == second
        # a write under way, its pages spilled to the log, is no entry a reader can see
        with sqlite3.connect(scorekeeper.games_file(), isolation_level=None) as conn:
            conn.execute("PRAGMA cache_size = 1")  # pages spill to the log before the commit
            wal = Path(f"{scorekeeper.games_file()}-wal")
            size = wal.stat().st_size
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("CREATE TABLE pending (x)")
            conn.executemany("INSERT INTO pending VALUES (?)", [(b"x" * 2000,) for _ in range(200)])
            assert wal.stat().st_size > size  # the file changed...
            assert follower.version() == second  # ...and nothing in it can be read yet
            conn.execute("ROLLBACK")
        conn.close()
        assert follower.version() == second
        ok("games", "--rename", "fri", "sat")  # a rename is a change of what is read too
        assert follower.version() != second
    finally:
        follower.close()


def test_a_file_in_the_games_files_place_is_followed_and_a_fifo_never_opened(game, isolated_home):
    follower = scorekeeper.follow_games()
    try:
        before = follower.version()
        for part in isolated_home.glob("games.sqlite3*"):
            part.unlink()
        os.mkfifo(scorekeeper.games_file())  # opened, it would never answer
        gone = follower.version()
        assert gone != before and follower.version() == gone
    finally:
        follower.close()


@pytest.mark.parametrize("when", ["before the read", "after the read"])
def test_the_served_sheet_cannot_keep_an_old_version_once_the_log_has_a_newer_entry(
    game, files_unchanged, monkeypatch, when
):
    watch = make_app(game, CODE).state.watch
    read = watch.read

    def read_with_a_write_beside() -> object:
        if when == "before the read":
            ok("score", "ben", "at", "-u", "Z")  # after the look at the log, before the read
            return read()
        got = read()
        ok("score", "ben", "at", "-u", "Z")  # after the read, before its sheet is served
        return got

    async def main() -> None:
        for _ in range(2):
            await watch.refresh()  # read, and settled: nothing to read again
        files_unchanged()
        ok("score", "ann", "cat", "--out")
        monkeypatch.setattr(watch, "read", read_with_a_write_beside)
        await watch.refresh()  # ann's entry read, ben's saved beside the read
        monkeypatch.setattr(watch, "read", read)
        await watch.refresh()  # the next look, whatever the files say

    anyio.run(main)
    assert watch.snapshot.data == sheet_json()
    assert watch.snapshot.data["rounds"][0]["players"]["ben"]["words"] == ["at"]


def test_a_terminals_entry_is_on_the_next_look_though_the_files_look_unchanged(game, files_unchanged):
    watch = make_app(game, CODE).state.watch

    async def main() -> tuple[int, int]:
        for _ in range(2):
            await watch.refresh()  # read, and settled: nothing to read again
        first = watch.snapshot.version
        files_unchanged()
        ok("score", "ann", "cat", "--out")
        await watch.refresh()
        return first, watch.snapshot.version

    first, then = anyio.run(main)
    assert then == first + 1 and watch.snapshot.data == sheet_json()


def test_a_look_with_nothing_saved_since_reads_no_game(game, monkeypatch):
    watch = make_app(game, CODE).state.watch
    reads: list[int] = []
    read = watch.read

    def counted() -> object:
        reads.append(1)
        return read()

    monkeypatch.setattr(watch, "read", counted)

    async def main() -> list[int]:
        counts = []
        for _ in range(2):
            await watch.refresh()  # the first look reads the game (and who it is)
        counts.append(len(reads))
        for _ in range(20):
            await watch.refresh()
        counts.append(len(reads))
        ok("score", "ann", "cat", "--out")
        for _ in range(20):
            await watch.refresh()
        counts.append(len(reads))
        return counts

    settled, idle, after_a_write = anyio.run(main)
    assert idle == settled and after_a_write == settled + 1


# --- every page, as fresh as the log ----------------------------------------------------


@pytest.fixture
def pages(game) -> Iterator[TestClient]:
    with TestClient(make_app(game, CODE, KEEPER)) as client:  # the watch's poll runs beside
        yield client


def test_every_page_shows_another_terminals_entry_at_once(pages, files_unchanged):
    for path in (BASE, BASE + "tv", BASE + "api/sheet", KBASE):
        assert pages.get(path).status_code == 200  # each has served the sheet before the entry
    files_unchanged()
    ok("score", "ann", "cat", "--out")
    assert pages.get(BASE + "api/sheet").json() == sheet_json()
    for path in (BASE, BASE + "tv", KBASE):
        assert "cat *" in pages.get(path).text, path
    ok("score", "ben", "at", "-u", "Z")
    assert pages.get(BASE + "api/sheet").json() == sheet_json()


def test_the_page_that_laid_shows_its_own_laydown(pages, files_unchanged):
    as_player(pages, "ann")
    files_unchanged()
    shown = lay(pages, player="ann", words="cat", out="yes")
    assert shown.status_code == 200 and "cat *" in shown.text
    assert pages.get(BASE + "api/sheet").json() == sheet_json()


def test_the_live_stream_sends_another_terminals_entry(game, files_unchanged):
    watch = make_app(game, CODE).state.watch

    async def main() -> str:
        for _ in range(2):
            await watch.refresh()
        first = watch.snapshot.version
        files_unchanged()
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(watch.watch)  # the poll a page's stream waits on
            await anyio.to_thread.run_sync(lambda: ok("score", "ann", "cat", "--out"))
            with anyio.fail_after(20):
                newer = await watch.after(first)
            tasks.cancel_scope.cancel()
        assert newer is not None
        return newer.html

    assert "cat *" in anyio.run(main)
