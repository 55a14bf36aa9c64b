"""The evening's picture (views/picture.py): ``export --format svg`` and ``png``, read back
as a phone would be sent it: an SVG that parses with every name in it, escaped, the winner
starred and said to win; a PNG decoded here (no image library) to its size and pixels."""

import json
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

from tests.conftest import named_as_before, ok, run

SVG = "{http://www.w3.org/2000/svg}"


def evening(*players: str) -> None:
    """A closed game of two rounds: the last player wins."""
    ok("new", *players, "--rounds", "3,4", "--game", "friday", "--bonus", "longest")
    for n, p in enumerate(players):
        ok("score", p, *(["at", "-u", "X"] if n else ["cat", "--out"]))
    for p in players:
        ok("score", p, "quiz" if p == players[-1] else "cat", *(["--out"] if p == players[-1] else ["-u", "E"]))
    ok("close")


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header (IHDR, the first chunk)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def png_pixels(data: bytes) -> list[bytes]:
    """A PNG's rows of RGBA pixels (8 bits, not interlaced, as resvg writes it), unfiltered."""
    width, height = png_size(data)
    assert data[24:29] == bytes([8, 6, 0, 0, 0])  # 8-bit RGBA, no interlace
    chunks, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] == b"IDAT":
            chunks.append(data[at + 8 : at + 8 + length])
        at += 12 + length
    raw, stride, rows = zlib.decompress(b"".join(chunks)), width * 4, []
    prior = bytes(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a, b = line[i - 4] if i >= 4 else 0, prior[i]
            c = prior[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                near = min((abs(p - a), 0, a), (abs(p - b), 1, b), (abs(p - c), 2, c))[2]
                line[i] = (line[i] + near) & 255
        rows.append(bytes(line))
        prior = bytes(line)
    return rows


def ink(rows: list[bytes], top: int, bottom: int, left: int, right: int) -> int:
    """How many pixels in the box are dark (text), not the white paper."""
    return sum(1 for y in range(top, bottom) for x in range(left, right) if rows[y][4 * x] < 100)


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_the_svg_names_every_player_and_stars_the_winner():
    evening("Grandma", "ben", "Mary-Kate O'Neill")
    svg = ok("export", "--format", "svg")
    shown = texts(svg)
    root = ET.fromstring(svg)
    assert int(root.get("width")) >= 600 and root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    won = json.loads(ok("sheet", "--json"))["totals"]["Mary-Kate O'Neill"]
    assert shown[0] == "Quiddler: friday" and f"Game over. Mary-Kate O'Neill wins with {won}." in " ".join(shown)
    # the sheet's heads, the winner starred beyond the colour behind her column; every name in the chart
    assert {"Grandma", "ben", "★ Mary-Kate O'Neill"} <= set(shown)
    assert shown.count("Grandma") == 2 and shown.count("ben") == 2  # the sheet's head and the line's end
    assert "total" in shown and "Running totals, round by round" in shown


def test_names_and_the_games_name_are_escaped():
    evening("ann", "ben")
    named_as_before("friday", "<b>&'\"night")
    svg = ok("export", "--format", "svg", "--game", "<b>&'\"night")
    assert "<b>" not in svg
    assert texts(svg)[0] == "Quiddler: <b>&'\"night"  # as typed, read back through the escaping
    assert ET.fromstring(svg).get("aria-label").startswith("Quiddler: <b>&'\"night. Game over.")


def test_the_png_is_the_svgs_size_and_draws_its_text(tmp_path: Path):
    evening("ann", "ben", "cat")
    out = tmp_path / "evening.png"
    assert ok("export", "--format", "png", "-o", str(out)) == ""
    data = out.read_bytes()
    root = ET.fromstring(ok("export", "--format", "svg"))
    width, height = png_size(data)
    assert (width, height) == (int(root.get("width")), int(root.get("height")))
    assert width >= 600
    rows = png_pixels(data)
    assert ink(rows, 0, 20, 0, width) == 0  # the margin is paper
    assert ink(rows, 30, 75, 20, 400) > 500  # the title, "Quiddler: friday", is drawn in the shipped font
    # names change the picture: the same game with other names is another picture
    ok("rename", "ann", "Zebedee")
    assert ok("export", "--format", "png", "-o", str(out)) == "" and out.read_bytes() != data


def test_a_png_goes_to_a_pipe_and_never_to_a_file_it_cannot_write(tmp_path: Path):
    evening("ann", "ben")
    piped = run("export", "-f", "png")
    assert piped.exit_code == 0 and png_size(piped.stdout_bytes)[0] >= 600
    refused = run("export", "-f", "png", "-o", str(tmp_path / "no" / "such" / "evening.png"))
    assert refused.exit_code == 2 and refused.stderr.startswith("qscore: error: cannot write ")
    assert refused.stderr.count("\n") == 1 and refused.stdout == ""
    assert run("export", "-f", "svg", "--long").stderr == "qscore: error: --long goes with --format csv, not svg\n"


def test_every_export_goes_to_the_file_named(tmp_path: Path):
    evening("ann", "ben")
    for fmt in ("csv", "json", "md"):
        out = tmp_path / f"sheet.{fmt}"
        assert ok("export", "-f", fmt, "-o", str(out)) == ""
        assert out.read_text("utf-8") == ok("export", "-f", fmt)


def test_a_long_name_widens_the_sheet_but_not_the_chart():
    """With a name of 27 letters the chart grew with the sheet to 1,150 px: its names and
    numbers half as large again as the sheet's."""
    evening("Maximilian Fortescue-Smythe", "ben", "cat")
    svg = ok("export", "--format", "svg")
    chart = next(g for g in ET.fromstring(svg).iter(f"{SVG}g") if "scale" in (g.get("transform") or ""))
    assert int(ET.fromstring(svg).get("width")) > 720 and chart.get("transform").endswith("scale(1.4)")
