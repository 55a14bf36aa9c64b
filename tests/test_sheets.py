"""What the sheet shows of the words laid, and what the exports carry."""

import json

import pytest

from tests.conftest import named_as_before, ok


def test_sheet_words_shows_each_round_as_laid():
    ok("new", "ann", "ben", "cat", "--rounds", "5,6", "--game", "friday")
    ok("score", "ann", "steve", "--out")  # struck below
    ok("score", "ben", "(qu)iz", "--unused", "E E")  # QU·I·Z, 25
    ok("score", "cat", "qiuz", "--unused", "E")  # not in the dictionary, never challenged: it stands, marked
    ok("challenge", "ann", "steve", "--by", "ben")
    ok("score", "ann", "hat", "--unused", "A A A")  # round 2, open
    out = ok("sheet", "--words")
    lines = out.splitlines()
    assert lines[0] == "Round 1 (5 cards):"
    row = {line.split()[0]: line for line in lines[3:6]}
    # each word with its points; the struck one and the refused one marked
    assert row["ann"].startswith("ann *     steve 21 struck  steve ")  # its cards count as unused
    assert row["ben"].split()[1:5] == ["(qu)iz", "25", "E", "E"]
    assert row["cat"].split()[1:4] == ["qiuz", "35", "?"]
    assert "  ben challenged ann's steve: not allowed by the dictionary" in lines
    assert "  ?: not in the game's dictionary; it stands unless challenged" in lines
    # the open round: the laydowns so far, and who is still to lay
    at = lines.index("Round 2 (6 cards), open: ben deals, cat starts:")
    assert lines[at + 3].split() == ["ann", "hat", "12", "A", "A", "A"]
    assert lines[at + 4].split() == ["ben", "(not", "laid", "yet)"]
    # then the sheet, whose open round shows the words so far rather than "..."
    assert "Game 'friday'" in lines
    assert lines[-1] == "Round 2: 6 cards. ben deals, cat starts."
    sheet_row = next(line for line in ok("sheet").splitlines() if line.startswith("2 "))
    assert sheet_row.split() == ["2", "6", "ben", "cat", "hat"]  # who dealt, who started
    assert "..." not in ok("sheet")


def test_markdown_carries_the_legend_and_the_winner():
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    ok("close")  # the last round's challenges settled
    md = ok("export", "--format", "markdown").splitlines()
    # the legend lists only the marks this game can show: no longest-word bonus is played
    assert "M: most-words bonus, \\*: went out, !: lost a challenge, (n): the running total after the round" in md
    assert md[0] == "## Quiddler: " + json.loads(ok("sheet", "--json"))["game"]
    assert md[-1] == "Game over. ann wins with 13."


def test_json_carries_the_bonus_size_and_keeps_its_fields():
    ok("new", "ann", "ben", "cat", "--bonus-points", "15")
    ok("score", "ann", "cat", "--out")
    got = json.loads(ok("sheet", "--json"))
    assert got["bonus_points"] == 15
    assert json.loads(ok("export", "--format", "json"))["bonus_points"] == 15
    fields = {"game", "players", "deck", "bonus", "dictionary", "rounds", "totals", "leaders", "over", "winner"}
    assert fields <= got.keys()
    assert {"number", "hand_size", "dealer", "starts", "closed", "scores", "players", "challenges"} <= got["rounds"][
        0
    ].keys()
    ok("new", "dee", "eve", "--bonus", "none")
    assert json.loads(ok("sheet", "--json"))["bonus_points"] is None


