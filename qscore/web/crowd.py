"""Who gives way when the table's server is full, and the warnings a request makes, counted.

The server holds MAX_CONNECTIONS at once, MAX_PER_CLIENT from one address (qscore.web.guard).
Past the total, a connection from an address holding fewer than the address holding the
most is taken, and one of that address's connections is closed for it: an idle one first
(a connection waiting for its next request, which a browser opens again unasked), else its
oldest. A connection from the address holding the most, or as many, is refused as before.
So a flood from a few addresses cannot keep a phone of the table out: each of its
connections takes the place of one of the flood's, and the flood's own come back refused.
(Keeping a share of the total free for addresses holding few was the other way: it leaves
that share to a flood from many addresses, and refuses phones the rest of the time.)
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, Protocol


class Connection(Protocol):
    """What is read of one of uvicorn's HTTP connections (guard.GuardedProtocol)."""

    client: tuple[str, int] | None
    transport: Any
    cycle: Any
    opened: float


class Counts(Protocol):
    def add(self, source: str) -> None: ...


def source(c: Connection) -> str:
    return c.client[0] if c.client else ""


def admitted(
    new: Connection, connections: Iterable[Connection], total: int, each: int
) -> tuple[bool, Connection | None]:
    """Whether the connection just accepted stays, and the connection closed to make room
    for it (None: none need be). ``connections`` holds it already; those closing are not counted."""
    open_ = [c for c in connections if not c.transport.is_closing()]
    held = Counter(source(c) for c in open_)
    mine = held[source(new)]
    if mine > each:
        return False, None
    if len(open_) <= total:
        return True, None
    richest, most = max(held.items(), key=lambda item: item[1])
    if mine >= most:  # the address holding the most, or as many: no one gives way to it
        return False, None
    theirs = [c for c in open_ if source(c) == richest]
    return True, min(theirs, key=lambda c: (answering(c), c.opened))


def answering(c: Connection) -> bool:
    """Whether a request of the connection is being answered (a page on its way, a live
    sheet's stream), rather than the connection waiting for one."""
    return c.cycle is not None and not c.cycle.response_complete


class Warnings:
    """uvicorn's logger for one connection, the warnings a request can make (an invalid
    request, an upgrade not offered) counted (a Tally each, said once a minute) rather
    than a line each: a flood of bad requests wrote 25,410 lines in 10 s. A message mapped
    to None is dropped (it follows one counted); every other line is logged as before."""

    def __init__(self, logger: logging.Logger, counted: Mapping[str, Counts | None], source: str) -> None:
        self.logger, self.counted, self.source = logger, counted, source

    def warning(self, msg: object, *args: object, **kwargs: Any) -> None:
        if not isinstance(msg, str) or msg not in self.counted:
            self.logger.warning(msg, *args, **kwargs)
            return
        counts = self.counted[msg]
        if counts is not None:
            counts.add(self.source)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.logger, name)
