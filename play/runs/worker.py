"""What a queue worker does with a chunk.

* ``execute_chunk`` claims the chunk with a lease (a conditional UPDATE: on SQLite and
  PostgreSQL alike only one worker wins, and each claim is a new *attempt*). A heartbeat thread
  renews the lease every second whatever the engine is doing, reports the games played, and
  raises a flag when the run was cancelled or another worker holds the chunk; the play loop looks
  at the flag between slices sized by measured time (about SLICE_SECONDS each), so a cancel is
  seen within about two seconds and a worker that lost its lease stops playing. The tally is
  written once, by the attempt that holds the chunk (a stale attempt writes nothing). An engine
  error fails the run at once with the card and the message. The worker that lands the last
  chunk merges the run.
* A run is ``done`` only with every game (CONTRACT section 5): ``_merge`` writes the answer only
  when every chunk is done in full; a run past its time limit fails with how many games it got.

The reaper (play.runs.reaper) keeps runs from hanging; this module imports nothing of the queue
itself (play.runs.tasks imports it to deliver a message).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.models import Case, Exists, F, OuterRef, Q, Sum, Value, When
from django.db.models.functions import Coalesce
from django.utils import timezone

from engine.errors import EngineError
from play.models import SimulationChunk, SimulationRun
from play.runs.jobs import dumps, job_for, loads, sequential_kinds

log = logging.getLogger(__name__)
ACTIVE = SimulationRun.ACTIVE
RUNNING, QUEUED, DONE = SimulationChunk.Status.RUNNING, SimulationChunk.Status.QUEUED, SimulationChunk.Status.DONE
HEARTBEAT = 1.0  # seconds between lease renewals (and looks at the run's status)
SLICE_SECONDS = 0.2  # engine time between two looks at the heartbeat's flag


def _lease() -> timedelta:
    return timedelta(seconds=settings.SIMULATION_LEASE)


def ready() -> Q:
    """Chunks that may be played now: any chunk of a run whose games do not depend on one another;
    of a sequential run (a swap race), only the one whose chunks before are all done."""
    waiting = SimulationChunk.objects.filter(run_id=OuterRef("run_id"), index__lt=OuterRef("index")).exclude(status=DONE)
    return ~Q(run__kind__in=sequential_kinds()) | Q(index=0) | ~Exists(waiting)


def claim(run_id: Any, index: int, worker: str) -> SimulationChunk | None:
    """Take chunk *index* of an active run for one attempt; None when it is not free (or not yet
    playable: a sequential run's chunk whose chunks before are not all done).

    The conditional UPDATE names only the chunk's own columns. A condition on the run (a join) made
    Django write ``WHERE id IN (SELECT …)``, which PostgreSQL does not look at again once a
    concurrent claim's row lock is released: two workers that chose the same chunk at once both
    claimed it, and one turn was spent for nothing (issue 38 R13, ``fair_share``). The run's
    conditions are read first instead; a run ended in between is seen by the heartbeat."""
    kind = SimulationRun.objects.filter(pk=run_id, status__in=ACTIVE).values_list("kind", flat=True).first()
    if kind is None:
        return None
    if index and kind in sequential_kinds() and \
            SimulationChunk.objects.filter(run_id=run_id, index__lt=index).exclude(status=DONE).exists():
        return None
    now = timezone.now()
    free = Q(status=QUEUED) | Q(status=RUNNING, lease_until__lt=now)
    n = SimulationChunk.objects.filter(free, run_id=run_id, index=index).update(
        status=RUNNING, lease_until=now + _lease(), attempts=F("attempts") + 1, worker=worker[:100], done=0,
        claimed=now,
    )
    if not n:
        return None
    # The run's first claim starts it: one conditional write (a later claim writes nothing).
    SimulationRun.objects.filter(Q(started__isnull=True) | Q(status=SimulationRun.Status.QUEUED), pk=run_id).update(
        started=Coalesce("started", Value(now)),
        status=Case(When(status=SimulationRun.Status.QUEUED, then=Value(SimulationRun.Status.RUNNING)), default=F("status")),
    )
    return SimulationChunk.objects.select_related("run").get(run_id=run_id, index=index)


class Heartbeat(threading.Thread):
    """Keeps one attempt's lease alive on its own clock (a slow slice cannot let it lapse) and
    says why the play loop should stop: ``lost`` (another attempt holds the chunk) or
    ``cancelled`` (the run is over). Uses its own database connection, closed when it ends."""

    def __init__(self, chunk: SimulationChunk) -> None:
        super().__init__(daemon=True, name=f"lease-{chunk}")
        self.pk, self.run_id, self.attempts = chunk.pk, chunk.run_id, chunk.attempts
        self.played = 0  # written by the play loop, read here (an int: atomic under the GIL)
        self.stop_reason = ""
        self._over = threading.Event()

    def run(self) -> None:
        try:
            while not self._over.wait(HEARTBEAT):
                self.beat()
        finally:
            connection.close()

    def beat(self) -> None:
        try:
            reason = lease_renew(self.pk, self.run_id, self.attempts, self.played)
        except DatabaseError:  # a database hiccup: try again next beat (the lease has slack)
            log.warning("chunk %s: heartbeat failed", self.pk, exc_info=True)
            return
        if reason:
            self.stop_reason = reason
            self._over.set()

    def finish(self) -> None:
        self._over.set()
        self.join()


def lease_renew(pk: int, run_id: Any, attempts: int, played: int) -> str:
    """Extend attempt *attempts*'s lease on chunk *pk*: "" to go on, else why to stop."""
    mine = SimulationChunk.objects.filter(pk=pk, attempts=attempts, status=RUNNING)
    if not mine.update(lease_until=timezone.now() + _lease(), done=played):
        # Another attempt took the chunk, or it is done. A row this connection cannot see at
        # all (its run deleted) says nothing: the final write finds nothing either.
        return "lost" if SimulationChunk.objects.filter(pk=pk).exists() else ""
    if not SimulationRun.objects.filter(pk=run_id, status__in=ACTIVE).exists():
        return "cancelled"
    return ""


def execute_chunk(run_id: Any, index: int, worker: str = "") -> str:
    """Play one chunk; the outcome for the log: done, skipped, lost, cancelled, time_limit or failed."""
    chunk = claim(run_id, index, worker)
    if chunk is None:
        return "skipped"  # done already, held by a live worker, or the run is over
    try:
        job = job_for(chunk.run)
        if chunk.index and hasattr(job, "resume"):  # a sequential run: from the games before
            job.resume(_tally_before(job, chunk))
    except EngineError as exc:  # a card the engine cannot play (catalogue edited since): name it
        _fail_engine(run_id, exc)
        return "failed"
    except Exception as exc:  # noqa: BLE001 - the lists no longer play (catalogue changed): say so
        SimulationRun.fail(run_id, "cannot_start", detail=str(exc)[:500])
        return "failed"
    beat = Heartbeat(chunk)
    beat.start()
    try:
        tally, played, outcome = _play(job, chunk, beat)
    except Exception as exc:  # noqa: BLE001 - the engine failed inside the chunk: fail the run now
        log.exception("chunk %s: the engine failed", chunk)
        _fail_engine(run_id, exc)
        return "failed"
    finally:
        beat.finish()
    if outcome == "time_limit":
        fail_time_limit(chunk.run)
        return outcome
    if outcome:
        return outcome  # lost or cancelled: this attempt writes nothing
    return chunk_commit(chunk, tally, played, job)


def _tally_before(job: Any, chunk: SimulationChunk) -> Any:
    """The merged tallies of the run's chunks before *chunk* (all done: see ``ready``)."""
    tally = job.new_tally()
    for blob in SimulationChunk.objects.filter(run_id=chunk.run_id, index__lt=chunk.index).order_by("index") \
            .values_list("tally", flat=True):
        tally.merge(loads(blob))
    return tally


def _play(job: Any, chunk: SimulationChunk, beat: Heartbeat) -> tuple[Any, int, str]:
    """Play the chunk in slices of about SLICE_SECONDS; stop at the heartbeat's flag or the run's
    time limit. Returns the tally, the games played and why it stopped ("" when complete)."""
    ends = chunk.run.deadline
    tally, pos, size = job.new_tally(), chunk.start, 1
    while pos < chunk.stop:
        if beat.stop_reason:
            return tally, pos - chunk.start, beat.stop_reason
        left = (ends - timezone.now()).total_seconds()
        if left <= 0:
            return tally, pos - chunk.start, "time_limit"
        stop = min(chunk.stop, pos + size)
        began = time.monotonic()
        part, n = job.play(pos, stop, began + left)
        tally.merge(part)
        pos += n
        beat.played = pos - chunk.start
        if pos < stop:
            return tally, pos - chunk.start, "time_limit"  # the limit fell inside the slice
        size = _next_slice(size, time.monotonic() - began, job.slice)
    return tally, pos - chunk.start, ""


def _next_slice(size: int, seconds: float, most: int) -> int:
    """Games in the next slice: as many as fit in SLICE_SECONDS at the pace just measured,
    growing at most twofold, between 1 and the job's own bound."""
    fit = int(size * SLICE_SECONDS / seconds) if seconds > 0 else 2 * size
    return max(1, min(fit, 2 * size, most))


def chunk_commit(chunk: SimulationChunk, tally: Any, played: int, job: Any = None) -> str:
    """Write the chunk's tally exactly once: only the attempt that still holds the chunk, and only
    a chunk played in full. Then merge the run if this was its last chunk (with *job*, the one that
    played it, rather than read its lists again)."""
    if played != chunk.size:
        return "lost"
    mine = SimulationChunk.objects.filter(pk=chunk.pk, attempts=chunk.attempts, status=RUNNING)
    if not mine.update(status=DONE, done=played, tally=dumps(tally), lease_until=None, finished=timezone.now()):
        return "lost"
    finish_if_complete(chunk.run_id, job)
    return "done"


def _fail_engine(run_id: Any, exc: Exception) -> None:
    """Fail the run with the engine's words; a card's own error (CardEffectError) gives its code,
    name and problems. The engine's text stays as it wrote it (Spanish); the frame is translated."""
    card = getattr(exc, "card", "") if isinstance(exc, EngineError) else ""
    problems = getattr(exc, "problems", None)
    detail = "; ".join(map(str, problems[:3])) if card and problems else str(exc) or type(exc).__name__
    if card:
        name = getattr(exc, "name", "")
        SimulationRun.fail(run_id, "engine_error", card=f"{card} ({name})" if name else str(card), detail=detail[:500])
    else:
        SimulationRun.fail(run_id, "engine_error_no_card", detail=detail[:500])


def fail_time_limit(run: SimulationRun) -> None:
    done = SimulationChunk.objects.filter(run_id=run.pk).aggregate(n=Sum("done"))["n"] or 0
    SimulationRun.fail(run.pk, "time_limit", seconds=int(run.time_limit), done=done, total=run.total)


def finish_if_complete(run_id: Any, job: Any = None) -> bool:
    """Merge the run once every chunk has landed (whoever gets here first writes the answer); *job*:
    the run's job when the caller has built it (a worker that just played a chunk of it)."""
    chunks = SimulationChunk.objects.filter(run_id=run_id)
    if chunks.exclude(status=DONE).exists():
        return False
    run = SimulationRun.objects.filter(pk=run_id, status__in=ACTIVE).first()
    if run is None:
        return False
    return _merge(run, list(chunks.order_by("index")), job)


def _merge(run: SimulationRun, chunks: list[SimulationChunk], job: Any = None) -> bool:
    """Write the answer from every chunk's tally, in index order — only when each chunk is done in
    full and together they hold every game of the run; otherwise write nothing."""
    whole = len(chunks) == run.chunks_total and sum(c.size for c in chunks) == run.total
    if not whole or any(c.status != DONE or c.done != c.size or c.tally is None for c in chunks):
        return False  # not complete (or merged already: the tallies are cleared after the merge)
    try:
        job = job if job is not None else job_for(run)
        tally = job.new_tally()
        for c in chunks:
            tally.merge(loads(c.tally))
        result = job.report(tally, run.total, False)
    except EngineError as exc:  # the catalogue changed under the run: say so, once
        _fail_engine(run.pk, exc)
        return False
    except Exception as exc:  # noqa: BLE001 - a tally that does not load or merge: no answer
        log.exception("run %s: merge failed", run.pk)
        SimulationRun.fail(run.pk, "merge_failed", detail=str(exc)[:500])
        return False
    text = json.dumps(result, ensure_ascii=False, separators=(",", ":"))
    merged = SimulationRun.objects.filter(pk=run.pk, status__in=ACTIVE).update(
        status=SimulationRun.Status.DONE, result_json=text, done=run.total, finished=timezone.now(),
    )
    if merged:  # the answer is written: the tallies are no longer needed
        SimulationChunk.objects.filter(run_id=run.pk).update(tally=None)
    return bool(merged)
