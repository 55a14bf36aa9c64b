"""Files both ways between this qscore and the last release (656ee72), which kept two more
tables beside the log (each game's replay, the listings of `games` and `stats`; its file in
tests/data/release-games holds the listings) with their triggers: this version drops them
at its next write, reads and writes the release's file entry for entry, and the release
reads and writes a file this version wrote."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from qscore.store.ruledcopy import RULINGS_TRIGGERS
from tests.conftest import ok
from tests.test_log import RELEASE, kept

LAST_RELEASE = "656ee72"
REPO = Path(__file__).resolve().parent.parent
SUMMARY_TRIGGERS = {
    "summaries_entry_added",
    "summaries_entry_changed",
    "summaries_entry_removed",
    "summaries_game_removed",
}


def schema(db: Path) -> tuple[set[str], set[str]]:
    """The file's tables and triggers, by name."""
    with closing(sqlite3.connect(db)) as conn:
        rows = conn.execute("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'trigger')").fetchall()
    return {n for t, n in rows if t == "table"}, {n for t, n in rows if t == "trigger"}


def release_file(home: Path) -> Path:
    db = home / "games.sqlite3"
    shutil.copy(RELEASE / "games.sqlite3", db)
    return db


def sheets() -> dict[str, object]:
    return {name: json.loads((RELEASE / f"{name}.json").read_text("utf-8")) for name in ("friday", "duel")}


def test_the_next_write_drops_the_tables_the_last_release_kept_and_reads_the_same(isolated_home):
    db = release_file(isolated_home)
    tables, triggers = schema(db)
    assert "listings" in tables and any(t.startswith("listings_") for t in triggers)
    was = sheets()
    for name, sheet in was.items():
        assert kept(sheet, json.loads(ok("sheet", "-g", name, "--json"))) == sheet
    assert schema(db) == (tables, triggers)  # a read that keeps nothing changes nothing
    ok("new", "ann", "ben", "cat", "-g", "after")
    tables, triggers = schema(db)
    assert tables == {"games", "entries", "summaries", "rulings"}
    # what keeps a summary true to its log, whoever writes; by the names the release looks
    # for to read the summaries at all; and the copy of the table's paper rulings beside the log
    assert triggers == SUMMARY_TRIGGERS | RULINGS_TRIGGERS
    for name, sheet in was.items():
        assert kept(sheet, json.loads(ok("sheet", "-g", name, "--json"))) == sheet
    ok("score", "ann", "cat", "--out", "-g", "after")
    assert json.loads(ok("sheet", "-g", "after", "--json"))["rounds"][0]["players"]["ann"]["words"] == ["cat"]


def last_release(tree: Path, home: Path, *args: str) -> str:
    """A command of the last release's qscore, its code at ``tree``, on the games at ``home``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "QSCORE_HOME": str(home)}
    done = subprocess.run(  # from its folder: the folder run from comes first on the path
        [sys.executable, "-m", "qscore", *args], cwd=tree, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def as_the_release_words(shown: str) -> str:
    """A sheet as the release words it: its legend does not say what a round's (n) is."""
    return shown.replace(", (n): the running total after the round", "")


@pytest.mark.slow
def test_the_last_release_reads_and_writes_a_file_this_version_wrote(isolated_home, tmp_path):
    """The release's own code, from git: it reads the file as this version left it (the
    release's tables dropped) as this version does, and writes to it; this version reads
    what it wrote, entry for entry, and drops the tables it made again at its next write."""
    found = subprocess.run(
        ["git", "cat-file", "-e", f"{LAST_RELEASE}^{{commit}}"], cwd=REPO, capture_output=True, check=False
    )
    if found.returncode != 0:
        pytest.skip(f"the last release, {LAST_RELEASE}, is not in this clone's history")
    tree = tmp_path / "release"
    tree.mkdir()
    archive = subprocess.run(["git", "archive", LAST_RELEASE, "qscore"], cwd=REPO, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)

    db = release_file(isolated_home)
    ok("new", "ann", "ben", "cat", "-g", "after")
    ok("score", "ann", "cat", "--out", "-g", "after")
    assert schema(db)[0] == {"games", "entries", "summaries", "rulings"}
    for args in (("sheet", "-g", "after"), ("sheet", "-g", "friday"), ("games",)):
        assert last_release(tree, isolated_home, *args) == as_the_release_words(ok(*args))
    last_release(tree, isolated_home, "score", "ben", "at", "--unused", "E", "--unchecked", "-g", "after")
    assert {"replays", "listings"} <= schema(db)[0]  # the release keeps its tables again
    sheet = json.loads(ok("sheet", "-g", "after", "--json"))
    assert sheet["rounds"][0]["players"]["ben"]["words"] == ["at"]
    for args in (("sheet", "-g", "after"), ("games",)):
        assert last_release(tree, isolated_home, *args) == as_the_release_words(ok(*args))
    ok("score", "cat", "ox", "--unused", "E", "--unchecked", "-g", "after")
    assert schema(db) == ({"games", "entries", "summaries", "rulings"}, SUMMARY_TRIGGERS | RULINGS_TRIGGERS)
    assert last_release(tree, isolated_home, "sheet", "-g", "after") == as_the_release_words(ok("sheet", "-g", "after"))
