"""qscore serve tried as an attacker on the table's network would: half-open connections,
table codes guessed, a laydown form sent again and again. Loopback only; it stops by itself.

    ./dev python benchmarks/serve_hostile.py [HALF_OPEN] [SECONDS]    (default: 3,000 and 20 s)

In a temporary QSCORE_HOME a game of three is served by `qscore serve --host 127.0.0.1
--port 0` in its own process, held to 1,024 open files (the common limit, soft and hard, so
the server cannot raise it). Six trials, each reported with what a phone saw meanwhile:

- half-open: HALF_OPEN connections from 127.0.0.2, each sending a request's first line and
  no more, held until the trial ends; meanwhile a phone at 127.0.0.3 loads the page every
  0.2 s. Reported: connections the server kept and closed, the phone's page load times,
  the lines the server logged (and its log's size), its memory.
- streams: 512 live sheets' streams (the table's code) from 16 addresses (127.0.1.x), the
  server full, each stream opened again as soon as the server closes it, for SECONDS;
  meanwhile the phone at 127.0.0.3. Reported: the flood's streams closed and refused.
- idle: 520 connections that send nothing from 20 addresses (127.0.2.x), each opened again
  as soon as it is closed, for SECONDS; meanwhile the phone.
- bad requests: bytes that are no HTTP request sent as fast as one client can for
  SECONDS / 2, on 4 connections; the answers counted, and the log's lines about them.
- guessing: wrong codes asked as fast as one client can for SECONDS / 2, on 4 connections;
  the answers counted by status, the log's lines about them, and the phone's page meanwhile.
- duplicates: one laydown form sent 10 times at once and 10 times one after another, then
  again after an undo; a form filled before the undo sent; laydowns saved in the log.

Then SIGTERM: the server's exit status and last line.
"""

from __future__ import annotations

import os
import re
import resource
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from process import qscore_command
from serve_load import laydowns_saved, rss_kib

FILES = 1024  # the server's open files, soft and hard: the common limit


def request(source: str, port: int, text: str, timeout: float = 10.0) -> tuple[int, bytes]:
    """One request sent whole from ``source``: (status, body); status 0 if none came."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0)) as s:
            s.sendall(text.encode())
            answer = b""
            while chunk := s.recv(65536):
                answer += chunk
    except OSError:
        return 0, b""
    head, _, body = answer.partition(b"\r\n\r\n")
    found = re.match(rb"HTTP/1\.1 (\d+)", head)
    return (int(found.group(1)) if found else 0), body


def get(path: str, port: int) -> str:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"


class Phone(threading.Thread):
    """A phone at 127.0.0.3 loading the page every 0.2 s: each load's seconds, or None if it failed."""

    def __init__(self, port: int, path: str) -> None:
        super().__init__(daemon=True)
        self.port, self.path = port, path
        self.loads: list[float | None] = []
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            start = time.monotonic()
            status, _ = request("127.0.0.3", self.port, get(self.path, self.port), timeout=5)
            self.loads.append(time.monotonic() - start if status == 200 else None)
            time.sleep(0.2)

    def said(self) -> str:
        took = sorted(t for t in self.loads if t is not None)
        failed = sum(1 for t in self.loads if t is None)
        if not took:
            return f"phone: {failed} of {len(self.loads)} page loads failed"
        median = statistics.median(took) * 1000
        return (
            f"phone: {len(took)} of {len(self.loads)} page loads answered, median {median:.0f} ms, "
            f"max {took[-1] * 1000:.0f} ms, {sum(t < 1 for t in took)} within 1 s"
        )


def with_a_phone(port: int, path: str, trial) -> str:
    phone = Phone(port, path)
    phone.start()
    try:
        trial()
    finally:
        phone.stop.set()
        phone.join(10)
    return phone.said()


