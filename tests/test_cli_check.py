import json

import pytest

from qscore.cli import COMMANDS, app, command_name
from tests.conftest import run


def test_check_allowed_word_lists_spellings():
    r = run("check", "quiz")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == ["quiz: allowed", "  Q·U·I·Z   35 points", "  QU·I·Z    25 points"]


def test_check_refused_word_exits_1_with_reason():
    r = run("check", "quiz", "Steve")
    assert r.exit_code == 1
    assert "steve: not allowed (proper noun)" in r.stdout
    assert "S·T·E·V·E   21 points" in r.stdout


def test_check_suggests_for_misspelling():
    r = run("check", "quizz")
    assert r.exit_code == 1
    assert "did you mean: quiz" in r.stdout


def test_check_json_shape():
    r = run("check", "--json", "quiz", "co-op", "in")
    assert r.exit_code == 1
    got = json.loads(r.stdout)
    assert [v["word"] for v in got] == ["quiz", "co-op", "in"]
    assert got[0] == {
        "word": "quiz",
        "allowed": True,
        "reason": None,
        "spellings": [{"cards": ["Q", "U", "I", "Z"], "points": 35}, {"cards": ["QU", "I", "Z"], "points": 25}],
        "suggestions": [],
        "table_ruling": None,
    }
    assert got[1]["allowed"] is False and got[1]["reason"] == "hyphenated" and got[1]["spellings"] == []
    assert got[2]["spellings"] == [{"cards": ["I", "N"], "points": 7}]


@pytest.mark.sysdict
def test_check_with_enchant_and_house_rules(tmp_path):
    allow = tmp_path / "allow.txt"
    allow.write_text("blorp\n", "utf-8")
    r = run("check", "--dictionary", "en_US", "--allow", str(allow), "blorp", "quiz")
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "-d", "klingon", "quiz"], "qscore: error: unknown dictionary 'klingon'"),
        (["check", "-d", "xx_YY", "quiz"], "qscore: error: no system dictionary 'xx_YY'"),
        (["check", "-d", "/no/such/list.txt", "quiz"], "qscore: error: no word-list file '/no/such/list.txt'"),
        (
            ["check", "--allow", "/no/such/allow.txt", "quiz"],
            "qscore: error: cannot read house list '/no/such/allow.txt': no such file or directory",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(args, message):
    r = run(*args)
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines() == [r.stderr.strip()]
    assert r.stderr.startswith(message)
    assert "Traceback" not in r.output


def test_usage_error_exits_2_without_traceback():
    r = run("check")
    assert r.exit_code == 2
    assert "Traceback" not in r.output


@pytest.mark.slow
@pytest.mark.sysdict
def test_dictionaries_lists_sizes_and_sources():
    r = run("dictionaries")
    assert r.exit_code == 0
    assert "everyday" in r.stdout and "wordgame" in r.stdout and "en_US" in r.stdout
    rows = json.loads(run("dictionaries", "--json").stdout)
    assert rows[0]["name"] == "everyday" and rows[0]["words"] > 100_000


def test_every_command_has_help():
    import typer.main

    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        assert command.help, f"{name} has no help text"
        assert run(name, "--help").exit_code == 0


def test_every_command_is_loaded_by_its_name():
    """A run loads the module qscore.cli.COMMANDS names for its command: every command is
    named there, under the module that registers it (one left out would still run, as an
    unknown name loads every module, but would pay for all of them)."""
    for info in app.registered_commands:
        assert info.callback is not None
        name = command_name(info)
        assert name in COMMANDS[info.callback.__module__.rpartition(".")[2]], name
    assert len(app.registered_commands) == sum(map(len, COMMANDS.values()))


def test_start_up_imports_nothing_a_command_does_not_need():
    """Every run imports the CLI; the dictionaries, solver, storage and tables wait for their commands."""
    import subprocess
    import sys

    code = (
        "import sys; import qscore.cli; "
        "print(' '.join(m for m in ('dawg', 'enchant', 'sqlite3', 'tabulate', 'qscore.hands.solver', "
        "'qscore.store.storage', 'qscore.game.scoresheet', 'qscore.scorekeeper', 'qscore.web', 'starlette', 'uvicorn', "
        "'jinja2', 'segno', 'doublemetaphone') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


# What a command's run has loaded once it is over, run as qscore's script runs it.
LOADED_AFTER = """
import sys
from qscore.cli import main
sys.argv = ["qscore", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print(" ".join(sys.modules), file=sys.stderr)
"""
JUDGE = {"dawg", "qscore.words.dictionaries"}  # the judge, and the index a word list is read through
NEVER = {
    "enchant",
    "qscore.hands.solver",
    "qscore.words.suggestions",
    "doublemetaphone",
    "qscore.words.definitions",
    "tabulate",
}
# Never at start-up, whatever the command: the package metadata tabulate would read for its
# version (cli/tables.py), a TOML parser for the decks (decks_table.py), OpenSSL for the
# log's SHA-256 where CPython has its own (gamelog.sha256)
NOT_AT_START = {"importlib.metadata", "tomllib", "_hashlib"}


# What a write loads to check an entry and keep the game's figures beside its log: a
# read of a game (sheet) needs none of it
WRITE_PATH = {
    "qscore.game.rules",
    "qscore.scorekeeper.writes",
    "qscore.scorekeeper.figures",
    "qscore.game.gamefigures",
    "qscore.game.gamelines",
}
# Nor does a write load the table's figures (stats folds them), nor the review, when the
# game has no points missed kept to compare its reviewed rounds with (its closed rounds
# not reviewed yet, as here); nor the ratings and openskill, nor the evening's summary,
# which only a closed game's sheet, close and play show
NOT_FOR_ONE_GAME = {
    "qscore.game.tablestats",
    "qscore.hands.handreview",
    "qscore.game.ratings",
    "openskill",
    "qscore.cli.evening_text",
}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "shown", "loads", "writes"),
    [
        (["sheet"], "Game '", {"tabulate"}, False),  # judges nothing, writes nothing
        (["undo"], "Took back", set(), True),
        # judges ben's word with the game's dictionary: everyday, a word list, never enchant's
        (["score", "ben", "note"], "Recorded ben's laydown", JUDGE, True),
    ],
)
def test_a_scorekeeping_command_loads_no_dictionary_it_does_not_use(args, shown, loads, writes, isolated_home):
    """Each command loads its own module and what it uses: no other command's, no judge
    unless it judges, and never the system dictionaries (enchant), the solver, the
    suggestions or the meanings; tabulate only for the table it draws, the write path
    only when it writes, and nothing of NOT_AT_START."""
    import importlib.util
    import subprocess
    import sys

    # round 1 laid and closed, not reviewed: no points missed kept
    for entry in (["new", "ann", "ben", "cat"], ["score", "ann", "quiz", "--out"], ["score", "ben", "cat"]):
        assert run(*entry).exit_code == 0
    assert run("score", "cat", "-u", "A B C").exit_code == 0
    done = subprocess.run([sys.executable, "-c", LOADED_AFTER, *args], capture_output=True, text=True, check=True)
    assert shown in done.stdout, done.stdout
    loaded = set(done.stderr.split())
    assert "qscore.store.storage" in loaded  # the game was read
    assert (JUDGE | NEVER) & loaded == loads
    assert WRITE_PATH & loaded == (WRITE_PATH if writes else set())
    assert not NOT_FOR_ONE_GAME & loaded
    own_sha256 = importlib.util.find_spec("_sha256") or importlib.util.find_spec("_sha2")
    assert NOT_AT_START & loaded == (set() if own_sha256 else {"_hashlib"})
    commands = {m.rpartition(".")[2] for m in loaded if m.startswith("qscore.cli.")} & set(COMMANDS)
    assert commands == {"games"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # click's own messages, worded as qscore's: from a small letter, no full stop
        (["check"], "qscore: error: missing argument 'WORDS...' (see qscore check --help)"),
        (["best", "Q U", "--top", "x"], "qscore: error: invalid value for '--top': 'x' is not a valid int"),
        (["frob"], "qscore: error: no such command 'frob' (see qscore --help)"),
        (["check", "--frob"], "qscore: error: no such option: --frob (see qscore check --help)"),
        # the parser gives this one no command: qscore names it, for the hint every other has
        (
            ["check", "--dictionary"],
            "qscore: error: option '--dictionary' requires an argument (see qscore check --help)",
        ),
        (["check", "-d"], "qscore: error: option '-d' requires an argument (see qscore check --help)"),
        (["--frob"], "qscore: error: no such option: --frob (see qscore --help)"),
    ],
)
def test_usage_errors_are_one_line_too(args, message):
    r = run(*args)
    assert r.exit_code == 2
    assert r.stderr.startswith(message) and r.stderr.count("\n") == 1


