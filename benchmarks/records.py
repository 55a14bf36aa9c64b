"""Benchmark: what the games file costs a real table, on its two workloads, whole process,
each figure in seconds and as a ratio to `python -c "import typer"` measured in the same run.

    ./dev python benchmarks/records.py [RUNS]                 # this checkout
    ./dev python benchmarks/records.py [RUNS] --against 656ee72  # and an earlier commit's code
    ./dev python benchmarks/records.py --against 656ee72 --instructions  # counted, not timed
    ./dev python benchmarks/records.py --rebuilds                # the first stats alone

- An evening: 8 players, the 8 rounds of a standard game (3 to 10 cards), each laydown
  the solver's best, most-words or longest-word play of a seeded deal, with in every round
  two corrections (a laydown replaced), a laydown taken back by `undo` and laid again, and
  three challenges settled by the table: about 120 entries, saved through the scorekeeper's
  use-cases as a table saves them (so each version keeps beside the log what its writes
  keep). Timed: `sheet` (what `play` reads before each prompt), the `score` that closes
  the last round, and `undo` (each write on a fresh copy of the file).
- A history: 2,000 finished games of 4 players (ten seeded games saved over and over; the
  figures are worked out per game, so repeats cost what new games would). Timed: the
  first `stats` (every game's summary made and its review worked out, as after an upgrade
  from a release that kept none), the same with the worker pool turned off, the first
  `stats` after an upgrade of the figures' format (FIGURES_VERSION one higher: points
  missed carried over, no review), and `games` and `stats` as they run ever after.

With ``--against COMMIT`` each command also runs with that commit's code (taken with `git
archive`, run by PYTHONPATH with the same interpreter and libraries), on a copy of the same
workload that its own code wrote and read: the difference is what that commit's caches
(the kept replays, the kept listings) saved. The warm commands alternate the two codes and
the baseline, RUNS times (medians); a one-time rebuild runs once a side. On a shared
machine the wall times move by a third from run to run: ``--instructions`` counts the
instructions of each warm command instead (valgrind's callgrind, the same on a busy
machine; the rebuilds are left out), and ``--rebuilds`` times the rebuilds alone.

Figures, against 656ee72 (whose code kept each game's replay and the listings of `games`
and `stats` beside the log), on a shared machine of 2 cores; "before" is the first commit
without the listings (6def035), "now" the summaries of figures version 4 (three lines of
JSON arrays a game, a CRC-32 a row, a fold over the kept arrays):

    --instructions          656ee72   before      now    (`import typer`: 240 M)
    evening: sheet            334 M    373 M    373 M
    evening: score            413 M    458 M    455 M
    evening: undo             347 M        -    368 M
    2,000 games: games        469 M  1,097 M    568 M  (1.95x, 4.57x, 2.36x)
    2,000 games: stats        318 M  1,474 M    658 M  (1.32x, 6.14x, 2.74x)

Of what is left at 2,000 games, SQLite's quick_check of the whole 14 MB file (which a
read of a kept listing skipped) is 98 M of each command, and the query of every game's
summary and last entry 32 M.

In wall time (``records.py 10 --against 656ee72``, a load of 4.6, `import typer` 60 ms):
`games` 0.070 s then, 0.087 s now (1.6x); `stats` 0.057 s then, 0.093 s now (1.9x); before
the summaries' new format (6def035, the same alternation in another run: a load of 3.4,
`import typer` 51 ms), 141 ms (2.8x) and 181 ms (3.6x). The first `stats` after a new
figures version took 2.4 s then, 2.1 s now.
``--rebuilds`` at a load of 1.7 on 2 cores (`import typer` 53 ms): the first `stats` 9.3 s
with the worker pool (CPU 14.7 s), 17.4 s without it (CPU 13.7 s). Under loads of 3 to 5
the pool took nothing off (14 to 33 s either way): it needs a core to spare.
"""

from __future__ import annotations

import compileall
import json
import os
import random
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from process import BASELINE, compile_qscore, instructions

from qscore.game.cards import load_deck, parse_hand
from qscore.game.entries import GameConfig
from qscore.game.scoring import LaidWord
from qscore.hands.solver import solve
from qscore.store.storage import DB_NAME, GameStore
from qscore.words.dictionaries import open_dictionary

