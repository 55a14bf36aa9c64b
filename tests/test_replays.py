"""A game's kept replay (qscore.game.scoresheet.Replay, kept beside its log) against the log
replayed whole: every entry folded in one at a time, kept and read back, gives the very
game a full replay gives, whatever the table did (laydowns, corrections, challenges,
undo, renames, leaves); and a kept replay is never shown for a log it was not made from."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qscore import scorekeeper
from qscore.errors import QscoreError
from qscore.game import rules
from qscore.game.choices import Ruling
from qscore.game.entries import Challenged, Created, Entry, GameConfig, LaidDown, Left, Renamed, Undone
from qscore.game.scoresheet import Game, Replay
from qscore.store import gamesfile
from qscore.store.storage import DB_NAME
from tests.conftest import ok, run

WORDS = ["at", "ox", "cat", "to", "tire", "note", "pox"]
NAMES = ["dot", "eve", "fay", "Ann", "gus"]


def state(game: Game) -> tuple[object, ...]:
    """Everything a game shows, in order: its players, who left, and each round as dealt,
    laid, challenged and scored."""
    rounds = [
        (r.number, r.hand_size, r.dealer, r.starts, r.players, r.bonus, list(r.laydowns.items()), r.challenges)
        for r in game.rounds
    ]
    results = [r.results and list(r.results.items()) for r in game.rounds]
    return game.players, list(game.left.items()), rounds, results, game.totals()


def an_act(game: Game, rng: random.Random) -> object:
    """One thing a table may do next, as its rules put it right (a GameError when they refuse it)."""
    what = rng.choice(["lay"] * 6 + ["fix", "challenge", "undo", "rename", "leave"])
    players = list(game.still_in)
    who = rng.choice(players)
    if what in ("lay", "fix"):
        closed = [r.number for r in game.rounds if r.closed]
        round_no = rng.choice(closed) if what == "fix" and closed else None
        size = game.round(round_no).hand_size
        word = rng.choice([w for w in WORDS if len(w) <= size])
        unused = " ".join("E" * (size - len(word)))
        return rules.laid_down(game, who, [word], unused, not unused, round_no, replace=what == "fix")
    if what == "challenge":
        laid = [(r, p, w) for r in game.rounds for p, lay in r.laydowns.items() for w in lay.words]
        r, p, w = rng.choice(laid) if laid else (game.rounds[0], who, "at")
        by = rng.choice([q for q in game.players if q != p])
        return rules.challenge_settled(game, p, w, by, r.number, rng.random() < 0.5, "table", None)
    if what == "undo":
        return rules.check_undo(game, confirmed=True)  # a finished game's too, as the table may say
    if what == "rename":
        return rules.check_rename(game, who, rng.choice(NAMES))
    return rules.check_leave(game, who, rng.choice(["most", "longest", "none"]))


def played(seed: int, steps: int) -> list[Entry]:
    """A game's log: ``steps`` things a table did, chosen at random, each as its rules allow."""
    rng = random.Random(seed)
    players = tuple(["ann", "ben", "cat", "dee"][: rng.choice([2, 3, 4])])
    config = GameConfig(players, rounds=(3, 4, 3), bonus="most" if len(players) == 2 else "both")
    game = Game("g", [Entry(1, Created(config))])
    for _ in range(steps):
        try:
            act = an_act(game, rng)
            # (a leave by a player who challenged in the round under way, laying nothing
            # down, is let through by the rules and fails the replay: it is left out here)
            game = Game("g", [*game.entries, Entry(game.last + 1, act)])  # type: ignore[arg-type]
        except QscoreError:
            continue
    return game.entries


@settings(max_examples=150)
@given(st.integers(0, 10**9), st.integers(1, 40))
def test_a_replay_folded_an_entry_at_a_time_and_kept_is_the_log_replayed_whole(seed, steps):
    log = played(seed, steps)
    kept = Game("g", log[:1])
    for n in range(2, len(log) + 1):
        whole = Game("g", log[:n])
        kept = kept.then(log[n - 1])
        assert state(kept) == state(whole)
        # kept as plain data and read back, as the games file keeps it
        back = Replay.from_json(json.loads(json.dumps(kept.replay.to_json())))
        assert back is not None
        kept = Game.from_replay("g", back, lambda n=n: log[:n])
        assert state(kept) == state(whole)
        assert kept.entries == log[:n]


