"""The table changes mid-evening: renames, players leaving, and deleting or renaming games.

Every expectation is worked by hand from RULES.md; the sheet is replayed from the log
each time, so these check the replay of rename and leave entries too.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qscore.game.entries import LogLine
from qscore.game.scoresheet import Game
from qscore.store.storage import GameStore
from qscore.views.sheet import sheet_json
from tests.conftest import ok, run


def fails(*args, message):
    before = run("sheet", "--json").stdout
    r = run(*args)
    assert r.exit_code == 2, (args, r.output)
    assert r.stderr.startswith("qscore: error: ") and r.stderr.count("\n") == 1, r.stderr
    assert message in r.stderr, r.stderr
    assert run("sheet", "--json").stdout == before  # nothing changed


def sheet(game=None):
    return json.loads(ok("sheet", "--json", *(["--game", game] if game else [])))


# Card values: A2 B8 C8 D5 E2 G6 H7 I2 J13 K8 L3 M5 N5 O2 P6 Q15 R5 S3 T3 U4 V11 W10 X12 Y4 Z14


def test_rename_fixes_a_name_on_the_whole_sheet_and_undo_takes_it_back():
    ok("new", "ann", "bne", "cat", "--rounds", "3,4")
    ok("score", "ann", "cat", "--out")  # 13 + longest 10
    ok("score", "bne", "at", "--unused", "E")  # 5 - 2
    ok("score", "cat", "ox", "--unused", "E")  # 14 - 2
    ok("challenge", "ann", "cat", "--by", "bne")  # CAT is allowed: bne loses 13, floored at 0
    out = ok("rename", "BNE", "ben")
    assert out.startswith("bne is now ben on the whole sheet of game ")
    got = sheet()
    assert got["players"] == ["ann", "ben", "cat"]
    assert got["totals"] == {"ann": 23, "ben": 0, "cat": 12}
    r1 = got["rounds"][0]
    assert r1["starts"] == "ben" and r1["playing"] == ["ann", "ben", "cat"]
    assert r1["players"]["ben"]["words"] == ["at"]
    assert r1["challenges"] == [{"player": "ann", "word": "cat", "by": "ben", "valid": True, "ruling": "dictionary"}]
    assert got["rounds"][1]["dealer"] == "ben"
    # the new name is the one that works from now on
    fails("score", "bne", "to", "go", message="no player 'bne'")
    ok("score", "ben", "to", "go", "--out")
    assert sheet()["rounds"][1]["players"]["ben"]["words"] == ["to", "go"]
    ok("undo")  # ben's laydown
    assert ok("undo").startswith("Took back the renaming of bne to ben.")
    assert sheet()["players"] == ["ann", "bne", "cat"]
    assert sheet()["rounds"][0]["players"]["bne"]["words"] == ["at"]


def test_a_freed_name_can_be_taken_and_earlier_entries_stay_with_their_player():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    ok("score", "ann", "cat", "--out")
    ok("rename", "ann", "zoe")
    ok("rename", "ben", "Ann")  # ann is free now: ben takes it
    ok("score", "ann", "at", "--unused", "E")  # the laydown of the player now called Ann
    ok("score", "cat", "ox", "--unused", "E")
    r1 = sheet()["rounds"][0]
    assert r1["players"]["zoe"]["words"] == ["cat"] and r1["players"]["Ann"]["words"] == ["at"]
    assert r1["scores"] == {"zoe": 23, "Ann": 3, "cat": 12}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rename", "ann", "BEN"], "there is a player called ben already in game"),
        (["rename", "ann", "ann"], "ann is called ann already"),
        (["rename", "ann", "--", "-"], "player name '-': a name needs a letter or a digit"),
        (["rename", "ann", "Ann\nBen"], "a name is one line of printable characters"),
        (["rename", "ann", "x" * 31], "is 31 characters: a name has 30 at most"),
        (["rename", "ann", "B.E.N."], "there is a player called ben already in game"),
        (["rename", "zed", "zoe"], "no player 'zed' in game"),
    ],
)
def test_rename_refuses_a_clash_or_a_bad_name(args, message):
    ok("new", "ann", "ben", "cat")
    fails(*args, message=message)


def test_a_case_only_rename_is_a_rename():
    ok("new", "ann", "ben", "cat")
    ok("rename", "ann", "Ann")
    assert sheet()["players"] == ["Ann", "ben", "cat"]


def test_a_player_who_leaves_between_rounds_is_skipped_by_the_deal_and_the_scoring():
    ok("new", "ann", "ben", "cat", "dee", "--rounds", "3,4,5,6")
    # round 1, ann deals: CAT 13 + longest 10 = 23; AT 5; OX 14 - 2 = 12; TO 5 - 2 = 3
    for step in [("ann", "cat", "--out"), ("ben", "at", "--unused", "E"), ("cat", "ox", "--unused", "E")]:
        ok("score", *step)
    ok("score", "dee", "to", "--unused", "E")
    out = ok("leave", "ben")  # ben was to deal round 2
    assert "ben leaves the game with 3 points, which stand." in out
    assert "From round 2, ann, cat and dee play on (bonus: both)." in out
    assert "Round 2: 4 cards. cat deals, dee starts." in out
    # round 2 without ben: ann QUIZ 25 - 2 = 23 + longest 10; cat TO GO 13 + most 10; dee AT 5 - 4
    ok("score", "ann", "(qu)iz", "--unused", "E")
    out = ok("score", "cat", "to", "go", "--out")
    assert "Round 2 waits for dee." in out
    out = ok("score", "dee", "at", "--unused", "E E")
    assert "Round 2 closed." in out and "Round 3: 5 cards. dee deals, ann starts." in out
    fails("score", "ben", "hat", "in", message="ben left the game before round 2, so is not in round 3")
    got = sheet()
    assert got["rounds"][1]["scores"] == {"ann": 33, "ben": None, "cat": 23, "dee": 1}
    assert got["totals"] == {"ann": 56, "ben": 3, "cat": 35, "dee": 4}
    assert got["left"] == {"ben": 2}
    assert [r["dealer"] for r in got["rounds"]] == ["ann", "cat", "dee", "ann"]  # the deal skips ben
    assert [r["playing"] for r in got["rounds"]][2] == ["ann", "cat", "dee"]
    text = ok("sheet")
    assert "Left: ben (after round 1)." in text and "-: had left" in text
    assert ok("export").splitlines()[2].split(",")[5] == "-"  # ben in round 2, as the sheet shows him (was blank)
    # ben: -, and beside each score the running total
    assert text.splitlines()[4].split() == [
        "2",
        "4",
        "cat",
        "dee",
        "33",
        "L",
        "(56)",
        "-",
        "23",
        "M*",
        "(35)",
        "1",
        "(4)",
    ]
    # ben's round-1 word can still be challenged; ben cannot challenge now he has gone
    fails("challenge", "ann", "(qu)iz", "--by", "ben", message="ben left the game before round 2")


def test_leaving_mid_round_before_laying_down_sits_the_round_out():
    ok("new", "ann", "ben", "cat", "dee", "--rounds", "3,4")
    ok("score", "ann", "cat", "--out")  # ann dealt and has laid down; dee has not
    ok("leave", "dee")
    ok("score", "ben", "at", "--unused", "E")
    out = ok("score", "cat", "ox", "--unused", "E")
    assert "Round 1 closed." in out  # without dee
    got = sheet()
    r1 = got["rounds"][0]
    assert r1["dealer"] == "ann" and r1["playing"] == ["ann", "ben", "cat"]
    # most words 1-1-1: nobody; longest CAT: ann
    assert r1["scores"] == {"ann": 23, "ben": 3, "cat": 12, "dee": None}
    assert got["rounds"][1]["dealer"] == "ben"


def test_a_dealer_who_leaves_after_laying_down_does_not_deal_again():
    ok("new", "ann", "ben", "cat", "dee", "--rounds", "3,4,5", "--dealer", "cat")
    ok("score", "cat", "at", "--unused", "E")
    ok("score", "dee", "to", "--unused", "E")  # dee would deal round 2
    ok("leave", "dee")  # plays round 1 out, then goes
    got = sheet()
    assert [r["dealer"] for r in got["rounds"]] == ["cat", "ann", "ben"]
    assert [r["starts"] for r in got["rounds"]] == ["dee", "ben", "cat"]


def test_leaving_mid_round_after_laying_down_leaves_after_the_round():
    ok("new", "ann", "ben", "cat", "dee", "--rounds", "3,4")
    ok("score", "dee", "to", "--unused", "E")
    out = ok("leave", "dee")
    assert "From round 2, ann, ben and cat play on" in out
    for step in [("ann", "cat", "--out"), ("ben", "at", "--unused", "E"), ("cat", "ox", "--unused", "E")]:
        ok("score", *step)
    got = sheet()
    assert got["rounds"][0]["scores"] == {"ann": 23, "ben": 3, "cat": 12, "dee": 3}
    assert got["rounds"][1]["playing"] == ["ann", "ben", "cat"]


def test_two_left_choose_one_bonus_and_the_last_two_cannot_part():
    ok("new", "ann", "ben", "cat", "--rounds", "4,4")
    # the runner's stdin is no terminal: the choice must be given
    fails(
        "leave",
        "cat",
        message="with cat gone, ann and ben play on with one bonus: longest, most or none? choose --bonus longest",
    )
    # both is what they have: never a choice to offer, and none is one (it was left out)
    fails("leave", "cat", message="choose --bonus longest, --bonus most or --bonus none")
    fails("leave", "cat", "--bonus", "both", message="'both' is not one of 'longest', 'most', 'none'")
    fails("leave", "cat", "--bonus", "lots", message="'lots' is not one of 'longest', 'most', 'none'")
    out = ok("leave", "cat", "--bonus", "most")
    assert "From round 1, ann and ben play on (bonus: most)." in out
    # ann QUIZ 25 - 2 = 23, the longest word but no bonus for it; ben TO GO 13 + most 10
    ok("score", "ann", "(qu)iz", "--unused", "E")
    ok("score", "ben", "to", "go", "--out")
    got = sheet()
    assert got["rounds"][0]["scores"] == {"ann": 23, "ben": 23, "cat": None}
    assert got["rounds"][0]["bonus"] == "most" and got["bonus"] == "both"
    fails("leave", "ben", message="ben cannot leave: a game needs 2 players, and only ann would be left")
    fails("leave", "cat", message="cat left the game already, before round 1")


def test_leaving_a_finished_game_is_refused():
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3", "--game", "g")
    ok("score", "ann", "cat", "--out")
    ok("score", "ben", "at", "--unused", "E")
    fails("leave", "ann", message="every round of game 'g' is scored: nobody leaves after the last round")
    ok("close")
    fails("leave", "ann", message="game 'g' is over: nobody leaves a finished game")


def test_an_older_qscore_refuses_a_log_with_entry_kinds_it_does_not_know():
    created = LogLine(1, "created", {"players": ["ann", "ben"], "bonus": "most"})
    with pytest.raises(Exception, match="entries a newer qscore wrote \\(seat swap\\): upgrade qscore"):
        Game.from_log("x", [created, LogLine(2, "seat swap", {})])


def test_play_resumes_after_a_rename_and_a_leave():
    ok("new", "ann", "ben", "cat", "--rounds", "3,4")
    ok("score", "ann", "cat", "--out")
    ok("rename", "ann", "anne")
    ok("leave", "cat", "--bonus", "longest")  # cat had not laid down: sits round 1 out
    # round 1: ben's laydown, no challenge; round 2: ben went out, then anne's
    out = ok("play", input="at\nZ\n\nben\nto go\n(qu)iz\nE\n\n")
    assert "ben's words" in out and "cat's words" not in out and "anne's words" in out
    assert "Keeping score for game " in out and ": anne, ben." in out
    # round 1: anne 13 + longest 10 = 23, ben 5 - 14 < 0: 0; round 2: anne 23 + 10, ben 13
    assert "Game over. anne wins with 56." in out
    assert sheet()["totals"] == {"anne": 56, "ben": 13, "cat": 0}


def test_games_rename_and_delete():
    ok("new", "ann", "ben", "--bonus", "most", "--game", "friday")
    ok("new", "cat", "dee", "--bonus", "most", "--game", "saturday")
    r = run("games", "--rename", "friday", "SATURDAY")
    assert r.exit_code == 2 and "a game named 'saturday' exists already" in r.stderr
    assert ok("games", "--rename", "friday", "fri") == "Game 'friday' is now called 'fri'.\n"
    assert sheet("fri")["players"] == ["ann", "ben"]
    r = run("games", "--delete", "fri")  # no terminal: --yes is needed
    assert r.exit_code == 2 and "deleting game 'fri' cannot be undone: add --yes" in r.stderr
    assert [g["game"] for g in json.loads(ok("games", "--json"))] == ["fri", "saturday"]
    assert ok("games", "--delete", "fri", "--yes") == "Deleted game 'fri'.\n"
    assert [g["game"] for g in json.loads(ok("games", "--json"))] == ["saturday"]
    r = run("games", "--delete", "fri", "--yes")
    assert r.exit_code == 2 and "no game named 'fri'" in r.stderr


def test_games_delete_of_no_such_game_says_so_before_asking_for_yes():
    """games --delete nosuch asked for --yes first, and said there was no such game only after."""
    ok("new", "ann", "ben", "--bonus", "most", "--game", "Friday")
    r = run("games", "--delete", "nosuch")
    assert r.exit_code == 2 and r.stderr == "qscore: error: no game named 'nosuch': saved games are Friday\n"
    r = run("games", "--delete", "friday")  # found as -g finds it, and named as saved
    assert r.exit_code == 2 and "deleting game 'Friday' cannot be undone: add --yes" in r.stderr


def test_games_delete_asks_on_a_terminal(monkeypatch):
    ok("new", "ann", "ben", "--bonus", "most", "--game", "friday")
    monkeypatch.setattr("qscore.cli.asking.on_terminal", lambda: True)
    out = run("games", "--delete", "friday", input="n\n").stdout
    assert "Delete game 'friday' (ann, ben, round 1 of 8) and its whole sheet? [y/N]" in out
    assert "Nothing deleted." in out and GameStore().names() == ["friday"]
    assert "Deleted game 'friday'." in run("games", "--delete", "friday", input="y\n").stdout
    assert GameStore().names() == []


def test_leave_asks_two_players_for_their_bonus_on_a_terminal(monkeypatch):
    ok("new", "ann", "ben", "cat")
    monkeypatch.setattr("qscore.cli.asking.on_terminal", lambda: True)
    out = ok("leave", "cat", input="lots\n\nlongest\n")
    asked = "With cat gone, ann and ben play on with one bonus: longest, most or none? "
    assert out.startswith(f"{asked}lots\nNot taken: 'lots': answer longest, most or none.\n{asked}\n"), out
    assert "Not taken: answer longest, most or none.\n" in out  # Enter, told as play tells it
    assert sheet()["rounds"][0]["bonus"] == "longest"


def test_leave_on_a_terminal_takes_none_as_leave_bonus_none_does(monkeypatch):
    ok("new", "ann", "ben", "cat")
    monkeypatch.setattr("qscore.cli.asking.on_terminal", lambda: True)
    out = ok("leave", "cat", input="none\n")
    assert "With cat gone, ann and ben play on with one bonus: longest, most or none? none" in out
    assert sheet()["rounds"][0]["bonus"] == "none"
    out = ok("new", "ann", "ben", "--game", "two", input="none\n")
    assert "Two players use one bonus: longest, most or none? none" in out and "(bonus: none)" not in out
    assert json.loads(ok("sheet", "--json", "--game", "two"))["rounds"][0]["bonus"] == "none"


def test_a_bonus_choice_at_leave_is_refused_while_three_play_on():
    """leave --bonus most with three staying quietly dropped the longest-word bonus."""
    ok("new", "ann", "ben", "cat", "dan", "--rounds", "3,4")
    fails("leave", "dan", "--bonus", "most", message="both bonuses to choose from: ann, ben, cat play on")
    assert "play on (bonus: both)" in ok("leave", "dan")
    assert sheet()["rounds"][0]["bonus"] == "both"
    # a game of one bonus keeps it when two are left: most was switched on a longest-only game
    ok("new", "eve", "fay", "gus", "--bonus", "longest", "--rounds", "3,4", "--game", "one")
    fails("leave", "gus", "--bonus", "most", "-g", "one", message="eve, fay play on with the game's bonus (longest)")


def test_a_misspelt_player_is_refused_with_the_likely_one():
    ok("new", "ann", "bob", "O'Neil", "--rounds", "3,4")
    fails("score", "bbo", "at", "-u", "E", message="players are ann, bob, O'Neil (did you mean bob?)")
    fails("score", "onel", "at", "-u", "E", message="(did you mean O'Neil?)")
    r = run("score", "zed", "at", "-u", "E")
    assert r.stderr.endswith("players are ann, bob, O'Neil\n")  # nothing like it: no guess


@pytest.mark.parametrize("name", ["a|b", '=HYPERLINK("x")', "@SUM(1)", "[l](http://x)", "_u_"])
def test_a_name_holds_what_names_hold(name):
    """These were taken, and the CSV export wrote =HYPERLINK(...) for a spreadsheet to run."""
    r = run("new", name, "bob", "cat")
    assert r.exit_code == 2 and "a name holds letters, digits, spaces, apostrophes, hyphens and full stops" in r.stderr
    assert "Game" in ok("new", "O'Neil", "J.R.", "Zo\u00eb", "\u674e", "Mary Ann", "--game", f"g{len(name)}")


def test_games_lists_leaders_as_a_list():
    ok("new", "ann", "ben", "--bonus", "most", "--rounds", "3")
    assert json.loads(ok("games", "--json"))[0]["leaders"] == []
    ok("score", "ann", "at", "--unused", "E")
    ok("score", "ben", "to", "--unused", "E")  # 3 each: a tie
    row = json.loads(ok("games", "--json"))[0]
    assert row["leaders"] == ["ann", "ben"] and row["leader_total"] == 3
    assert "ann & ben (3)" in ok("games")


# --- renames at any point of the log replay to the same sheet -------------------------

BASE_LOG = [
    ("laydown", {"round": 1, "player": "ann", "words": ["cat"], "unused": [], "out": True}),
    ("laydown", {"round": 1, "player": "bob", "words": ["at"], "unused": ["Z"], "out": False}),
    ("laydown", {"round": 1, "player": "cy", "words": ["ox"], "unused": ["E"], "out": False}),
    ("challenge", {"round": 1, "player": "ann", "word": "cat", "by": "cy", "valid": True, "ruling": "table"}),
    ("laydown", {"round": 2, "player": "ann", "words": ["(qu)iz"], "unused": ["E"], "out": False}),
    ("laydown", {"round": 2, "player": "bob", "words": ["to", "go"], "unused": [], "out": True}),
    ("laydown", {"round": 2, "player": "cy", "words": ["jab"], "unused": ["S"], "out": False}),
]


def renamed(value, names):
    """``value`` with every player name replaced by ``names[name]``."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


