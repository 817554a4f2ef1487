"""The comparisons as queued runs: their jobs (play.runs.jobs) and what the run page shows of them
(a line, and a link to the page that reads them in full: their result needs that page's lists)."""

from __future__ import annotations

from typing import Any

from common.games import site_game
from engine.matchup_compare import PairedMatchupTally
from play.compare.fields import field_matchups, field_rows
from play.compare.present import scalar_sentence
from play.compare.services import (
    compare_seconds,
    matchup_with_validation,
    paired_matchup,
    paired_run,
    with_validation,
)
from play.matchups.rivals import RivalsJob
from play.models import SimulationRun
from play.runs.jobs import register


class CompareJob:
    """Two lists on common seeds (docs/contract.md §6): paired tallies of game ranges merge exactly."""

    slice = 250
    sequential = False

    def __init__(self, run: SimulationRun) -> None:
        self.seed = run.params["seed"]
        self.paired, self.a, self.b = paired_run(run.game, run.params)

    @staticmethod
    def seconds_per_game(game: str, params: dict[str, Any]) -> float:
        return compare_seconds(game, 1, params["turns"])

    def new_tally(self) -> Any:
        return self.paired.new_tally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[Any, int]:
        return self.paired.run_range(self.seed, start, stop), stop - start

    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]:
        # Each side exactly /api/goldfish/'s answer, with its list's validation last.
        return with_validation(self.paired.report(tally, self.seed), self.a, self.b)


class MatchupCompareJob:
    """Two versions of a deck against one rival on common seeds: both matchup tallies, merged."""

    slice = 10
    sequential = False

    def __init__(self, run: SimulationRun) -> None:
        self.games = run.params["games"]
        self.paired, self.found = paired_matchup(run.game, run.params)

    @staticmethod
    def seconds_per_game(game: str, params: dict[str, Any]) -> float:
        return 2 * site_game(game).matchup_seconds(1, policy_a=params.get("policy", "rules"), policy_b=params.get("rival_policy", "rules")
        )

    def new_tally(self) -> Any:
        return PairedMatchupTally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[Any, int]:
        tally = self.paired.run_range(start, stop, deadline=deadline)
        return tally, tally.played

    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]:
        return matchup_with_validation(self.paired.report(tally, self.games, stopped), self.found)


class FieldJob(RivalsJob):
    """A deck against a saved field's rivals (play.compare.fields): every rival's matchup tally,
    paired with the deck's list of the run before when it changed since."""

    matchups = staticmethod(field_matchups)

    @staticmethod
    def seconds_per_game(game: str, params: dict[str, Any]) -> float:
        return (2 if params.get("before") else 1) * site_game(game).matchup_seconds(1)

    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]:
        # The rows play.compare.fields.saved_field_run keeps when it plays the field in the request.
        return {"rows": field_rows(self.params, self.rivals.reports(tally))}


def _read_on(page: str) -> Any:
    """A finished comparison kind: one line here, read in full on *page*."""

    def run_page(run: SimulationRun, result: dict[str, Any]) -> dict[str, Any]:
        line = scalar_sentence(result) if run.kind == SimulationRun.Kind.COMPARE and result.get("diff") else ""
        return {"elsewhere": page, "done_summary": line}

    return run_page


register(SimulationRun.Kind.COMPARE, CompareJob, page=_read_on("play:compare"))
register(SimulationRun.Kind.MATCHUP_COMPARE, MatchupCompareJob, page=_read_on("play:matchups"))
register(SimulationRun.Kind.FIELD, FieldJob, page=_read_on("play:fields"))
