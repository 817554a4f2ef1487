"""Driver of scripts/cluster.sh: two app servers, two workers, PostgreSQL and Redis.

Submits a large goldfish run and a matchup run through server A's API, SIGKILLs the worker that
is playing a chunk, waits for both runs on server B and checks their answers against a serial run
of the same seed, byte for byte. Not collected by pytest (no test_ prefix); run by cluster.sh.
"""

from __future__ import annotations

import json
import os
import signal
import sys
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
from django.db.models import F  # noqa: E402
from django.utils import timezone  # noqa: E402

from play.goldfish.services import goldfish_answer  # noqa: E402
from play.matchups.services import matchup_run  # noqa: E402
from play.models import SimulationChunk  # noqa: E402
from tests.play.cluster_common import compact, deck_lists, wait_up  # noqa: E402

A, B, TOKEN = os.environ["CLUSTER_A"], os.environ["CLUSTER_B"], os.environ["CLUSTER_TOKEN"]
WORKERS = [int(p) for p in os.environ["CLUSTER_WORKERS"].split()]
# 30 turns: chunks of about half a second on the compiled engine (SIMULATION_CHUNK_SECONDS=0.5).
GOLDFISH = {"game": "eliria", "games": 40_000, "turns": 30, "seed": 20260411}
MATCHUP = {"game": "eliria", "games": 800, "seed": 20260511}


def call(base: str, path: str, body: dict[str, Any] | None = None, token: str | None = TOKEN) -> tuple[int, Any]:
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode())  # noqa: S310 - loopback URLs from cluster.sh
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()[:300]


def kill_a_busy_worker(run_id: str) -> int:
    """SIGKILL the worker holding a chunk of the run, while it plays it."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        # A chunk claimed in the last 150 ms (its lease is whole: renewals come about once a second),
        # so most of it is still to play when the signal lands. A chunk of the compiled engine plays in
        # well under a second, and one seen merely "running" could write its tally first (it did once).
        fresh = timezone.now() + timedelta(seconds=settings.SIMULATION_LEASE - 0.15)
        for chunk in SimulationChunk.objects.filter(run_id=run_id, status="running", lease_until__gte=fresh,
                                                      done__lt=F("stop") - F("start")):
            pid = int(chunk.worker.rsplit(":", 1)[1])
            if pid in WORKERS:
                os.kill(pid, signal.SIGKILL)
                print(f"cluster: SIGKILL worker {pid} in chunk {chunk.index} ({chunk.done}/{chunk.size} games)")
                return chunk.index
        time.sleep(0.02)
    sys.exit("no worker was seen playing a chunk")


def main() -> int:
    wait_up(A, B)
    list_a, list_b = deck_lists()
    code, gold = call(A, "/api/goldfish/", {**GOLDFISH, "list": list_a})
    assert code == 202, (code, gold)
    code, match = call(A, "/api/matchups/", {**MATCHUP, "deck_a": list_a, "deck_b": list_b})
    assert code == 202, (code, match)
    print(f"cluster: goldfish run in {len(gold['chunks'])} chunks, matchup run in {len(match['chunks'])} chunks (via A)")
    killed = kill_a_busy_worker(gold["id"])
    answers = {}
    deadline = time.monotonic() + 100
    while len(answers) < 2 and time.monotonic() < deadline:
        for run in (gold, match):
            code, body = call(B, f"/api/runs/{run['id']}/")
            assert code == 200, (code, body)
            assert body["status"] not in {"failed", "cancelled"}, body["error"]
            if body["status"] == "done":
                answers[run["id"]] = body
        time.sleep(0.5)
    assert len(answers) == 2, "runs did not finish in time"
    retried = SimulationChunk.objects.get(run_id=gold["id"], index=killed)
    assert retried.attempts >= 2 and retried.status == "done", (retried.attempts, retried.status)
    serial_gold = goldfish_answer(text=list_a, **GOLDFISH)
    serial_match = matchup_run(list_a=list_a, list_b=list_b, **MATCHUP)
    assert compact(answers[gold["id"]]["result"]) == compact(serial_gold), "goldfish differs from a serial run"
    assert compact(answers[match["id"]]["result"]) == compact(json.loads(compact(serial_match))), "matchup differs"
    code, _ = call(B, f"/api/runs/{gold['id']}/", token=None)
    assert code == 404, "a player's run was shown to an anonymous client"
    print(f"cluster: both runs done, read from B, equal to serial runs byte for byte (chunk {killed} retried)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
