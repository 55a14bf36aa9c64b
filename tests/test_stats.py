"""The table's statistics across saved games: two small games worked by hand."""

import json
import sqlite3

from tests.conftest import run

# Card values: A2 B8 C8 E2 G6 I2 J13 O2 S3 T3 X12 Z14 QU9.
# The games use this word list, so the best plays can be worked by hand.
WORDS = "cat act at ox to go quiz jab jabs tax"

MONDAY = [
    # round 1, 3 cards; most words 1-1-1: nobody; longest: ann's CAT.
    ("score", "ann", "cat", "--out"),  # C8 A2 T3 = 13 + 10 = 23; best 13
    ("score", "Ben", "at", "--unused", "Z"),  # 5 - 14: 0; A T Z make nothing better: best 0
    ("score", "cat", "ox", "--unused", "E"),  # 14 - 2 = 12; best 12
    # round 2, 4 cards; most words: Ben (2); longest: ann's QUIZ.
    ("score", "ann", "(qu)iz", "--unused", "E"),  # 25 - 2 = 23 + 10 = 33; best 23
    ("score", "Ben", "to", "go", "--out"),  # 5 + 8 = 13 + 10 = 23; best 13
    ("score", "cat", "jab", "--unused", "S"),  # 23 - 3 - 25 for the challenge: 0
    ("challenge", "ann", "quiz", "--by", "cat"),  # allowed: cat loses 25, and lost the challenge
    # cat's J A B S make JABS, 26 - 25 = 1: missed 1.
]
# monday: ann 23 + 33 = 56 (wins), Ben 0 + 23 = 23, cat 12 + 0 = 12.

TUESDAY = [
    # two players, longest-word bonus; round 1, 3 cards.
    ("score", "Ann", "at", "--unused", "X"),  # 5 - 12: 0; TAX (3 + 2 + 12 = 17) was there: missed 17
    ("score", "dan", "cat", "--out"),  # 13 + 10 longest = 23
    # round 2, 4 cards.
    ("score", "Ann", "ox", "go", "--out"),  # 14 + 8 = 22 + 10 longest (dan has no word) = 32
    ("score", "dan", "tazo"),  # every card laid, after Ann went out; flagged, struck below: 21 against dan, 0
    ("challenge", "dan", "tazo", "--by", "ann"),  # not allowed: Ann wins a challenge
    # dan's T A Z O make at best TO or AT with 16 unused: below zero, so best 0, missed 0.
]
# tuesday: Ann 0 + 32 = 32 (wins), dan 23 + 0 = 23.

EXPECTED_PLAYERS = {
    # ann and Ann are one player, shown as her latest game has her.
    "Ann": {
        "games": 3,  # monday, tuesday, and wednesday still under way
        "finished": 2,
        "wins": 2,
        "average_total": 44.0,  # (56 + 32) / 2
        "best_total": 56,
        "best_round": 33,
        "best_word": {"word": "quiz", "cards": ["QU", "I", "Z"], "points": 25, "game": "monday", "round": 2},
        "times_out": 2,  # monday round 1, tuesday round 2
        "challenges_made": 1,
        "challenges_won": 1,
        "missed": 17,
        "totals_by_variant": {"standard 3,4": {"finished": 2, "average_total": 44.0, "best_total": 56}},
    },
    "Ben": {
        "games": 2,
        "finished": 1,
        "wins": 0,
        "average_total": 23.0,
        "best_total": 23,
        "best_round": 23,
        "best_word": {"word": "go", "cards": ["G", "O"], "points": 8, "game": "monday", "round": 2},
        "times_out": 1,
        "challenges_made": 0,
        "challenges_won": 0,
        "missed": 0,
        "totals_by_variant": {"standard 3,4": {"finished": 1, "average_total": 23.0, "best_total": 23}},
    },
    "cat": {
        "games": 1,
        "finished": 1,
        "wins": 0,
        "average_total": 12.0,
        "best_total": 12,
        "best_round": 12,
        "best_word": {"word": "jab", "cards": ["J", "A", "B"], "points": 23, "game": "monday", "round": 2},
        "times_out": 0,
        "challenges_made": 1,
        "challenges_won": 0,
        "missed": 1,
        "totals_by_variant": {"standard 3,4": {"finished": 1, "average_total": 12.0, "best_total": 12}},
    },
    "dan": {
        "games": 1,
        "finished": 1,
        "wins": 0,
        "average_total": 23.0,
        "best_total": 23,
        "best_round": 23,
        # TAZO (21) was struck: it is no word laid
        "best_word": {"word": "cat", "cards": ["C", "A", "T"], "points": 13, "game": "tuesday", "round": 1},
        "times_out": 1,
        "challenges_made": 0,
        "challenges_won": 0,
        "missed": 0,
        "totals_by_variant": {"standard 3,4": {"finished": 1, "average_total": 23.0, "best_total": 23}},
    },
}
MONDAYS_TOP = {"player": "Ann", "total": 56, "game": "monday", "variant": "standard 3,4"}
EXPECTED_RECORDS = {
    "highest_total": MONDAYS_TOP,
    "highest_round": {"player": "Ann", "score": 33, "game": "monday", "round": 2},
    "best_word": {
        "player": "Ann",
        "word": "quiz",
        "cards": ["QU", "I", "Z"],
        "points": 25,
        "game": "monday",
        "round": 2,
    },
    "highest_totals": {"standard 3,4": MONDAYS_TOP},
}


