"""The README's console examples are real: each one runs and prints what the README shows.

A command's output is shown whole: a command shown with no output prints nothing. Where
the README cuts an output short it says so, with a line ``[N lines cut]``, which stands
for exactly N lines.
"""

import re
import shlex
from pathlib import Path

from tests.conftest import run

README = Path(__file__).resolve().parent.parent / "README.md"


def console_blocks():
    text = README.read_text("utf-8")
    return re.findall(r"```console\n(.*?)```", text, flags=re.S)


CUT = re.compile(r"^\[(\d+) lines? cut\]$")


def commands(block):
    """(arguments, shown output lines) for each ``$ ./dev qscore ...`` or ``$ qscore ...`` line."""
    out = []
    for line in block.splitlines():
        if line.startswith("$ "):
            words = shlex.split(line[2:])
            if words[:1] == ["./dev"]:
                words = words[1:]
            assert words[:1] == ["qscore"], line
            out.append((words[1:], []))
        else:
            out[-1][1].append(line)
    return out


def matches(shown, got):
    """Whether ``got`` is ``shown``, each ``[N lines cut]`` standing for N lines."""
    at = 0
    for line in shown:
        cut = CUT.match(line)
        if cut:
            at += int(cut.group(1))
        elif at >= len(got) or got[at] != line:
            return False
        else:
            at += 1
    return at == len(got)


def test_a_cut_is_counted():
    assert matches(["a", "[2 lines cut]", "d"], ["a", "b", "c", "d"])
    assert not matches(["a", "[1 line cut]", "d"], ["a", "b", "c", "d"])
    assert not matches(["a"], ["a", "b"]) and not matches([], ["a"])


def test_readme_has_console_examples():
    assert len(console_blocks()) >= 3


def test_readme_examples_print_what_they_show():
    for block in console_blocks():
        for args, shown in commands(block):
            r = run(*args)
            assert "Traceback" not in r.output
            got = r.stdout.rstrip("\n").splitlines()
            assert matches(shown, got), (args, got)


def test_the_dictionaries_table_is_the_commands():
    """The README's table of `qscore dictionaries` has the command's columns and words."""
    text = README.read_text("utf-8")
    table = text.split("`qscore dictionaries` lists what is available", 1)[1].split("\n\n")[1]
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()]
    listed = [re.split(r"\s{2,}", line.strip()) for line in run("dictionaries").stdout.splitlines()]
    header, shipped = listed[0], listed[2:4]
    assert rows[0] == header == ["name", "words", "source"]
    assert rows[2:4] == shipped
    assert rows[4] == ["en_US", "", "system hunspell dictionary en_US, through enchant"]
    system = [line for line in listed if line[0] == "en_US"]
    if system:  # the words of a system dictionary's line, where hunspell's en_US is installed
        assert system[0] == [rows[4][0], rows[4][2]]


def test_the_cards_table_is_the_deck():
    """The README's card values and counts are the standard deck qscore scores with, and
    the Short game's deck is half of each, as the README says."""
    from qscore.cards import load_deck

    table = README.read_text("utf-8").split("## The cards\n", 1)[1].split("| points | cards (copies) |\n|---|---|\n")[1]
    shown = {}
    for line in table.split("\n\n")[0].splitlines():
        points, cards = (cell.strip() for cell in line.strip("|").split("|"))
        for card in cards.split(", "):
            token, copies = card.split(" \u00d7")  # the multiplication sign
            shown[token] = (int(points), int(copies))
    standard, short = load_deck("standard"), load_deck("short")
    assert shown == {t: (c.points, standard.counts[t]) for t, c in standard.cards.items()}
    assert all(short.counts[t] * 2 == standard.counts[t] for t in standard.cards)