POOL = ["ann", "bob", "cy", "dee", "Ann"]  # names freed by a rename may be taken again


@given(renames=st.lists(st.tuples(st.integers(0, len(BASE_LOG)), st.integers(0, 2), st.sampled_from(POOL)), max_size=6))
@settings(max_examples=60, deadline=None)
def test_renames_anywhere_in_the_log_give_the_sheet_under_the_final_names(renames):
    created = LogLine(1, "created", {"players": ["ann", "bob", "cy"], "rounds": [3, 4]})
    names = ["ann", "bob", "cy"]
    log = [created]
    for at, (kind, data) in enumerate([*BASE_LOG, (None, {})]):
        for _, seat, new in [r for r in renames if r[0] == at]:
            if new.lower() in [n.lower() for i, n in enumerate(names) if i != seat] or new == names[seat]:
                continue  # qscore refuses a clash (tested above)
            log.append(LogLine(len(log) + 1, "rename", {"old": names[seat], "new": new}))
            names[seat] = new
        if kind is not None:
            now = dict(zip(["ann", "bob", "cy"], names, strict=True))
            log.append(LogLine(len(log) + 1, kind, renamed(data, now)))
    plain = [created] + [LogLine(i + 2, k, d) for i, (k, d) in enumerate(BASE_LOG)]
    final = dict(zip(["ann", "bob", "cy"], names, strict=True))
    assert sheet_json(Game.from_log("g", log)) == renamed(sheet_json(Game.from_log("g", plain)), final)


