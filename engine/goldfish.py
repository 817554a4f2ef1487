"""Goldfish: simulate a deck played alone, many times, and summarise (docs/contract.md §5).

>>> from engine.cards import CardData, Game
>>> from engine.decklist import DeckEntry
>>> card = CardData(Game.ELIRIA, "T-1", "Golem", "combat", potential=3)
>>> result = run_goldfish("eliria", [DeckEntry("main", 8, card)], games=10, turns=3, seed=1)
>>> [t["mean_power_max"] for t in result["per_turn"]]
[1.0, 2.0, 3.0]
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .cards import Game, as_game
from .decklist import DeckEntry
from .eliria.effects import unsimulated
from .eliria.goldfish import EliriaSimulation
from .errors import InvalidSimulation, TraceNotAllowed
from .games import find_game
from .pool import in_order
from .rng import GameRng, new_seed

__all__ = [
    "MAX_GAMES",
    "MAX_TURNS",
    "PROGRESS_EVERY",
    "Simulation",
    "GoldfishRun",
    "check_bounds",
    "run_goldfish",
    "run_range",
    "simulation",
]

MAX_GAMES = 100_000
MAX_TURNS = 50
PROGRESS_EVERY = 1000
# With several processes (run_goldfish's *processes*), the run's first games are played here and
# timed; the rest is shared between processes only when it would take longer than this on one core.
# Starting a pool costs a few tens of milliseconds, which a smaller run would not win back.
HEAD_GAMES = 500
PARALLEL_FROM_SECONDS = 0.1

Progress = Callable[[int, int], None]


class Simulation(Protocol):
    """What a game's goldfish provides: a tally, a way to play one game into it, a report."""

    turns: int

    def new_tally(self) -> Any: ...

    def play(self, rng: GameRng, tally: Any, trace: list[dict[str, Any]] | None = None) -> None: ...

    def report(self, tally: Any) -> dict[str, Any]: ...


def simulation(
    game: Game | str, entries: Sequence[DeckEntry], turns: int, watch: Sequence[str] = (),
    *, in_place_of: Mapping[str, str] | None = None,
) -> Simulation:
    """The goldfish simulation of *game* for a deck (cards of other games are ignored).

    *watch*: card codes whose chance of being drawn by each turn is reported (Eliria).
    *in_place_of*: codes dealt with another card's identities, so a swap race's candidate takes the
    replaced card's very place in every game (engine.rng.card_ids; a list's own answer never uses it)."""
    the_game = as_game(game)
    mine = [e for e in entries if e.card.game is the_game]
    if watch:
        if the_game is not Game.ELIRIA:
            raise InvalidSimulation("«watch» solo está disponible en Eliria.")
        return EliriaSimulation(mine, turns, watch, in_place_of=in_place_of)
    sim: Simulation = find_game(the_game).simulation(mine, turns, in_place_of=in_place_of)
    return sim


def run_range(
    sim: Simulation,
    seed: int,
    start: int,
    stop: int,
    *,
    trace: list[dict[str, Any]] | None = None,
    progress: Progress | None = None,
    total: int | None = None,
) -> Any:
    """Play games ``start`` … ``stop - 1`` of the run with base *seed*; return their tally.

    Game *i* always draws from the streams of (seed, i), so tallies of disjoint
    ranges merge into the tally of the whole run. A simulation with a
    ``play_range(seed, start, stop, tally)`` method plays the games itself (in
    steps of ``PROGRESS_EVERY`` when *progress* is given); with a trace, or
    without that method, each game goes through ``play``.
    """
    tally = sim.new_tally()
    play_range: Callable[[int, int, int, Any], None] | None = getattr(sim, "play_range", None)
    if play_range is not None and trace is None:  # the simulation's own loop over many games
        step = PROGRESS_EVERY if progress is not None else max(stop - start, 1)
        for first in range(start, stop, step):
            last = min(first + step, stop)
            play_range(seed, first, last, tally)
            if progress is not None:
                progress(last - start, total if total is not None else stop - start)
        return tally
    rng = GameRng(seed, start)
    play = sim.play
    for index in range(start, stop):
        rng.start(seed, index)
        play(rng, tally, trace)
        done = index + 1 - start
        if progress is not None and (done % PROGRESS_EVERY == 0 or index + 1 == stop):
            progress(done, total if total is not None else stop - start)
    return tally


def run_goldfish(
    game: Game | str,
    entries: Sequence[DeckEntry],
    *,
    games: int = 1000,
    turns: int = 10,
    seed: int | None = None,
    trace: bool = False,
    progress: Progress | None = None,
    watch: Sequence[str] = (),
    processes: int = 1,
) -> dict[str, Any]:
    """Simulate *games* goldfish games of *turns* turns; the JSON-ready answer of docs/contract.md §5.

    The same arguments and seed give the same dict; without a seed one is drawn
    and returned under ``"seed"``. ``progress(done, total)`` is called every
    1,000 games and at the end. *processes* > 1: a run that would take longer than
    ``PARALLEL_FROM_SECONDS`` on one core is shared between that many processes
    (the command line's runs; a web request plays in its own thread), to the same dict.
    """
    check_bounds(games, turns, seed, trace)
    if not _is_int(processes) or processes < 1:
        raise InvalidSimulation(f"«processes» debe ser un entero positivo (recibido: {processes!r}).")
    run = GoldfishRun(game, entries, games=games, turns=turns, seed=seed, watch=watch)
    events: list[dict[str, Any]] | None = [] if trace else None
    if processes > 1 and events is None:
        run.tally = _on_every_core(run.sim, run.seed, games, processes, progress)
    else:
        run.tally = run_range(run.sim, run.seed, 0, games, trace=events, progress=progress, total=games)
    run.played = games
    result = run.answer()
    if events is not None:
        result["trace"] = events
    return result