def ok(*args):
    r = run(*args)
    assert r.exit_code == 0, (args, r.output)
    return r


def play_games(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS.split()) + "\n", "utf-8")
    ok("new", "ann", "Ben", "cat", "--rounds", "3,4", "--dictionary", str(words), "--game", "monday")
    for step in MONDAY:
        ok(*step, "--game", "monday")
    ok("new", "Ann", "dan", "--bonus", "longest", "--rounds", "3,4", "--dictionary", str(words), "--game", "tuesday")
    for step in TUESDAY:
        ok(*step, "--game", "tuesday")
    ok("new", "Ann", "Ben", "--bonus", "most", "--rounds", "3,4", "--game", "wednesday")
    ok("score", "ann", "to", "--unused", "E")  # round 1 not closed: counts as a game, nothing else


# monday's finishers Ann 56, Ben 23, cat 12; tuesday's Ann 32, dan 23; wednesday is not over
EXPECTED_HEAD_TO_HEAD = [
    {"players": ["Ann", "Ben"], "games": 1, "wins": {"Ann": 1, "Ben": 0}},
    {"players": ["Ann", "cat"], "games": 1, "wins": {"Ann": 1, "cat": 0}},
    {"players": ["Ann", "dan"], "games": 1, "wins": {"Ann": 1, "dan": 0}},
    {"players": ["Ben", "cat"], "games": 1, "wins": {"Ben": 1, "cat": 0}},
]


def ratings_of(got):
    """Each player's rating taken out of ``stats --json``'s players (tests/test_history.py checks them)."""
    return {name: p.pop("rating") for name, p in got["players"].items()}


def test_stats_of_two_games_worked_by_hand(tmp_path):
    play_games(tmp_path)
    got = json.loads(ok("stats", "--json").stdout)
    assert ratings_of(got)["Ann"]["mu"] > 25  # she won both
    assert got == {"players": EXPECTED_PLAYERS, "records": EXPECTED_RECORDS, "head_to_head": EXPECTED_HEAD_TO_HEAD}
    # the review agrees on what was missed
    reviews = json.loads(ok("review", "--game", "tuesday", "--json").stdout)
    missed = {(r["player"], r["round"]): r["missed"] for r in reviews}
    assert missed == {("Ann", 1): 17, ("dan", 1): 0, ("Ann", 2): 0, ("dan", 2): 0}