def half_open(port: int, count: int, seconds: float) -> str:
    held: list[socket.socket] = []
    refused = 0
    for _ in range(count):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.2", 0))
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            held.append(s)
        except OSError:
            refused += 1
    time.sleep(seconds)
    closed = 0
    for s in held:
        s.setblocking(False)
        try:
            closed += s.recv(1) == b""
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        s.close()
    return f"{len(held)} opened ({refused} not connected), {closed} closed by the server within {seconds:.0f} s"


class Flood(threading.Thread):
    """``each`` connections from each of ``sources``, each sending ``sent`` and held; one
    the server closes (or refuses) opened again at once, as a flood keeps itself up."""

    def __init__(self, port: int, sources: list[str], each: int, sent: bytes) -> None:
        super().__init__(daemon=True)
        self.port, self.sources, self.each, self.sent = port, sources, each, sent
        self.held: dict[socket.socket, str] = {}
        self.opened = self.closed = self.failed = 0
        self.stop = threading.Event()

    def open(self, source: str) -> None:
        try:
            s = socket.create_connection(("127.0.0.1", self.port), timeout=5, source_address=(source, 0))
            s.sendall(self.sent)
        except OSError:
            self.failed += 1
            return
        s.setblocking(False)
        self.held[s] = source
        self.opened += 1

    def run(self) -> None:
        for source in self.sources:
            for _ in range(self.each):
                self.open(source)
        while not self.stop.is_set():
            ready = select.select(list(self.held), [], [], 0.1)[0] if self.held else []
            again = []
            for s in ready:
                try:
                    data = s.recv(65536)
                except OSError:
                    data = b""
                if not data:
                    again.append(self.held.pop(s))
                    s.close()
                    self.closed += 1
            for source in again:
                self.open(source)
            if again:
                time.sleep(0.02)
        for s in self.held:
            s.close()

    def said(self) -> str:
        return (
            f"{len(self.sources) * self.each} from {len(self.sources)} addresses: {self.opened} opened, "
            f"{self.closed} closed or refused by the server (each opened again), {self.failed} not connected"
        )


def flood(port: int, sources: list[str], each: int, sent: bytes, seconds: float) -> str:
    flooding = Flood(port, sources, each, sent)
    flooding.start()
    time.sleep(seconds)
    flooding.stop.set()
    flooding.join(30)
    return flooding.said()


