"""How long a simulation will take, and whether a request may play it inline: priced on the actual deck.

A web request plays a simulation inline only when it fits ``SIMULATION_INLINE_BUDGET`` seconds of
engine time (about 100 ms); anything bigger becomes a queued run. Two prices, both must fit:

- the fixed costs below, per game on one core of the 2-core reference machine (bench/jobs.py
  --calibrate prints them): a cheap first filter that sends big runs to the queue at once;
- the deck's own price: its first games are played and timed (at most ``PROBE_SECONDS`` of
  engine time) on the run itself (``engine.goldfish.GoldfishRun``, ``engine.matchup.SteppedMatchup``;
  without a seed in the request the run's seed is drawn first), and the run fits only if that time
  per game times the games asked for stays under ``DECK_SHARE`` times the budget. A run that fits is
  handed back (``Priced.head``) and the request finishes it: the probe's games are not played twice. A deck whose cards make games slow (many effects, long chains) is queued
  however few games it asks for, so no request plays more than about 0.2 s of engine time
  (probe included). Engine time is the thread's CPU time: a busy machine does not queue a run
  that fits, nor does an idle one let a slow deck through.

The deck's price is measured even when the fixed costs already send the run to the queue, on
``SIZING_PROBE_SECONDS`` of its games (a fifth of the probe): it is what the queued run's chunks
are sized by (``chunk_count``, ``split``; play.runs.jobs.plan), remembered for the thread that
measured it (``recall``) and stored with the run.
"""

from __future__ import annotations

import gc
import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from cards.validation import UNREADABLE, validate_list
from engine import COMPILED, DeckEntry, ValidationReport
from engine.goldfish import GoldfishRun
from engine.matchup import SteppedMatchup
from engine.search import DEFAULT_ROLLOUTS, SEARCH_PLAYERS
from play.runs.simulations import shared_simulation

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
# Engine time spent pricing one request's deck: a fifth of the default budget.
PROBE_SECONDS = 0.02
# The same for a run the fixed costs already send to the queue: its price only sizes its chunks,
# which a few milliseconds of its games measure well enough (the 20 ms probe was two thirds of the
# time a 10,000-game goldfish's POST took before its run was queued; issue 26).
SIZING_PROBE_SECONDS = 0.004
# The deck's own price may use this much of the budget: the fixed costs keep typical runs within
# the budget, the deck's price keeps any run (probe included) within twice it, the 0.2 s ceiling.
DECK_SHARE = 1.8


def goldfish_seconds(game: str, games: int, turns: int) -> float:
    return games * (GOLDFISH_BASE.get(game, 50e-6) + turns * GOLDFISH_PER_TURN.get(game, 10e-6))


def matchup_seconds(game: str, games: int, *, policy_a: str = "rules", policy_b: str = "rules") -> float:
    """The fixed cost of a matchup: a game of rule-based players, plus the measured cost of each
    seat played by the search player (SEARCH_GAME)."""
    searching = sum(SEARCH_PLAYERS.get(p, 0) / DEFAULT_ROLLOUTS for p in (policy_a, policy_b))
    return games * (MATCHUP_GAME.get(game, 3e-3) + searching * SEARCH_GAME.get(game, 2.0))


def fits_inline(seconds: float) -> bool:
    """Whether a request may spend *seconds* of one core (settings.SIMULATION_INLINE_BUDGET)."""
    return seconds <= settings.SIMULATION_INLINE_BUDGET


def fits_deck_price(seconds: float) -> bool:
    """Whether *seconds*, measured on the request's own deck, fit the ceiling (DECK_SHARE x budget)."""
    return seconds <= DECK_SHARE * settings.SIMULATION_INLINE_BUDGET


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


