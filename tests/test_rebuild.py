"""The kept figures made again, as after an upgrade: each game's points missed found as the
review finds them at a fraction of its cost, carried over from a summary of another version
of the same log, and the work handed up as it goes, shown on a terminal only."""

import importlib
import io
import json
import random
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qscore import scorekeeper
from qscore.cli.app import progress_shown
from qscore.game import gamelines
from qscore.game.cards import load_deck, parse_hand
from qscore.game.scoring import LaidWord, PlayedHand
from qscore.hands import handreview
from qscore.hands.handreview import missed_in, missed_points, review_game, review_hand
from qscore.hands.solver import solve
from qscore.hands.wordsets import WordSets
from qscore.scorekeeper import ReadProgress
from qscore.views.plays_view import missed_totals
from qscore.words.dictionaries import HouseRules, WordSet, open_dictionary
from qscore.words.dictionaries.proposed import proposed
from tests.conftest import TINY_WORDS, ok, run
from tests.test_damage import sql, two_games
from tests.test_review import RULED, play_whole_game
from tests.test_solver import POOL

DECK = load_deck()
cli_app = importlib.import_module("qscore.cli.app")  # the package names its app object app too
figures_module = importlib.import_module("qscore.scorekeeper.figures")


def best_value(cards, dictionary, *, many=False):
    """The value a review's missed_in starts from (review.missed_in's WordSets): the best
    play of ``cards`` with no discard, of the words qscore proposes, no play made; with
    ``many``, found as for one of many hands (the dictionary's anagram keys read whole)."""
    words = proposed(dictionary)
    hand = WordSets.of_keys(cards, words, words.anagram_keys()) if many else WordSets.looked_up(cards, words)
    return hand.value(hand.full)


def within_deck(cards):
    return [c for i, c in enumerate(cards) if cards[: i + 1].count(c) <= DECK.counts[c.token]]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(POOL), min_size=0, max_size=9),
    st.sets(st.sampled_from(TINY_WORDS), max_size=6),
    st.sets(st.sampled_from(["ta", "tho", "quin", "erch", "zx"]), max_size=3),
)
def test_the_best_value_is_the_solvers_best_play(cards, denied, allowed):
    cards = within_deck(cards)
    tiny = WordSet(TINY_WORDS)
    for dictionary in (tiny, HouseRules(tiny, allowed, denied)):
        assert dictionary.anagram_keys() is not None
        expected = solve(cards, dictionary, discard=False).best.score if len(cards) >= 2 else None
        if expected is not None:
            assert best_value(cards, dictionary) == expected
            assert best_value(cards, dictionary, many=True) == expected


@pytest.mark.slow
def test_the_best_value_is_the_solvers_on_the_shipped_list_and_hunspell():
    rng = random.Random(27)
    pack = [t for t, n in DECK.counts.items() for _ in range(n)]
    hands = []
    for size in range(2, 11):
        for _ in range(6):
            rng.shuffle(pack)
            hands.append(parse_hand(pack[:size], DECK))
    everyday = open_dictionary()
    ruled = HouseRules(everyday, {"zzxq"}, {"at", "the", "quit"})
    for dictionary in (everyday, ruled, open_dictionary("en_US")):
        for cards in hands:
            assert best_value(cards, dictionary, many=True) == solve(cards, dictionary, discard=False).best.score, cards


