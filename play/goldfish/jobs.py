"""The goldfish as a queued run: its job (play.goldfish.services.GoldfishJob) registered, and what the run page shows of it."""

from __future__ import annotations

from typing import Any

from cards.validation import validate_list
from play.goldfish.present import charts, per_turn_table, summary_rows
from play.goldfish.services import GoldfishJob
from play.models import SimulationRun
from play.runs.jobs import register


def run_page(run: SimulationRun, result: dict[str, Any]) -> dict[str, Any]:
    """The charts of a finished goldfish run, as the goldfish page draws them."""
    if not result.get("games"):
        return {}
    # The cards that carry each attack cost, for the sentences (Eliria only; the list is read again).
    entries = validate_list(run.game, run.params["list"]).entries if run.game == "eliria" else ()
    return {"result": result, "charts": charts(result), "summary": summary_rows(result, entries),
            "per_turn": per_turn_table(result)}


register(SimulationRun.Kind.GOLDFISH, GoldfishJob, page=run_page)
