"""What a queue worker does with a chunk, and the reaper that keeps runs from hanging.

* ``execute_chunk`` claims the chunk with a lease (a conditional UPDATE: on SQLite and
  PostgreSQL alike only one worker wins), plays it in slices, renews the lease and checks for
  cancellation about once a second, stops at the run's time limit keeping the games done (a
  prefix), and stores the signed tally. The worker that lands the last chunk merges the run.
* ``reap`` puts back in the queue every chunk whose lease lapsed (its worker was killed), fails a
  run whose chunk kept killing workers, finishes a run past its time limit with the prefix that
  was played (or fails it with a message when nothing was), fails runs that no worker started,
  and merges runs whose merger died. Every worker runs it every few seconds
  (``manage.py sim_worker``), and a run's page and API run it for that run when polled, so a run
  is never "in progress" for ever even with every worker gone.
"""

from __future__ import annotations

import json
import logging
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from play.jobs import dumps, job_for, loads
from play.models import SimulationChunk, SimulationRun
from play.runs import ACTIVE, deadline

log = logging.getLogger(__name__)
RUNNING, QUEUED, DONE = SimulationChunk.Status.RUNNING, SimulationChunk.Status.QUEUED, SimulationChunk.Status.DONE
HEARTBEAT = 1.0  # seconds between lease renewals


def enqueue_chunk(run_id: Any, index: int) -> None:
    from play.tasks import run_chunk

    run_chunk.enqueue(str(run_id), index)


def _lease() -> timedelta:
    return timedelta(seconds=settings.SIMULATION_LEASE)


def _fail(run_id: Any, message: str) -> None:
    SimulationRun.objects.filter(pk=run_id, status__in=ACTIVE).update(
        status=SimulationRun.Status.FAILED, error=message[:2000], finished=timezone.now(),
    )


def claim(run_id: Any, index: int, worker: str) -> SimulationChunk | None:
    now = timezone.now()
    free = Q(status=QUEUED) | Q(status=RUNNING, lease_until__lt=now)
    n = SimulationChunk.objects.filter(free, run_id=run_id, index=index, run__status__in=ACTIVE).update(
        status=RUNNING, lease_until=now + _lease(), attempts=F("attempts") + 1, worker=worker[:100], done=0,
    )
    if not n:
        return None
    SimulationRun.objects.filter(pk=run_id, started__isnull=True).update(started=now)
    SimulationRun.objects.filter(pk=run_id, status=SimulationRun.Status.QUEUED).update(status=SimulationRun.Status.RUNNING)
    return SimulationChunk.objects.select_related("run").get(run_id=run_id, index=index)


def execute_chunk(run_id: Any, index: int, worker: str = "") -> str:
    """Play one chunk; the outcome for the log: done, skipped, lost, cancelled or failed."""
    chunk = claim(run_id, index, worker)
    if chunk is None:
        return "skipped"  # done already, held by a live worker, or the run is over
    run = chunk.run
    mine = SimulationChunk.objects.filter(pk=chunk.pk, attempts=chunk.attempts, status=RUNNING)
    try:
        job = job_for(run)
    except Exception as exc:  # noqa: BLE001 - the lists no longer play (catalogue changed): say so
        _fail(run.pk, _("La simulación no puede empezar: %(e)s") % {"e": exc})
        return "failed"
    ends = deadline(run)
    tally, played, pos, beat = job.new_tally(), 0, chunk.start, time.monotonic()
    while pos < chunk.stop:
        left = (ends - timezone.now()).total_seconds()
        if left <= 0:
            break
        start, stop = pos, min(chunk.stop, pos + job.slice)
        part, n = job.play(start, stop, time.monotonic() + left)
        tally.merge(part)
        played, pos = played + n, start + n
        if n < stop - start:
            break  # the time limit fell inside the slice
        if time.monotonic() - beat >= HEARTBEAT:
            beat = time.monotonic()
            if not mine.update(lease_until=timezone.now() + _lease(), done=played):
                return "lost"  # the lease lapsed and another worker took the chunk
            if not SimulationRun.objects.filter(pk=run.pk, status__in=ACTIVE).exists():
                return "cancelled"
    if not mine.update(status=DONE, done=played, tally=dumps(tally), lease_until=None, finished=timezone.now()):
        return "lost"
    finish_if_complete(run.pk)
    return "done"


