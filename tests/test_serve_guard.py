"""qscore serve on a hostile network (qscore/web/guard.py): bounded connections, the table
code not guessable, each laydown form recorded at most once, nothing raw or local in an
answer, one 404 for what does not exist, and SIGTERM a clean stop. Loopback only: a real
server in a thread where connections matter, starlette's test client elsewhere."""

from __future__ import annotations

import contextlib
import html
import json
import logging
import os
import re
import select
import socket
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from starlette.responses import PlainTextResponse

from qscore.web import guard
from qscore.web.pages import make_app
from tests.conftest import ok, run
from tests.test_serve import BASE, CODE, ORIGIN, as_player, game, lay, outcome, page, token

__all__ = ["game", "page"]  # test_serve's fixtures: a game of three, its page in-process

RAW = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u202a-\u202e\u2066-\u2069]")


def laydowns(home: Path) -> int:
    """Laydown entries in the saved log, read as another program would."""
    with sqlite3.connect(f"file:{home / 'games.sqlite3'}?mode=ro", uri=True) as conn:
        return int(conn.execute("SELECT count(*) FROM entries WHERE kind = 'laydown'").fetchone()[0])


class Said(logging.Handler):
    """The server's log lines, kept."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage() + ("\n" + str(record.exc_info) if record.exc_info else ""))


@pytest.fixture
def said() -> Iterator[Said]:
    handler = Said()
    logger = logging.getLogger("uvicorn.error")
    logger.addHandler(handler)
    yield handler
    logger.removeHandler(handler)


@pytest.fixture
def served(game: str) -> Iterator[tuple[int, str]]:
    """The table's server on 127.0.0.1 in a thread: (port, the page's path)."""
    from qscore.web.server import TableServer, listen

    sock = listen("127.0.0.1", 0)
    server = TableServer(make_app(game, CODE))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    port = sock.getsockname()[1]
    try:
        assert get("127.0.0.1", port, BASE).startswith(b"HTTP/1.1 200")  # started
        yield port, BASE
    finally:
        server.app.state.watch.stopping = True
        server.should_exit = True
        thread.join(20)
        sock.close()
        assert not thread.is_alive()


def get(source: str, port: int, path: str) -> bytes:
    """A whole GET from the source address given; the answer's bytes."""
    with socket.create_connection(("127.0.0.1", port), timeout=20, source_address=(source, 0)) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
        return answer


def half_open(source: str, port: int, sent: bytes = b"GET / HTTP/1.1\r\nHost: x\r\n") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=20, source_address=(source, 0))
    s.sendall(sent)
    return s


def ended(s: socket.socket) -> bool:
    """Whether the server has closed the connection (read at once, without waiting)."""
    if not select.select([s], [], [], 0)[0]:
        return False
    try:
        return s.recv(1) == b""
    except ConnectionResetError:
        return True


# 1. half-open connections: bounded in number and in time


@pytest.mark.slow
def test_connections_past_the_cap_from_one_address_are_closed_and_another_is_served(served, said):
    port, path = served
    held = [half_open("127.0.0.2", port) for _ in range(guard.MAX_PER_CLIENT + 8)]
    try:
        assert get("127.0.0.3", port, path).startswith(b"HTTP/1.1 200")  # a phone elsewhere loads the page
        assert sum(ended(s) for s in held) == 8  # past the cap: closed as accepted
        refused = [line for line in said.lines if "past the cap" in line]
        assert len(refused) == 1 and "127.0.0.2" in refused[0] and "Traceback" not in "".join(said.lines)
    finally:
        for s in held:
            s.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    "sent",
    [
        b"",  # nothing at all
        b"GET / HTTP/1.1\r\nHost: x\r\n",  # headers never finished
        (  # a body never finished
            b"POST /t/K7Q3M9/laydown HTTP/1.1\r\nHost: x\r\nOrigin: http://x\r\nContent-Length: 100\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n\r\nplayer=a"
        ),
    ],
)
def test_a_request_not_whole_within_its_deadline_is_closed(served, monkeypatch, said, sent):
    monkeypatch.setattr(guard, "REQUEST_SECONDS", 0.3)
    port, path = served
    with half_open("127.0.0.2", port, sent) as s:
        s.settimeout(20)  # the deadline closes it long before; today's server never did
        assert s.recv(1024) == b""
    assert get("127.0.0.2", port, path).startswith(b"HTTP/1.1 200")
    assert len(said.lines) == (1 if sent else 0) and "exc_info" not in repr(said.lines), said.lines


