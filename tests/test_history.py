"""The family's history across games: head to head and ratings, over a saved history worked
by hand (a tie, a player who left, two-player games, a game still under way), and the
evening's summary once the scorekeeper closes a game."""

import html
import json
import re

from openskill.models import PlackettLuce
from starlette.testclient import TestClient

from qscore.web.pages import make_app
from tests.conftest import run

CODE, KEEPER = "K7Q3M9", "M9T4HC"
BASE, KBASE = f"/t/{CODE}/", f"/k/{KEEPER}/"

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


def ok(*args, input=None):
    r = run(*args, input=input)
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


# The finale, after the history above, breaks the table's three records. Before it: the
# highest game total is ben's 36 (pair; cy's 36 in rematch is a tie, and takes nothing),
# the best round cy's 25 and the best word cy's (QU)IZ, 25 points (both leaver, round 1:
# the round closed before she left).
FINALE = (
    ("ann", "ben", "cy"),
    [
        ("ann", "cat", "--out"),  # 13
        ("ben", "ox", "--unused", "E"),  # 12
        ("cy", "at", "--unused", "E"),  # 3
        ("ann", "jabs", "--out"),  # J13 A2 B8 S3 = 26: 39
        ("ben", "to", "go", "--unused", ""),  # 13: 25
        ("cy", "ox", "--unused", "A E"),  # 10: 13
    ],
)


def said(rating):
    return f"{rating['mu']:.1f} ± {rating['sigma']:.1f}"


def finale_summary():
    """The finale's summary, by hand; its ratings from openskill on the games as listed."""
    before = expected_ratings()
    model = PlackettLuce()
    held = [model.rating(mu=before[p]["mu"], sigma=before[p]["sigma"]) for p in ("ann", "ben", "cy")]
    after = [(r.mu, r.sigma) for (r,) in model.rate([[r] for r in held], scores=[39, 25, 13])]
    return [
        "The evening:",
        "  ann won by 14: 39 to ben's 25.",
        "  Best word: ann's JABS, 26 points (round 2).",
        "  Best round: ann's 26 (round 2).",
        "  Broken tonight: ann's 39 is the table's highest game total; ann's 26 is the table's best round;"
        " ann's JABS (26) is the table's best word.",
        "Ratings, before and after (openskill; ± how unsure it still is):",
        *(
            f"  {p}: {said(before[p])} → {said({'mu': mu, 'sigma': sigma})}"
            for p, (mu, sigma) in zip(("ann", "ben", "cy"), after, strict=True)
        ),
    ]


def test_the_evenings_summary_when_the_scorekeeper_closes_and_on_the_sheet(tmp_path):
    saved_history(tmp_path, HISTORY | {"finale": FINALE})
    assert "The evening" not in ok("sheet", "--game", "finale").stdout  # not closed yet
    out = ok("close", "--game", "finale").stdout.splitlines()
    assert out[:2] == ["Game 'finale' is closed: round 2's challenges are settled.", "Game over. ann wins with 39."]
    assert out[2:] == finale_summary()
    sheet = ok("sheet", "--game", "finale").stdout.splitlines()
    assert sheet[-len(out[2:]) - 1 :] == ["Game over. ann wins with 39.", *finale_summary()]


def test_play_shows_the_summary_as_it_closes_the_game(tmp_path):
    saved_history(tmp_path, HISTORY | {"finale": FINALE})
    out = ok("play", "--game", "finale", input="\n").stdout  # no challenge in round 2: the game closes
    summary = "\n".join(finale_summary())
    assert "Game 'finale' is closed" in out and summary in out
    assert out.index("Game over. ann wins with 39.") < out.index(summary)


