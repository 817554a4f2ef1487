"""sim_worker [--burst]: one worker of the simulation queue, with the reaper beside it.

Takes chunk messages from the backend in settings.TASKS — RQ on Redis (a SimpleWorker: the chunk
runs in this process, so a SIGKILL takes the work with it and nothing is orphaned) or the
database backend (django-tasks' db_worker) — and every SIMULATION_REAP_INTERVAL seconds runs
play.worker.reap in a thread, so chunks of killed workers go back to the queue. Start as many
as you like, on any machine that reaches the database (and Redis).
"""

from __future__ import annotations

import logging
import os
import threading
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import close_old_connections, connection

log = logging.getLogger(__name__)


def reaper_loop(stop: threading.Event) -> None:
    from play.health import beat
    from play.worker import reap

    beat()
    while not stop.wait(settings.SIMULATION_REAP_INTERVAL):
        try:
            close_old_connections()
            beat()  # /healthz: a worker is alive (play.health)
            reap()
        except Exception:  # noqa: BLE001 - a database hiccup must not end the reaper
            log.exception("reaper pass failed")
        finally:
            connection.close()


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
        stop = threading.Event()
        if not opts["no_reaper"]:
            threading.Thread(target=reaper_loop, args=(stop,), daemon=True, name="reaper").start()
        try:
            if uses_rq():
                self.rq(burst=opts["burst"])
            else:
                call_command("db_worker", interval=1, batch=opts["burst"], startup_delay=False, reload=False,
                             verbosity=0)
        finally:
            stop.set()

    def rq(self, *, burst: bool) -> None:
        import django_rq
        from django_tasks_rq.backend import Job
        from rq.worker import SimpleWorker

        queue = django_rq.get_queue("default", job_class=Job)
        worker = SimpleWorker([queue], connection=queue.connection, job_class=Job)
        worker.work(burst=burst, logging_level="WARNING", with_scheduler=False)


def uses_rq() -> bool:
    return str(settings.TASKS["default"]["BACKEND"]).startswith("django_tasks_rq.")