def test_a_player_with_an_accent_is_found_as_the_table_types_the_name():
    ok("new", "Zoë", "ben", "--dealer", "zoe", "--bonus", "longest")
    ok("score", "zoe", "cat", "--out")  # CAT 13 + longest 10
    ok("score", "ZOE", "at", "--round", "1", "--replace", "--unused", "C")
    assert "zoe" not in sheet()["players"] and sheet()["players"] == ["Zoë", "ben"]
    ok("score", "BEN", "ox", "--unused", "E")  # 14 - 2 = 12
    r1 = sheet()["rounds"][0]
    assert r1["players"]["Zoë"]["words"] == ["at"] and r1["scores"] == {"Zoë": 0, "ben": 12}
    assert "Zoë" in json.dumps(json.loads(ok("stats", "--player", "zoe", "--json")), ensure_ascii=False)


def test_names_that_differ_only_by_an_accent_are_one_name():
    r = run("new", "zoe", "Zoë", "ben")
    assert r.exit_code == 2 and "two players have the same name: Zoë, zoe" in r.stderr, r.output
    ok("new", "Zoë", "ben", "cat")
    fails("rename", "ben", "ZOE", message="there is a player called Zoë already in game")
    ok("rename", "zoe", "Zoe")
    assert sheet()["players"] == ["Zoe", "ben", "cat"]


