"""Damage is never read as a smaller game, and the summaries kept beside the logs are
never trusted over them: a game whose log fails a check is named, is not written to,
and the other games still list in `games`, `stats` and completion."""

import json
import sqlite3

import pytest

from qscore.cli.completion import game_names
from qscore.game.gamefigures import GameFigures
from qscore.store.storage import DB_NAME, GameStore
from tests.conftest import ok, run


def two_games() -> None:
    ok("new", "ann", "ben", "cat", "-g", "fri")
    ok("score", "ann", "cat", "--out", "-g", "fri")
    ok("score", "ben", "at", "--unused", "Z", "-g", "fri")
    ok("score", "cat", "ox", "--unused", "E", "-g", "fri")  # round 1 closes
    ok("new", "dee", "eve", "fay", "-g", "sat")


def sql(home, statement: str, *args) -> list[tuple]:
    with sqlite3.connect(home / DB_NAME) as conn:
        return conn.execute(statement, args).fetchall()


def summary_seq(home, game: str):
    rows = sql(home, "SELECT s.last_seq FROM summaries s JOIN games g ON g.id = s.game_id WHERE g.name = ?", game)
    return rows[0][0] if rows else None


def settle(home) -> bytes:
    """The file with its write-ahead log folded in: what a byte-level change acts on."""
    sql(home, "PRAGMA wal_checkpoint(TRUNCATE)")
    return (home / DB_NAME).read_bytes()


def test_each_write_keeps_the_games_summary_and_games_reads_it(isolated_home):
    two_games()
    assert summary_seq(isolated_home, "fri") == 4 and summary_seq(isolated_home, "sat") == 1
    listed = json.loads(ok("games", "--json"))
    assert [(g["game"], g["round"], g["leaders"]) for g in listed] == [("fri", 2, ["ann"]), ("sat", 1, [])]


def test_a_write_by_a_qscore_that_keeps_no_summaries_drops_the_stale_one(isolated_home):
    two_games()
    # as an older qscore appends: the entries alone; SQLite's trigger drops fri's summary
    laid = [("ann", ["(qu)iz"], ["E"], False), ("ben", ["to", "go"], [], True), ("cat", ["jab"], ["S"], False)]
    for seq, (player, words, unused, out) in enumerate(laid, 5):
        data = {"round": 2, "player": player, "words": words, "unused": unused, "out": out}
        sql(
            isolated_home,
            "INSERT INTO entries (game_id, seq, kind, data) VALUES (1, ?, 'laydown', ?)",
            seq,
            json.dumps(data),
        )
    assert summary_seq(isolated_home, "fri") is None
    fri = json.loads(ok("games", "--json"))[0]
    totals = json.loads(ok("sheet", "--json", "-g", "fri"))["totals"]
    assert fri["round"] == 3 and fri["leader_total"] == max(totals.values()) > 23  # read from the log
    assert summary_seq(isolated_home, "fri") == 7  # and the summary made from it is kept


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE summaries SET version = version + 1",  # another version's
        "UPDATE summaries SET data = replace(data, '23', '99')",  # a changed figure: its checksum fails
        "UPDATE summaries SET last_seq = 2",  # likewise
    ],
)
def test_a_summary_of_another_version_or_changed_is_rebuilt_from_the_log(isolated_home, change):
    two_games()
    expected = ok("games", "--json")
    sql(isolated_home, change)
    r = run("games", "--json")
    assert r.exit_code == 0 and r.stdout == expected and r.stderr == ""
    assert summary_seq(isolated_home, "fri") == 4  # made again from the log, and kept


def test_figures_keep_through_their_text(isolated_home):
    from qscore.game.gamefigures import game_figures
    from qscore.game.gamelines import GameLine, reviewed

    two_games()
    for game in GameStore().games():
        assert not isinstance(game, str)
        for missed in ({"ann": 3}, None):
            figures = game_figures(game, missed)
            text = figures.to_text()
            assert GameFigures.from_text(text) == figures
            assert GameLine.of(text) == GameLine(figures.totals, figures.round, figures.rounds, figures.over)
            assert reviewed(text) is (figures.missed is not None)


