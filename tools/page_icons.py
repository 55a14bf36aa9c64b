"""Draw the table page's home-screen icons (qscore/web/static/icon-192.png, icon-512.png):
the shape of icon.svg beside them (a white Q on qscore's green), in plain Python, so the
PNGs can be made again without an image library: python3 tools/page_icons.py"""

import math
import struct
import zlib
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "qscore" / "web" / "static"
GREEN, WHITE = (0x0B, 0x6E, 0x4F), (0xFF, 0xFF, 0xFF)


def inked(x: float, y: float) -> bool:
    """Whether a point of the 512-unit icon is white: icon.svg's ring and tail."""
    ring = abs(math.hypot(x - 256, y - 246) - 128) <= 28
    # the tail: a line from (300, 300) to (392, 392), 60 wide with round ends
    t = max(0.0, min(1.0, ((x - 300) + (y - 300)) / (2 * 92)))
    tail = math.hypot(x - (300 + 92 * t), y - (300 + 92 * t)) <= 30
    return ring or tail


def inside(x: float, y: float) -> bool:
    """Whether a point is inside the rounded square (corner radius 96)."""
    cx, cy = min(max(x, 96), 416), min(max(y, 96), 416)
    return math.hypot(x - cx, y - cy) <= 96


def png(size: int) -> bytes:
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            x, y = (px + 0.5) * 512 / size, (py + 0.5) * 512 / size
            if not inside(x, y):
                row += bytes((0, 0, 0, 0))
            else:
                row += bytes((*(WHITE if inked(x, y) else GREEN), 255))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    for size in (192, 512):
        (STATIC / f"icon-{size}.png").write_bytes(png(size))