def test_names_that_look_alike_are_a_clash_at_new_and_rename(isolated_home):
    """Issue 27, item 7: ann and ann with a Cyrillic a were seated as two players who look
    the same on every sheet. Both names are named, and the letter that looks like another."""
    r = run("new", "ann", "\u0430nn", "cat")
    assert r.exit_code == 2 and r.stderr == (
        "qscore: error: two players' names look alike: 'ann' and '\u0430nn' (\u0430 is CYRILLIC SMALL LETTER A): "
        "the sheet could not tell them apart; write one another way\n"
    ), r.output
    r = run("new", "Tom", "ben", "\u0422OM")  # a capital Cyrillic Te, another case
    assert r.exit_code == 2 and "'Tom' and '\u0422OM' (\u0422 is CYRILLIC CAPITAL LETTER TE)" in r.stderr, r.output
    assert not (isolated_home / "games.sqlite3").exists()
    # names of other scripts that look like no other name, and plain names alike only in a font, are seated
    ok("new", "ann", "amm", "\u041e\u043b\u0435\u0433", "\u03a9mega", "\u674e", "Zo\u00eb")
    fails("rename", "amm", "\u0430nn", message="'\u0430nn' looks like 'ann', a player in game")
    fails("rename", "amm", "\u0410NN", message="(\u0410 is CYRILLIC CAPITAL LETTER A)")
    fails("rename", "amm", "z\u043e\u0435", message="looks like 'Zo\u00eb'")  # Cyrillic o and e
    ok("rename", "ann", "\u0430nn")  # ann's own name, written another way, clashes with no one


