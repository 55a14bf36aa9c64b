"""qscore serve's sheet against the games file, under load: no sheet served is behind the
file for more than a second. Loopback only; it stops by itself.

    ./dev python benchmarks/serve_fresh.py [LAYDOWNS] [--cpu N] [--rounds N] [--code DIR]
                                           [--max-seconds S] [--raw FILE]

(default: 1,000 laydowns through the page, 2 busy processes, games of 100 rounds, this
checkout's qscore, 1,800 s at most). ``--code DIR`` runs the qscore of another checkout (its
serve and its terminal commands), to hold an earlier one to the same count; ``--raw FILE``
keeps every time seen and saved, as JSON.

In a temporary QSCORE_HOME, a game of eight players (N rounds of three cards; another game
when one is full) is served by `qscore serve --host 127.0.0.1 --port 0`. Round
by round, seven players lay down through the page's form, one after another (the page
loaded as the player's, its token and round sent, the redirect followed), while at the same
time the eighth is laid by a terminal, `qscore score`, in a process of its own; then
QUIET seconds with no write, in which a sheet left behind would show. All the while:

- a reader asks api/sheet every READ_EVERY seconds, noting when it asked and the laydowns
  the sheet holds;
- a phone holds the page's live stream (serve_load.Phone), noting when each sheet came;
- a monitor reads the games file itself (sqlite3, read-only) every MONITOR_EVERY seconds:
  when each laydown could first be read (or, sooner, when its writer had its answer);
- CPU load (N busy processes) and disk load (a process writing a file and syncing it,
  beside the games file) started here, each ending by itself at the run's bound.

It reports:
- laydowns confirmed (page, terminal) against those saved: none lost, none doubled;
- api/sheet: sheets behind the file for more than 1 s (a sheet asked for at T that lacks
  a laydown readable in the file at T - 1 s), and behind at all; the most behind;
- the live stream: laydowns it showed more than 1 s after they could be read, or never;
  how soon it showed each (median, 95th percentile, max): the page's update latency;
- the page after its own laydown (the redirect's page): sheets without that laydown;
- the load average through the run.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from process import qscore_command
from serve_load import LAID, Phone, page_token, percentile, phone_address

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["ann", "ben", "cat", "dee", "eve", "fay", "gus", "hal"]
FROM_THE_PAGE = PLAYERS[:7]  # hal is laid from a terminal
# three cards each, every round, all eight from one standard deck
WORDS = {"ann": "cat", "ben": "dog", "cat": "pen", "dee": "sum", "eve": "fix", "fay": "hot", "gus": "bay", "hal": "jaw"}
ROUNDS = 100  # a game's most
QUIET = 1.5  # seconds with no write after each round: a sheet left behind shows in them
READ_EVERY = 0.1  # api/sheet, as often as the page polls
MONITOR_EVERY = 0.005
BEHIND = 1.0  # seconds: a sheet further behind the file than this is counted

BUSY = "import sys, time\nend = time.monotonic() + float(sys.argv[1])\nwhile time.monotonic() < end:\n    pass\n"
# 4 MiB written and synced at a time, over a file of 64 MiB, until the bound
DISK = (
    "import os, sys, time\n"
    "end = time.monotonic() + float(sys.argv[1])\n"
    "chunk = os.urandom(4 << 20)\n"
    "fd = os.open(sys.argv[2], os.O_WRONLY | os.O_CREAT, 0o600)\n"
    "at = 0\n"
    "while time.monotonic() < end:\n"
    "    os.pwrite(fd, chunk, at)\n"
    "    os.fsync(fd)\n"
    "    at = (at + len(chunk)) % (64 << 20)\n"
)


@dataclass
class Segment:
    """One game served: what was written to it and what was seen of it."""

    game: str
    answered: dict[tuple[int, str], float] = field(default_factory=dict)  # (round, player): writer's answer
    readable: list[float] = field(default_factory=list)  # readable[k-1]: when k laydowns could first be read
    api: list[tuple[float, int]] = field(default_factory=list)  # (asked, laydowns in the sheet)
    api_errors: list[str] = field(default_factory=list)
    stream: list[tuple[float, int]] = field(default_factory=list)  # (came, laydowns in the sheet)
    stream_error: str | None = None
    own_unseen: list[str] = field(default_factory=list)  # the page after its laydown, without it
    refused: list[str] = field(default_factory=list)
    saved: list[tuple[int, str]] = field(default_factory=list)  # (round, player) of each laydown, in order
    page_laid: int = 0
    terminal_laid: int = 0


def laydowns_of(db: Path, game: str) -> list[tuple[int, str]]:
    """(round, player) of each laydown of the game in the saved log, in order, read as another program would."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        rows = conn.execute(
            "SELECT e.data FROM entries e JOIN games g ON g.id = e.game_id "
            "WHERE g.name = ? AND e.kind = 'laydown' ORDER BY e.seq",
            (game,),
        ).fetchall()
    conn.close()
    return [(json.loads(d)["round"], json.loads(d)["player"]) for (d,) in rows]


