"""qscore serve under a table's load: simulated phones read the live sheet while laydowns
arrive from phones and terminals. Loopback only; it stops by itself.

    ./dev python benchmarks/serve_load.py [SECONDS] [PHONES]    (default: 300 s, 50 phones)

In a temporary QSCORE_HOME, a game of six players (up to 100 rounds of three cards) is
served by `qscore serve --host 127.0.0.1 --port 0` in its own process. PHONES threads each
hold the page's live stream (GET events, Server-Sent Events) open and note when each
version of the sheet arrives and how many laydowns it shows; each phone from its own loopback
address (the server caps connections from one address). One writer lays down every
WRITE_EVERY seconds, in turn from a phone (POST laydown, as the page's form does) and from
a terminal (`qscore score`), until the time is up or the game is over. Then a last laydown
is sent and the server is stopped with SIGINT (Ctrl-C) while it is in flight.

It reports:
- entries: laydowns the writer had confirmed against those in the saved log (read with
  sqlite3): none lost, none doubled; every phone's last sheet shows them all;
- how soon each laydown was on each phone's page, from when the writer sent it (a terminal's
  `qscore score` start-up included) and from when the writer had its answer;
- the server's resident memory (VmRSS) sampled through the run;
- the server's exit after SIGINT (status 0) and the log whole after it.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

from process import qscore_command

PLAYERS = ["ann", "ben", "cat", "dee", "eve", "fay"]
FROM_A_PHONE = {"ann", "ben", "cat"}  # the others are laid from a terminal
WRITE_EVERY = 0.5  # seconds between laydowns: a busy table lays down far less often
# three cards each, the hand size of every round, all six from one standard deck
WORDS = {"ann": "cat", "ben": "dog", "cat": "pen", "dee": "sum", "eve": "fix", "fay": "hot"}
LAID = re.compile(r"</b>: [a-z(]")  # a laydown in the sheet's words laid, round by round


class Phone(threading.Thread):
    """One phone's open page: the live stream read, each sheet's arrival noted."""

    def __init__(self, host: str, port: int, path: str, source: str) -> None:
        super().__init__(daemon=True)
        self.host, self.port, self.path = host, port, path
        self.source = source  # the phone's own address: the server caps connections from one
        self.seen: list[tuple[float, int]] = []  # (when, laydowns shown)
        self.stop = threading.Event()
        self.error: str | None = None

    def run(self) -> None:
        try:
            conn = http.client.HTTPConnection(self.host, self.port, timeout=30, source_address=(self.source, 0))
            conn.request("GET", self.path + "events", headers={"Accept": "text/event-stream"})
            response = conn.getresponse()
            data: list[str] = []
            while not self.stop.is_set():
                line = response.fp.readline()
                if not line:
                    return
                text = line.decode("utf-8").rstrip("\r\n")
                if text.startswith("data:"):
                    data.append(text[5:].removeprefix(" "))
                elif text == "" and data:
                    self.seen.append((time.monotonic(), len(LAID.findall("\n".join(data)))))
                    data = []
        except OSError as exc:
            if not self.stop.is_set():
                self.error = str(exc)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def laydowns_saved(db: Path) -> list[tuple[int, str]]:
    """(round, player) of every laydown entry in the saved log, read as another program would."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT data FROM entries WHERE kind = 'laydown' ORDER BY seq").fetchall()
    return [(json.loads(d)["round"], json.loads(d)["player"]) for (d,) in rows]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 300.0
    phones_wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    with tempfile.TemporaryDirectory() as home:
        env = os.environ | {"QSCORE_HOME": home}
        rounds = ",".join(["3"] * 100)
        subprocess.run(qscore_command("new", *PLAYERS, "--rounds", rounds, "-g", "load"), env=env, check=True)
        server = subprocess.Popen(
            qscore_command("serve", "--host", "127.0.0.1", "--port", "0"), env=env, stdout=subprocess.PIPE, text=True
        )
        assert server.stdout is not None
        address = next(line for line in server.stdout if line.startswith("http://")).strip()
        url = urllib.parse.urlsplit(address)
        host, port, path = url.hostname or "127.0.0.1", url.port or 80, url.path
        phones = [Phone(host, port, path, phone_address(n)) for n in range(phones_wanted)]
        for phone in phones:
            phone.start()
        time.sleep(2)
        memory: list[tuple[float, int]] = [(0.0, rss_kib(server.pid))]
        writes: list[tuple[float, float, str]] = []  # (sent, answered, from) of each laydown confirmed
        refused: list[str] = []
        start = time.monotonic()
        last_sample = start
        turn = 0
        while time.monotonic() - start < seconds and turn < len(PLAYERS) * 100:
            player = PLAYERS[turn % len(PLAYERS)]
            token = page_token(address, player) if player in FROM_A_PHONE else ""  # the phone's page, loaded before
            sent = time.monotonic()
            if player in FROM_A_PHONE:
                ok, said = post_laydown(address, host, port, player, token)
            else:
                done = subprocess.run(
                    qscore_command("score", player, WORDS[player]), env=env, capture_output=True, text=True
                )
                ok, said = done.returncode == 0, done.stderr
            answered = time.monotonic()
            if ok:
                writes.append((sent, answered, "phone" if player in FROM_A_PHONE else "terminal"))
            else:
                refused.append(said.strip()[:200])
            turn += 1
            if answered - last_sample >= 5:
                memory.append((answered - start, rss_kib(server.pid)))
                last_sample = answered
            time.sleep(max(0.0, WRITE_EVERY - (time.monotonic() - sent)))
        time.sleep(2)  # the last sheet reaches every phone
        elapsed = time.monotonic() - start
        memory.append((elapsed, rss_kib(server.pid)))

        # Ctrl-C with a laydown in flight: saved whole or not at all
        last = (address, host, port, PLAYERS[turn % len(PLAYERS)], page_token(address, PLAYERS[turn % len(PLAYERS)]))
        in_flight = threading.Thread(target=post_laydown, args=last)
        in_flight.start()
        time.sleep(0.01)
        server.send_signal(signal.SIGINT)
        try:
            status = server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            status = None
        in_flight.join(timeout=30)
        for phone in phones:
            phone.stop.set()
        saved = laydowns_saved(Path(home) / "games.sqlite3")
        sheet = subprocess.run(qscore_command("sheet", "--json", "-g", "load"), env=env, capture_output=True, text=True)

    report(phones, writes, refused, saved, memory, elapsed, status, sheet.returncode)


