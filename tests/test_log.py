"""A game's log as the core keeps it: typed entries, their JSON form, and the replay.

These call the core directly (qscore.game.entries, qscore.game.rules, qscore.game.scoresheet), with no
command line and no games file, except the one file a released qscore wrote, which must
read the same.
"""

import hashlib
import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qscore.errors import BonusChoiceNeeded, GameError, QscoreError, Remedy
from qscore.game import rules
from qscore.game.cards import parse_laid_word
from qscore.game.entries import (
    KIND_OF,
    KINDS,
    Challenged,
    Closed,
    Created,
    Entry,
    GameConfig,
    LaidDown,
    Left,
    LogLine,
    Renamed,
    Undone,
    read_entries,
)
from qscore.game.scoresheet import Game
from qscore.store import gamelog
from qscore.views.sheet import sheet_json
from tests.conftest import ok

RELEASE = Path(__file__).parent / "data" / "release-games"
CONFIG = GameConfig(players=("ann", "ben", "cat"), rounds=(3, 4))


def start(config: GameConfig = CONFIG) -> Game:
    return Game("g", [Entry(1, Created(config))])


def then(game: Game, act) -> Game:
    """The game after one more entry, as the store appends it."""
    return Game(game.name, [*game.entries, Entry(len(game.entries) + 1, act)])


# --- each kind and its JSON form ------------------------------------------------

EXAMPLES = [
    Created(CONFIG),
    Created(GameConfig(players=("x", "y"), bonus="most", review=False, allow=("qat",))),
    LaidDown(1, "ann", ("(qu)iz", "at"), ("E",), False),
    LaidDown(2, "ben", (), (), True),
    Challenged(1, "ann", "at", "ben", True, "dictionary"),
    Challenged(1, "ann", "zzz", "ben", False, "dictionary", "not in the dictionary"),
    Renamed("dee", "Dora"),
    Left("cat", 2, True),
    Left("cat", 2, False, "most"),
    Undone(5, 2),
    Undone(3),
    Closed(4),
]


@pytest.mark.parametrize("act", EXAMPLES, ids=lambda a: type(a).__name__)
def test_every_kind_reads_back_what_it_writes(act):
    data = json.loads(json.dumps(act.to_json()))  # through the text the games file keeps
    assert KINDS[KIND_OF[type(act)]].from_json(data) == act


def test_the_registry_names_every_kind_once():
    assert set(KINDS) == {"created", "laydown", "challenge", "rename", "leave", "undo", "close"}
    assert {type(a) for a in EXAMPLES} == set(KINDS.values())


def test_the_stored_form_keeps_its_keys():
    """The JSON an older qscore wrote and reads: optional keys are left out, not null."""
    assert Left("cat", 2, True).to_json() == {"player": "cat", "round": 2, "under_way": True}
    assert Undone(3).to_json() == {"undoes": 3}
    assert "review" not in Created(CONFIG).to_json()
    assert Challenged(1, "ann", "at", "ben", True, "table").to_json()["reason"] is None


def test_an_entry_keeps_the_id_of_the_form_that_asked_for_it_beside_its_acts_keys():
    """A page's form is taken once, as the log says: its id is kept with the entry, under
    one key of its own, left out when no form asked (a terminal's entry is stored as always),
    and an older qscore, which reads a laydown's keys by name, reads the laydown as it was."""
    act = LaidDown(1, "ann", ("cat",), (), True)
    assert (
        Entry(2, act).to_json()
        == act.to_json()
        == {
            "round": 1,
            "player": "ann",
            "words": ["cat"],
            "unused": [],
            "out": True,
        }
    )
    stored = json.loads(json.dumps(Entry(2, act, "Wk4OZ6QHPBHu").to_json()))
    assert stored == act.to_json() | {"form": "Wk4OZ6QHPBHu"}
    assert LaidDown.from_json(stored) == act  # as an older qscore reads it
    lines = [LogLine(1, "created", CONFIG.to_json()), LogLine(2, "laydown", stored)]
    assert read_entries("g", lines) == [Entry(1, Created(CONFIG)), Entry(2, act, "Wk4OZ6QHPBHu")]
    with pytest.raises(GameError, match="has a damaged entry"):
        read_entries("g", [lines[0], LogLine(2, "laydown", stored | {"form": 5})])


