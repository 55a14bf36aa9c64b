"""Fuzz qscore's command line, and feed it huge inputs: no traceback, no signal, and every
run under a second and 200 MB, or refused in one line.

    ./dev python benchmarks/fuzz_cli.py [RUNS] [SEED]     random arguments over every command
    ./dev python benchmarks/fuzz_cli.py --huge            the huge-input set

Each run happens in one temporary QSCORE_HOME holding a few saved games, so the game
commands have something to read. A run passes when it exits without a traceback and
without a signal, and either stays within the bounds or exits 2 with one line on stderr
(a refusal). tests/test_fuzz.py runs a quick version of both (pytest -m slow).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

SECONDS, MIB = 1.0, 200
TIMEOUT = 30.0  # a run still going then is killed, and counts as over the bound

COMMANDS = [
    "check", "best", "solitaire", "new", "score", "challenge", "sheet", "export", "undo",
    "rename", "leave", "games", "review", "stats", "dictionaries", "play",
]  # fmt: skip
OPTIONS = [
    "--json", "--game", "-g", "--rounds", "--variant", "--bonus", "--bonus-points", "--dealer", "--allow",
    "--deny", "-d", "--dictionary", "--faceup", "--seen", "--top", "--no-discard", "--unused", "--out",
    "--round", "--replace", "--by", "--ruling", "--format", "--player", "--words", "--yes", "--delete",
    "--rename", "--no-suggest", "--unchecked", "--help", "--version", "--show-completion", "--",
]  # fmt: skip
VALUES = [
    "quiz", "(qu)iz", "Q U I Z M", "E S T R A I N L O D", "ann", "ben", "cat", "friday", "3-10", "3,4,5",
    "3-1000000000", "0", "-1", "99999999999999999999", "standard", "short", "both", "most", "csv", "valid",
    "-", "", " ", "\n", "x" * 5000, "th" * 50, "A " * 40, "é", "Zoë", "\x1b[31m", "a\nb", "../../etc/passwd",
    "/dev/null", "/dev/zero", "/nonexistent", ".", "en_US", "wordgame", "10", "2",
]  # fmt: skip
NOT_UTF8 = [b"\xff", b"caf\xe9", b"\xc3"]


@dataclass
class Outcome:
    args: list[str | bytes]
    status: int
    seconds: float
    mib: float
    stderr: str

    def problem(self, seconds: float | None = SECONDS) -> str | None:
        """What is wrong with this run, or None; ``seconds`` is the time bound, None for
        none (the test's: a test must pass on a busy machine, so time is the benchmark's)."""
        if "Traceback" in self.stderr:
            return "traceback"
        if self.status < 0:
            return f"signal {-self.status}"
        refused = self.status == 2 and len(self.stderr.strip().splitlines()) == 1
        slow = seconds is not None and self.seconds > seconds
        if (slow or self.mib > MIB) and not refused:
            return f"{self.seconds:.2f} s, {self.mib:.0f} MiB"
        return None


# A small process that starts qscore and tells its peak memory (wait4's ru_maxrss, in KiB)
# on the descriptor its first argument names, then exits as qscore did. Linux carries the peak of the process that
# forks over to the child it starts (kept at exec), so qscore is started from this small
# one, never from the caller: a test's pytest process, hundreds of MiB after the tests
# before it, would otherwise lend qscore its own peak.
LAUNCHER = """
import os, signal, sys
report = int(sys.argv[1])
pid = os.fork()
if pid == 0:
    os.close(report)
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
os.write(report, str(usage.ru_maxrss).encode())
code = os.waitstatus_to_exitcode(status)
if code < 0:
    signal.signal(-code, signal.SIG_DFL)
    os.kill(os.getpid(), -code)
