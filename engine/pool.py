"""Ranges of one run played by a pool of processes, their answers taken in order.

The goldfish command (``engine.goldfish``) and the matchup (``engine.matchup``) share a run between
processes the same way: each process starts with the run's simulation (forked, or pickled once where
``fork`` does not exist), plays the ranges it is handed, and the parent merges the answers in the
order of the ranges. This is the one home of how such a pool starts and ends.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

__all__ = ["in_order"]

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")


def in_order(
    processes: int, play: Callable[[T], R], parts: Iterable[T], start: Callable[[S], None], state: S
) -> Iterator[R]:
    """``play(part)`` for every part, in *processes* processes each begun by ``start(state)``, the
    answers yielded in the order of *parts*.

    The pool is closed, not terminated, once every answer is in: its processes read the end of the
    queue and leave. A forked process inherits its parent's SIGTERM handler, and with one that only
    notes the signal (RQ's worker leaves such a handler in a process that ran it), ``terminate()``
    let one idle process die holding the queue's lock and the other wait for that lock for ever,
    and the parent with it. ``terminate()`` is left for an error (or a consumer that stops early),
    and a process of the pool ends on SIGTERM from its first line (a signal that came before is
    still only noted).
    """
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    pool = multiprocessing.get_context(method).Pool(processes, initializer=_begin, initargs=(start, state))
    try:
        yield from pool.imap(play, parts)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _begin(start: Callable[[S], None], state: S) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    start(state)
