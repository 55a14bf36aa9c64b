"""Every input a typo or a hostile file can give is answered in bounded time and memory,
or refused in one line: issue 16's hands, rounds, lists, word files, names and paths."""

import json
import os
import sqlite3
import subprocess
import sys
import threading
from contextlib import suppress

import pytest

from qscore.cli import words
from qscore.cli.words import MAX_WORDS
from qscore.errors import DictionaryError, GameError
from qscore.game.rules import MAX_ROUNDS, parse_rounds
from qscore.store.storage import DB_NAME
from qscore.words.dictionaries import MAX_HOUSE_WORDS
from tests.conftest import ok, run


def one_line_error(r, start):
    """The run failed with status 2 and one line on stderr beginning ``start``."""
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert len(r.stderr.splitlines()) == 1, r.stderr
    assert r.stderr.startswith(start), r.stderr


def test_a_hand_past_fifteen_cards_is_refused_with_the_reason():
    r = run("best", "A B C D E F G H I J K L M N O P")
    one_line_error(r, "qscore: error: a hand of 16 cards is more than qscore solves: at most 15 cards")
    assert "no game deals more than 10, 11 with the draw" in r.stderr
    r = run("best", "A B C D E F G H I J K L M N O", "--faceup", "S")
    one_line_error(r, "qscore: error: a hand of 15 cards and the draw is more than qscore solves")
    # 30 cards was a MemoryError traceback
    one_line_error(run("best", " ".join("ABCDEFGHIJKLMNO" * 2)), "qscore: error: a hand of 30 cards")


@pytest.mark.parametrize("top", ["0", "21", "100000"])
def test_top_lists_one_to_twenty_plays(top):
    """--top 100000 enumerated every play (3 s); --top 0 was taken as no --top."""
    r = run("best", "C A T", "--top", top)
    one_line_error(r, f"qscore: error: --top {top}: give 1 to 20 plays")
    assert len(json.loads(ok("best", "C A T S", "--top", "20", "--json"))["top"]) >= 2


def test_fifteen_cards_still_solve():
    assert ok("best", "Q U I Z J A C K S T E R N O W", "--no-discard").startswith("Best play: ")


def test_rounds_past_the_bound_are_refused_before_they_are_made(isolated_home):
    # 3-1000000000 built a range of a billion rounds: a MemoryError traceback
    r = run("new", "ann", "ben", "cat", "--rounds", "3-1000000000")
    one_line_error(r, f"qscore: error: 999,999,998 rounds asked for: a game has at most {MAX_ROUNDS}")
    one_line_error(run("new", "ann", "ben", "cat", "--rounds", ",".join(["3"] * 101)), "qscore: error: 101 rounds")
    assert not (isolated_home / DB_NAME).exists() or "ann" not in ok("games")
    assert parse_rounds(",".join(["3"] * MAX_ROUNDS)) == (3,) * MAX_ROUNDS
    with pytest.raises(GameError, match="at most"):
        parse_rounds("1-" + "9" * 4000)  # a number of 4,000 digits: refused, not converted


