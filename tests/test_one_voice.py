"""One voice: a scripted evening played twice, its laydowns typed once at the terminal
(`qscore score`) and once on the table's page (in process, as tests/test_serve.py calls
it), and every sentence the page shows of the sheet and of a laydown's outcome held to be
the terminal's sentence, layout apart.

Layout is: indentation, a paragraph's capital and full stop, the table's columns; and a
remedy, which each face words for its own controls (the terminal an option, the page its
Replace box or the scorekeeper), so it is compared as a remedy, not as words.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from qscore.cli.wording import option_remedy
from qscore.errors import Remedy
from qscore.web.pages import make_app
from qscore.web.table import page_remedy
from tests.conftest import ok, run
from tests.test_serve import lay

CODE = "K7Q3M9"
BASE = f"/t/{CODE}/"
PLAYERS = ("ann", "ben", "cat", "dee")


@dataclass(frozen=True)
class Lay:
    """A laydown as typed: at the terminal as arguments, on the page as the form's fields."""

    player: str
    words: str = ""
    unused: str = ""
    out: bool = False
    replace: bool = False

    def args(self) -> list[str]:
        return [
            "score",
            self.player,
            *self.words.split(),
            *(["-u", self.unused] if self.unused else []),
            *(["--out"] if self.out else []),
            *(["--replace"] if self.replace else []),
        ]

    def fields(self) -> dict[str, str]:
        return (
            {"player": self.player, "words": self.words, "unused": self.unused}
            | ({"out": "yes"} if self.out else {})
            | ({"replace": "yes"} if self.replace else {})
        )


# The evening: laydowns, and what the scorekeeper's terminal does between them (the page
# takes no challenge and no leave), the same in both evenings.
EVENING: list[Lay | tuple[str, ...]] = [
    Lay("ann", "clef", out=True),  # 3 cards dealt: clef is taken as (cl)ef
    Lay("ben", "it", "Q"),
    Lay("ben", "at", "Q"),  # refused: ben laid already
    Lay("ben", "at", "Q", replace=True),
    Lay("cat", "qiz"),  # flagged: not in the dictionary
    ("challenge", "cat", "qiz", "--by", "ben"),
    Lay("cat", "zit", replace=True),  # the challenge of qiz goes with it
    Lay("dee", "(qu)it"),  # round 1 closes
    ("leave", "dee"),
    Lay("ann", "quit"),  # QU could have been one card
    Lay("ben", "cat", "Q X"),  # refused: 5 cards, round 2 deals 4
    Lay("ben", "cat", "Q"),
    Lay("cat", "thin", out=True),  # round 2 closes
    ("challenge", "ben", "cat", "--by", "ann"),  # cat stands: ann's cell is marked
    Lay("ann", "cat", out=True),  # refused: round 3 deals 5, a remedy mid-sentence
    Lay("ann", "quits"),  # the longest word
    Lay("ben", "at it", "A"),  # the most words
    Lay("cat", "thin", "A"),  # the game is over
]


def remedies() -> list[tuple[str, str]]:
    """Every remedy of a laydown as the terminal words it and as the page does."""
    kinds = [Remedy("replace"), Remedy("unchecked"), Remedy("correct-round")]
    kinds += [Remedy(kind, n) for kind in ("replace", "round") for n in range(1, 4)]
    return [(option_remedy(r), page_remedy(r)) for r in kinds]


def sentence(text: str, *, page: bool) -> str:
    """A line as said, its layout taken away: spaces around it, a paragraph's capital and full
    stop, each remedy (as the face words it) put as <remedy>; a remedy that ends a line, the
    page offering it as a control, is left out, as is the terminal's replace question before
    it (the page's Replace button asks it)."""
    text = " ".join(text.split())
    for terminal, paged in remedies():
        text = text.replace(paged if page else terminal, "<remedy>")
    text = text.removesuffix(".").removesuffix(": <remedy>")
    if not page:  # the replace question, which the page offers as its Replace button
        text = re.sub(r"\. Replace it with .*\? <remedy>$", "", text)
    return text[:1].lower() + text[1:]


def paragraphs(section: str) -> list[str]:
    """The text of each <p> of a section of the page."""
    return [html.unescape(re.sub(r"<[^>]+>", "", p)) for p in re.findall(r"<p[^>]*>(.*?)</p>", section, re.S)]


