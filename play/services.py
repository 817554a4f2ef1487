"""Starting background simulation runs."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from play.models import SimulationRun


def goldfish_run_enqueue(*, game: str, text: str, games: int, turns: int, seed: int | None, owner: Any = None) -> SimulationRun:
    from play.tasks import run_goldfish_task

    run = SimulationRun.objects.create(
        kind=SimulationRun.Kind.GOLDFISH, game=game, total=games,
        owner=owner if getattr(owner, "is_authenticated", False) else None,
        params={"list": text, "games": games, "turns": turns, "seed": seed},
    )
    transaction.on_commit(lambda: run_goldfish_task.enqueue(str(run.pk)))
    return run
