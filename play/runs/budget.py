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

from engine import COMPILED
from engine.search import DEFAULT_ROLLOUTS, SEARCH_PLAYERS

# Seconds per game, measured with bench/jobs.py --calibrate (bundled sample decks, rules players)
# on the 2-core machine while other processes shared it (an idle core is up to twice as fast), for
# the engine this process runs: compiled with mypyc (scripts/build_engine.py; 29.6 µs, 58.2 µs, 0.69 ms
# for Eliria's 10- and 50-turn goldfish and matchup game, 18.8 µs, 27.1 µs, 0.21 ms for Misión's,
# given 30-50 % of room) or pure Python (its fallback, 3-4 times slower).
if COMPILED:
    GOLDFISH_BASE = {"eliria": 30e-6, "mision": 25e-6}
    GOLDFISH_PER_TURN = {"eliria": 1.0e-6, "mision": 0.3e-6}
    MATCHUP_GAME = {"eliria": 0.9e-3, "mision": 0.3e-3}
else:
    GOLDFISH_BASE = {"eliria": 30e-6, "mision": 30e-6}
    GOLDFISH_PER_TURN = {"eliria": 7e-6, "mision": 0.6e-6}
    MATCHUP_GAME = {"eliria": 2.5e-3, "mision": 1.0e-3}
# Seconds per game added by each seat the search player plays (engine/search.py at its default budget):
# bench/players.py measured its median decision at 16-27 ms of one core on the pure engine, some 40-70
# decisions with a choice a game. A search matchup never fits a request: it is priced by this cost
# alone (no game of it is played in the request) and queued, its chunks sized by it.
SEARCH_POLICIES = frozenset(SEARCH_PLAYERS)
SEARCH_GAME = {"eliria": 0.5, "mision": 0.5} if COMPILED else {"eliria": 2.0, "mision": 2.0}  # at DEFAULT_ROLLOUTS
# The shortest chunk a run is split into, as a share of settings.SIMULATION_CHUNK_SECONDS (the
# longest): 0.1 s by default. A chunk's own cost (claimed, its lists read, its tally written, the
# next one taken) measured 8-12 ms on the 2-core machine (a trace of each chunk: docs/performance.md,
# eighth pass), a tenth of that; with the compiled engine a 10,000-game goldfish is 0.4-0.6 s of one core, which the former
# quarter-second floor often kept in one chunk on one worker while the other stood idle (issue 26).
SHORTEST_CHUNK = 0.1


def goldfish_seconds(game: str, games: int, turns: int) -> float:
    return games * (GOLDFISH_BASE.get(game, 50e-6) + turns * GOLDFISH_PER_TURN.get(game, 10e-6))


def matchup_seconds(game: str, games: int, *, policy_a: str = "rules", policy_b: str = "rules") -> float:
    """The fixed cost of a matchup: a game of rule-based players, plus the measured cost of each
    seat played by the search player (SEARCH_GAME)."""
    searching = sum(SEARCH_PLAYERS.get(p, 0) / DEFAULT_ROLLOUTS for p in (policy_a, policy_b))
    return games * (MATCHUP_GAME.get(game, 3e-3) + searching * SEARCH_GAME.get(game, 2.0))


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
