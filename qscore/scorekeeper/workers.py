"""Many games' summaries worked out at once, shared among worker processes, one a core.

The first `stats` over many saved games (after an upgrade that kept no figures, or a
new figures version) works out every game's summary, its review too: some 20 ms of CPU
time a game, each game on its own. Past POOL_FROM games they are handed to worker
processes, one a core, in order and a few at a time; what comes back is each game's
summary or why it cannot be made, in the games' order, the same as one process makes
(each worker runs the same code on the same log). The workers only work out: they never
open the games file, and what is kept is kept by the caller, as before.

- A single game, or a few hundred, stay in this process: a worker costs a start of
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
from typing import TypeVar

# At least this many games to work out before workers are started: each worker costs
# about 1,500 M instructions to start (Python, qscore, the dictionary's anagram keys: some
# 0.4 s), where a game's review costs some 70 M, so that from here the workers add less
# than a fifth to the CPU time and take about half off the wait.
POOL_FROM = 250
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


def in_order(work: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
    """``work`` of each of ``items``, in order: done by worker processes when there are
    enough items (``workers_for``), else, or where they fail, by this process. ``work`` is
    handed to the workers by name (a module's function, or a partial of one), and is to
    raise nothing it would not raise here: an error of qscore's is handed back as a result."""
    done = 0
    workers = workers_for(len(items))
    if workers:
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool
        from multiprocessing import get_context

        try:
            # spawned, not forked: a worker holds nothing of this process (the games
            # file's connection, a dictionary's thread), only what its work needs
            pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=_ignore_interrupts)
        except (OSError, ImportError, NotImplementedError):
            pool = None  # no processes here (no semaphores, a sandbox): this process does it
        if pool is not None:
            finished = False
            try:
                with _interrupts_ignored():  # the workers start ignoring Ctrl-C, as they will
                    results = pool.map(work, items, chunksize=CHUNK)
                for found in results:
                    done += 1
                    yield found
                finished = True
            except (BrokenProcessPool, OSError):
                pass  # the items not yet worked out are worked out here
            finally:
                if not finished:  # Ctrl-C (or an error): the workers end now, their work undone
                    _end_workers(pool)
                # nothing is cancelled: the pool's own thread fails every future it holds when
                # its workers end, and failing one cancelled raised in that thread (a
                # traceback on standard error after Ctrl-C); with its workers ended, the
                # wait for that thread is short
                pool.shutdown(wait=True)
            if finished:
                return
    for item in items[done:]:
        yield work(item)


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