def finish_if_complete(run_id: Any) -> bool:
    """Merge the run once every chunk has landed (whoever gets here first writes the answer)."""
    chunks = SimulationChunk.objects.filter(run_id=run_id)
    if chunks.exclude(status=DONE).exists():
        return False
    run = SimulationRun.objects.filter(pk=run_id, status__in=ACTIVE).first()
    if run is None:
        return False
    return _merge(run, list(chunks.order_by("index")))


def _merge(run: SimulationRun, chunks: list[SimulationChunk]) -> bool:
    """The answer from the contiguous prefix of games played: chunks in order, up to the first one
    that stopped short (time limit) or never ran."""
    job = job_for(run)
    tally, played, stopped = job.new_tally(), 0, False
    for c in chunks:
        if c.status != DONE or c.tally is None:
            stopped = True
            break
        tally.merge(loads(c.tally))
        played += c.done
        if c.done < c.size:
            stopped = True
            break
    if played == 0:
        _fail(run.pk, _("Se alcanzó el límite de tiempo (%(s)s s) sin ninguna partida terminada: ningún trabajador la jugó a tiempo.") % {"s": int(run.time_limit)})
        return False
    result = job.report(tally, played, stopped)
    text = json.dumps(result, ensure_ascii=False, separators=(",", ":"))
    merged = SimulationRun.objects.filter(pk=run.pk, status__in=ACTIVE).update(
        status=SimulationRun.Status.DONE, result_json=text, done=played, finished=timezone.now(),
    )
    if merged:  # the answer is written: the tallies are no longer needed
        SimulationChunk.objects.filter(run_id=run.pk).update(tally=None)
    return bool(merged)


def reap(run_id: Any = None) -> None:
    """One pass of the reaper over every active run (or one)."""
    now = timezone.now()
    runs = SimulationRun.objects.filter(status__in=ACTIVE)
    if run_id is not None:
        runs = runs.filter(pk=run_id)
    lapsed = SimulationChunk.objects.filter(status=RUNNING, lease_until__lt=now, run__status__in=ACTIVE)
    if run_id is not None:
        lapsed = lapsed.filter(run_id=run_id)
    for c in lapsed.values("pk", "run_id", "index", "attempts"):
        if c["attempts"] >= settings.SIMULATION_MAX_ATTEMPTS:
            _fail(c["run_id"], _("La parte %(i)s de la simulación se interrumpió %(n)s veces (el trabajador que la jugaba se detuvo).") % {"i": c["index"] + 1, "n": c["attempts"]})
            continue
        back = SimulationChunk.objects.filter(pk=c["pk"], status=RUNNING, attempts=c["attempts"], lease_until__lt=now)
        if back.update(status=QUEUED, lease_until=None, enqueued=now, worker=""):
            log.warning("chunk %s#%s: lease lapsed, queued again", c["run_id"], c["index"])
            enqueue_chunk(c["run_id"], c["index"])
    grace = timedelta(seconds=settings.SIMULATION_LEASE * 2)
    for run in runs.filter(started__isnull=False):
        if finish_if_complete(run.pk):
            continue
        if now > deadline(run) + grace:  # no worker finished in time: keep what was played
            _merge(run, list(run.chunks.order_by("index")))
    never = now - timedelta(seconds=settings.SIMULATION_QUEUE_TIMEOUT)
    for pk in runs.filter(started__isnull=True, created__lt=never).values_list("pk", flat=True):
        _fail(pk, _("Ningún trabajador empezó la simulación en %(m)s minutos; inténtalo más tarde.") % {"m": settings.SIMULATION_QUEUE_TIMEOUT // 60})