def test_the_variant_choices_are_the_rules_records():
    """--variant's choices are declared for the parser; they must be the variants' records,
    and each record's shipped deck one the data file holds."""
    import tomllib
    from typing import get_args

    from qscore.game.choices import Variant
    from qscore.game.variants import RULES
    from qscore.paths import package_file

    decks = tomllib.loads(package_file("data", "decks.toml").read_text("utf-8"))
    assert list(get_args(Variant)) == list(RULES)
    assert [r.deck for r in RULES.values() if r.deck is not None] == list(decks)


def test_the_bonus_choices_are_the_bonus_rules():
    """--bonus's choices are declared for the parser; they must be the rules the scoring plays."""
    from typing import get_args

    from qscore.game.choices import Bonus
    from qscore.game.scoring import BONUS_RULES

    assert set(get_args(Bonus)) == set(BONUS_RULES)


def test_choices_are_shown_in_help_and_taken_in_any_case():
    assert "[standard|short|junior]" in run("check", "--help").stdout.replace("<", "[").replace(">", "]")
    assert run("check", "--variant", "SHORT", "quiz").exit_code == 0


@pytest.mark.parametrize(
    "args",
    [
        ["new", "a", "b", "--bonus-points", "9" * 50_000],
        ["best", "Q U", "--top", "x" * 5_000],
        ["new", "a", "b", "--variant", "x" * 5_000],
        ["frob" + "x" * 5_000],
        ["sheet", "--" + "x" * 5_000],
    ],
)
def test_the_parser_quotes_a_long_value_cut(args):
    """As qscore's own messages quote what was typed: one short line, the length said."""
    r = run(*args)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert len(r.stderr) < 200 and " characters)" in r.stderr