REPO = Path(__file__).resolve().parent.parent
HISTORY = 2000  # saved games
EVENING_PLAYERS = ("ann", "ben", "cat", "dee", "eve", "fay", "gus", "hal")


def laid(word: LaidWord) -> str:
    return "".join(c.letters.lower() if len(c.letters) == 1 else f"({c.letters.lower()})" for c in word.cards)


def played_game(
    seed: int, players: tuple[str, ...] = ("ann", "ben", "cat", "dee")
) -> tuple[GameConfig, list[dict[str, Any]]]:
    """A finished standard game: its config and its laydowns, round by round."""
    deck, dictionary = load_deck(), open_dictionary()
    cards = [t for t, n in deck.counts.items() for _ in range(n)]
    rng = random.Random(seed)
    config = GameConfig(players=players)
    laydowns: list[dict[str, Any]] = []
    for number, size in enumerate(config.rounds, 1):
        rng.shuffle(cards)
        gone_out = False
        for i, player in enumerate(config.players):
            hand = parse_hand(cards[i * size : (i + 1) * size], deck)
            found = solve(hand, dictionary, discard=False, deck=deck)
            play = rng.choice([found.best, found.most_words, found.longest_word])
            words, unused = [laid(w) for w in play.words], [c.token for c in play.unused]
            # a word kept in hand (points missed); and one player a round goes out
            if words and (rng.random() < 0.3 or (gone_out and not unused)):
                unused += [c.token for c in play.words[-1].cards]
                words.pop()
            gone_out = gone_out or not unused
            laydowns.append({"round": number, "player": player, "words": words, "unused": unused, "out": not unused})
    return config, laydowns


def saved_games(home: Path, count: int, games: list[tuple[GameConfig, list[dict[str, Any]]]]) -> None:
    """``count`` games in a new games file at ``home``, written in one transaction."""
    os.environ["QSCORE_HOME"] = str(home)
    store = GameStore()
    store.create(games[0][0], "game-0001")
    conn = sqlite3.connect(store.path, isolation_level=None)
    conn.execute("BEGIN")
    conn.execute("DELETE FROM entries")
    conn.execute("DELETE FROM games")
    for n in range(count):
        config, laydowns = games[n % len(games)]
        game_id = conn.execute("INSERT INTO games (name) VALUES (?)", (f"game-{n + 1:04d}",)).lastrowid
        rows = [(game_id, 1, "created", json.dumps(config.to_json(), sort_keys=True))]
        rows += [(game_id, seq, "laydown", json.dumps(d, sort_keys=True)) for seq, d in enumerate(laydowns, 2)]
        conn.executemany("INSERT INTO entries (game_id, seq, kind, data) VALUES (?, ?, ?, ?)", rows)
    conn.execute("COMMIT")
    conn.close()


def evening_plan() -> tuple[list[list[object]], list[str]]:
    """The evening's steps as the table takes them, and the `score` that closes it."""
    _, laydowns = played_game(8, EVENING_PLAYERS)
    steps: list[list[object]] = []
    for d in laydowns[:-1]:
        lay = ["lay", d["player"], d["words"], " ".join(d["unused"]), d["out"], d["round"]]
        steps.append([*lay, False])
        if d["player"] in ("ann", "fay"):  # a correction: the same laydown typed again
            steps.append([*lay, True])
        if d["player"] == "ben":  # laid, taken back, laid again
            steps += [["undo"], [*lay, False]]
        if d["player"] in ("cat", "dee", "gus") and d["words"]:
            steps.append(["challenge", d["player"], d["words"][0], "eve", d["round"]])
    last = laydowns[-1]
    unused = [str(c) for c in last["unused"]]
    score = [
        "score",
        str(last["player"]),
        *map(str, last["words"]),
        *(["--unused", " ".join(unused)] if unused else []),
    ]
    return steps, score