def hammered(source: str, port: int, seconds: float, sent: Callable[[int, int], str]) -> tuple[int, str]:
    """Four threads sending ``sent(thread, i)`` from ``source`` as fast as the server answers,
    for ``seconds``: how many were sent, and how they were answered."""
    answers: Counter[int] = Counter()
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def sender(n: int) -> None:
        i = 0
        while time.monotonic() < end:
            status, _ = request(source, port, sent(n, i))
            with lock:
                answers[status] += 1
            i += 1

    threads = [threading.Thread(target=sender, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(answers.values()), ", ".join(f"{n} answered {s}" for s, n in sorted(answers.items()))


def bad_requests(port: int, seconds: float) -> str:
    total, shown = hammered("127.0.0.6", port, seconds, lambda n, i: "\x16\x03\x01 no request at all\r\n\r\n")
    return f"{total} in {seconds:.0f} s ({total / seconds:.0f} a second): {shown}"


def guessing(port: int, seconds: float) -> str:
    total, shown = hammered("127.0.0.4", port, seconds, lambda n, i: get(f"/t/{n}{i:05d}/", port))
    return f"{total} wrong codes in {seconds:.0f} s ({total / seconds:.0f} a second): {shown}"


def duplicates(port: int, path: str, env: dict[str, str], db: Path) -> str:
    origin = f"http://127.0.0.1:{port}"

    def token() -> str:  # ann's phone: the page shows the laydown form to a phone that said whose it is
        page = get(path, port).replace("Connection: close\r\n", "Connection: close\r\nCookie: qscore-player=ann\r\n")
        _, body = request("127.0.0.5", port, page)
        found = re.search(rb'name="token" value="([^"]+)"', body)
        return found.group(1).decode() if found else ""

    def send(fields: dict[str, str]) -> int:
        body = urllib.parse.urlencode(fields)
        text = (
            f"POST {path}laydown HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: {origin}\r\nConnection: close\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n{body}"
        )
        return request("127.0.0.5", port, text)[0]

    before = len(laydowns_saved(db))
    form = {"player": "ann", "words": "cat", "out": "yes", "replace": "yes", "token": token()}
    at_once = [threading.Thread(target=send, args=(form,)) for _ in range(10)]
    for t in at_once:
        t.start()
    for t in at_once:
        t.join()
    statuses = Counter(send(form) for _ in range(10))
    after_ten = len(laydowns_saved(db)) - before
    filled = {"player": "ann", "words": "at", "unused": "C", "replace": "yes", "token": token()}
    subprocess.run(qscore_command("undo"), env=env, check=True, capture_output=True)
    replayed = send(form)
    stale = send(filled)
    saved = len(laydowns_saved(db)) - before
    return (
        f"20 sends of one form (10 at once, 10 after): {after_ten} recorded, answers {dict(statuses)}; "
        f"after an undo: the same form answered {replayed}, a form filled before the undo {stale}; "
        f"{saved} laydown(s) in the log in all"
    )


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, count + 800)), hard))
    with tempfile.TemporaryDirectory() as home:
        env = os.environ | {"QSCORE_HOME": home}
        subprocess.run(
            qscore_command("new", "ann", "ben", "cat", "-g", "fri"), env=env, check=True, capture_output=True
        )
        log = Path(home) / "serve.log"
        with log.open("w") as errors:
            server = subprocess.Popen(
                qscore_command("serve", "--host", "127.0.0.1", "--port", "0"),
                env=env,
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
                preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES)),
            )
            assert server.stdout is not None
            address = next(line for line in server.stdout if line.startswith("http://")).strip()
            url = urllib.parse.urlsplit(address)
            port, path = url.port or 80, url.path
            print(f"server at {address}, {FILES} open files; memory {rss_kib(server.pid) / 1024:.1f} MiB")

            said = with_a_phone(port, path, lambda: print("half-open:", half_open(port, count, seconds)))
            print(f"  {said}; memory {rss_kib(server.pid) / 1024:.1f} MiB")
            streams = [f"127.0.1.{n}" for n in range(16)]
            events = get(path + "events", port).replace("Connection: close\r\n", "").encode()
            said = with_a_phone(port, path, lambda: print("streams:", flood(port, streams, 32, events, seconds)))
            print(f"  {said}; memory {rss_kib(server.pid) / 1024:.1f} MiB")
            idle = [f"127.0.2.{n}" for n in range(20)]
            said = with_a_phone(port, path, lambda: print("idle:", flood(port, idle, 26, b"", seconds)))
            print(f"  {said}; memory {rss_kib(server.pid) / 1024:.1f} MiB")
            said = with_a_phone(port, path, lambda: print("bad requests:", bad_requests(port, seconds / 2)))
            print(f"  {said}; memory {rss_kib(server.pid) / 1024:.1f} MiB")
            said = with_a_phone(port, path, lambda: print("guessing:", guessing(port, seconds / 2)))
            print(f"  {said}; memory {rss_kib(server.pid) / 1024:.1f} MiB")
            print("duplicates:", duplicates(port, path, env, Path(home) / "games.sqlite3"))

            server.send_signal(signal.SIGTERM)
            rest, _ = server.communicate(timeout=30)
        lines = log.read_text().splitlines()
        print(f"SIGTERM: exit status {server.returncode}, last line {rest.splitlines()[-1]!r}")
        tracebacks = sum("Traceback" in line for line in lines)
        print(f"server log: {len(lines)} lines, {log.stat().st_size} bytes, {tracebacks} tracebacks")
        for line in lines[:20]:
            print("  " + line)


if __name__ == "__main__":
    main()
