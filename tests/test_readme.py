"""The README's console examples are real: each one runs and prints what the README shows.

In a shown output, a line "..." stands for any lines; a command shown with no output is
only run.
"""

import re
import shlex
from pathlib import Path

from tests.conftest import run

README = Path(__file__).resolve().parent.parent / "README.md"


def console_blocks():
    text = README.read_text("utf-8")
    return re.findall(r"```console\n(.*?)```", text, flags=re.S)


def commands(block):
    """(arguments, shown output lines) for each ``$ ./dev qscore ...`` line of a block."""
    out = []
    for line in block.splitlines():
        if line.startswith("$ "):
            words = shlex.split(line[2:])
            assert words[:2] == ["./dev", "qscore"], line
            out.append((words[2:], []))
        else:
            out[-1][1].append(line)
    return out


def matches(shown, got):
    if "..." not in shown:
        return shown == got
    cut = shown.index("...")
    head, tail = shown[:cut], shown[cut + 1 :]
    return got[: len(head)] == head and (not tail or got[-len(tail) :] == tail)


def test_readme_has_console_examples():
    assert len(console_blocks()) >= 3


def test_readme_examples_print_what_they_show():
    for block in console_blocks():
        for args, shown in commands(block):
            r = run(*args)
            assert "Traceback" not in r.output
            if shown:
                got = r.stdout.rstrip("\n").splitlines()
                assert matches(shown, got), (args, got)
