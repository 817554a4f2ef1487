"""The improve search as a queued run (play.runs.jobs): one chunk, whose games are the search's budget.

A search's steps follow one another, so its run is one chunk (``sequential``) played by one worker in
slices (the search resumes where the last slice stopped, engine.improve.ImproveSearch.advance); each
accepted step is written to the run as it is found (``SimulationRun.found_json``), so the page and
the run's JSON show it before the answer. A search that ends before its budget (nothing more helps)
lets the rest of the chunk's slices pass at once. The chunk's tally is the answer itself.
"""

from __future__ import annotations

import json
from typing import Any

from common.games import site_game
from play.improve.present import verified_sentence
from play.improve.services import answer, improve_search
from play.models import SimulationRun
from play.runs.jobs import register


class ImproveTally:
    """The answer once the search has ended (None before): what a chunk's tally carries."""

    def __init__(self, result: dict[str, Any] | None = None) -> None:
        self.result = result

    def merge(self, other: ImproveTally) -> None:
        if other.result is not None:
            self.result = other.result


class ImproveJob:
    slice = 5000
    sequential = True
    whole = True  # one chunk (play.runs.jobs.plan): the search's state does not pass between chunks

    def __init__(self, run: SimulationRun) -> None:
        self.run_id, self.total = run.pk, run.total
        self.found: list[dict[str, Any]] = []
        self.result: dict[str, Any] | None = None
        # A request's search (no row yet: play.runs.answer) publishes nothing; a queued run's, each step.
        self.search, self.validation, codes = improve_search(run.game, run.params, seed=run.params["seed"],
                                                             on_step=None if run._state.adding else self._publish)
        self.params = {**run.params, "keep": codes}

    def keep(self, params: dict[str, Any]) -> dict[str, Any]:
        """What its queued run keeps: the cards of ``keep`` by code, as the search read them."""
        return {**params, "keep": self.params["keep"]}

    def _publish(self, step: dict[str, Any]) -> None:
        self.found.append(step)
        text = json.dumps(self.found, ensure_ascii=False, separators=(",", ":"))
        SimulationRun.objects.filter(pk=self.run_id).update(found_json=text)

    @staticmethod
    def seconds_per_game(game: str, params: dict[str, Any]) -> float:
        if params.get("against"):
            return site_game(game).matchup_seconds(1)
        return site_game(game).goldfish_seconds(1, params["goal"]["turn"])

    def new_tally(self) -> ImproveTally:
        return ImproveTally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[ImproveTally, int]:
        self.search.advance(stop - start)
        if stop >= self.total and not self.search.finished:
            self.search.run()  # the budget's last game may leave the verification's end to yield
        return ImproveTally(self._answer() if self.search.finished else None), stop - start

    def _answer(self) -> dict[str, Any]:
        if self.result is None:
            self.result = answer(self.search, self.validation, self.params)
        return self.result

    def report(self, tally: ImproveTally, played: int, stopped: bool) -> dict[str, Any]:
        if tally.result is not None:
            return tally.result
        self.search.run()
        return self._answer()


def run_page(run: SimulationRun, result: dict[str, Any]) -> dict[str, Any]:
    """The run page: the verified headline; the steps are read on «Mejorar el mazo»."""
    return {"elsewhere": "play:improve", "done_summary": verified_sentence(result)}


register(SimulationRun.Kind.IMPROVE, ImproveJob, page=run_page)
