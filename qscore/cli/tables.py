"""Plain text tables in tabulate's "simple" layout, for the lists that grow with the
table's years (`games`, `stats`): tabulate guesses each cell's type, about 12 µs a cell,
and its import reads package metadata, so 2,000 saved games took over 0.1 s to lay out.
Every cell here is text already; tests/test_sheets.py holds the layout to tabulate's.
The scoresheet's tables are tabulate's, imported as :func:`tabulate_module` says."""

import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

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
    """tabulate, imported without the package metadata it reads for its ``__version__``.

    tabulate 0.10 sets ``__version__`` from its installed metadata: the import of
    importlib.metadata (email, zipfile, csv, socket and tempfile come with it) and its search
    of the installed packages cost a sixth of a `qscore sheet`, more than the rest of tabulate
    and the sheet's own modules together (docs/speed.md). tabulate 0.9 read a version module
    instead, but lays out the sheet's columns differently, and no release since avoids it
    (docs/speed.md has the report for upstream). So while tabulate loads, importlib.metadata
    is a stand-in that knows no package: tabulate takes its own fallback, ``__version__ =
    "unknown"``, which qscore never reads. The stand-in is gone once tabulate has loaded, and
    whatever imports importlib.metadata later gets the real module. When it is loaded already
    (the tests, ``qscore serve``), tabulate is imported as it is. The tables are drawn on
    the main thread, before any other thread could import importlib.metadata meanwhile.
    """
    if "tabulate" in sys.modules or "importlib.metadata" in sys.modules:
        import tabulate

        return tabulate

    class PackageNotFoundError(ModuleNotFoundError):
        """As importlib.metadata's: no installed package of that name."""

    def version(name: str) -> str:
        raise PackageNotFoundError(name)

    stand_in = ModuleType("importlib.metadata", "Knows no package: tabulate's import without the metadata.")
    stand_in.__dict__.update(PackageNotFoundError=PackageNotFoundError, version=version)
    sys.modules["importlib.metadata"] = stand_in
    try:
        import tabulate
    finally:
        if sys.modules.get("importlib.metadata") is stand_in:
            del sys.modules["importlib.metadata"]
    return tabulate