def test_a_tie_a_leaver_and_a_first_game_in_the_summary(tmp_path):
    saved_history(tmp_path, {name: HISTORY[name] for name in ("tied", "leaver")})
    model = PlackettLuce()
    (a,), (b,), (c,) = model.rate([[model.rating()], [model.rating()], [model.rating()]], scores=[23, 23, 16])
    tied = ok("close", "--game", "tied").stdout.splitlines()[2:]
    assert tied == [
        "The evening:",
        "  A tie for first: ann and ben on 23.",
        "  Best word: ann's OX, 14 points (round 2).",  # ben's OX came later in the same round
        # the first game: no record broken, none held before; ben's 13 (round 1) and cy's (round 2) equal it
        "  Best round: ann's 13 (round 1), equalled by ben and cy.",
        "Ratings, before and after (openskill; ± how unsure it still is):",
        *(
            f"  {p}: first rated game, now {r.mu:.1f} ± {r.sigma:.1f}"
            for p, r in zip(("ann", "ben", "cy"), (a, b, c), strict=True)
        ),
    ]


def test_a_player_who_left_is_not_rated_by_the_game_in_its_summary(tmp_path):
    saved_history(tmp_path, {name: HISTORY[name] for name in ("tied", "leaver")})
    model = PlackettLuce()
    (a,), (b,), (c,) = model.rate([[model.rating()], [model.rating()], [model.rating()]], scores=[23, 23, 16])
    (a2,), (b2,) = model.rate([[a], [b]], scores=[14, 13])
    out = ok("close", "--game", "leaver").stdout.splitlines()[2:]
    assert out[1] == "  ann won by 1: 14 to ben's 13."  # cy's 25 led when she left: she finished nothing
    assert "  Broken tonight: cy's 25 is the table's best round; cy's (QU)IZ (25) is the table's best word." in out
    assert out[-3:] == [
        f"  ann: {a.mu:.1f} ± {a.sigma:.1f} → {a2.mu:.1f} ± {a2.sigma:.1f}",
        f"  ben: {b.mu:.1f} ± {b.sigma:.1f} → {b2.mu:.1f} ± {b2.sigma:.1f}",
        f"  cy: left, not rated by this game ({c.mu:.1f} ± {c.sigma:.1f})",
    ]


def shown_summary(page):
    """The evening's summary a page shows, as the terminal's lines: its head, each sentence
    and rating indented under its heading."""
    found = re.search(r'<section class="evening".*?</section>', page, re.S)
    if found is None:
        return None
    section = found.group(0)
    heads = [html.unescape(h) for h in re.findall(r"<h[23][^>]*>(.*?)</h[23]>", section)]
    lines = [f"  {html.unescape(p)}" for p in re.findall(r"<p>(.*?)</p>", section)]
    ratings = [f"  {html.unescape(li)}" for li in re.findall(r"<li>(.*?)</li>", section)]
    return [f"{heads[0]}:", *lines, f"{heads[1]}:", *ratings]


def test_every_page_shows_the_summary_once_the_game_is_closed_and_after_a_restart(tmp_path):
    saved_history(tmp_path, HISTORY | {"finale": FINALE})
    with TestClient(make_app("finale", CODE, KEEPER)) as page:
        assert shown_summary(page.get(BASE).text) is None  # not closed yet
        ok("close", "--game", "finale")
        for path in (BASE, BASE + "tv", KBASE):
            assert shown_summary(page.get(path).text) == finale_summary(), path
    with TestClient(make_app("finale", CODE, KEEPER)) as page:  # served again: the log alone
        assert shown_summary(page.get(BASE + "tv").text) == finale_summary()


def test_a_player_who_left_her_first_game_has_no_rating_yet(tmp_path):
    saved_history(tmp_path, {"leaver": HISTORY["leaver"]})
    out = ok("close", "--game", "leaver").stdout.splitlines()
    assert out[-1] == "  cy: left, not rated by this game"
    assert "Broken" not in "\n".join(out)  # the table's first game: no record held before it


def test_a_best_round_equalled_names_who_equalled_it():
    """Two players' 13s in one round: the summary named only the first, and the child
    whose 13 matched it saw nothing of hers."""
    ok("new", "ann", "ben", "--rounds", "3", "--bonus", "none", "--game", "tie")
    ok("score", "ann", "cat", "--out")  # C8 A2 T3 = 13
    ok("score", "ben", "act")  # the same 13
    out = ok("close").stdout
    assert "  Best round: ann's 13 (round 1), equalled by ben." in out.splitlines()
