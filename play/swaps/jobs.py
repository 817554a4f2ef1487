"""The swap race as a queued run: its job (play.runs.jobs) and what the run page shows of it (a link
to «Sugerencias», which reads the ranking in full)."""

from __future__ import annotations

from typing import Any

from play.models import SimulationRun
from play.runs.jobs import register
from play.swaps.each_cut import EachCutRace
from play.swaps.services import asked, cut_of, swap_race, swaps_seconds


class SwapsJob:
    """A swap race: its rounds follow one another, so its chunks are played one after the other
    (``sequential``), each resumed from the tallies of those before; the job keeps the race's state
    between the worker's slices (where a slice or a chunk ends does not change the race)."""

    slice = 20
    sequential = True

    def __init__(self, run: SimulationRun) -> None:
        self.race, self.validation = swap_race(run.game, run.params)
        self.state = self.race.new_tally()

    @staticmethod
    def seconds_per_game(game: str, params: dict[str, Any]) -> float:
        # The most a game of the race costs (every candidate plays it): what sizes its chunks. With
        # "cut": "*" every (cut, candidate) pair plays it: ``pairs``, as the race read them (``keep``).
        return swaps_seconds(game, params.get("pairs") or len(params["candidates"]), 1, params["turns"])

    def new_tally(self) -> Any:
        return self.race.new_tally()

    def keep(self, params: dict[str, Any]) -> dict[str, Any]:
        """What its queued run keeps: the cut and the candidates by code, as the race read them, and
        with "cut": "*" the pairs it races (attack finding: priced as its candidates alone, a race of
        60 pairs of 3 candidates was played in the request as if it cost a twentieth of its cost)."""
        kept = {**params, "cut": cut_of(self.race), "candidates": [c.code for c in asked(self.race)]}
        if isinstance(self.race, EachCutRace):
            kept["pairs"] = len(self.race.pairs)
        return kept

    def resume(self, before: Any) -> None:
        """Go on from the race's games before this chunk (their tallies merged, in order)."""
        self.state = self.race.new_tally()
        self.state.merge(before)

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[Any, int]:
        return self.race.play(self.state, start, stop), stop - start

    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]:
        result = self.race.report(tally)
        result["validation"] = self.validation.as_dict()
        return result


register(SimulationRun.Kind.SWAPS, SwapsJob, page=lambda run, result: {"elsewhere": "play:swaps", "done_summary": ""})
