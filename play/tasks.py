"""The queue's old address of the chunk task (``play.tasks.run_chunk``): kept 2026-12-03 (issue 37)
because messages queued by a running deployment before the task moved to play.runs.tasks may still
name it (RQ's job function, django-tasks' ``task_path``); remove once every queue has drained."""

from play.runs.tasks import run_chunk as run_chunk  # noqa: F401 - the alias those messages resolve