def test_stats_text(tmp_path):
    play_games(tmp_path)
    lines = ok("stats").stdout.splitlines()
    assert lines[0].split() == (
        "player games finished wins average best total best round out challenges missed".split()
    )
    assert lines[2].split() == ["Ann", "3", "2", "2", "44.0", "56", "33", "2", "1", "(1", "won)", "17"]
    assert lines[5].split() == ["dan", "1", "1", "0", "23.0", "23", "23", "1", "0", "(0", "won)", "0"]
    assert lines[6:] == [
        "Ratings (openskill, from every finished game; ± how unsure it still is, 25 ± 8.3 to start):",
        "  Ann: 30.2 ± 8.0",
        "  Ben: 25.7 ± 8.1",
        "  dan: 22.6 ± 8.1",
        "  cat: 21.4 ± 8.1",
        "Head to head (games both finished; how often each finished ahead: a tie counts for neither):",
        "players      games  ahead",
        "---------  -------  ------------",
        "Ann v Ben        1  Ann 1, Ben 0",
        "Ann v cat        1  Ann 1, cat 0",
        "Ann v dan        1  Ann 1, dan 0",
        "Ben v cat        1  Ben 1, cat 0",
        "Best words:",
        "  Ann: (QU)IZ, 25 points (monday, round 2)",
        "  Ben: GO, 8 points (monday, round 2)",
        "  cat: JAB, 23 points (monday, round 2)",
        "  dan: CAT, 13 points (tuesday, round 1)",
        "Records:",
        "  highest game total: Ann, 56 (monday)",
        "  highest round: Ann, 33 (monday, round 2)",
        "  best word: Ann's (QU)IZ, 25 points (monday, round 2)",
    ]


def test_stats_of_one_player(tmp_path):
    play_games(tmp_path)
    got = json.loads(ok("stats", "--player", "ANN", "--json").stdout)
    assert ratings_of(got)
    assert got == {
        "players": {"Ann": EXPECTED_PLAYERS["Ann"]},
        "records": EXPECTED_RECORDS,
        "head_to_head": [p for p in EXPECTED_HEAD_TO_HEAD if "Ann" in p["players"]],
    }
    lines = ok("stats", "--player", "dan").stdout.splitlines()
    assert lines[2].startswith("dan ") and lines[3:] == [
        "Ratings (openskill, from every finished game; ± how unsure it still is, 25 ± 8.3 to start):",
        "  dan: 22.6 ± 8.1",
        "Head to head (games both finished; how often each finished ahead: a tie counts for neither):",
        "dan against      games    ahead    behind    tied",
        "-------------  -------  -------  --------  ------",
        "Ann                  1        0         1       0",
        "Best words:",
        "  dan: CAT, 13 points (tuesday, round 1)",
    ]
    r = run("stats", "--player", "eve")
    assert r.exit_code == 2
    assert r.stderr == "qscore: error: no player 'eve' in any saved game: players are Ann, Ben, cat, dan\n"


def test_no_games_yet():
    assert ok("stats").stdout == "No saved games yet: start one with qscore new ALICE BOB\n"
    assert json.loads(ok("stats", "--json").stdout) == {
        "players": {},
        "records": {"highest_total": None, "highest_round": None, "best_word": None, "highest_totals": {}},
        "head_to_head": [],
    }


def test_a_damaged_game_or_a_lost_word_list_leaves_the_rest(tmp_path, isolated_home):
    play_games(tmp_path)
    ok("new", "eve", "fay", "--bonus", "most", "--game", "broken")
    with sqlite3.connect(isolated_home / "games.sqlite3") as db:
        (game_id,) = db.execute("SELECT id FROM games WHERE name = 'broken'").fetchone()
        db.execute(
            "INSERT INTO entries (game_id, seq, kind, data) VALUES (?, 2, 'laydown', ?)",
            (game_id, json.dumps({"round": 99, "player": "eve", "words": [], "unused": ["A"], "out": False})),
        )
    db.close()
    (tmp_path / "words.txt").unlink()  # monday's and tuesday's dictionary is gone
    r = ok("stats", "--json")
    got = json.loads(r.stdout)
    assert set(got["players"]) == {"Ann", "Ben", "cat", "dan"}
    assert got["records"] == EXPECTED_RECORDS
    # without their dictionary the two games cannot be reviewed: no points missed counted
    ratings_of(got)
    assert got["players"]["Ann"] == EXPECTED_PLAYERS["Ann"] | {"missed": 0}
    errors = r.stderr.splitlines()
    assert len(errors) == 3
    assert errors[0].startswith(
        "qscore: warning: left out game 'broken': it cannot be read: game 'broken' has a damaged entry"
    )
    for line, name in zip(errors[1:], ("monday", "tuesday"), strict=True):
        assert line.startswith(
            f"qscore: warning: cannot review game '{name}' without its dictionary: no word-list file"
        )
        assert line.endswith("; its points missed are left out")


