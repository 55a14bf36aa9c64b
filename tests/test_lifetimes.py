"""What the use-cases leave behind: nothing. A store lives for one call (its connections for
one read or one write); what a command saved is recorded only inside its recording() block."""

import gc
import sqlite3

import pytest

from qscore import scorekeeper
from qscore.store.gamesfile import GamesFile
from qscore.store.storage import GameStore
from tests.conftest import ok

KINDS = (GameStore, GamesFile, sqlite3.Connection)


def alive() -> dict[str, int]:
    """How many stores, games files and SQLite connections are still reachable."""
    gc.collect()
    counts = dict.fromkeys((k.__name__ for k in KINDS), 0)
    for obj in gc.get_objects():
        for kind in KINDS:
            if isinstance(obj, kind):
                counts[kind.__name__] += 1
    return counts


READS = (
    lambda: scorekeeper.load_game("friday"),
    lambda: scorekeeper.game_names(),
    lambda: scorekeeper.saved_games(),
    lambda: scorekeeper.game_list(),
    lambda: scorekeeper.table_figures(),
    lambda: scorekeeper.check_new_name("saturday"),
)


def write_and_take_back() -> None:
    scorekeeper.record_laydown("ann", ["at"], "E", False, None, "friday", unchecked=True)
    scorekeeper.undo("friday")


def use_cases(times: int, writes_every: int) -> None:
    """``times`` calls of the use-cases that read, in turn, and a write taken back every
    ``writes_every`` calls (a write waits for the disk: fewer of them keep the test short)."""
    for n in range(times):
        READS[n % len(READS)]()
        if n % writes_every == 0:
            write_and_take_back()


def test_a_use_case_leaves_no_store_or_connection_behind(isolated_home):
    ok("new", "ann", "ben", "cat", "-g", "friday")
    use_cases(len(READS), 1)  # every one once, so what is imported or cached on first use is
    before = alive()
    use_cases(60, 6)
    assert alive() == before
    assert before["GameStore"] == 0 and before["Connection"] == 0


def test_what_is_saved_is_recorded_inside_the_block_only(isolated_home):
    ok("new", "ann", "ben", "cat", "-g", "friday")
    scorekeeper.record_laydown("ann", ["at"], "E", False, None, "friday", unchecked=True)  # outside: kept nowhere
    with scorekeeper.recording() as written:
        scorekeeper.undo("friday")
        with scorekeeper.recording() as inner:  # a block inside shares the record
            scorekeeper.rename_game("friday", "saturday")
    assert inner is written
    assert [(w.game, w.change) for w in written] == [("friday", "entry"), ("saturday", "renamed")]
    assert [e.kind for e in scorekeeper.entries_written(written)] == ["undo"]
    with scorekeeper.recording() as later:
        scorekeeper.load_game("saturday")
    assert later == []


@pytest.mark.slow
def test_ten_thousand_calls_leave_nothing_behind(isolated_home):
    ok("new", "ann", "ben", "cat", "-g", "friday")
    use_cases(len(READS), 1)
    before = alive()
    use_cases(10_000, 500)
    assert alive() == before
    assert before["GameStore"] == 0 and before["Connection"] == 0
