"""Races on a real database (a file SQLite database in WAL mode, or a fresh PostgreSQL database
when the suite runs on PostgreSQL): parallel submissions never pass a quota (issue 21: 4 runs were
accepted against 3, 7 against 6), and a chunk played twice — at once, or by a stale attempt that
writes late — is counted once. The races run in threads of tests/play/race_harness.py."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def race_env(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A fresh, migrated database with the bundled catalogue; the queue in that database too."""
    tmp = tmp_path_factory.mktemp("races")
    url = os.environ.get("DATABASE_URL", "")
    name = None
    if url.startswith("postgres"):
        import psycopg

        name = f"races_{uuid.uuid4().hex[:8]}"
        admin = url.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        url = url.rsplit("/", 1)[0] + f"/{name}"
    else:
        url = f"sqlite:///{tmp / 'races.sqlite3'}"
    drop = {"DJANGO_ALLOW_ASYNC_UNSAFE", "REDIS_URL", "TASKS_BACKEND"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(DATABASE_URL=url, MEDIA_ROOT=str(tmp / "media"), CACHE_DIR=str(tmp / "cache"),
               SIMULATION_CHUNK_SECONDS="0.01", SIMULATION_MAX_ACTIVE_PER_USER="3",
               SIMULATION_MAX_ACTIVE_PER_ADDRESS="6", SIMULATION_MAX_QUEUED="200")
    for command in (["migrate", "-v0"], ["load_bundled"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True,
                       capture_output=True, timeout=300)
    yield env
    if name:
        import psycopg

        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def race(env: dict[str, str], scenario: str, **more: str) -> dict[str, Any]:
    out = subprocess.run([sys.executable, str(ROOT / "tests" / "play" / "race_harness.py"), scenario], cwd=ROOT,
                         env={**env, **more}, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_parallel_submissions_from_one_player_never_pass_the_player_quota(race_env):
    got = race(race_env, "quota_user")
    assert got["errors"] == []
    assert got["accepted"] == 3 and got["active_rows"] == 3 and got["refused"] == [429]


def test_parallel_submissions_from_one_address_never_pass_the_address_quota(race_env):
    got = race(race_env, "quota_address")
    assert got["errors"] == []
    assert got["accepted"] == 6 and got["active_rows"] == 6 and got["refused"] == [429]


def test_a_chunk_played_twice_at_once_or_by_a_stale_attempt_is_counted_once(race_env):
    got = race(race_env, "chunk_twice")
    # Two workers on one chunk: one plays it. The other is turned away at its claim ("skipped"), or,
    # on a loaded machine where the first one's lease lapsed before it renewed, it takes the chunk
    # over and the first one's write is refused ("lost"): either way exactly one write counts.
    both = sorted(got["both"])
    assert both in (["done", "skipped"], ["done", "lost"]), got["both"]
    assert got["fresh"] == "done" and got["late"] == "lost"  # the stale attempt's write is refused
    assert got["status"] == "done" and got["done"] == got["total"] == 4_000 and got["serial_equal"]
    chunks = {c["index"]: c for c in got["chunks"]}
    # chunk 0 is claimed once, or twice when the second worker took it over after the lease lapsed
    assert chunks[0]["attempts"] == (1 if both == ["done", "skipped"] else 2)
    assert chunks[1]["attempts"] == 2
    assert all(c["status"] == "done" and c["done"] == c["stop"] - c["start"] for c in chunks.values())
    assert sum(c["done"] for c in chunks.values()) == 4_000  # no chunk counted twice


def test_the_lease_holds_for_a_chunk_longer_than_the_lease_and_a_cancel_or_lost_lease_stops_it_mid_chunk(race_env):
    got = race(race_env, "slow", SIMULATION_LEASE="2", SIMULATION_CHUNK_SECONDS="100")
    held = got["held"]  # watched for 2.5 leases while it played: never taken, one attempt
    assert held["alive"] and held["stolen"] == 0 and held["attempts"] == 1
    # Counts, not seconds: each stops at its next slice, leaving most of the long chunk unplayed.
    assert got["cancel"]["outcome"] == "cancelled" and got["cancel"]["unplayed"] > 0
    lost = got["lost"]
    assert lost["taken"] and lost["holder"] == "thief"
    assert lost["outcome"] == "lost" and lost["unplayed"] > 0  # it stops playing, it writes nothing


@pytest.mark.parametrize("queue", ["database", "rq"])
def test_two_workers_share_their_turns_between_two_players(race_env, queue):
    # issue 38 R13: first come, first served played Bruno's small run after all of Ana's chunks.
    more = {"SIMULATION_MAX_ACTIVE_PER_USER": "4", "FAIR_SHARE_LOG": os.environ.get("FAIR_SHARE_LOG", "")}
    if queue == "rq":  # the PostgreSQL + Redis leg's Redis (scripts/with_redis.sh)
        if not os.environ.get("REDIS_URL"):
            pytest.skip("RQ needs the Redis of scripts/with_redis.sh")
        more["REDIS_URL"] = os.environ["REDIS_URL"]
    got = race(race_env, "fair_share", **more)
    assert got["errors"] == [] and got["status"] == ["done"] * 4, got["left"]
    owners = got["owners"]
    theirs = owners.count("fair-bruno")
    assert 1 <= theirs < owners.count("fair-ana") / 3
    # Each free worker's turn goes to the player holding fewer workers, then to the one served
    # longest ago (round robin when both hold none). So Ana begins a chunk while Bruno waits with no
    # worker only at the start (her run came first) and between two of his chunks: at most one of hers
    # per chunk of his (one more of slack), where first come, first served gave her 42 of 46. A worker
    # slowed while it plays Bruno's chunk (a busy machine: the CI run of stop 41) lets the other play
    # Ana's chunks meanwhile, which is the fair share: so the count reads the chunks' spans (began,
    # ended), not their positions.
    spans = [(who, datetime.fromisoformat(a), datetime.fromisoformat(b)) for who, a, b in got["spans"]]
    his = [(a, b) for who, a, b in spans if who == "fair-bruno"]
    unserved = [a for who, a, _ in spans if who == "fair-ana" and any(a < b0 for b0, _ in his)
                and not any(b0 <= a < b1 for b0, b1 in his)]
    assert len(unserved) <= theirs + 1, (owners, got["spans"])


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_submitting_while_the_broker_is_down_answers_503_with_retry_after_and_queues_nothing(race_env):
    got = race(race_env, "broker_down", REDIS_URL=f"redis://127.0.0.1:{_closed_port()}/0")
    assert got["status"] == 503 and got["retry_after"] == "15" and "cola" in got["detail"]
    assert got["raised"] == {"status": 503, "retry_after": 15}
    assert got["runs"] == 0 and got["chunks"] == 0  # no run left holding the player's quota


def _redis(port: int, folder: Path) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
                               "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    for _ in range(100):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return server
        time.sleep(0.05)
    raise AssertionError(f"redis-server did not listen on {port}")


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs Debian's redis-server")
def test_submitting_while_redis_hangs_waits_one_timeout_then_none_and_queues_nothing(race_env, tmp_path):
    """Attack finding R4: a frozen Redis (SIGSTOP) made a submission wait a timeout per cache call
    and the queue's send for ever; the first now waits one timeout, the next none (common.breaker)."""
    port = _closed_port()
    server = _redis(port, tmp_path)
    server.send_signal(signal.SIGSTOP)
    try:
        out = subprocess.run([sys.executable, str(ROOT / "tests" / "play" / "race_harness.py"), "broker_hung"],
                             cwd=ROOT, capture_output=True, text=True, timeout=120,
                             env={**race_env, "REDIS_URL": f"redis://127.0.0.1:{port}/0", "CACHE_BREAKER_SECONDS": "60"})
    finally:
        server.send_signal(signal.SIGCONT)
        server.terminate()
        server.wait(10)
    assert out.returncode == 0, out.stderr[-3000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["answers"] == [{"status": 503, "retry_after": "15", "timeouts": 1},
                              {"status": 503, "retry_after": "15", "timeouts": 0}]
    assert got["runs"] == 0


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs Debian's redis-server")
def test_sim_worker_survives_a_redis_restart_and_takes_new_work(race_env, tmp_path):
    port = _closed_port()
    env = {**race_env, "REDIS_URL": f"redis://127.0.0.1:{port}/0", "SIMULATION_REAP_INTERVAL": "1"}
    server = _redis(port, tmp_path)
    log = tmp_path / "worker.log"
    worker = subprocess.Popen([sys.executable, "manage.py", "sim_worker", "--nice", "0"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=log.open("wb"))
    try:
        time.sleep(3)  # connected and waiting for work
        server.terminate()
        server.wait(timeout=10)
        time.sleep(4)  # the broker is gone for a while: RQ quits its loop, the command does not
        assert worker.poll() is None, log.read_text()[-2000:]
        server = _redis(port, tmp_path)
        got = race(env, "submit_and_wait")
        assert got["status"] == "done" and got["done"] == 4_000, got
        worker.terminate()  # and it still stops when told to
        assert worker.wait(timeout=20) == 0
    finally:
        for process in (worker, server):
            if process.poll() is None:
                process.kill()
                process.wait()
