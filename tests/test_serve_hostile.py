"""qscore serve against the rest of a hostile trial (qscore/web/guard.py, codes.py, server.py):
a phone of the table still loads while other addresses flood the server, numbers read as
ASCII digits only, the scorekeeper's page one line when the game cannot be read, a bad
request said once a minute, the codes file never a hang nor a loss, a signal as the
address is printed, a Host that is not the server's, names that look alike or show nothing,
and a tag-like word in a message kept. Loopback only: a real server in a thread where
connections matter, starlette's test client elsewhere."""

from __future__ import annotations

import contextlib
import html
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from qscore.web import codes, guard
from qscore.web.pages import make_app
from tests.conftest import ok
from tests.test_serve import BASE, CODE, ORIGIN, game, lay, outcome, page, token
from tests.test_serve_address import codes_for
from tests.test_serve_guard import get, half_open, laydowns, said, serve_process, served

__all__ = ["game", "page", "said", "served"]  # fixtures: a game of three, its page, the log, a real server

KEEPER = "M9T4HC"
KBASE = f"/k/{KEEPER}/"


@pytest.fixture
def keeper(game: str) -> TestClient:
    return TestClient(make_app(game, CODE, KEEPER))


# numbers: ASCII digits only


@pytest.mark.parametrize("text", ["²", "¹²", "٣", "\uff11", "-1", " 1", "", "1" * 10])
def test_a_number_is_ascii_digits_only(text):
    assert guard.number(text, 9) is None


def test_a_number_of_ascii_digits_is_read():
    assert (guard.number("0", 3), guard.number("120", 3), guard.number("1200", 3)) == (0, 120, None)


def test_superscript_digits_in_a_laydown_are_no_round(page, isolated_home):
    """'²'.isdigit() is true and int('²') fails: the page answered 500 with a traceback."""
    r = lay(page, player="ann", words="cat", out="yes", round="²")
    assert r.status_code == 200 and "Recorded ann" in outcome(r.text)  # a round not given: the round played


def test_superscript_digits_in_the_players_cookie_are_no_entry(page):
    page.cookies.set("qscore-player", "ann~%C2%B2", path=BASE)  # as the browser sends it, quoted
    assert page.get(BASE).status_code == 200


def test_superscript_digits_or_other_letters_in_a_token_are_a_form_of_no_server(page, isolated_home):
    for sent in ("².a.b", "1.a.é"):  # compare_digest refuses a str holding more than ASCII
        r = page.post(
            BASE + "laydown", data={"player": "ann", "words": "cat", "out": "yes", "token": sent}, headers=ORIGIN
        )
        assert r.status_code == 409 and "Reload it" in outcome(r.text)
    assert laydowns(isolated_home) == 0


def test_superscript_digits_asking_a_review_are_no_review(keeper):
    r = keeper.get(KBASE, params={"review": "²"})
    assert r.status_code == 200 and "Review a round" in r.text
    sent = {"token": token(keeper.get(KBASE).text), "player": "ann", "words": "cat", "out": "yes", "round": "²"}
    r = keeper.post(KBASE + "do/laydown", data=sent, headers=ORIGIN)
    assert r.status_code == 200 and "Recorded ann&#39;s laydown in round 1" in r.text


# the scorekeeper's page when the game cannot be read


def one_line(shown: str) -> str:
    """The page's one line, asserted to be its only text beside the title, and no form."""
    found = re.findall(r'<p class="error" role="alert">([^<\n]+)</p>', shown)
    assert len(found) == 1 and "<form" not in shown, shown
    return html.unescape(found[0])


def test_the_scorekeepers_page_of_a_damaged_games_file_is_one_line(keeper, isolated_home):
    assert keeper.get(KBASE).status_code == 200
    (isolated_home / "games.sqlite3").write_bytes(b"not a database at all" * 100)
    for wal in isolated_home.glob("games.sqlite3-*"):
        wal.unlink()
    r = keeper.get(KBASE)
    assert r.status_code == 200 and str(isolated_home) not in r.text
    assert one_line(r.text) == one_line(keeper.get(BASE + "tv").text)  # as the table's page says it
    assert (isolated_home / "games.sqlite3").read_bytes() == b"not a database at all" * 100


def test_the_scorekeepers_page_of_a_deleted_game_is_one_line(keeper):
    ok("new", "dee", "eve", "-g", "secret-sunday", "--bonus", "most")
    ok("games", "--delete", "fri", "--yes")
    r = keeper.get(KBASE, params={"review": "1"})
    assert r.status_code == 200 and "was deleted" in one_line(r.text) and "secret-sunday" not in r.text


