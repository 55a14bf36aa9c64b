"""Every ``--json`` output, run for real, against its schema in docs/json.md.

The schemas live in the documentation itself, so the page a user reads is the one the
tests hold qscore to; a command given ``--json`` without a section there fails here.
"""

import json
import re
import sqlite3
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.main import get_command

from qscore.cli import app
from qscore.store.storage import GameStore
from tests.conftest import run

DOC = Path(__file__).resolve().parent.parent / "docs" / "json.md"


def documented() -> dict[str, dict]:
    """Each section's commands (``sheet --json``, ...) and its schema, shared definitions merged in."""
    text = DOC.read_text("utf-8")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    schemas: dict[str, dict] = {}
    shared = None
    for section in sections:
        heading, body = section.split("\n", 1)
        block = re.search(r"```json\n(.*?)```", body, flags=re.S)
        assert block, f"section {heading!r} has no schema"
        schema = json.loads(block.group(1))
        if heading == "Shared definitions":
            shared = schema["$defs"]
            continue
        for command in re.findall(r"`qscore ([^`]+)`", heading):
            schemas[command] = schema
    assert shared is not None
    for schema in schemas.values():
        schema["$defs"] = shared
        Draft202012Validator.check_schema(schema)
    return schemas


SCHEMAS = documented()


def output(*args: str) -> object:
    r = run(*args)
    assert r.exit_code in (0, 1), (args, r.output)  # check exits 1 when a word is not allowed
    return json.loads(r.stdout)


def conforms(command: str, value: object) -> None:
    errors = sorted(Draft202012Validator(SCHEMAS[command]).iter_errors(value), key=str)
    assert not errors, f"{command}: " + "; ".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])


def a_game_with_everything() -> None:
    """A game with a closed round, a struck word, a lost challenge, a rename and a leave."""
    for args in [
        ("new", "ann", "ben", "cat", "dee", "--rounds", "3,4,5", "--game", "friday"),
        ("score", "ann", "cat", "--out"),
        ("score", "ben", "at", "--unused", "Z"),
        ("score", "cat", "ox", "--unused", "E"),
        ("score", "dee", "vxy"),
        ("challenge", "dee", "vxy", "--by", "ann", "--ruling", "invalid"),  # the table's word from then on
        ("challenge", "ann", "cat", "--by", "ben"),
        ("rename", "dee", "Dee"),
        ("leave", "cat"),
        ("score", "ann", "(qu)iz", "--unused", "E"),
    ]:
        r = run(*args)
        assert r.exit_code == 0, (args, r.output)


# Each documented command, run in the states that show its every shape.
RUNS = {
    "check --json": [("check", "quiz", "qzz", "steve", "--json"), ("check", "vxy", "--json")],
    "house --json": [("house", "--json")],
    "check --define --json": [("check", "--define", "quiz", "quizzes", "steve", "--json")],
    "define --json": [("define", "qat", "quizzes", "saw", "axes", "the", "steve", "co-op", "--json")],
    "dictionaries --json": [("dictionaries", "--json")],
    "best --json": [("best", "q", "u", "i", "z", "a", "e", "--json", "--top", "2"), ("best", "x", "z", "--json")],
    "best --faceup CARD --json": [("best", "q", "u", "i", "z", "--faceup", "a", "--json")],
    "solitaire --json": [("solitaire", "q", "u", "i", "z", "--json"), ("solitaire", "x", "z", "--json")],
    "sheet --json": [("sheet", "--json")],
    "export --format json": [("export", "--format", "json")],
    "games --json": [("games", "--json")],
    "review --json": [("review", "--json"), ("review", "--json", "--game", "friday")],
    "stats --json": [("stats", "--json"), ("stats", "--json", "--player", "ANN")],
}


def test_every_json_output_is_documented_and_every_section_is_tested():
    cli = get_command(app)
    with_json = {name for name, command in cli.commands.items() if any("--json" in p.opts for p in command.params)}
    assert with_json <= {c.split()[0] for c in SCHEMAS}, "commands with --json missing from docs/json.md"
    assert set(RUNS) == set(SCHEMAS)


@pytest.mark.parametrize("command", sorted(RUNS))
def test_output_matches_the_documented_schema(command):
    name = command.split()[0]
    if name == "games":
        conforms(command, output("games", "--json"))  # no games yet: an empty list
    if name == "stats":
        conforms(command, output("stats", "--json"))  # no games yet
    if name == "house":
        conforms(command, output("house", "--json"))  # no games yet: an empty list
    if name in ("sheet", "export", "games", "review", "stats", "check", "house"):
        a_game_with_everything()
        # and a game over, the most recent: the default for sheet and export
        for args in [
            ("new", "eve", "fay", "--bonus", "most", "--rounds", "3"),
            ("score", "eve", "at", "--unused", "E"),
            ("score", "fay", "to", "--unused", "E"),
        ]:
            assert run(*args).exit_code == 0
    if name == "games":
        assert run("new", "gus", "hal", "--bonus", "most", "--game", "damaged").exit_code == 0
        with sqlite3.connect(GameStore().path) as conn:  # an entry kind a newer qscore might write
            conn.execute("INSERT INTO entries (game_id, seq, kind, data) VALUES (3, 2, 'seat swap', '{}')")
        conn.close()
        rows = output(*RUNS[command][0])
        assert isinstance(rows, list) and "error" in rows[-1] and "leaders" in rows[0]
    for args in RUNS[command]:
        conforms(command, output(*args))
    if name in ("sheet", "export"):
        conforms(command, output(*RUNS[command][0], "--game", "friday"))


def test_the_schemas_are_strict():
    """A wrong field or type fails, so the check above can fail."""
    a_game_with_everything()
    good = output("sheet", "--json", "--game", "friday")
    conforms("sheet --json", good)
    for broken in (
        {**good, "leader": "ann"},
        {**good, "leaders": "ann"},
        {**good, "totals": {"ann": "23"}},
    ):
        assert list(Draft202012Validator(SCHEMAS["sheet --json"]).iter_errors(broken))
    games = output("games", "--json")
    games[0]["leaders"] = " & ".join(games[0]["leaders"])
    assert list(Draft202012Validator(SCHEMAS["games --json"]).iter_errors(games))


def test_export_json_is_sheet_json():
    run("new", "zoë", "ben", "--bonus", "most")
    sheet = run("sheet", "--json").stdout
    assert "zoë" in sheet
    assert run("export", "--format", "json").stdout == sheet
