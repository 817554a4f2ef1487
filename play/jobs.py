"""What a queued run of each kind computes: its chunk size, a slice of games, the merged answer.

A job is built from a run's stored parameters (the lists are validated again against the
catalogue, as the request did). Its answer is exactly the answer of the same request played in
one process — the same keys in the same order — because game i draws only from (seed, i) and
the tallies of consecutive ranges merge into the tally of the whole range.
"""

from __future__ import annotations

import hashlib
import hmac
import pickle  # noqa: S403 - only tallies this site wrote, signed with its SECRET_KEY (see loads)
from typing import Any, Protocol

from django.conf import settings

from decks.validation import UNREADABLE, validate_list
from engine import as_game
from engine.goldfish import run_goldfish as engine_goldfish
from engine.goldfish import run_range, simulation
from engine.matchup import MatchupRun, MatchupTally
from engine.matchup_compare import PairedMatchupTally
from play import budget
from play.goldfish import GoldfishInputError, watch_codes
from play.models import SimulationRun


class Job(Protocol):
    # The most games between two looks at the time limit and the heartbeat's flag (cancelled, or
    # the lease lost); the worker sizes slices by measured time below it (play.worker).
    slice: int

    def new_tally(self) -> Any: ...

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[Any, int]: ...

    # A queued run is merged only with every game (CONTRACT section 5): the worker passes
    # played == the run's games and stopped=False.
    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]: ...


class GoldfishJob:
    slice = 500

    def __init__(self, run: SimulationRun) -> None:
        p = run.params
        report = validate_list(run.game, p["list"])
        if any(v.code in UNREADABLE for v in report.errors):
            raise GoldfishInputError(report.as_dict())
        self.game, self.turns, self.seed, self.games = as_game(run.game).value, p["turns"], p["seed"], p["games"]
        self.validation = report.as_dict()
        self.entries, self.codes = report.entries, watch_codes(report.entries, p.get("watch", []))
        self.sim = simulation(run.game, self.entries, self.turns, self.codes)

    def new_tally(self) -> Any:
        return self.sim.new_tally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[Any, int]:
        return run_range(self.sim, self.seed, start, stop), stop - start

    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]:
        # The answer of play.goldfish.run_goldfish, key for key and in its order: the engine's own
        # answer for one game of this request gives every key (including any the engine adds
        # beside its tally), then the merged tally's figures replace the one game's.
        result = engine_goldfish(self.game, self.entries, games=1, turns=self.turns, seed=self.seed, watch=self.codes)
        result["games"] = played
        result.update(self.sim.report(tally))
        if stopped:
            result.update(stopped_early=True, games_requested=self.games)
        result["validation"] = self.validation
        return result


class MatchupJob:
    slice = 20

    def __init__(self, run: SimulationRun) -> None:
        from play.matchups import sources

        p = run.params
        a, b = sources(run.game, p["list_a"], p["list_b"])
        assert a.report is not None and b.report is not None
        self.games = p["games"]
        self.validation = {"a": a.report.as_dict(), "b": b.report.as_dict()}
        self.run = MatchupRun(
            run.game, a.entries, b.entries, seed=p["seed"],
            policy_a=p.get("policy_a", "rules"), policy_b=p.get("policy_b", "rules"),
        )

    def new_tally(self) -> MatchupTally:
        return MatchupTally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[MatchupTally, int]:
        tally = self.run.run_range(start, stop, deadline=deadline)
        return tally, tally.played

    def report(self, tally: MatchupTally, played: int, stopped: bool) -> dict[str, Any]:
        # The keys of play.matchups.matchup_run (engine.run_matchup + validation).
        result = self.run.report(tally, self.games, stopped)
        result["validation"] = self.validation
        return result


class CompareJob:
    """Two lists on common seeds (docs/contract.md §6): paired tallies of game ranges merge exactly."""

    slice = 250

    def __init__(self, run: SimulationRun) -> None:
        from play.compare import paired_run

        self.seed = run.params["seed"]
        self.paired, self.a, self.b = paired_run(run.game, run.params)

    def new_tally(self) -> Any:
        return self.paired.new_tally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[Any, int]:
        return self.paired.run_range(self.seed, start, stop), stop - start

    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]:
        # The answer of play.compare.compare_answer, key for key.
        from play.compare import with_validation

        return with_validation(self.paired.report(tally, self.seed), self.a, self.b)


class SwapsJob:
    """A swap race: its rounds follow one another, so a run is one chunk; the job keeps the race's
    state between the worker's slices (where a slice ends does not change the race)."""

    slice = 20

    def __init__(self, run: SimulationRun) -> None:
        from play.compare import swap_race

        self.race, self.validation = swap_race(run.game, run.params)
        self.state = self.race.new_tally()

    def new_tally(self) -> Any:
        return self.race.new_tally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[Any, int]:
        return self.race.play(self.state, start, stop), stop - start

    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]:
        # The answer of play.compare.swaps_answer, key for key.
        result = self.race.report(tally)
        result["validation"] = self.validation.as_dict()
        return result