def test_a_round_of_nothing_is_no_record():
    ok("new", "eve", "fay", "--bonus", "most", "--rounds", "3,4")
    ok("score", "eve", "--unused", "Q X Z")
    ok("score", "fay", "--unused", "J K V")
    got = json.loads(ok("stats", "--json").stdout)
    assert got["players"]["eve"]["best_round"] == 0 and got["players"]["eve"]["best_word"] is None
    assert got["records"] == {"highest_total": None, "highest_round": None, "best_word": None, "highest_totals": {}}
    assert "Records:" not in ok("stats").stdout


def play_apart(tmp_path):
    """Three games, no bonuses: a standard deck and a short one on the same schedule, and
    one that cy leaves after leading round 1."""
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS.split()) + "\n", "utf-8")
    table = ("--bonus", "none", "--rounds", "3,4", "--dictionary", str(words))
    ok("new", "ann", "ben", *table, "--game", "evening")
    ok("score", "ann", "cat", "--out")  # 13
    ok("score", "ben", "ox", "--unused", "E")  # 14 - 2 = 12
    ok("score", "ann", "(qu)iz", "--unused", "E")  # 25 - 2 = 23: ann 36
    ok("score", "ben", "to", "go", "--out")  # 5 + 8 = 13: ben 25
    ok("new", "ann", "ben", *table, "--variant", "short", "--game", "quick")
    ok("score", "ann", "at", "--unused", "E")  # 5 - 2 = 3
    ok("score", "ben", "cat", "--out")  # 13
    ok("score", "ann", "to", "go", "--out")  # 13: ann 16
    ok("score", "ben", "ox", "--unused", "A E")  # 14 - 4 = 10: ben 23
    ok("new", "ann", "ben", "cy", *table, "--game", "leaver")
    ok("score", "ann", "at", "--unused", "E")  # 3
    ok("score", "ben", "to", "--unused", "E")  # 5 - 2 = 3
    ok("score", "cy", "(qu)iz", "--out")  # 25: cy leads, then goes home
    ok("leave", "cy")
    ok("score", "ann", "cat", "--unused", "E")  # 11: ann 14
    ok("score", "ben", "ox", "--unused", "A E")  # 10: ben 13, so ann wins; cy's 25 stands unfinished


def test_totals_are_kept_apart_by_variant_and_a_leaver_has_not_finished(tmp_path):
    play_apart(tmp_path)
    players = json.loads(ok("stats", "--json").stdout)["players"]
    ann, ben, cy = players["ann"], players["ben"], players["cy"]
    # (36 + 16 + 14) / 3 = 22.0 mixed a short game's total with standard ones
    assert ann["average_total"] is None and ann["best_total"] is None
    assert ann["totals_by_variant"] == {
        "standard 3,4": {"finished": 2, "average_total": 25.0, "best_total": 36},
        "short 3,4": {"finished": 1, "average_total": 16.0, "best_total": 16},
    }
    assert (ann["games"], ann["finished"], ann["wins"]) == (3, 3, 2)  # evening and leaver
    assert (ben["finished"], ben["wins"]) == (3, 1)  # quick
    # cy led the game she left: she neither finished nor won it, and has no total yet
    assert (cy["games"], cy["finished"], cy["wins"]) == (1, 0, 0)
    assert cy["average_total"] is None and cy["totals_by_variant"] == {}
    records = json.loads(ok("stats", "--json").stdout)["records"]
    assert records["highest_total"] == {"player": "ann", "total": 36, "game": "evening", "variant": "standard 3,4"}
    assert records["highest_totals"]["short 3,4"] == {
        "player": "ben",
        "total": 23,
        "game": "quick",
        "variant": "short 3,4",
    }