def test_a_scorekeepers_action_on_a_deleted_game_is_one_line(keeper):
    """An action posted from a page loaded before the game was deleted was a 500."""
    sent = {"token": token(keeper.get(KBASE).text), "player": "ann", "words": "cat", "out": "yes"}
    ok("games", "--delete", "fri", "--yes")
    r = keeper.post(KBASE + "do/laydown", data=sent, headers=ORIGIN)
    assert r.status_code == 200 and "was deleted" in r.text


# a message's paths, and a tag-like word that is none


@pytest.mark.parametrize(
    "text", ["'</script>' is not allowed", "a<b>/x</b>", "</script><script>alert(1)</script>", "on /script> ok"]
)
def test_a_slash_inside_a_tag_like_word_is_no_path(text):
    """The path-stripper took /script for a path: a message showed </script> as <script>."""
    assert guard.unpathed(text, Path("/home/ann/games.sqlite3")) == text


def test_paths_in_a_message_are_still_named_by_their_file():
    games = Path("/home/ann/.local/share/qscore/games.sqlite3")
    said = f"cannot open '/tmp/x/list.txt' (/etc/qscore); file=/var/lib/a.db, {games}"
    assert guard.unpathed(said, games) == "cannot open 'list.txt' (qscore); file=a.db, the games file"


def test_a_word_typed_as_a_closing_tag_is_shown_as_typed(page):
    r = lay(page, player="ann", words="</script>", out="yes")
    assert r.status_code == 422 and "</script>" in outcome(r.text) and "<script>" not in outcome(r.text)


# the codes file: never a hang, never another game's codes lost or shared


def entries() -> dict:
    return json.loads(codes.codes_file().read_text())["games"]


def test_a_fifo_in_place_of_the_codes_file_is_set_aside_not_waited_on(game):
    """serve hung for ever reading a FIFO put where the codes file goes."""
    os.mkfifo(codes.codes_file())
    kept: list[codes.Kept] = []
    reading = threading.Thread(target=lambda: kept.append(codes.kept_codes("fri")), daemon=True)
    reading.start()
    reading.join(10)
    if reading.is_alive():  # today's code: blocked opening the FIFO, freed here so the test ends
        with open(codes.codes_file(), "w"):
            pass
        reading.join(10)
    assert kept and kept[0].said is not None and "is not a file" in kept[0].said and "\n" not in kept[0].said
    assert codes.codes_file().is_file() and stat.S_ISFIFO(
        os.lstat(codes.codes_file().with_suffix(".json.damaged")).st_mode
    )
    again = codes.kept_codes("fri")
    assert (again.table, again.keeper, again.said) == (kept[0].table, kept[0].keeper, None)


def test_a_link_to_dev_zero_in_place_of_the_codes_file_is_set_aside(game):
    """Read whole, /dev/zero ended serve in a MemoryError."""
    codes.codes_file().symlink_to("/dev/zero")
    kept = codes.kept_codes("fri")
    assert kept.said is not None and "is not a file" in kept.said and codes.codes_file().is_file()
    assert codes.codes_file().with_suffix(".json.damaged").readlink() == Path("/dev/zero")


def test_one_games_codes_damaged_leave_the_others_as_they_were(game):
    """A damaged entry dropped every game's codes, the line saying only this game's."""
    fri = codes_for("fri")
    ok("new", "dan", "eve", "fay", "-g", "sat")
    sat = codes_for("sat")
    held = json.loads(codes.codes_file().read_text())
    sat_entry = next(k for k, v in held["games"].items() if (v["table"], v["keeper"]) == sat)
    held["games"][sat_entry]["keeper"] = "0"
    codes.codes_file().write_text(json.dumps(held))
    kept = codes.kept_codes("fri")
    assert (kept.table, kept.keeper, kept.said) == (*fri, None)  # fri's codes kept, nothing to say
    kept = codes.kept_codes("sat")
    assert (kept.table, kept.keeper) != sat and "this game's codes damaged" in (kept.said or "")
    assert codes_for("fri") == fri and len(entries()) == 2


def test_a_codes_file_damaged_whole_says_every_game_and_is_kept(game):
    codes_for("fri")
    codes.codes_file().write_bytes(b'{"games": {"1-')
    kept = codes.kept_codes("fri")
    assert kept.said is not None and "every game has new codes" in kept.said and "\n" not in kept.said
    assert codes.codes_file().with_suffix(".json.damaged").read_bytes() == b'{"games": {"1-'


def test_a_scorekeepers_code_equal_to_the_tables_is_made_anew(game):
    """The table's code opened the scorekeeper's page."""
    table, _ = codes_for("fri")
    held = json.loads(codes.codes_file().read_text())
    held["games"] = {k: {"table": table, "keeper": table} for k in held["games"]}
    codes.codes_file().write_text(json.dumps(held))
    kept = codes.kept_codes("fri")
    assert kept.table != kept.keeper and "damaged" in (kept.said or "") and "new codes" in (kept.said or "")