def peak_rss_of_check(tmp_path, lines):
    """The peak memory (MiB) of ``check --json --no-suggest -`` on ``lines`` lines, and its verdicts."""
    words = tmp_path / "words.txt"
    words.write_text("quiz\ncat\nzzq\n" * (lines // 3))
    code = (
        "import resource, sys\n"
        "from qscore.cli import main\n"
        "try:\n    main()\n"
        "finally:\n    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    )
    with words.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-c", code, "check", "--json", "--no-suggest", "-"],
            stdin=stdin,
            capture_output=True,
            check=False,
        )
    assert done.returncode == 1  # zzq is refused
    return int(done.stderr.split()[-1]) / 1024, json.loads(done.stdout)


@pytest.mark.slow
def test_check_streams_a_long_list_in_constant_memory(tmp_path):
    """check --json - held every verdict until the end: a million lines took 3.4 GB."""
    peak_rss_of_check(tmp_path, 3)  # builds the word index: its memory is no part of this
    few, _verdicts = peak_rss_of_check(tmp_path, 300)
    many, verdicts = peak_rss_of_check(tmp_path, MAX_WORDS)
    assert len(verdicts) == MAX_WORDS // 3 * 3 and verdicts[2]["word"] == "zzq"
    assert many - few < 4  # held whole, 18,000 more verdicts took 70 MiB more: 4,700 about 18 MiB


def test_a_list_past_the_bound_is_judged_to_the_bound_and_then_refused(monkeypatch):
    """A million lines took 72 s; a run judges MAX_WORDS words and says the rest were not."""
    monkeypatch.setattr(words, "MAX_WORDS", 4)
    r = run("check", "--json", "--no-suggest", "quiz", "-", input="cat\n\nzzq\n12\nox\nat\n")
    assert r.exit_code == 2
    assert [v["word"] for v in json.loads(r.stdout)] == ["quiz", "cat", "zzq"]
    assert r.stderr.splitlines() == [
        "qscore: error: line 4 of standard input: '12' has digits: cards carry letters only",
        "qscore: error: more than 4 words: the first 4 were judged, the rest not (split the list, e.g. split -l 4)",
    ]
    monkeypatch.setattr(words, "MAX_WORDS", 5)
    r = run("check", "quiz", "-", input="cat\nzzq\n\nox\n")
    assert r.exit_code == 1 and "more than" not in r.stderr  # the bound itself is judged whole


def test_streamed_json_is_the_array_it_always_was():
    r = run("check", "--json", "quiz", "zzq")
    assert r.stdout == json.dumps(json.loads(r.stdout), indent=2, ensure_ascii=False) + "\n"


def test_a_word_list_line_too_long_for_any_hand_is_left_out_with_a_count(tmp_path):
    """A 60,000-letter line crashed the index builder (signal 11)."""
    words = tmp_path / "long.txt"
    words.write_text("quiz\ncat\n" + "a" * 60000 + "\n" + "b" * 21 + "\n" + "c" * 20 + "\n")
    code = "from qscore.cli import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, "check", "-d", str(words), "quiz"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("quiz: allowed")
    assert done.stderr == (
        f"qscore: warning: 2 lines of word list '{words}' left out: longer than 20 letters, more than any hand lays\n"
    )
    # and a list with accents, read line by line, the same
    accented = tmp_path / "accented.txt"
    accented.write_text("café\n" + "é" * 60000 + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", code, "check", "-d", str(accented), "cafe"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "a line of word list" in done.stderr


def test_a_house_list_past_the_bound_is_refused_not_copied(tmp_path, isolated_home):
    big = tmp_path / "big.txt"
    big.write_text("\n".join(f"w{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}{chr(97 + i // 676)}" for i in range(11000)))
    r = run("new", "ann", "ben", "cat", "--allow", str(big))
    one_line_error(r, f"qscore: error: house list '{big}' holds 11,000 words, and a house list takes at most 10,000")
    assert "give a list that large as --dictionary" in r.stderr
    assert not (isolated_home / DB_NAME).exists() or "ann" not in ok("games")
    assert MAX_HOUSE_WORDS == 10_000


def test_a_house_list_of_three_million_lines_is_refused_before_it_is_read(tmp_path):
    """Issue 27, item 5: it took 6.2 s and 491 MiB to be refused after parsing; its size
    alone refuses it now, and a list past the lines a house list may hold is refused
    before a line is parsed, in the memory of the bytes it is allowed."""
    import tracemalloc

    from qscore.words.dictionaries import read_word_file

    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"ab\n" * 3_000_000)
    one_line_error(
        run("check", "--allow", str(huge), "quiz"),
        f"qscore: error: house list '{huge}' is over 4 MiB: too large for a house list",
    )
    blank = tmp_path / "blank.txt"  # a million lines, no word: each line would be looked at
    blank.write_bytes(b"ok\n" + b"\n" * 1_000_000)
    one_line_error(
        run("new", "ann", "ben", "--bonus", "none", "--deny", str(blank)),
        f"qscore: error: house list '{blank}' has over 100,000 lines: too many for a house list",
    )
    assert "ann" not in run("games").stdout
    for path, most in ((huge, 64 * 1024), (blank, 2 * 1024 * 1024)):
        tracemalloc.start()
        try:
            with pytest.raises(DictionaryError):
                read_word_file(path)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < most, (path, peak)


@pytest.fixture
def fifo(tmp_path):
    """A FIFO, with a writer that answers every reader: a qscore that opened it would read
    a word list from it, not wait forever, so the test fails rather than hangs."""
    path = tmp_path / "words.fifo"
    os.mkfifo(path)
    stop = threading.Event()

    def write():
        while not stop.is_set():
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)  # ENXIO while no one reads
            except OSError:
                stop.wait(0.01)
                continue
            with suppress(OSError):
                os.write(fd, b"quiz\n")
            os.close(fd)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    yield path
    stop.set()
    writer.join()


@pytest.mark.parametrize("option", ["--allow", "--deny"])
def test_a_fifo_or_a_device_as_a_house_list_is_refused_unread(fifo, option):
    for command in (["check", option, str(fifo), "quiz"], ["new", "ann", "ben", "--bonus", "none", option, str(fifo)]):
        one_line_error(
            run(*command), f"qscore: error: house list '{fifo}' is a FIFO, not a file: give a file of words, one a line"
        )
    one_line_error(
        run("check", option, "/dev/null", "quiz"),
        "qscore: error: house list '/dev/null' is a device, not a file: give a file of words, one a line",
    )
    assert "ann" not in run("games").stdout


def test_a_fifo_or_a_device_as_the_dictionary_is_named_unread(fifo):
    """It was "no word-list file", as if nothing were there."""
    for path, kind in ((str(fifo), "a FIFO"), ("/dev/zero", "a device")):
        one_line_error(
            run("check", "-d", path, "quiz"),
            f"qscore: error: '{path}' is {kind}, not a file: give a word-list file, one word a line",
        )


def test_dev_zero_as_a_house_list_is_refused_unread():
    """/dev/zero was read until memory ran out (1.8 GB and on)."""
    from qscore.words.dictionaries.wordfiles import HOUSE_LIST  # a qscore without the bound is not run on /dev/zero

    assert HOUSE_LIST.size == 4 * 1024 * 1024
    one_line_error(
        run("check", "--allow", "/dev/zero", "quiz"),
        "qscore: error: house list '/dev/zero' is a device, not a file: give a file of words, one a line",
    )


@pytest.mark.parametrize(
    "args",
    [
        ["sheet", "-g", "\udcff"],
        ["score", "ann", "cat", "--game", "fri\udcffday"],
        ["new", "ann", "b\udce9n", "cat"],
        ["check", "caf\udce9"],
        ["games", "--delete", "\udcff", "--yes"],
    ],
)
def test_an_argument_that_is_not_utf8_is_one_line(args):
    # Python reads bytes that are not UTF-8 (a Latin-1 é, \xff) as lone surrogates
    one_line_error(run(*args), "qscore: error: argument '")


def test_a_file_path_that_is_not_utf8_is_still_a_path(tmp_path):
    r = run("check", "-d", str(tmp_path / "no\udcffsuch.txt"), "quiz")
    one_line_error(r, "qscore: error: no word-list file '")
    assert "no\\xffsuch.txt'" in r.stderr


def test_a_path_with_a_newline_or_escape_code_stays_on_one_line(tmp_path):
    odd = tmp_path / "two\nlines\x1b[31m.txt"
    r = run("check", "-d", str(odd), "quiz")
    one_line_error(r, "qscore: error: no word-list file '")
    assert "two\\nlines\\x1b[31m.txt'" in r.stderr


@pytest.mark.parametrize("args", [["--allow", ""], ["--allow="], ["--deny", ""]])
def test_an_empty_house_list_name_is_named_as_typed(args):
    option = args[0].rstrip("=")
    one_line_error(run("check", *args, "quiz"), f"qscore: error: {option} was given an empty file name")


def test_completion_with_no_shell_says_so(monkeypatch):
    import shellingham

    def no_shell():  # as under a parent process that is no shell
        raise shellingham.ShellDetectionFailure

    monkeypatch.setattr(shellingham, "detect_shell", no_shell)
    for option in ("--show-completion", "--install-completion"):
        r = run(option)
        one_line_error(r, "qscore: error: cannot tell which shell this is: name it (bash, zsh or fish)")
    assert "=complete_bash" in ok("--show-completion", "bash")  # a shell named is no question


def test_a_foreign_database_with_our_table_names_is_not_ours(isolated_home):
    conn = sqlite3.connect(isolated_home / DB_NAME)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("CREATE TABLE games (title TEXT)")
    conn.execute("CREATE TABLE entries (note TEXT)")
    conn.commit()
    conn.close()
    for args in (["games"], ["sheet"], ["new", "ann", "ben", "cat"]):
        one_line_error(run(*args), f"qscore: error: {isolated_home / DB_NAME} is an SQLite database, but not")


def test_a_long_typo_is_quoted_short_in_its_message(isolated_home):
    """A game name of 100,000 letters was echoed whole: a message line of 100 KB."""
    ok("new", "ann", "ben", "cat", "--game", "friday")
    long = "g" * 100_000
    r = run("sheet", "-g", long)
    cut = f"'{'g' * 40}…{'g' * 10}' (100,000 characters)"
    one_line_error(r, f"qscore: error: no game named {cut}: saved games are friday")
    assert len(r.stderr) < 200
    for args in (["new", "ann", "ben", "cat", "-g", long], ["games", "--rename", "friday", long]):
        r = run(*args)
        one_line_error(r, "qscore: error: game name 'gggg")
        assert r.stderr.endswith("(100,000 characters) is too long: a name has 60 characters at most\n")
    one_line_error(run("new", "ann", "ben", "c" * 5000), "qscore: error: player name 'cccc")
    # play refuses the name before the table answers anything
    r = run("play", "-g", "x" * 70, input="ann, ben, cat\n\n\n")
    one_line_error(r, "qscore: error: game name 'xxxx")
    assert r.stdout == ""
    assert ok("games", "--json").count('"game"') == 1
    # a name of sixty characters is a name; short text is quoted as it always was
    ok("new", "ann", "ben", "cat", "--game", "g" * 60)
    one_line_error(run("sheet", "-g", "O'Neil"), 'qscore: error: no game named "O\'Neil": saved games are ')