@pytest.mark.slow
def test_the_points_missed_of_random_laydowns_are_the_reviews():
    """Laydowns as tables make them (a bonus play, a word kept in hand, a word struck, a
    penalty owed), on the shipped list, where the review may call best a play of words
    with meanings a little below the top one."""
    rng = random.Random(23)
    pack = [t for t, n in DECK.counts.items() for _ in range(n)]
    everyday = open_dictionary()
    for size in range(2, 11):
        for _ in range(10):
            rng.shuffle(pack)
            cards = parse_hand(pack[:size], DECK)
            found = solve(cards, everyday, discard=False)
            play = rng.choice([found.best, found.most_words, found.longest_word])
            words, unused = list(play.words), list(play.unused)
            if words and rng.random() < 0.4:
                unused += words.pop().cards
            words = [LaidWord(w.cards, struck=rng.random() < 0.15) for w in words]
            penalty = rng.choice([0, 0, 0, 5])
            laid = PlayedHand(tuple(words), tuple(unused), penalty)
            lost = sum(c.points for c in unused) + sum(w.points for w in words if w.struck)
            scored = max(0, sum(w.points for w in words if not w.struck) - lost - penalty)
            expected = review_hand(1, "ann", laid, scored, everyday, DECK).missed
            assert missed_in(laid, scored, everyday, DECK) == expected, laid
            assert missed_in(laid, scored, everyday, DECK, many=True) == expected, laid


def test_the_points_missed_are_the_reviews_under_the_tables_rulings():
    ok("new", "ann", "ben", "cat", "--rounds", "3", "--game", "ruled")
    for step in RULED:
        ok(*step)
    game, everyday = scorekeeper.load_game("ruled"), open_dictionary()
    expected = missed_totals(game, review_game(game, everyday))
    assert missed_points(game, everyday) == expected == missed_points(game, everyday, many=True)


@pytest.mark.slow
def test_the_points_missed_of_a_whole_game_are_the_reviews():
    play_whole_game()
    game, everyday = scorekeeper.load_game("friday"), open_dictionary()
    expected = missed_totals(game, review_game(game, everyday))
    assert any(expected.values())  # something was missed: the sum is no trivial zero
    assert missed_points(game, everyday) == expected == missed_points(game, everyday, many=True)


def test_a_hand_that_laid_every_card_is_not_solved(monkeypatch):
    ok("new", "ann", "ben", "--rounds", "3", "--bonus", "none", "--game", "out")
    ok("score", "ann", "(qu)iz", "--out")
    ok("score", "ben", "ox", "--unused", "E")
    solved = []
    monkeypatch.setattr(handreview, "missed_in", lambda laid, *args, **kwargs: solved.append(laid) or 0)
    missed_points(scorekeeper.load_game("out"), open_dictionary())
    assert [[w.text for w in laid.words] for laid in solved] == [["ox"]]


def kept_versions(home) -> list[tuple[int]]:
    return sql(home, "SELECT DISTINCT version FROM summaries")


def test_new_figures_carry_the_points_missed_over_without_a_review(isolated_home, monkeypatch):
    two_games()
    expected = ok("stats", "--json")  # reviews fri, and keeps its points missed
    monkeypatch.setattr(gamelines, "FIGURES_VERSION", gamelines.FIGURES_VERSION + 1)

    def no_review(*args, **kwargs):
        raise AssertionError("the points missed were found again")

    monkeypatch.setattr(handreview, "missed_points", no_review)
    assert ok("stats", "--json") == expected
    assert kept_versions(isolated_home) == [(gamelines.FIGURES_VERSION,)]


def test_a_summary_an_older_release_kept_reads_the_same(isolated_home, monkeypatch):
    """Version 3 kept one JSON object a game, its row checked by a SHA-256 (64 hex digits,
    where a CRC-32 is 8): such a file opens and reads the same, each game's figures made
    again from its log (its points missed too: version 3's review is not this one's), and
    kept as this version keeps them."""
    import hashlib

    two_games()
    expected = ok("stats", "--json"), ok("games"), ok("sheet", "-g", "fri")
    for game_id, last_seq, digest, text in sql(isolated_home, "SELECT game_id, last_seq, digest, data FROM summaries"):
        (totals, *_), (missed, *_), _ = (json.loads(line) for line in text.split("\n"))
        old = json.dumps({"missed": dict(zip([name for name, _ in totals], missed, strict=True))}, sort_keys=True)
        row = f"{game_id}\0{last_seq}\0{3}\0{digest}\0".encode() + old.encode()
        checksum = hashlib.sha256(row).hexdigest()
        sql(
            isolated_home,
            "UPDATE summaries SET version = 3, data = ?, checksum = ? WHERE game_id = ?",
            old,
            checksum,
            game_id,
        )
    reviewed = []
    found = handreview.missed_points
    monkeypatch.setattr(
        handreview, "missed_points", lambda game, *a, **k: reviewed.append(game.name) or found(game, *a, **k)
    )
    assert (ok("stats", "--json"), ok("games"), ok("sheet", "-g", "fri")) == expected
    assert reviewed == ["fri"]  # sat has no closed round: nothing to review
    assert kept_versions(isolated_home) == [(gamelines.FIGURES_VERSION,)]
    assert {len(c) for (c,) in sql(isolated_home, "SELECT checksum FROM summaries")} == {8}


