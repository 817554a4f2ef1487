"""Queued runs: submitting them (within each player's and address's limits), who may see them,
cancelling them, and what their page and API show (progress per chunk, place in the queue).

The limits are counted and the run inserted in one write transaction that no other submission
can interleave with (SQLite: ``BEGIN IMMEDIATE`` takes the database's write lock first;
PostgreSQL: a transaction-scoped advisory lock), so parallel submissions never pass a limit.
The queue messages go out after that commit; when the broker refuses them the run is deleted and
the caller gets ``QueueUnavailable`` (503 with Retry-After): nothing is left queued.
"""

from __future__ import annotations

import logging
import math
from contextlib import AbstractContextManager, nullcontext
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.breaker import breaker_for
from common.errors import QuotaExceeded
from engine.rng import new_seed
from play.models import SimulationChunk, SimulationRun
from play.runs import tasks
from play.runs.jobs import MEASURED, dumps, expected_seconds, pin, plan, sequential_kinds

log = logging.getLogger(__name__)
ACTIVE = SimulationRun.ACTIVE
# Any 64-bit number of our own: the PostgreSQL advisory lock that serialises run submissions.
SUBMIT_LOCK = 0x5E1A_0051


class RunLimitError(QuotaExceeded):
    """A run that cannot be queued now: too many in flight for this player, this address or the
    whole queue (HTTP ``status`` 429), with the seconds to wait before trying again (its
    ``headers`` carry them: the API's handler and the pages answer with them)."""

    def __init__(self, message: str, *, login: bool = False, status: int | None = None,
                 retry_after: int | None = None) -> None:
        super().__init__(message, status=status, retry_after=retry_after)
        self.login = login


class QueueUnavailable(RunLimitError):
    """The queue's broker refused the run's messages (HTTP 503): nothing was queued."""

    status = 503
    retry_after = 15


