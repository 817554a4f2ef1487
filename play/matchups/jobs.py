"""The matchup as a queued run: its job (play.runs.jobs) and what the run page shows of it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from common.games import site_game
from engine.matchup import MatchupRun, MatchupTally
from play.matchups.present import matchup_context
from play.matchups.rivals import RivalsJob, RivalsTally
from play.matchups.services import MatchupInputError, gauntlet_matchups, gauntlet_rows, sources
from play.models import SimulationRun
from play.runs.jobs import register
from play.sources import DeckSource, SourceError, from_list, pack_list


def _both(game: str, list_a: str, list_b: str) -> tuple[DeckSource, DeckSource]:
    """Both lists as playable sources; every line of either that cannot be played is named at once
    (MatchupInputError: ``{"deck_a": [messages], "validation": {"a": report}}``)."""
    found: dict[str, DeckSource] = {}
    errors: dict[str, Any] = {}
    for side, text, label in (("a", list_a, _("Mazo A")), ("b", list_b, _("Mazo B"))):
        try:
            found[side] = from_list(game, text, label)
        except SourceError as exc:
            errors[f"deck_{side}"] = [e["message"] for e in exc.errors]
            if exc.report is not None:
                errors.setdefault("validation", {})[side] = exc.report
    if errors:
        raise MatchupInputError(errors)
    return sources(game, found["a"], found["b"])


class MatchupJob:
    slice = 20
    sequential = False

    def __init__(self, run: SimulationRun) -> None:
        p = run.params
        a, b = _both(run.game, p["list_a"], p["list_b"])
        assert a.report is not None and b.report is not None
        self.games = p["games"]
        self.validation = {"a": a.report.as_dict(), "b": b.report.as_dict()}
        self.run = MatchupRun(
            run.game, a.entries, b.entries, seed=p["seed"],
            policy_a=p.get("policy_a", "rules"), policy_b=p.get("policy_b", "rules"),
        )

    @staticmethod
    def seconds_per_game(game: str, params: dict[str, Any]) -> float:
        return site_game(game).matchup_seconds(
            1, policy_a=params.get("policy_a", "rules"), policy_b=params.get("policy_b", "rules"))

    def new_tally(self) -> MatchupTally:
        return MatchupTally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[MatchupTally, int]:
        tally = self.run.run_range(start, stop, deadline=deadline)
        return tally, tally.played

    def report(self, tally: MatchupTally, played: int, stopped: bool) -> dict[str, Any]:
        # The keys of play.matchups.services.matchup_run (engine.run_matchup + validation).
        result = self.run.report(tally, self.games, stopped)
        result["validation"] = self.validation
        return result


class GauntletJob(RivalsJob):
    """A deck against each rival of a gauntlet (play.matchups.rivals): every rival's matchup tally."""

    matchups = staticmethod(gauntlet_matchups)

    @staticmethod
    def seconds_per_game(game: str, params: dict[str, Any]) -> float:
        return site_game(game).matchup_seconds(1, policy_a=params.get("policy_a", "rules"),
                                      policy_b=params.get("policy_b", "rules"))

    def report(self, tally: RivalsTally, played: int, stopped: bool) -> dict[str, Any]:
        return {"rows": gauntlet_rows(self.params, self.rivals.reports(tally)), "per_rival": self.params["per_rival"],
                "seed": self.params["seed"]}


def run_page(run: SimulationRun, result: dict[str, Any]) -> dict[str, Any]:
    """The reading of a finished matchup run, as the matchup page shows it."""
    if not result.get("games_played"):
        return {}
    p = run.params
    labels = tuple(p.get("labels") or ("A", "B"))
    return {**matchup_context(
        result, a="list:" + pack_list(p["list_a"]), b="list:" + pack_list(p["list_b"]),
        labels=(labels[0] or "A", labels[1] or "B"),
    ), "matchup": True}


register(SimulationRun.Kind.MATCHUP, MatchupJob, page=run_page)
register(SimulationRun.Kind.GAUNTLET, GauntletJob,
         page=lambda run, result: {"elsewhere": "play:gauntlet", "done_summary": ""})