def test_stats_text_gives_each_variants_totals_apart(tmp_path):
    play_apart(tmp_path)
    lines = ok("stats").stdout.splitlines()
    assert lines[0].split() == "player games finished wins best round out challenges missed".split()
    assert lines[2].split()[:4] == ["ann", "3", "3", "2"]
    assert lines[4].split()[:4] == ["cy", "1", "0", "0"]
    at = lines.index("Totals of finished games, by variant:")
    assert lines[at + 1].split() == "player variant finished average best total".split()
    assert [line.split() for line in lines[at + 3 : at + 7]] == [
        ["ann", "standard", "3,4", "2", "25.0", "36"],
        ["ann", "short", "3,4", "1", "16.0", "16"],
        ["ben", "standard", "3,4", "2", "19.0", "25"],
        ["ben", "short", "3,4", "1", "23.0", "23"],
    ]
    assert "  highest game total, standard 3,4: ann, 36 (evening)" in lines
    assert "  highest game total, short 3,4: ben, 23 (quick)" in lines


def test_a_variant_is_its_deck_and_any_schedule_of_its_own():
    from qscore.game.gamefigures import variant

    standard = (3, 4, 5, 6, 7, 8, 9, 10)
    assert variant("standard", standard, standard) == "standard"
    assert variant("short", (3, 4, 5, 6), (3, 4, 5, 6)) == "short"
    assert variant("standard", (3, 4, 5, 6), standard) == "standard 3-6"
    assert variant("standard", (3, 4), standard) == "standard 3,4"
    assert variant("short", (6, 5, 4, 3), (3, 4, 5, 6)) == "short 6,5,4,3"


def test_a_tied_finish_is_nobodys_win(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS.split()) + "\n", "utf-8")
    table = ("--bonus", "none", "--rounds", "3,4", "--dictionary", str(words))
    ok("new", "ann", "ben", "cy", *table, "--game", "tied")
    ok("score", "ann", "cat", "--out")  # 13
    ok("score", "ben", "cat", "--unused", "")  # 13
    ok("score", "cy", "at", "--unused", "E")  # 3
    ok("score", "ann", "ox", "--unused", "A E")  # 10: ann 23
    ok("score", "ben", "ox", "--unused", "A E")  # 10: ben 23
    ok("score", "cy", "to", "go", "--out")  # 13: cy 16
    players = json.loads(ok("stats", "--json").stdout)["players"]
    assert [players[p]["best_total"] for p in ("ann", "ben", "cy")] == [23, 23, 16]
    assert [players[p]["finished"] for p in ("ann", "ben", "cy")] == [1, 1, 1]
    assert [players[p]["wins"] for p in ("ann", "ben", "cy")] == [0, 0, 0]


def test_a_misspelt_player_gets_the_nearest_name():
    """stats -p mun said only who the players are: the family meant Mum."""
    ok("new", "Mum", "Dad", "--bonus", "most", "--game", "fri")
    got = run("stats", "-p", "mun")
    assert got.exit_code == 2
    assert "no player 'mun' in any saved game: players are Mum, Dad (did you mean Mum?)" in got.output


def test_a_player_called_by_one_word_of_the_name_gets_that_name():
    """A family calls Grandpa Joe "joe": challenge --by joe and stats -p joe named no one."""
    from qscore.game.names import nearest_name

    ok("new", "Grandpa Joe", "Ruth", "--bonus", "most", "--game", "sun")
    got = run("stats", "-p", "joe")
    assert got.exit_code == 2 and "(did you mean Grandpa Joe?)" in got.output
    assert nearest_name("JOE", ["Grandpa Joe", "Ruth"]) == "Grandpa Joe"
    assert nearest_name("joe", ["Grandpa Joe", "Joe Junior", "Ruth"]) is None  # two hold it: no guess