def test_a_kind_a_newer_qscore_wrote_is_refused_by_name():
    lines = [LogLine(1, "created", CONFIG.to_json()), LogLine(2, "wager", {})]
    with pytest.raises(GameError, match=r"holds entries a newer qscore wrote \(wager\): upgrade qscore"):
        read_entries("g", lines)


@pytest.mark.parametrize(
    "data",
    [{"round": 1, "player": "ann"}, {"round": 1, "player": "ann", "words": 5, "unused": [], "out": False}],
)
def test_a_damaged_entry_is_named_not_misread(data):
    with pytest.raises(GameError, match="has a damaged entry"):
        read_entries("g", [LogLine(1, "created", CONFIG.to_json()), LogLine(2, "laydown", data)])


def test_a_log_without_its_start_is_refused():
    with pytest.raises(GameError, match="has no start entry"):
        read_entries("g", [LogLine(1, "laydown", LaidDown(1, "ann", (), (), True).to_json())])


@given(st.lists(st.binary(max_size=200), max_size=5))
def test_the_log_digest_is_sha256_whichever_implementation_makes_it(parts):
    """gamelog.sha256 takes CPython's own SHA-256 over hashlib's (a cheaper import): a
    file saved by either reads back under the other."""
    made, expected = gamelog.sha256(), hashlib.sha256()
    for part in parts:
        made.update(part)
        expected.update(part)
    assert made.hexdigest() == expected.hexdigest()
    assert gamelog.sha256(b"quiz").hexdigest() == hashlib.sha256(b"quiz").hexdigest()


# --- the file a released qscore wrote ---------------------------------------------


def test_a_games_file_from_the_last_release_reads_the_same(isolated_home):
    """tests/data/release-games: a file the released qscore wrote (every kind of entry, a
    replaced laydown, an undo, a rename, a leave, challenges by dictionary and by table), and
    what its `sheet --json` printed. Each entry reads back to the very JSON stored, and the
    sheet is the same (fields added since may follow; none may change)."""
    shutil.copy(RELEASE / "games.sqlite3", isolated_home / "games.sqlite3")
    with sqlite3.connect(isolated_home / "games.sqlite3") as conn:
        rows = conn.execute("SELECT g.name, e.seq, e.kind, e.data FROM entries e JOIN games g ON g.id = e.game_id")
        stored = [(name, LogLine(seq, kind, json.loads(data))) for name, seq, kind, data in rows]
    assert {line.kind for _, line in stored} == set(KINDS) - {"close"}  # a kind added since
    for _, line in stored:
        assert json.loads(json.dumps(KINDS[line.kind].from_json(line.data).to_json())) == line.data
    for name in ("friday", "duel"):
        was = json.loads((RELEASE / f"{name}.json").read_text("utf-8"))
        now = json.loads(ok("sheet", "-g", name, "--json"))
        assert kept(was, now) == was, name


def test_a_games_file_from_the_last_release_is_marked_as_qscores_by_its_next_write(isolated_home):
    """Issue 27, item 6: a file an earlier qscore wrote has no mark (SQLite's application_id);
    it is known by its two tables, word for word as every release made them, read as it is,
    and marked inside the next write; marked, it reads and writes the same."""
    from qscore.store.gamesfile import APPLICATION_ID

    db = isolated_home / "games.sqlite3"
    shutil.copy(RELEASE / "games.sqlite3", db)

    def mark():
        with closing(sqlite3.connect(db)) as conn:
            return conn.execute("PRAGMA application_id").fetchone()[0]

    was = json.loads((RELEASE / "duel.json").read_text("utf-8"))
    assert mark() == 0
    assert kept(was, json.loads(ok("sheet", "-g", "duel", "--json"))) == was  # read, unmarked
    assert mark() == 0
    ok("new", "ann", "ben", "cat", "-g", "after")
    assert mark() == APPLICATION_ID
    assert kept(was, json.loads(ok("sheet", "-g", "duel", "--json"))) == was
    ok("score", "ann", "cat", "--out", "-g", "after")
    assert json.loads(ok("sheet", "-g", "after", "--json"))["rounds"][0]["players"]["ann"]["words"] == ["cat"]


def kept(was, now):
    """``now`` with only what ``was`` held, at every depth: fields added since are left out."""
    if isinstance(was, dict) and isinstance(now, dict):
        return {k: kept(v, now[k]) for k, v in was.items() if k in now}
    if isinstance(was, list) and isinstance(now, list) and len(was) == len(now):
        return [kept(w, n) for w, n in zip(was, now, strict=True)]
    return now


# --- the rules return typed entries, the replay applies them ------------------------