def test_a_changed_review_finds_the_points_missed_again(isolated_home, monkeypatch):
    two_games()
    expected = ok("stats", "--json")
    monkeypatch.setattr(gamelines, "FIGURES_VERSION", gamelines.FIGURES_VERSION + 1)
    monkeypatch.setattr(gamelines, "MISSED_SINCE", gamelines.FIGURES_VERSION)
    reviewed = []
    found = handreview.missed_points
    monkeypatch.setattr(
        handreview, "missed_points", lambda game, *a, **k: reviewed.append(game.name) or found(game, *a, **k)
    )
    assert ok("stats", "--json") == expected
    assert reviewed == ["fri"]  # sat has no closed round: nothing to review


def test_kept_points_missed_that_are_not_whole_are_found_again(isolated_home, monkeypatch):
    from qscore.scorekeeper.figures import _missed_of

    players = ("ann", "ben")
    assert _missed_of({"missed": {"ann": 3, "ben": 0}}, players) == {"ann": 3, "ben": 0}
    for bad in [None, [3, 0], {"ann": 3}, {"ann": 3, "ben": -1}, {"ann": "3", "ben": 0}, {"ann": True, "ben": 0}]:
        assert _missed_of({"missed": bad}, players) is None


def test_a_rebuild_hands_up_its_progress(isolated_home):
    two_games()
    sql(isolated_home, "DELETE FROM summaries")
    seen: list[ReadProgress] = []
    scorekeeper.table_figures(seen.append)
    # told as each log is read (none worked out yet: a long read shows the work under
    # way), then as each game is worked out
    assert seen == [ReadProgress(0, 2), ReadProgress(0, 2), ReadProgress(1, 2), ReadProgress(2, 2)]
    seen.clear()
    scorekeeper.game_list(seen.append)
    scorekeeper.table_figures(seen.append)
    assert seen == []  # kept: nothing to work out


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_drawn_on_a_terminal_and_erased(monkeypatch):
    monkeypatch.setattr(cli_app, "PROGRESS_AFTER_S", 0)
    screen = Terminal()
    with progress_shown("working", screen) as tell:
        assert tell is not None
        tell(ReadProgress(1, 2000))
        tell(ReadProgress(2, 2000))  # within a tenth of a second of the last: not drawn
        tell(ReadProgress(2000, 2000))  # the last always is
    assert screen.getvalue() == ("\rqscore: working: 1 of 2,000 games\rqscore: working: 2,000 of 2,000 games\r\x1b[K")


def test_quick_work_and_a_stream_that_is_no_terminal_draw_nothing():
    screen = Terminal()
    with progress_shown("working", screen) as tell:
        assert tell is not None
        tell(ReadProgress(1, 1))  # done before PROGRESS_AFTER_S
    assert screen.getvalue() == ""
    piped = io.StringIO()
    with progress_shown("working", piped) as tell:
        assert tell is None
    assert piped.getvalue() == ""