class MatchupCompareJob:
    """Two versions of a deck against one rival on common seeds: both matchup tallies, merged."""

    slice = 10

    def __init__(self, run: SimulationRun) -> None:
        from play.compare import paired_matchup

        self.games = run.params["games"]
        self.paired, self.found = paired_matchup(run.game, run.params)

    def new_tally(self) -> Any:
        return PairedMatchupTally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[Any, int]:
        tally = self.paired.run_range(start, stop, deadline=deadline)
        return tally, tally.played

    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]:
        # The answer of play.compare.matchup_compare_answer, key for key.
        from play.compare import matchup_with_validation

        return matchup_with_validation(self.paired.report(tally, self.games, stopped), self.found)


JOBS: dict[str, type[GoldfishJob] | type[MatchupJob] | type[CompareJob] | type[SwapsJob] | type[MatchupCompareJob]] = {
    SimulationRun.Kind.GOLDFISH: GoldfishJob, SimulationRun.Kind.MATCHUP: MatchupJob,
    SimulationRun.Kind.COMPARE: CompareJob, SimulationRun.Kind.SWAPS: SwapsJob,
    SimulationRun.Kind.MATCHUP_COMPARE: MatchupCompareJob,
}


def job_for(run: SimulationRun) -> Job:
    return JOBS[run.kind](run)


def seconds_per_game(kind: str, game: str, params: dict[str, Any]) -> float:
    """The run's cost per game: measured on its own deck at submission (``measured_seconds_per_game``,
    see :func:`measure`), else the fixed costs of play.budget."""
    measured = params.get(MEASURED)
    if measured:
        return float(measured)
    if kind == SimulationRun.Kind.GOLDFISH:
        return budget.goldfish_seconds(game, 1, params["turns"])
    if kind == SimulationRun.Kind.COMPARE:
        from play.compare import compare_seconds

        return compare_seconds(game, 1, params["turns"])
    if kind == SimulationRun.Kind.MATCHUP_COMPARE:
        return 2 * budget.matchup_seconds(game, 1)
    return budget.matchup_seconds(game, 1)


# The key of a run's params that keeps the seconds per game measured at submission, so that the
# plan of a stored run can be computed again (the same chunks) whatever the machine does later.
MEASURED = "measured_seconds_per_game"


def measure(kind: str, game: str, params: dict[str, Any]) -> float | None:
    """Seconds per game of this run's own deck, as the request that queues it measured them when it
    priced the deck (play.budget.goldfish_fits / matchup_fits time its first games), or None when
    this thread priced nothing of the kind: the fixed costs of play.budget size its chunks then."""
    seed = params.get("seed")
    if kind == SimulationRun.Kind.GOLDFISH:
        return budget.recall(budget.goldfish_key(game, params["games"], params["turns"], seed))
    if kind == SimulationRun.Kind.MATCHUP:
        return budget.recall(budget.matchup_key(
            game, params["games"], seed, params.get("policy_a", "rules"), params.get("policy_b", "rules"),
        ))
    return None


def plan(kind: str, game: str, params: dict[str, Any]) -> list[tuple[int, int]]:
    """The chunks of a run: consecutive game ranges of nearly equal size, as many as
    play.budget.chunk_count gives for its cost per game and settings.SIMULATION_WORKERS workers, so
    that even a small run is shared between the workers (a swap race, whose rounds depend on the
    ones before, is one chunk). A pure function of the stored params: the same run, the same plan."""
    games = params["games"]
    if kind == SimulationRun.Kind.SWAPS:
        return [(0, games)]
    seconds = games * seconds_per_game(kind, game, params)
    return budget.split(games, budget.chunk_count(seconds, workers=settings.SIMULATION_WORKERS))


# Tallies travel between workers through the database: pickled, and signed so that a row
# written by anything but this site's workers is refused instead of unpickled.
def _mac(data: bytes) -> bytes:
    key = hashlib.sha256(b"play.chunk-tally" + settings.SECRET_KEY.encode()).digest()
    return hmac.new(key, data, hashlib.sha256).digest()


def dumps(tally: Any) -> bytes:
    data = pickle.dumps(tally, protocol=pickle.HIGHEST_PROTOCOL)
    return _mac(data) + data


def loads(blob: bytes) -> Any:
    blob = bytes(blob)
    mac, data = blob[:32], blob[32:]
    if not hmac.compare_digest(mac, _mac(data)):
        raise ValueError("chunk tally with a bad signature")
    return pickle.loads(data)  # noqa: S301 - signed above
