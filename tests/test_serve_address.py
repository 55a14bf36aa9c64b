"""One address for the evening: the QR code serve prints reads on a light terminal and a
dark one, and a game keeps its codes (and its forms' key) across restarts of serve."""

import re

import pytest

from qscore.web import codes
from tests.conftest import ok, run

SGR = re.compile(r"\x1b\[([0-9;]*)m")
# a terminal's default colours, as grey levels: dark text on light, light text on dark
THEMES = {"light": (30, 250), "dark": (220, 20)}
# xterm's 256-colour palette: 16 is black, 231 white; the 16 named colours follow the theme
NAMED = {"light": {0: 30, 7: 200, 15: 255}, "dark": {0: 20, 7: 200, 15: 255}}


@pytest.fixture
def game() -> str:
    ok("new", "ann", "ben", "cat", "-g", "fri")
    return "fri"


@pytest.fixture
def served(monkeypatch):
    """What `qscore serve` prints, the server itself not run: each call's (stdout, stderr),
    and the codes and key it served with."""
    from qscore.web import server

    calls = []
    monkeypatch.setattr(
        server,
        "serve",
        lambda sock, game, code, keeper=None, key=None, noted=None: calls.append((code, key)) or sock.close(),
    )

    def serve(*args: str):
        r = run("serve", "--host", "127.0.0.1", "--port", "0", *args)
        assert r.exit_code == 0, r.output
        return r.stdout, r.stderr, calls[-1]

    return serve


def painted(lines: list[str], theme: str) -> tuple[bytes, int, int]:
    """The lines as a terminal with the theme's default colours shows them: a grey image,
    a character cell 1 pixel wide and 2 high (a half block fills its upper or lower pixel),
    each pixel scaled up 4 times for the decoder."""
    fg_default, bg_default = THEMES[theme]
    rows: list[list[int]] = []
    for line in lines:
        fg, bg, reverse = fg_default, bg_default, False
        upper, lower = [], []
        for part in re.split(r"(\x1b\[[0-9;]*m)", line):
            match = SGR.fullmatch(part)
            if match:
                fg, bg, reverse = sgr(match.group(1), fg, bg, reverse, theme)
                continue
            for ch in part:
                ink, paper = (bg, fg) if reverse else (fg, bg)
                top, bottom = {"█": (ink, ink), "▀": (ink, paper), "▄": (paper, ink)}.get(ch, (paper, paper))
                upper.append(top)
                lower.append(bottom)
        rows += [upper, lower]
    width = max(len(r) for r in rows)
    rows = [r + [bg_default] * (width - len(r)) for r in rows]
    # a margin of the terminal's own background around it, as on a screen
    margin = 4
    rows = [[bg_default] * (width + 2 * margin) for _ in range(margin)] + [
        [bg_default] * margin + r + [bg_default] * margin for r in rows
    ]
    rows += [[bg_default] * (width + 2 * margin) for _ in range(margin)]
    scale = 4
    pixels = bytes(v for r in rows for _ in range(scale) for v in r for _ in range(scale))
    return pixels, (width + 2 * margin) * scale, len(rows) * scale


def sgr(params: str, fg: int, bg: int, reverse: bool, theme: str) -> tuple[int, int, bool]:
    fg_default, bg_default = THEMES[theme]
    codes_ = [int(p) for p in params.split(";") if p] or [0]
    i = 0
    while i < len(codes_):
        c = codes_[i]
        if c == 0:
            fg, bg, reverse = fg_default, bg_default, False
        elif c == 7:
            reverse = True
        elif c in (38, 48) and codes_[i + 1 : i + 2] == [5]:
            n = codes_[i + 2]
            grey = 0 if n == 16 else 255 if n == 231 else NAMED[theme].get(n, 128)
            fg, bg = (grey, bg) if c == 38 else (fg, grey)
            i += 2
        elif 30 <= c <= 37:
            fg = NAMED[theme].get(c - 30, 128)
        elif 40 <= c <= 47:
            bg = NAMED[theme].get(c - 40, 128)
        elif c == 39:
            fg = fg_default
        elif c == 49:
            bg = bg_default
        i += 1
    return fg, bg, reverse


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_qr_code_reads_on_a_light_terminal_and_a_dark_one(game, served, theme):
    """segno's compact output drew light modules as █ in the terminal's own colours: the code
    was inverted on a light terminal, and a decoder read nothing there."""
    from pyzbar import pyzbar

    out, _, _ = served()
    lines = out.splitlines()
    address = next(line for line in lines if line.startswith("http://"))
    drawn = lines[lines.index(next(x for x in lines if x.endswith("scan this code:"))) + 1 :]
    drawn = drawn[: drawn.index(next(x for x in drawn if not x.startswith("\x1b[")))]  # the scorekeeper's address next
    assert len(drawn) > 10
    found = pyzbar.decode(painted(drawn, theme))
    assert [f.data.decode() for f in found] == [address]


def test_a_game_keeps_its_address_across_restarts_until_new_codes_are_asked(game, served):
    """Each serve made a new code: every open phone and the TV were left on a dead address."""
    first, _, (code, key) = served()
    again, _, (code_again, key_again) = served()
    assert code_again == code and f"/t/{code}/" in first.splitlines()[0] and f"/t/{code}/" in again.splitlines()[0]
    assert key_again == key  # a laydown form filled before the restart is still taken
    fresh, _, (new_code, new_key) = served("--new-codes")
    assert new_code != code and new_key == key
    assert f"/t/{new_code}/" in fresh.splitlines()[0]
    assert served()[2][0] == new_code


def codes_for(game: str, *, new: bool = False) -> tuple[str, str]:
    """The table's code and the scorekeeper's for ``game``, as serve keeps them."""
    kept = codes.kept_codes(game, new=new)
    return kept.table, kept.keeper


def test_each_game_has_its_own_two_codes_through_a_rename(game):
    table, keeper = codes_for("fri")
    assert table != keeper and all(codes.is_code(c) for c in (table, keeper))
    ok("new", "dan", "eve", "fay", "-g", "sat")
    assert codes_for("sat") != (table, keeper)
    ok("games", "--rename", "fri", "friday")
    assert codes_for("friday") == (table, keeper)
    assert codes_for("friday", new=True) != (table, keeper)


@pytest.mark.parametrize("damage", [b"{", b"\xff\xfe", b'{"games": []}', b"[]", b'{"key": "00", "games": {}}'])
def test_a_damaged_codes_file_gives_new_codes_and_one_line(game, served, damage):
    table, _ = codes_for("fri")
    codes.codes_file().write_bytes(damage)
    out, err, (code, _) = served()
    assert err.count("\n") == 1 and "damaged" in err and "new codes" in err
    assert codes.codes_file().name in err
    assert code != table and f"/t/{code}/" in out.splitlines()[0]
    assert served()[1] == ""  # whole again: said once


def test_the_codes_file_is_its_owners_alone_and_written_whole(game):
    codes_for("fri")
    path = codes.codes_file()
    assert path.parent == codes.scorekeeper.games_file().parent
    assert path.stat().st_mode & 0o077 == 0
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(".serve-codes")] == []


def test_codes_that_cannot_be_kept_serve_this_run_and_say_so_in_one_line(game, served, monkeypatch):
    def refused(path, held):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(codes, "write_codes", refused)
    out, err, (code, _) = served()
    assert err.count("\n") == 1 and "Cannot keep the codes" in err and "Permission denied" in err
    assert f"/t/{code}/" in out.splitlines()[0]
