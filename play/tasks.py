"""Background jobs: big goldfish and matchup runs go to the django-tasks worker (`manage.py db_worker`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.utils import timezone
from django_tasks import task

from decks.validation import validate_list
from play.goldfish import watch_codes
from play.models import SimulationRun
from play.parallel import goldfish_parallel

Progress = Callable[[int, int], None]


def _execute(run_id: str, compute: Callable[[dict[str, Any], str, Progress], dict[str, Any]], done_key: str) -> None:
    """Run one SimulationRun: its status, progress and result (or error) recorded as it goes."""
    run = SimulationRun.objects.get(pk=run_id)
    rows = SimulationRun.objects.filter(pk=run.pk)
    rows.update(status=SimulationRun.Status.RUNNING)

    def progress(done: int, total: int) -> None:
        rows.update(done=done, total=total)

    try:
        result = compute(run.params, run.game, progress)
    except Exception as exc:  # noqa: BLE001 - the run records any failure for the player
        rows.update(status=SimulationRun.Status.FAILED, error=str(exc)[:2000], finished=timezone.now())
        raise
    rows.update(status=SimulationRun.Status.DONE, result=result, done=result[done_key], finished=timezone.now())


@task()
def run_goldfish_task(run_id: str) -> None:
    """A goldfish of more games than a page answers at once, on every core, stopped at the time limit."""

    def compute(p: dict[str, Any], game: str, progress: Progress) -> dict[str, Any]:
        report = validate_list(game, p["list"])
        return goldfish_parallel(
            game, report.entries, games=p["games"], turns=p["turns"], seed=p.get("seed"),
            workers=settings.SIMULATION_WORKERS, time_limit=settings.SIMULATION_TIME_LIMIT,
            progress=progress, watch=watch_codes(report.entries, p.get("watch", [])),
        )

    _execute(run_id, compute, "games")


@task()
def run_matchup_task(run_id: str) -> None:
    """A matchup of more games than a request may play, on every core, stopped at the time limit."""
    from play.matchups import matchup_run

    def compute(p: dict[str, Any], game: str, progress: Progress) -> dict[str, Any]:
        return matchup_run(
            game=game, list_a=p["list_a"], list_b=p["list_b"], games=p["games"], seed=p.get("seed"),
            policy_a=p.get("policy_a", "rules"), policy_b=p.get("policy_b", "rules"), progress=progress,
            processes=settings.SIMULATION_WORKERS, time_limit=settings.SIMULATION_TIME_LIMIT,
        )

    _execute(run_id, compute, "games_played")
