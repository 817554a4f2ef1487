"""The queue's old address of the chunk task, kept so messages still resolve.

Messages name their task by dotted path: those queued before the task moved to
play.runs.tasks say ``play.tasks.run_chunk`` (RQ's job function, django-tasks' ``task_path``),
and a worker resolves that path when it takes one. New messages say ``play.runs.tasks.run_chunk``.
"""

from play.runs.tasks import run_chunk

__all__ = ["run_chunk"]