# the evening saved through the use-cases of whichever qscore PYTHONPATH holds
EVENING_SCRIPT = """
import json, sys
from qscore import scorekeeper
players, steps = json.load(sys.stdin)
scorekeeper.start_game(players, name="evening")
for step in steps:
    if step[0] == "lay":
        _, player, words, unused, out, round_no, replace = step
        scorekeeper.save_laydown(player, words, unused, out, round_no, "evening", replace=replace)
    elif step[0] == "undo":
        scorekeeper.undo("evening")
    else:
        _, player, word, by, round_no = step
        scorekeeper.settle_challenge(player, word, by, "valid", round_no, "evening")
"""
# qscore as the next release that changes the kept figures' format would run
UPGRADE = """
try:
    import qscore.game.gamelines as g
except ImportError:  # an earlier commit's code, from before the core moved into packages
    import qscore.gamelines as g
g.FIGURES_VERSION += 1
"""
NO_POOL = "import qscore.scorekeeper.workers as w; w.POOL_FROM = 10**9"


class Side:
    """One qscore's code: this checkout's, or an earlier commit's by PYTHONPATH."""

    def __init__(self, name: str, tree: Path) -> None:
        self.name, self.tree = name, tree

    def env(self, home: Path) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.tree), "QSCORE_HOME": str(home)}

    def command(self, *args: str, patch: str = "") -> list[str]:
        if not patch:
            return [sys.executable, "-m", "qscore", *args]
        run = f"{patch}\nimport sys\nsys.argv = ['qscore', *{list(args)!r}]\nfrom qscore.__main__ import main\nmain()"
        return [sys.executable, "-c", run]


def timed(
    command: list[str], env: dict[str, str] | None = None, stdin: bytes | None = None, cpu: list[float] | None = None
) -> float:
    """Wall seconds of one run; its CPU seconds (user and system, its workers' too) go onto ``cpu``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # run from the side's own folder: the folder a run starts in comes first on the path
    cwd = env["PYTHONPATH"] if env is not None else None
    done = subprocess.run(command, env=env, input=stdin, capture_output=True, check=False, cwd=cwd)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if cpu is not None:
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    if done.returncode != 0 and command is not BASELINE:
        raise RuntimeError(f"{command} failed: {done.stderr.decode()[-500:]}")
    return took


def line(label: str, seconds: dict[str, tuple[float, float]], baseline: float) -> None:
    """Each side's wall seconds, their ratio to the baseline's, and its CPU seconds."""
    shown = "  ".join(f"{name}: {s:6.3f} s {s / baseline:5.1f}x (CPU {c:6.3f} s)" for name, (s, c) in seconds.items())
    names = list(seconds)
    saved = seconds[names[0]][0] - seconds[names[-1]][0]
    print(f"{label:42} {shown}" + (f"  {names[0]} - now: {saved:+.3f} s" if len(names) == 2 else ""), flush=True)


def counted(label: str, sides: list[Side], args: list[str], homes: dict[str, Path], fresh: bool) -> None:
    """The instructions of ``args`` a side, once warmed up, against the baseline's; on a
    fresh copy of the side's file when ``fresh`` (a write)."""
    base = instructions(BASELINE)
    found = []
    with tempfile.TemporaryDirectory() as scratch:
        for side in sides:
            home = homes[side.name]
            if fresh:  # warmed up on one copy, counted on another
                timed(side.command(*args), side.env(Path(shutil.copytree(home, f"{scratch}/warm-{side.name}"))))
                home = Path(shutil.copytree(home, f"{scratch}/{side.name}"))
            else:
                timed(side.command(*args), side.env(home))
            os.chdir(side.tree)  # the folder a run starts in comes first on the path
            n = instructions(side.command(*args), side.env(home))
            found.append(f"{side.name}: {n / 1e6:5.0f} M {n / base:4.2f}x")
    os.chdir(REPO)
    print(f"{label:42} " + "  ".join(found) + f"  (baseline {base / 1e6:.0f} M)", flush=True)


def warm(label: str, sides: list[Side], args: list[str], homes: dict[str, Path], runs: int, fresh: bool) -> None:
    """``args`` run RUNS times a side, alternating with the baseline; on a fresh copy of
    the side's file each time when ``fresh`` (a write)."""
    times: dict[str, list[float]] = {s.name: [] for s in sides}
    cpu: dict[str, list[float]] = {s.name: [] for s in sides}
    base: list[float] = []
    with tempfile.TemporaryDirectory() as scratch:
        for n in range(runs + 1):
            for side in sides:
                home = homes[side.name]
                if fresh:
                    home = Path(scratch) / f"{side.name}-{n}"
                    shutil.copytree(homes[side.name], home)
                spent: list[float] = []
                took = timed(side.command(*args), side.env(home), cpu=spent)
                if n:  # the first run warms the caches up
                    times[side.name].append(took)
                    cpu[side.name] += spent
            if n:
                base.append(timed(BASELINE))
    baseline = statistics.median(base)
    line(label, {name: (statistics.median(t), statistics.median(cpu[name])) for name, t in times.items()}, baseline)


