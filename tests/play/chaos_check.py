"""Driver of scripts/chaos.sh: runs under faults on the small cluster (PostgreSQL, Redis, server A
under supervisord with two supervised workers, server B beside it).

While runs play it SIGKILLs a busy worker, stops Redis and starts it again (a submission during the
outage must answer 503 with Retry-After and queue nothing), SIGSTOPs a busy worker for longer than
the lease and lets it go on, cancels a run mid-slice, and fires 10 parallel submissions at one
player's quota. Then it checks that every run ended `done` with every game, each chunk counted once
and the bytes of a serial run of the same seed — or `failed`/`cancelled` with a reason — and that
the workers are alive and take new work. Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eliria_site.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db.models import F, Max  # noqa: E402

from play.goldfish.services import goldfish_answer  # noqa: E402
from play.matchups.services import matchup_run  # noqa: E402
from play.models import SimulationChunk, SimulationRun  # noqa: E402
from tests.play.cluster_common import compact, deck_lists, wait_up  # noqa: E402

A, B = os.environ["CHAOS_A"], os.environ["CHAOS_B"]
# One player per part of the story, so that no part meets another's quota; QUOTA is the one raced.
PLAYERS = dict(zip(("first", "second", "third", "quota"), os.environ["CHAOS_TOKENS"].split(), strict=True))
TOKEN, QUOTA_TOKEN = PLAYERS["first"], PLAYERS["quota"]
STARTED = time.monotonic()
OWNERS: dict[str, str] = {}  # run id -> its player's token (a run answers to its owner only)
REDIS_PORT, REDIS_DIR = os.environ["CHAOS_REDIS_PORT"], os.environ["CHAOS_REDIS_DIR"]
SUPERVISOR = [sys.executable, "-m", "supervisor.supervisorctl", "-c", "scripts/supervisord.conf"]
GOLDFISH = {"game": "eliria", "games": 6_000, "turns": 6, "seed": 20261201}
GOLDFISH_2 = {"game": "eliria", "games": 3_000, "turns": 6, "seed": 20261202}
MATCHUP = {"game": "eliria", "games": 240, "seed": 20261203}
BIG = {"game": "eliria", "games": 100_000, "turns": 10, "seed": 20261204}  # cancelled mid-slice


def say(text: str) -> None:
    print(f"chaos: [{time.monotonic() - STARTED:5.1f} s] {text}", flush=True)


def call(base: str, path: str, body: dict[str, Any] | None = None, token: str = TOKEN) -> tuple[int, Any, Any]:
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode())  # noqa: S310 - loopback URLs from chaos.sh
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310
            return response.status, json.loads(response.read()), response.headers
    except urllib.error.HTTPError as exc:
        text = exc.read().decode()
        try:
            return exc.code, json.loads(text), exc.headers
        except ValueError:
            return exc.code, text[:300], exc.headers


def submit(path: str, body: dict[str, Any], token: str = TOKEN) -> str:
    code, answer, _ = call(A, path, body, token)
    assert code == 202, (code, answer)
    OWNERS[str(answer["id"])] = token
    return str(answer["id"])


def supervised_workers() -> dict[str, int]:
    out = subprocess.run([*SUPERVISOR, "status"], capture_output=True, text=True, check=False).stdout
    pids = {}
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0].startswith("sim_worker:") and "RUNNING" in parts and "pid" in parts:
            pids[parts[0]] = int(parts[parts.index("pid") + 1].rstrip(","))
    return pids


def busy_worker(run_ids: list[str], seconds: float = 40) -> tuple[int, SimulationChunk]:
    """The pid of a supervised worker playing a chunk of these runs now (not at its very end).

    A chunk of a small run plays for a tenth of a second or so: the database is read every 10 ms,
    and supervisorctl (a process of its own, slower than a chunk) only when a worker is new to us."""
    limit = time.monotonic() + seconds
    mine = set(supervised_workers().values())
    asked = time.monotonic()
    while time.monotonic() < limit:
        for chunk in SimulationChunk.objects.filter(run_id__in=run_ids, status="running",
                                                      done__lt=F("stop") - F("start")):
            pid = int(chunk.worker.rsplit(":", 1)[1])
            if pid not in mine and time.monotonic() - asked > 0.5:  # a worker supervisord started again
                mine, asked = set(supervised_workers().values()), time.monotonic()
            if pid in mine:
                return pid, chunk
        time.sleep(0.01)
    sys.exit(f"no supervised worker was seen playing a chunk of {run_ids} in {seconds:.0f} s: "
             f"{list(SimulationChunk.objects.filter(run_id__in=run_ids).values_list('index', 'status', 'done', 'worker'))}")


def redis(command: str) -> None:
    if command == "stop":
        subprocess.run(["redis-cli", "-p", REDIS_PORT, "shutdown", "nosave"], capture_output=True, check=False)
        return
    subprocess.run(["redis-server", "--port", REDIS_PORT, "--bind", "127.0.0.1", "--dir", REDIS_DIR, "--save", "",
                    "--appendonly", "no", "--maxmemory", "256mb", "--maxmemory-policy", "volatile-lru",
                    "--daemonize", "yes", "--pidfile", f"{REDIS_DIR}/redis.pid", "--logfile", f"{REDIS_DIR}/log"],
                   check=True, capture_output=True)
    for _ in range(50):
        if subprocess.run(["redis-cli", "-p", REDIS_PORT, "ping"], capture_output=True, check=False).returncode == 0:
            return
        time.sleep(0.1)
    sys.exit("redis did not come back")


def kill_a_busy_worker(runs: list[str]) -> None:
    pid, chunk = busy_worker(runs)
    os.kill(pid, signal.SIGKILL)
    say(f"SIGKILL worker {pid} in chunk {chunk.index} of {chunk.run_id} ({chunk.done}/{chunk.size} games)")


def redis_outage(list_a: str) -> None:
    """Redis away for a while: a submission answers 503 and leaves nothing; then Redis is back."""
    before = SimulationRun.objects.count()
    redis("stop")
    time.sleep(1)
    code, answer, headers = call(A, "/api/goldfish/", {**GOLDFISH, "seed": 7, "list": list_a}, QUOTA_TOKEN)
    assert code == 503, (code, answer)
    assert headers.get("Retry-After", "").isdigit(), dict(headers)
    assert SimulationRun.objects.count() == before, "a submission during the outage left a run"
    time.sleep(5)
    redis("start")
    say(f"Redis stopped for ~6 s (submission meanwhile: 503, Retry-After {headers['Retry-After']}, nothing queued)")


def stop_a_busy_worker(runs: list[str]) -> None:
    """SIGSTOP a worker mid-chunk for longer than the lease; its chunk is played by another
    attempt, and when it wakes up it writes nothing and stops playing."""
    pid, chunk = busy_worker(runs)
    os.kill(pid, signal.SIGSTOP)
    time.sleep(settings.SIMULATION_LEASE + 3)
    os.kill(pid, signal.SIGCONT)
    say(f"SIGSTOP worker {pid} for {settings.SIMULATION_LEASE + 3} s in chunk {chunk.index}, then SIGCONT")


def played_by_chunk(run_id: str) -> list[int]:
    """Games played so far in each chunk of a run, in chunk order."""
    return list(SimulationChunk.objects.filter(run_id=run_id).order_by("index").values_list("done", flat=True))


def cancel_mid_slice(list_a: str) -> str:
    run_id = submit("/api/goldfish/", {**BIG, "list": list_a}, PLAYERS["third"])
    limit = time.monotonic() + 60
    while not SimulationChunk.objects.filter(run_id=run_id, status="running").exists():  # a chunk in play
        assert time.monotonic() < limit, "no worker started the run to cancel"
        time.sleep(0.05)
    code, answer, _ = call(B, f"/api/runs/{run_id}/cancel/", {}, PLAYERS["third"])
    asked = SimulationRun.objects.get(pk=run_id).finished
    assert code == 200 and answer["status"] == "cancelled", (code, answer)
    time.sleep(4)
    # Nothing plays it any more: its chunks' games stop growing, whoever held them, and it stays cancelled.
    first = played_by_chunk(run_id)
    time.sleep(1)
    assert played_by_chunk(run_id) == first, "a cancelled run's chunks still grow"
    assert SimulationRun.objects.get(pk=run_id).status == "cancelled"
    # Every worker on it stopped renewing its lease within 2 s of the cancel (the heartbeat saw it).
    renewed = SimulationChunk.objects.filter(run_id=run_id).aggregate(m=Max("lease_until"))["m"]
    assert asked is not None
    if renewed is None:  # every chunk had landed or been let go: nobody holds a lease on it
        say(f"cancelled a run mid-slice: no lease held, its chunks stopped at {sum(first)} games")
        return run_id
    last_beat = renewed - timedelta(seconds=settings.SIMULATION_LEASE)
    assert last_beat <= asked + timedelta(seconds=2.5), (last_beat, asked)
    say(f"cancelled a run mid-slice: its workers' last heartbeat {(last_beat - asked).total_seconds():+.1f} s from the cancel")
    return run_id


def quota_storm(list_a: str) -> list[str]:
    """10 parallel submissions from one player: at most SIMULATION_MAX_ACTIVE_PER_USER accepted."""
    codes: list[tuple[int, Any]] = []
    barrier = threading.Barrier(10)

    def one(i: int) -> None:
        barrier.wait()
        code, answer, _ = call(A if i % 2 else B, "/api/goldfish/", {**BIG, "seed": 100 + i, "list": list_a},
                               QUOTA_TOKEN)
        codes.append((code, answer))

    threads = [threading.Thread(target=one, args=(i,)) for i in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    accepted = [str(a["id"]) for c, a in codes if c == 202]
    OWNERS.update(dict.fromkeys(accepted, QUOTA_TOKEN))
    limit = settings.SIMULATION_MAX_ACTIVE_PER_USER
    assert len(accepted) <= limit and all(c in (202, 429) for c, _ in codes), sorted(c for c, _ in codes)
    for run_id in accepted:  # they have made their point: free the workers
        call(B, f"/api/runs/{run_id}/cancel/", {}, QUOTA_TOKEN)
    say(f"10 parallel submissions at a quota of {limit}: {len(accepted)} accepted, the rest 429")
    return accepted


def wait_for(run_ids: list[str], seconds: float = 150) -> dict[str, Any]:
    answers: dict[str, Any] = {}
    limit = time.monotonic() + seconds
    while len(answers) < len(run_ids) and time.monotonic() < limit:
        for run_id in run_ids:
            code, body, _ = call(B, f"/api/runs/{run_id}/", token=OWNERS[run_id])
            assert code == 200, (code, body)
            if body["status"] not in ("queued", "running"):
                answers[run_id] = body
        time.sleep(0.5)
    missing = [r for r in run_ids if r not in answers]
    assert not missing, f"runs still in progress: {missing}"
    return answers


def check_whole(run_id: str, body: dict[str, Any], serial: Any) -> None:
    """Done with every game, each chunk once, and the bytes of the serial run."""
    assert body["status"] == "done", (run_id, body["status"], body["error"])
    run = SimulationRun.objects.get(pk=run_id)
    chunks = list(run.chunks.all())
    assert run.done == run.total and all(c.status == "done" and c.done == c.size for c in chunks), run_id
    assert sum(c.done for c in chunks) == run.total, f"{run_id}: a chunk counted twice"
    assert compact(body["result"]) == compact(json.loads(compact(serial))), f"{run_id} differs from a serial run"


def check_ended(answers: dict[str, Any]) -> None:
    for body in answers.values():
        if body["status"] != "done":
            assert body["status"] in ("failed", "cancelled") and body["error"] and body["result"] is None, body


def workers_alive_and_working(list_a: str) -> None:
    limit = time.monotonic() + 30
    while len(supervised_workers()) < 2 and time.monotonic() < limit:
        time.sleep(0.5)
    pids = supervised_workers()
    assert len(pids) == 2, pids
    run_id = submit("/api/goldfish/", {**GOLDFISH_2, "list": list_a}, PLAYERS["third"])  # the same request as gold_2
    body = wait_for([run_id], 90)[run_id]
    check_whole(run_id, body, goldfish_answer(text=list_a, **GOLDFISH_2))
    say(f"workers alive afterwards ({', '.join(map(str, sorted(pids.values())))}) and playing new runs")


def main() -> int:
    wait_up(A, B, tries=150)
    began = time.monotonic()
    list_a, list_b = deck_lists()
    gold = submit("/api/goldfish/", {**GOLDFISH, "list": list_a})
    match = submit("/api/matchups/", {**MATCHUP, "deck_a": list_a, "deck_b": list_b})
    say(f"goldfish {gold} in {SimulationRun.objects.get(pk=gold).chunks_total} chunks, "
        f"matchup {match} in {SimulationRun.objects.get(pk=match).chunks_total}")
    kill_a_busy_worker([gold, match])
    gold_2 = submit("/api/goldfish/", {**GOLDFISH_2, "list": list_a}, PLAYERS["second"])  # its messages die with Redis
    redis_outage(list_a)
    gold_3 = submit("/api/goldfish/", {**GOLDFISH, "list": list_a}, PLAYERS["second"])  # the same request as gold
    stop_a_busy_worker([gold_3])
    cancelled = cancel_mid_slice(list_a)
    storm = quota_storm(list_a)
    answers = wait_for([gold, match, gold_2, gold_3, cancelled, *storm])
    check_ended(answers)
    serial = goldfish_answer(text=list_a, **GOLDFISH)
    for run_id in (gold, gold_3):
        check_whole(run_id, answers[run_id], serial)
    check_whole(gold_2, answers[gold_2], goldfish_answer(text=list_a, **GOLDFISH_2))
    check_whole(match, answers[match], matchup_run(list_a=list_a, list_b=list_b, **MATCHUP))
    assert answers[cancelled]["status"] == "cancelled"
    retried = SimulationChunk.objects.filter(run_id__in=[gold, match, gold_2, gold_3], attempts__gte=2).count()
    resent = SimulationChunk.objects.filter(run_id=gold_2, enqueued__gt=F("run__created") + timedelta(seconds=2)).count()
    say(f"every run whole and equal to a serial run, or ended with a reason ({retried} chunks retried, "
        f"{resent} of the run queued before the outage sent again)")
    workers_alive_and_working(list_a)
    say(f"done in {time.monotonic() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