def test_invalid_utf8_in_one_games_data_is_named_and_the_others_list(isolated_home):
    two_games()
    sql(isolated_home, "UPDATE entries SET data = CAST(x'7b22ff223a317d' AS TEXT) WHERE game_id = 1 AND seq = 2")
    for command in (["games"], ["stats"], ["games", "--json"], ["stats", "--json"]):
        r = run(*command)
        assert r.exit_code == 0, (command, r.output)
        assert "'fri'" in r.stderr and "not UTF-8" in r.stderr and r.stderr.count("\n") == 1, r.stderr
        assert "dee" in r.stdout
    assert game_names("") == ["fri", "sat"]
    r = run("score", "ben", "at", "-g", "fri")
    assert r.exit_code == 2 and "game 'fri' is damaged" in r.stderr
    ok("score", "dee", "at", "--unused", "E", "-g", "sat")  # the other game is written to still


def shrink_index(home, by: int) -> None:
    """Take ``by`` entries off the end of the entries' index, as one damaged byte did (the
    cell count in the header of the index's one page)."""
    data = bytearray(settle(home))
    (root,) = sql(home, "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_entries_1'")[0]
    size = int.from_bytes(data[16:18], "big")
    header = (root - 1) * size + (100 if root == 1 else 0)
    assert data[header] == 0x0A  # a leaf page of an index
    cells = int.from_bytes(data[header + 3 : header + 5], "big")
    data[header + 3 : header + 5] = (cells - by).to_bytes(2, "big")
    (home / DB_NAME).write_bytes(bytes(data))


@pytest.mark.parametrize("summary", [True, False])
def test_an_index_that_lost_entries_is_damage_not_a_smaller_game(isolated_home, summary):
    ok("new", "dee", "eve", "fay", "-g", "sat")
    ok("new", "ann", "ben", "cat", "-g", "fri")
    ok("score", "ann", "cat", "--out", "-g", "fri")
    ok("score", "ben", "at", "--unused", "Z", "-g", "fri")
    if not summary:
        sql(isolated_home, "DELETE FROM summaries")
    shrink_index(isolated_home, 2)  # fri's last two entries, the last in the index
    before = (isolated_home / DB_NAME).read_bytes()
    r = run("sheet", "-g", "fri")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert r.stderr.startswith("qscore: error: game 'fri' is damaged"), r.stderr
    r = run("games", "--json")
    assert r.exit_code == 0 and "'fri'" in r.stderr
    assert [g["game"] for g in json.loads(r.stdout) if "error" not in g] == ["sat"]
    r = run("score", "cat", "ox", "--unused", "E", "-g", "fri")  # once a second entry 3 was written
    assert r.exit_code == 2 and "game 'fri' is damaged" in r.stderr and "will not change it" in r.stderr
    r = run("score", "dee", "at", "--unused", "E", "-g", "sat")  # the file fails SQLite's check: no write at all
    assert r.exit_code == 2 and "will not write to it" in r.stderr
    assert (isolated_home / DB_NAME).read_bytes() == before


def move_index_key(home, game_id: int, seq: int) -> None:
    """Make the entries' index hold (game, seq + 1) where its table holds (game, seq), in
    order still, as one damaged byte did: damage SQLite's quick_check cannot see, and its
    integrity_check can (a row missing from the index)."""
    data = bytearray(settle(home))
    (root,) = sql(home, "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_entries_1'")[0]
    size = int.from_bytes(data[16:18], "big")
    start = (root - 1) * size
    assert root != 1 and data[start] == 0x0A  # a leaf page of an index
    for i in range(int.from_bytes(data[start + 3 : start + 5], "big")):
        cell = start + int.from_bytes(data[start + 8 + 2 * i : start + 10 + 2 * i], "big")
        types = data[cell + 2 : cell + 1 + data[cell + 1]]  # game_id, seq, rowid: 1-byte ints or 0 and 1
        at, values = cell + 1 + data[cell + 1], []
        for kind in types:
            values.append((at, data[at]) if kind == 1 else (None, kind - 8))
            at += kind == 1
        if values[0][1] == game_id and values[1][1] == seq and values[1][0] is not None:
            data[values[1][0]] += 1
            (home / DB_NAME).write_bytes(bytes(data))
            return
    raise AssertionError(f"no entry {seq} of game {game_id} on the page")


