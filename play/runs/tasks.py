"""Queue messages: one per chunk of a run (play.runs.worker does the work).

The backend is settings.TASKS (Django's Tasks API through django-tasks): RQ on Redis when
REDIS_URL is set, the database backend otherwise. Workers: ``manage.py sim_worker``. Enqueueing
lives here: play.runs.services (a new run) and play.runs.reaper (a message sent again) import this
module, this module imports play.runs.fair (which chunk a message plays) and through it the worker,
and the worker imports nothing of the queue back.
"""

from __future__ import annotations

import os
import socket
from typing import Any

from django_tasks import task

from play.runs.fair import execute_fair


@task()
def run_chunk(run_id: str, index: int) -> str:
    """A turn on a worker for chunk *index* of run *run_id*: it plays the chunk the workers' fair
    share gives it (play.runs.fair), that one when no other comes first; a message delivered twice
    does the work once."""
    return execute_fair(run_id, index, f"{socket.gethostname()}:{os.getpid()}", send=chunk_enqueue)


def chunk_enqueue(run_id: Any, index: int) -> None:
    """Send the message of chunk *index* of run *run_id* (raises whatever the broker raises)."""
    run_chunk.enqueue(str(run_id), index)
