"""Long goldfish runs on every core, stopping at a time limit with what they have.

Game i always uses the random streams of (seed, i) (engine.rng), so the tally of a run split in
chunks over processes is the tally of the same run in one process. Chunks are collected in index
order and a run that hits its time limit keeps a contiguous prefix of games: its numbers are
exactly those of the same request with `games` set to what was played.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from engine import DeckEntry, as_game
from engine.goldfish import check_bounds, run_range, simulation
from engine.rng import new_seed

CHUNK = 2_000


def _chunk(
    game: str, entries: Sequence[DeckEntry], turns: int, seed: int, start: int, stop: int, watch: Sequence[str]
) -> Any:
    return run_range(simulation(game, entries, turns, watch), seed, start, stop)


def goldfish_parallel(
    game: str, entries: Sequence[DeckEntry], *, games: int, turns: int, seed: int | None = None,
    workers: int | None = None, time_limit: float | None = None,
    progress: Callable[[int, int], None] | None = None, watch: Sequence[str] = (),
) -> dict[str, Any]:
    """Like engine.goldfish, over `workers` processes (default: all cores), bounded in time."""
    check_bounds(games, turns, seed)
    base = new_seed() if seed is None else seed
    sim = simulation(game, entries, turns, watch)
    workers = workers or os.cpu_count() or 1
    deadline = time.monotonic() + time_limit if time_limit else None
    ranges = [(s, min(s + CHUNK, games)) for s in range(0, games, CHUNK)]
    tally, played, stopped = sim.new_tally(), 0, False
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        futures: list[Future[Any]] = [
            pool.submit(_chunk, as_game(game).value, list(entries), turns, base, a, b, tuple(watch))
            for a, b in ranges
        ]
        for (_start, b), future in zip(ranges, futures, strict=True):
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                part = future.result(timeout=remaining)
            except TimeoutError:
                stopped = True
                break
            tally.merge(part)
            played = b
            if progress:
                progress(played, games)
        if stopped:
            for future in futures:
                future.cancel()
    result: dict[str, Any] = {"game": as_game(game).value, "games": played, "turns": turns, "seed": base}
    result.update(sim.report(tally) if played else {})
    if stopped:
        result.update(stopped_early=True, games_requested=games)
    return result