def test_an_index_key_moved_is_found_by_the_damaged_games_write_and_costs_no_other_game(isolated_home):
    """An entry's write runs SQLite's quick_check, not its integrity_check: the game written
    to is held to the index by its own read; another game's index is not its to check."""
    two_games()
    ok("score", "dee", "ox", "--unused", "E", "-g", "sat")
    fri = ok("sheet", "--json", "-g", "fri")
    move_index_key(isolated_home, 1, 4)  # fri's last entry, in order still
    with sqlite3.connect(isolated_home / DB_NAME) as conn:
        assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        assert "missing from index" in conn.execute("PRAGMA integrity_check").fetchone()[0]
    before = (isolated_home / DB_NAME).read_bytes()
    r = run("score", "ann", "quiz", "--unused", "E", "-g", "fri")
    assert r.exit_code == 2 and "game 'fri' is damaged" in r.stderr and "will not change it" in r.stderr, r.stderr
    assert (isolated_home / DB_NAME).read_bytes() == before
    assert ok("sheet", "--json", "-g", "fri") == fri  # read from the table itself: never a smaller game
    ok("score", "eve", "at", "--unused", "Z", "-g", "sat")  # the other game's entry is saved
    assert ok("sheet", "--json", "-g", "fri") == fri
    assert sql(isolated_home, "SELECT max(seq) FROM entries NOT INDEXED WHERE game_id = 2") == [(3,)]


def test_a_changed_byte_in_an_entry_is_found(isolated_home):
    two_games()
    data = settle(isolated_home)
    at = data.index(b'["cat"]')  # ann's laydown in fri, not the summary's best word
    (isolated_home / DB_NAME).write_bytes(data[:at] + b'["cbt"]' + data[at + 7 :])
    r = run("sheet", "-g", "fri")
    assert r.exit_code == 2 and "game 'fri' is damaged" in r.stderr and "changed since qscore saved it" in r.stderr
    ok("sheet", "-g", "sat")


@pytest.mark.slow
def test_no_flipped_byte_gives_a_traceback_or_a_silently_different_game(isolated_home):
    """Issue 16's trial: one byte flipped at every 16th offset of a small saved games file."""
    two_games()
    commands = [("sheet", "--json", "-g", "fri"), ("games", "--json")]
    for command in commands:
        ok(*command)  # `games` keeps the summaries: the flips reach those too
    original = settle(isolated_home)
    expected = [ok(*c) for c in commands]
    assert settle(isolated_home) == original
    silent, tracebacks = [], []
    for offset in range(0, len(original), 16):
        flipped = bytearray(original)
        flipped[offset] ^= 0xFF
        for command, want in zip(commands, expected, strict=True):
            (isolated_home / DB_NAME).write_bytes(bytes(flipped))
            r = run(*command)
            if r.exception is not None and not isinstance(r.exception, SystemExit):
                tracebacks.append((offset, command, repr(r.exception)))
            elif r.exit_code == 0 and r.stdout != want and not r.stderr:
                silent.append((offset, command))
            assert all(line.startswith("qscore: ") for line in r.stderr.splitlines()), (offset, command, r.stderr)
    assert tracebacks == [], sorted({t[2][:90] for t in tracebacks})
    assert silent == []


def game_cell(home, game_id: int) -> tuple[bytearray, int]:
    """The games file's bytes and where a game's row is stored in them (its leaf cell:
    the payload's length, the row id, the record's header, its values)."""
    data = bytearray(settle(home))
    page_size = int.from_bytes(data[16:18], "big")
    root = sql(home, "SELECT rootpage FROM sqlite_master WHERE name = 'games'")[0][0]
    start = (root - 1) * page_size
    header = start + (100 if root == 1 else 0)
    assert data[header] == 0x0D  # a leaf page of a table: every game is on it
    cells = int.from_bytes(data[header + 3 : header + 5], "big")
    for i in range(cells):
        cell = start + int.from_bytes(data[header + 8 + 2 * i : header + 10 + 2 * i], "big")
        assert data[cell] < 0x80  # the payload's length, one byte: the row id follows
        if data[cell + 1] == game_id:
            return data, cell
    raise AssertionError(f"no game {game_id} on the page")


def flip_game_id(home, game_id: int) -> None:
    """Flip bit 0 of a game's row id where the games table stores it (its rowid, in its leaf cell)."""
    data, cell = game_cell(home, game_id)
    data[cell + 1] ^= 1
    (home / DB_NAME).write_bytes(bytes(data))


