"""What the generators of qscore's shipped data share: write their files, or check them."""

from __future__ import annotations

import sys
from pathlib import Path


def write_or_check(script: str, files: dict[str, bytes], out: Path, source: str, *, check: bool) -> int:
    """Write ``files`` (name -> contents) into ``out``; with ``check``, write nothing and
    name each file that differs from what ``source`` builds (exit status 1 if any)."""
    where = out.relative_to(out.parent.parent).as_posix()
    stale = [name for name, data in files.items() if not (out / name).is_file() or (out / name).read_bytes() != data]
    if check:
        for name in stale:
            print(f"{script}: {where}/{name} differs from what {source} builds", file=sys.stderr)
        return 1 if stale else 0
    for name, data in files.items():
        (out / name).write_bytes(data)
        print(f"wrote {where}/{name} ({len(data):,} bytes)")
    return 0
