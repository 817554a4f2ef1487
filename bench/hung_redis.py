"""A Redis that hangs (SIGSTOP: silent, not refusing) under a real gunicorn: what a page, the
search API and /healthz take while it is frozen, and after it thaws (attack finding R4).

    python bench/hung_redis.py [--requests 10]

Starts a redis-server of its own and a site as the attack tests do (tests/security/live.py:
gunicorn, production settings, SQLite, REDIS_URL), warms the pages, freezes Redis, times each
request one after the other, thaws it and times them again. Before the circuit breaker
(common.breaker) every request waited the 2 s socket timeout once per cache call (8.1 s a page);
with it, the first request of each gunicorn worker waits one timeout and the rest none, until
CACHE_BREAKER_SECONDS pass and one request tries Redis again.

Measured on the 2-core machine (2026-12-03, 10 rounds frozen): without the breaker (Django's
RedisCache) every frozen request took its timeouts — the card list 4.0 s, the search API 8.0 s,
/healthz 4.0 s, median and worst alike; with it, one request per gunicorn worker waited 2.0 s and the
median was 19 ms, 10 ms and 2 ms; thawed, 2-3 ms again.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.security.live import free_port, start  # noqa: E402

PATHS = ("/cartas/", "/api/cards/?q=lobo", "/healthz")


def _redis(folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
                               "--save", "", "--appendonly", "no"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return server, port
        time.sleep(0.05)
    raise SystemExit("redis-server did not start")


def _times(site, n: int) -> dict[str, list[float]]:  # type: ignore[no-untyped-def]
    out: dict[str, list[float]] = {p: [] for p in PATHS}
    for _ in range(n):
        for path in PATHS:
            began = time.perf_counter()
            site.request("GET", path, timeout=60)
            out[path].append(time.perf_counter() - began)
    return out


def _say(label: str, times: dict[str, list[float]]) -> None:
    for path, seconds in times.items():
        print(f"{label:8} {path:22} first {seconds[0] * 1000:7.0f} ms  median {statistics.median(seconds) * 1000:6.0f} ms"
              f"  worst {max(seconds) * 1000:7.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        redis, port = _redis(Path(folder))
        os.environ.pop("DATABASE_URL", None)
        (Path(folder) / "site").mkdir()
        site = start(Path(folder) / "site", REDIS_URL=f"redis://127.0.0.1:{port}/0")
        try:
            _say("warm", _times(site, 3))
            redis.send_signal(signal.SIGSTOP)
            _say("frozen", _times(site, args.requests))
            redis.send_signal(signal.SIGCONT)
            time.sleep(5.5)  # CACHE_BREAKER_SECONDS
            _say("thawed", _times(site, args.requests))
        finally:
            redis.send_signal(signal.SIGCONT)
            site.stop()
            redis.terminate()
            redis.wait(10)


if __name__ == "__main__":
    main()