def test_long_csv_has_a_row_per_player_per_round():
    import csv
    import io

    from tests.conftest import run

    ok("new", "ann", "ben", "cat", "--rounds", "4,5")
    ok("score", "ann", "(qu)iz", "--unused", "E")  # 25 - 2 = 23, longest word: 33
    ok("score", "ben", "to", "go", "--out")  # 13, most words: 23
    ok("score", "cat", "jab", "--unused", "S")  # 23 - 3 - 25 for the challenge: 0
    ok("challenge", "ann", "quiz", "--by", "cat")
    ok("score", "ann", "steve", "--out")  # round 2, struck below: 21 against her, 0
    ok("challenge", "ann", "steve", "--by", "ben")
    ok("score", "ben", "hat", "in", "--unused", "")  # round 2 still open: cat has not laid down
    rows = list(csv.DictReader(io.StringIO(ok("export", "--format", "csv", "--long"))))
    assert [r["round"] + r["player"] for r in rows] == ["1ann", "1ben", "1cat", "2ann", "2ben"]
    assert rows[0] == {
        "round": "1", "cards": "4", "dealer": "ann", "starter": "ben", "player": "ann", "words": "(qu)iz",
        "struck": "", "unused": "E", "went_out": "no", "word_points": "25", "unused_points": "2",
        "challenge_penalty": "0", "hand_score": "23", "bonuses": "longest word", "round_score": "33",
        "running_total": "33",
    }  # fmt: skip
    assert (rows[1]["words"], rows[1]["went_out"], rows[1]["bonuses"]) == ("to go", "yes", "most words")
    assert (rows[2]["challenge_penalty"], rows[2]["hand_score"], rows[2]["running_total"]) == ("25", "0", "0")
    assert (rows[3]["struck"], rows[3]["unused_points"], rows[3]["round_score"]) == ("steve", "", "")  # open round
    assert rows[3]["words"] == "steve" and rows[4]["words"] == "hat in"
    # the wide sheet stays the default, and --long is CSV's alone
    assert ok("export", "--format", "csv").splitlines()[0] == "round,cards,dealer,starter,ann,ben,cat,marks"
    r = run("export", "--format", "json", "--long")
    assert r.exit_code == 2 and r.stderr == "qscore: error: --long goes with --format csv, not json\n"


def test_the_round_table_keeps_its_columns_and_play_echoes_the_settings():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "--bonus", "longest")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    ok("score", "cat", "ox", "--unused", "E")
    ok("challenge", "ann", "cat", "--by", "ben")  # a penalty in round 1, none in round 2
    for step in (("ann", "ax", "--unused", "E E"), ("ben", "to", "go", "--out"), ("cat", "at", "--unused", "E E")):
        ok("score", *step)
    lines = ok("sheet", "--words").splitlines()
    headers = [lines[i + 1] for i, line in enumerate(lines) if line.startswith("Round ") and "cards)" in line]
    # the number columns aligned alike, with a penalty (round 1) and without (round 2)
    assert len(headers) == 2 and len({h[h.index("words pts") :] for h in headers}) == 1
    assert "M: most-words bonus" not in ok("sheet")  # a longest-only game shows no M
    from tests.test_play import lines as typed

    out = ok("play", "--game", "later", input=typed("ann ben", "", "most", "", "quit"))
    assert "8 rounds (3, 4, 5, 6, 7, 8, 9, 10 cards), bonus: most (10 points), dictionary: everyday." in out


def test_markdown_escapes_its_marks_in_cells_and_names():
    """The went-out * was escaped in the legend, not in the cells; a game named fri_night*
    made its heading italic."""
    ok("new", "ann", "ben", "cat", "--rounds", "3", "--game", "fri")
    named_as_before("fri", "fri_night*")  # as an earlier qscore named a game
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "Z")
    ok("score", "cat", "ox", "--unused", "E")
    md = ok("export", "--format", "markdown")
    assert md.startswith("## Quiddler: fri\\_night\\*\n") and "| 23 L\\* (23) |" in md and "\\*: went out" in md