def _on_every_core(sim: Simulation, seed: int, games: int, processes: int, progress: Progress | None) -> Any:
    """The tally of games 0 … *games* - 1: the first ``HEAD_GAMES`` played here and timed, the rest
    here too when it is short (see ``PARALLEL_FROM_SECONDS``), else in *processes* processes forked
    from this one, in consecutive ranges merged in order (the tally of one range after another is
    the tally of the whole, so the answer does not depend on how the games were shared)."""
    head = min(games, HEAD_GAMES)
    began = time.perf_counter()
    tally = run_range(sim, seed, 0, head, progress=progress, total=games)
    rest = games - head
    per_game = (time.perf_counter() - began) / max(head, 1)
    if rest == 0:
        return tally
    alone = rest * per_game < PARALLEL_FROM_SECONDS or rest < 2 * processes
    if alone or "fork" not in multiprocessing.get_all_start_methods():
        def done(n: int, _total: int) -> None:
            if progress is not None:
                progress(head + n, games)

        tally.merge(run_range(sim, seed, head, games, progress=done if progress is not None else None, total=games))
        return tally
    parts = processes * 4  # a slow process leaves a short tail
    bounds = [head + rest * i // parts for i in range(parts + 1)]
    ranges = [(seed, a, b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]
    # Forked: each process starts with this one's simulation (no pickling of compiled objects).
    for (_seed, _start, stop), part in zip(ranges, in_order(processes, _play_part, ranges, _share, sim), strict=True):
        tally.merge(part)
        if progress is not None:
            progress(stop, games)
    return tally


_SHARED: list[Simulation] = []  # the simulation of a forked process (_on_every_core)


def _share(sim: Simulation) -> None:
    _SHARED[:] = [sim]


def _play_part(part: tuple[int, int, int]) -> Any:
    seed, start, stop = part
    return run_range(_SHARED[0], seed, start, stop)


class GoldfishRun:
    """One goldfish run played in steps: games 0 … ``played`` - 1 are in ``tally``.

    ``play_to(n)`` plays on to game *n*; ``answer()`` plays the rest and gives the dict
    :func:`run_goldfish` gives for the same arguments (the tallies of consecutive ranges merge into
    the whole run's, as a queued run's chunks do). The site's budget times a request's first games
    on one (play.runs.budget) and the request then finishes it instead of playing them again.
    Without a seed one is drawn here, so the games played so far and the rest share it."""

    def __init__(
        self,
        game: Game | str,
        entries: Sequence[DeckEntry],
        *,
        games: int,
        turns: int,
        seed: int | None = None,
        watch: Sequence[str] = (),
        sim: Simulation | None = None,
    ) -> None:
        check_bounds(games, turns, seed)
        self.game = as_game(game)
        self.entries = entries
        self.games, self.turns = games, turns
        self.seed = new_seed() if seed is None else seed
        if sim is not None and sim.turns != turns:
            raise InvalidSimulation(f"La simulación dada juega {sim.turns} turnos, no {turns}.")
        # *sim*: ``simulation(game, entries, turns, watch)`` built earlier (a game's result does not
        # depend on the games played before it on the same simulation, so one may serve many runs).
        self.sim = simulation(self.game, entries, turns, watch) if sim is None else sim
        self.tally: Any = self.sim.new_tally()
        self.played = 0

    def play_to(self, stop: int) -> None:
        """Play games ``played`` … *stop* - 1 (at most to the run's last game) into the tally."""
        stop = min(stop, self.games)
        if stop <= self.played:
            return
        more = run_range(self.sim, self.seed, self.played, stop)
        if self.played == 0:
            self.tally = more
        else:
            self.tally.merge(more)
        self.played = stop

    def answer(self) -> dict[str, Any]:
        """The whole run's answer (docs/contract.md §5), playing the games not played yet."""
        self.play_to(self.games)
        game = self.game
        result: dict[str, Any] = {"game": game.value, "games": self.games, "turns": self.turns, "seed": self.seed}
        result.update(self.sim.report(self.tally))
        result["unsimulated"] = unsimulated(e.card for e in self.entries if e.card.game is game)
        return result


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_bounds(games: object, turns: object, seed: object, trace: bool = False) -> None:
    """Refuse a goldfish request outside docs/contract.md §5 (games 1–100,000, turns 1–50, seed ≥ 0)."""
    if not _is_int(games) or not 1 <= games <= MAX_GAMES:  # type: ignore[operator]
        raise InvalidSimulation(f"«games» debe ser un entero entre 1 y {MAX_GAMES} (recibido: {games!r}).")
    if not _is_int(turns) or not 1 <= turns <= MAX_TURNS:  # type: ignore[operator]
        raise InvalidSimulation(f"«turns» debe ser un entero entre 1 y {MAX_TURNS} (recibido: {turns!r}).")
    if seed is not None and (not _is_int(seed) or seed < 0):  # type: ignore[operator]
        raise InvalidSimulation(f"«seed» debe ser un entero no negativo (recibido: {seed!r}).")
    if trace and games != 1:
        raise TraceNotAllowed(f"La traza solo está disponible con «games»: 1 (recibido: {games}).")