def test_a_tally_says_the_first_at_once_then_a_count_a_minute(said):
    now = [0.0]
    tally = guard.Tally("things refused", lambda: now[0])
    for t in range(1000):
        now[0] = t * 0.1  # 100 s of refusals, ten a second
        tally.add("10.0.0.9")
    assert said.lines == [
        "1 things refused, from 1 address(es), most from 10.0.0.9",
        "600 things refused since the last count, from 1 address(es), most from 10.0.0.9",
    ]


def test_failed_accepts_are_counted_not_a_traceback_each(said):
    import asyncio

    loop = asyncio.new_event_loop()
    try:
        guard.quiet_accept_errors(loop)
        for _ in range(1000):  # out of open files: asyncio reports each accept() that failed
            error = OSError(24, "Too many open files")
            loop.call_exception_handler({"message": "socket.accept() out of system resource", "exception": error})
    finally:
        loop.close()
    assert said.lines == [
        "1 connections not accepted (out of system resources), from 1 address(es), most from "
        "[Errno 24] Too many open files"
    ]
    guard.say_counts()  # the server stops: the rest of the count is said
    assert any(line.startswith("999 connections not accepted (out of system resources) since") for line in said.lines)


# 2. the table code: guessing made hopeless


def test_wrong_codes_past_a_few_are_refused_and_the_right_one_answers(page, said):
    answers = [page.get(f"/t/{n:06d}/").status_code for n in range(guard.GUESS_BURST + 40)]
    assert answers == [404] * guard.GUESS_BURST + [429] * 40
    assert page.get(BASE).status_code == 200  # the table's own code answers at once
    assert len([line for line in said.lines if "wrong table codes" in line]) == 2  # answered, refused: once each


def test_the_guessing_limit_is_one_chance_in_a_million_for_an_evening():
    now = [0.0]
    guesses = guard.Guesses(lambda: now[0])
    allowed = 0
    for second in range(0, 12 * 3600, 10):  # a guess every 10 s, all evening: far above the limit
        now[0] = second
        allowed += guesses.allow("10.0.0.9")
    codes = 25**6
    assert allowed / codes < 1e-6


# 3. a laydown recorded at most once


def test_the_same_form_sent_ten_times_is_recorded_once_and_answered_as_taken(page, isolated_home):
    """A form sent again was answered as if saved again on the same server, and "This form
    was taken already" after a restart: the log answers both alike."""
    lay(page, player="ann", words="cat", out="yes")
    sent = token(as_player(page, "ann"))
    first, *again = [lay(page, player="ann", words="at", unused="C", replace="yes", token=sent) for _ in range(10)]
    assert laydowns(isolated_home) == 2
    assert "Recorded ann's laydown in round 1: at (unused C), replacing cat" in outcome(first.text)
    taken = "This form was taken already: ann's laydown in round 1: at (unused C). Nothing more was saved."
    assert {(r.status_code, outcome(r.text)) for r in again} == {(200, outcome(again[0].text))}
    assert taken in " ".join(outcome(again[0].text).split())
    ok("undo")  # the replacement taken back: the form sent again is not recorded again
    after = lay(page, player="ann", words="at", unused="C", replace="yes", token=sent)
    assert laydowns(isolated_home) == 2 and after.status_code == 422
    assert taken.replace("C).", "C), taken back since.") in " ".join(outcome(after.text).split())


def test_a_form_filled_before_an_undo_is_refused_with_what_changed(page, isolated_home):
    lay(page, player="ann", words="cat", out="yes")
    filled = token(as_player(page, "ann"))
    ok("undo")
    r = lay(page, player="ann", words="at", unused="C", replace="yes", token=filled)
    assert r.status_code == 422
    assert "the scorekeeper took back ann's laydown in round 1" in outcome(r.text)
    assert laydowns(isolated_home) == 1


