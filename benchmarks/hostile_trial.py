"""Trial: a saved games file damaged one byte at a time, then odd files where the games
file should be. No game may be shown as another, no raw control character printed, no
run may hang or end in a traceback. tests/test_fuzz.py runs a dozen flips (pytest -m slow).

    ./dev python benchmarks/hostile_trial.py [FLIPS] [SEED] [TABLES]  # 2,000 flips by default
                                        # TABLES: only these tables' and indexes' pages, comma-separated
    ./dev python benchmarks/fuzz_cli.py [RUNS] [SEED]          # the fuzzed command lines

A small games file is made (three games: a closed round with a challenge, a renamed
player, an undo, a game not started; their summaries and the kept listings), every
table and index of it found by its pages (SQLite's dbstat). Each trial flips one byte
(XOR 0xFF) of those in use (the file's header, each page's header, cell pointers and
cells, not the free space between them): every one when FLIPS covers them, else FLIPS
of them at random, seeded. Then the commands a table reads with run
in a child process, in order, in-process (sheet, export and review of each game, games,
stats), and a write (score); the child is killed past TIME_LIMIT. Each run is one of:

- same: what the undamaged file printed;
- named: refused (a non-zero exit) or warned (a line on stderr): the damage is told;
- silent: exit 0, nothing on stderr, other output: counted, and looked at for a game
  shown as another (a sheet of game G whose players are another game's);
- traceback, raw control character (any but newline and tab, or a CSV's CR LF), hang:
  each a failure.

Then the odd files: a FIFO, a folder, a dangling link, a link to /dev/zero, an empty
file, a truncated file, text, another program's database, each as the games file.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

FLIPS = 2000
TIME_LIMIT = 20.0  # seconds for one flip's commands, all of them: a loaded machine is slow, a hang is forever
GAMES = {"fri": ("ann", "ben", "cat"), "sat": ("dee", "eve", "fay"), "sun": ("gil", "hal")}


def setup(home: Path) -> None:
    from typer.testing import CliRunner

    from qscore.cli import app, load_commands

    os.environ["QSCORE_HOME"] = str(home)
    load_commands()
    runner = CliRunner()
    steps = [
        ["new", "ann", "ben", "cat", "-g", "fri"],
        ["score", "ann", "cat", "--out", "-g", "fri"],
        ["score", "ben", "at", "--unused", "Z", "-g", "fri"],
        ["score", "cat", "ox", "--unused", "E", "-g", "fri"],
        ["challenge", "ben", "at", "--by", "cat", "-g", "fri"],
        ["score", "ann", "quiz", "--unused", "E", "-g", "fri"],
        ["new", "dee", "eve", "fay", "-g", "sat"],
        ["score", "dee", "ox", "--unused", "E", "-g", "sat"],
        ["rename", "eve", "eva", "-g", "sat"],
        ["score", "eva", "at", "--unused", "Z", "-g", "sat"],
        ["undo", "-g", "sat"],
        ["new", "gil", "hal", "--bonus", "most", "-g", "sun"],
        ["games"],
        ["stats"],
    ]
    for step in steps:
        r = runner.invoke(app, step)
        assert r.exit_code == 0, (step, r.output)


COMMANDS = [
    *(c for g in GAMES for c in (["sheet", "--json", "-g", g], ["export", "-g", g], ["review", "--json", "-g", g])),
    ["games", "--json"],
    ["stats", "--json"],
    ["score", "hal", "at", "--unused", "E", "-g", "sun"],
]


def run_commands(home: Path) -> list[dict[str, object]]:
    """Each command's exit status, output and error, in-process, in order."""
    from typer.testing import CliRunner

    from qscore.cli import app, load_commands

    os.environ["QSCORE_HOME"] = str(home)
    load_commands()
    runner = CliRunner()
    out = []
    for command in COMMANDS:
        r = runner.invoke(app, command)
        crash = r.exception is not None and not isinstance(r.exception, SystemExit)
        out.append(
            {"status": r.exit_code, "stdout": r.stdout, "stderr": r.stderr, "crash": repr(r.exception) if crash else ""}
        )
    return out


