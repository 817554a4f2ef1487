"""sim_worker [--burst]: one worker of the simulation queue, with the reaper beside it.

Takes chunk messages from the backend in settings.TASKS — RQ on Redis (a SimpleWorker: the chunk
runs in this process, so a SIGKILL takes the work with it and nothing is orphaned) or the
database backend (django-tasks' db_worker; when idle it reads whether a task is ready every
SIMULATION_POLL_INTERVAL seconds, see WakeOnWork) — and every SIMULATION_REAP_INTERVAL seconds runs
play.runs.reaper.reap in a thread, so chunks of killed workers go back to the queue and messages the
broker lost are sent again. When Redis goes away the worker does not exit: it waits and connects
again, backing off from half a second to RECONNECT_MAX seconds, until it is told to stop
(SIGTERM or SIGINT). Start as many as you like, on any machine that reaches the database (and
Redis), under a supervisor that restarts them if they die (scripts/serve.sh, docs/operations.md).
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import DatabaseError, close_old_connections, connection

log = logging.getLogger(__name__)
RECONNECT_MIN, RECONNECT_MAX = 0.5, 10.0  # seconds between attempts to reach Redis again


PRUNE_EVERY = 600.0  # seconds between two prunings of the database queue's finished task rows, per worker


def reaper_loop(stop: threading.Event) -> None:
    from play.runs.health import beat
    from play.runs.reaper import reap

    pruned = -PRUNE_EVERY  # the first pass prunes
    while True:
        try:
            beat()  # /healthz: a worker is alive (play.runs.health; the cache may be Redis, and down)
        except Exception:  # noqa: BLE001 - a cache outage must not stop the reaping
            log.warning("worker heartbeat not stored", exc_info=True)
        try:
            close_old_connections()
            reap()
            if not uses_rq() and time.monotonic() - pruned >= PRUNE_EVERY:
                pruned = time.monotonic()
                prune_task_results()
        except Exception:  # noqa: BLE001 - a database hiccup must not end the reaper
            log.exception("reaper pass failed")
        finally:
            connection.close()
        if stop.wait(settings.SIMULATION_REAP_INTERVAL):
            return


def prune_task_results() -> None:
    """The database queue keeps a row for every message it ran (a chunk, a card face), which
    nothing reads once the run's own rows say how it went: the library's own prune drops those
    finished SIMULATION_TASK_RESULTS_DAYS days ago, on every queue."""
    call_command("prune_db_task_results", queue_name="*", min_age_days=settings.SIMULATION_TASK_RESULTS_DAYS,
                 verbosity=0)


class Command(BaseCommand):
    help = "Trabajador de la cola de simulaciones (RQ sobre Redis o la base de datos, según TASKS)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--burst", action="store_true", help="hace lo que haya en la cola y termina")
        parser.add_argument("--no-reaper", action="store_true")
        parser.add_argument("--nice", type=int, default=10,
                            help="prioridad más baja que los servidores web (0: la misma)")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["nice"] > 0 and hasattr(os, "nice"):
            os.nice(opts["nice"])  # pages stay quick while chunks play on the same cores
        warm()
        stop = threading.Event()
        if not opts["no_reaper"]:
            threading.Thread(target=reaper_loop, args=(stop,), daemon=True, name="reaper").start()
        # RQ's and db_worker's loops install their own SIGTERM and SIGINT handlers and leave them: a
        # process that goes on after a --burst pass (a test, a script calling the command) gets its
        # own back, or a pool it forks later inherits handlers that only note the signal.
        handlers = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}
        try:
            if uses_rq():
                self.rq(burst=opts["burst"])
            else:
                # No wake-up call exists for this backend: an idle worker reads whether a task is
                # ready every SIMULATION_POLL_INTERVAL seconds (WakeOnWork), and the queue's own
                # look runs when one is, or every FULL_LOOK seconds.
                from django_tasks import DEFAULT_TASK_BACKEND_ALIAS, DEFAULT_TASK_QUEUE_NAME
                from django_tasks_db.management.commands import db_worker

                queue, backend = DEFAULT_TASK_QUEUE_NAME, DEFAULT_TASK_BACKEND_ALIAS  # where @task() puts the chunks and the faces
                db_worker.time = WakeOnWork(settings.SIMULATION_POLL_INTERVAL, queue, backend)  # type: ignore[assignment]
                call_command("db_worker", interval=FULL_LOOK, batch=opts["burst"], queue_name=queue, backend=backend,
                             startup_delay=False, reload=False, verbosity=0)
        finally:
            stop.set()
            if threading.current_thread() is threading.main_thread():
                for signum, handler in handlers.items():
                    if handler is not None:  # None: a handler not set from Python, nothing to put back
                        signal.signal(signum, handler)

    def rq(self, *, burst: bool) -> None:
        """RQ's work loop, started again after a broker outage (RQ itself quits on most Redis
        errors); it ends only when RQ was asked to stop, or after one pass with --burst."""
        import django_rq
        from django_tasks_rq.backend import Job
        from rq.worker import SimpleWorker

        wait = RECONNECT_MIN
        while True:
            worker = None
            try:
                queue = django_rq.get_queue("default", job_class=Job)
                worker = SimpleWorker([queue], connection=queue.connection, job_class=Job)
                worker.work(burst=burst, logging_level="WARNING", with_scheduler=False)
                wait = RECONNECT_MIN  # RQ got to work: the next outage starts its backoff afresh
            except Exception:  # noqa: BLE001 - Redis down (or gone mid-teardown): wait and connect again
                log.warning("queue worker lost Redis; connecting again in %.1f s", wait, exc_info=True)
            # RQ notes a SIGTERM/SIGINT here (idle or busy); outside its loop they end us at once.
            if burst or getattr(worker, "_shutdown_requested_date", None) is not None:
                return
            for signum in (signal.SIGTERM, signal.SIGINT):
                signal.signal(signum, _exit)
            log.warning("queue worker stopped without being asked to; connecting again in %.1f s", wait)
            time.sleep(wait)
            wait = min(wait * 2, RECONNECT_MAX)


FULL_LOOK = 1.0  # seconds: the database queue's own look at least this often, whatever WakeOnWork reads


class WakeOnWork:
    """Stands for the ``time`` module inside django-tasks-db's db_worker, whose loop sleeps its
    ``interval`` after a look that found nothing. Each of its looks is a short exclusive transaction
    (SQLite's write lock) and about 1.2 ms of CPU: looking every 50 ms, an idle worker used 5 % of a
    core and a chunk waited 25 ms on average for one (issue 26). This sleep ends as soon as a read
    of the queue's partial index of ready tasks (no lock; 0.03 ms, about 0.2 ms with the wake-up
    around it) sees a task ready for the queue and backend the worker serves, reading every *every*
    seconds. Everything else is the real ``time`` module. *queue* and *backend*: what the worker
    serves, the very values given to db_worker (a ready task of another queue is not its work)."""

    def __init__(self, every: float, queue: str, backend: str) -> None:
        self.every = max(every, 0.001)
        self._sql, self._params = "", [queue, backend]

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)

    def sleep(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            time.sleep(min(self.every, left))
            if self.work_ready():
                return

    def work_ready(self) -> bool:
        """Whether a task of the queue is ready (True also when the read fails: the queue's own
        look then decides, and reports the database's trouble)."""
        try:
            if not self._sql:  # built once: the status as a literal, as in the index's condition (SQLite then uses it)
                from django_tasks.base import TaskResultStatus
                from django_tasks_db.models import DBTaskResult

                table, status, queue, backend = (connection.ops.quote_name(n) for n in (
                    DBTaskResult._meta.db_table, "status", "queue_name", "backend_name"))
                ready = str(TaskResultStatus.READY.value)
                assert ready.isalpha()  # noqa: S101 - a constant of the library, inlined
                self._sql = (f"SELECT 1 FROM {table} WHERE {status} = '{ready}' "  # noqa: S608 - no input in it
                             f"AND {queue} = %s AND {backend} = %s LIMIT 1")
            with connection.cursor() as cursor:
                cursor.execute(self._sql, self._params)
                return cursor.fetchone() is not None
        except DatabaseError:
            return True


def warm() -> None:
    """Read at start what every chunk's job reads first: the catalogue's index and the shared cache's
    connection. The first chunk of a worker just started spent 40-100 ms on them (issue 26: a
    trace of each chunk; the run a player queues after a deploy or a restart)."""
    from cards.index import catalogue_index

    try:
        catalogue_index()
    except Exception:  # noqa: BLE001 - a database not migrated yet, a cache down: the first chunk pays it
        log.warning("worker warm-up failed; the first chunk reads the catalogue itself", exc_info=True)


def _exit(signum: int, frame: Any) -> None:
    raise SystemExit(0)


def uses_rq() -> bool:
    return str(settings.TASKS["default"]["BACKEND"]).startswith("django_tasks_rq.")
