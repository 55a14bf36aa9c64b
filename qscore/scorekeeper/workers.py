"""Many games' summaries worked out at once, shared among worker processes, one a core.

The first `stats` over many saved games (after an upgrade that kept no figures, or a
new figures version) works out every game's summary, its review too: some 12 ms of CPU
time a game, each game on its own. Past POOL_FROM games they are handed to worker
processes, one a core, in order and a few at a time, from the moment the read of the
logs begins (the workers start as it starts, and work while the rest are read); what
comes back is each game's summary or why it cannot be made, in the games' order, the
same as one process makes (each worker runs the same code on the same log). The workers
only work out: they never open the games file, and what is kept is kept by the caller,
as before.

- A single game, or a hundred, stay in this process: a worker costs a start of
  Python and a read of the dictionary's anagram keys (POOL_FROM).
- A game that cannot be read is named by a worker as this process names it (the error's
  message comes back, not the error).
- Ctrl-C stops the caller alone (workers ignore it, and are not sent what was left), so
  it says what it always says, without a worker's traceback; the workers are ended then,
  the games they hold undone, so the command ends when it says it stopped.
- Where workers cannot be started, or one dies (out of memory, killed), the games not
  yet worked out are worked out in this process.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

# At least this many games to work out before workers are started: each worker costs
# about 670 M instructions to start (Python, qscore, the dictionary's anagram keys: some
# 0.15 s), where a game's summary and review cost some 60 M, so that from here the workers
# add less than a fifth to the CPU time and take about half off the wait.
POOL_FROM = 120
CHUNK = 4  # games handed to a worker at once: few, so that Ctrl-C waits for little

T = TypeVar("T")
R = TypeVar("R")


def workers_for(total: int) -> int:
    """How many worker processes ``total`` games are shared among: one a core this process
    may run on, none (this process alone) for fewer than POOL_FROM games or one core."""
    if total < POOL_FROM:
        return 0
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return cores if cores > 1 else 0


class Shared(Generic[T, R]):
    """The work of items handed over as they come (a read hands each game as it reads its
    log), shared among worker processes from the first: told first how many will come
    (``expect``), it starts the workers if there are enough, and hands them each CHUNK
    items as they are taken, so the workers work while the rest are still read. Its
    ``results`` are in the order taken. As a context: the workers are ended as it is
    left, once every result was read, or at Ctrl-C or an error, the games they hold undone.

    ``work_for(total)`` is the work of each item when ``total`` come (a module's function,
    or a partial of one: it is handed to the workers by name), raising nothing it would
    not raise here: an error of qscore's is handed back as a result."""

    def __init__(self, work_for: Callable[[int], Callable[[T], R]]) -> None:
        self.work_for = work_for
        self.work: Callable[[T], R] | None = None
        self.pool: Any = None
        self.chunks: list[Any] = []  # each chunk handed over: its future
        self.waiting: list[T] = []  # taken, not yet handed over

    def __enter__(self) -> Shared[T, R]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def expect(self, total: int) -> None:
        """Start the workers if ``total`` items are enough to share (``workers_for``)."""
        self.work = self.work_for(total)
        workers = workers_for(total)
        if not workers or self.pool is not None:
            return
        from concurrent.futures import ProcessPoolExecutor
        from multiprocessing import get_context

        try:
            # spawned, not forked: a worker holds nothing of this process (the games
            # file's connection, a dictionary's thread), only what its work needs
            pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=_ignore_interrupts)
        except (OSError, ImportError, NotImplementedError):
            return  # no processes here (no semaphores, a sandbox): this process does it
        self.pool = pool  # ended by close, whatever happens from here
        try:
            with _interrupts_ignored():  # the workers start ignoring Ctrl-C, as they will
                for _ in range(workers):
                    pool.submit(_ready)  # a worker is started for each, now, not at its first chunk
        except (RuntimeError, OSError):  # a worker that could not start: this process does it
            self.close()

    def take(self, item: T) -> None:
        """One more item, handed to the workers with the others of its chunk."""
        if self.pool is None:
            return
        self.waiting.append(item)
        if len(self.waiting) == CHUNK:
            self._hand_over()

    def _hand_over(self) -> None:
        if self.waiting and self.pool is not None:
            try:
                self.chunks.append(self.pool.submit(_each, self.work, self.waiting))
            except (RuntimeError, OSError):  # a pool broken (BrokenProcessPool is a RuntimeError)
                self.pool = None  # what is left is done here (results)
            self.waiting = []

    def results(self, items: Sequence[T]) -> Iterator[R]:
        """``work`` of each of ``items`` (those taken, in order), from the workers, or here
        for those the workers did not take or could not finish."""
        self._hand_over()
        work = self.work or self.work_for(len(items))
        done = 0
        try:
            for chunk in self.chunks:
                for result in chunk.result():
                    done += 1
                    yield result
        except _broken():
            pass  # the items not yet worked out are worked out here
        for item in items[done:]:
            yield work(item)

    def close(self) -> None:
        """End the workers at once: they hold nothing once every result was read, and
        after Ctrl-C (or an error) only work no one will read. (Left to end by themselves,
        they took a fifth of a second to free what they had read.)"""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        _end_workers(pool)
        # nothing is cancelled: the pool's own thread fails every future it holds when its
        # workers end, and failing one cancelled raised in that thread (a traceback on
        # standard error after Ctrl-C); with its workers ended, the wait for that thread is short
        pool.shutdown(wait=True)


def _broken() -> tuple[type[BaseException], ...]:
    """What a pool raises when its workers cannot go on (looked up only when one is raised:
    a read of kept figures loads no pool)."""
    from concurrent.futures.process import BrokenProcessPool

    return BrokenProcessPool, OSError


def _ready() -> None:
    """A worker's first task: none, so that the pool starts each worker at once."""


def _each(work: Callable[[T], R], items: list[T]) -> list[R]:
    """A chunk's work, in a worker."""
    return [work(item) for item in items]


def _end_workers(pool: object) -> None:
    """End a pool's workers at once: they hold nothing but the games handed to them (they
    never open the games file), and the interpreter's exit waits for every worker to finish
    those, seconds after Ctrl-C said the command stopped (a second Ctrl-C a traceback)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl-C is for the process that started it, which stops the work."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """Ctrl-C ignored while workers start, so that they start ignoring it (a process
    started ignoring a signal keeps ignoring it); only the main thread sets a handler."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