def test_stats_and_games_print_the_same_while_figures_are_made(isolated_home):
    two_games()
    expected = [ok("games"), ok("stats")]
    sql(isolated_home, "DELETE FROM summaries")
    assert [ok("games"), ok("stats")] == expected
    assert json.loads(ok("stats", "--json"))["players"]["ann"]["games"] == 1


def test_a_write_reads_an_entry_saved_meanwhile(monkeypatch):
    from qscore.scorekeeper import reads, writes

    ok("new", "ann", "ben", "--bonus", "none", "-g", "meanwhile")
    before = reads._game_to_write

    def another_terminal_first(name, *identity):
        game = before(name, *identity)
        monkeypatch.setattr(writes, "_game_to_write", before)
        ok("score", "ann", "at", "--unused", "E", "-g", "meanwhile")  # saved between the read and the write
        return game

    monkeypatch.setattr(writes, "_game_to_write", another_terminal_first)
    ok("score", "ben", "ox", "--unused", "E", "-g", "meanwhile")
    sheet = json.loads(ok("sheet", "--json", "-g", "meanwhile"))
    assert sheet["rounds"][0]["players"]["ann"]["words"] == ["at"]
    assert sheet["rounds"][0]["players"]["ben"]["words"] == ["ox"]


def laid_text(word: LaidWord) -> str:
    return "".join(c.letters if len(c.letters) == 1 else f"({c.letters})" for c in word.cards)


def deal_and_lay(rng: random.Random, game: str, players: tuple[str, ...], rounds: tuple[int, ...]) -> None:
    """A game laid as tables lay them: from each seeded hand the solver's best play, its
    most-words play or its longest-word play, now and then a word kept in hand or a word
    challenged (struck, or the challenger's penalty), on the shipped list."""
    pack = [t for t, n in DECK.counts.items() for _ in range(n)]
    everyday = open_dictionary()
    ok("new", *players, "--rounds", ",".join(map(str, rounds)), "--game", game)
    for size in rounds:
        rng.shuffle(pack)
        went_out = False
        for i, player in enumerate(players):
            found = solve(parse_hand(pack[i * size : (i + 1) * size], DECK), everyday, discard=False)
            play = rng.choice([found.best, found.most_words, found.longest_word])
            words, unused = [laid_text(w) for w in play.words], [c.token for c in play.unused]
            if words and (rng.random() < 0.3 or (went_out and not unused)):  # one goes out a round
                unused += [c.token for c in play.words[-1].cards]
                words.pop()
            went_out |= not unused
            ok("score", player, *words, *(["--unused", " ".join(unused)] if unused else ["--out"]), "-g", game)
            if words and rng.random() < 0.15:
                by = players[(i + 1) % len(players)]
                ruling = rng.choice(["valid", "invalid"])  # a penalty for the challenger, or the word struck
                ok("challenge", player, words[0], "--by", by, "--ruling", ruling, "-g", game)


@pytest.mark.slow
def test_figures_rebuilt_over_many_games_are_the_reviews(isolated_home, monkeypatch):
    """A set of games whose figures go missing, as after an upgrade, rebuilt as a first
    stats over many games rebuilds them (each hand's sets of cards from the anagram keys):
    the points missed are the reviews' own, and stats prints what it printed before."""
    rng = random.Random(2000)
    players = ("ann", "ben", "cat")
    games = [f"g{n}" for n in range(4)]
    for game in games:
        deal_and_lay(rng, game, players, (3, 5, 7, 8, 9, 10))
    everyday = open_dictionary()
    reviewed = dict.fromkeys(players, 0)
    for game in games:
        loaded = scorekeeper.load_game(game)
        for player, missed in missed_totals(loaded, review_game(loaded, everyday)).items():
            reviewed[player] += missed
    assert any(reviewed.values())  # something was missed: the sum is no trivial zero
    expected = ok("stats", "--json")
    sql(isolated_home, "DELETE FROM summaries")
    monkeypatch.setattr(figures_module, "MANY_GAMES", 0)  # these few games rebuilt as many are
    rebuilt = ok("stats", "--json")
    assert rebuilt == expected
    assert {p: json.loads(rebuilt)["players"][p]["missed"] for p in players} == reviewed