def phone_address(n: int) -> str:
    """Phone n's own loopback address (127.0.1.0/24 up; every 127.x.y.z is this machine's)."""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


def page_token(address: str, player: str) -> str:
    """The laydown form's token on the player's page as loaded, the phone having answered
    "who are you?" ("" if the page would not load)."""
    request = urllib.request.Request(address, headers={"Cookie": f"qscore-player={urllib.parse.quote(player)}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            found = re.search(r'name="token" value="([^"]+)"', r.read().decode())
    except OSError:
        return ""
    return found.group(1) if found else ""


def post_laydown(address: str, host: str, port: int, player: str, token: str) -> tuple[bool, str]:
    """A laydown as the page's form sends it, with the page's token: (saved, what the page said)."""
    fields = {"player": player, "words": WORDS[player], "unused": "", "token": token}
    body = urllib.parse.urlencode(fields).encode()
    request = urllib.request.Request(
        address + "laydown", data=body, headers={"Origin": f"http://{host}:{port}"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status == 200, ""
    except OSError as exc:
        return False, str(exc)


def report(phones, writes, refused, saved, memory, elapsed, status, sheet_status) -> None:
    confirmed = len(writes)
    doubled = len(saved) - len(set(saved))
    print(f"{len(phones)} phones, {elapsed:.0f} s, {confirmed} laydowns confirmed ({len(refused)} refused)")
    for reason in refused[:3]:
        print(f"  refused: {reason}")
    print(
        f"entries: {len(saved)} laydowns saved ({len(saved) - confirmed} more: the one sent during Ctrl-C), "
        f"{doubled} doubled"
    )
    lost = confirmed - len(set(saved[:confirmed]))
    print(f"  lost: {lost}; saved log read after the stop: qscore sheet exit {sheet_status}")
    errors = [p.error for p in phones if p.error]
    finals = [p.seen[-1][1] if p.seen else 0 for p in phones]
    print(
        f"phones: {sum(1 for f in finals if f >= confirmed)} of {len(phones)} showed every confirmed laydown; "
        f"{len(errors)} lost their stream" + (f" ({errors[0]})" if errors else "")
    )
    # how soon: a phone's laydown from when it was sent (the server's write included); a
    # terminal's from when `qscore score` exited (its start-up is the terminal's, not the page's)
    delays: dict[str, list[float]] = {"phone": [], "terminal": []}
    missed = 0
    for k, (sent, answered, source) in enumerate(writes, start=1):
        for phone in phones:
            shown = next((when for when, count in phone.seen if count >= k), None)
            if shown is None:
                missed += 1
                continue
            delays[source].append(max(0.0, shown - (sent if source == "phone" else answered)))
    every = delays["phone"] + delays["terminal"]
    for name, values in (
        ("a phone's laydown, from sent", delays["phone"]),
        ("a terminal's, from its exit", delays["terminal"]),
        ("all", every),
    ):
        if values:
            within = sum(1 for v in values if v <= 1.0) / len(values) * 100
            print(
                f"updates, {name}: median {statistics.median(values) * 1000:.0f} ms, "
                f"95th percentile {percentile(values, 95) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms, "
                f"{within:.1f}% within 1 s ({len(values)} page updates)"
            )
    print(f"updates never shown: {missed}")
    rss = [kib / 1024 for _, kib in memory]
    tenth, half = rss[len(rss) // 10], rss[len(rss) // 2]
    print(
        f"server memory (VmRSS, MiB): {rss[0]:.1f} before the first laydown, {tenth:.1f} at a tenth of the run, "
        f"{half:.1f} at half, {rss[-1]:.1f} at the end, {max(rss):.1f} at most ({len(rss)} samples)"
    )
    print(f"Ctrl-C: exit status {status}")


if __name__ == "__main__":
    main()
