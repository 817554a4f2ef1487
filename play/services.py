"""Starting background simulation runs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from play.models import SimulationRun


def goldfish_run_enqueue(
    *, game: str, text: str, games: int, turns: int, seed: int | None, owner: Any = None,
    watch: Sequence[str] = (),
) -> SimulationRun:
    from play.tasks import run_goldfish_task

    run = SimulationRun.objects.create(
        kind=SimulationRun.Kind.GOLDFISH, game=game, total=games,
        owner=owner if getattr(owner, "is_authenticated", False) else None,
        params={"list": text, "games": games, "turns": turns, "seed": seed, "watch": list(watch)},
    )
    transaction.on_commit(lambda: run_goldfish_task.enqueue(str(run.pk)))
    return run


def matchup_run_enqueue(
    *, game: str, list_a: str, list_b: str, games: int, seed: int | None, policy_a: str = "rules",
    policy_b: str = "rules", labels: tuple[str, str] = ("", ""), owner: Any = None,
) -> SimulationRun:
    """A matchup too big for one request: the worker plays it (play.tasks.run_matchup_task)."""
    from play.tasks import run_matchup_task

    run = SimulationRun.objects.create(
        kind=SimulationRun.Kind.MATCHUP, game=game, total=games,
        owner=owner if getattr(owner, "is_authenticated", False) else None,
        params={
            "list_a": list_a, "list_b": list_b, "games": games, "seed": seed,
            "policy_a": policy_a, "policy_b": policy_b, "labels": list(labels),
        },
    )
    transaction.on_commit(lambda: run_matchup_task.enqueue(str(run.pk)))
    return run