def monitor(db: Path, game: str, seg: Segment, stop: threading.Event) -> None:
    """When each laydown could first be read from the file."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, isolation_level=None)
    try:
        while not stop.is_set():
            (count,) = conn.execute(
                "SELECT count(*) FROM entries e JOIN games g ON g.id = e.game_id "
                "WHERE g.name = ? AND e.kind = 'laydown'",
                (game,),
            ).fetchone()
            now = time.monotonic()
            while len(seg.readable) < count:
                seg.readable.append(now)
            time.sleep(MONITOR_EVERY)
    finally:
        conn.close()


def laydowns_in(sheet: dict) -> int:
    return sum(1 for r in sheet["rounds"] for p in r["players"].values() if p is not None)


def read_api(address: str, seg: Segment, stop: threading.Event) -> None:
    while not stop.is_set():
        asked = time.monotonic()
        try:
            with urllib.request.urlopen(address + "api/sheet", timeout=30) as r:
                seg.api.append((asked, laydowns_in(json.loads(r.read()))))
        except (OSError, ValueError) as exc:
            seg.api_errors.append(str(exc))
        time.sleep(max(0.0, READ_EVERY - (time.monotonic() - asked)))


def lay_from_the_page(address: str, host: str, port: int, player: str, round_no: int) -> tuple[bool, str, float]:
    """A laydown as the page's form sends it, the redirect followed: (saved, the page then, when answered)."""
    token = page_token(address, player)
    fields = {"player": player, "round": str(round_no), "words": WORDS[player], "unused": "", "token": token}
    request = urllib.request.Request(
        address + "laydown",
        data=urllib.parse.urlencode(fields).encode(),
        headers={"Origin": f"http://{host}:{port}", "Cookie": f"qscore-player={player}"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status == 200, r.read().decode(), time.monotonic()
    except urllib.error.HTTPError as exc:
        return False, exc.read().decode(errors="replace"), time.monotonic()
    except OSError as exc:
        return False, str(exc), time.monotonic()


def serve_one(
    env: dict[str, str], db: Path, game: str, rounds: int, laydowns: int, deadline: float, averages: list
) -> Segment:
    """A game served while ``laydowns`` are laid through its page over ``rounds`` rounds
    (the load average noted every ten rounds onto ``averages``)."""
    seg = Segment(game)
    server = subprocess.Popen(
        qscore_command("serve", "-g", game, "--host", "127.0.0.1", "--port", "0"),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        address = next(line for line in server.stdout if line.startswith("http://")).strip()
        url = urllib.parse.urlsplit(address)
        host, port, path = url.hostname or "127.0.0.1", url.port or 80, url.path
        stop = threading.Event()
        phone = Phone(host, port, path, phone_address(0))
        threads = [
            threading.Thread(target=monitor, args=(db, game, seg, stop), daemon=True),
            threading.Thread(target=read_api, args=(address, seg, stop), daemon=True),
        ]
        phone.start()
        for t in threads:
            t.start()
        time.sleep(1)
        for round_no in range(1, rounds + 1):
            if time.monotonic() > deadline:
                break
            terminal = subprocess.Popen(
                qscore_command("score", "hal", WORDS["hal"], "-g", game),
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            for player in FROM_THE_PAGE:
                if seg.page_laid >= laydowns:
                    break
                before = len(seg.readable)
                saved, shown, answered = lay_from_the_page(address, host, port, player, round_no)
                if not saved:
                    seg.refused.append(f"{player} in round {round_no}: {shown.strip()[:300]}")
                    continue
                seg.page_laid += 1
                seg.answered[(round_no, player)] = answered
                # the page the laydown was answered with shows it: at least what was readable before, and it
                if len(LAID.findall(shown)) < before + 1:
                    seg.own_unseen.append(f"{player} in round {round_no}")
            _, said = terminal.communicate(timeout=120)
            if terminal.returncode == 0:
                seg.terminal_laid += 1
                seg.answered[(round_no, "hal")] = time.monotonic()
            else:
                seg.refused.append(f"hal in round {round_no} (terminal): {said.strip()[:300]}")
            time.sleep(QUIET)
            if round_no % 10 == 0 or round_no == rounds:
                averages.append(os.getloadavg())
            if seg.page_laid >= laydowns:
                break
        time.sleep(1)
        stop.set()
        phone.stop.set()
        for t in threads:
            t.join(timeout=30)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    seg.stream = list(phone.seen)
    seg.stream_error = phone.error
    seg.saved = laydowns_of(db, game)
    return seg


def saved_at(seg: Segment) -> list[float]:
    """When each laydown of the log could first be read: the monitor's sight of it, or
    its writer's answer if that came first (the entry was committed by then)."""
    times = []
    for k, key in enumerate(seg.saved):
        seen = seg.readable[k] if k < len(seg.readable) else float("inf")
        times.append(min(seen, seg.answered.get(key, float("inf"))))
    return times


def behind(saved: list[float], asked: float, shown: int) -> float:
    """How long the file had held a laydown the sheet lacks when it was asked for (0: none)."""
    if shown < len(saved) and saved[shown] < asked:
        return asked - saved[shown]
    return 0.0


def report(segs: list[Segment], wall: float, loads: list[tuple[float, float, float]], code: Path, cpu: int) -> None:
    page = sum(s.page_laid for s in segs)
    terminal = sum(s.terminal_laid for s in segs)
    saved = sum(len(s.saved) for s in segs)
    doubled = sum(len(s.saved) - len(set(s.saved)) for s in segs)
    refused = [r for s in segs for r in s.refused]
    print(f"qscore of {code}; {len(segs)} games served; {wall:.0f} s; {cpu} busy processes and one syncing a file")
    print(
        f"laydowns: {page} through the page and {terminal} from a terminal confirmed, {saved} saved, "
        f"{page + terminal - saved} lost, {doubled} doubled, {len(refused)} refused"
    )
    for reason in refused[:5]:
        print(f"  refused: {reason}")
    api_behind, api_late, api_most, api_count = 0, 0, 0.0, 0
    lags: list[float] = []
    stream_late = never = stream_sheets = 0
    for s in segs:
        at = saved_at(s)
        for asked, shown in s.api:
            b = behind(at, asked, shown)
            api_count += 1
            api_behind += b > 0
            api_late += b > BEHIND
            api_most = max(api_most, b)
        stream_sheets += len(s.stream)
        for k, when in enumerate(at, start=1):
            shown_at = next((came for came, count in s.stream if count >= k), None)
            if shown_at is None:
                never += 1
                continue
            lag = max(0.0, shown_at - when)
            lags.append(lag)
            stream_late += lag > BEHIND
    errors = [e for s in segs for e in s.api_errors]
    print(
        f"api/sheet: {api_count} sheets, {api_late} behind the file for more than {BEHIND:.0f} s, "
        f"{api_behind} behind at all, the most {api_most * 1000:.0f} ms; {len(errors)} failed"
        + (f" ({errors[0]})" if errors else "")
    )
    lost = [s.stream_error for s in segs if s.stream_error]
    print(
        f"live stream: {stream_sheets} sheets; of {len(lags) + never} laydowns, {stream_late} shown more than "
        f"{BEHIND:.0f} s after they could be read, {never} never shown" + (f"; stream lost: {lost[0]}" if lost else "")
    )
    if lags:
        print(
            f"  update latency (laydown readable in the file -> the stream's sheet shows it): median "
            f"{statistics.median(lags) * 1000:.0f} ms, 95th percentile {percentile(lags, 95) * 1000:.0f} ms, "
            f"max {max(lags) * 1000:.0f} ms"
        )
    unseen = [u for s in segs for u in s.own_unseen]
    print(f"the page after its own laydown: {len(unseen)} of {page} without it" + (f" ({unseen[0]})" if unseen else ""))
    last = [s.stream[-1][1] if s.stream else 0 for s in segs]
    if last != [len(s.saved) for s in segs]:
        print(f"  (the stream's last sheets show {last} laydowns, the log {[len(s.saved) for s in segs]})")
    print("load average (1 min) through the run: " + ", ".join(f"{one:.1f}" for one, _, _ in loads))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("laydowns", nargs="?", type=int, default=1000)
    parser.add_argument("--cpu", type=int, default=2, help="busy processes (default 2)")
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose qscore runs (default: this one)")
    parser.add_argument("--max-seconds", type=float, default=1800.0)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"rounds a game (default {ROUNDS})")
    parser.add_argument("--raw", type=Path, help="write what was seen and saved to this file, as JSON")
    args = parser.parse_args()
    start = time.monotonic()
    deadline = start + args.max_seconds
    with tempfile.TemporaryDirectory() as temp:
        home = Path(temp) / "home"
        home.mkdir()
        env = os.environ | {"QSCORE_HOME": str(home), "PYTHONPATH": str(args.code.resolve())}
        db = home / "games.sqlite3"
        bound = str(args.max_seconds + 60)
        loads = [subprocess.Popen([sys.executable, "-c", BUSY, bound]) for _ in range(args.cpu)]
        loads.append(subprocess.Popen([sys.executable, "-c", DISK, bound, str(Path(temp) / "disk-load")]))
        averages = [os.getloadavg()]
        segs: list[Segment] = []
        try:
            left, n = args.laydowns, 0
            while left > 0 and time.monotonic() < deadline:
                n += 1
                game = f"fresh{n}"
                sizes = ",".join(["3"] * args.rounds)
                subprocess.run(
                    qscore_command("new", *PLAYERS, "--rounds", sizes, "-g", game),
                    env=env,
                    check=True,
                    stdout=subprocess.DEVNULL,
                )
                rounds = min(args.rounds, -(-left // len(FROM_THE_PAGE)))
                segs.append(serve_one(env, db, game, rounds, left, deadline, averages))
                left -= segs[-1].page_laid
                if segs[-1].page_laid == 0:
                    break
        finally:
            for p in loads:
                p.terminate()
            for p in loads:
                p.wait()
    if args.raw:
        kept = [
            vars(s) | {"answered": {f"{r} {p}": t for (r, p), t in s.answered.items()}, "saved_at": saved_at(s)}
            for s in segs
        ]
        args.raw.write_text(json.dumps(kept, default=str))
    report(segs, time.monotonic() - start, averages, args.code.resolve(), args.cpu)


if __name__ == "__main__":
    main()
