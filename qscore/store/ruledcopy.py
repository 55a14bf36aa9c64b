"""The copy of the table's paper rulings the games file keeps beside the games' logs: its
table, the triggers that keep it in the same transaction as each entry (whichever program
writes), and its making at this qscore's first write to a file. What it holds is read by
qscore.store.rulings; this module is what every write loads of it, and no more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite3

RULINGS = "rulings"
HOUSE = "house"  # the table's own log (qscore.store.rulings)

# a challenge entry the table settled, and one no undo of its game took back
_RULED = "{e}.kind = 'challenge' AND json_valid({e}.data) AND json_extract({e}.data, '$.ruling') = 'table'"
_NOT_UNDONE = (
    "NOT EXISTS (SELECT 1 FROM entries u WHERE u.game_id = e.game_id AND u.kind = 'undo' "
    "AND json_valid(u.data) AND json_extract(u.data, '$.undoes') = e.seq)"
)
STANDING = f"SELECT e.game_id, e.seq, e.data, e.at FROM entries e WHERE {_RULED.format(e='e')} AND {_NOT_UNDONE}"
_COPY = "INSERT OR REPLACE INTO rulings (game_id, seq, data, at) "

RULINGS_TABLE = (
    """CREATE TABLE IF NOT EXISTS rulings (
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
)""",
    f"""CREATE TRIGGER IF NOT EXISTS rulings_entry_added AFTER INSERT ON entries
    WHEN {_RULED.format(e="NEW")}
    BEGIN {_COPY} VALUES (NEW.game_id, NEW.seq, NEW.data, NEW.at); END""",
    """CREATE TRIGGER IF NOT EXISTS rulings_entry_undone AFTER INSERT ON entries
    WHEN NEW.kind = 'undo' AND json_valid(NEW.data)
    BEGIN DELETE FROM rulings WHERE game_id = NEW.game_id AND seq = json_extract(NEW.data, '$.undoes'); END""",
    """CREATE TRIGGER IF NOT EXISTS rulings_entry_removed AFTER DELETE ON entries
    BEGIN DELETE FROM rulings WHERE game_id = OLD.game_id AND seq = OLD.seq; END""",
    f"""CREATE TRIGGER IF NOT EXISTS rulings_entry_changed AFTER UPDATE ON entries
    BEGIN DELETE FROM rulings WHERE game_id IN (OLD.game_id, NEW.game_id);
    {_COPY} {STANDING} AND e.game_id IN (OLD.game_id, NEW.game_id); END""",
    """CREATE TRIGGER IF NOT EXISTS rulings_game_removed AFTER DELETE ON games
    BEGIN DELETE FROM rulings WHERE game_id = OLD.id; END""",
)
RULINGS_TRIGGERS = {
    "rulings_entry_added",
    "rulings_entry_undone",
    "rulings_entry_removed",
    "rulings_entry_changed",
    "rulings_game_removed",
}


def held(conn: sqlite3.Connection) -> tuple[bool, bool]:
    """Whether the file holds the table of rulings with all its triggers, and the table's log."""
    names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")}
    return RULINGS in names and names >= RULINGS_TRIGGERS, HOUSE in names


def add_rulings(conn: sqlite3.Connection) -> None:
    """Make the table of rulings and its triggers, filled from the logs, inside the caller's
    write, unless there (a table without all its triggers may have missed an entry: filled again)."""
    if held(conn)[0]:
        return
    for statement in RULINGS_TABLE:
        conn.execute(statement)
    conn.execute("DELETE FROM rulings")
    conn.execute(_COPY + STANDING)
