"""The family's history across games: head to head and ratings, over a saved history worked
by hand (a tie, a player who left, two-player games, a game still under way), and the
evening's summary once the scorekeeper closes a game."""

import json

from openskill.models import PlackettLuce

from tests.conftest import run

# Card values: A2 B8 C8 E2 G6 I2 O2 S3 T3 X12 Z14 QU9; no bonuses, two rounds (3 and 4 cards).
WORDS = "cat act at ox to go quiz jab jabs tax"

HISTORY = {
    # ann 23, ben 23, cy 16: ann and ben tie for first
    "tied": (
        ("ann", "ben", "cy"),
        [
            ("ann", "cat", "--out"),  # 13
            ("ben", "cat", "--unused", ""),  # 13
            ("cy", "at", "--unused", "E"),  # 5 - 2 = 3
            ("ann", "ox", "--unused", "A E"),  # 14 - 4 = 10: 23
            ("ben", "ox", "--unused", "A E"),  # 10: 23
            ("cy", "to", "go", "--out"),  # 13: 16
        ],
    ),
    # cy leads round 1 and goes home: ann 14 and ben 13 finish; cy finished nothing
    "leaver": (
        ("ann", "ben", "cy"),
        [
            ("ann", "at", "--unused", "E"),  # 3
            ("ben", "to", "--unused", "E"),  # 3
            ("cy", "(qu)iz", "--out"),  # 25
            ("leave", "cy"),
            ("ann", "cat", "--unused", "E"),  # 11: 14
            ("ben", "ox", "--unused", "A E"),  # 10: 13
        ],
    ),
    # two players: ben 36, cy 25
    "pair": (
        ("ben", "cy"),
        [
            ("ben", "cat", "--out"),  # 13
            ("cy", "ox", "--unused", "E"),  # 12
            ("ben", "(qu)iz", "--unused", "E"),  # 23: 36
            ("cy", "to", "go", "--out"),  # 13: 25
        ],
    ),
    # two players: ann 25, cy 36
    "rematch": (
        ("ann", "cy"),
        [
            ("ann", "ox", "--unused", "E"),  # 12
            ("cy", "cat", "--out"),  # 13
            ("ann", "to", "go", "--out"),  # 13: 25
            ("cy", "(qu)iz", "--unused", "E"),  # 23: 36
        ],
    ),
    # still under way: counts for nobody's head to head or rating
    "tonight": (("ann", "ben"), [("ann", "to", "--unused", "E")]),
}

# Head to head, by hand: the games both finished, and how often each finished ahead.
#   ann v ben: tied (23 = 23: neither) and leaver (14 > 13: ann); tonight is not over.
#   ann v cy:  tied (23 > 16: ann) and rematch (25 < 36: cy); cy left leaver: not hers.
#   ben v cy:  tied (23 > 16: ben) and pair (36 > 25: ben); leaver again not cy's.
HEAD_TO_HEAD = [
    {"players": ["ann", "ben"], "games": 2, "wins": {"ann": 1, "ben": 0}},
    {"players": ["ann", "cy"], "games": 2, "wins": {"ann": 1, "cy": 1}},
    {"players": ["ben", "cy"], "games": 2, "wins": {"ben": 2, "cy": 0}},
]


def ok(*args):
    r = run(*args)
    assert r.exit_code == 0, (args, r.output)
    return r


def saved_history(tmp_path, games=HISTORY):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS.split()) + "\n", "utf-8")
    for name, (players, steps) in games.items():
        ok("new", *players, "--bonus", "none", "--rounds", "3,4", "--dictionary", str(words), "--game", name)
        for step in steps:
            ok(*(step if step[0] == "leave" else ("score", *step)), "--game", name)


def expected_ratings():
    """openskill itself, called on the finished games as listed by hand, in the order
    played: each game's players who finished, in seat order, with their totals."""
    model = PlackettLuce()
    held = {name: model.rating() for name in ("ann", "ben", "cy")}
    for players, scores in [
        (["ann", "ben", "cy"], [23, 23, 16]),  # tied
        (["ann", "ben"], [14, 13]),  # leaver: cy left, and is not rated by it
        (["ben", "cy"], [36, 25]),  # pair
        (["ann", "cy"], [25, 36]),  # rematch
    ]:
        rated = model.rate([[held[p]] for p in players], scores=scores)
        for p, (r,) in zip(players, rated, strict=True):
            held[p] = r
    return {name: {"mu": r.mu, "sigma": r.sigma} for name, r in held.items()}