def test_names_as_tables_write_them():
    out = ok("new", "Mary-Ann", "O'Neil", " J.R. ", "Mary Ann Lee", "李")
    assert "started: Mary-Ann, O'Neil, J.R., Mary Ann Lee, 李." in out  # trimmed
    ok("score", "oneil", "cat", "--out")  # found without regard to case and punctuation
    ok("score", "jr", "at", "--unused", "E")
    assert sheet()["rounds"][0]["players"]["O'Neil"]["words"] == ["cat"]
    assert sheet()["rounds"][0]["players"]["J.R."]["unused"] == ["E"]
    ok("rename", "mary ann lee", "Mary-Ann Lee")
    r = run("new", "Mary-Ann", "mary ann", "--game", "two")
    assert r.exit_code == 2 and "two players have the same name: Mary-Ann, mary ann" in r.stderr, r.output


def test_a_player_who_lost_a_challenge_in_a_round_they_have_not_laid_down_cannot_sit_it_out(isolated_home):
    """The challenge's penalty is scored with the round, and a leaver who has not laid down
    is out of it: the leave is refused with the two ways on, and nothing is saved."""
    ok("new", "ann", "ben", "cat")
    ok("score", "ann", "to", "-u", "E")
    ok("score", "cat", "pox", "--out")
    ok("challenge", "ann", "to", "--by", "ben", "--ruling", "valid")
    before = sheet()
    fails(
        "leave",
        "ben",
        "--bonus",
        "most",
        message="ben lost a challenge in round 1, which is scored with the round: ben lays down round 1 first"
        " and leaves after it, or the challenge is taken back (undone)",
    )
    assert sheet() == before
    ok("score", "ben", "at", "-u", "Q")
    assert "From round 2, ann and cat play on (bonus: most)." in ok("leave", "ben", "--bonus", "most")