def in_child(home: Path) -> list[dict[str, object]] | None:
    """run_commands in a forked child, killed past TIME_LIMIT: None if it was."""
    answer = home.parent / "answer.json"
    answer.unlink(missing_ok=True)
    pid = os.fork()
    if pid == 0:
        try:
            data = run_commands(home)
        except BaseException as exc:
            data = [{"status": -1, "stdout": "", "stderr": "", "crash": repr(exc)}]
        answer.write_text(json.dumps(data))
        os._exit(0)
    deadline = time.monotonic() + TIME_LIMIT
    while os.waitpid(pid, os.WNOHANG) == (0, 0):
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return None
        time.sleep(0.005)
    return json.loads(answer.read_text()) if answer.exists() else None


def raw_control(text: str) -> bool:
    text = text.replace("\r\n", "\n")
    return any((ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0 for c in text)


def shown_as_another(command: list[str], result: dict[str, object]) -> bool:
    """A sheet or export of game G, answered, that shows another game's players."""
    if result["status"] != 0 or command[0] not in ("sheet", "export", "review"):
        return False
    game = command[-1]
    text = str(result["stdout"])
    others = {p for g, players in GAMES.items() if g != game for p in players}
    if command[0] == "sheet":
        try:
            players = set(json.loads(text)["players"])
        except (ValueError, KeyError, TypeError):
            return False
        return bool(players & others)
    words = set(text.replace(",", " ").replace("|", " ").split())
    return bool(words & others) and not (words & set(GAMES[game]))


def pages(path: Path) -> list[str]:
    """What each page of the file holds: a table's or an index's name, or freelist/other."""
    with sqlite3.connect(path) as conn:
        count = conn.execute("PRAGMA page_count").fetchone()[0]
        owner = ["(free or header)"] * (count + 1)
        for name, page in conn.execute("SELECT name, pageno FROM dbstat"):
            owner[page] = name
    return owner[1:]


def in_use(data: bytes, page_size: int) -> list[int]:
    """The offsets of the bytes a page uses: the file's header, each b-tree page's header,
    cell pointers and cells; not the free space between them (a flip there changes nothing)."""
    used: list[int] = list(range(100))
    for start in range(0, len(data), page_size):
        header = start + (100 if start == 0 else 0)
        kind = data[header]
        if kind not in (2, 5, 10, 13):  # not a b-tree page (an overflow or free page): all of it
            used += range(header, start + page_size)
            continue
        size = 8 if kind in (10, 13) else 12
        cells = int.from_bytes(data[header + 3 : header + 5], "big")
        content = int.from_bytes(data[header + 5 : header + 7], "big") or 65536
        used += range(header, header + size + 2 * cells)
        used += range(start + min(content, page_size), start + page_size)
    return used


def odd_files(home: Path, db: Path, original: bytes) -> Counter[str]:
    """The games file as a FIFO, a folder, a dangling link... each with every command."""
    found: Counter[str] = Counter()
    cases = {
        "fifo": lambda: os.mkfifo(db),
        "folder": lambda: db.mkdir(),
        "dangling link": lambda: db.symlink_to(home / "nowhere"),
        "link to /dev/zero": lambda: db.symlink_to("/dev/zero"),
        "empty file": lambda: db.write_bytes(b""),
        "truncated": lambda: db.write_bytes(original[: len(original) // 3]),
        "text": lambda: db.write_bytes(b"ann ben cat\n" * 100),
        "another program's database": lambda: sqlite3.connect(db).execute("CREATE TABLE t (x)").connection.commit(),
    }
    for label, make in cases.items():
        clear(db)
        make()
        results = in_child(home)
        kind = "hang" if results is None else outcome_of(results, None)
        found[f"{label}: {kind}"] += 1
    clear(db)
    db.write_bytes(original)
    return found


def clear(db: Path) -> None:
    for p in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        if p.is_symlink() or p.is_file() or p.is_fifo():
            p.unlink()
        elif p.is_dir():
            p.rmdir()


def outcome_of(results: list[dict[str, object]], expected: list[dict[str, object]] | None) -> str:
    """The worst of a flip's runs: traceback, raw control, another game, hang..., or same."""
    kinds = []
    for i, r in enumerate(results):
        command = COMMANDS[i] if i < len(COMMANDS) else ["?"]
        if r["crash"]:
            kinds.append("traceback")
        elif raw_control(str(r["stdout"])) or raw_control(str(r["stderr"])):
            kinds.append("raw control character")
        elif shown_as_another(command, r):
            kinds.append("a game shown as another")
        elif expected is not None and r == expected[i]:
            kinds.append("same")
        elif r["status"] != 0 or r["stderr"]:
            kinds.append("named")
        else:
            kinds.append("silent")
    order = ["traceback", "raw control character", "a game shown as another", "silent", "named", "same"]
    return min(kinds, key=order.index)


@dataclass
class Trial:
    size: int
    page_size: int
    in_use: int
    offsets: list[int]
    by_kind: Counter[str]
    by_owner: Counter[tuple[str, str]]
    failures: list[tuple[int, str, str, str]]  # offset, its table or index, kind, detail
    odd: Counter[str]

    @property
    def failed(self) -> bool:
        return bool(self.failures) or any(k.endswith(("traceback", "hang", "raw control character")) for k in self.odd)


def trial(wanted: int, seed: int, progress: bool = False, only: set[str] | None = None) -> Trial:
    """Flip ``wanted`` bytes in use of a small games file (every one, if that many; of the
    pages of the tables and indexes ``only`` names, if given), one at a time, then try the
    odd files."""
    from qscore.store.storage import DB_NAME

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder) / "home"
        home.mkdir()
        setup(home)
        db = home / DB_NAME
        with sqlite3.connect(db) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        original = db.read_bytes()
        owner = pages(db)
        expected = in_child(home)
        assert expected is not None and db.read_bytes() == original, "the undamaged file changed when read"
        used = [o for o in in_use(original, page_size) if only is None or owner[o // page_size] in only]
        offsets = used if wanted >= len(used) else sorted(rng.sample(used, wanted))
        found = Trial(len(original), page_size, len(used), offsets, Counter(), Counter(), [], Counter())
        start = time.monotonic()
        for n, offset in enumerate(offsets, 1):
            damaged = bytearray(original)
            damaged[offset] ^= 0xFF
            clear(db)
            db.write_bytes(bytes(damaged))
            results = in_child(home)
            kind = "hang" if results is None else outcome_of(results, expected)
            where = owner[offset // page_size]
            found.by_kind[kind] += 1
            found.by_owner[(where, kind)] += 1
            if kind in ("traceback", "raw control character", "a game shown as another", "hang"):
                detail = "" if results is None else next((str(r["crash"]) for r in results if r["crash"]), "")
                found.failures.append((offset, where, kind, detail[:200]))
            if progress and n % 100 == 0:
                print(
                    f"{n} of {len(offsets)} flips, {time.monotonic() - start:.0f} s: {dict(found.by_kind)}", flush=True
                )
        clear(db)
        db.write_bytes(original)
        found.odd = odd_files(home, db, original)
    return found


def main() -> int:
    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else FLIPS
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 27
    only = set(sys.argv[3].split(",")) if len(sys.argv) > 3 else None
    found = trial(wanted, seed, progress=True, only=only)
    print(f"\nfile: {found.size:,} bytes, {found.size // found.page_size} pages of {found.page_size}")
    where = f" of {', '.join(sorted(only))}" if only else ""
    print(f"flips tried: {len(found.offsets):,} of the {found.in_use:,} bytes in use{where} (seed {seed})")
    for kind, n in found.by_kind.most_common():
        print(f"  {kind}: {n:,}")
    print("by table or index (flips: outcomes):")
    for name in sorted({o for o, _ in found.by_owner}):
        kinds = {k: n for (o, k), n in found.by_owner.items() if o == name}
        print(f"  {name}: {sum(kinds.values()):,}: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    print("odd files:")
    for label in sorted(found.odd):
        print(f"  {label}")
    for offset, where, kind, detail in found.failures[:40]:
        print(f"FAILED at byte {offset} ({where}): {kind} {detail}")
    return 1 if found.failed else 0


if __name__ == "__main__":
    sys.exit(main())
