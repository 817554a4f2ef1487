"""The database queue wakes an idle worker within SIMULATION_POLL_INTERVAL (issue 26): its own look
is a short exclusive transaction (SQLite's write lock) of about 1.2 ms of CPU, so a worker now reads
one indexed row between its looks and looks only when a task is ready."""

from __future__ import annotations

import inspect
import time

import pytest
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult

from play.management.commands.sim_worker import WakeOnWork


def test_the_library_still_sleeps_through_the_name_we_stand_in_for():
    """An upgrade of django-tasks-db that sleeps some other way would silently bring back the 50 ms
    looks: this says so instead."""
    assert db_worker.time is time or isinstance(db_worker.time, WakeOnWork)
    assert "time.sleep(self.interval)" in inspect.getsource(db_worker.Worker.run)


@pytest.mark.django_db
def test_an_idle_worker_sleeps_its_whole_interval_and_wakes_at_once_for_a_ready_task():
    wake = WakeOnWork(0.01, "default", "default")
    began = time.monotonic()
    wake.sleep(0.15)
    assert time.monotonic() - began >= 0.15 and not wake.work_ready()  # nothing ready: the whole sleep
    DBTaskResult.objects.create(status=TaskResultStatus.SUCCESSFUL, args_kwargs={}, task_path="x", backend_name="default",
                                run_after=timezone.now())
    assert not wake.work_ready()  # a finished task is no work
    DBTaskResult.objects.create(args_kwargs={}, task_path="x", backend_name="default", queue_name="elsewhere",
                                run_after=timezone.now())
    assert not wake.work_ready()  # nor one of a queue this worker does not serve (it would never sleep)
    DBTaskResult.objects.create(args_kwargs={}, task_path="x", backend_name="default", run_after=timezone.now())
    began = time.monotonic()
    wake.sleep(5.0)
    assert time.monotonic() - began < 1.0  # one read (10 ms) sees it, not the 5 s interval
    assert wake.monotonic() > 0  # the rest is the real time module


@pytest.mark.django_db
def test_the_queue_forgets_messages_finished_a_week_ago_and_keeps_the_rest(settings):
    """Every chunk and card face left a row in the database queue, for ever."""
    from datetime import timedelta

    from play.management.commands.sim_worker import prune_task_results

    now = timezone.now()

    def row(status: str, days: float, queue: str = "default") -> DBTaskResult:
        return DBTaskResult.objects.create(status=status, args_kwargs={}, task_path="x", backend_name="default",
                                           queue_name=queue, run_after=now,
                                           finished_at=None if status == "READY" else now - timedelta(days=days))

    old = [row("SUCCESSFUL", 8), row("FAILED", 9), row("SUCCESSFUL", 30, queue="faces")]
    kept = [row("SUCCESSFUL", 6), row("FAILED", 1), row("READY", 0), row("RUNNING", 10)]
    settings.SIMULATION_TASK_RESULTS_DAYS = 7
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}  # as `make run` (the RQ leg too)
    prune_task_results()
    left = set(DBTaskResult.objects.values_list("pk", flat=True))
    assert left == {r.pk for r in kept} and not left & {r.pk for r in old}
