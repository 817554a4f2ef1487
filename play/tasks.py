"""Background jobs: big goldfish runs go to the django-tasks worker (`manage.py db_worker`)."""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone
from django_tasks import task

from decks.goldfish import watch_codes
from decks.validation import validate_list
from play.models import SimulationRun
from play.parallel import goldfish_parallel


@task()
def run_goldfish_task(run_id: str) -> None:
    run = SimulationRun.objects.get(pk=run_id)
    SimulationRun.objects.filter(pk=run.pk).update(status=SimulationRun.Status.RUNNING)
    p = run.params

    def progress(done: int, total: int) -> None:
        SimulationRun.objects.filter(pk=run.pk).update(done=done, total=total)

    try:
        report = validate_list(run.game, p["list"])
        result = goldfish_parallel(
            run.game, report.entries, games=p["games"], turns=p["turns"], seed=p.get("seed"),
            workers=settings.SIMULATION_WORKERS, time_limit=settings.SIMULATION_TIME_LIMIT,
            progress=progress, watch=watch_codes(report.entries, p.get("watch", [])),
        )
    except Exception as exc:  # noqa: BLE001 - the run records any failure for the player
        SimulationRun.objects.filter(pk=run.pk).update(
            status=SimulationRun.Status.FAILED, error=str(exc)[:2000], finished=timezone.now()
        )
        raise
    SimulationRun.objects.filter(pk=run.pk).update(
        status=SimulationRun.Status.DONE, result=result, done=result["games"], finished=timezone.now()
    )


@task()
def run_matchup_task(run_id: str) -> None:
    """A matchup of more games than a request may play, on every core, stopped at the time limit."""
    from play.matchups import matchup_run

    run = SimulationRun.objects.get(pk=run_id)
    SimulationRun.objects.filter(pk=run.pk).update(status=SimulationRun.Status.RUNNING)
    p = run.params

    def progress(done: int, total: int) -> None:
        SimulationRun.objects.filter(pk=run.pk).update(done=done, total=total)

    try:
        result = matchup_run(
            game=run.game, list_a=p["list_a"], list_b=p["list_b"], games=p["games"], seed=p.get("seed"),
            policy_a=p.get("policy_a", "rules"), policy_b=p.get("policy_b", "rules"), progress=progress,
            processes=settings.SIMULATION_WORKERS, time_limit=settings.SIMULATION_TIME_LIMIT,
        )
    except Exception as exc:  # noqa: BLE001 - the run records any failure for the player
        SimulationRun.objects.filter(pk=run.pk).update(
            status=SimulationRun.Status.FAILED, error=str(exc)[:2000], finished=timezone.now()
        )
        raise
    SimulationRun.objects.filter(pk=run.pk).update(
        status=SimulationRun.Status.DONE, result=result, done=result["games_played"], finished=timezone.now()
    )