def summaries(home) -> list[tuple]:
    return sql(home, "SELECT game_id, last_seq, version, data FROM summaries ORDER BY game_id")


@pytest.mark.slow
def test_worker_processes_make_the_figures_this_process_makes(tmp_path, isolated_home, monkeypatch):
    """Figures rebuilt by worker processes (as for many games) are those this process
    makes, in the same order: the same output and warnings (a game that cannot be read, two
    that cannot be reviewed), the same summaries kept."""
    from qscore.game.scoresheet import Game
    from qscore.scorekeeper import workers
    from tests.test_stats import play_games

    play_games(tmp_path)
    rng = random.Random(100)
    for game in ("g1", "g2"):
        deal_and_lay(rng, game, ("ann", "ben", "cat"), (3, 6, 9, 10))
    ok("new", "eve", "fay", "--bonus", "most", "--game", "broken")
    sql(
        isolated_home,
        "INSERT INTO entries (game_id, seq, kind, data) SELECT id, 2, 'laydown', ? FROM games WHERE name = 'broken'",
        json.dumps({"round": 99, "player": "eve", "words": [], "unused": ["A"], "out": False}),
    )
    (tmp_path / "words.txt").unlink()  # monday's and tuesday's dictionary is gone
    sql(isolated_home, "DELETE FROM summaries")
    alone = run("stats", "--json")
    assert alone.exit_code == 0
    kept = summaries(isolated_home)
    assert len(alone.stderr.splitlines()) == 3 and any(
        p["missed"] for p in json.loads(alone.stdout)["players"].values()
    )
    sql(isolated_home, "DELETE FROM summaries")
    monkeypatch.setattr(workers, "workers_for", lambda total: 2)  # even for a few games, even on one core

    def not_here(*args, **kwargs):
        raise AssertionError("a game was worked out in this process")

    monkeypatch.setattr(Game, "from_log", not_here)  # the workers' own Game is untouched
    shared = run("stats", "--json")
    assert (shared.stdout, shared.stderr) == (alone.stdout, alone.stderr)
    assert summaries(isolated_home) == kept


def shared_out(work, items):
    """``work`` of each of ``items``, in order, as a first `stats` has its games worked out
    (figures._summaries): each item taken as it comes, the workers' results read back."""
    from qscore.scorekeeper import workers

    with workers.Shared(lambda total: work) as shared:
        shared.expect(len(items))
        for item in items:
            shared.take(item)
        yield from shared.results(items)


class Broken:
    """A pool of workers that works out ``good`` games, then breaks (a worker killed): a
    chunk handed over past them fails whole, as a real pool's does."""

    def __init__(self, good: int) -> None:
        self.good = good
        self.handed = 0
        self.shut: list[tuple[bool, bool]] = []

    def __call__(self, *args, **kwargs):
        return self

    def submit(self, fn, *args):
        from concurrent.futures import Future
        from concurrent.futures.process import BrokenProcessPool

        future = Future()
        items = args[1] if args else []  # a chunk's (work, items); none for a worker's start
        self.handed += len(items)
        if self.handed > self.good:
            future.set_exception(BrokenProcessPool("a worker died"))
        else:
            future.set_result(fn(*args))
        return future

    def shutdown(self, wait=True, cancel_futures=False):
        self.shut.append((wait, cancel_futures))