def test_a_laydown_is_put_right_and_scored():
    g = start()
    act = rules.laid_down(g, "ANN", ["quiz"], "", False, None, replace=False)
    # 'quiz' typed in letters, in a round of 3 cards: the deal settles QU·I·Z
    assert act == LaidDown(1, "ann", ("(qu)iz",), (), False)
    g = then(g, act)
    assert g.rounds[0].laydowns["ann"].words == ("(qu)iz",)
    assert g.rounds[0].results is None  # ben and cat have not laid down


def test_a_closed_round_scores_the_rules_way():
    g = start()
    for player, words, unused, out in (
        ("ann", ["cat"], "", True),
        ("ben", ["at"], "E", False),
        ("cat", [], "Z E O", False),
    ):
        g = then(g, rules.laid_down(g, player, words, unused, out, None, replace=False))
    results = g.rounds[0].results
    assert results is not None
    # cat: C 8 + A 2 + T 3 = 13, and the longest word (10); at: A 2 + T 3 - E 2 = 3;
    # Z 14 + E 2 + O 2 held: -18, floored at 0 ("the lowest score for a hand is 0")
    assert {p: r.score for p, r in results.items()} == {"ann": 23, "ben": 3, "cat": 0}
    assert g.current is not None and g.current.number == 2 and g.current.dealer == "ben"


def test_a_second_laydown_is_refused_unless_it_replaces():
    g = then(start(), LaidDown(1, "ann", ("cat",), (), True))
    with pytest.raises(rules.LaydownExistsError) as refused:
        rules.laid_down(g, "ann", ["at"], "E", False, None, replace=False)
    assert refused.value.existing.words == ("cat",) and refused.value.round == 1
    again = rules.laid_down(g, "ann", ["at"], "E", False, None, replace=True)
    assert then(g, again).rounds[0].laydowns["ann"].words == ("at",)


def test_a_challenge_strikes_a_word_or_costs_the_challenger():
    g = start()
    for player, words, unused, out in (
        ("ann", ["cat"], "", True),
        ("ben", ["at"], "E", False),
        ("cat", ["to"], "E", False),
    ):
        g = then(g, rules.laid_down(g, player, words, unused, out, None, replace=False))
    struck = then(g, rules.challenge_settled(g, "ben", "at", "cat", None, False, "table", None))
    assert struck.totals()["ben"] == 0  # at struck: its 5 points count against ben, -7, floored at 0
    upheld = then(g, rules.challenge_settled(g, "ann", "cat", "ben", None, True, "dictionary", None))
    assert upheld.totals()["ben"] == 0 and upheld.totals()["ann"] == 23  # ben loses 13 from 3, to the floor


def test_a_rename_follows_the_player_through_the_log():
    g = then(start(), LaidDown(1, "ann", ("cat",), (), True))
    act = rules.check_rename(g, "ann", "Anne")
    assert act == Renamed("ann", "Anne")
    g = then(g, act)
    assert g.players == ("Anne", "ben", "cat") and "Anne" in g.rounds[0].laydowns


def test_a_leave_between_two_who_play_on_asks_for_their_bonus():
    g = start(GameConfig(players=("ann", "ben", "cat"), rounds=(3, 4)))
    with pytest.raises(BonusChoiceNeeded) as asked:
        rules.check_leave(g, "cat")
    assert asked.value.players == ("ann", "ben")
    act = rules.check_leave(g, "cat", "most")
    assert act == Left("cat", 1, False, "most")
    assert [r.bonus for r in then(g, act).rounds] == ["most", "most"]


def test_an_undo_takes_back_the_last_standing_entry_and_not_the_start():
    with pytest.raises(GameError, match="nothing to undo"):
        rules.check_undo(start())
    g = then(start(), LaidDown(1, "ann", ("cat",), (), True))
    act = rules.check_undo(g)
    assert act == Undone(2, 1)
    assert then(g, act).rounds[0].laydowns == {}


