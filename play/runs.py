"""Queued runs: submitting them (within each player's and address's limits), who may see them,
cancelling them, and what their page and API show (progress per chunk, place in the queue)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.rng import new_seed
from play.jobs import plan
from play.models import SimulationChunk, SimulationRun

ACTIVE = SimulationRun.ACTIVE


class RunLimitError(Exception):
    """Too many runs in flight for this player, this address or the whole queue (HTTP 429)."""

    def __init__(self, message: str, *, login: bool = False) -> None:
        super().__init__(message)
        self.message, self.login = message, login


def _authenticated(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def check_limits(owner: Any, client: str) -> None:
    active = SimulationRun.objects.filter(status__in=ACTIVE)
    if _authenticated(owner):
        n = settings.SIMULATION_MAX_ACTIVE_PER_USER
        if active.filter(owner=owner).count() >= n:
            raise RunLimitError(_("Ya tienes %(n)s simulaciones en marcha: espera a que terminen o cancela alguna.") % {"n": n})
    else:
        n = settings.SIMULATION_MAX_ACTIVE_ANONYMOUS
        if n <= 0:
            raise RunLimitError(_("Las simulaciones grandes son para jugadores con cuenta: inicia sesión o pide menos partidas."), login=True)
        if active.filter(owner=None, client=client).count() >= n:
            raise RunLimitError(_("Sin cuenta puedes tener %(n)s simulación en marcha a la vez: espera a que termine o inicia sesión.") % {"n": n}, login=True)
    if client and active.filter(client=client).count() >= settings.SIMULATION_MAX_ACTIVE_PER_ADDRESS:
        raise RunLimitError(_("Demasiadas simulaciones en marcha desde esta dirección: espera a que terminen."))
    if active.count() >= settings.SIMULATION_MAX_QUEUED:
        raise RunLimitError(_("La cola de simulaciones está llena: inténtalo dentro de unos minutos."))


def run_submit(
    *, kind: str, game: str, params: dict[str, Any], owner: Any = None, client: str = "", private: bool = False,
) -> SimulationRun:
    """A run too big for a request: its chunks go to the queue once this transaction commits."""
    from play.worker import enqueue_chunk

    check_limits(owner, client)
    params = {**params, "seed": new_seed() if params.get("seed") is None else params["seed"]}
    ranges = plan(kind, game, params)
    now = timezone.now()
    with transaction.atomic():
        run = SimulationRun.objects.create(
            kind=kind, game=game, params=params, total=params["games"], chunks_total=len(ranges),
            owner=owner if _authenticated(owner) else None, client=client[:64], private=private,
            time_limit=settings.SIMULATION_TIME_LIMIT,
        )
        SimulationChunk.objects.bulk_create([
            SimulationChunk(run=run, index=i, start=a, stop=b, enqueued=now) for i, (a, b) in enumerate(ranges)
        ])
        run_id = run.pk
        transaction.on_commit(lambda: [enqueue_chunk(run_id, i) for i in range(len(ranges))])
    return run


def goldfish_run_enqueue(
    *, game: str, text: str, games: int, turns: int, seed: int | None, owner: Any = None,
    watch: list[str] | tuple[str, ...] = (), client: str = "",
) -> SimulationRun:
    params = {"list": text, "games": games, "turns": turns, "seed": seed, "watch": list(watch)}
    return run_submit(kind=SimulationRun.Kind.GOLDFISH, game=game, params=params, owner=owner, client=client)


def matchup_run_enqueue(
    *, game: str, list_a: str, list_b: str, games: int, seed: int | None, policy_a: str = "rules",
    policy_b: str = "rules", labels: tuple[str, str] = ("", ""), owner: Any = None, client: str = "",
    private: bool = False,
) -> SimulationRun:
    params = {
        "list_a": list_a, "list_b": list_b, "games": games, "seed": seed,
        "policy_a": policy_a, "policy_b": policy_b, "labels": list(labels),
    }
    return run_submit(kind=SimulationRun.Kind.MATCHUP, game=game, params=params, owner=owner, client=client,
                      private=private)


def can_view(run: SimulationRun, user: Any) -> bool:
    """A player's run is theirs alone (attack finding L5); an anonymous run is open to whoever has its link."""
    if run.owner_id is None:
        return not run.private
    return _authenticated(user) and user.pk == run.owner_id


def run_cancel(run: SimulationRun) -> bool:
    """Stop a queued or running run; its workers notice at their next heartbeat."""
    n = SimulationRun.objects.filter(pk=run.pk, status__in=ACTIVE).update(
        status=SimulationRun.Status.CANCELLED, error=_("Cancelada por quien la pidió."), finished=timezone.now(),
    )
    run.refresh_from_db()
    return bool(n)


def progress(run: SimulationRun) -> dict[str, Any]:
    """Games done (summed over chunks while it runs), each chunk's state and the place in the queue."""
    chunks = list(run.chunks.order_by("index").values("index", "start", "stop", "status", "done", "attempts"))
    done = run.done
    if run.active:
        done = run.chunks.aggregate(n=Sum("done"))["n"] or 0
    ahead_runs = ahead_chunks = 0
    if run.active:
        earlier = SimulationRun.objects.filter(status__in=ACTIVE, created__lt=run.created)
        ahead_runs = earlier.count()
        ahead_chunks = SimulationChunk.objects.filter(
            status=SimulationChunk.Status.QUEUED, run__status__in=ACTIVE, run__created__lt=run.created,
        ).count()
    return {
        "done": done, "total": run.total, "percent": int(100 * done / run.total) if run.total else 0,
        "chunks": [
            {**c, "size": c["stop"] - c["start"],
             "percent": int(100 * c["done"] / (c["stop"] - c["start"])) if c["stop"] > c["start"] else 0}
            for c in chunks
        ],
        "queue": {"runs_ahead": ahead_runs, "chunks_ahead": ahead_chunks},
    }


def deadline(run: SimulationRun) -> Any:
    """When a started run stops playing (SIMULATION_TIME_LIMIT from its first chunk)."""
    return None if run.started is None else run.started + timedelta(seconds=run.time_limit)
