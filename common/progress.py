"""The progress bar of the long commands (import_catalogue, goldfish, matchup)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from tqdm import tqdm


@contextmanager
def progress_bar(
    stream: TextIO, unit: str, *, enabled: bool = True, min_total: int = 0
) -> Iterator[Callable[[int, int], None]]:
    """Yield a `progress(done, total)` callback drawing a tqdm bar on `stream` (stderr).

    The bar appears on the first call whose total reaches `min_total`, and is closed on exit."""
    bar: tqdm | None = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if not enabled or total < min_total:
            return
        if bar is None:
            bar = tqdm(total=total, unit=unit, file=stream)
        bar.n = done
        bar.refresh()

    try:
        yield progress
    finally:
        if bar is not None:
            bar.close()