def test_a_game_whose_name_reads_as_null_is_named_without_a_name_of_pythons(isolated_home):
    """Damage that makes a game's name read as NULL was named "game 'None' cannot be read:
    its name is not UTF-8 text"."""
    ok("new", "ann", "ben", "--bonus", "most", "-g", "first")
    ok("new", "cy", "dee", "--bonus", "most", "-g", "second")
    data, cell = game_cell(isolated_home, 2)
    assert data[cell + 2] == 4 and data[cell + 3] == 0  # the record's header: 4 bytes, the id in the row id
    data[cell + 4] = 0  # the name's type: NULL
    (isolated_home / DB_NAME).write_bytes(bytes(data))
    for command in (["games"], ["stats"], ["sheet", "-g", "second"]):
        r = run(*command)
        assert "None" not in r.output and "Traceback" not in r.output, (command, r.output)
    r = run("games")
    assert r.exit_code == 0 and "its name is missing" in r.stderr, r.output
    assert "first" in r.stdout


def test_a_game_whose_id_is_another_games_is_named_damaged_not_shown_as_that_game(isolated_home):
    for name, players in (("first", ("ann", "ben")), ("second", ("cy", "dee")), ("third", ("eve", "fay"))):
        ok("new", *players, "--bonus", "most", "-g", name)
    flip_game_id(isolated_home, 3)  # third's id reads 2: second's
    for command in (["sheet", "-g", "third"], ["export", "-g", "third"], ["review", "-g", "third"]):
        r = run(*command)
        assert r.exit_code == 2 and "cy" not in r.stdout, command
        assert "game 'third' is damaged" in r.stderr, command
    r = run("score", "fay", "at", "-u", "E", "-g", "third")
    assert r.exit_code == 2 and "game 'third' is damaged" in r.stderr
    listed = run("games", "--json")
    rows = {g["game"]: g for g in json.loads(listed.stdout)}
    assert "third" not in rows or "error" in rows["third"]


ESCAPES = ("\x1b[2J", "\x1b]8;;http://example.com\x1b\\")  # clear the screen; plant a link (OSC 8)
FORGED = "\nLeader: eve with 999."  # a line of its own, as the sheet prints its leader


@pytest.mark.parametrize("edited", [*ESCAPES, FORGED])
def test_control_characters_stored_in_the_file_are_never_printed_raw(isolated_home, edited):
    """Names are checked as typed; one edited in the file to hold an escape code or a line
    break is a damaged game, named so, since no output could show it as a name: an escape
    code escaped is not the name, and a line break kept forges a line of qscore's own."""
    two_games()
    ok("score", "dee", "at", "-u", "E", "-g", "sat")
    sql(isolated_home, "UPDATE games SET name = ? WHERE name = 'sat'", f"sat{edited}")
    sql(
        isolated_home,
        "UPDATE entries SET data = replace(data, '\"ann\"', ?) WHERE game_id = 1",
        json.dumps("ann" + edited),
    )
    outputs = []
    for command in (["sheet"], ["sheet", "--words"], ["export"], ["export", "--format", "markdown"], ["review"]):
        for game in (f"sat{edited}", "fri"):
            r = run(*command, "-g", game)
            assert r.exit_code == 2 and r.stderr.count("\n") == 1, (command, game, r.output)
            assert "holds a control character" in r.stderr, (command, game, r.stderr)
            outputs.append(r.output)
    for command in (["games"], ["stats"]):
        r = run(*command)
        assert r.exit_code == 0 and "cannot be read" in r.stderr, (command, r.output)
        outputs.append(r.output)
    for out in outputs:
        assert "\x1b" not in out and not any(line.startswith("Leader: eve") for line in out.splitlines())


def test_an_unreadable_name_is_quoted_as_shown_once(isolated_home):
    """A name shown with its odd characters escaped is quoted as it is shown in the table,
    not escaped a second time; a long one is cut as typed text is."""
    two_games()
    sql(isolated_home, "UPDATE games SET name = ? WHERE name = 'sat'", "sat\nx")
    sql(isolated_home, "UPDATE games SET name = ? WHERE name = 'fri'", "fri's\x1b" + "y" * 100)
    listed = run("games")
    assert listed.exit_code == 0 and "sat\\nx " in listed.stdout
    lines = listed.stderr.splitlines()
    assert lines[0].startswith("qscore: warning: game \"fri's\\x1b" + "y" * 30) and "(109 characters)" in lines[0]
    assert lines[1].startswith("qscore: warning: game 'sat\\nx' cannot be read: its name holds a control character")
    figures = run("stats")
    assert "left out game 'sat\\nx': it cannot be read" in figures.stderr
