"""Kill qscore with SIGKILL at random moments of its writes: nothing lost, nothing doubled.

    ./dev python benchmarks/kill_loop.py [RUNS] [SEED]

In a temporary QSCORE_HOME with one game, each run starts `qscore score ann at -u E`
(when ann has no laydown in round 1), `qscore undo` (when she has) or `qscore new`
of a game of its own, and sends it SIGKILL after a random 0 to 0.3 s, the span of a
whole run. After each kill the saved games are read back:

- the game's entries are the ones before the run, plus the run's one entry at most,
  and that one only if the run wrote it (a run that had exited 0 must have);
- the entries' sequence numbers run 1, 2, 3... with no gap or repeat;
- `qscore sheet --json` and `qscore games` answer with status 0, no traceback;
- a game being started is either there whole (its sheet reads) or not there at all.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from process import qscore_command

DB_NAME = "games.sqlite3"


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(qscore_command(*args), capture_output=True, text=True, env=env, check=False)


def entries(db: Path, game: str) -> list[tuple[int, str]]:
    """(seq, kind) of a game's entries, read as another program would."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute(
            "SELECT seq, kind FROM entries JOIN games ON games.id = game_id WHERE name = ? ORDER BY seq", (game,)
        ).fetchall()


def named(db: Path, game: str) -> bool:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute("SELECT 1 FROM games WHERE name = ?", (game,)).fetchone() is not None


def problems_after(
    db: Path, env: dict[str, str], game: str, before: list[tuple[int, str]], exited: int | None
) -> list[str]:
    """What is wrong with the saved games after a killed run (none: an empty list)."""
    found: list[str] = []
    after = entries(db, game)
    if after[: len(before)] != before or len(after) > len(before) + 1:
        found.append(f"entries {before} became {after}")
    if [seq for seq, _kind in after] != list(range(1, len(after) + 1)):
        found.append(f"sequence numbers {[seq for seq, _k in after]}")
    if exited == 0 and len(after) != len(before) + 1:
        found.append("the run said it saved, and nothing was saved")
    for args in (["sheet", "--json", "-g", game], ["games"]):
        done = run(args, env)
        if done.returncode != 0 or "Traceback" in done.stderr:
            found.append(f"qscore {' '.join(args)}: exit {done.returncode}: {done.stderr.strip()[-200:]}")
    return found


def kill_loop(runs: int, seed: int) -> tuple[int, int, list[str]]:
    """(runs killed before they ended, runs that ended first, the problems seen)."""
    rng = random.Random(seed)
    problems: list[str] = []
    killed = ended = 0
    with tempfile.TemporaryDirectory(prefix="qscore-kill-") as home:
        env = {**os.environ, "QSCORE_HOME": home, "HOME": home}
        db = Path(home) / DB_NAME
        run(["new", "ann", "ben", "cat", "--game", "friday"], env)
        for i in range(runs):
            if rng.random() < 0.2:
                game, args = f"g{i}", ["new", "ann", "ben", "cat", "--game", f"g{i}"]
            else:
                game = "friday"
                sheet = json.loads(run(["sheet", "--json", "-g", game], env).stdout)
                laid = sheet["rounds"][0]["players"]["ann"] is not None
                args = ["undo", "-g", game] if laid else ["score", "ann", "at", "-u", "E", "-g", game]
            before = entries(db, game)
            proc = subprocess.Popen(
                qscore_command(*args), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
            )
            time.sleep(rng.uniform(0.0, 0.3))
            exited = proc.poll()
            if exited is None:
                proc.send_signal(signal.SIGKILL)
                killed += 1
            else:
                ended += 1
            proc.wait()
            if game != "friday" and not named(db, game):
                continue  # the new game was never made; if it was, its sheet must read below
            problems += [
                f"run {i} (qscore {' '.join(args)}): {p}" for p in problems_after(db, env, game, before, exited)
            ]
    return killed, ended, problems


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    start = time.perf_counter()
    killed, ended, problems = kill_loop(runs, seed)
    took = time.perf_counter() - start
    print(
        f"{runs} runs (seed {seed}) in {took:.0f} s: {killed} killed mid-run, {ended} ended first; "
        f"{len(problems)} problems"
    )
    for p in problems:
        print(f"  {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