def test_plain_tables_lay_out_as_tabulate_does():
    """games and stats lay their tables out without tabulate (its cost grows with the years
    of games); the layout stays tabulate's simple one, numbers to the right."""
    from tabulate import tabulate

    from qscore.cli.tables import plain_table

    headers = ["game", "players", "round", "leader"]
    rows = [["friday", "ann, ben, cat", "over", "ann (92)"], ["2026-11-25", "Zoë, O'Neil", "3 of 8", "-"]]
    assert plain_table(rows, headers) == tabulate(rows, headers=headers, tablefmt="simple")
    figures = [["ann", "12", "3"], ["Mary Ann", "7", "10"]]
    assert plain_table(figures, ["player", "games", "wins"], "lrr") == tabulate(
        [[p, int(g), int(w)] for p, g, w in figures], headers=["player", "games", "wins"], tablefmt="simple"
    )


# tabulate drawn as a run draws it: importlib.metadata not loaded before
STAND_IN_RUN = """
import sys
from qscore.cli.tables import tabulate
print(tabulate([["ann", 35, "-"], ["Zoë", 7.5, 12]], headers=["player", "score", "total"], colalign=("left",)))
print("importlib.metadata" in sys.modules)
import importlib.metadata
print(importlib.metadata.version("tabulate"))
"""


@pytest.mark.slow
def test_tabulate_loads_without_its_metadata_and_draws_the_same():
    """qscore imports tabulate with importlib.metadata a stand-in (cli/tables.py): the table
    is tabulate's to the byte, the stand-in is gone after, and the real module loads then."""
    import subprocess
    import sys
    from importlib.metadata import version

    from tabulate import tabulate

    done = subprocess.run([sys.executable, "-c", STAND_IN_RUN], capture_output=True, text=True, check=True)
    *table, loaded, found = done.stdout.splitlines()
    expected = tabulate([["ann", 35, "-"], ["Zoë", 7.5, 12]], headers=["player", "score", "total"], colalign=("left",))
    assert "\n".join(table) == expected
    assert loaded == "False"
    assert found == version("tabulate")


