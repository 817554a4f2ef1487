"""How long a simulation will take, from the engine's measured speed, and whether a request may run it.

A web request plays a simulation inline only when it fits ``SIMULATION_INLINE_BUDGET`` seconds
(about 100 ms); anything bigger becomes a queued run. The costs are per game on one core of the
2-core reference machine (bench/jobs.py --calibrate prints them): a goldfish game costs a fixed
part plus a part per turn; a matchup game is a whole two-player game with the rule-based players
(the random players are cheaper).
"""

from __future__ import annotations

from django.conf import settings

# Seconds per game, measured with bench/jobs.py --calibrate (bundled sample decks, rules players)
# on the 2-core machine while other processes shared it (an idle core is up to twice as fast).
GOLDFISH_BASE = {"eliria": 30e-6, "mision": 30e-6}
GOLDFISH_PER_TURN = {"eliria": 7e-6, "mision": 0.6e-6}
MATCHUP_GAME = {"eliria": 2.5e-3, "mision": 1.0e-3}


def goldfish_seconds(game: str, games: int, turns: int) -> float:
    return games * (GOLDFISH_BASE.get(game, 50e-6) + turns * GOLDFISH_PER_TURN.get(game, 10e-6))


def matchup_seconds(game: str, games: int) -> float:
    return games * MATCHUP_GAME.get(game, 3e-3)


def fits_inline(seconds: float) -> bool:
    """Whether a request may spend *seconds* of one core (settings.SIMULATION_INLINE_BUDGET)."""
    return seconds <= settings.SIMULATION_INLINE_BUDGET


def chunk_games(seconds_per_game: float, *, floor: int) -> int:
    """Games per chunk: about settings.SIMULATION_CHUNK_SECONDS of work, a multiple of *floor*."""
    target = settings.SIMULATION_CHUNK_SECONDS / max(seconds_per_game, 1e-9)
    return max(floor, int(target) // floor * floor)