def test_enter_at_the_bonus_question_is_told_what_answers_it_in_play_as_in_leave(monkeypatch):
    """Enter in play said "Not taken: answer longest or most or none." while leave asked
    again in silence; the question ended "?:"."""
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "--game", "a")
    ok("new", "ann", "ben", "cat", "--rounds", "3,4", "--game", "b")
    played = ok("play", "--game", "a", input="\nleave cat\n\nmost\nquit\n")
    monkeypatch.setattr("qscore.cli.asking.on_terminal", lambda: True)
    left = ok("leave", "cat", "--game", "b", input="\nmost\n")
    asked = (
        "With cat gone, ann and ben play on with one bonus: longest, most or none? \n"
        "Not taken: answer longest, most or none.\n"
    )
    assert asked in played and left.startswith(asked), (played, left)
    assert "?:" not in played + left


def test_a_misspelt_game_or_dealer_is_offered_the_one_meant():
    """sheet --game 2026-12-2-2 listed the saved games and new --dealer bea the players, where
    every other misspelt name gets a did-you-mean; and a leave said "with 1 points"."""
    ok("new", "Aunt Bea", "Omar", "Lily", "Kim", "--game", "2026-12-02-2")
    r = run("sheet", "--game", "2026-12-2-2")
    said = "no game named '2026-12-2-2': saved games are 2026-12-02-2 (did you mean 2026-12-02-2?)"
    assert r.stderr == f"qscore: error: {said}\n"
    r = run("new", "Aunt Bea", "Omar", "--dealer", "bea", "--bonus", "most")
    assert r.exit_code == 2 and "players are Aunt Bea, Omar (did you mean Aunt Bea?)" in r.stderr
    for laid in (
        ["Aunt Bea", "at", "-u", "q"],
        ["Omar", "it", "-u", "y"],
        ["Lily", "cat", "--out"],
        ["Kim", "at", "-u", "e"],
    ):
        ok("score", *laid, "-g", "2026-12-02-2")  # Omar: I·T 5 less Y 4, 1
    assert "Omar leaves the game with 1 point, which stands." in ok("leave", "Omar", "-g", "2026-12-02-2")