sys.exit(code)
"""


def qscore(args: list[str | bytes], home: Path, stdin: bytes | Path = b"") -> Outcome:
    """Run qscore once, measuring its wall time, and its own peak memory through LAUNCHER."""
    script = Path(sys.executable).with_name("qscore")
    env = {**os.environ, "QSCORE_HOME": str(home), "HOME": str(home), "COLUMNS": "80"}
    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as feed:
        if isinstance(stdin, Path):
            source = stdin.open("rb")
        else:
            feed.write(stdin)
            feed.seek(0)
            source = feed
        peak_read, peak_write = os.pipe()
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-S", "-c", LAUNCHER, str(peak_write), str(script), *args],
            stdin=source,
            stdout=subprocess.DEVNULL,
            stderr=err,
            env=env,
            pass_fds=(peak_write,),
            start_new_session=True,  # a run killed at TIMEOUT takes qscore with it
        )
        os.close(peak_write)
        timer = threading.Timer(TIMEOUT, lambda: os.killpg(proc.pid, 9))
        timer.start()
        proc.wait()
        timer.cancel()
        seconds = time.perf_counter() - start
        with os.fdopen(peak_read, "rb") as peak:
            kib = int(peak.read() or 0)
        if source is not feed:
            source.close()
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    return Outcome(args, proc.returncode, seconds, kib / 1024, text)


def seeded_home(home: Path) -> Path:
    """``home`` made a QSCORE_HOME with two games, one mid-round, one with a round played."""
    steps = [
        ["new", "ann", "ben", "cat", "--game", "friday"],
        ["score", "ann", "cat", "--out"],
        ["score", "ben", "at", "--unused", "Z"],
        ["score", "cat", "ox", "--unused", "E"],
        ["new", "ann", "ben", "--bonus", "most", "--game", "saturday"],
        ["score", "ann", "quiz"],
    ]
    for step in steps:
        qscore(list(step), home)
    return home


def random_args(rng: random.Random) -> list[str | bytes]:
    args: list[str | bytes] = [rng.choice(COMMANDS)] if rng.random() < 0.97 else []
    for _ in range(rng.randint(0, 6)):
        roll = rng.random()
        if roll < 0.35:
            args.append(rng.choice(OPTIONS))
        elif roll < 0.9:
            args.append(rng.choice(VALUES))
        elif roll < 0.95:
            args.append(rng.choice(NOT_UTF8))
        else:
            args.append("".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ ()\t,-") for _ in range(rng.randint(1, 60))))
    return args


def fuzz(runs: int, seed: int) -> list[Outcome]:
    """Random command lines; the runs with a problem."""
    rng = random.Random(seed)
    bad = []
    with tempfile.TemporaryDirectory(prefix="qscore-fuzz-") as folder:
        home = seeded_home(Path(folder))
        for _ in range(runs):
            stdin = rng.choice([b"", b"quiz\n", b"\xff\xfe", b"ann\ncat\n\n", b"quit\n"])
            outcome = qscore(random_args(rng), home, stdin)
            if outcome.problem():
                bad.append(outcome)
    return bad


def huge_inputs(folder: Path, scale: float = 1.0) -> list[tuple[str, list[str | bytes], bytes | Path]]:
    """(name, arguments, standard input) of inputs once huge in time, memory or both;
    ``scale`` shrinks the largest (1.0: as issue 16 found them)."""
    many = int(1_000_000 * scale)
    long_line = folder / "long.txt"
    long_line.write_text("quiz\ncat\n" + "a" * 60_000 + "\n")
    big_house = folder / "million.txt"
    digits = str.maketrans("0123456789", "abcdefghij")
    with big_house.open("w") as out:  # a line at a time: this process stays small (see qscore())
        out.writelines(f"w{i:07d}\n".translate(digits) for i in range(many))
    lines = folder / "lines.txt"
    lines.write_text("quiz\nzzq\ncat\n" * (many // 30))
    return [
        ("best, 20 cards", ["best", "A B C D E F G H I J K L M N O P R S T U"], b""),
        ("best, 30 cards", ["best", " ".join("ABCDEFGHIJKLMNO" * 2)], b""),
        ("best --faceup, the last round's hand", ["best", "E S T R A I N L O D", "--faceup", "E"], b""),
        # every play tied with the worst kept was listed: 118 s
        ("best --top 20, 15 cards", ["best", "E S T R A I N L O D E A U P S", "--top", "20"], b""),
        ("new --rounds 3-1000000000", ["new", "a", "b", "c", "--rounds", "3-1000000000", "-g", "huge"], b""),
        ("new --rounds, 65,000 rounds", ["new", "a", "b", "--bonus", "most", "--rounds", ",".join(["3"] * 65000)], b""),
        (f"check --json -, {many // 10:,} lines", ["check", "--json", "--no-suggest", "-"], lines),
        ("check -, one line of th x 1,000,000", ["check", "-"], b"th" * 1_000_000),
        ("check -d, a 60,000-letter line", ["check", "-d", str(long_line), "quiz"], b""),
        (f"new --allow, {many:,} words", ["new", "a", "b", "c", "--allow", str(big_house), "-g", "house"], b""),
        (f"check --allow, {many:,} words", ["check", "--allow", str(big_house), "quiz"], b""),
        ("sheet -g '\\xff'", ["sheet", "-g", b"\xff"], b""),
        ("a game name of 100,000 letters", ["sheet", "-g", "g" * 100_000], b""),
    ]


def run_huge(scale: float = 1.0) -> list[tuple[str, Outcome]]:
    with tempfile.TemporaryDirectory(prefix="qscore-huge-") as folder:
        home = seeded_home(Path(folder) / "home")
        cases = huge_inputs(Path(folder), scale)
        return [(name, qscore(args, home, stdin)) for name, args, stdin in cases]


def main() -> int:
    if sys.argv[1:2] == ["--huge"]:
        results = run_huge()
        for name, o in results:
            verdict = o.problem() or "ok"
            first = o.stderr.strip().splitlines()[:1]
            print(f"{name}: exit {o.status}, {o.seconds:.2f} s, {o.mib:.0f} MiB: {verdict} {first}")
        return 1 if any(o.problem() for _n, o in results) else 0
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    start = time.perf_counter()
    bad = fuzz(runs, seed)
    took = time.perf_counter() - start
    print(f"{runs} random command lines (seed {seed}) in {took:.0f} s: {len(bad)} with a problem")
    for o in bad:
        print(f"  {o.problem()}: qscore {o.args!r} -> exit {o.status}: {o.stderr.strip()[-300:]!r}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
