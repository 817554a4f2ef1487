"""The job queue's check for /healthz (settings.HEALTH_CHECKS): every simulation worker beats a
heartbeat into the shared cache at each reaper pass; the check fails when runs are waiting and no
worker has beaten for HEARTBEAT_STALE seconds (nobody is taking them), and passes otherwise — a
site with nothing queued needs no worker to be healthy."""

from __future__ import annotations

import time
from typing import Any

from django.core.cache import cache

HEARTBEAT_KEY = "sim-worker-heartbeat"
HEARTBEAT_STALE = 60.0


def beat() -> None:
    cache.set(HEARTBEAT_KEY, time.time(), int(HEARTBEAT_STALE * 10))


def workers() -> tuple[bool, dict[str, Any]]:
    from play.models import SimulationRun

    try:
        last = cache.get(HEARTBEAT_KEY)
    except Exception:  # noqa: BLE001 - a failing cache is its own check; here: no heartbeat known
        last = None
    age = None if last is None else round(time.time() - float(last), 1)
    waiting = SimulationRun.objects.filter(status__in=SimulationRun.ACTIVE).count()
    alive = age is not None and age <= HEARTBEAT_STALE
    return alive or waiting == 0, {"last_heartbeat_seconds_ago": age, "runs_waiting": waiting}
