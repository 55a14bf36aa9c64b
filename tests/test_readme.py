"""The README's console examples are real: each one runs and prints what the README shows, as
do those of the pages under docs/ (each page's examples run in order, in a home of their own).

A command's output is shown whole: a command shown with no output prints nothing. Where
the README cuts an output short it says so, with a line ``[N lines cut]`` or ``[N lines
cut: what they are]``, which stands for exactly N lines.
"""

import re
import shlex
import tomllib
from pathlib import Path

import pytest

from tests.conftest import run

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
# the pages whose examples are transcripts: the README and the docs that carry any
PAGES = [README, *sorted(p for p in (REPO / "docs").glob("*.md") if "```console\n" in p.read_text("utf-8"))]


def console_blocks(page=README):
    text = page.read_text("utf-8")
    return re.findall(r"```console\n(.*?)```", text, flags=re.S)


CUT = re.compile(r"^\[(\d+) lines? cut(?:: [^\]]+)?\]$")


def commands(block):
    """(arguments, shown output lines) for each ``$ qscore ...`` line: examples read as they
    do once qscore is installed (the checkout's ``./dev`` is named once, at the top)."""
    out = []
    for line in block.splitlines():
        if line.startswith("$ "):
            words = shlex.split(line[2:])
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
    assert matches(["a", "[2 lines cut: b and c]", "d"], ["a", "b", "c", "d"])
    assert not matches(["a"], ["a", "b"]) and not matches([], ["a"])


def test_readme_has_console_examples():
    assert len(console_blocks()) >= 3
    assert REPO / "docs" / "guide.md" in PAGES


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_examples_print_what_they_show(page):
    for block in console_blocks(page):
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
    from qscore.game.cards import load_deck

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


def test_the_readme_is_a_page_a_player_reads():
    """Well under 300 lines, opening with the two commands that set up a fresh machine: one
    runs qscore, one the tests, and CI runs that test command."""
    text = README.read_text("utf-8")
    assert len(text.splitlines()) < 300
    first = text.split("```sh\n", 1)[1].split("```", 1)[0]
    assert [line.split("#")[0].strip() for line in first.splitlines()] == ["./dev qscore check quiz", "./dev test"]
    assert text.count("./dev ") == 3 and "./dev qscore ..." in text  # named once, beside the two commands
    ci = [line for line in (REPO / ".ci" / "run").read_text("utf-8").splitlines() if not line.startswith("#")]
    assert "./dev test" in ci


def test_the_readme_links_lead_somewhere_real():
    """The README linked each file at a GitHub repository that does not exist: each link is
    now relative, and names a file of this checkout (the sdist carries them: test_packaging)."""
    links = re.findall(r"\]\(([^)\s]+)\)", README.read_text("utf-8"))
    assert links and not [link for link in links if "github.com" in link]
    ours = [link for link in links if "://" not in link]
    assert "RULES.md" in ours and "docs/guide.md" in ours
    assert all((REPO / link.partition("#")[0]).is_file() for link in ours), ours
    assert "urls" not in tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]


def test_the_docs_links_name_files_of_the_checkout():
    for page in (REPO / "docs").glob("*.md"):
        for link in re.findall(r"\]\(([^)\s#]+)(?:#[^)]*)?\)", page.read_text("utf-8")):
            if "://" not in link:
                assert (page.parent / link).resolve().exists(), (page.name, link)
