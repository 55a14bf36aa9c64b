"""Write qscore/game/decks_table.py, the deck tables of qscore/data/decks.toml as a Python module.

    python tools/decks_module.py          # after an edit of decks.toml

decks.toml is where the decks are written and read by people (RULES.md gives its sources).
A run reads the module instead: importing tomllib and parsing the file cost about 3% of
every qscore run, where the module's compiled form loads for next to nothing.
tests/test_cards.py holds the module to the file.
"""

import json
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "qscore" / "data" / "decks.toml"
TARGET = REPO / "qscore" / "game" / "decks_table.py"


def module_text(toml_text: str) -> str:
    """The module's text for the decks of ``toml_text``."""
    table = python_text(tomllib.loads(toml_text))
    return (
        '"""The deck tables of data/decks.toml, as Python: a run imports them without a TOML parser.\n\n'
        "Written by tools/decks_module.py; edit decks.toml and run it (tests/test_cards.py holds the two alike).\n"
        '"""\n\n'
        "from typing import Any\n\n"
        f"DECKS: dict[str, Any] = {table}\n"
    )


def python_text(value: object, indent: str = "") -> str:
    """``value`` (tables of lists of numbers, as TOML gives) as Python, laid out as ruff formats it:
    a table a line an entry, a list on one line."""
    if isinstance(value, dict):
        inner = indent + "    "
        entries = "".join(f"{inner}{json.dumps(k)}: {python_text(v, inner)},\n" for k, v in value.items())
        return "{\n" + entries + indent + "}"
    return json.dumps(value)


def main() -> int:
    TARGET.write_text(module_text(SOURCE.read_text("utf-8")), "utf-8")
    print(f"wrote {TARGET.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
