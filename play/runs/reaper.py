"""The reaper that keeps runs from hanging.

``reap`` puts back in the queue every chunk whose lease lapsed (its worker was killed or
stopped), sends again the messages of queued chunks that no worker took while every worker was
idle (the broker lost them: a Redis restart), fails a run whose chunk kept killing workers, a
run past its time limit and a run that no worker started, and merges runs whose merger died.
Every worker runs it every few seconds (``manage.py sim_worker``), and a run's page and API
run it for that run when polled (``settle``: only when one of those cases may hold, so that a
poll of a healthy run costs one query, not ten), so a run is never "in progress" for ever.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from play.models import SimulationChunk, SimulationRun
from play.runs import tasks
from play.runs.worker import QUEUED, RUNNING, fail_time_limit, finish_if_complete

log = logging.getLogger(__name__)
ACTIVE = SimulationRun.ACTIVE
RESEND_BATCH = 200  # messages the reaper sends again in one pass, at most


def _grace() -> timedelta:
    """Twice the lease: how long a queued chunk may wait before its message counts as lost, and how
    long a started run is given past its deadline before it fails (``reap`` and ``settle`` alike)."""
    return timedelta(seconds=settings.SIMULATION_LEASE * 2)


def _never_started(now: datetime) -> datetime:
    """Runs created before this and never started fail (SIMULATION_QUEUE_TIMEOUT)."""
    return now - timedelta(seconds=settings.SIMULATION_QUEUE_TIMEOUT)


def reap(run_id: Any = None) -> None:
    """One pass of the reaper over every active run (or one)."""
    now = timezone.now()
    runs = SimulationRun.objects.filter(status__in=ACTIVE)
    chunks = SimulationChunk.objects.filter(run__status__in=ACTIVE)
    if run_id is not None:
        runs, chunks = runs.filter(pk=run_id), chunks.filter(run_id=run_id)
    _requeue_lapsed(chunks, now)
    _resend_lost(chunks, now)
    for run in runs.filter(started__isnull=False):
        if finish_if_complete(run.pk):
            continue
        if now > run.deadline + _grace():
            fail_time_limit(run)  # no worker finished in time: a part is no answer
    for pk in runs.filter(started__isnull=True, created__lt=_never_started(now)).values_list("pk", flat=True):
        SimulationRun.fail(pk, "never_started", minutes=settings.SIMULATION_QUEUE_TIMEOUT // 60)


def settle(run: SimulationRun) -> None:
    """Reap *run* when someone looks at it, and read it again if the reaper had work: only when a
    case of ``reap`` may hold for it (a lease lapsed, a chunk queued long enough to have been lost,
    every chunk done but no answer, past its time limit, never started). A healthy run costs one
    query, where a full pass costs about ten (issue 26: a page polls it every second, and a bench
    every 50 ms while the workers play)."""
    if not run.active:
        return
    now = timezone.now()
    chunks = list(SimulationChunk.objects.filter(run_id=run.pk).values_list("status", "lease_until", "enqueued"))
    resend = now - _grace()
    if (
        all(status == SimulationChunk.Status.DONE for status, _, _ in chunks)  # the merger died
        or any(status == RUNNING and lease is not None and lease < now for status, lease, _ in chunks)
        or any(status == QUEUED and sent is not None and sent < resend for status, _, sent in chunks)
        or (run.deadline is not None and now > run.deadline + _grace())
        or (run.started is None and run.created < _never_started(now))
    ):
        reap(run.pk)
        run.refresh_from_db()


def _requeue_lapsed(chunks: Any, now: Any) -> None:
    """Chunks whose worker went silent (killed, stopped, cut off) go back to the queue."""
    lapsed = chunks.filter(status=RUNNING, lease_until__lt=now)
    for c in lapsed.values("pk", "run_id", "index", "attempts"):
        if c["attempts"] >= settings.SIMULATION_MAX_ATTEMPTS:
            SimulationRun.fail(c["run_id"], "interrupted", part=c["index"] + 1, attempts=c["attempts"])
            continue
        back = SimulationChunk.objects.filter(pk=c["pk"], status=RUNNING, attempts=c["attempts"], lease_until__lt=now)
        if back.update(status=QUEUED, lease_until=None, enqueued=now, worker=""):
            log.warning("chunk %s#%s: lease lapsed, queued again", c["run_id"], c["index"])
            _send_quietly(c["run_id"], c["index"])


def _resend_lost(chunks: Any, now: Any) -> None:
    """Send again the messages of chunks queued for a while while no chunk anywhere is being
    played: every worker is idle, so the broker lost them (a Redis restart without persistence).
    A duplicate is harmless: the claim is conditional and the second message is skipped."""
    if SimulationChunk.objects.filter(status=RUNNING, lease_until__gte=now).exists():
        return  # workers are busy: queued chunks are waiting their turn, not lost
    stale = chunks.filter(status=QUEUED, enqueued__lt=now - _grace()).order_by("run__created", "index")
    for c in stale.values("pk", "run_id", "index", "enqueued")[:RESEND_BATCH]:
        # Conditional on the time read, so that of several reapers only one sends it.
        if SimulationChunk.objects.filter(pk=c["pk"], status=QUEUED, enqueued=c["enqueued"]).update(enqueued=now):
            log.warning("chunk %s#%s: queued since %s and no worker took it, sent again", c["run_id"], c["index"], c["enqueued"])
            _send_quietly(c["run_id"], c["index"])


def _send_quietly(run_id: Any, index: int) -> None:
    """A message the broker refuses now is sent again by a later pass (the chunk stays queued)."""
    try:
        tasks.chunk_enqueue(run_id, index)
    except Exception:  # noqa: BLE001 - the broker is down; the database keeps the chunk queued
        log.warning("chunk %s#%s: the broker refused the message", run_id, index, exc_info=True)