def section(page: str, name: str) -> str:
    found = re.search(rf'<section id="{name}"[^>]*>(.*?)</section>', page, re.S)
    assert found, (name, page)
    return found.group(1)


@dataclass
class Told:
    """What a face said at one step of the evening: the laydown's outcome, and the sheet after it."""

    outcome: list[str]
    sheet: str


def at_the_terminal() -> list[Told]:
    ok("new", *PLAYERS, "--rounds", "3,4,5", "-g", "fri")
    told = []
    for step in EVENING:
        if isinstance(step, tuple):
            ok(*step)
            continue
        r = run(*step.args())
        said = r.stdout if r.exit_code == 0 else r.stderr.removeprefix("qscore: error: ")
        told.append(Told(said.splitlines(), ok("sheet")))
    return told


def on_the_page() -> list[Told]:
    ok("new", *PLAYERS, "--rounds", "3,4,5", "-g", "fri")
    page = TestClient(make_app("fri", CODE))
    told = []
    for step in EVENING:
        if isinstance(step, tuple):
            ok(*step)
            continue
        shown = lay(page, **step.fields()).text
        told.append(Told(paragraphs(section(shown, "outcome")), section(page.get(BASE).text, "sheet")))
    return told


@pytest.fixture
def evenings(isolated_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Told, Told]]:
    """The evening at the terminal and on the page, step by step, each in a games file of its own."""
    terminal = at_the_terminal()
    page_home = tmp_path / "page-home"
    page_home.mkdir()
    (page_home / "cache").symlink_to(isolated_home / "cache", target_is_directory=True)
    monkeypatch.setenv("QSCORE_HOME", str(page_home))
    return list(zip(terminal, on_the_page(), strict=True))


def test_every_sentence_of_a_laydowns_outcome_on_the_page_is_the_terminals(evenings):
    for step, (terminal, page) in zip((s for s in EVENING if isinstance(s, Lay)), evenings, strict=True):
        said = {sentence(line, page=False) for line in terminal.outcome}
        assert page.outcome, step
        for line in page.outcome:
            assert sentence(line, page=True) in said, (step, line, terminal.outcome)


def test_the_sheet_on_the_page_says_what_the_terminals_sheet_says(evenings):
    for terminal, page in evenings:
        lines = terminal.sheet.splitlines()
        status = [paragraphs(p)[0] for p in re.findall(r'<p class="status">.*?</p>', page.sheet)]
        assert status and all(s in lines for s in status), (status, lines)
        assert status == lines[lines.index(status[0]) :]  # the status lines close the sheet, in order
        legend = paragraphs(re.search(r'<p class="legend">.*?</p>', page.sheet).group(0))
        assert legend[0] in lines, (legend, lines)
        for row in re.findall(r"<tbody>(.*?)</tbody>", page.sheet, re.S)[0].split("</tr>")[:-1]:
            cells = [
                " ".join(html.unescape(re.sub(r"<[^>]+>", "", c)).split()) for c in re.findall(r"<td>(.*?)</td>", row)
            ]
            number = cells[0]
            columns = next(re.split(r"\s{2,}", line.strip()) for line in lines if line.startswith(number + " "))
            assert [c for c in cells[len(cells) - len(PLAYERS) :] if c] == columns[4:], (row, columns)


def test_the_evening_says_each_kind_of_outcome(evenings):
    """The script reaches what it means to compare: each kind of note, a refusal of each
    kind, a player who left, the game's end."""
    shown = "\n".join(line for _, page in evenings for line in page.outcome)
    for said in (
        "clef taken as (cl)ef",
        "As laid: ",
        "replacing it (unused Q)",
        "Flagged: qiz",
        "no longer stands",
        "quit: if QU was one card",
        "ben already laid it (unused Q) in round 1.",
        "but round 2 is dealt 4",
        "the scorekeeper can replace the laydown of round 1",
        "Round 1 closed.",
        "Round 2 waits for ben, cat.",
    ):
        assert said in shown, said
    sheets = "\n".join(page.sheet for _, page in evenings)
    assert (
        "Left: dee (after round 1)." in sheets
        and "Round 3 is scored: its challenges" in sheets
        and "-: had left" in sheets
    )
    assert all(re.search(rf"<td>\d+ {marks} <span", sheets) for marks in ("L", "M", "!", r"\*")), sheets