def once(
    label: str, sides: list[Side], args: list[str], homes: dict[str, Path], baseline: float, patch: str = ""
) -> None:
    """A one-time rebuild: once a side, on a copy of its file as it stands."""
    seconds = {}
    with tempfile.TemporaryDirectory() as scratch:
        for side in sides:
            home = Path(scratch) / side.name
            shutil.copytree(homes[side.name], home)
            spent: list[float] = []
            seconds[side.name] = (timed(side.command(*args, patch=patch), side.env(home), cpu=spent), spent[0])
    line(label, seconds, baseline)


def main() -> int:
    args = sys.argv[1:]
    against = args[args.index("--against") + 1] if "--against" in args else None
    runs = int(next((a for a in args if a.isdigit() and a != against), "10"))
    count, rebuilds = "--instructions" in args, "--rebuilds" in args
    compile_qscore()
    with tempfile.TemporaryDirectory(prefix="qscore-records-") as folder:
        root = Path(folder)
        sides = [Side("now", REPO)]
        if against is not None:
            archive = subprocess.run(["git", "archive", against, "qscore"], cwd=REPO, capture_output=True, check=True)
            (root / "then").mkdir()
            subprocess.run(["tar", "-x", "-C", str(root / "then")], input=archive.stdout, check=True)
            # compiled as this checkout is (compile_qscore): else each run compiles it again
            compileall.compile_dir(str(root / "then" / "qscore"), quiet=1)
            sides.insert(0, Side(against, root / "then"))
        baseline = statistics.median(timed(BASELINE) for _ in range(runs))
        print(f'`python -c "import typer"`: {baseline * 1000:.0f} ms (median of {runs}); load {os.getloadavg()[0]:.1f}')

        def each(label: str, args: list[str], homes: dict[str, Path], fresh: bool = False) -> None:
            if count:
                counted(label, sides, args, homes, fresh)
            else:
                warm(label, sides, args, homes, runs, fresh)

        # the evening, saved by each side's own code
        steps, score = evening_plan()
        plan = json.dumps([list(EVENING_PLAYERS), steps]).encode()
        evening = {}
        for side in sides:
            evening[side.name] = home = root / f"evening-{side.name}"
            home.mkdir()
            timed([sys.executable, "-c", EVENING_SCRIPT], side.env(home), plan)
            timed(side.command("check", "quiz"), side.env(home))  # the word index built, in the copies too
            (entries,) = sqlite3.connect(home / DB_NAME).execute("SELECT count(*) FROM entries").fetchone()
        print(f"an evening of {len(EVENING_PLAYERS)} players, {entries + 1} entries with its last laydown:")
        if not rebuilds:
            each("  sheet", ["sheet"], evening)
            each("  score (closes the last round)", score, evening, fresh=True)
            each("  undo", ["undo"], evening, fresh=True)

        # the history: the same file for each side, its figures made by each side's code
        games = [played_game(seed) for seed in range(10)]
        history = {}
        for side in sides:
            history[side.name] = home = root / f"history-{side.name}"
            saved_games(home, HISTORY, games)
            timed(side.command("check", "quiz"), side.env(home))  # the word index built
        print(f"a history of {HISTORY:,} saved games:")
        if not count:
            once("  first stats (every game reviewed, kept)", sides, ["stats"], history, baseline)
            once("  first stats, no worker pool", sides, ["stats"], history, baseline, NO_POOL)
        for side in sides:  # every summary kept, as after a first stats
            timed(side.command("stats"), side.env(history[side.name]))
        if not count:
            once("  first stats after a new figures version", sides, ["stats"], history, baseline, UPGRADE)
        if not rebuilds:
            each("  games", ["games"], history)
            each("  stats", ["stats"], history)
    return 0


if __name__ == "__main__":
    sys.exit(main())