def test_a_form_without_a_token_of_this_server_saves_nothing(page, isolated_home):
    for sent in ("", "3.abc.0123456789abcdef01234567"):
        r = page.post(
            BASE + "laydown", data={"player": "ann", "words": "cat", "out": "yes", "token": sent}, headers=ORIGIN
        )
        assert r.status_code == 409 and "Reload it" in outcome(r.text)
    assert laydowns(isolated_home) == 0


def test_the_same_form_sent_five_times_at_once_is_answered_one_sending_at_a_time():
    """Each sending is answered after the one before it ended (the log, read inside the
    write, says the second and later were taken), never two at once."""
    forms = guard.Forms()
    sending: list[str] = []

    async def answer() -> PlainTextResponse:
        sending.append("start")
        await anyio.sleep(0.01)
        sending.append("end")
        return PlainTextResponse(f"answer {len(sending) // 2}")

    async def main() -> list[bytes]:
        got: list[bytes] = []

        async def send() -> None:
            got.append(bytes((await forms.send("t", answer)).body))

        async with anyio.create_task_group() as tasks:
            for _ in range(5):
                tasks.start_soon(send)
        return got

    assert sorted(anyio.run(main)) == [f"answer {n}".encode() for n in range(1, 6)]
    assert sending == ["start", "end"] * 5
    assert bytes(forms.answered("t").body) == b"answer 5"  # the page after the redirect shows the last


# 4. SIGTERM and SIGINT stop cleanly