def _authenticated(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def check_limits(owner: Any, client: str) -> None:
    """Raise RunLimitError when one more run would pass a limit (call it inside the write
    transaction of run_submit, after _lock_submissions, or the count can race)."""
    active = SimulationRun.objects.filter(status__in=ACTIVE)
    if _authenticated(owner):
        n = settings.SIMULATION_MAX_ACTIVE_PER_USER
        if active.filter(owner=owner).count() >= n:
            raise RunLimitError(_("Ya tienes %(n)s simulaciones en marcha: espera a que terminen o cancela alguna.") % {"n": n})
    else:
        n = settings.SIMULATION_MAX_ACTIVE_ANONYMOUS
        if n <= 0:
            raise RunLimitError(_("Las simulaciones grandes son para jugadores con cuenta: inicia sesión o pide menos partidas."), login=True)
        if active.filter(owner=None, client=client).count() >= n:
            raise RunLimitError(_("Sin cuenta puedes tener %(n)s simulación en marcha a la vez: espera a que termine o inicia sesión.") % {"n": n}, login=True)
    if client and active.filter(client=client).count() >= settings.SIMULATION_MAX_ACTIVE_PER_ADDRESS:
        raise RunLimitError(_("Demasiadas simulaciones en marcha desde esta dirección: espera a que terminen."))
    if active.count() >= settings.SIMULATION_MAX_QUEUED:
        raise RunLimitError(_("La cola de simulaciones está llena: inténtalo dentro de unos minutos."), retry_after=60)


def _lock_submissions() -> None:
    """Serialise submissions until this transaction ends. SQLite needs nothing more: the site opens
    its transactions with BEGIN IMMEDIATE (settings), which already holds the write lock."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [SUBMIT_LOCK])


def run_submit(
    *, kind: str, game: str, params: dict[str, Any], owner: Any = None, client: str = "", private: bool = False,
    cards: list[dict[str, Any]] | None = None, head: tuple[int, Any, float] | None = None,
) -> SimulationRun:
    """A run too big for a request, counted against the limits and inserted atomically; its chunks
    go to the queue once that is committed (call it outside any transaction: a message that
    arrives before the commit is skipped by its worker and sent again by the reaper).

    *cards*: the card data its job was built on (play.runs.jobs.pin when not given). *head*: the
    games the request already played (play.runs.answer.simulate): (games, their tally, the CPU
    seconds they took); they are the run's first chunk, done, and the rest is queued from the next game."""
    params = {**params, "seed": new_seed() if params.get("seed") is None else params["seed"]}
    played = head[0] if head is not None and head[0] > 0 else 0
    if played:
        params[MEASURED] = head[2] / played  # the pace of these decks here: what the chunks are sized by
    ranges = [(played + a, played + b) for a, b in plan(kind, game, {**params, "games": params["games"] - played})]
    if cards is None:
        cards = pin(kind, game, params)  # the card data every chunk plays (play.runs.jobs.job_for)
    with transaction.atomic():
        _lock_submissions()
        check_limits(owner, client)
        now = timezone.now()
        run = SimulationRun.objects.create(
            kind=kind, game=game, params=params, cards=cards, total=params["games"],
            chunks_total=len(ranges) + (1 if played else 0),
            owner=owner if _authenticated(owner) else None, client=client[:64], private=private,
            time_limit=settings.SIMULATION_TIME_LIMIT, expected_seconds=expected_seconds(kind, game, {**params, "games": params["games"] - played},
                                                                                   len(ranges)),
        )
        first = [SimulationChunk(run=run, index=0, start=0, stop=played, status=SimulationChunk.Status.DONE,
                                 done=played, tally=dumps(head[1]), enqueued=now, finished=now)] if head and played else []
        SimulationChunk.objects.bulk_create(first + [
            SimulationChunk(run=run, index=len(first) + i, start=a, stop=b, enqueued=now) for i, (a, b) in enumerate(ranges)
        ])
    _send(run, first=len(first))
    return run


def _broker_guard() -> AbstractContextManager[None]:
    """RQ on Redis: the server's circuit breaker (common.breaker), so while Redis hangs a submission
    is refused at once (QueueUnavailable) instead of waiting a timeout; the database queue: nothing."""
    queues = getattr(settings, "RQ_QUEUES", None)
    if not queues or not settings.TASKS["default"]["BACKEND"].startswith("django_tasks_rq."):
        return nullcontext()
    return breaker_for(queues["default"]["URL"]).guard()


def _send(run: SimulationRun, *, first: int = 0) -> None:
    """One message per chunk to play (from *first*); a broker that refuses them takes the run back
    (no row is left)."""
    try:
        with _broker_guard():
            for i in range(first, run.chunks_total):
                tasks.chunk_enqueue(run.pk, i)
    except Exception as exc:  # noqa: BLE001 - whatever the backend raises, the queue is unreachable
        log.warning("run %s not queued, the broker refused it: %r", run.pk, exc)
        SimulationRun.objects.filter(pk=run.pk).delete()  # messages already sent find no chunk
        raise QueueUnavailable(
            _("La cola de simulaciones no responde ahora mismo: inténtalo dentro de unos segundos."),
        ) from exc


def can_view(run: SimulationRun, user: Any) -> bool:
    """A player's run is theirs alone (attack finding L5); an anonymous run is open to whoever has its link."""
    if run.owner_id is None:
        return not run.private
    return _authenticated(user) and user.pk == run.owner_id


def run_cancel(run: SimulationRun) -> bool:
    """Stop a queued or running run; its workers notice at their next heartbeat (about a second)."""
    n = SimulationRun.end(run.pk, SimulationRun.Status.CANCELLED, "cancelled")
    run.refresh_from_db()
    return n


def progress(run: SimulationRun) -> dict[str, Any]:
    """Games done (summed over chunks while it runs), each chunk's state and the place in the queue:
    the runs and chunks queued before this run's own waiting chunks (none when none waits)."""
    chunks = list(run.chunks.order_by("index").values("index", "start", "stop", "status", "done", "attempts", "finished"))
    done = run.done if run.status == SimulationRun.Status.DONE else sum(c["done"] for c in chunks)
    ahead_runs = ahead_chunks = 0
    if run.active and any(c["status"] == SimulationChunk.Status.QUEUED for c in chunks):
        earlier = SimulationRun.objects.filter(status__in=ACTIVE, created__lt=run.created)
        ahead_runs = earlier.count()
        ahead_chunks = SimulationChunk.objects.filter(
            status=SimulationChunk.Status.QUEUED, run__status__in=ACTIVE, run__created__lt=run.created,
        ).count()
    return {
        "done": done, "total": run.total, "percent": int(100 * done / run.total) if run.total else 0,
        "chunks": [
            {**c, "size": c["stop"] - c["start"],
             "percent": int(100 * c["done"] / (c["stop"] - c["start"])) if c["stop"] > c["start"] else 0}
            for c in chunks
        ],
        "queue": {"runs_ahead": ahead_runs, "chunks_ahead": ahead_chunks},
        # When the page looks again (None once the run has ended): see SimulationRun.poll_ms_until.
        "poll_ms": run.poll_ms_until(expected_end(run, chunks)) if run.active else None,
    }


def expected_end(run: SimulationRun, chunks: list[dict[str, Any]]) -> datetime | None:
    """When the run should end. Once a chunk has landed, at the pace of its chunks so far: each
    worker plays one at a time (settings.SIMULATION_WORKERS), so the chunks that landed make
    ceil(landed / workers) rounds since the run started, of ceil(chunks / workers) in all (a
    10,000-game goldfish in 4 chunks on 2 workers whose first two landed 0.14 s after it started
    ends about 0.28 s after it). Before that, by its price (SimulationRun.priced_end)."""
    landed = [c["finished"] for c in chunks if c["status"] == SimulationChunk.Status.DONE and c["finished"]]
    if run.started is None or not landed:
        return run.priced_end
    workers = 1 if run.kind in sequential_kinds() else max(1, min(settings.SIMULATION_WORKERS, run.chunks_total))
    pace = (max(landed) - run.started) / math.ceil(len(landed) / workers)
    return run.started + pace * math.ceil(run.chunks_total / workers)
