"""Queue messages: one per chunk of a run (play.worker does the work).

The backend is settings.TASKS (Django's Tasks API through django-tasks): RQ on Redis when
REDIS_URL is set, the database backend otherwise. Workers: ``manage.py sim_worker``.
"""

from __future__ import annotations

import os
import socket

from django_tasks import task

from play.worker import execute_chunk


@task()
def run_chunk(run_id: str, index: int) -> str:
    """Play chunk *index* of run *run_id* (a message delivered twice does the work once)."""
    return execute_chunk(run_id, index, f"{socket.gethostname()}:{os.getpid()}")