def test_the_sheet_keeps_a_running_total_after_each_round_as_paper_does():
    """The sheet showed rounds and a final total only: checking the paper sheet round by
    round took export --format csv --long."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3,4,5")
    for step in (
        ["ann", "cat", "--out"],
        ["ben", "at", "-u", "Z"],
        ["ben", "quiz", "--out"],
        ["ann", "ox", "-u", "E E"],
    ):
        ok("score", *step)
    got = json.loads(ok("sheet", "--json"))
    assert [r["scores"] for r in got["rounds"]][:2] == [{"ann": 13, "ben": 0}, {"ann": 10, "ben": 35}]
    assert [r["running"] for r in got["rounds"]] == [
        {"ann": 13, "ben": 0},
        {"ann": 23, "ben": 35},
        {"ann": None, "ben": None},  # not scored yet
    ]
    rows = ok("sheet").splitlines()
    assert rows[3].split()[4:] == ["13", "*", "(13)", "0", "(0)"]
    assert rows[4].split()[4:] == ["10", "(23)", "35", "*", "(35)"]


def round_of_jo_hi(ruling):
    """ann lays jo hi (E left), ben ox; ben challenges jo with a paper ruling: the output."""
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "5")
    ok("score", "ann", "jo", "hi", "-u", "E")
    ok("score", "ben", "ox", "-u", "E E S")
    return ok("challenge", "ann", "jo", "--by", "ben", "--ruling", ruling)


def test_a_struck_words_cards_are_named_in_the_unused_column_that_counts_them():
    """jo 15 struck, hi 9 | unused E | -17: the unused column showed E but counted jo too."""
    assert "ann       jo 15 struck, hi 9  E + jo              9       -17" in round_of_jo_hi("invalid")


def test_a_paper_ruling_against_the_dictionary_says_what_the_dictionary_said():
    """jo is allowed by the dictionary; the table struck it, and nothing said so."""
    out = round_of_jo_hi("invalid")
    assert "jo is not allowed by the table's ruling (the game's dictionary allows it): it is no word" in out
    ok("undo", "--yes")
    out = ok("challenge", "ann", "jo", "--by", "ben", "--ruling", "valid")  # agreeing: nothing to add
    assert "jo is allowed by the table's ruling: ben loses" in out and "dictionary" not in out.splitlines()[0]


def test_a_tie_of_three_is_named_as_a_list_is_said():
    """A three-way lead read 'Leader: ann and ben and cat with 13.'"""
    ok("new", "ann", "ben", "cat")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "tab")
    ok("score", "cat", "bat")
    assert "\nLeader: ann, ben and cat with 13.\n" in ok("sheet")


def test_struck_words_are_listed_as_laid_not_as_challenged():
    import csv
    import io

    ok("new", "ann", "ben", "--rounds", "7", "--bonus", "most")
    ok("score", "ann", "to", "at", "go", "--unused", "E")
    ok("score", "ben", "ox", "--unused", "A B C D E")
    ok("challenge", "ann", "go", "--by", "ben", "--ruling", "invalid")  # go first, then to
    ok("challenge", "ann", "to", "--by", "ben", "--ruling", "invalid")
    # in the order laid, as the words column and the JSON have them
    assert json.loads(ok("sheet", "--json"))["rounds"][0]["players"]["ann"]["struck"] == ["to", "go"]
    ann = next(line for line in ok("sheet", "--words").splitlines() if line.startswith("ann "))
    assert "to 5 struck, at 5, go 8 struck  E + to + go " in ann
    rows = list(csv.DictReader(io.StringIO(ok("export", "--format", "csv", "--long"))))
    assert rows[0]["struck"] == "to go"


def test_a_struck_words_cards_are_unused_in_a_round_still_open_too():
    ok("new", "ann", "ben", "cat", "--rounds", "4,5")
    ok("score", "ann", "hat", "--unused", "A")
    ok("challenge", "ann", "hat", "--by", "ben", "--ruling", "invalid")  # round 1 still open
    ann = next(line for line in ok("sheet", "--words").splitlines() if line.startswith("ann "))
    # its cards count as unused (RULES.md), as the round, once scored, counts them
    assert ann.split() == ["ann", "hat", "12", "struck", "A", "+", "hat"]
    ok("score", "ben", "to", "go", "--out")
    ok("score", "cat", "jab", "--unused", "S")
    ann = next(line for line in ok("sheet", "--words").splitlines() if line.startswith("ann "))
    assert ann.split()[:8] == ["ann", "hat", "12", "struck", "A", "+", "hat", "0"]


def test_a_player_who_went_home_early_keeps_their_total_but_wins_nothing():
    """cy leads and goes home; ann and ben play the last round: ann wins, on every face and in stats."""
    ok("new", "ann", "ben", "cy", "--bonus", "none", "--rounds", "3,4", "--game", "leaver")
    ok("score", "ann", "at", "--unused", "E")  # 3
    ok("score", "ben", "to", "--unused", "E")  # 3
    ok("score", "cy", "(qu)iz", "--out")  # 25: cy leads, then goes home
    ok("leave", "cy")
    assert "Leader: ann and ben with 3." in ok("sheet").splitlines()  # cy's 25 stands, she is not in the lead
    ok("score", "ann", "cat", "--unused", "E")  # 11: ann 14
    ok("score", "ben", "ox", "--unused", "A E")  # 10: ben 13
    assert ok("close").splitlines()[1] == "Game over. ann wins with 14."
    shown = ok("sheet").splitlines()
    assert shown[shown.index("The evening:") - 1] == "Game over. ann wins with 14."  # the summary after it
    assert "Game over. ann wins with 14." in ok("export", "--format", "markdown")
    data = json.loads(ok("export", "--format", "json"))
    assert (data["winner"], data["leaders"], data["totals"]["cy"]) == ("ann", ["ann"], 25)
    players = json.loads(ok("stats", "--json"))["players"]
    assert [players[p]["wins"] for p in ("ann", "ben", "cy")] == [1, 0, 0]
    assert [json.loads(ok("games", "--json"))[0][k] for k in ("leaders", "leader_total")] == [["ann"], 14]