def probe(play: Callable[[int, int], object], games: int, *, seconds: float = PROBE_SECONDS) -> float:
    """Seconds per game of ``play(start, stop)``, timed on the run's first games.

    Batches grow (1, then as many as the time left allows, at most four times the last) until
    *seconds* of engine time are spent or *games* are played; a deck whose first game alone exceeds
    the probe stops there. Each batch costs a call into the engine (a tally, the game's streams,
    a merge: about 10 µs), so they grow fast: a 200-game run of a small deck is 5 of them, not 8. Engine errors (a card whose effects cannot be played) propagate: the request
    answers them before anything is queued.
    """
    played, spent, batch = 0, 0.0, 1
    # The collector stays off while the games are timed: a full collection of the process's other
    # garbage landing in the first game once priced a 0.3 ms game at 20 ms and queued a run that
    # fits (found under pytest-xdist). The games' own garbage is collected when it is turned back on.
    collecting = gc.isenabled()
    gc.disable()
    try:
        while played < games and spent < seconds:
            batch = min(batch, games - played)
            start = time.thread_time()  # engine time: this thread's CPU, not the load of the machine
            play(played, played + batch)
            spent += time.thread_time() - start
            played += batch
            per_game = spent / played
            batch = max(1, min(batch * 4, int((seconds - spent) / max(per_game, 1e-9))))
    finally:
        if collecting:
            gc.enable()
    return spent / max(played, 1)


# The last price this thread measured, with what it priced: a request that prices a deck and then
# queues it sizes the run's chunks from that measurement (play.runs.jobs.measure) without playing its
# first games a second time. Thread-local: a request's thread never reads another request's price.
_last = threading.local()


def goldfish_key(game: str, games: int, turns: int, seed: int | None) -> tuple[object, ...]:
    return ("goldfish", game, games, turns, seed)


def matchup_key(game: str, games: int, seed: int | None, policy_a: str, policy_b: str) -> tuple[object, ...]:
    return ("matchup", game, games, seed, policy_a, policy_b)


def remember(key: tuple[object, ...], per_game: float) -> float:
    """Keep *per_game* as this thread's last price, of *key*, and return it."""
    _last.price = (key, per_game)
    return per_game


def recall(key: tuple[object, ...]) -> float | None:
    """The seconds per game this thread last measured for *key* (see goldfish_key), or None."""
    last = getattr(_last, "price", None)
    return last[1] if last is not None and last[0] == key else None


def goldfish_game_seconds(
    game: str, entries: Sequence[DeckEntry], *, games: int, turns: int, seed: int | None = None
) -> float:
    """The measured seconds per goldfish game of this deck (see :func:`probe`)."""
    return goldfish_priced(game, entries, games=games, turns=turns, seed=seed)[0]


def goldfish_priced(
    game: str, entries: Sequence[DeckEntry], *, games: int, turns: int, seed: int | None = None,
    seconds: float = PROBE_SECONDS,
) -> tuple[float, GoldfishRun]:
    """The measured seconds per goldfish game of this deck (*seconds* of engine time spent on it, see
    :func:`probe`), and the run they were measured on: its first games are played (a request that
    fits finishes it rather than play them again; without a seed the run has drawn its own)."""
    run = GoldfishRun(game, entries, games=games, turns=turns, seed=seed,
                      sim=shared_simulation(game, entries, turns))
    per_game = probe(lambda _start, stop: run.play_to(stop), games, seconds=seconds)
    return remember(goldfish_key(game, games, turns, seed), per_game), run


def matchup_game_seconds(
    game: str, deck_a: Sequence[DeckEntry], deck_b: Sequence[DeckEntry], *, games: int, **options: Any
) -> float:
    """The measured seconds per matchup game of these two decks (see :func:`probe`); *options* as
    :func:`matchup_priced` takes them (``seed``, ``policy_a``, ``policy_b``)."""
    return matchup_priced(game, deck_a, deck_b, games=games, **options)[0]