def write(rng: random.Random, game: Game) -> None:
    """One use-case of the scorekeeper, chosen at random: a laydown, a correction, a
    challenge, an undo, a rename, a leave."""
    act = an_act(game, rng)
    match act:
        case LaidDown():
            scorekeeper.save_laydown(
                act.player, list(act.words), " ".join(act.unused), act.out, act.round, "g", replace=True
            )
        case Challenged():
            ruling: Ruling = "valid" if act.valid else "invalid"
            scorekeeper.settle_challenge(act.player, act.word, act.by, ruling, act.round, "g")
        case Undone():
            scorekeeper.undo("g", confirmed=True)
        case Renamed():
            scorekeeper.rename_player(act.old, act.new, "g")
        case Left():
            scorekeeper.leave(act.player, act.bonus, "g")


def replayed_whole(home) -> Game:
    """The game replayed from its log as the file holds it, read apart from the store."""
    conn = sqlite3.connect(home / DB_NAME)
    rows = conn.execute("SELECT seq, kind, data FROM entries ORDER BY seq").fetchall()
    conn.close()
    return Game.from_log("g", [(seq, kind, json.loads(data)) for seq, kind, data in rows])


@pytest.mark.parametrize("seed", range(6))
def test_every_write_keeps_the_replay_a_full_replay_gives(isolated_home, seed):
    rng = random.Random(seed)
    players = ["ann", "ben", "cat", "dee"][: 2 + seed % 3]
    scorekeeper.start_game(players, rounds="3,4,3", bonus="most", name="g")
    for _ in range(25):
        try:
            write(rng, scorekeeper.load_game("g"))
        except QscoreError:
            continue
        read = scorekeeper.load_game("g")
        assert read.read_as is not None and read.read_as.lines is None  # from the kept replay
        assert state(read) == state(replayed_whole(isolated_home))
        assert read.entries == replayed_whole(isolated_home).entries


def test_a_write_after_a_kept_replay_went_missing_keeps_it_again(isolated_home):
    ok("new", "ann", "ben", "--bonus", "none", "-g", "g")
    ok("score", "ann", "at", "--unused", "E")
    sql(isolated_home, "DELETE FROM replays")
    assert scorekeeper.load_game("g").read_as.lines is not None  # read whole: nothing kept to read
    ok("score", "ben", "ox", "--unused", "E")
    assert scorekeeper.load_game("g").read_as.lines is None
    assert state(scorekeeper.load_game("g")) == state(replayed_whole(isolated_home))