@contextlib.contextmanager
def serve_process(home: Path) -> Iterator[tuple[subprocess.Popen[str], str, int, str]]:
    """`qscore serve` in a process of its own on loopback, on a port of its choosing: the
    process, and the host, port and path of the table's address it printed; killed at the end."""
    env = os.environ | {"QSCORE_HOME": str(home)}
    server = subprocess.Popen(
        [sys.executable, "-m", "qscore", "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        address = next(line for line in server.stdout if line.startswith("http://")).strip()
        host, port, path = re.fullmatch(r"http://([\d.]+):(\d+)(/.*)", address).groups()  # type: ignore[union-attr]
        yield server, host, int(port), path
    finally:
        server.kill()


@pytest.mark.slow
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT"])
def test_a_signal_with_a_stream_open_stops_serve_cleanly(game, isolated_home, signame):
    import signal

    with (
        serve_process(isolated_home) as (server, host, port, path),
        socket.create_connection((host, port), timeout=20) as stream,
    ):
        stream.sendall(f"GET {path}events HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        assert stream.recv(100).startswith(b"HTTP/1.1 200")
        server.send_signal(getattr(signal, signame))
        rest, errors = server.communicate(timeout=20)
        while stream.recv(65536):  # the stream ended by the server, whole
            pass
    assert server.returncode == 0
    assert rest.splitlines()[-1] == "Stopped: every laydown sent was saved whole, or not at all."
    assert errors == ""


# 6. nothing raw, nothing local


@pytest.mark.parametrize("word", ["\x00", "a\x1b[2Jb\x07", "Zo\u202eë", "ca\rt"])
def test_a_control_character_in_the_address_is_refused_and_not_echoed(page, word):
    r = page.get(BASE + "word", params={"word": word})
    assert r.status_code == 400 and not RAW.search(r.text) and "control character" in r.text


@pytest.mark.parametrize(
    "fields",
    [{"player": "Zo\x00ë"}, {"player": "ann\x1b[2J"}, {"words": "cat\x07"}, {"unused": "Q\r"}, {"player": "Zo\u202eë"}],
)
def test_a_control_character_in_a_laydown_is_refused_and_shown_escaped(page, isolated_home, fields):
    r = lay(page, **({"player": "ann", "words": "cat", "out": "yes"} | fields))
    assert r.status_code == 422 and "holds a control character" in outcome(r.text)
    assert not RAW.search(r.text)
    assert laydowns(isolated_home) == 0


def test_a_laydown_not_sent_as_a_form_is_refused(page, isolated_home):
    body = f"player=ann&words=cat&out=yes&token={token(as_player(page, 'ann'))}"
    r = page.post(BASE + "laydown", content=body, headers=ORIGIN | {"Content-Type": "text/plain"})
    assert r.status_code == 415 and laydowns(isolated_home) == 0


def test_no_path_of_the_machine_in_a_message():
    games = Path("/home/ann/.local/share/qscore/games.sqlite3")
    assert (
        guard.unpathed(f"cannot save to {games}: the file is read-only; see /usr/share/hunspell/en_US.dic", games)
        == "cannot save to the games file: the file is read-only; see en_US.dic"
    )


# 7. one answer for what does not exist


@pytest.mark.parametrize("path", [f"/t/{CODE}", f"/t/{CODE}/api/sheet/", f"/t/{CODE}/laydown/", "/t/", "/"])
def test_a_path_that_is_not_the_tables_is_404_without_a_redirect(page, path):
    r = page.get(path, headers={"Host": "evil.example"}, follow_redirects=False)
    assert r.status_code == 404 and "location" not in r.headers and "evil" not in r.text


@pytest.mark.parametrize("method", ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_a_wrong_code_answers_the_same_for_every_method(page, method):
    r = page.request(method, "/t/AAAAAA/laydown", headers=ORIGIN)
    assert (r.status_code, r.text) == (404, "Not Found")


def test_the_page_still_answers_as_documented(page):
    assert page.get(BASE).status_code == 200
    assert json.loads(page.get(BASE + "api/sheet").text)["game"] == "fri"
    assert page.get(BASE + "page.css").status_code == 200


# 5. the served game followed


def test_a_renamed_game_is_followed_under_its_new_name(page, isolated_home):
    assert page.get(BASE).status_code == 200
    ok("games", "--rename", "fri", "friday")
    shown = page.get(BASE).text
    assert '<h1><span class="kicker">Quiddler</span> friday</h1>' in shown and "no game named" not in shown
    r = lay(page, player="ann", words="cat", out="yes")
    assert r.status_code == 200 and "Recorded ann" in outcome(r.text)
    assert json.loads(ok("sheet", "--json", "-g", "friday"))["rounds"][0]["players"]["ann"]["words"] == ["cat"]


def test_a_deleted_game_is_said_so_naming_no_other(page, isolated_home):
    ok("new", "dee", "eve", "-g", "secret-sunday", "--bonus", "most")
    filled = token(as_player(page, "ann"))
    ok("games", "--delete", "fri", "--yes")
    shown = html.unescape(page.get(BASE).text)
    assert "the game 'fri' was deleted" in shown and "secret-sunday" not in shown
    r = lay(page, player="ann", words="cat", out="yes", token=filled)
    said = outcome(r.text).strip()
    assert r.status_code == 422 and len(said.splitlines()) == 1 and "was deleted" in said
    assert "secret-sunday" not in r.text


# 8. names as the table reads them


def test_a_game_name_that_looks_like_a_saved_ones_is_refused(game):
    r = run("new", "dee", "eve", "fay", "-g", "fr\u0456", "--bonus", "most")  # a Cyrillic i
    assert r.exit_code == 2
    assert (
        "a game named 'fri' exists already, and 'fr\u0456' looks the same (\u0456 is CYRILLIC SMALL LETTER" in r.stderr
    )
    ok("new", "dee", "eve", "fay", "-g", "sat")
    r = run("games", "--rename", "sat", "fr\u0456")
    assert r.exit_code == 2 and "looks the same" in r.stderr


@pytest.mark.parametrize(
    "args", [["new", "e" + "\u0301" * 26, "ben", "cat"], ["new", "ann", "ben", "-g", "e" + "\u0301" * 26]]
)
def test_a_pile_of_marks_on_one_letter_is_refused(game, args):
    r = run(*args, "--bonus", "most")
    assert r.exit_code == 2 and "a letter carries 3 accents or marks at most" in r.stderr


def test_names_with_their_accents_are_taken():
    ok("new", "Zoë", "Nguyễn", "अक्षि", "-g", "Ngày hội", "--bonus", "most")
    assert "Nguyễn" in ok("sheet", "-g", "Ngày hội")
