"""Plain text tables in tabulate's "simple" layout, for the lists that grow with the
table's years (`games`, `stats`): tabulate guesses each cell's type, about 12 µs a cell,
and its import reads package metadata, so 2,000 saved games took over 0.1 s to lay out.
Every cell here is text already; tests/test_sheets.py holds the layout to tabulate's.
The scoresheet's tables are tabulate's, imported as :func:`tabulate_module` says."""

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from qscore.startup import imported_without_metadata

MIN_PADDING = 2  # as tabulate: a column is at least its header and two spaces wide


def plain_table(rows: Sequence[Sequence[str]], headers: Sequence[str], align: str = "") -> str:
    """``rows`` under ``headers``, columns two spaces apart, a dashed rule under the
    headers; ``align`` gives each column's alignment, ``l`` (the default) or ``r``. As
    tabulate, no line ends in spaces."""
    columns = len(headers)
    sides = align.ljust(columns, "l")
    widths = [len(h) + MIN_PADDING for h in headers]
    if rows:
        widths = [max(w, *map(len, cells)) for w, cells in zip(widths, zip(*rows, strict=True), strict=True)]
    # one format for every line: each cell padded to its column, as str.ljust and str.rjust do
    layout = "  ".join(f"{{:{'>' if side == 'r' else '<'}{w}}}" for w, side in zip(widths, sides, strict=True)).format
    rule = "  ".join("-" * w for w in widths)
    return "\n".join([layout(*headers).rstrip(), rule, *(layout(*r).rstrip() for r in rows)])


def tabulate(rows: Any, headers: Sequence[str], **options: Any) -> str:
    """tabulate's table of ``rows`` under ``headers``, with its ``options`` (colalign, tablefmt)."""
    return str(tabulate_module().tabulate(rows, headers=headers, **options))


def tabulate_module() -> ModuleType:
    """tabulate, imported without the package metadata it reads for its ``__version__``
    (qscore.startup.imported_without_metadata says why: a sixth of a `qscore sheet`),
    which qscore never reads."""
    return imported_without_metadata("tabulate")