def test_a_finished_game_is_changed_by_an_undo_only_when_the_table_says_so():
    """undo took back a finished game's last laydown unasked, where a laydown there is refused."""
    g = start(GameConfig(players=("ann", "ben"), rounds=(3,), bonus="most"))
    g = then(then(g, LaidDown(1, "ann", ("cat",), (), True)), LaidDown(1, "ben", ("at",), ("E",), False))
    with pytest.raises(rules.FinishedGameUndoError) as refused:
        rules.check_undo(g)
    assert refused.value.entry == g.entries[-1] and Remedy("undo-finished") in refused.value.parts
    assert str(refused.value) == (
        "every round of game 'g' is scored: an undo would change its final sheet; "
        "confirm the undo to take back its last entry"
    )
    assert rules.check_undo(g, confirmed=True) == rules.check_undo(g, confirmed=3) == Undone(3, 1)
    with pytest.raises(rules.FinishedGameUndoError):
        rules.check_undo(g, confirmed=2)  # the entry the table was shown is not the last now


# --- any sequence of entries and undos ----------------------------------------------

PLAYERS = ("ann", "ben", "cat")
WORDS = ["at", "cat", "to", "(qu)iz", "(th)e", "ox"]


def move(draw, game: Game):
    """What a table might type next in ``game``: a laydown that mostly fits the deal, a
    challenge, a rename, a leave or an undo."""
    kind = draw(st.sampled_from(["laydown", "laydown", "laydown", "challenge", "rename", "leave", "undo"]))
    who = draw(st.sampled_from(PLAYERS))
    if kind == "laydown":
        words = draw(st.lists(st.sampled_from(WORDS), max_size=2))
        state = game.current or game.rounds[-1]
        cards = sum(len(parse_laid_word(w, game.deck)) for w in words)
        fill = max(state.hand_size - cards, 0) + draw(st.sampled_from([0, 0, 0, 1]))  # now and then a card too many
        unused = draw(st.lists(st.sampled_from(["A", "E", "S", "T"]), min_size=fill, max_size=fill))
        return kind, (who, words, " ".join(unused), draw(st.booleans()) and not unused, draw(st.booleans()))
    if kind == "challenge":
        return kind, (who, draw(st.sampled_from(WORDS)), draw(st.sampled_from(PLAYERS)), draw(st.booleans()))
    if kind == "rename":
        return kind, (who, draw(st.sampled_from(["Ann", "bo", "cy", "ben"])))
    if kind == "leave":
        return kind, (who, draw(st.sampled_from([None, "most", "longest"])))
    return kind, ()


def act_of(game: Game, kind: str, args: tuple):
    """The entry the rules make of a move, or the GameError they refuse it with."""
    names = {p.lower(): p for p in game.players}  # a rename changes who is called what
    if kind == "laydown":
        who, words, unused, out, replace = args
        return rules.laid_down(game, names.get(who, who), words, unused, out, None, replace=replace)
    if kind == "challenge":
        who, word, by, valid = args
        return rules.challenge_settled(game, names.get(who, who), word, names.get(by, by), None, valid, "table", None)
    if kind == "rename":
        return rules.check_rename(game, names.get(args[0], args[0]), args[1])
    if kind == "leave":
        return rules.check_leave(game, names.get(args[0], args[0]), args[1])
    return rules.check_undo(game)


@given(st.data())
@settings(max_examples=80, deadline=None)
def test_any_sequence_replays_or_is_refused_by_name_and_an_undo_restores_the_game(data):
    game = start(GameConfig(players=PLAYERS, rounds=(2, 3, 4)))
    for _ in range(data.draw(st.integers(0, 25))):
        kind, args = move(data.draw, game)
        try:
            act = act_of(game, kind, args)
        except QscoreError as exc:
            assert str(exc) and "\n" not in str(exc)  # refused in one line, the game as it was
            continue
        after = then(game, act)  # an entry the rules made always replays
        stored = Game.from_log(
            "g", [LogLine(e.seq, e.kind, json.loads(json.dumps(e.act.to_json()))) for e in after.entries]
        )
        assert sheet_json(stored) == sheet_json(after)  # and reads back from its stored form
        if not isinstance(act, Undone):
            undone = then(after, rules.check_undo(after, confirmed=True))
            assert sheet_json(undone) == sheet_json(game)  # an undo restores the game before its entry
        game = after


def test_a_replacement_is_offered_only_for_a_laydown_that_can_stand():
    """A laydown of the wrong count for a player who laid down already is told its count
    first: the table is never asked to replace a laydown with one that would be refused."""
    g = then(start(), LaidDown(1, "ann", ("cat",), (), True))
    with pytest.raises(GameError, match="laydown has 4 cards"):
        rules.laid_down(g, "ann", ["at"], "E S", False, None, replace=False)
    with pytest.raises(rules.LaydownExistsError):
        rules.laid_down(g, "ann", ["at"], "E", False, None, replace=False)