def test_head_to_head_and_ratings_as_worked_by_hand(tmp_path):
    saved_history(tmp_path)
    got = json.loads(ok("stats", "--json").stdout)
    assert got["head_to_head"] == HEAD_TO_HEAD
    ratings = {name: p["rating"] for name, p in got["players"].items()}
    assert ratings == expected_ratings()  # the same computation: the same floats
    # finished counts agree: ann tied, leaver, rematch; cy tied, pair, rematch (not leaver)
    assert {n: p["finished"] for n, p in got["players"].items()} == {"ann": 3, "ben": 3, "cy": 3}


def test_a_tie_shares_its_place_and_a_player_who_left_is_not_rated_by_that_game(tmp_path):
    saved_history(tmp_path, {name: HISTORY[name] for name in ("tied", "leaver")})
    players = json.loads(ok("stats", "--json").stdout)["players"]
    ann, ben, cy = (players[p]["rating"] for p in ("ann", "ben", "cy"))
    model = PlackettLuce()
    (a,), (b,), (c,) = model.rate([[model.rating()], [model.rating()], [model.rating()]], scores=[23, 23, 16])
    # tied: ann and ben shared first, so rose alike; cy, last, fell; leaver moved cy not at all
    assert a.mu == b.mu > 25 > c.mu
    assert cy == {"mu": c.mu, "sigma": c.sigma}
    assert ann["mu"] > a.mu > ben["mu"]  # leaver: ann finished ahead of ben, and rose; ben fell


def test_stats_shows_ratings_highest_first_and_every_pair(tmp_path):
    saved_history(tmp_path)
    lines = ok("stats").stdout.splitlines()
    want = expected_ratings()
    at = next(i for i, line in enumerate(lines) if line.startswith("Ratings"))
    order = sorted(want, key=lambda p: -want[p]["mu"])
    assert lines[at + 1 : at + 4] == [f"  {p}: {want[p]['mu']:.1f} ± {want[p]['sigma']:.1f}" for p in order]
    at = next(i for i, line in enumerate(lines) if line.startswith("Head to head"))
    assert [line.split() for line in lines[at + 1 : at + 6] if not line.startswith("-")] == [
        ["players", "games", "ahead"],
        ["ann", "v", "ben", "2", "ann", "1,", "ben", "0"],
        ["ann", "v", "cy", "2", "ann", "1,", "cy", "1"],
        ["ben", "v", "cy", "2", "ben", "2,", "cy", "0"],
    ]


def test_one_players_record_against_each_other_player(tmp_path):
    saved_history(tmp_path)
    lines = ok("stats", "--player", "CY").stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Head to head"))
    assert [line.split() for line in lines[at + 1 : at + 5] if not line.startswith("-")] == [
        ["cy", "against", "games", "ahead", "behind", "tied"],
        ["ann", "2", "1", "1", "0"],
        ["ben", "2", "0", "2", "0"],
    ]
    got = json.loads(ok("stats", "--player", "cy", "--json").stdout)
    assert got["head_to_head"] == [
        {"players": ["cy", "ann"], "games": 2, "wins": {"cy": 1, "ann": 1}},
        {"players": ["cy", "ben"], "games": 2, "wins": {"cy": 0, "ben": 2}},
    ]
    assert list(got["players"]) == ["cy"] and got["players"]["cy"]["rating"] == expected_ratings()["cy"]


def test_no_finished_game_no_rating_and_no_pairs(tmp_path):
    saved_history(tmp_path, {"tonight": HISTORY["tonight"]})
    got = json.loads(ok("stats", "--json").stdout)
    assert got["head_to_head"] == [] and all(p["rating"] is None for p in got["players"].values())
    out = ok("stats").stdout
    assert "Ratings" not in out and "Head to head" not in out
