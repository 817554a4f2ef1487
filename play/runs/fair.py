"""Which chunk a free worker plays: the workers shared between players, not first come, first served.

The queue delivers messages in the order they were sent, one per chunk; one player's three swap
races (a chunk of 27 s each) held both workers while another player's 0.1 s run waited 54 s behind
them (issue 38 R13). So a message names a chunk but is taken as a turn on a worker: it plays the
queued chunk ``next_chunk`` chooses, and only when that chunk was taken meanwhile, the one it names.
Every message still plays at most one chunk and every chunk has a message (a chunk played through
another's message leaves its own for the next turn), so the queue, its retries and the reaper work as
before; a run's chunks are merged by index whatever order they were played in.

The choice, among the owners with queued chunks (a player by account, else by address): the one
holding the fewest workers now, then the one whose last chunk began longest ago (round robin; an
owner with nothing begun yet comes first), then the earliest run; that owner's earliest run's
lowest chunk. Two queries over the active runs' chunks (bench/fair_queue.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.db.models import Case, CharField, Count, F, Max, Min, Q, Value, When
from django.db.models.functions import Cast, Concat
from django.utils import timezone

from play.models import SimulationChunk, SimulationRun
from play.runs.jobs import sequential_kinds
from play.runs.worker import QUEUED, RUNNING, execute_chunk, ready

log = logging.getLogger(__name__)

ACTIVE = SimulationRun.ACTIVE
# Fair choices tried when other workers claim the chosen chunk first: each loss is a chunk another
# worker took, so this only bounds a loop that ends anyway. A turn given up while a chunk could be
# played would leave that chunk without a message (the reaper sends one again, but only when every
# worker is idle: a burst worker had stopped by then).
TRIES = 100
# Who a run's chunks count against: the player's id, else "@" and the address it came from.
OWNER = Case(When(run__owner__isnull=True, then=Concat(Value("@"), "run__client")),
             default=Cast("run__owner_id", CharField()), output_field=CharField())


def next_chunk() -> tuple[Any, int] | None:
    """(run id, index) of the queued chunk the next free worker should play; None when no chunk can
    be played (a None while one could would cost that chunk its message: see TRIES)."""
    active = SimulationChunk.objects.filter(run__status__in=ACTIVE)
    playable = Q(status=QUEUED) & ready()
    for _ in range(TRIES):
        owner = (
            active.annotate(owner=OWNER).values("owner")
            .annotate(queued=Count("pk", filter=playable), running=Count("pk", filter=Q(status=RUNNING)),
                      last=Max("claimed"), first=Min("run__created", filter=playable))
            .filter(queued__gt=0).order_by("running", F("last").asc(nulls_first=True), "first")
            .values_list("owner", flat=True).first()
        )
        if owner is None:
            return None
        mine = (Q(run__owner__isnull=True, run__client=owner[1:]) if owner.startswith("@")
                else Q(run__owner_id=int(owner)))
        chunk = active.filter(mine, playable).order_by("run__created", "index").values_list("run_id", "index").first()
        if chunk is not None:
            return chunk
        # Another worker took that owner's last chunk between the two queries: choose again.
    return None


def execute_fair(run_id: Any, index: int, worker: str = "", send: Callable[[Any, int], None] | None = None) -> str:
    """Play the chunk ``next_chunk`` chooses (a few times, if others claim first), else chunk *index*
    of run *run_id* that the message names; the outcome as play.runs.worker.execute_chunk gives it.
    *send*: how to queue a message, for the next chunk of a sequential run once this one landed."""
    for _ in range(TRIES):
        chosen = next_chunk()
        if chosen is None:
            break
        outcome = execute_chunk(*chosen, worker)
        if outcome != "skipped":
            return _released(outcome, *chosen, send)
    return _released(execute_chunk(run_id, index, worker), run_id, index, send)


def _released(outcome: str, run_id: Any, index: int, send: Callable[[Any, int], None] | None) -> str:
    """After chunk *index* of a sequential run landed, a message for the next one: its own went by as
    a turn while it could not be played yet. A message the broker refuses is sent again by the
    reaper (the chunk stays queued, marked sent now)."""
    if outcome != "done" or send is None:
        return outcome
    following = SimulationChunk.objects.filter(run_id=run_id, index=index + 1, status=QUEUED,
                                               run__kind__in=sequential_kinds(), run__status__in=ACTIVE)
    if following.update(enqueued=timezone.now()):
        try:
            send(run_id, index + 1)
        except Exception:  # noqa: BLE001 - the reaper sends it again
            log.warning("chunk %s#%s: the broker refused the message", run_id, index + 1, exc_info=True)
    return outcome