def sql(home, statement: str, values: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(home / DB_NAME, isolation_level=None)
    try:
        return conn.execute(statement, values).fetchall()
    finally:
        conn.close()


def changed_under_its_replay(home, keep_summary: bool) -> None:
    """An entry's bytes changed with no trigger to drop what was kept of it (as damage
    would change them), the kept replay (and the summary) put back as they were."""
    replay, summary = sql(home, "SELECT * FROM replays")[0], sql(home, "SELECT * FROM summaries")[0]
    sql(home, "DROP TRIGGER replays_entry_changed")
    sql(home, "DROP TRIGGER summaries_entry_changed")
    sql(home, "UPDATE entries SET data = replace(data, '\"at\"', '\"ta\"') WHERE seq = 2")
    sql(home, "INSERT OR REPLACE INTO replays VALUES (?, ?, ?, ?, ?, ?)", replay)
    if keep_summary:
        sql(home, "INSERT OR REPLACE INTO summaries VALUES (?, ?, ?, ?, ?, ?)", summary)
    else:
        sql(home, "DELETE FROM summaries")
    for statement in gamesfile._DERIVED:  # the triggers made again, as the next write would
        sql(home, statement)


@pytest.mark.parametrize("keep_summary", [True, False])
def test_a_kept_replay_is_never_shown_for_a_log_it_was_not_made_from(isolated_home, keep_summary):
    """The log's triggers drop its replay at any change qscore makes: a replay left beside a
    log it was not made from says the log changed outside qscore, a summary kept or not
    (with the replay alone, the changed word was shown as laid, and the next write kept it)."""
    ok("new", "ann", "ben", "--bonus", "none", "-g", "g")
    ok("score", "ann", "at", "--unused", "E")
    ok("score", "ben", "ox", "--unused", "E")
    changed_under_its_replay(isolated_home, keep_summary=keep_summary)
    for command in (["sheet", "-g", "g", "--words"], ["score", "ann", "eat", "-u", "S", "-g", "g", "--round", "2"]):
        r = run(*command)
        assert r.exit_code != 0 and "an entry's bytes changed since qscore saved it" in r.stderr, r.output
        assert "ta" not in r.stdout


@pytest.mark.parametrize("change", [{"names": []}, {"laid_seat": 99}])
def test_a_kept_replay_that_reads_but_does_not_deal_leaves_the_game_to_its_log(isolated_home, change):
    """A replay row of the right shape whose seats cannot be dealt (no names, a seat out of
    range), its checksum made again as a careful hand would: the game is shown from its log,
    with no traceback and no blame on the log."""
    from qscore.store.gamelog import replay_checksum

    ok("new", "ann", "ben", "cat", "-g", "g")
    ok("score", "ann", "cat", "--out", "-g", "g")
    before = ok("sheet", "-g", "g", "--json")
    game_id, last, version, digest, data = sql(
        isolated_home, "SELECT game_id, last_seq, version, digest, data FROM replays"
    )[0]
    replay = json.loads(data)
    if "names" in change:
        replay["names"] = change["names"]
    else:
        replay["laid"] = [[change["laid_seat"], down] for _, down in replay["laid"]]
    forged = json.dumps(replay, sort_keys=True, separators=(",", ":"))
    checksum = replay_checksum(game_id, last, version, digest, forged)
    sql(isolated_home, "UPDATE replays SET data = ?, checksum = ? WHERE game_id = ?", (forged, checksum, game_id))
    assert ok("sheet", "-g", "g", "--json") == before
    r = run("score", "ben", "at", "-u", "Q", "-g", "g")
    assert r.exit_code == 0, r.output
    assert state(scorekeeper.load_game("g")) == state(replayed_whole(isolated_home))


def hashes_counted(monkeypatch) -> list[int]:
    """The games whose rows are hashed whole (LogReader.hashed), in order, from now on."""
    from qscore.store.gamelog import LogReader

    hashed: list[int] = []
    real = LogReader.hashed

    def counted(self, look, game_id):
        hashed.append(game_id)
        return real(self, look, game_id)

    monkeypatch.setattr(LogReader, "hashed", counted)
    return hashed


def test_a_write_takes_the_game_as_read_when_the_replay_kept_is_of_that_log(isolated_home, monkeypatch):
    ok("new", "ann", "ben", "--bonus", "none", "-g", "g")
    ok("score", "ann", "at", "--unused", "E")
    sql(isolated_home, "DELETE FROM summaries")  # as a qscore that keeps none would leave it, the replay kept since
    hashed = hashes_counted(monkeypatch)
    ok("score", "ben", "ox", "--unused", "E")
    assert len(hashed) == 1  # the read before the write; inside it, the replay kept of that log stands for it
    assert state(scorekeeper.load_game("g")) == state(replayed_whole(isolated_home))


def test_a_write_reads_the_game_again_when_an_entry_changed_since_it_was_read(isolated_home):
    ok("new", "ann", "ben", "--bonus", "none", "-g", "g")
    ok("score", "ann", "at", "--unused", "E")
    sql(isolated_home, "DELETE FROM summaries")
    read = scorekeeper.load_game("g")
    # by another program since the read: the triggers drop the replay kept of the log read
    sql(isolated_home, "UPDATE entries SET data = replace(data, '\"at\"', '\"ta\"') WHERE seq = 2")
    scorekeeper.save_laydown("ben", ["ox"], "E", False, None, "g", replace=False, read=read)
    assert "ta" in ok("sheet", "-g", "g", "--words")
    assert state(scorekeeper.load_game("g")) == state(replayed_whole(isolated_home))