def test_two_games_are_never_served_with_the_same_codes(game):
    fri = codes_for("fri")
    ok("new", "dan", "eve", "fay", "-g", "sat")
    codes_for("sat")
    held = json.loads(codes.codes_file().read_text())
    held["games"] = {k: {"table": fri[0], "keeper": fri[1]} for k in held["games"]}  # sat's made fri's
    codes.codes_file().write_text(json.dumps(held))
    sat = codes.kept_codes("sat")
    assert (sat.table, sat.keeper) != fri and "another game too" in (sat.said or "")
    assert not {sat.table, sat.keeper} & set(fri) and codes_for("fri") == fri
    assert codes.kept_codes("fri").said is None  # its own again


def test_the_next_game_takes_the_codes_and_the_game_before_gives_them_up(game):
    fri = codes_for("fri")
    ok("new", "dan", "eve", "fay", "-g", "sat")
    codes.hand_on("fri", "sat")
    assert codes_for("sat") == fri
    assert not set(codes_for("fri")) & set(fri)  # served again, the game before has its own


# a signal as the address is printed

EARLY_SIGNAL = """
import os, signal, sys
from qscore.web import server
from qscore.cli import app, load_commands

opening, sent = server.more_open_files, getattr(signal, sys.argv[1])
def signalled():  # the signal arrives after the address is printed, before the server has started
    os.kill(os.getpid(), sent)
    opening()
server.more_open_files = signalled
load_commands()
sys.argv = ["qscore", "serve", "--host", "127.0.0.1", "--port", "0"]
app()
"""