def test_games_a_pool_could_not_work_out_are_worked_out_here(isolated_home, monkeypatch):
    import concurrent.futures

    from qscore.game.gamelines import FIGURES_VERSION, reviewed
    from qscore.scorekeeper import workers
    from qscore.scorekeeper.store import open_store
    from qscore.store.storage import Pending

    two_games()
    ok("new", "gil", "hal", "ivy", "-g", "sun")
    sql(isolated_home, "DELETE FROM summaries")
    listed = open_store().summaries(FIGURES_VERSION, reviewed)
    pending = [item for item in listed.found if isinstance(item, Pending)]
    assert len(pending) == 3
    work = partial(figures_module.summary_of, review=True, many=False)
    alone = list(shared_out(work, pending))
    assert [data is not None for data, _reason, _why in alone] == [True, True, True]
    monkeypatch.setattr(workers, "workers_for", lambda total: 2)
    monkeypatch.setattr(workers, "CHUNK", 1)  # a game a chunk
    for good in range(4):  # broken at once, after one game, after two, never
        pool = Broken(good)
        monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", pool)
        assert list(shared_out(work, pending)) == alone
        assert pool.shut == [(True, False)]  # nothing cancelled: its thread fails what it holds

    def cannot_start(*args, **kwargs):
        raise OSError("no semaphores here")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", cannot_start)
    assert list(shared_out(work, pending)) == alone


def test_a_read_hands_each_pending_game_over_as_it_reads_its_log(isolated_home):
    """The workers start as the read of the logs begins and are handed each game as it is
    read: the read says first how many logs it will read, then hands each game read, in
    the order the games were saved; a game whose summary is kept is not handed over."""
    from qscore.game.gamelines import FIGURES_VERSION, reviewed
    from qscore.scorekeeper.store import open_store
    from qscore.store.storage import Pending

    two_games()
    ok("new", "gil", "hal", "ivy", "-g", "sun")
    run("stats")  # every summary kept
    sql(isolated_home, "DELETE FROM summaries WHERE game_id IN (SELECT id FROM games WHERE name != 'sun')")

    class Taker:
        def __init__(self):
            self.told: list[object] = []

        def expect(self, total):
            self.told.append(total)

        def take(self, item):
            self.told.append(item)

    taker = Taker()
    listed = open_store().summaries(FIGURES_VERSION, reviewed, taker)
    pending = [item for item in listed.found if isinstance(item, Pending)]
    assert [p.name for p in pending] == ["fri", "sat"]
    assert taker.told == [2, *pending]


def test_only_many_games_on_more_than_one_core_are_shared_out(monkeypatch):
    from qscore.scorekeeper import workers

    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert workers.workers_for(workers.POOL_FROM - 1) == 0
    assert workers.workers_for(workers.POOL_FROM) == 2
    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert workers.workers_for(10 * workers.POOL_FROM) == 0


@pytest.mark.slow
def test_workers_stopped_midway_end_at_once(monkeypatch):
    """Work shared among worker processes and stopped midway (Ctrl-C in a first `stats`)
    ends the workers at once, the games they hold undone: the interpreter's exit waits
    for every worker, so a command that said it stopped went on for as long as its workers'
    last games took (seconds), and a second Ctrl-C printed a traceback."""
    import multiprocessing
    import threading
    import time
    from concurrent.futures.process import _ExecutorManagerThread

    from qscore.scorekeeper import workers

    raised = []  # what a thread raised: the pool's own thread failed a cancelled future (a traceback)
    monkeypatch.setattr(threading, "excepthook", lambda args: raised.append(repr(args.exc_value)))
    monkeypatch.setattr(workers, "workers_for", lambda total: 2)  # even on one core
    held = 30.0  # what each worker holds after the first games: four such waits a chunk
    items = [0.0] * (2 * workers.CHUNK) + [held] * (4 * workers.CHUNK)
    found = shared_out(time.sleep, items)
    assert next(found) is None  # the first games are worked out: the workers are running
    found.close()  # as Ctrl-C stops the command
    children = multiprocessing.active_children()
    for child in children:
        child.join(held / 2)  # far longer than an ended process takes, far shorter than its chunk
    assert not [child for child in children if child.is_alive()]
    for thread in threading.enumerate():
        if isinstance(thread, _ExecutorManagerThread):
            thread.join(held / 2)
    assert raised == []
