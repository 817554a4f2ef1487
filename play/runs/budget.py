"""How long a simulation will take, by the fixed costs of its kind, and how a queued run is split.

A web request plays a simulation inline only when its fixed costs (below, per game on one core of
the 2-core reference machine: bench/jobs.py --calibrate prints them) fit ``SIMULATION_INLINE_BUDGET``
seconds of engine time (about 100 ms); anything bigger is queued at once. A run that fits is played
under a CPU deadline (play.runs.answer.simulate): a deck whose cards make games slow is not priced
first, its games past the deadline are queued from the next game, and its chunks are sized by the
pace of the games the request played.
"""

from __future__ import annotations

import math

from django.conf import settings

from engine.search import SEARCH_PLAYERS

# Seconds per game: each game's record prices its own (common/games.py SiteGame.goldfish_seconds and
# matchup_seconds, measured with bench/jobs.py --calibrate) for the engine this process runs.
# A search matchup never fits a request: it is priced by the search seats' cost alone (no game of it
# is played in the request) and queued, its chunks sized by it.
SEARCH_POLICIES = frozenset(SEARCH_PLAYERS)
# The shortest chunk a run is split into, as a share of settings.SIMULATION_CHUNK_SECONDS (the
# longest): 0.1 s by default. A chunk's own cost (claimed, its lists read, its tally written, the
# next one taken) measured 8-12 ms on the 2-core machine (a trace of each chunk: docs/performance.md,
# eighth pass), a tenth of that; with the compiled engine a 10,000-game goldfish is 0.4-0.6 s of one core, which the former
# quarter-second floor often kept in one chunk on one worker while the other stood idle (issue 26).
SHORTEST_CHUNK = 0.1


def chunk_count(seconds: float, *, workers: int) -> int:
    """How many chunks a run of *seconds* of engine time is split into.

    Enough that every worker gets work and a slow or late one leaves little tail: two per worker,
    and more when chunks would pass settings.SIMULATION_CHUNK_SECONDS each, always a multiple of
    the workers, so that each plays the same share (5 chunks on 2 workers would leave one of them
    playing a fifth of the run alone). Never chunks under SHORTEST_CHUNK of that (0.1 s by
    default), whose own cost (claim, lists read again, tally written) would weigh; when that floor
    leaves fewer than two per worker, still a multiple of the workers as long as there are more
    chunks than workers. A run under 0.2 s is one chunk, 0.2-0.4 s two.
    """
    workers = max(workers, 1)
    longest = settings.SIMULATION_CHUNK_SECONDS
    wanted = max(2, math.ceil(seconds / longest / workers)) * workers  # chunks of at most `longest`
    n = min(wanted, int(seconds / (SHORTEST_CHUNK * longest) + 1e-9))
    if workers < n < wanted:
        n -= n % workers
    return max(1, n)


def split(games: int, parts: int) -> list[tuple[int, int]]:
    """Games 0 … games - 1 as *parts* consecutive ranges of sizes that differ by one at most."""
    parts = max(1, min(parts, games))
    bounds = [games * i // parts for i in range(parts + 1)]
    return list(zip(bounds, bounds[1:], strict=False))