@pytest.mark.slow
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT"])
def test_a_signal_as_the_address_is_printed_stops_serve_cleanly(game, isolated_home, signame):
    """SIGTERM in the first 50 ms after the address was printed ended serve with -15, unsaid."""
    env = os.environ | {"QSCORE_HOME": str(isolated_home)}
    done = subprocess.run(
        [sys.executable, "-c", EARLY_SIGNAL, signame], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert done.stdout.splitlines()[0].startswith("http://127.0.0.1:")
    assert done.stdout.splitlines()[-1] == "Stopped: every laydown sent was saved whole, or not at all."
    assert "Traceback" not in done.stderr


# the Host: the server's own address or name, never another site's


@pytest.fixture
def at_an_address(game: str) -> TestClient:
    """The page as serve's server has it: its Host an IP address or one of its names."""
    return TestClient(make_app(game, CODE, hosts={"localhost", "vm.local"}), base_url="http://192.168.1.5:8765")


def test_a_laydown_from_a_site_pointed_at_the_server_is_refused(at_an_address, isolated_home):
    """DNS rebinding's shape: evil.example resolved to the table's server, its page's form
    carries Host and Origin evil.example, alike, and passed the origin check."""
    sent = token(at_an_address.get(BASE + "me", params={"player": "ann"}).text)
    evil = {"Host": "evil.example:8765", "Origin": "http://evil.example:8765"}
    form = {"player": "ann", "words": "cat", "out": "yes", "token": sent}
    r = at_an_address.post(BASE + "laydown", data=form, headers=evil, follow_redirects=False)
    assert r.status_code == 421 and "evil" not in r.text and laydowns(isolated_home) == 0
    assert at_an_address.get(BASE, headers={"Host": "evil.example"}).status_code == 421
    r = at_an_address.post(BASE + "laydown", data=form, headers={"Origin": "http://192.168.1.5:8765"})
    assert r.status_code == 200 and laydowns(isolated_home) == 1


@pytest.mark.parametrize("host", ["192.168.1.5:8765", "127.0.0.1:8765", "[::1]:8765", "localhost:8765", "VM.local."])
def test_the_servers_addresses_and_names_are_its_host(at_an_address, host):
    assert at_an_address.get(BASE, headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example:8765", "localhost.evil.example", "[::1"])
def test_another_name_is_not_its_host(at_an_address, host):
    assert at_an_address.get(BASE, headers={"Host": host}).status_code == 421


def test_serve_names_the_machine_and_localhost():
    from qscore.web.server import served_names

    assert "localhost" in served_names() and socket.gethostname().lower() in served_names()


@pytest.mark.slow
def test_serve_refuses_a_laydown_sent_under_another_sites_name(game, isolated_home):
    with serve_process(isolated_home) as (server, _, port, path):

        def send(host: str, body: str = "") -> bytes:
            with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
                head = f"POST {path}laydown HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\nConnection: close\r\n"
                form = f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n{body}"
                s.sendall((head + form).encode())
                answer = b""
                while chunk := s.recv(65536):
                    answer += chunk
                return answer

        assert send(f"evil.example:{port}", "player=ann&words=cat&out=yes").startswith(b"HTTP/1.1 421")
        assert send(f"127.0.0.1:{port}").startswith(b"HTTP/1.1 303")  # the server's own: to the form's check
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=20)
    assert laydowns(isolated_home) == 0


# a phone of the table still loads while other addresses flood the server


def stream(source: str, port: int, path: str) -> socket.socket:
    """A live sheet's stream from the source address given, open (its answer begun)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=20, source_address=(source, 0))
    s.sendall(f"GET {path}events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    assert s.recv(100).startswith(b"HTTP/1.1 200")
    return s


def cut(s: socket.socket) -> bool:
    """Whether the server has closed a stream: what it sent read, then its end (or a reset)."""
    s.setblocking(False)
    try:
        while s.recv(65536):
            pass
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True
    return True


@pytest.fixture
def small_caps(monkeypatch) -> tuple[int, int]:
    """The caps made small (64 in all, 8 from one address), so a flood is a few sockets."""
    monkeypatch.setattr(guard, "MAX_CONNECTIONS", 64)
    monkeypatch.setattr(guard, "MAX_PER_CLIENT", 8)
    return 64, 8


@pytest.mark.slow
def test_a_phone_loads_while_live_streams_from_other_addresses_fill_the_server(served, said, small_caps):
    """512 streams from 16 addresses left a phone from a 17th with 0 of 40 pages."""
    port, path = served
    total, _ = small_caps
    sources = [f"127.0.1.{n}" for n in range(16)]
    flood = {(a, i): stream(a, port, path) for a in sources for i in range(total // 16)}  # the server full
    try:
        for _ in range(3):
            assert get("127.0.0.3", port, path).startswith(b"HTTP/1.1 200")  # the phone's page
            gave_way = [k for k, s in flood.items() if cut(s)]
            assert len(gave_way) == 1  # one of the flood's streams, for the phone's connection
            flood[gave_way[0]].close()
            flood[gave_way[0]] = stream(gave_way[0][0], port, path)  # and the flood fills the room again
        extra = half_open(sources[0], port, f"GET {path}events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        extra.settimeout(20)
        with contextlib.suppress(ConnectionResetError):
            assert extra.recv(100) == b""  # the flood's own: refused, as before
        extra.close()
        assert "Traceback" not in "".join(said.lines)
    finally:
        for s in flood.values():
            s.close()


@pytest.mark.slow
def test_a_phone_loads_while_idle_connections_from_other_addresses_fill_the_server(served, small_caps):
    """520 idle connections from 20 addresses left a phone 2 pages of 30."""
    port, path = served
    total, each = small_caps
    flood = [half_open(f"127.0.2.{n}", port, b"") for n in range(total // each + 3) for _ in range(each - 2)]  # 66
    try:
        assert all(get("127.0.0.3", port, path).startswith(b"HTTP/1.1 200") for _ in range(5))
    finally:
        for s in flood:
            s.close()


class Held:
    """A connection as crowd.admitted reads it."""

    def __init__(self, source: str, opened: float, answering: bool = False) -> None:
        self.client = (source, 1)
        self.opened = opened
        self.cycle = type("Cycle", (), {"response_complete": not answering})()
        self.transport = type("Transport", (), {"is_closing": lambda self: False})()


def test_room_is_made_from_the_address_holding_the_most_its_idle_connection_first():
    from qscore.web.crowd import admitted

    flood = [Held("10.0.0.2", t, answering=t != 5) for t in range(6)] + [Held("10.0.0.3", 10 + t) for t in range(3)]
    phone = Held("10.0.0.9", 20)
    assert admitted(phone, [*flood, phone], total=8, each=6) == (True, flood[5])  # idle, not the oldest
    again = Held("10.0.0.2", 21)
    assert admitted(again, [*flood, again], total=8, each=8) == (False, None)  # the most: no one gives way
    third = Held("10.0.0.3", 22)
    assert admitted(third, [*flood[:5], third], total=8, each=8) == (True, None)  # under the cap
    assert admitted(again, [*flood, again], total=20, each=6) == (False, None)  # past its own address's cap


# a bad request said once a minute, with a count


@pytest.mark.slow
def test_invalid_requests_are_counted_not_a_line_each(served, said):
    """'Invalid HTTP request received.' was logged once a request: 25,410 lines in 10 s."""
    port, path = served
    for _ in range(30):
        assert half_open("127.0.0.2", port, b"\x16\x03\x01 not http\r\n\r\n").recv(100).startswith(b"HTTP/1.1 400")
    assert get("127.0.0.3", port, path).startswith(b"HTTP/1.1 200")
    assert [line for line in said.lines if "nvalid HTTP request" in line] == [
        "1 invalid HTTP requests answered 400, from 1 address(es), most from 127.0.0.2"
    ]
