"""Races against a real database, in threads that each hold their own connection (run by
tests/play/test_run_races.py in a subprocess, with DATABASE_URL naming a fresh file SQLite or
PostgreSQL database that is migrated and holds the bundled catalogue).

    python tests/play/race_harness.py quota_user | quota_address | chunk_twice | slow | broker_down | broker_hung
        | submit_and_wait | fair_share

Each scenario prints one JSON line with what happened; the test asserts on it. Not collected by
pytest (no test_ prefix).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eliria_site.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.db import connection  # noqa: E402

from cards.models import Card  # noqa: E402
from play.goldfish.services import goldfish_answer  # noqa: E402
from play.models import SimulationChunk, SimulationRun  # noqa: E402
from play.runs.services import QueueUnavailable, RunLimitError, run_cancel  # noqa: E402
from play.runs.worker import chunk_commit, claim, execute_chunk  # noqa: E402
from tests.play.queued import queued_goldfish  # noqa: E402

PARALLEL = 10
GOLDFISH = {"games": 4_000, "turns": 4, "seed": 29}


def in_parallel(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls at once (a barrier releases them together); each thread its own connection."""
    barrier, out = threading.Barrier(len(calls)), [None] * len(calls)

    def one(i: int) -> None:
        try:
            barrier.wait()
            out[i] = calls[i]()
        except Exception as exc:  # noqa: BLE001 - reported, the test decides
            out[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def deck() -> str:
    names = Card.objects.filter(game="eliria", type="combat", current__cross=False).values_list("name", flat=True)
    return "\n".join(sorted(set(names))[:25])


def submit(owner: Any, client: str) -> Callable[[], Any]:
    return lambda: queued_goldfish(game="eliria", text=deck(), owner=owner, client=client, watch=[], **GOLDFISH)


def outcomes(results: list[Any]) -> dict[str, Any]:
    return {
        "accepted": sum(isinstance(r, SimulationRun) for r in results),
        "refused": sorted({r.status for r in results if isinstance(r, RunLimitError)}),
        "errors": [repr(r) for r in results if isinstance(r, Exception) and not isinstance(r, RunLimitError)],
        "active_rows": SimulationRun.objects.filter(status__in=SimulationRun.ACTIVE).count(),
    }


def quota_user() -> dict[str, Any]:
    user, _ = User.objects.get_or_create(username="racer")
    return outcomes(in_parallel([submit(user, f"10.0.0.{i}") for i in range(PARALLEL)]))


def quota_address() -> dict[str, Any]:
    users = [User.objects.get_or_create(username=f"neighbour{i}")[0] for i in range(PARALLEL)]
    return outcomes(in_parallel([submit(u, "10.9.9.9") for u in users]))


def chunk_twice() -> dict[str, Any]:
    """The same chunk played by two workers at once, then a stale attempt writing late."""
    run = queued_goldfish(game="eliria", text=deck(), watch=[], client="10.1.1.1", **GOLDFISH)
    both = in_parallel([lambda: execute_chunk(run.pk, 0, "w1"), lambda: execute_chunk(run.pk, 0, "w2")])
    stale = claim(run.pk, 1, "stale")  # attempt 1 of chunk 1: then its worker stalls past the lease
    assert stale is not None
    SimulationChunk.objects.filter(pk=stale.pk).update(lease_until=stale.lease_until.replace(year=2000))
    fresh = execute_chunk(run.pk, 1, "fresh")  # attempt 2 takes it over and plays it
    late = chunk_commit(stale, _full_tally(stale), stale.size)  # the stale attempt wakes up and writes
    rest = [execute_chunk(run.pk, i, "w1") for i in range(2, run.chunks_total)]
    run.refresh_from_db()
    chunks = list(run.chunks.values("index", "attempts", "done", "start", "stop", "status"))
    serial = goldfish_answer(game="eliria", text=deck(), **GOLDFISH)
    return {
        "both": sorted(str(x) for x in both), "fresh": fresh, "late": late, "rest": sorted(set(rest)),
        "status": run.status, "done": run.done, "total": run.total, "chunks": chunks,
        "serial_equal": run.result_json == json.dumps(serial, ensure_ascii=False, separators=(",", ":")),
    }


def _full_tally(chunk: SimulationChunk) -> Any:
    from play.runs.jobs import job_for

    job = job_for(chunk.run)
    return job.play(chunk.start, chunk.stop, None)[0]


LONG = {"games": 100_000, "turns": 10, "seed": 31}
# One chunk of several seconds (CHUNK_SECONDS=100: no chunk under 10 s) on the compiled engine too:
# bench/goldfish.py's deck of 40 bundled cards with effects, 30 turns (about 10 s of one core; the
# deck of plain cards took 3 s).
SLOW_RUN = {"games": 100_000, "turns": 30, "seed": 31}


def effect_deck() -> str:
    from bench.goldfish import EFFECT_CODES

    return "\n".join(f"1 {name} ({code})" for code, name in
                     Card.objects.filter(game="eliria", code__in=EFFECT_CODES).values_list("code", "name"))


def _long_chunk() -> tuple[SimulationRun, threading.Thread, dict[str, Any]]:
    """A worker thread playing chunk 0 of a long run; returns once it has reported progress."""
    run = queued_goldfish(game="eliria", text=effect_deck(), watch=[], client="10.2.2.2", **SLOW_RUN)
    box: dict[str, Any] = {}

    def play() -> None:
        try:
            box["outcome"] = execute_chunk(run.pk, 0, "slow")
        finally:
            connection.close()

    thread = threading.Thread(target=play)
    thread.start()
    # Until the heartbeat reports games played (about once a second), as long as the worker plays:
    # no deadline of its own, the chunk's own end bounds the wait.
    while thread.is_alive() and not SimulationChunk.objects.filter(run=run, index=0, done__gt=0).exists():
        time.sleep(0.05)
    return run, thread, box


def _unplayed(run: SimulationRun) -> int:
    """The games of chunk 0 its worker left unplayed: more than none when it stopped mid-chunk (a
    cancel or a lost lease seen at the next slice), not at the chunk's end."""
    chunk = SimulationChunk.objects.get(run=run, index=0)
    return chunk.stop - chunk.start - chunk.done


def _games_slowed(seconds_per_game: float) -> None:
    """Every game of a goldfish chunk takes at least *seconds_per_game* (the engine plays it, then
    the chunk waits): a chunk longer than the lease on any machine. Its length came from the engine
    alone before (SLOW_RUN, about 10 s of one core), and a faster machine played it in under the
    2.5 leases this scenario watches it for."""
    import play.goldfish.services as jobs  # GoldfishJob's home: its chunks call run_range there

    real = jobs.run_range

    def slowed(sim: Any, seed: int, start: int, stop: int, *args: Any, **kwargs: Any) -> Any:
        tally = real(sim, seed, start, stop, *args, **kwargs)
        time.sleep(seconds_per_game * (stop - start))
        return tally

    jobs.run_range = slowed  # type: ignore[assignment]


def slow() -> dict[str, Any]:
    """Leases and cancellation while a chunk plays for longer than the lease (SIMULATION_LEASE=2)."""
    out: dict[str, Any] = {}
    _games_slowed(0.0003)  # 100,000 games: at least 30 s, against the 5 s watched below
    run, thread, box = _long_chunk()  # 1. nobody can take a chunk whose worker is alive
    stolen = 0
    for _ in range(int(2.5 * settings.SIMULATION_LEASE / 0.25)):  # at least 2.5 leases of pauses, counted
        if not thread.is_alive():
            break
        stolen += claim(run.pk, 0, "thief") is not None
        time.sleep(0.25)
    alive = thread.is_alive()
    run_cancel(run)
    thread.join()
    out["held"] = {"alive": alive, "stolen": stolen,
                   "attempts": SimulationChunk.objects.get(run=run, index=0).attempts}
    run, thread, box = _long_chunk()  # 2. a cancel is seen mid-chunk
    run_cancel(run)
    thread.join()
    out["cancel"] = {"outcome": box["outcome"], "unplayed": _unplayed(run)}
    run, thread, box = _long_chunk()  # 3. a worker whose lease was taken over stops playing
    SimulationChunk.objects.filter(run=run, index=0).update(lease_until=SimulationChunk.objects.get(
        run=run, index=0).lease_until.replace(year=2000))  # as if it had been stopped past its lease
    thief = claim(run.pk, 0, "thief")
    thread.join()
    out["lost"] = {"outcome": box["outcome"], "unplayed": _unplayed(run), "taken": thief is not None,
                   "holder": SimulationChunk.objects.get(run=run, index=0).worker}
    return out


def broker_down() -> dict[str, Any]:
    """REDIS_URL names a port where nothing listens: the broker (and the cache) are down."""
    from rest_framework.test import APIClient

    user, _ = User.objects.get_or_create(username="unlucky")
    client = APIClient()
    client.force_authenticate(user)
    body = {"game": "eliria", "list": deck(), "games": 100_000, "turns": 10, "seed": 3}
    r = client.post("/api/goldfish/", body, format="json")
    try:
        queued_goldfish(game="eliria", text=deck(), owner=user, watch=[], **LONG)
        raised = None
    except QueueUnavailable as exc:
        raised = {"status": exc.status, "retry_after": exc.retry_after}
    return {"status": r.status_code, "retry_after": r.get("Retry-After"), "detail": r.json().get("detail", ""),
            "raised": raised, "runs": SimulationRun.objects.count(), "chunks": SimulationChunk.objects.count()}


def broker_hung() -> dict[str, Any]:
    """REDIS_URL names a Redis the test has frozen (SIGSTOP): two submissions through the API, and
    how many answers each waited for in vain (redis-py reads that timed out)."""
    import redis.connection
    from rest_framework.test import APIClient

    timeouts = [0]
    original = redis.connection.AbstractConnection.read_response

    def read_response(conn: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return original(conn, *args, **kwargs)
        except redis.exceptions.TimeoutError:
            timeouts[0] += 1
            raise

    redis.connection.AbstractConnection.read_response = read_response  # type: ignore[method-assign]
    from common import breaker

    breaker.clock = lambda: 1000.0  # held still: the second submission comes within the breaker's period
    user, _ = User.objects.get_or_create(username="unlucky")
    client = APIClient()
    client.force_authenticate(user)
    body = {"game": "eliria", "list": deck(), "games": 100_000, "turns": 10, "seed": 3}
    answers = []
    for _ in range(2):
        timeouts[0] = 0
        r = client.post("/api/goldfish/", body, format="json")
        answers.append({"status": r.status_code, "retry_after": r.get("Retry-After"), "timeouts": timeouts[0]})
    return {"answers": answers, "runs": SimulationRun.objects.count()}


def submit_and_wait() -> dict[str, Any]:
    """A small run submitted now, and what became of it once a worker played it (polled, not timed)."""
    run = queued_goldfish(game="eliria", text=deck(), watch=[], client="10.3.3.3", **GOLDFISH)
    for _ in range(600):  # polls, not a deadline: at least two minutes of pauses before giving up
        run.refresh_from_db()
        if not run.active:
            break
        time.sleep(0.2)
    return {"status": run.status, "done": run.done, "error": run.error}


def fair_share() -> dict[str, Any]:
    """Ana queues three runs, then Bruno a small one; two real workers (``sim_worker --burst``, the
    queue of settings.TASKS) play them all. Which player each chunk went to, in the order begun, and
    when each began and ended (the workers' own clocks, one machine)."""
    import subprocess

    ana, _ = User.objects.get_or_create(username="fair-ana")
    bruno, _ = User.objects.get_or_create(username="fair-bruno")
    runs = [queued_goldfish(game="eliria", text=deck(), owner=ana, watch=[], **{**GOLDFISH, "seed": s})
            for s in (1, 2, 3)]
    runs.append(queued_goldfish(game="eliria", text=deck(), owner=bruno, watch=[], games=300, turns=4, seed=4))
    root = Path(__file__).resolve().parents[2]
    workers = [subprocess.Popen([sys.executable, "manage.py", "sim_worker", "--burst", "--nice", "0"], cwd=root,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(2)]
    logs = [w.communicate()[1].decode() for w in workers]  # burst workers end once the queue is empty
    errors = [log[-1500:] for w, log in zip(workers, logs, strict=True) if w.returncode != 0]
    if os.environ.get("FAIR_SHARE_LOG"):
        Path(os.environ["FAIR_SHARE_LOG"]).write_text("\n=====\n".join(logs))
    chunks = SimulationChunk.objects.filter(run__in=runs).order_by("claimed", "pk")
    if os.environ.get("FAIR_SHARE_LOG") and not os.environ.get("REDIS_URL"):
        from collections import Counter

        from django_tasks_db.models import DBTaskResult

        tasks = Counter((r.status, str(r.return_value), r.exception_class_path) for r in DBTaskResult.objects.all())
        Path(os.environ["FAIR_SHARE_LOG"] + ".tasks").write_text(repr(tasks) + "\n" + "\n".join(
            r.traceback for r in DBTaskResult.objects.exclude(traceback="")[:2]))
    return {"owners": [c.run.owner.username for c in chunks.select_related("run__owner")],
            "spans": [[c.run.owner.username, c.claimed.isoformat(), c.finished.isoformat() if c.finished else None]
                      for c in chunks.select_related("run__owner")],
            "status": [SimulationRun.objects.get(pk=r.pk).status for r in runs], "errors": errors,
            "left": [{**c, "run_id": str(c["run_id"])} for c in chunks.exclude(status="done")
                     .values("run_id", "index", "status", "attempts", "worker").order_by("pk")]}


if __name__ == "__main__":
    SimulationRun.objects.all().delete()
    scenarios = {f.__name__: f for f in (quota_user, quota_address, chunk_twice, slow, broker_down, broker_hung,
                                         submit_and_wait, fair_share)}
    print(json.dumps(scenarios[sys.argv[1]]()))
