"""How the benchmarks time a piece of work: the best of several runs, the one least disturbed by
whatever else the machine is doing."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def best_time(fn: Callable[[], Any], repeat: int = 1) -> tuple[float, Any]:
    """Best wall time of *repeat* runs (the least disturbed by other work), and the last value."""
    best, value = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - start)
    return best, value


def best_times(fns: list[Callable[[], Any]], repeat: int) -> tuple[list[float], list[float]]:
    """Best wall time and best CPU time of each function, run in turns so that a busy spell
    hits them all alike (the CPU time is what one core does, however loaded the machine is)."""
    best = [float("inf")] * len(fns)
    cpu = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            started = time.process_time()
            seconds, _ = best_time(fn)
            best[i] = min(best[i], seconds)
            cpu[i] = min(cpu[i], time.process_time() - started)
    return best, cpu
