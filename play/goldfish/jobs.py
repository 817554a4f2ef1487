"""The goldfish as a queued run: its job (play.runs.jobs) and what the run page shows of it."""

from __future__ import annotations

from typing import Any

from cards.validation import UNREADABLE, validate_list
from engine import as_game
from engine.goldfish import run_goldfish as engine_goldfish
from engine.goldfish import run_range
from play.goldfish.services import GoldfishInputError, watch_codes
from play.goldfish.views import charts, per_turn_table, summary_rows
from play.models import SimulationRun
from play.runs import budget
from play.runs.jobs import register
from play.runs.simulations import shared_simulation


class GoldfishJob:
    slice = 500
    sequential = False

    def __init__(self, run: SimulationRun) -> None:
        p = run.params
        report = validate_list(run.game, p["list"])
        if any(v.code in UNREADABLE for v in report.errors):
            raise GoldfishInputError(report.as_dict())
        self.game, self.turns, self.seed, self.games = as_game(run.game).value, p["turns"], p["seed"], p["games"]
        self.validation = report.as_dict()
        self.entries, self.codes = report.entries, watch_codes(report.entries, p.get("watch", []))
        self.sim = shared_simulation(run.game, self.entries, self.turns, self.codes)

    @staticmethod
    def seconds_per_game(game: str, params: dict[str, Any]) -> float:
        return budget.goldfish_seconds(game, 1, params["turns"])

    @staticmethod
    def measure(game: str, params: dict[str, Any]) -> float | None:
        return budget.recall(budget.goldfish_key(game, params["games"], params["turns"], params.get("seed")))

    def new_tally(self) -> Any:
        return self.sim.new_tally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[Any, int]:
        return run_range(self.sim, self.seed, start, stop), stop - start

    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]:
        # The answer of play.goldfish.services.goldfish_answer, key for key and in its order: the
        # engine's own answer for one game of this request gives every key (including any the engine
        # adds beside its tally), then the merged tally's figures replace the one game's.
        result = engine_goldfish(self.game, self.entries, games=1, turns=self.turns, seed=self.seed, watch=self.codes)
        result["games"] = played
        result.update(self.sim.report(tally))
        if stopped:
            result.update(stopped_early=True, games_requested=self.games)
        result["validation"] = self.validation
        return result


def run_page(run: SimulationRun, result: dict[str, Any]) -> dict[str, Any]:
    """The charts of a finished goldfish run, as the goldfish page draws them."""
    if not result.get("games"):
        return {}
    # The cards that carry each attack cost, for the sentences (Eliria only; the list is read again).
    entries = validate_list(run.game, run.params["list"]).entries if run.game == "eliria" else ()
    return {"result": result, "charts": charts(result), "summary": summary_rows(result, entries),
            "per_turn": per_turn_table(result)}


register(SimulationRun.Kind.GOLDFISH, GoldfishJob, page=run_page)