def matchup_priced(
    game: str,
    deck_a: Sequence[DeckEntry],
    deck_b: Sequence[DeckEntry],
    *,
    games: int,
    seed: int | None = None,
    policy_a: str = "rules",
    policy_b: str = "rules",
    seconds: float = PROBE_SECONDS,
) -> tuple[float, SteppedMatchup]:
    """The measured seconds per matchup game of these decks (*seconds* of engine time spent on it),
    and the run they were measured on (its first games played; without a seed the run has drawn
    its own)."""
    run = SteppedMatchup(game, deck_a, deck_b, games=games, seed=seed, policy_a=policy_a, policy_b=policy_b)
    per_game = probe(lambda _start, stop: run.play_to(stop), games, seconds=seconds)
    return remember(matchup_key(game, games, seed, policy_a, policy_b), per_game), run


def _probe_for(fixed_seconds: float) -> float:
    """How long to price a deck: the full probe when the run may fit the request, the sizing one when
    its fixed costs already queue it (its price then only sizes the chunks)."""
    return PROBE_SECONDS if fits_inline(fixed_seconds) else SIZING_PROBE_SECONDS


def fits_both(fixed_seconds: float, measured_seconds: float) -> bool:
    """Whether a run fits a request by both prices: the fixed costs of its kind and the time
    measured on its own decks (see the module's docstring)."""
    return fits_inline(fixed_seconds) and fits_deck_price(measured_seconds)


@dataclass(frozen=True)
class Priced:
    """Whether a run fits a request (it is truthy then), with the run its price was measured on when
    a request may finish it: its first games are played."""

    fits: bool
    head: GoldfishRun | SteppedMatchup | None = None
    # The deck list's validation, when the pricing read one (goldfish_list_fits): the answer reuses it
    # rather than read the same list again (play.goldfish.services.goldfish_answer's ``report``).
    report: ValidationReport | None = None

    def __bool__(self) -> bool:
        return self.fits


def goldfish_fits(
    game: str, entries: Sequence[DeckEntry], *, games: int, turns: int, seed: int | None = None
) -> Priced:
    """Whether a goldfish of this deck fits a request: by the fixed costs, then by the deck's own price;
    when it fits, with the run whose first games the price was measured on, for the request to finish
    (play.goldfish.services.goldfish_answer's ``head``). The deck is priced either way: a run too big
    for the request is split by that price (play.runs.jobs)."""
    fixed = goldfish_seconds(game, games, turns)
    per_game, run = goldfish_priced(game, entries, games=games, turns=turns, seed=seed, seconds=_probe_for(fixed))
    fits = fits_both(fixed, games * per_game)
    return Priced(fits, run if fits else None)


def matchup_fits(game: str, deck_a: Sequence[DeckEntry], deck_b: Sequence[DeckEntry], *, games: int,
                 **options: Any) -> Priced:
    """Whether a matchup of these decks fits a request: by the fixed costs, then by the decks' own price
    (measured either way: a run too big for the request is split by it, play.runs.jobs); when it fits,
    with the run its price was measured on, for the request to finish (play.matchups.services.matchup_run's
    ``head``). *options*: ``seed``, ``policy_a``, ``policy_b``, as :func:`matchup_priced` takes them."""
    policies = {"policy_a": options.get("policy_a", "rules"), "policy_b": options.get("policy_b", "rules")}
    fixed = matchup_seconds(game, games, **policies)
    if not SEARCH_POLICIES.isdisjoint(policies.values()):  # priced by the players' cost: nothing played here
        remember(matchup_key(game, games, options.get("seed"), *policies.values()), fixed / games)
        return Priced(False, None)
    per_game, run = matchup_priced(game, deck_a, deck_b, games=games, seconds=_probe_for(fixed), **options)
    fits = fits_both(fixed, games * per_game)
    return Priced(fits, run if fits else None)


def goldfish_list_fits(game: str, text: str, *, games: int, turns: int, seed: int | None = None) -> Priced:
    """:func:`goldfish_fits` for a deck list; a list that cannot be identified is left to the goldfish
    itself to refuse (it fits: nothing is played)."""
    report = validate_list(game, text)
    if any(v.code in UNREADABLE for v in report.errors):
        return Priced(True, report=report)
    priced = goldfish_fits(game, report.entries, games=games, turns=turns, seed=seed)
    return Priced(priced.fits, priced.head, report)
